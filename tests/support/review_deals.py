"""Deals with a known mistake, for the review's tests (the engine's, the screen's, end to end).

``planted_deal``: a classic deal played by the normal level to the end phase; there, at seat
0's first decision with five cards or fewer and a losing choice, seat 0 plays the worst card
(the planted mistake, its exact loss known from the solver), then both sides play perfectly
(the known best moves). ``thrown_bezique``: in the stock phase, after declaring the bezique,
seat 0 leads its Q♠ from the table (no double bezique any more), normal play otherwise.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine import new_game
from engine.actions import Action
from engine.ai.search import side_score
from engine.ai.solver import solve_deal
from engine.deal import Deal
from engine.playable import PlayableGame
from engine.players import choose, make_player

SEAT = 0


@dataclass(frozen=True)
class PlantedDeal:
    record: dict[str, Any]
    mistake: int  # the planted mistake's index among the deal's actions
    loss: float  # its exact loss in points
    best_moves: tuple[int, ...]  # seat 0's perfect moves after it (more than one choice)
    played: str  # the mistake's action
    best: tuple[str, ...]  # the actions that would have lost nothing there


def exact_margin(deal: Deal, seat: int) -> float:
    """Both sides play the end phase perfectly: the seat's final margin."""
    deal = deal.clone()
    while not deal.is_terminal:
        current = deal.current
        assert current is not None
        deal.apply(solve_deal(deal, current)[0])
    return side_score(deal, seat)


def after(deal: Deal, action: Action, seat: int) -> float:
    copy = deal.clone()
    copy.apply(action)
    return exact_margin(copy, seat)


@cache
def planted_deal() -> PlantedDeal:
    for seed in range(40):
        game = new_game("classic", seed=seed)
        players = [make_player("normal", random.Random(seed + s)) for s in range(2)]
        deal = game.deal
        planted_at, loss, best_moves = -1, 0.0, []
        played, best = "", ()
        while not deal.is_terminal:
            seat = deal.current
            assert seat is not None
            end = deal.in_end_phase and deal.phase == "play"
            if end and seat == SEAT and planted_at < 0 and len(deal.hands[seat]) <= 5:
                values = {a: after(deal, a, seat) for a in deal.legal_actions()}
                top, worst = max(values.values()), min(values.values())
                if top > worst:
                    planted_at, loss = len(deal.history), top - worst
                    chosen = min(values, key=lambda a: values[a])
                    played = str(chosen)
                    best = tuple(str(a) for a, v in values.items() if v == top)
                    game.apply(chosen)
                    continue
            if end and planted_at >= 0:
                action = solve_deal(deal, seat)[0]
                if seat == SEAT and len(deal.legal_actions()) > 1:
                    best_moves.append(len(deal.history))
            else:
                action = choose(players[seat], game.observation(seat))
            game.apply(action)
        if planted_at >= 0 and best_moves:
            return PlantedDeal(game.record(), planted_at, loss, tuple(best_moves), played, best)
    raise AssertionError("no deal with a losing end-phase choice")


def thrown_bezique(seed: int = 3) -> tuple[PlayableGame, int]:
    """The finished game, and the index of the Q♠ led after the bezique was declared."""
    game = new_game("classic", seed=seed)
    players = [make_player("normal", random.Random(seed * 3 + s)) for s in range(2)]
    deal = game.deal
    declared, planted_at = False, -1
    throw = Action.parse("play QS")
    while not deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        if seat == SEAT and declared and planted_at < 0 and throw in obs.legal_actions \
                and not deal.trick:
            planted_at = len(deal.history)
            game.apply(throw)
            continue
        action = choose(players[seat], obs)
        game.apply(action)
        declared = declared or (seat == SEAT and str(action) == "declare QS JD")
    assert planted_at >= 0
    return game, planted_at
