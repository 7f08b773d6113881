"""Who takes a trick: the one rule every variant shares (kind codes, see engine.cards).

A leaf of the engine: the deal, the rulesets, the observation and the players all ask it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import rank_of, suit_of


def beats(code: int, best: int, trump: int | None) -> bool:
    """Whether ``code`` played after ``best`` takes the lead (identical cards: first wins)."""
    if suit_of(code) == suit_of(best):
        return rank_of(code) < rank_of(best)
    return suit_of(code) == trump


def winning_code(kinds: list[int], trick: list[int], trump: int | None) -> int:
    best = kinds[trick[0]]
    for i in trick[1:]:
        if beats(kinds[i], best, trump):
            best = kinds[i]
    return best


def winning_index(codes: list[int], trump: int | None) -> int:
    """Position in the trick of the card that wins it."""
    best = 0
    for pos in range(1, len(codes)):
        if beats(codes[pos], codes[best], trump):
            best = pos
    return best


def takes_lead(trick: Sequence[int], code: int, trump: int | None) -> bool:
    """Whether ``code`` played now on the cards of ``trick`` (in order) would be the card
    winning the trick so far (leading counts as taking the lead).

    Why: a hint says "this card wins the trick"; the answer is the one the deal uses.
    """
    return winning_index([*trick, code], trump) == len(trick)
