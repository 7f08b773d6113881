"""Seeded random simulation of classic deals with every invariant checked at every step."""

from __future__ import annotations

import os

import pytest
from simulate import play_games, sim_deals


def test_classic_random_simulation() -> None:
    deals = sim_deals(2000)
    assert play_games("classic", deals, seed=1) == deals


def test_classic_option_variants_simulation() -> None:
    deals = max(1, sim_deals(2000) // 10)
    options = {"target": 1500, "double_bezique_540": True}
    assert play_games("classic", deals, seed=2, options=options) == deals


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("BEZIQUE_SLOW"), reason="set BEZIQUE_SLOW=1 for 100k deals")
def test_classic_hundred_thousand_deals() -> None:
    assert play_games("classic", 100_000, seed=3) == 100_000
