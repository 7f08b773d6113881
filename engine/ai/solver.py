"""Exact end-phase solver: alpha-beta with a transposition table.

Once the stock is empty no card is drawn or declared any more; with every hand
known (always so with two players: the other hand is all that is unseen) the
rest of the deal is a perfect-information game of tricks under the variant's
obligation rule. The solver maximises the points the root seat's side takes
minus the points the other seats take (three players: the others together).

With the game's stakes (``GameStakes``) it plays to win the game first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..actions import PLAY, Action
from ..deal import Deal
from ..game import last_trick_decides, winning_side
from ..tricks import beats
from .policy import card_points

IDENT = list(range(32))
Playable = Callable[[list[int], list[int], list[int], int | None], tuple[list[int], str]]


WIN_STAKE = 2000  # more than any end phase's margin: the game's outcome comes first
STAKES_CARDS = 6  # stakes cost 2-3 times the work: <0.1 s a move with 6 cards, 1.5 s with 8


class TooLong(Exception):
    """A search gave up at its node limit (``EndGame.max_nodes``)."""


@dataclass(frozen=True)
class GameStakes:
    """Side totals before the cards in play (side 0: the root's), target, tie rule."""

    before: tuple[int, int]
    target: int
    tie_break: str
    to_take: int  # card points in the hands and the trick (the last trick's bonus apart)

    @property
    def settled(self) -> bool:
        """Both sides have the target and the last trick decides: points no longer count."""
        return last_trick_decides(self.before, self.target, self.tie_break)

    def value(self, margin: int, last_side: int, last_bonus: int) -> int:
        """±WIN_STAKE as the root's side wins or loses the game, 0 if it goes on."""
        taken = ((self.to_take + margin) // 2, (self.to_take - margin) // 2)
        totals = [self.before[s] + taken[s] + (last_bonus if s == last_side else 0)
                  for s in (0, 1)]
        winner = winning_side(totals, self.target, self.tie_break, (last_side, 1 - last_side))
        return 0 if winner is None else (WIN_STAKE if winner == 0 else -WIN_STAKE)


class EndGame:
    """A perfect-information end position in card kinds."""

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        leader: int,
        trick: Sequence[tuple[int, int]],
        trump: int | None,
        values: Sequence[int],
        last_bonus: int,
        playable: Playable,
        sides: Sequence[int],
        provisional: Sequence[int] | None = None,
        target_rule: tuple[Sequence[int], int, Sequence[int]] | None = None,
        stakes: GameStakes | None = None,
    ) -> None:
        self.n = len(hands)
        self.hands = [sorted(h) for h in hands]
        self.leader = leader
        self.trick = list(trick)
        self.trump = trump
        self.values = list(values)
        self.last_bonus = last_bonus
        self.playable = playable
        self.sides = list(sides)
        self.provisional = list(provisional or [0] * self.n)
        # bezik: (scores without brisks so far, game target, brisk points won so far): the
        # brisks do not count when only the last trick's winner reaches the target
        self.target_rule = target_rule
        self.stakes = stakes
        # the value below a node depends on the points taken above it (the table key's)
        self.path_keyed = bool(target_rule) or (stakes is not None and not stakes.settled)
        self.path_brisks = 0  # card points taken in the search so far, root side minus other
        self.nodes = 0
        self.max_nodes = 1 << 62  # a search past it raises TooLong
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}

    @classmethod
    def from_deal(cls, deal: Deal, root: int, game_before: Sequence[int] | None = None,
                  stakes_cards: int = STAKES_CARDS) -> EndGame:
        """``deal``'s end position for ``root`` (``game_before``: game totals per seat; the
        stakes while no hand holds more than ``stakes_cards``)."""
        rules = deal.rules
        kinds = deal.kinds
        n = deal.n
        if rules.partnerships:
            sides = [0 if s % 2 == root % 2 else 1 for s in range(n)]
        else:
            sides = [0 if s == root else 1 for s in range(n)]
        values = [card_points(rules, c) for c in range(32)]
        last = rules.last_trick_points
        provisional = [0] * n
        extra = deal.extra
        target_rule = None
        if "trump_sequence" in extra:  # bezik: 250 / 40 / 0, dönük scores at risk
            last = 250 if extra["trump_sequence"] else (40 if deal.trump is not None else 0)
            for p in extra.get("provisional", []):
                provisional[int(p[0])] += int(p[3])
            before = extra.get("game_before", [0] * n)
            target = int(extra.get("target", 0))
            base = [int(before[s]) + deal.points[s] for s in range(n)]
            if target and max(base) + last >= target:
                won = [sum(values[kinds[i]] for i in deal.won[s]) for s in range(n)]
                target_rule = (base, target, won)
        leader = deal.trick[0][0] if deal.trick else deal.current
        assert leader is not None
        stakes = None
        if game_before is not None and target_rule is None and "trump_sequence" not in extra:
            stakes = _stakes(deal, sides, values, last, game_before, stakes_cards)
        return cls(
            [[kinds[i] for i in h] for h in deal.hands], leader,
            [(s, kinds[i]) for s, i, _ in deal.trick], deal.trump, values, last,
            rules.end_phase_playable, sides, provisional, target_rule, stakes,
        )

    # ----- search -----------------------------------------------------------
    def moves(self, seat: int, trick_codes: list[int]) -> list[int]:
        hand = self.hands[seat]
        if not trick_codes:
            allowed = hand
        else:
            allowed, _ = self.playable(hand, IDENT, trick_codes, self.trump)
        out: list[int] = []
        for c in allowed:
            if c not in out:
                out.append(c)
        return out

    def solve(self) -> tuple[int, int]:
        """(best card kind for the player to move, exact value for the root side)."""
        self.table = {}
        seat = (self.leader + len(self.trick)) % self.n
        maximise = self.sides[seat] == 0
        trick_codes = [c for _, c in self.trick]
        moves = self._ordered(seat, self.moves(seat, trick_codes), trick_codes)
        best_move = moves[0]
        alpha, beta = -10**9, 10**9
        best = -10**9 if maximise else 10**9
        for c in moves:
            v = self._play(seat, c, alpha, beta)
            if maximise and v > best:
                best, best_move, alpha = v, c, v
            elif not maximise and v < best:
                best, best_move, beta = v, c, v
        return best_move, best

    def value(self) -> int:
        """The exact value (root side minus the others) of the position."""
        self.table = {}
        return self._search(-10**9, 10**9)

    def _key(self, flags: int) -> tuple[object, ...]:
        brisks = self.path_brisks if self.path_keyed else 0
        return (tuple(tuple(h) for h in self.hands), self.leader, tuple(self.trick), flags,
                brisks)

    def final_adjustment(self, winner: int) -> int:
        """At the last trick: dönük scores still provisional are taken back, and (bezik)
        every brisk is withdrawn when only the winner reaches the target."""
        v = 0
        for s in range(self.n):
            if self.provisional[s]:
                v += -self.provisional[s] if self.sides[s] == 0 else self.provisional[s]
        if self.target_rule is not None:
            base, target, won = self.target_rule
            totals = [base[s] - self.provisional[s] + (self.last_bonus if s == winner else 0)
                      for s in range(self.n)]
            if totals[winner] >= target and all(
                    totals[s] < target for s in range(self.n) if s != winner):
                past = sum(w if self.sides[s] == 0 else -w for s, w in enumerate(won))
                v -= past + self.path_brisks
        if self.stakes is not None:
            v += self.stakes.value(self.path_brisks, self.sides[winner], self.last_bonus)
        return v

    def _flags(self) -> int:
        f = 0
        for s in range(self.n):
            if self.provisional[s]:
                f |= 1 << s
        return f

    def _search(self, alpha: int, beta: int) -> int:
        """Value for side 0 of the position (side 0 maximises)."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooLong
        seat = (self.leader + len(self.trick)) % self.n
        if not self.trick and not self.hands[seat]:
            return 0
        key = self._key(self._flags())
        entry = self.table.get(key)
        if entry is not None:
            lower, upper = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha, beta = max(alpha, lower), min(beta, upper)
        a0, b0 = alpha, beta
        maximise = self.sides[seat] == 0
        trick_codes = [c for _, c in self.trick]
        moves = self._ordered(seat, self.moves(seat, trick_codes), trick_codes)
        best = -10**9 if maximise else 10**9
        for c in moves:
            v = self._play(seat, c, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        lower, upper = self.table.get(key, (-10**9, 10**9))
        if best <= a0:
            upper = min(upper, best)
        elif best >= b0:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.table[key] = (lower, upper)
        return best

    def _play(self, seat: int, code: int, alpha: int, beta: int) -> int:
        hand = self.hands[seat]
        hand.remove(code)
        self.trick.append((seat, code))
        if len(self.trick) < self.n:
            v = self._search(alpha, beta)
        else:
            trick, leader = self.trick, self.leader
            codes = [c for _, c in trick]
            win = 0
            for k in range(1, len(codes)):
                if beats(codes[k], codes[win], self.trump):
                    win = k
            winner = trick[win][0]
            gained = sum(self.values[c] for c in codes)
            if not any(self.hands):
                gained += self.last_bonus
            cleared = self.provisional[winner]
            self.provisional[winner] = 0
            self.trick = []
            self.leader = winner
            v = gained if self.sides[winner] == 0 else -gained
            taken = v - (0 if any(self.hands) else (
                self.last_bonus if self.sides[winner] == 0 else -self.last_bonus))
            self.path_brisks += taken
            if not any(self.hands):
                v += self.final_adjustment(winner)
            else:
                v += self._search(alpha - v, beta - v)
            self.path_brisks -= taken
            self.provisional[winner] = cleared
            self.trick, self.leader = trick, leader
        self.trick.pop()
        hand.insert(_pos(hand, code), code)
        return v

    def _ordered(self, seat: int, moves: list[int], trick_codes: list[int]) -> list[int]:
        if not trick_codes:
            return sorted(moves, key=lambda c: (c & 7, self.values[c]))
        return sorted(moves, key=lambda c: -self.values[c])


def _stakes(deal: Deal, sides: Sequence[int], values: Sequence[int], last_bonus: int,
            game_before: Sequence[int], cards: int) -> GameStakes | None:
    """The stakes, or None: the deal cannot end the game, three sides, or hands too big."""
    if 2 * list(sides).count(0) != len(sides):
        return None
    kinds, rules = deal.kinds, deal.rules
    before = [0, 0]
    for seat in range(deal.n):
        pending = 0 if rules.card_points else sum(values[kinds[i]] for i in deal.won[seat])
        before[sides[seat]] += int(game_before[seat]) + deal.points[seat] + pending
    to_take = sum(values[kinds[i]] for h in deal.hands for i in h) + sum(
        values[kinds[i]] for _, i, _ in deal.trick)
    if max(before) + to_take + last_bonus < rules.target:
        return None
    stakes = GameStakes((before[0], before[1]), rules.target, rules.tie_break, to_take)
    if not stakes.settled and max(map(len, deal.hands)) > cards:
        return None
    return stakes


def _pos(hand: list[int], code: int) -> int:
    lo = 0
    while lo < len(hand) and hand[lo] < code:
        lo += 1
    return lo


def solve_deal(deal: Deal, root: int, max_nodes: int | None = None) -> tuple[Action, int]:
    """The optimal play for the player to move in an end-phase deal, and the value of the
    position for ``root``'s side (points still to take, own side minus the others);
    TooLong past ``max_nodes``."""
    game = EndGame.from_deal(deal, root)
    if max_nodes is not None:
        game.max_nodes = max_nodes
    code, value = game.solve()
    return Action(PLAY, (code,)), value
