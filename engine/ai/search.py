"""Determinized search (Perfect-Information Monte Carlo) with an exact end phase.

For each sampled world (``world.sample_world``) every candidate action is
played and the deal is finished by the fast rollout policy; the action with
the best mean result (own side's points minus the others') is chosen. The
same world and the same rollout seed serve every candidate (common random
numbers), so differences between candidates are not drowned in deal luck.
With two players the exact solver decides once the stock is empty; once the
last trick decides the game, a move near the stock's end is worth the share
of worlds in which it takes that trick.

Everything is a generator: it yields about every ``slice_seconds`` of work so
a browser table stays responsive, and stops at a world count (deterministic,
for tests and arenas) or a time budget (the browser), whichever comes first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from ..actions import ACCEPT, REFUSE, VIDO, Action
from ..deal import Deal
from ..game import game_winner, last_trick_decides, side_of, side_totals
from ..observation import Observation
from ..phases import PLAYING
from .combo_leaf import combo_leaf, root_holdings
from .evaluate import margin, predicted_rest
from .play_model import PlayModel
from .policy import DEFAULT_WEIGHTS, PolicyWeights, card_points, fast_action, potential, rollout
from .solver import WIN_STAKE, EndGame, TooLong, solve_deal
from .world import Knowledge, WorldError, rules_for, sample_drawn, sample_world

Search = Generator[None, None, "SearchResult"]
Sampler = Callable[[random.Random], tuple[Deal, float]]  # a world and its weight
NON_CARD = (VIDO, ACCEPT, REFUSE)


@dataclass
class SearchResult:
    action: Action
    scores: dict[Action, float] = field(default_factory=dict)
    worlds: int = 0
    exact: bool = False
    dropped: list[Action] = field(default_factory=list)  # pruned by adaptive allocation


def side_score(deal: Deal, seat: int) -> float:
    """Own side's points minus the other seats' (their mean with three players)."""
    return float(margin(deal.points, seat, deal.rules.partnerships))


def candidates(obs: Observation) -> list[Action]:
    return [a for a in obs.legal_actions if a.kind not in NON_CARD]


def pimc(
    obs: Observation,
    seed: int,
    worlds: int | None = 16,
    time_budget: float | None = None,
    slice_seconds: float = 0.03,
    horizon: int | None = None,
    weight: float = 0.5,
    prior: Action | None = None,
    prior_bonus: float = 0.0,
    model: list[float] | None = None,
    solve_cards: int = 0,
    infer: bool = True,
    prune: float = 0.0,
    play_to_win: bool = False,
    last_trick_below: int = 0,
    last_trick_bonus: float = 0.0,
    game_reach: int = 0,
    policy: PolicyWeights = DEFAULT_WEIGHTS,
    combo_weight: float = 0.0,
    overrule_z: float = 0.0,
    play_model: PlayModel | None = None,
    sampler: Sampler | None = None,
    exact_end: bool = False,
) -> Search:
    """Search the observation's card actions; returns the best with its mean scores.

    ``prune`` > 0 allocates the worlds adaptively: every few worlds a candidate whose
    paired difference from the leader is more than ``prune`` standard errors below it is
    dropped, so later worlds (and the time budget) go to the moves still in contention.
    ``combo_weight`` adds that share of the big combinations' worth (``combo_leaf``: the
    six- and eight-pack games) to a truncated rollout's leaf. ``overrule_z`` > 0 keeps
    the prior unless the best move's paired lead over it across the worlds is that many
    standard errors (the many candidates of long hands: the best of noisy means).
    ``play_model`` weighs each world by how likely the others' choices were in it.
    ``sampler`` makes the worlds instead (the arena's cheater: the true hands).
    ``exact_end`` (two players): a rollout that reaches the end phase stops there and
    the end phase is solved exactly (up to ``END_NODES``; past them the leaf values it)."""
    cands = candidates(obs)
    if len(cands) <= 1:
        return SearchResult(cands[0] if cands else obs.legal_actions[0])
    started = time.perf_counter()
    last_yield = started
    seat = obs.seat
    # a multi-pack deal is a whole game with no target: its points are what counts
    before = game_before(obs) if play_to_win and not rules_for(obs).deal_is_game else None
    two = obs.players == 2
    exact_end = exact_end and two
    exact = two and obs.stock_size == 0 and obs.turnup is None and obs.phase == PLAYING
    end_solve = (not two and obs.end_phase and obs.phase == PLAYING
                 and max(obs.hand_sizes) <= solve_cards)
    for_last_trick = False
    if prior is not None and before is not None and not exact and not end_solve:
        late = two and obs.stock_size + (obs.turnup is not None) <= last_trick_below
        settled = decided_by_last_trick(obs)
        if settled and not late:
            return SearchResult(prior)  # truncated rollouts cannot see the last trick
        if late and (settled or in_reach(obs, game_reach)):
            for_last_trick, prior_bonus = True, last_trick_bonus
    know = Knowledge(obs)
    if exact:
        # perfect information: exact solution (the multi-pack games' long hands: capped,
        # past the cap the sampled worlds' rollouts below decide)
        world = (sampler(random.Random(seed))[0] if sampler is not None
                 else sample_world(obs, random.Random(seed), know))
        try:
            result = yield from _solve_sliced(world, seat, cands, slice_seconds, before,
                                              solve_limit(world))
            return result
        except TooLong:
            pass
    totals = dict.fromkeys(cands, 0.0)
    mass = 0.0  # the worlds' summed likelihood weights
    active = list(cands)
    history: dict[Action, list[float]] = {a: [] for a in cands}  # per-world values
    final: dict[Action, float] = {}  # the mean score of a dropped candidate when dropped
    done = 0
    failures = 0
    while worlds is None or done < worlds:
        if time_budget is not None and done and time.perf_counter() - started >= time_budget:
            break
        try:
            world_rng = random.Random(seed * 7919 + done + failures * 104729)
            world, likelihood = (sampler(world_rng) if sampler is not None else
                                 sample_drawn(obs, world_rng, know, model=play_model))
        except WorldError:
            failures += 1
            if failures > 8 or (time_budget is not None
                                and time.perf_counter() - started >= time_budget):
                break  # (a long history with no fitting world: seconds of replays)
            continue
        roll_seed = seed * 31 + done
        kept = root_holdings(world) if combo_weight else None
        partial = dict.fromkeys(active, 0.0)
        out_of_time = False
        if end_solve:
            # three or four players, small hands: this world's exact end phase, one
            # transposition table shared by every candidate
            base = running_score(world, seat)
            game = EndGame.from_deal(world, seat, before)
            game.table = {}
            for action in active:
                partial[action] = base + game._play(seat, action.codes[0], -10**9, 10**9)
            cands_done: list[Action] = []
        else:
            cands_done = active
        for action in cands_done:
            if time_budget is not None and done and time.perf_counter() - started >= time_budget:
                out_of_time = True  # an unfinished world is dropped: every candidate
                break  # keeps the same worlds
            deal = world.clone()
            deal.apply(action)
            rng = random.Random(roll_seed)
            if for_last_trick:
                partial[action] = _game_chance(deal, seat, rng, before)
            elif horizon is not None:
                rollout(deal, rng, tricks=horizon, weights=policy, to_end_phase=exact_end)
                rest = (_end_phase_value(deal, seat)
                        if exact_end and deal.current is not None and deal.in_end_phase
                        else None)
                if rest is not None:
                    partial[action] = running_score(deal, seat) + rest
                elif model is not None:
                    partial[action] = running_score(deal, seat) + predicted_rest(deal, seat, model)
                else:
                    partial[action] = leaf_value(deal, seat, weight)
                if combo_weight:
                    partial[action] += combo_weight * combo_leaf(deal, seat, kept)
            else:
                rollout(deal, rng, weights=policy)
                partial[action] = side_score(deal, seat)
            now = time.perf_counter()
            if now - last_yield >= slice_seconds:
                yield
                last_yield = time.perf_counter()
        if out_of_time:
            break
        if not infer:
            likelihood = 1.0
        for action in active:
            totals[action] += likelihood * partial[action]
            history[action].append(partial[action])
        mass += likelihood
        done += 1
        if prune and done >= PRUNE_AFTER and done % PRUNE_EVERY == 0 and len(active) > 2:
            active = _prune(active, history, totals, mass, prune, final)
    if not done:
        return SearchResult(cands[0])
    scores = {a: final[a] if a in final else totals[a] / mass for a in cands}
    if prior in scores and not end_solve:
        # the rule-based choice wins unless the search clearly prefers another
        scores[prior] += prior_bonus
    # first of the best in legal order (the prior keeps a tie of chances, a common one)
    best = max(active, key=lambda a: (scores[a], for_last_trick and a == prior))
    if (overrule_z and prior is not None and prior in active and best != prior
            and not end_solve and not for_last_trick
            and not _clearly_better(history[best], history[prior], overrule_z)):
        best = prior
    return SearchResult(best, scores, done, dropped=list(final))


def _clearly_better(these: list[float], those: list[float], z: float) -> bool:
    """The paired per-world lead of ``these`` over ``those`` is above ``z`` standard
    errors."""
    n = len(these)
    if n < 2:
        return False
    diffs = [x - y for x, y in zip(these, those, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return bool(mean > z * math.sqrt(var / n))


PRUNE_AFTER = 6  # worlds before the first pruning
PRUNE_EVERY = 2


def _prune(active: list[Action], history: dict[Action, list[float]],
           totals: dict[Action, float], mass: float, z: float,
           final: dict[Action, float]) -> list[Action]:
    """The candidates still in contention (clear losers' means go to ``final``)."""
    leader = max(active, key=lambda a: totals[a])
    lead = history[leader]
    n = len(lead)
    keep = []
    for action in active:
        if action is leader:
            keep.append(action)
            continue
        diffs = [x - y for x, y in zip(lead, history[action], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > z * (var / n) ** 0.5 + 1.0:
            final[action] = totals[action] / mass
        else:
            keep.append(action)
    return keep


END_NODES = 3000  # an end phase's exact value in a rollout: about 30 ms in CPython at most


def _end_phase_value(deal: Deal, seat: int) -> float | None:
    """The exact rest of a two-player deal at its end phase's start (the points still to
    take, own side minus the other), None past ``END_NODES``."""
    try:
        return float(solve_deal(deal, seat, END_NODES)[1])
    except TooLong:
        return None


def leaf_value(deal: Deal, seat: int, weight: float) -> float:
    """A truncated rollout's value: points so far plus the weighted worth of the cards
    each side still holds."""
    score = running_score(deal, seat)
    if deal.current is None or not weight:
        return score
    pots = [potential(deal, s) for s in range(deal.n)]
    return score + weight * margin(pots, seat, deal.rules.partnerships)


def running_score(deal: Deal, seat: int) -> float:
    """``side_score`` counting the brisques already won (scored only when the deal ends)."""
    if deal.current is None or deal.rules.card_points:
        return side_score(deal, seat)
    kinds, rules = deal.kinds, deal.rules
    pending = [sum(card_points(rules, kinds[i]) for i in won) for won in deal.won]
    saved = deal.points
    deal.points = [p + q for p, q in zip(saved, pending, strict=True)]
    try:
        return side_score(deal, seat)
    finally:
        deal.points = saved


def decided_by_last_trick(obs: Observation) -> bool:
    """Every side has the target and the last trick decides: points no longer count."""
    rules = rules_for(obs)
    if len(obs.game_scores) != obs.players:
        return False
    sides = side_totals(obs.game_scores, rules.partnerships)
    return last_trick_decides(sides, rules.target, rules.tie_break)


def game_before(obs: Observation) -> list[int] | None:
    """Each seat's game total before this deal (None outside a game)."""
    if len(obs.game_scores) != obs.players:
        return None
    return [g - p for g, p in zip(obs.game_scores, obs.points, strict=True)]


def _game_chance(deal: Deal, seat: int, rng: random.Random,
                 before: list[int] | None) -> float:
    """100 if the seat's side wins the game with this deal, 0 if it loses, 50 if the game
    goes on: policy play to the stock's end, then exact play, whose outcome null windows
    around the stakes find (once settled: only who takes the last trick)."""
    while deal.current is not None and not (deal.in_end_phase and deal.phase == PLAYING):
        deal.apply(fast_action(deal, rng))
    if deal.current is not None:
        # stakes at any hand size: the node limit bounds the work
        game = EndGame.from_deal(deal, seat, before, stakes_cards=deal.rules.hand_size)
        game.table, game.max_nodes = {}, LAST_TRICK_NODES
        half = WIN_STAKE // 2
        try:
            if game.stakes is not None and game.stakes.settled:
                return 100.0 if game._search(-1, 1) > 0 else 0.0
            if game.stakes is not None:
                if game._search(half, half + 1) > half:
                    return 100.0
                return 0.0 if game._search(-half - 1, -half) < -half else 50.0
        except TooLong:  # a rare long solve: the policy plays it out (the page waits not)
            pass
        while deal.current is not None:
            deal.apply(fast_action(deal, rng))
    totals = [b + p for b, p in zip(before or [0] * deal.n, deal.points, strict=True)]
    winner = game_winner(deal.rules, totals, deal.last_trick_winner)
    if winner is None:
        return 50.0
    return 100.0 if winner == side_of(seat, deal.rules.partnerships) else 0.0


def in_reach(obs: Observation, reach: int) -> bool:
    """Some side is within ``reach`` points of the game's target."""
    if reach <= 0:
        return False
    rules = rules_for(obs)
    return max(side_totals(obs.game_scores, rules.partnerships)) + reach >= rules.target


LAST_TRICK_NODES = 2000  # about 20 ms in CPython (100 nodes a ms); 1 in 100 solves needs more


def solve_limit(deal: Deal) -> int | None:
    """The node limit of an exact end-phase solve: the multi-pack games' (hands of up to
    15 cards; about 0.2 s in CPython), none elsewhere."""
    return MULTI_PACK_NODES if deal.rules.deal_is_game else None


MULTI_PACK_NODES = 20_000


def _solve_sliced(world: Deal, seat: int, cands: list[Action], slice_seconds: float,
                  before: list[int] | None = None, max_nodes: int | None = None) -> Search:
    """Exact end phase, one root move at a time (yielding between them); TooLong past
    ``max_nodes``."""
    last = time.perf_counter()
    game = EndGame.from_deal(world, seat, before)
    game.table = {}
    if max_nodes is not None:
        game.max_nodes = max_nodes
    scores: dict[Action, float] = {}
    for action in cands:
        scores[action] = float(game._play(seat, action.codes[0], -10**9, 10**9))
        if time.perf_counter() - last >= slice_seconds:
            yield
            last = time.perf_counter()
    best = max(cands, key=lambda a: scores[a])
    return SearchResult(best, scores, 1, exact=True)


def solve_now(obs: Observation) -> Action:
    """The exact end-phase move (two players, stock empty)."""
    world = sample_world(obs, random.Random(0))
    return solve_deal(world, obs.seat, solve_limit(world))[0]
