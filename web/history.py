"""The last finished games kept on the device, export and import of records.

Each entry holds the game record of docs/design.md (what ``python -m engine
replay`` reads) and a few facts for the list. The loader is strict about the
list's shape and drops entries that are not exactly an entry; the record
itself is checked by the engine when it is opened.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from typing import Any

from engine import IllegalActionError, RecordError, ReplayError, replay_record, safejson
from engine.playable import PlayableGame
from engine.session import Session
from web import schema, storage
from web.i18n import Catalog
from web.storage import KeyValue

HISTORY_KEY = "bezique.history"
FORMAT = "bezique-history"
VERSION = 1
LIMIT = 50
ENTRY_KEYS = {"id", "finished", "variant", "level", "human", "undo", "imported", "won",
              "totals", "record"}


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def valid_entry(entry: Any) -> bool:
    if not isinstance(entry, dict) or set(entry) != ENTRY_KEYS:
        return False
    record = entry["record"]
    return (
        isinstance(entry["id"], str) and _int(entry["finished"])
        and isinstance(entry["variant"], str) and isinstance(entry["level"], str)
        and _int(entry["human"]) and entry["human"] >= 0
        and isinstance(entry["undo"], bool) and isinstance(entry["imported"], bool)
        and (entry["won"] is None or isinstance(entry["won"], bool))
        and isinstance(entry["totals"], list) and all(_int(t) for t in entry["totals"])
        and isinstance(record, dict) and isinstance(record.get("variant"), str)
        and isinstance(record.get("deals"), list)
    )


def parse(text: str | None) -> list[dict[str, Any]]:
    """The stored entries, newest first; [] for anything but a history list."""
    if not text:
        return []
    try:
        games = schema.check(HISTORY_KEY, text)
    except schema.Invalid:
        return []
    return [e for e in games if valid_entry(e)][:LIMIT]


def checked(data: Any) -> list[Any]:
    """The stored list (ValueError when it is not one: web.schema sets it aside)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError("not a history list")
    games = data.get("games")
    if not isinstance(games, list):
        raise ValueError("no list of games")
    return games


# Read through web.schema: depth-guarded JSON, a wrong value kept aside (newest 3).
ENTRY = schema.register(HISTORY_KEY, schema.Custom(checked))


def load(store: KeyValue) -> list[dict[str, Any]]:
    """The valid entries; when some are not, the original text is kept aside first."""
    games: list[Any] | None = schema.load(store, HISTORY_KEY).value
    if games is None:
        return []
    kept = [e for e in games if valid_entry(e)]
    if len(kept) != len(games):
        schema.keep_copy(store, HISTORY_KEY)
        save(store, kept)
    return kept[:LIMIT]


def encode(entries: list[dict[str, Any]]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "games": entries[:LIMIT]},
                      separators=(",", ":"), ensure_ascii=False)


def save(store: KeyValue, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Store the entries; when the browser's quota refuses, drop the oldest until it fits."""
    kept = list(entries[:LIMIT])
    while kept and not storage.set_text(store, HISTORY_KEY, encode(kept)):
        kept.pop()
    if not kept:
        storage.set_text(store, HISTORY_KEY, encode([]))
    return kept


def add(store: KeyValue, entry: dict[str, Any]) -> list[dict[str, Any]]:
    entries = [e for e in load(store) if e["id"] != entry["id"]]
    return save(store, [entry, *entries])


def make_entry(*, game_id: str, finished: int, record: dict[str, Any], level: str, human: int,
               undo: bool, won: bool | None, totals: list[int],
               imported: bool = False) -> dict[str, Any]:
    return {
        "id": game_id, "finished": int(finished), "variant": str(record.get("variant")),
        "level": level, "human": human, "undo": undo, "imported": imported, "won": won,
        "totals": [int(t) for t in totals], "record": record,
    }


def final_totals(game: PlayableGame) -> list[int]:
    """The totals shown in the list: match points in bezik, settlement points over a
    multi-pack session, else each seat's total."""
    if isinstance(game, Session):
        return list(game.session_facts().points)
    match = game.match_facts()
    return list(game.totals if match is None else match.points)


# ---------------------------------------------------------- import/export
def export_text(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def export_name(entry: dict[str, Any]) -> str:
    return f"bezique-{entry['variant']}-{entry['id']}.json"


class ImportProblem(Exception):
    """A file that is not a playable record; ``key`` and ``params`` word it."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def check_record(text: str) -> tuple[dict[str, Any], Any]:
    """(record, replayed game) of an imported file, or ImportProblem with the engine's reason."""
    try:
        record = safejson.loads(text)  # no RecursionError on a file nested thousands deep
    except RecordError as err:
        raise ImportProblem("history.import_not_json", reason=str(err)) from None
    try:
        game = replay_record(record)
    except ReplayError as err:
        raise ImportProblem("history.import_illegal", deal=err.deal + 1, move=err.index + 1,
                            action=err.action, reason=err.reason, rule=err.rule) from None
    except (RecordError, IllegalActionError) as err:
        raise ImportProblem("history.import_malformed", reason=str(err)) from None
    return record, game


# --------------------------------------------------------------- render
def result_text(entry: dict[str, Any], cat: Catalog) -> str:
    if entry["imported"]:
        return cat.t("history.imported")
    if entry["won"] is None:
        return cat.t("history.unfinished")
    return cat.t("history.won" if entry["won"] else "history.lost")


def render_history(
    entries: list[dict[str, Any]],
    cat: Catalog,
    when: Callable[[int], str],
    problem: str | None = None,
) -> str:
    rows = []
    for i, entry in enumerate(entries):
        variant_key = f"options.variant.{entry['variant']}"
        variant = cat.t(variant_key) if cat.has(variant_key) else entry["variant"]
        totals = " : ".join(cat.number(t) for t in entry["totals"])
        marks = ""
        if entry["undo"]:
            used = escape(cat.t("history.undo_used"))
            marks += f' <span class="tag" data-undo-used>{used}</span>'
        result = result_text(entry, cat)
        label = cat.t("history.open", variant=variant, result=result)
        rows.append(
            f'<li data-history-entry="{i}"><button type="button" class="btn row" '
            f'data-command="history-open" data-index="{i}" aria-label="{escape(label)}">'
            f'<span class="h-main">{escape(variant)} · {escape(result)}</span>'
            f'<span class="h-sub"><bdi dir="ltr">{escape(totals)}</bdi> · '
            f'<time>{escape(when(entry["finished"]))}</time></span></button>{marks}</li>'
        )
    body = (f'<ol class="history-list">{"".join(rows)}</ol>' if rows
            else f'<p class="note">{escape(cat.t("history.empty"))}</p>')
    alert = f'<p class="notice error" role="alert">{escape(problem)}</p>' if problem else ""
    return (
        '<div class="dialog history" role="dialog" aria-modal="true" '
        'aria-labelledby="history-title" data-screen="history">'
        f'<h2 id="history-title" tabindex="-1">{escape(cat.t("history.title"))}</h2>'
        f'{alert}<div class="dialog-body" tabindex="0">{body}</div><div class="dialog-actions">'
        f'<button type="button" class="btn primary" data-command="close">'
        f'{escape(cat.t("menu.close"))}</button>'
        f'<button type="button" class="btn" data-command="import">'
        f'{escape(cat.t("history.import"))}</button></div></div>'
    )
