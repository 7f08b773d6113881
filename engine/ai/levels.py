"""The three AI levels (easy, normal, strong) by name, and the hint.

The levels themselves: ``engine.ai.normal_level`` (normal and easy: rules with card
counting), ``engine.ai.strong_level`` (search), ``engine.ai.reasons`` (why a move).
All decide through generators (``decide(obs)``) and see only the observation.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..observation import Observation
from .normal_level import EasyPlayer, NormalPlayer, normal_action
from .reasons import REASONS, reason_for
from .strong_level import StrongPlayer

__all__ = [
    "LEVELS", "REASONS", "EasyPlayer", "NormalPlayer", "StrongPlayer", "hint", "normal_action",
    "reason_for",
]


def hint(obs: Observation, worlds: int = 6, time_budget: float | None = 0.5,
         seed: int = 1) -> tuple[Action, str]:
    """What the strong AI would do now, with a reason code (catalog ``hint.<code>``)."""
    player = StrongPlayer(random.Random(seed), worlds=worlds, time_budget=time_budget)
    gen = player.decide(obs)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        action: Action = stop.value
    return action, player.explain(obs, action)


LEVELS: dict[str, type[EasyPlayer] | type[NormalPlayer] | type[StrongPlayer]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "strong": StrongPlayer,
}
