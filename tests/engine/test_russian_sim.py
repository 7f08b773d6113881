"""Seeded random simulation of the Russian family with its invariants checked step by step.

``BEZIQUE_SIM_DEALS`` scales the number of deals per variant (default 1000; the
Pyodide run uses a small value). Every step of every deal checks the cards of the
whole deck (dead cards included) and that a legal action exists; ``clone()`` and the
JSON round trip giving an equal state, and observations showing exactly the own hand,
are checked on a sample of steps (see ``FULL``). Every deal checks that its totals are
explained by declarations, card points and the last trick; every game is replayed from
its record and must give the same scores.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

from engine.actions import DECLARE, PASS, SEVEN
from engine.cards import SUITS, rank_of
from engine.cli import summary
from engine.deal import Deal
from engine.game import Game, new_game, replay_record
from engine.players import choose, make_player
from engine.variants import make_rules
from engine.variants.russian import CARD_POINTS


def sim_deals() -> int:
    return int(os.environ.get("BEZIQUE_SIM_DEALS", "1000"))


# The copy and observation checks cost more than the play itself: by default they run at
# every step of every 20th deal and at every 32nd step of the others; BEZIQUE_SIM_FULL=1
# runs them at every step of every deal.
FULL = bool(os.environ.get("BEZIQUE_SIM_FULL"))


class Eager:
    """A random player that declares whenever it can (to exercise the declaration rules)."""

    name = "eager"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: Any) -> Any:
        legal = obs.legal_actions
        declares = [a for a in legal if a.kind in (DECLARE, SEVEN)]
        if declares and self.rng.random() < 0.85:
            return self.rng.choice(declares)
        plays = [a for a in legal if a.kind != PASS] or legal
        return self.rng.choice(plays if self.rng.random() < 0.9 else legal)
        yield  # pragma: no cover


def check_step(deal: Deal, legal: list[Any], full: bool) -> None:
    """Cheap checks at every step; with ``full`` also the copies and the observation."""
    deal.check_cards()
    assert legal, "a legal action exists until the deal ends"
    if not full:
        return
    seat = deal.current_player
    assert seat is not None
    assert deal.clone() == deal
    again = Deal.from_json(json.loads(json.dumps(deal.to_json())))
    assert again == deal
    assert again.legal_actions() == legal
    viewers = {seat, (seat + 2) % deal.n} if deal.rules.partnerships else {seat}
    for viewer in viewers:  # the one to act, and his partner in fours
        obs = deal.observation(viewer)
        assert Counter(obs.hand) == Counter(deal.kinds[i] for i in deal.hands[viewer])
        assert obs.legal_actions == (legal if viewer == seat else [])
        assert "hands" not in obs.to_json()
        for event in obs.log:
            if event[0] == "draw" and event[1] != viewer and not event[3]:
                assert event[2] is None


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


def play_variant(variant: str, options: dict[str, Any] | None, deals: int, seed: int,
                 full_every: int = 20, every_step: int = 32) -> dict[str, int]:
    """Play whole games until ``deals`` deals; returns counts of what was exercised."""
    stats: Counter[str] = Counter()
    played = 0
    number = 0
    while played < deals:
        rng = random.Random(seed * 7919 + number)
        seats = make_rules(variant, options).players
        game = new_game(variant, options, seed=seed * 104729 + number, dealer=number % seats)
        players: list[Any] = []
        for _ in range(game.rules.players):
            kind = rng.choice(("eager", "random", "greedy"))
            sub = random.Random(rng.random())
            players.append(Eager(sub) if kind == "eager" else make_player(kind, sub))
        number += 1
        while True:
            deal = game.deal
            step = 0
            full_deal = FULL or played % full_every == 0
            while not deal.is_terminal:
                legal = deal.legal_actions()
                check_step(deal, legal, full=full_deal or step % every_step == 0)
                step += 1
                seat = game.current_player
                assert seat is not None
                player = players[seat]
                # Only the greedy player reads the whole observation; it costs the most.
                obs = (game.observation(seat) if player.name == "greedy"
                       else SimpleNamespace(legal_actions=legal))
                game.apply(choose(player, obs))
            check_deal_end(deal)
            stats["deals"] += 1
            stats["declarations"] += len(deal.declarations)
            stats.update(name for _, name, _ in deal.declarations)
            stats["trumps_fixed"] += deal.trump is not None
            played += 1
            if game.is_terminal or played >= deals:
                break
            game.next_deal()
        check_replay(game)
        stats["games"] += 1
    return dict(stats)


def check_replay(game: Game) -> None:
    again = replay_record(json.loads(json.dumps(game.record())))
    assert [r.to_json() for r in again.results] == [r.to_json() for r in game.results]
    assert again.totals == game.totals and again.winner == game.winner
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


def sim_workers() -> int:
    """Processes for the simulation: both cores under CPython, one where there is no fork."""
    if sys.platform == "emscripten" or not hasattr(os, "fork"):
        return 1
    return max(1, int(os.environ.get("BEZIQUE_SIM_WORKERS", min(2, os.cpu_count() or 1))))


def _chunk(args: tuple[str, dict[str, Any] | None, int, int]) -> dict[str, int]:
    return play_variant(*args)


def run_split(variant: str, options: dict[str, Any] | None, deals: int, seed: int) -> Counter[str]:
    """Play ``deals`` deals, split over worker processes (each chunk has its own seed)."""
    workers = min(sim_workers(), max(1, deals // 50))
    sizes = [deals // workers + (k < deals % workers) for k in range(workers)]
    jobs = [(variant, options, size, seed * 100 + k) for k, size in enumerate(sizes)]
    total: Counter[str] = Counter()
    if workers == 1:
        total.update(play_variant(*jobs[0]))
        return total
    import multiprocessing  # only here: Pyodide has no processes
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        for stats in pool.map(_chunk, jobs):
            total.update(stats)
    return total


@pytest.mark.parametrize(("variant", "options", "share", "seed"), CASES,
                         ids=[f"{v}-{(o or {}).get('players', '')}{i}" for i, (v, o, _, _)
                              in enumerate(CASES)])
def test_random_simulation(variant: str, options: dict[str, Any] | None, share: float,
                           seed: int) -> None:
    deals = max(1, round(sim_deals() * share))
    stats = run_split(variant, options, deals, seed)
    assert stats["deals"] == deals
    if deals >= 200:  # enough play to have met the common declarations
        assert stats["declarations"] > deals
        for name in ("marriage", "bezique", "four_kings"):
            assert stats.get(name, 0) > 0, name
        if variant == "no-trump":
            assert 0 < stats["trumps_fixed"] < deals
