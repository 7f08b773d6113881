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
from typing import TypedDict, TypeGuard

from engine import IllegalActionError, RecordError, ReplayError, replay_record, safejson
from engine.playable import PlayableGame
from engine.session import Session
from web import storage
from web.i18n import Catalog, MessageParam
from web.storage import KeyValue, schema
from web.storage.json_data import JsonObject, JsonValue, as_list, as_object

HISTORY_KEY = "bezique.history"
FORMAT = "bezique-history"
VERSION = 1
LIMIT = 50


class HistoryEntry(TypedDict):
    """One kept game (stored in this order): the facts for the list and its record."""

    id: str
    finished: int  # when, in milliseconds since 1970
    variant: str
    level: str  # the computer's level ("": none, e.g. an imported game)
    human: int  # the person's seat
    undo: bool  # a move was taken back
    imported: bool  # from a file, not played here
    won: bool | None  # None: unfinished, or not the person's to win
    totals: list[int]
    record: JsonObject  # the game record of docs/design.md (checked when opened)


ENTRY_KEYS = frozenset(HistoryEntry.__annotations__)


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def valid_entry(entry: JsonValue) -> TypeGuard[HistoryEntry]:
    """Exactly an entry: each field of its type (the record only roughly: the engine
    checks it when it is opened)."""
    if not isinstance(entry, dict) or set(entry) != ENTRY_KEYS:
        return False
    record, human, totals = entry["record"], entry["human"], entry["totals"]
    return (
        isinstance(entry["id"], str) and _int(entry["finished"])
        and isinstance(entry["variant"], str) and isinstance(entry["level"], str)
        and isinstance(human, int) and _int(human) and human >= 0
        and isinstance(entry["undo"], bool) and isinstance(entry["imported"], bool)
        and (entry["won"] is None or isinstance(entry["won"], bool))
        and isinstance(totals, list) and all(_int(t) for t in totals)
        and isinstance(record, dict) and isinstance(record.get("variant"), str)
        and isinstance(record.get("deals"), list)
    )


def parse(text: str | None) -> list[HistoryEntry]:
    """The stored entries, newest first; [] for anything but a history list."""
    if not text:
        return []
    try:
        games = schema.check(ENTRY, text)
    except schema.Invalid:
        return []
    return [e for e in games if valid_entry(e)][:LIMIT]


def checked(data: JsonValue) -> list[JsonValue]:
    """The stored list (ValueError when it is not one: web.storage.schema sets it aside)."""
    history = as_object(data)
    if history is None or history.get("format") != FORMAT or history.get("version") != VERSION:
        raise ValueError("not a history list")
    games = as_list(history.get("games"))
    if games is None:
        raise ValueError("no list of games")
    return games


# Read through web.storage.schema: depth-guarded JSON, a wrong value kept aside (newest 3).
ENTRY = schema.register(HISTORY_KEY, schema.custom(checked))


def load(store: KeyValue) -> list[HistoryEntry]:
    """The valid entries; when some are not, the original text is kept aside first."""
    games = schema.load(store, ENTRY).value
    if games is None:
        return []
    kept = [e for e in games if valid_entry(e)]
    if len(kept) != len(games):
        schema.keep_copy(store, HISTORY_KEY)
        save(store, kept)
    return kept[:LIMIT]


def encode(entries: list[HistoryEntry]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "games": entries[:LIMIT]},
                      separators=(",", ":"), ensure_ascii=False)


def save(store: KeyValue, entries: list[HistoryEntry]) -> list[HistoryEntry]:
    """Store the entries; when the browser's quota refuses, drop the oldest until it fits."""
    kept = list(entries[:LIMIT])
    while kept and not storage.set_text(store, HISTORY_KEY, encode(kept)):
        kept.pop()
    if not kept:
        storage.set_text(store, HISTORY_KEY, encode([]))
    return kept


def add(store: KeyValue, entry: HistoryEntry) -> list[HistoryEntry]:
    entries = [e for e in load(store) if e["id"] != entry["id"]]
    return save(store, [entry, *entries])


def make_entry(*, game_id: str, finished: int, record: JsonObject, level: str, human: int,
               undo: bool, won: bool | None, totals: list[int],
               imported: bool = False) -> HistoryEntry:
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
def export_text(record: JsonObject) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def export_name(entry: HistoryEntry) -> str:
    return f"bezique-{entry['variant']}-{entry['id']}.json"


class ImportProblem(Exception):
    """A file that is not a playable record; ``key`` and ``params`` word it."""

    def __init__(self, key: str, **params: MessageParam) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def check_record(text: str) -> tuple[JsonObject, PlayableGame]:
    """(record, replayed game) of an imported file, or ImportProblem with the engine's reason."""
    try:
        data: JsonValue = safejson.loads(text)  # no RecursionError on a file nested deep
    except RecordError as err:
        raise ImportProblem("history.import_not_json", reason=str(err)) from None
    try:
        game = replay_record(data)
    except ReplayError as err:
        raise ImportProblem("history.import_illegal", deal=err.deal + 1, move=err.index + 1,
                            action=err.action, reason=err.reason, rule=err.rule) from None
    except (RecordError, IllegalActionError) as err:
        raise ImportProblem("history.import_malformed", reason=str(err)) from None
    record = as_object(data)
    if record is None:  # the engine refuses any other record first
        raise ImportProblem("history.import_malformed", reason="not an object")
    return record, game


# --------------------------------------------------------------- render
def result_text(entry: HistoryEntry, cat: Catalog) -> str:
    if entry["imported"]:
        return cat.t("history.imported")
    if entry["won"] is None:
        return cat.t("history.unfinished")
    return cat.t("history.won" if entry["won"] else "history.lost")


def render_history(
    entries: list[HistoryEntry],
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
