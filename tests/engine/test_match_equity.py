"""Bezik vido weighed by the match (engine.ai.match_equity)."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.actions import ACCEPT, REFUSE, VIDO, Action
from engine.ai.levels import StrongPlayer
from engine.ai.match_equity import equity, match_vido_choice
from engine.ai.reasons import reason_for
from engine.ai.vido import vido_choice
from engine.match import Match
from engine.observation import Observation
from engine.players import choose


def _match_obs(points: tuple[int, int], totals: tuple[int, int], *, to: int = 4,
               answering: bool = False) -> Observation:
    """The first lead of a game in a match, as (me, the other) ``points`` and game
    ``totals``; ``answering``: the other player has just called vido."""
    game = new_game("bezik", {"match": to}, seed=3)
    assert isinstance(game, Match)
    caller = game.current_player
    assert caller is not None
    me = 1 - caller if answering else caller
    for seat, value in ((me, points[0]), (1 - me, points[1])):
        game.points[seat] = value
    for seat, value in ((me, totals[0]), (1 - me, totals[1])):
        game.current_game.totals[seat] = value
    game.deal.extra["game_before"] = list(game.current_game.totals)
    if answering:
        game.apply(Action(VIDO))
    return game.observation(me)


@pytest.mark.parametrize("to,cycle_len", [(4, 1), (16, 5)])
def test_equity_is_a_fair_chance(to: int, cycle_len: int) -> None:
    """Even at an even score, one side's chance is the other's complement, and more
    match points never lower it."""
    assert equity(0, 0, to, 0, cycle_len) == pytest.approx(0.5)
    for mine in range(to):
        for theirs in range(to):
            assert equity(mine, theirs, to, 0, cycle_len) + equity(
                theirs, mine, to, 0, cycle_len) == pytest.approx(1.0)
            assert equity(mine + 1, theirs, to, 0, cycle_len) >= equity(
                mine, theirs, to, 0, cycle_len)


def test_no_vido_when_the_game_already_wins_the_match() -> None:
    """At 3–0 a game at stake 1 wins a match to 4: a call could only hand over a kontr."""
    obs = _match_obs((3, 0), (2600, 600))
    assert Action(VIDO) in obs.legal_actions
    assert vido_choice(obs, 0.9) == Action(VIDO)
    assert match_vido_choice(obs, 0.9) is None
    level = _match_obs((0, 0), (2600, 600))
    assert match_vido_choice(level, 0.9) == Action(VIDO)


def test_refusing_early_costs_double() -> None:
    """Early in a game a refusal is rubikon (under 1500): worth accepting a poor chance."""
    early = _match_obs((0, 0), (0, 0), answering=True)
    assert vido_choice(early, 0.2) == Action(REFUSE)
    assert match_vido_choice(early, 0.2) == Action(ACCEPT)
    late = _match_obs((0, 0), (1600, 2900), answering=True)
    assert match_vido_choice(late, 0.05) == Action(REFUSE)


def test_nothing_to_save_by_refusing() -> None:
    """At 0–3 any refusal loses the match: accept, however poor the chance; the strong
    level does, and its hint says why (the game alone would refuse)."""
    obs = _match_obs((0, 3), (1600, 2900), answering=True)
    assert match_vido_choice(obs, 0.01) == Action(ACCEPT)
    assert choose(StrongPlayer(random.Random(1), worlds=2), obs) == Action(ACCEPT)
    assert choose(StrongPlayer(random.Random(1), worlds=2, match_aware=False),
                  obs) == Action(REFUSE)
    assert reason_for(obs, Action(ACCEPT)) == "accepts_vido_match"
    fair = _match_obs((0, 3), (1500, 1500), answering=True)
    assert reason_for(fair, Action(ACCEPT)) == "accepts_vido"


def test_outside_a_match_it_is_the_game_rule() -> None:
    game = new_game("bezik", seed=3)
    obs = game.observation(game.current_player or 0)
    obs.match = None
    for chance in (0.1, 0.5, 0.8):
        assert match_vido_choice(obs, chance) == vido_choice(obs, chance)
