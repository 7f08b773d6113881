"""Statistics kept on the device, per variant and opponent level.

Stored as versioned JSON under ``STATS_KEY``. The loader is strict: anything
that is not exactly the shape written here is refused as a whole (the player
starts from empty statistics, the bad text is kept aside), so a damaged or
foreign value can never break the screen or be added to.

Games in which a move was taken back are counted apart (``undo``): they do
not enter the wins, scores, streaks or the chart.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from html import escape
from typing import TypedDict

from engine.playable import PlayableGame
from web import storage
from web.i18n import Catalog
from web.storage import KeyValue, schema
from web.storage.json_data import JsonValue, as_list, as_object

STATS_KEY = "bezique.stats"
FORMAT = "bezique-stats"
VERSION = 1
RECENT = 20  # results kept for the chart

# The level of games against friends on other devices (web.records.device_records), counted apart
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


class UndoCounts(TypedDict):
    """The games in which a move was taken back, counted apart."""

    played: int
    won: int
    lost: int


# A recent game for the chart, stored as [won (1 or 0), the person's score, the best other].
RecentResult = tuple[int, int, int]


class Group(TypedDict):
    """One variant and opponent level's figures (stored in this order)."""

    played: int
    won: int
    lost: int
    score_sum: int
    best_score: int | None
    best_declaration: tuple[str, int] | None  # stored as [combination, points]
    streak: int
    best_streak: int
    recent: list[RecentResult]
    undo: UndoCounts


@dataclass(frozen=True)
class StatsChange:
    """One finished game's effect on its statistics group (the end of a game shows it)."""

    before: Group | None  # the group before the game (None: its first game)
    after: Group
    won: bool
    score: int
    best_declaration: tuple[str, int] | None
    undo: bool = False


class Stats(TypedDict):
    """The stored statistics: groups by ``variant/level`` (``Outcome.key``)."""

    format: str
    version: int
    groups: dict[str, Group]


def empty() -> Stats:
    return {"format": FORMAT, "version": VERSION, "groups": {}}


def empty_group() -> Group:
    return {
        "played": 0, "won": 0, "lost": 0, "score_sum": 0, "best_score": None,
        "best_declaration": None, "streak": 0, "best_streak": 0, "recent": [],
        "undo": {"played": 0, "won": 0, "lost": 0},
    }


# ----------------------------------------------------------- validation
GROUP_FIELDS = frozenset(Group.__annotations__)


def _int(value: JsonValue) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(f"not a whole number: {value!r}")


def _count(value: JsonValue) -> int:
    count = _int(value)
    if count < 0:
        raise ValueError(f"a negative count: {count}")
    return count


def _recent_result(value: JsonValue) -> RecentResult:
    item = as_list(value)
    if item is None or len(item) != 3:
        raise ValueError("a recent result is three numbers")
    won = item[0]
    if isinstance(won, bool) or won not in (0, 1):
        raise ValueError("a recent result is won (1) or lost (0)")
    return (1 if won == 1 else 0, _int(item[1]), _int(item[2]))


def _best_declaration(value: JsonValue) -> tuple[str, int] | None:
    if value is None:
        return None
    best = as_list(value)
    if best is None or len(best) != 2 or not isinstance(best[0], str):
        raise ValueError("the best declaration is [combination, points]")
    return (best[0], _int(best[1]))


def _undo(value: JsonValue) -> UndoCounts:
    undo = as_object(value)
    if undo is None or set(undo) != {"played", "won", "lost"}:
        raise ValueError("the games with a move taken back are played, won and lost")
    counts = UndoCounts(played=_count(undo["played"]), won=_count(undo["won"]),
                        lost=_count(undo["lost"]))
    if counts["won"] + counts["lost"] > counts["played"]:
        raise ValueError("more games with a move taken back won and lost than played")
    return counts


def read_group(value: JsonValue) -> Group:
    """One group as stored, exactly of its shape (ValueError otherwise)."""
    data = as_object(value)
    if data is None or set(data) != GROUP_FIELDS:
        raise ValueError("not a group of statistics")
    played, won, lost, score_sum, streak, best_streak = (_count(data[k]) for k in COUNTERS)
    if won + lost > played or streak > best_streak:
        raise ValueError("counts that do not add up")
    best_score = data["best_score"]
    recent = as_list(data["recent"])
    if recent is None or len(recent) > RECENT:
        raise ValueError(f"recent results are a list of at most {RECENT}")
    return {
        "played": played, "won": won, "lost": lost, "score_sum": score_sum,
        "best_score": None if best_score is None else _int(best_score),
        "best_declaration": _best_declaration(data["best_declaration"]),
        "streak": streak, "best_streak": best_streak,
        "recent": [_recent_result(item) for item in recent],
        "undo": _undo(data["undo"]),
    }


def validate(data: JsonValue) -> Stats:
    """The statistics if ``data`` has exactly their shape; ValueError otherwise."""
    stats = as_object(data)
    if stats is None or stats.get("format") != FORMAT:
        raise ValueError("not statistics")
    if stats.get("version") != VERSION or set(stats) != {"format", "version", "groups"}:
        raise ValueError("unknown statistics version")
    groups = as_object(stats["groups"])
    if groups is None:
        raise ValueError("groups must be an object")
    checked: dict[str, Group] = {}
    for key, group in groups.items():
        if key.count("/") != 1:
            raise ValueError(f"bad group {key!r}")
        try:
            checked[key] = read_group(group)
        except ValueError:
            raise ValueError(f"bad group {key!r}") from None
    return {"format": FORMAT, "version": VERSION, "groups": checked}


def parse(text: str | None) -> tuple[Stats, bool]:
    """(statistics, ok): empty statistics and False when the text is not valid."""
    if not text:
        return empty(), True
    try:
        return schema.check(ENTRY, text), True
    except schema.Invalid:
        return empty(), False


def load(store: KeyValue) -> Stats:
    """The stored statistics; an invalid value is moved aside (web.storage.schema) for empty
    ones."""
    loaded = schema.load(store, ENTRY).value
    return loaded if loaded is not None else empty()


def encode(stats: Stats) -> str:
    return json.dumps(stats, separators=(",", ":"))


def save(store: KeyValue, stats: Stats) -> bool:
    """Store the statistics, checked again as they will be read (ValueError if wrong)."""
    text = encode(stats)
    schema.check(ENTRY, text)
    return storage.set_text(store, STATS_KEY, text)


def reset(store: KeyValue) -> Stats:
    stats = empty()
    save(store, stats)
    return stats


# ------------------------------------------------------------- counting
def add(stats: Stats, outcome: Outcome) -> Stats:
    """New statistics with one more finished game counted."""
    groups = copy.deepcopy(stats["groups"])
    group = groups.setdefault(outcome.key, empty_group())
    if outcome.undo:
        group["undo"]["played"] += 1
        group["undo"]["won" if outcome.won else "lost"] += 1
    else:
        group["played"] += 1
        group["won" if outcome.won else "lost"] += 1
        group["score_sum"] += max(0, outcome.score)
        best_score = group["best_score"]
        if best_score is None or outcome.score > best_score:
            group["best_score"] = outcome.score
        group["streak"] = group["streak"] + 1 if outcome.won else 0
        group["best_streak"] = max(group["best_streak"], group["streak"])
        result = (int(outcome.won), outcome.score, outcome.opponent)
        group["recent"] = [*group["recent"], result][-RECENT:]
    best, kept = outcome.best_declaration, group["best_declaration"]
    if best is not None and (kept is None or best[1] > kept[1]):
        group["best_declaration"] = (best[0], best[1])
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


def average(group: Group) -> int:
    return round(group["score_sum"] / group["played"]) if group["played"] else 0


# -------------------------------------------------------------- drawing
def chart_svg(recent: list[RecentResult], cat: Catalog) -> str:
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


def render_group(key: str, group: Group, cat: Catalog) -> str:
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


def _raw(group: Group, name: str) -> str:
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


def render_stats(stats: Stats, cat: Catalog, confirm_reset: bool = False,
                 daily: str = "") -> str:
    """The statistics screen; ``daily``: its daily deals' section (web.view.daily_view)."""
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


# Read through web.storage.schema: depth-guarded JSON, a wrong value kept aside (newest 3).
ENTRY = schema.register(STATS_KEY, schema.custom(validate))
