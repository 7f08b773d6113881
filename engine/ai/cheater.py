"""A bound for the arena, not a level: the strong level's search over the true hands.

``CheaterPlayer`` is the strong level in every respect but one: the arena shows it the
real deal before each decision (``see``), and its worlds are that deal with only the
stock shuffled. It knows what every other seat holds, which no inference can know
better, and not the order of the stock, which no inference can learn at all; so what it
wins over the strong level is the most that a better reading of the others' choices could
still win (docs/ai.md). Only the arena shows it deals (``engine.players.Sighted``).
"""

from __future__ import annotations

import random

from ..deal import Deal
from ..observation import Observation
from .search import Sampler
from .strong_level import StrongPlayer


class CheaterPlayer(StrongPlayer):
    name = "cheater"

    def __init__(self, rng: random.Random | None = None, **kwargs: object) -> None:
        super().__init__(rng, **kwargs)  # type: ignore[arg-type]
        self.deal: Deal | None = None

    def see(self, deal: Deal) -> None:
        self.deal = deal.clone()

    def sampler(self, obs: Observation) -> Sampler | None:
        deal = self.deal
        if deal is None or deal.current != obs.seat:
            return None  # not shown this position: it samples as the strong level does

        def true_hands(rng: random.Random) -> tuple[Deal, float]:
            world = deal.clone()
            rng.shuffle(world.stock)
            return world, 1.0

        return true_hands
