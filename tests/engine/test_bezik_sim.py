"""Seeded random simulation of bezik: deals and whole matches with every invariant checked
(the harness and its counts: simulate.py)."""

from __future__ import annotations

import json
import random
from typing import Any

from simulate import LONG, play_deal, sim_deals, simulation

from engine import Game, new_game, replay_record
from engine.deal import Deal
from engine.match import BASE_POINTS, Match
from engine.players import make_player
from engine.variants.bezik import COMPLETED, LED, TAKEN_BACK, Bezik

MATCHES = 20 if LONG else 5
KNOWN = set(Bezik.combination_points)
PAIRS = (("random", "random"), ("greedy", "random"), ("random", "random"), ("random", "greedy"),
         ("greedy", "greedy"))


def check_step(deal: Deal) -> None:
    """Bezik's own invariants at every step (the harness checks the cards and copies)."""
    assert len(deal.kinds) == 96
    for index, group in enumerate(deal.groups):
        for card_id in group.cards:
            assert index in deal.card_groups[card_id]
    provisional = deal.extra["provisional"]
    assert all(p[0] in (0, 1) and p[3] > 0 for p in provisional)


def check_deal_end(deal: Deal) -> None:
    """Totals explained by the declarations, brisks and the last trick; the end rules."""
    extra = deal.extra
    declared = [0, 0]
    for seat, name, points in deal.declarations:
        declared[seat] += points
        base = name
        for suffix in (COMPLETED, LED, TAKEN_BACK):
            base = base.removesuffix(suffix)
        assert base in KNOWN, name
        assert (points < 0) == name.endswith(TAKEN_BACK)
    bonus = [0, 0]
    last = deal.last_trick_winner
    if extra["refused"] is None:
        assert last is not None and not any(deal.hands) and not any(deal.tables)
        expected = 250 if extra["trump_sequence"] else 40 if deal.trump is not None else 0
        assert extra["last_trick_points"] == expected
        bonus[last] = expected
        before, target = extra["game_before"], extra["target"]
        totals = [before[s] + deal.points[s] for s in range(2)]
        if not extra["brisks_counted"]:
            assert deal.card_points == [0, 0]
            assert totals[last] >= target > totals[1 - last]
        else:
            brisks = [20 * sum(1 for i in deal.won[s] if deal.kinds[i] & 7 in (0, 1))
                      for s in range(2)]
            assert deal.card_points == brisks and sum(brisks) == 640
    else:
        assert deal.card_points == [0, 0] and extra["last_trick_points"] == 0
    assert extra["provisional"] == [] and extra["lead_rescore"] is None
    assert deal.points == [declared[s] + deal.card_points[s] + bonus[s] for s in range(2)]
    # a dönük score is either final or taken back, never both
    led = sum(1 for _, n, _ in deal.declarations if n.endswith(LED))
    back = sum(1 for _, n, _ in deal.declarations if n.endswith(TAKEN_BACK))
    assert back <= led


def check_match(match: Match) -> None:
    """Game totals, winners and match points explained; saves and records round trip."""
    points = [0, 0]
    for game in match.games:
        assert game.totals == [sum(match.results[i].totals[s] for i in game.deals)
                               for s in range(2)]
        accepted = sum(1 for _, r in game.vidos if r == "accepted")
        assert game.stake == 2 ** accepted and accepted <= 2
        if len(game.vidos) == 2:
            assert game.vidos[0][0] != game.vidos[1][0]  # the first caller never kontrs
        if game.winner is None:
            assert game is match.current_game
            continue
        loser = game.totals[1 - game.winner]
        rubikon = game.target == 3000 and loser < 1500
        assert game.rubikon == rubikon
        assert game.match_points == BASE_POINTS[game.kind] * game.stake * (2 if rubikon else 1)
        assert game.match_points in (1, 2, 4, 8, 16)
        if game.ended_by != "refused":
            assert game.totals[game.winner] >= game.target or game.ended_by == "tie_last_trick"
        points[game.winner] += game.match_points
    assert points == match.points
    if match.winner is not None:
        assert match.points[match.winner] >= match.match_to > match.points[1 - match.winner]
    assert match.clone() == match
    restored = Game.from_json(json.loads(json.dumps(match.to_json())))
    assert restored == match
    again = replay_record(json.loads(json.dumps(match.record())))
    assert isinstance(again, Match) and again.summary() == match.summary()


def run_match(seed: int, deal_budget: int | None, names: tuple[str, str],
              options: dict[str, Any] | None = None) -> tuple[Match, int]:
    """Play a match (or ``deal_budget`` deals of it) checking every step."""
    rng = random.Random(seed)
    match = new_game("bezik", options, seed=seed, dealer=seed % 2)
    assert isinstance(match, Match)
    players = [make_player(n, random.Random(rng.random())) for n in names]
    deals = 0
    while True:
        deal = match.deal
        play_deal(match, players, deep_deal=deals == 0, each_step=check_step)
        check_step(deal)
        check_deal_end(deal)
        deals += 1
        if match.is_terminal or (deal_budget is not None and deals >= deal_budget):
            return match, deals
        match.next_deal()


@simulation
def test_random_deals_keep_every_invariant() -> None:
    deals = sim_deals(40)
    played = 0
    seed = 0
    pairs = (("random", "random"), ("greedy", "random"), ("random", "random"),
             ("random", "greedy"), ("random", "random"), ("greedy", "greedy"))
    while played < deals:
        match, more = run_match(1000 + seed, deals - played, pairs[seed % len(pairs)])
        played += more
        seed += 1
        if seed % 10 == 0 or played >= deals:
            check_match(match)
    assert played >= deals


@simulation
def test_whole_matches_keep_every_invariant() -> None:
    kinds: set[str] = set()
    for number in range(MATCHES):
        names = PAIRS[number % len(PAIRS)]
        match, _ = run_match(5000 + number, None, names, {"match": 4} if number % 5 == 4 else {})
        assert match.is_terminal and match.winner is not None
        check_match(match)
        kinds.update(g.kind for g in match.games)
    assert kinds == {"normal", "sanvuar"}
