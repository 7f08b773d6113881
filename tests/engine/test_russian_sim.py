"""Seeded random simulation of the Russian family (the harness: simulate.py).

Every step checks the cards of the whole deck (dead cards included) and that a legal action
exists; clones, JSON round trips and observations are checked on a sample of steps. Every
deal checks that its totals are explained by declarations, card points and the last trick;
every game is replayed from its record and must give the same scores and summary.
"""

from __future__ import annotations

from typing import Any

import pytest
from simulate import check_replay, play, share, sim_deals, simulation

from engine.cards import SUITS, rank_of
from engine.cli import summary
from engine.deal import Deal
from engine.game import Game
from engine.variants.russian import CARD_POINTS


def check_deal_end(deal: Deal) -> None:
    deal.check_cards()
    assert not deal.legal_actions()
    declared = [0] * deal.n
    for seat, _, points in deal.declarations:
        declared[seat] += points
    assert deal.last_trick_winner is not None
    bonus = [0] * deal.n
    bonus[deal.last_trick_winner] = deal.rules.last_trick_points
    for seat in range(deal.n):
        assert deal.points[seat] == declared[seat] + deal.card_points[seat] + bonus[seat]
        taken = sum(CARD_POINTS.get(rank_of(deal.kinds[i]), 0) for i in deal.won[seat])
        assert deal.card_points[seat] == taken
    dead = sum(CARD_POINTS.get(rank_of(deal.kinds[i]), 0) for i in deal.dead)
    assert sum(deal.card_points) + dead == 120 * deal.rules.packs
    assert len(deal.dead) == (len(deal.kinds) - deal.n * 8) % deal.n
    assert all(not h for h in deal.hands) and all(not t for t in deal.tables)
    names = {name for _, name, _ in deal.declarations}
    assert names <= set(deal.rules.combination_points) | {"seven", "seven_turnup"}


def check_game(game: Game) -> None:
    """The record replays to the same game, and its summary tells the sides and trumps."""
    again = check_replay(game)
    out = summary(again)
    assert out["game"]["totals"] == game.totals
    if game.rules.partnerships:
        assert out["game"]["sides"] == game.side_totals()
        for entry, result in zip(out["deals"], game.results, strict=True):
            assert entry["sides"] == [result.totals[0] + result.totals[2],
                                      result.totals[1] + result.totals[3]]
    if not game.rules.has_turnup:
        for entry in out["deals"]:
            assert entry["trumps"] is None or entry["trumps"] in SUITS
    else:
        assert all("trumps" not in entry for entry in out["deals"])
    if game.winner is not None:
        sides = game.side_totals()
        assert sides[game.winner] >= game.rules.target


CASES = [
    ("russian", None, 1.0, 11),
    ("russian", {"target": 1500, "double_bezique_540": True, "tie_break": "higher_score"},
     0.05, 12),
    ("russian-3", None, 1.0, 13),
    ("russian-4", None, 1.0, 14),
    ("no-trump", {"players": 2}, 0.34, 15),
    ("no-trump", {"players": 3}, 0.33, 16),
    ("no-trump", {"players": 4}, 0.33, 17),
]


@simulation
@pytest.mark.parametrize(("variant", "options", "part", "seed"), CASES,
                         ids=[f"{v}-{(o or {}).get('players', '')}{i}" for i, (v, o, _, _)
                              in enumerate(CASES)])
def test_random_simulation(variant: str, options: dict[str, Any] | None, part: float,
                           seed: int) -> None:
    deals = share(sim_deals(60), part)
    stats = play(variant, deals, seed, options, deal_end=check_deal_end, game_end=check_game)
    assert stats["deals"] == deals
    if deals >= 20:
        assert stats["declarations"] > 0
    if deals >= 200:  # enough play to have met the common declarations
        assert stats["declarations"] > deals
        for name in ("marriage", "bezique", "four_kings"):
            assert stats.get(name, 0) > 0, name
        if variant == "no-trump":
            assert 0 < stats["trumps_fixed"] < deals
