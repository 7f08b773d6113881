"""How a multi-pack game (``rubicon``, ``six-pack``, ``eight-pack``) was settled, and the
session's running total, in words for the end-of-game summary.

Why a module of its own: the other variants end on a target; these end on one deal
whose totals are cut to hundreds and settled (game bonus, rubicon, brisques), and the
player must be able to follow that sum. The numbers are the engine's
(``engine.facts.Settlement`` / ``SessionFacts``); this only words them.
"""

from __future__ import annotations

from html import escape

from engine.facts import SessionFacts, Settlement
from engine.playable import PlayableGame
from engine.session import Session
from web.view.card_html import Cat
from web.view.seat_place import seat_name
from web.view.table_view import TableView


def session_facts(game: PlayableGame) -> SessionFacts | None:
    """The session's facts when the game is a multi-pack session (else None)."""
    return game.session_facts() if isinstance(game, Session) else None


def rubicon_of(game: PlayableGame) -> int:
    """The total a loser must reach not to be rubiconed (0 outside the multi-pack games)."""
    return game.multipack.rubicon if isinstance(game, Session) else 0


def winner_line(view: TableView, settled: Settlement, cat: Cat) -> str:
    """Who won the game and what it brought, or that it was drawn."""
    if settled.winner is None:
        return cat.t("summary.mp.drawn")
    if settled.winner == view.human and view.seat_kinds is None:
        return cat.t("summary.mp.you_won", count=settled.points)
    who = seat_name(view.seats[settled.winner], view, cat)
    return cat.t("summary.mp.won", player=who, count=settled.points)


def explanation(view: TableView, settled: Settlement, rubicon: int, cat: Cat) -> list[str]:
    """The settlement's sum in sentences: rounded totals, difference or rubicon, brisques."""
    if settled.winner is None:
        return []
    loser = 1 - settled.winner
    lines = []
    if settled.rubiconed:
        if loser == view.human and view.seat_kinds is None:
            lines.append(cat.t("summary.mp.you_rubiconed", rubicon=cat.number(rubicon),
                               bonus=cat.number(settled.game_bonus)))
        else:
            who = seat_name(view.seats[loser], view, cat)
            lines.append(cat.t("summary.mp.rubiconed", player=who, rubicon=cat.number(rubicon),
                               bonus=cat.number(settled.game_bonus)))
        if settled.brisques_bonus:
            lines.append(cat.t("summary.mp.brisques_bonus",
                               bonus=cat.number(settled.brisques_bonus)))
    else:
        difference = settled.rounded[settled.winner] - settled.rounded[loser]
        lines.append(cat.t("summary.mp.difference", difference=cat.number(difference),
                           bonus=cat.number(settled.game_bonus)))
    return lines


def brisques_line(view: TableView, settled: Settlement, cat: Cat) -> str:
    """Rubicon only: whether the aces and tens were counted this game (said once: a
    rubiconed game's 320 for them says it already)."""
    if view.variant != "rubicon" or settled.brisques_bonus:
        return ""
    if settled.brisques_counted:
        return cat.t("summary.mp.brisques_counted")
    return cat.t("summary.mp.brisques_not_counted")


def render_settlement(view: TableView, facts: SessionFacts, rubicon: int, cat: Cat) -> str:
    """The settlement block of the end-of-game summary: rounded totals, the sum, the session."""
    settled = facts.last
    if settled is None:
        return ""
    seats = view.seats
    head = "".join(f'<th scope="col">{escape(seat_name(sv, view, cat))}</th>' for sv in seats)
    rounded = "".join(
        f'<td data-rounded="{sv.seat}">{escape(cat.number(settled.rounded[sv.seat]))}</td>'
        for sv in seats
    )
    session = "".join(
        f'<td data-session-points="{sv.seat}" data-value="{facts.points[sv.seat]}">'
        f"{escape(cat.number(facts.points[sv.seat]))}</td>"
        for sv in seats
    )
    if facts.planned:
        count = cat.t("summary.mp.session_of", game=cat.number(facts.games),
                      games=cat.number(facts.planned))
    else:
        count = cat.t("summary.mp.session_games", count=facts.games)
    notes = [*explanation(view, settled, rubicon, cat), brisques_line(view, settled, cat)]
    notes_html = "".join(f'<p class="note">{escape(n)}</p>' for n in notes if n)
    result = "drawn" if settled.winner is None else ("rubiconed" if settled.rubiconed else "won")
    return (
        f'<section class="settlement" data-settlement="{result}"'
        f' aria-label="{escape(cat.t("summary.mp.settlement"))}">'
        f'<p class="why" data-settled-points="{settled.points}">'
        f"{escape(winner_line(view, settled, cat))}</p>{notes_html}"
        f'<div class="tablewrap"><table><thead><tr><td></td>{head}</tr></thead><tbody>'
        f'<tr><th scope="row">{escape(cat.t("summary.mp.rounded"))}</th>{rounded}</tr>'
        f'<tr class="tot"><th scope="row">{escape(cat.t("summary.mp.session"))}'
        f' <span class="games">({escape(count)})</span></th>{session}</tr>'
        "</tbody></table></div>"
        f"{session_end(view, facts, cat)}</section>"
    )


def session_end(view: TableView, facts: SessionFacts, cat: Cat) -> str:
    """Who won the session, once its last game is over (a session of one says nothing more)."""
    if not facts.over or facts.planned <= 1:
        return ""
    if facts.winner is None:
        text = cat.t("summary.mp.session_level")
    elif facts.winner == view.human and view.seat_kinds is None:
        text = cat.t("summary.mp.session_you_won")
    else:
        text = cat.t("summary.mp.session_winner",
                     player=seat_name(view.seats[facts.winner], view, cat))
    return f'<p class="winner" data-session-over="true">{escape(text)}</p>'


def render_bar(view: TableView, facts: SessionFacts, cat: Cat) -> str:
    """The score bar's place for the target: the rubicon, and which game of the session
    (a session of one game says no number)."""
    parts = [
        f'<div class="score target"><span class="who">{escape(cat.t("table.rubicon_label"))}'
        f'</span> <span class="pts" data-value="{view.rubicon}">{cat.number(view.rubicon)}'
        "</span></div>"
    ]
    number = facts.games + (0 if view.deal_summary is not None else 1)
    if facts.planned != 1:
        text = (
            cat.t("table.session_game_of", number=cat.number(number),
                  total=cat.number(facts.planned))
            if facts.planned
            else cat.t("table.game_number", number=cat.number(number))
        )
        parts.append(
            f'<div class="score"><span class="dealno" data-game="{number}">{escape(text)}'
            "</span></div>"
        )
    return "".join(parts)
