"""Which of the player's cards each choice of a prompt would lay down.

Why: a declaration prompt names its cards in words ("Marriage K♠ Q♠ 20"); the hand itself
shows them too, so the player sees what they would lay down (and, with two copies of a
card, which one). Every prompt choice that lays cards down is numbered (``data-choice``,
from 1); the cards it uses carry ``in-choice`` and ``c<number>`` for each choice that
uses them, and app.css raises a choice's cards while its button is pointed at, focused or
pressed. A choice takes the hand's copies first, then the table's (a declared card can
serve again in another combination).
"""

from __future__ import annotations

from collections import Counter

from web.view.table_view import TableView

# Kinds of prompt choices that lay cards down.
LAYING = ("declare", "seven")


def numbered(view: TableView) -> dict[str, int]:
    """The number of each prompt action that lays cards down (1, 2, ...)."""
    out: dict[str, int] = {}
    for a in view.prompts:
        if a.kind in LAYING and a.cards and a.action not in out:
            out[a.action] = len(out) + 1
    return out


def card_marks(view: TableView) -> tuple[list[str], dict[int, str]]:
    """Classes for each card of the hand (in order) and for each of the player's table
    cards (by position in the seat's ``table_cards``): "" for a card no choice uses."""
    hand: list[list[str]] = [[] for _ in view.hand]
    me = view.seats[view.human]
    table: dict[int, list[str]] = {i: [] for i in range(len(me.table_cards))}
    numbers = numbered(view)
    for a in view.prompts:
        number = numbers.get(a.action)
        if number is None:
            continue
        need = Counter(a.cards)
        mark = f"c{number}"
        for i, card in enumerate(view.hand):
            if need[card] > 0 and mark not in hand[i]:
                need[card] -= 1
                hand[i].append(mark)
        for i, tc in enumerate(me.table_cards):
            if need[tc.card] > 0 and mark not in table[i]:
                need[tc.card] -= 1
                table[i].append(mark)

    def classes(marks: list[str]) -> str:
        return " in-choice " + " ".join(marks) if marks else ""

    return [classes(m) for m in hand], {i: classes(m) for i, m in table.items()}
