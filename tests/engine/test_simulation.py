"""Seeded random simulation of classic deals with every invariant checked (simulate.py)."""

from __future__ import annotations

import os

import pytest
from simulate import lineup, play, share, sim_deals, simulation

from engine.deal import Deal


def check_totals(deal: Deal) -> None:
    """A deal's points are its declarations, its cards and the last trick."""
    declared = [0] * deal.n
    for seat, _, points in deal.declarations:
        declared[seat] += points
    bonus = [0] * deal.n
    if deal.last_trick_winner is not None:
        bonus[deal.last_trick_winner] += int(deal.extra.get("last_trick_points", 0))
    for seat in range(deal.n):
        assert deal.points[seat] == declared[seat] + deal.card_points[seat] + bonus[seat]


@simulation
def test_classic_random_simulation() -> None:
    deals = sim_deals(120)
    stats = play("classic", deals, seed=1, kinds=lineup(("random", "greedy")),
                 deal_end=check_totals)
    assert stats["deals"] == deals


@simulation
def test_classic_option_variants_simulation() -> None:
    deals = share(sim_deals(120), 0.1)
    options = {"target": 1500, "double_bezique_540": True}
    stats = play("classic", deals, seed=2, options=options, deal_end=check_totals)
    assert stats["deals"] == deals


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("BEZIQUE_SLOW"), reason="set BEZIQUE_SLOW=1 for 100k deals")
def test_classic_hundred_thousand_deals() -> None:
    assert play("classic", 100_000, seed=3, deal_end=check_totals)["deals"] == 100_000
