"""The normal and easy levels: rules with card counting.

``normal`` reads everything the observation shows (its own draws, every table, every
played card, the turn-up) to know which cards are still unseen, values keeping a card by
the combinations it can still complete, wins tricks that carry points or that let it
declare, and plays the two-player end phase exactly (the other hand is then known).
``easy`` plays the same rules with human-like slips: now and then a random card, a missed
small declaration, no exact end phase. The strong level starts from the normal choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator

from ..actions import ACCEPT, DECLARE, PASS, PLAY, PLAY_TABLE, SEVEN, VIDO, Action
from ..cards import ACE, JACK, KING, QUEEN, TEN, kind_code, rank_of, suit_of
from ..cards import SEVEN as SEVEN_RANK
from ..observation import Observation
from ..phases import DECLARING
from ..tricks import beats, winning_code
from .normal_weights import NORMAL, NormalWeights
from .policy import card_points
from .search import candidates
from .solver import TooLong
from .vido import vido_choice, win_chance
from .world import Knowledge, WorldError, rules_for

Decision = Generator[None, None, Action]
QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)


# ----- normal: rules with card counting ------------------------------------
class Counting:
    """What the normal level counts: unseen cards and what it holds (and the numbers it
    values them by)."""

    def __init__(self, obs: Observation, weights: NormalWeights = NORMAL) -> None:
        self.obs = obs
        self.weights = weights
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
        obs, held, unseen, w = self.obs, self.held, self.unseen, self.weights
        rank, suit = rank_of(code), suit_of(code)
        v = {ACE: w.ace, TEN: w.ten, KING: w.king, QUEEN: w.queen, JACK: w.jack}.get(rank, 0.0)
        trump = obs.trump
        if suit == trump:
            v += w.trump + w.trump_rank * (6 - rank)
        combos = self.rules.combination_points
        bezique = "bezique" in combos or "bezik" in combos
        if bezique and code in (QS, JD):
            partner = JD if code == QS else QS
            v += (w.bezique_held if held[partner]
                  else w.bezique_unseen if unseen[partner] else w.bezique_gone)
        if rank in (KING, QUEEN):
            partner = kind_code(QUEEN if rank == KING else KING, suit)
            if held[partner]:
                v += w.trump_marriage_held if suit == trump else w.marriage_held
            elif unseen[partner]:
                v += w.trump_marriage_unseen if suit == trump else w.marriage_unseen
        if rank in (ACE, KING, QUEEN, JACK):
            same = sum(n for c, n in held.items() if rank_of(c) == rank)
            out = sum(n for c, n in unseen.items() if rank_of(c) == rank)
            if same + out >= 4:
                v += w.four * max(0, same - 1)
        if bezique and code in (QS, JD) and held[code] + unseen[code] >= 2 and held[
                JD if code == QS else QS]:
            v += w.double * (held[QS] + held[JD] - 1)  # double bezique in sight
        if suit == trump and rank in (ACE, TEN, KING, QUEEN, JACK):
            seq = [kind_code(r, suit) for r in (ACE, TEN, KING, QUEEN, JACK)]
            have = sum(1 for c in seq if held[c])
            if all(held[c] or unseen[c] for c in seq) and have >= 3:
                v += w.sequence * (have - 2)
        if rank == SEVEN_RANK and suit == trump and self.rules.trump_sevens:
            v += w.seven
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


def trick_state(obs: Observation) -> tuple[int, int, int]:
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
                  exact_end: bool = True, weights: NormalWeights = NORMAL) -> Action:
    """The normal level's choice (``slips`` > 0 gives the easy level's mistakes; other
    ``weights``: the strong level's prior)."""
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
        except (WorldError, TooLong):  # TooLong: a multi-pack hand past the node limit
            pass
    count = Counting(obs, weights)
    return _play_rules(obs, plays, count)


def _play_rules(obs: Observation, plays: list[Action], count: Counting) -> Action:
    trump, w = obs.trump, count.weights

    def cost(a: Action) -> tuple[float, int]:
        return (count.keep(a.codes[0]), 0 if a.kind == PLAY_TABLE else 1)

    if not obs.trick:
        if obs.end_phase:
            return max(plays, key=lambda a: (_lead_value(a.codes[0], count), -cost(a)[1]))
        return min(plays, key=cost)
    best, win_seat, points = trick_state(obs)
    partner_wins = rules_for(obs).partnerships and win_seat % 2 == obs.seat % 2
    winners = [a for a in plays if beats(a.codes[0], best, trump)]
    if partner_wins:
        if obs.end_phase or len(obs.trick) == obs.players - 1:
            return max(plays, key=lambda a: (card_points(count.rules, a.codes[0])
                                             - count.keep(a.codes[0]) * 0.3))
        return min(plays, key=cost)
    brisques = sum(10 for _, c, _ in obs.trick if rank_of(c) in (ACE, TEN))
    declare = count.declarable_value() * w.declare
    if obs.stock_size <= w.late:
        declare *= 2
    if winners and (obs.end_phase or brisques or points):
        cheapest = min(winners, key=cost)
        if obs.end_phase or count.keep(cheapest.codes[0]) < w.brisque + max(
                brisques, points) + declare:
            return cheapest
    if winners and not obs.end_phase:
        cheapest = min(winners, key=cost)
        if count.keep(cheapest.codes[0]) < w.cheap + declare:
            return cheapest
    return min(plays, key=cost)


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

    def __init__(self, rng: random.Random | None = None,
                 weights: NormalWeights = NORMAL) -> None:
        self.rng = rng or random.Random(0)
        self.weights = weights  # other numbers: tools/tune_prior.py's candidates

    def decide(self, obs: Observation) -> Decision:
        action = normal_action(obs, self.rng, weights=self.weights)
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
