"""Statistics kept on the device, per variant and opponent level.

Stored as versioned JSON under ``STATS_KEY``. The loader is strict: anything
that is not exactly the shape written here is refused as a whole (the player
starts from empty statistics, the bad text is kept aside), so a damaged or
foreign value can never break the screen or be added to.

Games in which a move was taken back are counted apart (``undo``): they do
not enter the wins, scores, streaks or the chart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from typing import Any

from engine.playable import PlayableGame
from web import schema, storage
from web.i18n import Catalog
from web.storage import KeyValue

STATS_KEY = "bezique.stats"
FORMAT = "bezique-stats"
VERSION = 1
RECENT = 20  # results kept for the chart

# The level of games against friends on other devices (web.device_records), counted apart
# from the computer's levels.
DEVICES = "devices"

COUNTERS = ("played", "won", "lost", "score_sum", "streak", "best_streak")


@dataclass(frozen=True)
class Outcome:
    """One finished game (a bezik match) seen from the person's seat."""

    variant: str
    level: str
    won: bool
    score: int  # the person's (side's) final total; bezik: match points
    opponent: int  # the best other total
    best_declaration: tuple[str, int] | None
    undo: bool = False

    @property
    def key(self) -> str:
        return f"{self.variant}/{self.level}"


def empty() -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "groups": {}}


def empty_group() -> dict[str, Any]:
    return {
        "played": 0, "won": 0, "lost": 0, "score_sum": 0, "best_score": None,
        "best_declaration": None, "streak": 0, "best_streak": 0, "recent": [],
        "undo": {"played": 0, "won": 0, "lost": 0},
    }


# ----------------------------------------------------------- validation
def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def valid_group(group: Any) -> bool:
    if not isinstance(group, dict) or set(group) != set(empty_group()):
        return False
    if not all(_count(group[k]) for k in COUNTERS):
        return False
    if group["won"] + group["lost"] > group["played"] or group["streak"] > group["best_streak"]:
        return False
    if group["best_score"] is not None and not _int(group["best_score"]):
        return False
    best = group["best_declaration"]
    if best is not None and not (
        isinstance(best, list) and len(best) == 2 and isinstance(best[0], str) and _int(best[1])
    ):
        return False
    recent = group["recent"]
    if not isinstance(recent, list) or len(recent) > RECENT:
        return False
    for item in recent:
        if not (isinstance(item, list) and len(item) == 3 and item[0] in (0, 1)
                and not isinstance(item[0], bool) and _int(item[1]) and _int(item[2])):
            return False
    undo = group["undo"]
    return (isinstance(undo, dict) and set(undo) == {"played", "won", "lost"}
            and all(_count(v) for v in undo.values())
            and undo["won"] + undo["lost"] <= undo["played"])


def validate(data: Any) -> dict[str, Any]:
    """The statistics if ``data`` has exactly their shape; ValueError otherwise."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not statistics")
    if data.get("version") != VERSION or set(data) != {"format", "version", "groups"}:
        raise ValueError("unknown statistics version")
    groups = data["groups"]
    if not isinstance(groups, dict):
        raise ValueError("groups must be an object")
    for key, group in groups.items():
        if not isinstance(key, str) or key.count("/") != 1 or not valid_group(group):
            raise ValueError(f"bad group {key!r}")
    return data


def parse(text: str | None) -> tuple[dict[str, Any], bool]:
    """(statistics, ok): empty statistics and False when the text is not valid."""
    if not text:
        return empty(), True
    try:
        return schema.check(STATS_KEY, text), True
    except schema.Invalid:
        return empty(), False


def load(store: KeyValue) -> dict[str, Any]:
    """The stored statistics; an invalid value is moved aside (web.schema) for empty ones."""
    loaded: dict[str, Any] | None = schema.load(store, STATS_KEY).value
    return loaded if loaded is not None else empty()


def save(store: KeyValue, stats: dict[str, Any]) -> bool:
    return storage.set_text(store, STATS_KEY, json.dumps(validate(stats), separators=(",", ":")))


def reset(store: KeyValue) -> dict[str, Any]:
    stats = empty()
    save(store, stats)
    return stats


# ------------------------------------------------------------- counting
def add(stats: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    """New statistics with one more finished game counted."""
    groups = {k: json.loads(json.dumps(v)) for k, v in stats["groups"].items()}
    group = groups.setdefault(outcome.key, empty_group())
    if outcome.undo:
        group["undo"]["played"] += 1
        group["undo"]["won" if outcome.won else "lost"] += 1
    else:
        group["played"] += 1
        group["won" if outcome.won else "lost"] += 1
        group["score_sum"] += max(0, outcome.score)
        if group["best_score"] is None or outcome.score > group["best_score"]:
            group["best_score"] = outcome.score
        group["streak"] = group["streak"] + 1 if outcome.won else 0
        group["best_streak"] = max(group["best_streak"], group["streak"])
        group["recent"] = [*group["recent"], [int(outcome.won), outcome.score,
                                              outcome.opponent]][-RECENT:]
    best = outcome.best_declaration
    if best is not None and (group["best_declaration"] is None
                             or best[1] > group["best_declaration"][1]):
        group["best_declaration"] = [best[0], best[1]]
    return {"format": FORMAT, "version": VERSION, "groups": groups}


def outcome_of(game: PlayableGame, human: int, variant: str, level: str, undo: bool) -> Outcome:
    """A finished game (bezik: match) from the person's seat, from the engine's figures."""
    rules = game.rules
    declarations = [
        (str(kind), int(points))
        for result in game.results
        for seat, kind, points in result.declarations
        if seat == human and points > 0
    ]
    best = max(declarations, key=lambda d: d[1]) if declarations else None
    match = game.match_facts()
    if match is not None:  # bezik: match points
        mine, theirs = match.points[human], match.points[1 - human]
        won = game.winner == human
    elif rules.partnerships:
        sides = game.side_totals()
        mine, theirs = sides[human % 2], sides[1 - human % 2]
        won = game.winner == human % 2
    else:
        mine = int(game.totals[human])
        theirs = max(int(t) for s, t in enumerate(game.totals) if s != human)
        won = game.winner == human
    return Outcome(variant, level, won, mine, theirs, best, undo)


# -------------------------------------------------------------- figures
def rate(won: int, played: int) -> int:
    """Win rate in whole percent."""
    return round(100 * won / played) if played else 0


def average(group: dict[str, Any]) -> int:
    return round(group["score_sum"] / group["played"]) if group["played"] else 0


# -------------------------------------------------------------- drawing
def chart_svg(recent: list[list[int]], cat: Catalog) -> str:
    """Recent results as bars of the margin (up: won, down: lost), drawn inline, with
    their scale (the largest margin either way, and 0 on the axis), a visible caption
    and legend, and each bar's score as its tooltip; screen readers get the caption."""
    if not recent:
        return ""
    left, width, height, gap = 34, 200, 60, 2  # left: room for the scale's numbers
    bar = (width - gap * (len(recent) - 1)) / max(len(recent), 1)
    bar = min(bar, 18.0)
    top = max(abs(me - other) for _, me, other in recent) or 1
    mid = height / 2
    bars = []
    for i, (won, me, other) in enumerate(recent):
        size = max(2.0, abs(me - other) / top * (mid - 2))
        y = mid - size if won else mid
        cls = "won" if won else "lost"
        tip = cat.t(
            "stats.chart_bar",
            result=cat.t("stats.won" if won else "stats.lost"),
            me=cat.number(me),
            other=cat.number(other),
        )
        bars.append(
            f'<rect class="{cls}" x="{left + i * (bar + gap):.1f}" y="{y:.1f}" '
            f'width="{bar:.1f}" height="{size:.1f}" rx="1"><title>{escape(tip)}</title></rect>'
        )
    scale = "".join(
        f'<text class="scale" x="{left - 4}" y="{y}" text-anchor="end">{escape(text)}</text>'
        for y, text in (
            (8, cat.t("stats.chart_up", value=cat.number(top))),
            (mid + 3, cat.number(0)),
            (height - 1, cat.t("stats.chart_down", value=cat.number(top))),
        )
    )
    wins = sum(1 for r in recent if r[0])
    caption = cat.t("stats.chart_label", count=len(recent), won=wins, lost=len(recent) - wins)
    legend = cat.t("stats.chart_legend")
    label = escape(f"{caption}. {legend}")
    return (
        '<figure class="stats-figure">'
        f'<figcaption class="chart-caption" aria-hidden="true">{escape(caption)}</figcaption>'
        f'<svg class="stats-chart" viewBox="0 0 {left + width} {height}" role="img" '
        'preserveAspectRatio="xMinYMid meet" direction="ltr" '
        f'aria-label="{label}" data-chart-bars="{len(recent)}">'
        f"<title>{label}</title>{scale}"
        f'<line x1="{left}" x2="{left + width}" y1="{mid}" y2="{mid}" class="axis"></line>'
        f"{''.join(bars)}</svg>"
        f'<p class="chart-legend" aria-hidden="true"><span class="key won"></span>'
        f'{escape(cat.t("stats.won"))} <span class="key lost"></span>'
        f'{escape(cat.t("stats.lost"))} · {escape(legend)}</p>'
        "</figure>"
    )


def render_group(key: str, group: dict[str, Any], cat: Catalog) -> str:
    variant, level = key.split("/", 1)
    name_key = f"options.variant.{variant}"
    level_key = "stats.level.devices" if level == DEVICES else f"options.ai.{level}"
    title = cat.t("stats.group", variant=cat.t(name_key) if cat.has(name_key) else variant,
                  level=cat.t(level_key) if cat.has(level_key) else level)
    num = cat.number
    best = group["best_declaration"]
    best_text = (cat.t("stats.best_declaration_value", combination=cat.declaration(best[0]),
                       count=best[1]) if best else "—")
    best_score = group["best_score"]
    rows = [
        ("played", "stats.played", num(group["played"])),
        ("won", "stats.won", num(group["won"])),
        ("lost", "stats.lost", num(group["lost"])),
        ("win_rate", "stats.win_rate",
         cat.t("stats.percent", value=rate(group["won"], group["played"]))),
        ("average", "stats.average", num(average(group))),
        ("best_score", "stats.best_score", num(best_score) if best_score is not None else "—"),
        ("best_declaration", "stats.best_declaration", best_text),
        ("streak", "stats.streak", num(group["streak"])),
        ("best_streak", "stats.best_streak", num(group["best_streak"])),
    ]
    undo = group["undo"]
    if undo["played"]:
        rows.append(("undo_games", "stats.undo_games",
                     cat.t("stats.undo_value", count=undo["played"], won=undo["won"])))
    body = "".join(
        f'<tr data-stat="{name}" data-value="{_raw(group, name)}">'
        f'<th scope="row">{escape(cat.t(key))}</th><td>{escape(value)}</td></tr>'
        for name, key, value in rows
    )
    return (
        f'<section class="stats-group" data-stats-group="{escape(key)}">'
        f"<h3>{escape(title)}</h3>{chart_svg(group['recent'], cat)}"
        f'<div class="tablewrap"><table><tbody>{body}</tbody></table></div></section>'
    )


def _raw(group: dict[str, Any], name: str) -> str:
    """The plain value behind a row, for scripts and tests."""
    if name == "win_rate":
        return str(rate(group["won"], group["played"]))
    if name == "average":
        return str(average(group))
    if name == "best_declaration":
        best = group["best_declaration"]
        return "" if best is None else str(best[1])
    if name == "undo_games":
        return str(group["undo"]["played"])
    value = group.get(name)
    return "" if value is None else str(value)


def render_stats(stats: dict[str, Any], cat: Catalog, confirm_reset: bool = False,
                 daily: str = "") -> str:
    """The statistics screen; ``daily``: its daily deals' section (web.daily_view)."""
    groups = stats["groups"]
    body = daily + "".join(render_group(k, groups[k], cat) for k in sorted(groups))
    if not body:
        body = f'<p class="note">{escape(cat.t("stats.empty"))}</p>'
    if confirm_reset:
        actions = (
            f'<p class="confirm" role="alert">{escape(cat.t("stats.reset_question"))}</p>'
            '<button type="button" class="btn danger" data-command="stats-reset-confirm">'
            f'{escape(cat.t("stats.reset_yes"))}</button>'
            '<button type="button" class="btn" data-command="stats">'
            f'{escape(cat.t("options.cancel"))}</button>'
        )
    else:
        disabled = "" if groups or daily else ' aria-disabled="true" disabled'
        actions = (
            f'<button type="button" class="btn primary" data-command="close">'
            f'{escape(cat.t("menu.close"))}</button>'
            f'<button type="button" class="btn" data-command="stats-reset"{disabled}>'
            f'{escape(cat.t("stats.reset"))}</button>'
        )
    return (
        '<div class="dialog stats" role="dialog" aria-modal="true" aria-labelledby="stats-title"'
        ' data-screen="stats">'
        f'<h2 id="stats-title" tabindex="-1">{escape(cat.t("stats.title"))}</h2>'
        f'<div class="dialog-body" tabindex="0">{body}</div>'
        f'<div class="dialog-actions">{actions}</div></div>'
    )


# Read through web.schema: depth-guarded JSON, a wrong value kept aside (newest 3).
ENTRY = schema.register(STATS_KEY, schema.Custom(validate))
