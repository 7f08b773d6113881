"""The worth of the big combinations a seat is building, for the leaves of the search in
the six- and eight-pack games.

There, brisques never count and a deal scores thousands, nearly all of it from
declarations: multiple beziques (500 to 9000) and the trump fours and fives (400 to
2000). The general leaf (``search.leaf_value``: the keep values the rollout policy plays
by, in brisque-sized units) sees holding three Q♠ toward a triple bezique as worth a few
points, so a four-trick rollout gladly gives such cards up for a trick's declaration. This
estimate values each such combination not yet declared by its points times a rough chance
of completing it from the cards still to be drawn, and of winning a trick to declare it
while the stock lasts.
"""

from __future__ import annotations

import math

from ..cards import ACE, JACK, KING, QUEEN, TEN, kind_code
from ..deal import Deal
from .evaluate import margin

QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)
FOUR_RANKS = (ACE, TEN, KING, QUEEN, JACK)
RANK_WORDS = {ACE: "aces", TEN: "tens", KING: "kings", QUEEN: "queens", JACK: "jacks"}
MULTIPLES = {2: "double", 3: "triple", 4: "quadruple", 5: "quintuple"}
# Share of the stock (drawn to the end) from which a complete combination is taken as
# surely declared: below it, fewer tricks are left to win one to declare it.
SURE_SHARE = 0.125
NO_TRUMPS = 0.5  # trumps not fixed yet: a trump four of some suit counts at this share


def root_holdings(deal: Deal) -> list[set[int]]:
    """The cards (ids) each seat holds, hidden or on the table, where a search starts."""
    return [set(deal.hands[s]) | set(deal.tables[s]) for s in range(deal.n)]


def combo_leaf(deal: Deal, seat: int, kept: list[set[int]] | None = None) -> float:
    """The seat's side's combination worth minus the others' (``margin``).

    With ``kept`` (``root_holdings`` where the rollout started) a card drawn during the
    rollout counts as still in the stock: which seat drew the stock's next cards depends on
    who took each trick, so a move that takes a trick would else gain or lose thousands by
    the luck of the sampled world's order, not by what it keeps or gives up."""
    if deal.current is None or not deal.stock:
        return 0.0
    kinds = deal.kinds
    stock = [0] * 32  # the copies still to be drawn (the world's stock)
    for i in deal.stock:
        stock[kinds[i]] += 1
    holds = []
    for s in range(deal.n):
        held = [0] * 32
        for ids in (deal.hands[s], deal.tables[s]):
            for i in ids:
                if kept is None or i in kept[s]:
                    held[kinds[i]] += 1
                else:
                    stock[kinds[i]] += 1
        holds.append(held)
    values = [combo_worth(deal, s, holds[s], stock) for s in range(deal.n)]
    return margin(values, seat, deal.rules.partnerships)


def combo_worth(deal: Deal, seat: int, held: list[int], stock: list[int]) -> float:
    """What the seat's multiple beziques and trump fours and fives are worth now
    (``stock``: the copies of each kind still to be drawn, a share of them by this seat)."""
    rules = deal.rules
    points = rules.combination_points
    declared = _declared(deal, seat)
    share = len(deal.stock) / max(1, len(rules.deck()) - rules.players * rules.hand_size)
    sure = min(1.0, share / SURE_SHARE)
    worth = 0.0
    for m, prefix in MULTIPLES.items():
        value = points.get(f"{prefix}_bezique")
        if value is None or declared.get("bezique", 0) >= value:
            continue
        chance = (_chance(m - held[QS], stock[QS] / deal.n)
                  * _chance(m - held[JD], stock[JD] / deal.n))
        worth += value * chance
    trumps = [deal.trump] if deal.trump is not None else list(range(4))
    best_suit = 0.0
    for suit in trumps:
        in_suit = 0.0
        for rank in FOUR_RANKS:
            code = kind_code(rank, suit)
            word = RANK_WORDS[rank]
            done = declared.get(word, 0)
            for need, name in ((4, f"four_trump_{word}"), (5, f"five_trump_{word}")):
                value = points.get(name)
                if value is None or done >= value:
                    continue
                in_suit += value * _chance(need - held[code], stock[code] / deal.n)
        best_suit = max(best_suit, in_suit)
    worth += best_suit * (1.0 if deal.trump is not None else NO_TRUMPS)
    return worth * sure


def _chance(missing: int, expected: float) -> float:
    """Rough chance of drawing ``missing`` more copies of a kind when ``expected`` copies
    are expected among this seat's draws (a Poisson tail)."""
    if missing <= 0:
        return 1.0
    if expected <= 0.0:
        return 0.0
    lam = expected
    term = math.exp(-lam)
    below = term
    for k in range(1, missing):
        term *= lam / k
        below += term
    return max(0.0, 1.0 - below)


def _declared(deal: Deal, seat: int) -> dict[str, int]:
    """The highest value the seat declared per family: ``bezique``, or a rank's word for
    its fours and fives (a lower or equal one of the family cannot score again)."""
    found: dict[str, int] = {}
    for group in deal.groups:
        if group.seat != seat:
            continue
        name = group.name
        if name.endswith("bezique"):
            family = "bezique"
        elif name.startswith(("four_", "five_")):
            family = name.rsplit("_", 1)[-1]
        else:
            continue
        found[family] = max(found.get(family, 0), group.value)
    return found
