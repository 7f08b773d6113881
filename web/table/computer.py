"""Who plays the other seats, and the hint.

The engine's players (``engine.players``) decide through a generator that
yields between slices of thinking; ai_runner drives it without freezing the
page. The levels offered are the engine's AI levels.
"""

from __future__ import annotations

import random
from typing import Protocol, cast

from engine import Action, Observation, players
from engine.players import Decision
from web.table.ai_runner import drive

LEVELS = ("easy", "normal", "strong")  # as the new-game screen offers them
DEFAULT_LEVEL = "normal"
BEST_LEVEL = "strong"  # the hint's, and the level of an unknown saved name
BROWSER_SLICE = 0.01


def levels() -> list[str]:
    """The AI levels to offer in the new-game dialog."""
    return list(LEVELS)


def default_level() -> str:
    return DEFAULT_LEVEL


def make_player(level: str, seed: int | None = None) -> players.Player:
    """A player of a level; an unknown level plays as the strongest."""
    name = level if level in players.PLAYERS else BEST_LEVEL
    rng = random.Random(seed if seed is not None else random.randrange(2**31))
    player = players.make_player(name, rng)
    # Pyodide runs the search several times slower than CPython: yield more often so
    # that one slice (plus the unit of work that overruns it) stays far below 200 ms.
    if isinstance(getattr(player, "slice_seconds", None), float):
        player.slice_seconds = min(player.slice_seconds, BROWSER_SLICE)  # type: ignore[attr-defined]
    return player


class Explaining(Protocol):
    """A player that says why it chose (the AI levels: ``engine.ai.levels``)."""

    def decide(self, obs: Observation) -> Decision: ...
    def explain(self, obs: Observation, action: Action) -> str: ...


async def hint_for(obs: Observation) -> tuple[Action, str]:
    """What the strongest player would do for the observing seat, and its reason code
    (catalog ``hint.reason.<code>``, from ``engine.ai.reasons.reason_for``)."""
    player = cast(Explaining, make_player(BEST_LEVEL))
    action = await drive(player.decide(obs))
    return action, player.explain(obs, action)
