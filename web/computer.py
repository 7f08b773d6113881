"""Who plays the other seats, and the hint.

The engine's players (``engine.players``) decide through a generator that
yields between slices of thinking; ai_runner drives it without freezing the
page. The levels offered are the engine's AI levels.
"""

from __future__ import annotations

import random
from typing import Any

from engine import players
from web.ai_runner import drive

LEVELS = ("easy", "normal", "strong")  # as the new-game screen offers them
DEFAULT_LEVEL = "normal"
BEST_LEVEL = "strong"  # the hint's, and the level of an unknown saved name
BROWSER_SLICE = 0.01


def levels() -> list[str]:
    """The AI levels to offer in the new-game dialog."""
    return list(LEVELS)


def default_level() -> str:
    return DEFAULT_LEVEL


def make_player(level: str, seat: int, game: Any, seed: int | None = None) -> Any:
    """A player for a seat; an unknown level plays as the strongest."""
    name = level if level in players.PLAYERS else BEST_LEVEL
    rng = random.Random(seed if seed is not None else random.randrange(2**31))
    player = players.make_player(name, rng)
    # Pyodide runs the search several times slower than CPython: yield more often so
    # that one slice (plus the unit of work that overruns it) stays far below 200 ms.
    if isinstance(getattr(player, "slice_seconds", None), float):
        player.slice_seconds = min(player.slice_seconds, BROWSER_SLICE)  # type: ignore[attr-defined]
    return player


async def hint_for(game: Any, obs: Any, seat: int) -> tuple[Any, str]:
    """What the strongest player would do for this seat, and its reason code
    (catalog ``hint.reason.<code>``, from ``engine.ai.levels.reason_for``)."""
    player = make_player(BEST_LEVEL, seat, game)
    action = await drive(player.decide(obs))
    return action, str(player.explain(obs, action))
