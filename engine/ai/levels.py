"""The three AI levels (easy, normal, strong) and the hint.

- ``normal``: rules with card counting. It reads everything the observation
  shows (its own draws, every table, every played card, the turn-up) to know
  which cards are still unseen, values keeping a card by the combinations it
  can still complete, wins tricks that carry points or that let it declare,
  and plays the two-player end phase exactly (the other hand is then known).
- ``easy``: the same rules with human-like slips: now and then a random card,
  a missed small declaration, no exact end phase.
- ``strong``: determinized search (``search.pimc``) over worlds consistent
  with what it has seen, rollouts by the fast policy, the exact solver for
  the end phase playing to win the game where the deal can end it; the
  normal level's choice stands unless the search clearly prefers another;
  bezik vido from its estimated chance to win the game.

All decide through generators (``decide(obs)``) and see only the observation.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Generator

from ..actions import ACCEPT, DECLARE, PASS, PLAY, PLAY_TABLE, REFUSE, SEVEN, VIDO, Action
from ..cards import ACE, JACK, KING, QUEEN, TEN, kind_code, rank_of, suit_of
from ..cards import SEVEN as SEVEN_RANK
from ..observation import Observation
from ..phases import ANSWERING, DECLARING, PLAYING
from ..tricks import beats, winning_code
from .evaluate import model_for, policy_for, predicted_rest, rest_spread, stock_share
from .policy import PolicyWeights, card_points
from .search import SearchResult, candidates, pimc, running_score, side_score
from .vido import vido_choice, win_chance
from .world import Knowledge, WorldError, rules_for, sample_world

Decision = Generator[None, None, Action]
QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)
IN_BROWSER = sys.platform == "emscripten"


# ----- normal: rules with card counting ------------------------------------
class Counting:
    """What the normal level counts: unseen cards and what it holds."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.rules = rules_for(obs)
        try:
            self.unseen: Counter[int] = Knowledge(obs).unseen
        except WorldError:
            seen = Counter(obs.hand)
            for t in obs.tables:
                seen.update(t)
            seen.update(obs.played)
            self.unseen = Counter(self.rules.deck()) - seen
        self.held: Counter[int] = Counter(obs.hand)
        self.held.update(obs.tables[obs.seat])

    def keep(self, code: int) -> float:
        """How much keeping this card is worth: its trick points, trumps, and the
        combinations it can still complete given what is held and still unseen."""
        obs, held, unseen = self.obs, self.held, self.unseen
        rank, suit = rank_of(code), suit_of(code)
        v = {ACE: 11.0, TEN: 10.0, KING: 4.0, QUEEN: 3.0, JACK: 2.0}.get(rank, 0.0)
        trump = obs.trump
        if suit == trump:
            v += 8 + (6 - rank)
        combos = self.rules.combination_points
        bezique = "bezique" in combos or "bezik" in combos
        if bezique and code in (QS, JD):
            partner = JD if code == QS else QS
            v += 14 if held[partner] else (9 if unseen[partner] else 2)
        if rank in (KING, QUEEN):
            partner = kind_code(QUEEN if rank == KING else KING, suit)
            if held[partner]:
                v += 9 if suit == trump else 5
            elif unseen[partner]:
                v += 7 if suit == trump else 4
        if rank in (ACE, KING, QUEEN, JACK):
            same = sum(n for c, n in held.items() if rank_of(c) == rank)
            out = sum(n for c, n in unseen.items() if rank_of(c) == rank)
            if same + out >= 4:
                v += TUNE["four"] * max(0, same - 1)
        if bezique and code in (QS, JD) and held[code] + unseen[code] >= 2 and held[
                JD if code == QS else QS]:
            v += TUNE["double"] * (held[QS] + held[JD] - 1)  # double bezique in sight
        if suit == trump and rank in (ACE, TEN, KING, QUEEN, JACK):
            seq = [kind_code(r, suit) for r in (ACE, TEN, KING, QUEEN, JACK)]
            have = sum(1 for c in seq if held[c])
            if all(held[c] or unseen[c] for c in seq) and have >= 3:
                v += TUNE["sequence"] * (have - 2)
        if rank == SEVEN_RANK and suit == trump and self.rules.trump_sevens:
            v += 6
        return v

    def best_declaration(self) -> tuple[Action | None, int]:
        best, value = None, 0
        for a in self.obs.legal_actions:
            if a.kind == SEVEN:
                v = 10
            elif a.kind == DECLARE:
                combo = self.rules.classify(a.codes, self.obs.trump)
                v = 0 if combo is None else combo.value
            else:
                continue
            if v > value:
                best, value = a, v
        return best, value

    def declarable_value(self) -> int:
        """The best combination it could declare on winning a trick now (rough)."""
        held, trump = self.held, self.obs.trump
        combos = self.rules.combination_points
        best = 0
        if held[QS] and held[JD] and not _all_on_table(self.obs, (QS, JD)):
            best = max(best, combos.get("bezique", combos.get("bezik", 0)))
        for suit in range(4):
            k, q = kind_code(KING, suit), kind_code(QUEEN, suit)
            if held[k] and held[q] and not _all_on_table(self.obs, (k, q)):
                name = "trump_marriage" if suit == trump else "marriage"
                best = max(best, combos.get(name, 20))
        return best


def _all_on_table(obs: Observation, codes: tuple[int, ...]) -> bool:
    table = Counter(obs.tables[obs.seat])
    return all(table[c] for c in codes)


def _trick_state(obs: Observation) -> tuple[int, int, int]:
    """(best card so far, seat winning, points on the trick)."""
    codes = [c for _, c, _ in obs.trick]
    best = winning_code(codes, list(range(len(codes))), obs.trump)
    win_seat = obs.trick[0][0]
    b = codes[0]
    for s, c, _ in obs.trick[1:]:
        if beats(c, b, obs.trump):
            b, win_seat = c, s
    rules = rules_for(obs)
    return best, win_seat, sum(card_points(rules, c) for c in codes)


def normal_action(obs: Observation, rng: random.Random, slips: float = 0.0,
                  exact_end: bool = True) -> Action:
    """The normal level's choice (``slips`` > 0 gives the easy level's mistakes)."""
    legal = obs.legal_actions
    if len(legal) == 1:
        return legal[0]
    choice = vido_choice(obs)
    if choice is not None:
        return choice
    cands = candidates(obs)
    if obs.phase == DECLARING:
        count = Counting(obs)
        best, value = count.best_declaration()
        if best is None:
            return Action(PASS)
        if slips and value <= 40 and rng.random() < slips * 1.5:
            return Action(PASS)  # missed it
        return best
    plays = [a for a in cands if a.kind in (PLAY, PLAY_TABLE)]
    if not plays:
        return cands[0] if cands else legal[0]
    if slips and rng.random() < slips:
        return rng.choice(plays)
    if exact_end and obs.players == 2 and obs.end_phase:
        try:
            from .search import solve_now

            return solve_now(obs)
        except WorldError:
            pass
    count = Counting(obs)
    return _play_rules(obs, plays, count)


def _play_rules(obs: Observation, plays: list[Action], count: Counting) -> Action:
    trump = obs.trump

    def cost(a: Action) -> tuple[float, int]:
        return (count.keep(a.codes[0]), 0 if a.kind == PLAY_TABLE else 1)

    if not obs.trick:
        if obs.end_phase:
            return max(plays, key=lambda a: (_lead_value(a.codes[0], count), -cost(a)[1]))
        return min(plays, key=cost)
    best, win_seat, points = _trick_state(obs)
    partner_wins = rules_for(obs).partnerships and win_seat % 2 == obs.seat % 2
    winners = [a for a in plays if beats(a.codes[0], best, trump)]
    if partner_wins:
        if obs.end_phase or len(obs.trick) == obs.players - 1:
            return max(plays, key=lambda a: (card_points(count.rules, a.codes[0])
                                             - count.keep(a.codes[0]) * 0.3))
        return min(plays, key=cost)
    brisques = sum(10 for _, c, _ in obs.trick if rank_of(c) in (ACE, TEN))
    declare = count.declarable_value() * TUNE["declare"]
    if obs.stock_size <= TUNE["late"]:
        declare *= 2
    if winners and (obs.end_phase or brisques or points):
        cheapest = min(winners, key=cost)
        if obs.end_phase or count.keep(cheapest.codes[0]) < TUNE["brisque"] + max(
                brisques, points) + declare:
            return cheapest
    if winners and not obs.end_phase:
        cheapest = min(winners, key=cost)
        if count.keep(cheapest.codes[0]) < TUNE["cheap"] + declare:
            return cheapest
    return min(plays, key=cost)


# Thresholds of the normal level (tuned in duplicate duels against greedy).
TUNE = {"cheap": 10.0, "declare": 0.3, "brisque": 14.0, "late": 10.0,
        "four": 3.0, "double": 8.0, "sequence": 0.0}


def _lead_value(code: int, count: Counting) -> float:
    """End-phase lead: sure winners (nothing unseen beats them) with points first."""
    trump = count.obs.trump
    higher = sum(n for c, n in count.unseen.items() if beats(c, code, trump))
    v = card_points(count.rules, code) + (10 if higher == 0 else -2 * higher)
    if suit_of(code) == trump:
        v -= 4
    return v - rank_of(code) * 0.1


class NormalPlayer:
    name = "normal"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def decide(self, obs: Observation) -> Decision:
        action = normal_action(obs, self.rng)
        yield from ()  # a generator like every player
        return action


class EasyPlayer:
    """Sensible but fallible: random slips, missed small declarations, no exact end."""

    name = "easy"

    def __init__(self, rng: random.Random | None = None, slips: float = 0.25) -> None:
        self.rng = rng or random.Random(0)
        self.slips = slips

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal_actions
        if Action(ACCEPT) in legal:
            yield from ()
            return Action(ACCEPT)  # easy never refuses
        if Action(VIDO) in legal and win_chance(obs) < 0.85:
            legal_cards = [a for a in legal if a.kind != VIDO]
            if legal_cards:
                obs = _without_vido(obs)
        action = normal_action(obs, self.rng, slips=self.slips, exact_end=False)
        yield from ()
        return action


def _without_vido(obs: Observation) -> Observation:
    import copy

    other = copy.copy(obs)
    other.legal_actions = [a for a in obs.legal_actions if a.kind != VIDO]
    return other


# ----- strong: determinized search ----------------------------------------
# Rollouts stop HORIZON tricks ahead; the leaf adds WEIGHT × the worth of the held
# cards (tuned in duplicate duels against greedy). Budgets: (worlds, seconds).
HORIZON = 4
WEIGHT = 0.5
PRIOR_BONUS = 30.0  # the normal choice's head start (5 let noise overrule it: README)
# No-trump deals score about 2.5 times russian ones, and so does the spread between worlds:
# at 30 the search overruled the normal choice in 56 of 100 sampled positions (russian: 28),
# at 60 in 43 (tools/prior_overrules.py); 60 won more games against normal (README).
PRIOR_BONUS_BY_VARIANT = {"no-trump": 60.0}
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
                 weights: dict[str, list[float]] | None = None,
                 policies: dict[str, PolicyWeights] | None = None) -> None:
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
        self.weights = weights  # models per variant other than the shipped ones (arenas)
        self.policies = policies  # rollout-policy weights other than the shipped ones
        self.last: SearchResult | None = None

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal_actions
        seed = self.rng.randrange(2**30)
        if len(legal) == 1:
            return legal[0]
        if obs.phase == ANSWERING or Action(VIDO) in legal:
            chance = yield from self.chance(obs, seed)
            choice = vido_choice(obs, chance)
            if choice is not None or obs.phase == ANSWERING:
                return choice or Action(ACCEPT)
        try:
            exact = obs.players == 2 and obs.end_phase and obs.phase == PLAYING
            bonus = self.bonus_for(obs.variant)
            # the rule-based prior would solve the end phase a second time: not needed there
            prior = normal_action(obs, random.Random(seed)) if bonus and not exact else None
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
                                     policy=self.policy(obs.variant))
        except WorldError:
            return normal_action(obs, self.rng)
        self.last = result
        return result.action

    def bonus_for(self, variant: str) -> float:
        """The normal choice's head start in this variant's points."""
        if self.prior_bonus is not None:
            return self.prior_bonus
        return PRIOR_BONUS_BY_VARIANT.get(variant, PRIOR_BONUS)

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


# ----- hints ------------------------------------------------------------------
REASONS = (
    "declares_best", "keeps_bezique", "wins_brisque", "saves_trumps", "forces_trump",
    "discards_low", "sequence_ready", "endgame_optimal", "exchange_seven", "wins_to_declare",
    "leads_master", "feeds_partner", "calls_vido", "accepts_vido", "refuses_vido",
    "waits_to_declare", "win_trick",
)


def reason_for(obs: Observation, action: Action, result: SearchResult | None = None) -> str:
    """A catalog key suffix (``hint.<code>``) that explains ``action`` in one line."""
    kind = action.kind
    if kind == VIDO:
        return "calls_vido"
    if kind == ACCEPT:
        return "accepts_vido"
    if kind == REFUSE:
        return "refuses_vido"
    if kind == SEVEN:
        return "exchange_seven"
    if kind == DECLARE:
        return "declares_best"
    if kind == PASS:
        return "waits_to_declare"
    if result is not None and result.exact:
        return "endgame_optimal"
    code = action.codes[0]
    count = Counting(obs)
    if obs.trick:
        _best, win_seat, _points = _trick_state(obs)
        if obs.takes_lead(code):
            if any(rank_of(c) in (ACE, TEN) for _, c, _ in obs.trick):
                return "wins_brisque"
            if count.declarable_value():
                return "wins_to_declare"
            return "win_trick"
        if rules_for(obs).partnerships and win_seat % 2 == obs.seat % 2:
            return "feeds_partner"
        return "discards_low"
    if obs.end_phase:
        if suit_of(code) == obs.trump:
            return "forces_trump"
        return "leads_master"
    hand_trumps = [c for c in count.held if suit_of(c) == obs.trump]
    if (count.held[QS] or count.held[JD]) and code not in (QS, JD):
        return "keeps_bezique"
    if obs.trump is not None and len(hand_trumps) >= 3 and suit_of(code) != obs.trump:
        seq = sum(1 for r in (ACE, TEN, KING, QUEEN, JACK) if count.held[kind_code(r, obs.trump)])
        return "sequence_ready" if seq >= 3 else "saves_trumps"
    return "discards_low"


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
