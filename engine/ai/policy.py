"""A fast rule-based policy that reads a full ``Deal`` (used inside rollouts).

Rollouts play many thousands of moves, so this policy avoids building
observations: it reads the deal's lists directly and keeps every rule cheap.
Its sense: declare the most valuable combination, keep trumps, brisques and
combination cards, win tricks that carry points with a cheap card, and in
the end phase win with the lowest winning card, else throw the least useful.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, fields

from ..actions import DECLARE, PASS, PLAY, PLAY_TABLE, SEVEN, Action, declare
from ..cards import ACE, JACK, KING, QUEEN, TEN, kind_code, rank_of, suit_of
from ..deal import Deal
from ..phases import DECLARING, PLAYING
from ..rules import Ruleset
from ..tricks import beats
from .normal_weights import json_number, refuse_unknown

QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)
PASS_ACTION = Action(PASS)
NOISE = 3.0  # random cost added to each card, so rollouts vary
_RANK_KEEP = (11.0, 10.0, 4.0, 3.0, 2.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class PolicyWeights:
    """What the rollout policy values keeping, per variant (``models.json``'s ``policy``;
    ``tools/distil_policy.py`` fits them to the strong level's choices)."""

    ranks: tuple[float, ...] = _RANK_KEEP  # by rank: A, 10, K, Q, J, 9, 8, 7
    trump: float = 8.0  # a trump, plus ``trump_rank`` per rank above the seven
    trump_rank: float = 1.0
    bezique: float = 12.0  # the queen of spades or the jack of diamonds
    trump_marriage: float = 9.0  # a king or queen whose partner is held
    marriage: float = 5.0
    lone: float = 2.0  # a king or queen without its partner
    repeat: float = 3.0  # per other card of the rank (A, K, Q, J): fours in sight
    table: float = 0.5  # a hidden copy costs this more to play than a table copy
    take: float = 14.0  # a trick with points is taken by a card kept below this + them
    cheap: float = 6.0  # a pointless trick is taken by a card kept below this

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> PolicyWeights:
        """Weights from a JSON object (unknown keys or wrong types: ValueError)."""
        refuse_unknown(cls, data, "policy weights")
        values: dict[str, object] = {}
        for key, value in data.items():
            if key == "ranks":
                if not (isinstance(value, list) and len(value) == 8):
                    raise ValueError("ranks: a list of 8 numbers")
                values[key] = tuple(json_number(v) for v in value)
            else:
                values[key] = json_number(value)
        return cls(**values)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self)}
        out["ranks"] = list(self.ranks)
        return out


DEFAULT_WEIGHTS = PolicyWeights()


def card_points(rules: Ruleset, code: int) -> int:
    """Points a card is worth in tricks: card points, else brisque points for A and 10."""
    if rules.card_points:
        return int(rules.card_points.get(rank_of(code), 0))
    return rules.brisque_points if rank_of(code) in (ACE, TEN) else 0


def declare_value(rules: Ruleset, action: Action, trump: int | None) -> int:
    if action.kind == SEVEN:
        return 10
    combo = rules.classify(action.codes, trump)
    return 0 if combo is None else combo.value


def keep_values(deal: Deal, seat: int, w: PolicyWeights = DEFAULT_WEIGHTS
                ) -> dict[int, float]:
    """Value of keeping each kind this seat holds (hidden and table)."""
    kinds = deal.kinds
    held: dict[int, int] = {}
    for i in deal.hands[seat]:
        c = kinds[i]
        held[c] = held.get(c, 0) + 1
    for i in deal.tables[seat]:
        c = kinds[i]
        held[c] = held.get(c, 0) + 1
    trump = deal.trump
    rank_counts = [0] * 8
    for c, k in held.items():
        rank_counts[c & 7] += k
    ranks, repeat = w.ranks, w.repeat
    out: dict[int, float] = {}
    for c in held:
        rank, suit = c & 7, c >> 3
        v = ranks[rank]
        if suit == trump:
            v += w.trump + w.trump_rank * (6 - rank)
        if c in (QS, JD):
            v += w.bezique
        if rank in (KING, QUEEN):
            partner = kind_code(QUEEN if rank == KING else KING, suit)
            if partner in held:
                v += w.trump_marriage if suit == trump else w.marriage
            else:
                v += w.lone
        if rank in (ACE, KING, QUEEN, JACK) and rank_counts[rank] >= 2:
            v += repeat * (rank_counts[rank] - 1)
        out[c] = v
    return out


def fast_action(deal: Deal, rng: random.Random | None = None,
                w: PolicyWeights = DEFAULT_WEIGHTS) -> Action:
    """The policy's action for the player to move (a legal action of ``deal``); the same
    card sense as ``choose_card``, read from actions (slower, for any phase)."""
    legal = deal.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = deal.current
    assert seat is not None
    if deal.phase == DECLARING:
        chosen, best_value = PASS_ACTION, 0
        for a in legal:
            if a.kind in (DECLARE, SEVEN):
                v = declare_value(deal.rules, a, deal.trump)
                if v > best_value:
                    chosen, best_value = a, v
        return chosen
    if deal.phase != PLAYING:
        return next((a for a in legal if a.kind == "accept"), legal[0])
    plays = [a for a in legal if a.kind in (PLAY, PLAY_TABLE)]
    if not plays:
        return legal[0]
    keep = keep_values(deal, seat, w)
    trump = deal.trump
    end = deal.in_end_phase

    def cost(a: Action) -> float:
        # table copies first (they reveal nothing); noise keeps rollouts varied
        c = keep.get(a.codes[0], 0.0) + (0.0 if a.kind == PLAY_TABLE else w.table)
        return c + (rng.random() * NOISE if rng is not None else 0.0)

    if not deal.trick:
        if end:
            return max(plays, key=lambda a: _lead_strength(a.codes[0], trump) + (
                rng.random() if rng is not None else 0.0))
        return min(plays, key=cost)
    best, win_seat, points = trick_standing(deal)
    # partnerships: do not take a trick the partner is winning
    if deal.rules.partnerships and win_seat % 2 == seat % 2:
        return min(plays, key=cost)
    winners = [a for a in plays if beats(a.codes[0], best, trump)]
    if winners and (end or points):
        cheapest = min(winners, key=cost)
        if end or keep.get(cheapest.codes[0], 0.0) < w.take + points:
            return cheapest
    if winners and not end:
        cheap = [a for a in winners if keep.get(a.codes[0], 0.0) < w.cheap]
        if cheap:
            return min(cheap, key=cost)
    return min(plays, key=cost)


def trick_standing(deal: Deal) -> tuple[int, int, int]:
    """The trick under way: the card winning it so far, its seat, and the trick's points."""
    kinds, trump = deal.kinds, deal.trump
    best = kinds[deal.trick[0][1]]
    win_seat = deal.trick[0][0]
    points = 0
    for s, i, _ in deal.trick:
        c = kinds[i]
        if beats(c, best, trump):
            best, win_seat = c, s
        points += card_points(deal.rules, c)
    return best, win_seat, points


def _lead_strength(code: int, trump: int | None) -> float:
    rank = rank_of(code)
    v = 8.0 - rank + (4 if rank == ACE else 0)
    if suit_of(code) == trump:
        v -= 3
    return v


def _declare_choice(deal: Deal, seat: int) -> Action:
    """The most valuable declaration (or seven) available, else pass."""
    best, best_value = PASS_ACTION, 0
    if _may_declare(deal, seat):
        rules = deal.rules
        kinds = deal.kinds
        held: Counter[int] = Counter(kinds[i] for i in deal.hands[seat])
        held.update(kinds[i] for i in deal.tables[seat])
        found = []
        for codes in rules.candidate_combinations(held, deal.trump):
            combo = rules.classify(codes, deal.trump)
            if combo is not None:
                found.append((combo.value, codes, combo))
        found.sort(key=lambda t: -t[0])
        for value, codes, combo in found:
            ids, _ = rules.choose_copies(deal, seat, codes, combo)
            if ids is not None:
                best, best_value = declare(codes), value
                break
    if best_value < 10 and deal._seven_id(seat) is not None:
        best = Action(SEVEN, (deal.kinds[deal._seven_id(seat) or 0],))
    return best


def _may_declare(deal: Deal, seat: int) -> bool:
    """Cheap pre-check: some combination could be among the held cards."""
    kinds = deal.kinds
    held = [kinds[i] for i in deal.hands[seat]]
    held.extend(kinds[i] for i in deal.tables[seat])
    present = set(held)
    if QS in present and JD in present:
        return True
    ranks = [0] * 8
    for c in held:
        ranks[c & 7] += 1
        if c & 7 == KING and (c + 1) in present:
            return True
    if ranks[ACE] >= 4 or ranks[KING] >= 4 or ranks[QUEEN] >= 4 or ranks[JACK] >= 4:
        return True
    return ranks[7] >= 2


def choose_card(deal: Deal, seat: int, rng: random.Random,
                w: PolicyWeights = DEFAULT_WEIGHTS) -> int:
    """The card (id) the policy plays, chosen among the legal ones."""
    kinds = deal.kinds
    end = deal.in_end_phase
    hand = deal.hands[seat]
    if end and deal.trick:
        ids, _ = deal.rules.end_phase_playable(hand, kinds, [i for _, i, _ in deal.trick],
                                               deal.trump)
    else:
        ids = hand + deal.tables[seat]
    if len(ids) == 1:
        return ids[0]
    keep = keep_values(deal, seat, w)
    trump = deal.trump
    table = deal.tables[seat]
    hidden_cost = w.table
    noise = [rng.random() * NOISE for _ in ids]

    def cost(k: int) -> float:
        i = ids[k]
        return keep[kinds[i]] + (0.0 if i in table else hidden_cost) + noise[k]

    order = range(len(ids))
    if not deal.trick:
        if end:
            return ids[max(order, key=lambda k: _lead_strength(kinds[ids[k]], trump) + noise[k])]
        return ids[min(order, key=cost)]
    best, win_seat, points = trick_standing(deal)
    if deal.rules.partnerships and win_seat % 2 == seat % 2:
        return ids[min(order, key=cost)]
    winners = [k for k in order if beats(kinds[ids[k]], best, trump)]
    if winners and (end or points):
        k = min(winners, key=cost)
        if end or keep[kinds[ids[k]]] < w.take + points:
            return ids[k]
    if winners and not end:
        cheap = [k for k in winners if keep[kinds[ids[k]]] < w.cheap]
        if cheap:
            return ids[min(cheap, key=cost)]
    return ids[min(order, key=cost)]


def rollout(deal: Deal, rng: random.Random, max_moves: int = 10_000,
            tricks: int | None = None, weights: PolicyWeights = DEFAULT_WEIGHTS,
            to_end_phase: bool = False) -> None:
    """Play the deal to its end with the fast policy (mutates ``deal``).

    Plays go straight to the deal's trick machinery (the policy only picks legal
    cards), declarations through ``apply``; variant-only actions are not taken
    except answering a pending vido by accepting it. ``tricks`` stops the rollout
    when that many more tricks have been led (a truncated rollout); ``to_end_phase``
    stops it where the end phase's first trick is to be led (the exact solver's place)."""
    moves = 0
    while deal.current is not None and moves < max_moves:
        seat = deal.current
        moves += 1
        if deal.phase == PLAYING and not deal.trick:
            if to_end_phase and deal.in_end_phase:
                return
            if tricks is not None:
                if tricks <= 0:
                    return
                tricks -= 1
        if deal.phase == PLAYING:
            deal._play(seat, choose_card(deal, seat, rng, weights))
        elif deal.phase == DECLARING:
            deal.apply(_declare_choice(deal, seat))
        else:
            deal.apply(fast_action(deal, rng))


def potential(deal: Deal, seat: int) -> float:
    """Rough worth of the cards a seat still holds (hand and table), for truncated
    rollouts: the keep values the policy plays by."""
    keep = keep_values(deal, seat)
    kinds = deal.kinds
    return sum(keep[kinds[i]] for i in deal.hands[seat]) + sum(
        keep[kinds[i]] for i in deal.tables[seat])
