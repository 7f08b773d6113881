"""The review after a deal: where a stronger search than the opponent's prefers another move.

The deal is replayed from its record; at each of the reviewed seat's decisions with more
than one card action (plays, declarations, a seven, pass) the strong level's search
(``search.pimc``: the same rollouts, leaf model and rollout policy) values every candidate,
but with more worlds than its CPython default and world by world, so that the spread
between worlds is measured. With two players once the stock is empty the values are exact
(the end-phase solver; there the record's position is fully known to the reviewed seat).

The estimate of a move's loss is the mean over worlds of (best candidate − played move),
paired in each world (common random numbers). It is reported only when it exceeds both
``MIN_LOSS`` and z standard errors of that mean, z from the false-alarm chance
``REVIEW_ALPHA`` shared among the alternatives: below that the difference is the
estimate's noise (docs/ai.md). Exact losses need only be above zero.

The review is a generator yielding ``Progress`` between units of work (one world of one
decision, or one exact solve), like the levels' ``decide()``: the page drives it in slices
and cancels it by closing it. Values are in points (the deal's margin), not the game:
the review never plays for the game's target as the strong level does near the end.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..errors import IllegalActionError, RecordError
from ..game import ReplayError, replay_record
from ..playable import PlayableGame
from .evaluate import model_for, policy_for
from .search import SearchResult, candidates, pimc
from .strong_level import CPYTHON_BUDGET, HORIZON, SOLVE_CARDS, WEIGHT
from .world import WorldError

# More worlds than the strong level's CPython default (16): halves the standard error.
_DEFAULT_WORLDS = CPYTHON_BUDGET[0] or 16
REVIEW_WORLDS = 4 * _DEFAULT_WORLDS
# The chance that a decision's noise alone reports an entry: one-sided, shared among the
# alternatives (Bonferroni), so a loss must exceed z = Φ⁻¹(1 − α/k) standard errors with k
# alternatives (1.96 for one, 2.69 for seven) — the best of many noisy means is biased up.
REVIEW_ALPHA = 0.025
MIN_LOSS = 5.0  # points: below half the smallest score step nobody needs to hear of it

BEST = "best"  # the played move is the best (or exactly as good)
CLOSE = "close"  # another move looks better, but by less than the noise
LOSS = "loss"  # another move is better by more than the noise: an entry


class SeatError(ValueError):
    """The reviewed seat is not a seat of the record's variant (a usage error)."""


@dataclass(frozen=True)
class Progress:
    """How far the review is: units of work done out of the planned total."""

    done: int
    total: int

    @property
    def share(self) -> float:
        return self.done / self.total if self.total else 1.0


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the reviewed seat: the move played, the best by the search, and
    the points the played move loses against it (0 when it is the best)."""

    index: int  # the action's index in the deal's ``actions`` (the replay viewer's step)
    played: str
    best: str
    loss: float  # points, rounded to 0.1
    noise: float  # the threshold: z standard errors of the loss (0 when exact)
    exact: bool
    worlds: int  # worlds valued (1 for an exact solve)
    verdict: str  # BEST, CLOSE or LOSS

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "played": self.played, "best": self.best,
                "loss": self.loss, "noise": self.noise, "exact": self.exact,
                "worlds": self.worlds, "verdict": self.verdict}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReviewedDecision:
        try:
            verdict = str(data["verdict"])
            if verdict not in (BEST, CLOSE, LOSS):
                raise RecordError(f"unknown verdict {verdict!r}")
            return cls(int(data["index"]), str(data["played"]), str(data["best"]),
                       float(data["loss"]), float(data["noise"]), bool(data["exact"]),
                       int(data["worlds"]), verdict)
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed reviewed decision: {err}") from None


@dataclass(frozen=True)
class Review:
    """A deal's review for one seat: every reviewed decision in the deal's order."""

    variant: str
    deal: int
    seat: int
    worlds: int
    alpha: float  # the false-alarm chance per decision the noise threshold allows
    decisions: tuple[ReviewedDecision, ...]

    @property
    def mistakes(self) -> list[ReviewedDecision]:
        """The entries: losses above the noise, largest first (then in play order)."""
        return sorted((d for d in self.decisions if d.verdict == LOSS),
                      key=lambda d: (-d.loss, d.index))

    @property
    def total_loss(self) -> float:
        return round(sum(d.loss for d in self.mistakes), 1)

    @property
    def as_good(self) -> list[ReviewedDecision]:
        """The decisions where the played move was as good as the best."""
        return [d for d in self.decisions if d.verdict == BEST]

    def to_json(self) -> dict[str, Any]:
        return {"format": "bezique-review", "version": 1, "variant": self.variant,
                "deal": self.deal, "seat": self.seat, "worlds": self.worlds, "alpha": self.alpha,
                "decisions": [d.to_json() for d in self.decisions],
                "mistakes": [d.index for d in self.mistakes],
                "total_loss": self.total_loss}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Review:
        if not isinstance(data, Mapping) or data.get("format") != "bezique-review":
            raise RecordError("not a review")
        decisions = data.get("decisions")
        if not isinstance(decisions, list):
            raise RecordError("a review's decisions must be a list")
        try:
            return cls(str(data["variant"]), int(data["deal"]), int(data["seat"]),
                       int(data["worlds"]), float(data["alpha"]),
                       tuple(ReviewedDecision.from_json(d) for d in decisions))
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed review: {err}") from None


Reviewing = Generator[Progress, None, Review]


def _deal_entries(record: Mapping[str, Any], deal: int | None) -> tuple[int, list[Any]]:
    deals = record.get("deals") if isinstance(record, Mapping) else None
    if not isinstance(deals, list) or not deals:
        raise RecordError("the record has no deals")
    number = len(deals) - 1 if deal is None else deal
    if not 0 <= number < len(deals):
        raise RecordError(f"the record has no deal {deal}")
    return number, deals


def start_of_deal(record: Mapping[str, Any], deal: int | None = None
                  ) -> tuple[PlayableGame, list[str], int]:
    """The game at the start of a record's deal (earlier deals replayed), that deal's
    actions, and its number (default: the last deal)."""
    number, deals = _deal_entries(record, deal)
    entry = deals[number]
    if not isinstance(entry, Mapping):
        raise RecordError(f"deal {number} is not an object")
    actions = entry.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(f"deal {number}: actions must be a list of strings")
    head = dict(record)
    head["deals"] = [*deals[:number], {**entry, "actions": []}]
    game: PlayableGame = replay_record(head)
    return game, list(actions), number


def review_deal(record: Mapping[str, Any], seat: int, deal: int | None = None,
                worlds: int | None = None, seed: int = 1, alpha: float = REVIEW_ALPHA,
                slice_seconds: float = 0.03) -> Reviewing:
    """Review one deal of a record (default: its last) for ``seat``; the deal must be
    finished. Yields ``Progress``; returns the ``Review``. RecordError / ReplayError for a
    record that cannot be replayed, SeatError for a seat the variant has not."""
    worlds = worlds or REVIEW_WORLDS
    game, actions, number = start_of_deal(record, deal)
    players = game.deal.n
    if not 0 <= seat < players:
        raise SeatError(f"seat must be from 0 to {players - 1}")
    # the units: one per world of each of the seat's decisions (an upper bound: exact
    # decisions take one), counted on a copy played through first (also checks the record)
    mine = _decision_points(game, actions, seat, number)
    total = max(1, len(mine) * worlds)
    done = 0
    reviewed: list[ReviewedDecision] = []
    variant = game.rules.name
    model = model_for(variant)
    policy = policy_for(variant)
    for index, text in enumerate(actions):
        if index in mine:
            obs = game.observation(seat)
            played = _legal(obs.legal_actions, text)
            cands = candidates(obs)
            if played is not None and played in cands and len(cands) > 1:
                per_world: list[dict[Action, float]] = []
                solved = False
                for k in range(worlds):
                    search = pimc(obs, seed * 1_000_003 + index * 1009 + k, worlds=1,
                                  slice_seconds=slice_seconds, horizon=HORIZON,
                                  weight=WEIGHT, model=model, solve_cards=SOLVE_CARDS,
                                  policy=policy)
                    try:
                        while True:
                            next(search)
                            yield Progress(done, total)
                    except StopIteration as stop:
                        result: SearchResult = stop.value
                    except WorldError:
                        continue
                    if result.scores:
                        per_world.append(result.scores)
                        solved = result.exact
                    done += 1
                    yield Progress(done, total)
                    if solved or _settled(played, cands, per_world, alpha):
                        break
                done = min(total, done + worlds - len(per_world))  # the skipped worlds
                if per_world:
                    reviewed.append(_judge(index, played, cands, per_world, solved, alpha))
        try:
            game.apply(text)
        except IllegalActionError as err:  # checked by _decision_points already
            raise RecordError(str(err)) from None
    yield Progress(total, total)
    return Review(variant, number, seat, worlds, alpha, tuple(reviewed))


def _decision_points(game: PlayableGame, actions: list[str], seat: int,
                     number: int) -> set[int]:
    """Indices of the actions the seat chose among several; the deal must end."""
    probe = game.clone()
    points: set[int] = set()
    for index, text in enumerate(actions):
        if probe.deal.is_terminal:
            raise RecordError(f"action {index} comes after the end of the deal")
        if probe.current_player == seat and len(probe.legal_actions()) > 1:
            points.add(index)
        try:
            probe.apply(text)
        except IllegalActionError as err:
            raise ReplayError(number, index, text, err) from None
    if not probe.deal.is_terminal:
        raise RecordError("the deal is not finished")
    return points


def _legal(legal: list[Action], text: str) -> Action | None:
    try:
        wanted = Action.parse(text)
    except ValueError:
        return None
    return wanted if wanted in legal else None


def _judge(index: int, played: Action, cands: list[Action],
           per_world: list[dict[Action, float]], exact: bool, alpha: float
           ) -> ReviewedDecision:
    """The best candidate by mean paired difference from the played move, and whether
    its lead is above the noise."""
    n = len(per_world)
    best, best_mean, best_se = played, 0.0, 0.0
    for action in cands:
        if action == played:
            continue
        mean, se = _paired(per_world, action, played)
        if mean > best_mean:
            best, best_mean, best_se = action, mean, se
    z = normal_quantile(1 - alpha / (len(cands) - 1))
    noise = 0.0 if exact else z * best_se
    if best == played or best_mean <= 0:
        verdict = BEST
    elif best_mean > noise and (exact or best_mean >= MIN_LOSS):
        verdict = LOSS
    else:
        verdict = CLOSE
    return ReviewedDecision(index, str(played), str(best), round(best_mean, 1),
                            round(noise, 1), exact, n, verdict)


EARLY_AFTER = 16  # worlds before a decision may stop early
EARLY_EVERY = 8


def _settled(played: Action, cands: list[Action], per_world: list[dict[Action, float]],
             alpha: float) -> bool:
    """No alternative can become an entry: each one's upper confidence bound on its gain
    over the played move is below ``MIN_LOSS`` (checked every few worlds)."""
    n = len(per_world)
    if n < EARLY_AFTER or n % EARLY_EVERY:
        return False
    z = normal_quantile(1 - alpha / (len(cands) - 1))
    for action in cands:
        if action == played:
            continue
        mean, se = _paired(per_world, action, played)
        if mean + z * se >= MIN_LOSS:
            return False
    return True


def normal_quantile(p: float) -> float:
    """Φ⁻¹(p) for 0.5 ≤ p < 1 by bisection on math.erfc (statistics would ship decimal)."""
    lo, hi = 0.0, 40.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if 1 - 0.5 * math.erfc(mid / math.sqrt(2)) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _paired(per_world: list[dict[Action, float]], action: Action, played: Action
            ) -> tuple[float, float]:
    """Mean and standard error of ``action``'s value minus ``played``'s over the worlds."""
    n = len(per_world)
    diffs = [w[action] - w[played] for w in per_world]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def run(reviewing: Reviewing) -> Review:
    """Drive a review to its end (the command line, tests)."""
    try:
        while True:
            next(reviewing)
    except StopIteration as stop:
        review: Review = stop.value
        return review
