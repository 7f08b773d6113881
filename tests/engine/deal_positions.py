"""Hand-built positions for rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import parse_code
from engine.deal import Deal
from engine.variants import make_rules


def codes(cards: str | Sequence[str]) -> list[int]:
    words = cards.split() if isinstance(cards, str) else list(cards)
    return [parse_code(w) for w in words]


def build(
    hands: Sequence[str],
    turnup: str | None = "9C",
    stock_top: str = "",
    dealer: int = 1,
    variant: str = "classic",
    options: dict[str, Any] | None = None,
) -> Deal:
    """A fresh deal with these hands; the stock starts with ``stock_top`` (drawn first),
    the rest of the deck follows in deck order."""
    rules = make_rules(variant, options)
    left = rules.deck()
    hand_codes = [codes(h) for h in hands]
    top = codes(stock_top)
    used = [c for h in hand_codes for c in h] + top + ([] if turnup is None else codes(turnup))
    for code in used:
        left.remove(code)
    turn = None if turnup is None else codes(turnup)[0]
    return Deal.from_codes(rules, dealer, hand_codes, top + left, turn)


def end_position(
    hands: Sequence[str], trump: int | None, leader: int = 0, variant: str = "classic",
    options: dict[str, Any] | None = None,
) -> Deal:
    """An end-phase deal: the given hands, every other card already played to seat 0's tricks."""
    deal = build(["7S 7S 8S 8S 9S 9S 7H 7H", "8H 8H 9H 9H 7D 7D 8D 8D"],
                 variant=variant, options=options)
    wanted = [codes(h) for h in hands]
    free = list(range(len(deal.kinds)))
    chosen: list[list[int]] = []
    for hand in wanted:
        ids = []
        for code in hand:
            card_id = next(i for i in free if deal.kinds[i] == code)
            free.remove(card_id)
            ids.append(card_id)
        chosen.append(ids)
    deal.hands = chosen
    deal.tables = [[] for _ in hands]
    deal.stock = []
    deal.turnup = None
    deal.trump = trump
    deal.played = list(free)
    deal.won = [list(free)] + [[] for _ in hands[1:]]
    deal.leader = deal.current = leader
    deal.check_cards()
    return deal


def play_all(deal: Deal, actions: str) -> None:
    """Apply actions separated by commas."""
    for text in actions.split(","):
        if text.strip():
            deal.apply(text.strip())
