"""Pass-and-play's hand-over: who must take the device next, and the screen.

While the hand-over screen shows, the table is rendered from the next
person's seat with every hidden card taken out of the view (hand, the
actions that name its cards, just-drawn cards), so neither person's hidden
cards are in the document until that person taps "ready".
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Protocol

from web.state.seats import Seats
from web.view.card_html import Cat, face_html
from web.view.seat_place import seat_name
from web.view.table_view import TableView


class _Cat(Protocol):
    def t(self, key: str, **params: str | int | float) -> str: ...


def next_holder(
    seats: Seats, current: int | None, holder: int, *, deal_over: bool, fresh: bool = False
) -> int | None:
    """The person who must take the device now, or None when it stays where it is.

    `holder` is the person who has the device (whose hand is shown).  At the
    start of a game or deal (`fresh`) the first person to act is always
    called, so nobody sees the new hand by accident.
    """
    if not seats.pass_and_play or deal_over:
        return None
    if seats.is_person(current) and (current != holder or fresh):
        return current
    if fresh:
        return holder
    return None


def conceal(view: TableView) -> TableView:
    """The table with no hidden card in it (shown under the hand-over screen)."""
    return replace(view, hand=[], hand_actions={}, legal=[], prompts=[], drawn=[], current=None)


def render_last_trick(view: TableView, cat: Cat) -> str:
    """The trick finished while the screen was up (it was swept meanwhile): its cards by
    seat and who took it, so the returning person sees how it ended."""

    if not view.last_trick or view.trick_winner is None:
        return ""
    cells = "".join(
        f'<figure class="ho-cell{" took" if seat == view.trick_winner else ""}"'
        f' data-seat="{seat}">'
        + face_html(
            card,
            cat,
            aria=cat.t(
                "table.played_by",
                player=seat_name(view.seats[seat], view, cat),
                card=cat.card_name(card),
            ),
        )
        + f"<figcaption>{escape(seat_name(view.seats[seat], view, cat))}</figcaption></figure>"
        for seat, card in view.last_trick
    )
    # named, never "you": the screen is read before the device changes hands
    who = seat_name(view.seats[view.trick_winner], view, cat)
    taker = cat.t("table.last_trick_player", player=who)
    label = escape(cat.t("table.last_trick_label"))
    return (
        f'<section class="ho-trick" data-last-trick aria-label="{label}">'
        f'<div class="ho-cells">{cells}</div><p class="trick-caption"><span>{escape(taker)}'
        "</span></p></section>"
    )


def render_screen(cat: _Cat, name: str, last_trick: str = "") -> str:
    """'Pass the device to Player 2' with one button, and the last trick
    (``render_last_trick``); covers the whole table."""
    top = last_trick or '<div class="ho-card" aria-hidden="true"></div>'
    return (
        '<div class="handover" data-handover role="dialog" aria-modal="true"'
        ' aria-labelledby="ho-title" aria-describedby="ho-text">'
        f"{top}"
        f'<h2 id="ho-title">{escape(cat.t("handover.title", player=name))}</h2>'
        f'<p id="ho-text">{escape(cat.t("handover.text", player=name))}</p>'
        '<button type="button" class="btn primary" data-command="ready">'
        f"{escape(cat.t('handover.ready', player=name))}</button>"
        "</div>"
    )
