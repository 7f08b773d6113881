"""AI speed figures for ``python -m engine bench`` (CPython, or whatever runs it)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from ..observation import Observation


def sample_positions(variant: str, count: int, seed: int) -> list[Observation]:
    """Positions with a real choice, taken from greedy games."""
    from ..game import new_game
    from ..players import choose, make_player

    rng = random.Random(seed)
    out: list[Observation] = []
    game_seed = seed
    while len(out) < count:
        game = new_game(variant, seed=game_seed)
        game_seed += 1
        players = [make_player("greedy", random.Random(s)) for s in range(game.rules.players)]
        while not game.deal.is_terminal and len(out) < count:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if len(obs.legal_actions) > 1 and rng.random() < 0.12:
                out.append(obs)
            game.apply(choose(players[seat], obs))
    return out


def ai_figures(variant: str = "classic", count: int = 12, seed: int = 1) -> dict[str, Any]:
    """Median and max seconds per decision of each level on the same positions."""
    from ..players import choose, make_player

    positions = sample_positions(variant, count, seed)
    figures: dict[str, Any] = {}
    for level in ("easy", "normal", "strong"):
        times = []
        for k, obs in enumerate(positions):
            player = make_player(level, random.Random(k))
            t0 = time.perf_counter()
            choose(player, obs)
            times.append(time.perf_counter() - t0)
        figures[f"{level}_median_ms_per_move"] = round(1000 * statistics.median(times), 2)
        figures[f"{level}_max_ms_per_move"] = round(1000 * max(times), 2)
    figures["ai_positions"] = len(positions)
    return figures
