"""The strong level: determinized search (``search.pimc``) over worlds consistent with
what it has seen, rollouts by the fast policy, the exact solver for the end phase playing
to win the game where the deal can end it; the normal level's choice (played by numbers
tuned for the variant: ``normal_weights``) stands unless the search clearly prefers another;
bezik vido from its estimated chance to win the game, weighed by the match (``match_equity``).

Its budgets (worlds, seconds; the browser's and CPython's) and tuning constants live here.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Generator

from ..actions import ACCEPT, VIDO, Action
from ..observation import Observation
from ..phases import ANSWERING, PLAYING
from .evaluate import model_for, policy_for, predicted_rest, prior_for, rest_spread, stock_share
from .match_equity import match_vido_choice
from .normal_level import Decision, normal_action
from .normal_weights import NORMAL, NormalWeights
from .play_model import PlayModel
from .policy import PolicyWeights
from .reasons import reason_for
from .search import Sampler, SearchResult, pimc, running_score, side_score
from .vido import vido_choice, win_chance
from .world import Knowledge, WorldError, sample_world

IN_BROWSER = sys.platform == "emscripten"


# ----- strong: determinized search ----------------------------------------
# Rollouts stop HORIZON tricks ahead; the leaf adds WEIGHT × the worth of the held
# cards (tuned in duplicate duels against greedy). Budgets: (worlds, seconds).
HORIZON = 4
WEIGHT = 0.5
PRIOR_BONUS = 30.0  # the normal choice's head start (5 let noise overrule it: docs/ai.md)
# No-trump deals score about 2.5 times russian ones, and so does the spread between worlds:
# at 30 the search overruled the normal choice in 56 of 100 sampled positions (russian: 28),
# at 60 in 43 (tools/prior_overrules.py); 60 won more games against normal (docs/measurements.md).
# Bezik's deals spread as widely (a margin's standard deviation about 720 points, classic's
# 215): at 30 the search overruled the normal choice on noise; 100 took 52.2% of the points
# from the strong level at 30 over two seeds, 200 fewer than 100 (docs/ai.md).
PRIOR_BONUS_BY_VARIANT = {"no-trump": 60.0, "bezik": 100.0}
# Six and eight packs: the big combinations still in the making join the leaf
# (``combo_leaf``), at this share of their estimated worth. Below 1 on purpose: declaring
# turns a combination's leaf share into its full points, so the biggest is declared first
# (at 1 a small declaration and a big one kept for later looked as good as the reverse,
# though every declaration needs a trick won, and the tricks run out).
COMBO_WEIGHT_BY_VARIANT = {"six-pack": 0.5, "eight-pack": 0.5}
# There too, hands of 12 and 15 cards give many candidates whose means over 16 worlds
# spread by hundreds of points: the best of them is often best by noise. The normal
# choice stands unless the search's paired lead over it is this many standard errors.
OVERRULE_Z_BY_VARIANT = {"six-pack": 2.0, "eight-pack": 2.0}
# Where no world fits what the seat saw (the sampler cannot replay some of the other
# seat's declarations made again: about one eight-pack game in two, from early in the
# deal, every later move of that seat), the search returned the first legal action; these
# variants take the normal choice then. Others keep the old way (their play unchanged).
PRIOR_WITHOUT_WORLDS = frozenset({"six-pack", "eight-pack"})
BROWSER_BUDGET: tuple[int | None, float | None] = (400, 0.8)
CPYTHON_BUDGET: tuple[int | None, float | None] = (16, None)
SOLVE_CARDS = 4  # three or four players: exact end phase once no hand holds more
PRUNE_Z = 3.0  # adaptive worlds: drop a move this many standard errors behind the best
# The last trick deciding the game (two players): searched from this stock size, the
# normal choice leading by this many percent of worlds.
LAST_TRICK_BELOW = 16
LAST_TRICK_BONUS = 10.0
# Some side this near the target: searched there for the chance to win the game. Off until
# a full arena shows it (tools/last_trick_ab.py --reach 200 is the first measure).
GAME_REACH = 0

class StrongPlayer:
    """PIMC over consistent worlds with rollouts and the exact end-phase solver.

    ``worlds`` bounds the search by a count (deterministic); ``time_budget``
    by seconds (the browser: about one second per move)."""

    name = "strong"

    def __init__(self, rng: random.Random | None = None, worlds: int | None = None,
                 time_budget: float | None = None, slice_seconds: float = 0.03,
                 horizon: int | None = HORIZON, weight: float = WEIGHT,
                 learned: bool = True, solve_cards: int = SOLVE_CARDS,
                 infer: bool = True,
                 prune: float = PRUNE_Z, prior_bonus: float | None = None,
                 play_to_win: bool = True, last_trick_below: int = LAST_TRICK_BELOW,
                 last_trick_bonus: float = LAST_TRICK_BONUS, game_reach: int = GAME_REACH,
                 combo_weight: float | None = None, overrule_z: float | None = None,
                 weights: dict[str, list[float]] | None = None,
                 policies: dict[str, PolicyWeights] | None = None,
                 priors: dict[str, NormalWeights] | None = None,
                 play_model: PlayModel | None = None, exact_end: bool = False,
                 match_aware: bool = True) -> None:
        self.rng = rng or random.Random(0)
        if worlds is None and time_budget is None:
            worlds, time_budget = BROWSER_BUDGET if IN_BROWSER else CPYTHON_BUDGET
        self.worlds = worlds
        self.time_budget = time_budget
        self.slice_seconds = slice_seconds
        self.horizon = horizon
        self.weight = weight
        self.learned = learned
        self.solve_cards = solve_cards
        self.infer = infer
        self.prune = prune
        self.prior_bonus = prior_bonus  # None: the variant's (PRIOR_BONUS_BY_VARIANT)
        self.play_to_win = play_to_win  # the exact end phase plays for the game, not points
        self.last_trick_below = last_trick_below
        self.last_trick_bonus = last_trick_bonus
        self.game_reach = game_reach
        self.combo_weight = combo_weight  # None: the variant's (COMBO_WEIGHT_BY_VARIANT)
        self.overrule_z = overrule_z  # None: the variant's (OVERRULE_Z_BY_VARIANT)
        self.weights = weights  # models per variant other than the shipped ones (arenas)
        self.policies = policies  # rollout-policy weights other than the shipped ones
        self.priors = priors  # the prior's numbers other than the shipped ones ({}: normal's)
        self.play_model = play_model  # None: the old inference (undeclared combinations)
        self.exact_end = exact_end  # rollouts reaching the end phase: solved exactly
        self.match_aware = match_aware  # bezik vido weighed by the match (match_equity)
        self.last: SearchResult | None = None

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal_actions
        seed = self.rng.randrange(2**30)
        if len(legal) == 1:
            return legal[0]
        if obs.phase == ANSWERING or Action(VIDO) in legal:
            chance = yield from self.chance(obs, seed)
            weigh = match_vido_choice if self.match_aware else vido_choice
            choice = weigh(obs, chance)
            if choice is not None or obs.phase == ANSWERING:
                return choice or Action(ACCEPT)
        try:
            exact = obs.players == 2 and obs.end_phase and obs.phase == PLAYING
            bonus = self.bonus_for(obs.variant)
            # the rule-based prior would solve the end phase a second time: not needed there
            numbers = self.prior_weights(obs.variant)
            prior = (normal_action(obs, random.Random(seed), weights=numbers)
                     if bonus and not exact else None)
            result = yield from pimc(obs, seed, self.worlds, self.time_budget,
                                     self.slice_seconds, horizon=self.horizon,
                                     weight=self.weight, prior=prior,
                                     prior_bonus=bonus,
                                     model=self.model(obs),
                                     solve_cards=self.solve_cards,
                                     infer=self.infer,
                                     prune=self.prune, play_to_win=self.play_to_win,
                                     last_trick_below=self.last_trick_below,
                                     last_trick_bonus=self.last_trick_bonus,
                                     game_reach=self.game_reach,
                                     policy=self.policy(obs.variant),
                                     combo_weight=self.combo_for(obs.variant),
                                     overrule_z=self.z_for(obs.variant),
                                     play_model=self.play_model,
                                     sampler=self.sampler(obs),
                                     exact_end=self.exact_end)
        except WorldError:
            return normal_action(obs, self.rng, weights=self.prior_weights(obs.variant))
        if (not result.worlds and not result.exact and prior is not None
                and obs.variant in PRIOR_WITHOUT_WORLDS):
            result = SearchResult(prior)  # no world could be sampled: not the first card
        self.last = result
        return result.action

    def sampler(self, obs: Observation) -> Sampler | None:
        """Where the worlds come from: None, sampled from what the seat saw."""
        return None

    def bonus_for(self, variant: str) -> float:
        """The normal choice's head start in this variant's points."""
        if self.prior_bonus is not None:
            return self.prior_bonus
        return PRIOR_BONUS_BY_VARIANT.get(variant, PRIOR_BONUS)

    def combo_for(self, variant: str) -> float:
        """The big combinations' share in the leaf (0 outside six and eight packs)."""
        if self.combo_weight is not None:
            return self.combo_weight
        return COMBO_WEIGHT_BY_VARIANT.get(variant, 0.0)

    def z_for(self, variant: str) -> float:
        """How clearly the search must beat the normal choice (0: by the head start)."""
        if self.overrule_z is not None:
            return self.overrule_z
        return OVERRULE_Z_BY_VARIANT.get(variant, 0.0)

    def model(self, obs: Observation) -> list[float] | None:
        """The learned leaf evaluation's weights for this variant (None: hand-made leaf)."""
        if not self.learned:
            return None
        if self.weights is not None:
            return self.weights.get(obs.variant)
        return model_for(obs.variant)

    def policy(self, variant: str) -> PolicyWeights:
        """The rollout policy's weights for this variant."""
        if self.policies is not None and variant in self.policies:
            return self.policies[variant]
        return policy_for(variant)

    def prior_weights(self, variant: str) -> NormalWeights:
        """The numbers the normal choice it starts from is played by in this variant."""
        if self.priors is not None:
            return self.priors.get(variant, NORMAL)
        return prior_for(variant)

    def chance(self, obs: Observation, seed: int) -> Generator[None, None, float]:
        """Chance to win the game from the rest of this deal as sampled worlds value it:
        the learned evaluation (with its measured error as the spread), else rollouts."""
        from .policy import rollout

        rng = random.Random(seed)
        model = self.model(obs)
        diffs: list[float] = []
        spreads: list[float] = []
        know = Knowledge(obs)
        for k in range(min(8 if model else 6, self.worlds or 8)):
            try:
                world = sample_world(obs, random.Random(seed + k), know)
            except WorldError:
                continue
            if world.phase == ANSWERING:
                world.apply(Action(ACCEPT))
            before = side_score(world, obs.seat)
            spread = rest_spread(obs.variant, stock_share(world)) if model else None
            if model is not None and spread is not None:
                diffs.append(running_score(world, obs.seat) - before
                             + predicted_rest(world, obs.seat, model))
                spreads.append(spread)
            else:
                rollout(world, rng, weights=self.policy(obs.variant))
                diffs.append(side_score(world, obs.seat) - before)
            yield
        if not diffs:
            return win_chance(obs)
        mean = sum(diffs) / len(diffs)
        if spreads:
            spread = sum(spreads) / len(spreads)
        else:
            spread = (sum((d - mean) ** 2 for d in diffs) / len(diffs)) ** 0.5 + 200.0
        return win_chance(obs, mean, spread)

    def explain(self, obs: Observation, action: Action) -> str:
        return reason_for(obs, action, self.last)
