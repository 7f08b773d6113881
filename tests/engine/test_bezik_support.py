"""Helpers for the bezik tests: hand-built deals and scripted play (no tests here)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from engine.actions import Action
from engine.cards import notation_key, parse_code
from engine.deal import Deal
from engine.variants import make_rules

RULES = make_rules("bezik")


def codes(text: str) -> list[int]:
    return [parse_code(c) for c in text.split()]


def build(hand0: str, hand1: str, top: str = "", dealer: int = 1, stock: int = 78) -> Deal:
    """A bezik deal with these hands (seat 0 leads with dealer 1) and these top stock cards;
    the rest of the deck follows, nines and jacks first. ``stock`` < 78 moves the bottom
    of the stock out of play (to the dead cards) so that a deal ends sooner."""
    hands = [codes(hand0), codes(hand1)]
    top_codes = codes(top)
    left = Counter(RULES.deck())
    left.subtract(hands[0] + hands[1] + top_codes)
    assert all(n >= 0 for n in left.values()), "more copies than the deck holds"
    rest = sorted(left.elements(), key=lambda c: (-notation_key(c)[0], notation_key(c)[1]))
    deal = Deal.from_codes(RULES, dealer, hands, top_codes + rest, None)
    if stock < 78:
        keep = deal.stock[-stock:] if stock else []
        deal.dead.extend(deal.stock[: len(deal.stock) - stock])
        deal.stock = keep
    return deal


def play_all(deal: Deal, script: str) -> None:
    for text in script.split(","):
        if text.strip():
            deal.apply(text.strip())


def texts(deal: Deal) -> list[str]:
    return [a.text() for a in deal.legal_actions()]


def passive(deal: Deal) -> Action:
    """Plays the first legal card, passes, never calls or answers vido but accepts."""
    legal = deal.legal_actions()
    for action in legal:
        if action.kind == "pass":
            return action
    for action in legal:
        if action.kind == "accept":
            return action
    return next(a for a in legal if a.kind in ("play", "play_table"))


def random_no_vido(rng: random.Random) -> Callable[[Deal], Action]:
    def pick(deal: Deal) -> Action:
        legal = [a for a in deal.legal_actions() if a.kind != "vido"]
        return rng.choice(legal)

    return pick


def play_out(deal: Deal, policy: Callable[[Deal], Action] = passive, stop_at_last: bool = False,
             apply: Callable[[Action], None] | None = None) -> None:
    """Play with ``policy`` until the deal ends (or the last trick is about to be led)."""
    act = apply or deal.apply
    while not deal.is_terminal:
        if stop_at_last and deal.in_end_phase and not deal.trick and all(
                len(h) == 1 for h in deal.hands):
            return
        act(policy(deal))


def names(deal: Deal) -> list[str]:
    return [name for _, name, _ in deal.declarations]
