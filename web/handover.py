"""Pass-and-play's hand-over: who must take the device next, and the screen.

While the hand-over screen shows, the table is rendered from the next
person's seat with every hidden card taken out of the view (hand, the
actions that name its cards, just-drawn cards), so neither person's hidden
cards are in the document until that person taps "ready".
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any, Protocol

from web.seats import Seats
from web.view import TableView


class _Cat(Protocol):
    def t(self, key: str, **params: Any) -> str: ...


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


def render_screen(cat: _Cat, name: str) -> str:
    """'Pass the device to Player 2' with one button; covers the whole table."""
    return (
        '<div class="handover" data-handover role="dialog" aria-modal="true"'
        ' aria-labelledby="ho-title" aria-describedby="ho-text">'
        '<div class="ho-card" aria-hidden="true"></div>'
        f'<h2 id="ho-title">{escape(cat.t("handover.title", player=name))}</h2>'
        f'<p id="ho-text">{escape(cat.t("handover.text", player=name))}</p>'
        '<button type="button" class="btn primary" data-command="ready">'
        f"{escape(cat.t('handover.ready', player=name))}</button>"
        "</div>"
    )
