"""The end of a game as a moment: the result first, a win celebrated, what it did to
the statistics ("new best", the streak, games won).

The game summary (``web.view.render.render_game_summary``) puts these above its buttons and
keeps the deal tables folded below them, so its first view says who won.
"""

from __future__ import annotations

from html import escape

from web.records.stats import StatsChange
from web.view.card_html import Cat
from web.view.table_view import TableView

SUITS = ("\u2660", "\u2665", "\u2666", "\u2663")  # the celebration's shapes: ♠ ♥ ♦ ♣
SPARKS = 12  # app.css places each (nth-child): no inline style under the CSP


def change_lines(cat: Cat, change: StatsChange) -> list[str]:
    """What the game changed, most telling first (empty for a game counted apart)."""
    if change.undo:
        return [cat.t("ending.undo")]
    before, after = change.before, change.after
    lines: list[str] = []
    old_best = None if before is None else before["best_score"]
    if old_best is not None and change.score > old_best:
        lines.append(cat.t("ending.new_best_score", score=change.score))
    old_decl = None if before is None else before["best_declaration"]
    best = change.best_declaration
    if best is not None and old_decl is not None and best[1] > old_decl[1]:
        value = cat.t(
            "stats.best_declaration_value", combination=cat.declaration(best[0]), count=best[1]
        )
        lines.append(cat.t("ending.new_best_declaration", value=value))
    streak = int(after["streak"])
    old_streak = 0 if before is None else int(before["streak"])
    old_best_streak = 0 if before is None else int(before["best_streak"])
    if change.won and streak >= 2:
        lines.append(cat.t("ending.streak", count=streak))
        if streak > old_best_streak and old_best_streak >= 1:
            lines.append(cat.t("ending.streak_best"))
    elif not change.won and old_streak >= 2:
        lines.append(cat.t("ending.streak_ended", count=old_streak))
    lines.append(cat.t("ending.games_won", won=int(after["won"]), count=int(after["played"])))
    return lines


def render_change(cat: Cat, change: StatsChange | None) -> str:
    """The statistics' change as a short list (nothing when the game was not counted)."""
    if change is None:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in change_lines(cat, change))
    label = escape(cat.t("stats.title"))
    return (
        f'<section class="stats-change" data-stats-change aria-label="{label}">'
        f"<ul>{items}</ul></section>"
    )


def winner_is_here(view: TableView) -> bool:
    """Whether the people at this device won (celebrated): the player, their side, or in
    pass-and-play any person over the computer."""
    winner = view.winner
    if winner is None:
        return False
    if view.side_scores is not None:
        return winner == view.human % 2
    if view.seat_kinds is not None:
        return view.seat_kinds[winner] == "person"
    return winner == view.human


def celebration() -> str:
    """Suit symbols that burst once behind the result (CSS; none with reduced motion)."""
    sparks = "".join(f"<span>{SUITS[i % len(SUITS)]}</span>" for i in range(SPARKS))
    return f'<div class="celebrate" aria-hidden="true">{sparks}</div>'
