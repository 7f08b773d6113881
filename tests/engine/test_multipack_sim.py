"""Seeded random simulation of the multi-pack games (the harness: simulate.py).

Every step checks the cards of the whole deck and that a legal action exists, and that the
carte blanche cards a seat has shown are in its hand and in the other seat's view; clones,
JSON round trips and observations are checked on a sample of steps. Every deal checks that
its totals are explained by the declarations (carte blanche included), the brisques when
``rubicon`` counts them and the last trick, and that its settlement follows from its
totals; every session is replayed from its record and must give the same settlements.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from simulate import check_replay, play, share, sim_deals, simulation

from engine.cards import ACE, SUITS, TEN, rank_of
from engine.deal import Deal
from engine.game import Game, summary
from engine.session import Session
from engine.variants.multipack import Rubicon


def check_shown(deal: Deal) -> None:
    """Shown cards are the seat's own and the other seat sees exactly them."""
    for seat in range(deal.n):
        facts = deal.observation(1 - seat).multipack
        assert facts is not None
        held = Counter(deal.kinds[i] for i in deal.hands[seat])
        assert not Counter(facts.shown[seat]) - held


def check_deal_end(deal: Deal) -> None:
    rules = deal.rules
    assert isinstance(rules, Rubicon)
    deal.check_cards()
    assert not deal.legal_actions()
    declared = [0] * deal.n
    for seat, _, points in deal.declarations:
        declared[seat] += points
    assert deal.last_trick_winner is not None
    bonus = [0] * deal.n
    bonus[deal.last_trick_winner] = rules.last_trick_points
    brisques = [10 * sum(1 for i in deal.won[s] if rank_of(deal.kinds[i]) in (ACE, TEN))
                for s in range(deal.n)]
    before = [declared[s] + bonus[s] for s in range(deal.n)]
    counted = bool(deal.extra["brisques_counted"])
    assert counted == (rules.brisques_count and rules.brisques_counted(before, brisques))
    for seat in range(deal.n):
        assert deal.card_points[seat] == (brisques[seat] if counted else 0)
        assert deal.points[seat] == before[seat] + deal.card_points[seat]
    assert sum(brisques) == 80 * rules.packs
    assert all(not h for h in deal.hands) and all(not t for t in deal.tables)
    names = {name for _, name, _ in deal.declarations}
    assert names <= set(rules.combination_points) | {"carte_blanche"}
    if not rules.options.get("four_tens"):
        assert "four_tens" not in names
    settled = deal.result().extra["settlement"]
    assert settled == rules.settle(deal.points, counted).to_json()
    if deal.points[0] == deal.points[1]:
        assert settled["winner"] is None and settled["points"] == 0
    else:
        assert settled["winner"] == int(deal.points[1] > deal.points[0])


def check_session(game: Game) -> None:
    """The record replays to the same settlements and session totals."""
    assert isinstance(game, Session)
    again = check_replay(game)
    assert isinstance(again, Session)
    assert again.session_facts() == game.session_facts()
    out = summary(again)
    assert out["session"]["games"] == len(game.settlements)
    points = [0, 0]
    for entry, settled in zip(out["deals"], game.settlements, strict=True):
        assert entry["settlement"] == settled.to_json()
        assert entry["trumps"] is None or entry["trumps"] in SUITS
        if settled.winner is not None:
            points[settled.winner] += settled.points
    assert out["session"]["points"] == points


CASES: list[tuple[str, dict[str, Any] | None, float, int]] = [
    ("rubicon", None, 0.7, 31),
    ("rubicon", {"four_tens": True, "games": 3}, 0.3, 32),
    ("six-pack", {"games": 2}, 1.0, 33),
    ("eight-pack", {"games": 4}, 1.0, 34),
]


@simulation
@pytest.mark.parametrize(("variant", "options", "part", "seed"), CASES,
                         ids=[f"{v}-{i}" for i, (v, _, _, _) in enumerate(CASES)])
def test_random_simulation(variant: str, options: dict[str, Any] | None, part: float,
                           seed: int) -> None:
    deals = share(sim_deals(4), part)
    stats = play(variant, deals, seed, options, deal_end=check_deal_end,
                 game_end=check_session, each_step=check_shown)
    assert stats["deals"] == deals
    if deals >= 200:  # enough play to have met the common declarations
        assert stats["declarations"] > deals
        for name in ("marriage", "trump_marriage", "bezique", "double_bezique", "four_kings"):
            assert stats.get(name, 0) > 0, name
        # a blank hand: 1.5% of rubicon's hands, 0.35% of six-pack's
        if variant == "rubicon" or (variant == "six-pack" and deals >= 1000):
            assert stats.get("carte_blanche", 0) > 0
        assert 0 < stats["trumps_fixed"] <= deals
