"""One deal: the state machine of tricks, declarations and draws.

Modelled on OpenSpiel's game state: ``current_player``, ``legal_actions()``
(deterministic order), ``apply()`` that either fully succeeds or raises
``IllegalActionError`` leaving the state untouched, ``observation(seat)`` that
reveals only what that seat may know, ``clone()`` and a JSON round trip.
Physical cards are integer ids; ``kinds[id]`` is the card kind code.

The deal's fields are ``engine.deal_state``'s; what may be played and why not is
``engine.deal_moves``; its saved form and copies ``engine.deal_saves``. Here: starting
a deal, applying an action and its effects, the result and what each seat sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .actions import (
    ACCEPT,
    BLANCHE,
    DECLARE,
    PASS,
    PLAY,
    PLAY_TABLE,
    REFUSE,
    SEVEN,
    VIDO,
    Action,
    as_action,
)
from .cards import SEVEN as SEVEN_RANK
from .cards import code_text, notation_key, rank_of
from .deal_moves import DealMoves
from .deal_saves import DealSaves, copy_json
from .errors import IllegalActionError, RecordError
from .facts import DealEnding
from .log_events import (
    DealEvent,
    DeclareEvent,
    DrawEvent,
    Kind,
    PlayEvent,
    SeatEvent,
    SevenEvent,
)
from .observation import EventLog, Group, Observation
from .phases import ANSWERING, BLANCHE_PHASE, DECLARING, OVER, PLAYING
from .rules import SEVENS, Combination, Ruleset
from .tricks import winning_index


@dataclass
class DealResult:
    declarations: list[tuple[int, str, int]]
    card_points: list[int]
    last_trick: int | None
    totals: list[int]
    extra: dict[str, Any] = field(default_factory=dict)  # the ruleset's result_extra

    def to_json(self) -> dict[str, Any]:
        return {
            "declarations": [list(d) for d in self.declarations],
            "card_points": list(self.card_points),
            "last_trick": self.last_trick,
            "totals": list(self.totals),
            **copy_json(self.extra),
        }


class Deal(DealMoves, DealSaves):
    """The state of one deal of any variant; the ruleset supplies what differs."""

    def __init__(
        self,
        rules: Ruleset,
        dealer: int,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        turnup: int | None,
    ) -> None:
        """Start a deal from physical card ids (``stock`` listed from the top)."""
        self.rules = rules
        self.n = rules.players
        self.kinds = rules.kinds
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.tables = [[] for _ in range(self.n)]
        self.stock = list(reversed(stock))  # top of the stock at the end
        self.turnup = turnup
        self.trump = rules.initial_trump(None if turnup is None else self.kinds[turnup])
        self.dead = []
        self.trick = []
        self.last_trick = []
        self.leader = (dealer + 1) % self.n
        self.current = self.leader
        self.phase = PLAYING
        self.won = [[] for _ in range(self.n)]
        self.played = []
        self.points = [0] * self.n
        self.card_points = [0] * self.n
        self.declarations = []
        self.groups = []
        self.card_groups = {}
        self.scored_sevens = []
        self.trick_winner = None
        self.last_trick_winner = None
        self.history = []
        self.log = []
        self._views = None  # each seat's log (see seat_log)
        self._viewed = 0  # events of self.log already in the seats' lists
        self.extra = {}
        if turnup is not None and rules.trump_sevens and rank_of(self.kinds[turnup]) == SEVEN_RANK:
            self.scored_sevens.append(turnup)
            self.score_declaration(dealer, "seven_turnup", rules.seven_points)
        rules.start_deal(self)

    # ----- construction from card text --------------------------------
    @classmethod
    def from_codes(
        cls,
        rules: Ruleset,
        dealer: int,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        turnup: int | None,
    ) -> Deal:
        """Deal given card kinds; identical copies get physical ids in pack order."""
        free: dict[int, list[int]] = {}
        for card_id, code in enumerate(rules.deck()):
            free.setdefault(code, []).append(card_id)

        def take(code: int) -> int:
            copies = free.get(code)
            if not copies:
                raise RecordError(f"too many copies of {code_text(code)} for this deck")
            return copies.pop(0)

        if len(hands) != rules.players:
            raise RecordError(f"expected {rules.players} hands, got {len(hands)}")
        for hand in hands:
            if len(hand) != rules.hand_size:
                raise RecordError(f"each hand holds {rules.hand_size} cards, not {len(hand)}")
        if (turnup is None) == rules.has_turnup:
            raise RecordError(
                "turnup is required" if rules.has_turnup else "this variant has no turnup"
            )
        hand_ids = [[take(c) for c in hand] for hand in hands]
        turnup_id = None if turnup is None else take(turnup)
        stock_ids = [take(c) for c in stock]
        left = sum(len(v) for v in free.values())
        if left:
            raise RecordError(f"the deal leaves {left} card(s) of the deck out")
        return cls(rules, dealer, hand_ids, stock_ids, turnup_id)

    # ----- apply ---------------------------------------------------------
    def apply(self, action: Action | str) -> None:
        """Apply one action of the current player, or raise IllegalActionError untouched."""
        try:
            act = as_action(action)
        except ValueError as err:
            raise IllegalActionError("unknown_action", str(err)) from None
        if self.phase == OVER or self.current is None:
            raise IllegalActionError("deal_over", "the deal is over")
        seat = self.current
        if self.rules.apply_extra(self, seat, act):
            self._record(act)
            return
        if self.phase == ANSWERING:
            raise IllegalActionError(
                "answer_vido_first", "a vido must be accepted or refused first"
            )
        if self.phase == BLANCHE_PHASE:
            raise IllegalActionError(
                "blanche_or_pass", "show carte blanche ('blanche') or decline it ('pass') first"
            )
        if act.kind in (PLAY, PLAY_TABLE):
            if self.phase != PLAYING:
                raise IllegalActionError(
                    "declare_or_pass", "after winning a trick, declare or pass before playing"
                )
            card_id = self._check_play(seat, act)
            self._record(act)
            self._play(seat, card_id)
        elif act.kind == DECLARE:
            self._require_declaring(seat)
            combo, ids, points = self._check_declaration(seat, act.codes)
            self._record(act)
            self._declare(seat, combo, ids, points)
            self._draw()
        elif act.kind == SEVEN:
            self._require_declaring(seat)
            card_id = self._check_seven(seat, act.codes[0])
            self._record(act)
            self._seven(seat, card_id)
            self._draw()
        elif act.kind == PASS:
            self._require_declaring(seat)
            self._record(act)
            self.log.append(SeatEvent(Kind.PASS, seat))
            self._draw()
        elif act.kind in (VIDO, ACCEPT, REFUSE):
            raise IllegalActionError("vido_not_allowed", f"'{act.kind}' is not possible now")
        elif act.kind == BLANCHE:
            raise IllegalActionError(
                "blanche_not_allowed", "carte blanche may not be shown now"
            )
        else:  # pragma: no cover - parse() knows no other kinds
            raise IllegalActionError("unknown_action", f"unknown action {act.text()!r}")

    def _record(self, act: Action) -> None:
        self.history.append(act.text())

    # ----- effects -------------------------------------------------------
    def _play(self, seat: int, card_id: int) -> None:
        from_table = card_id in self.tables[seat]
        (self.tables if from_table else self.hands)[seat].remove(card_id)
        self.trick.append((seat, card_id, from_table))
        self.played.append(card_id)
        self.log.append(PlayEvent(Kind.PLAY, seat, self.kinds[card_id], from_table))
        self.rules.on_play(self, seat, card_id, from_table)
        if len(self.trick) < self.n:
            self.current = (seat + 1) % self.n
            return
        codes = [self.kinds[i] for _, i, _ in self.trick]
        winner = self.trick[winning_index(codes, self.trump)][0]
        self.won[winner].extend(i for _, i, _ in self.trick)
        self.last_trick, self.trick = self.trick, []
        self.last_trick_winner = winner
        self.log.append(SeatEvent(Kind.TRICK, winner))
        self.rules.score_trick(self, winner, codes)
        self.rules.on_trick_won(self, winner)
        if self.phase == OVER:  # a ruleset may end the deal (bezik's 3000 rule)
            return
        if self.can_draw:
            self.phase = DECLARING
            self.trick_winner = winner
            self.current = winner
        elif not any(self.hands):
            self._finish()
        else:
            self.leader = self.current = winner

    def _declare(self, seat: int, combo: Combination, ids: list[int], points: int) -> None:
        for card_id in ids:
            if card_id in self.hands[seat]:
                self.hands[seat].remove(card_id)
                self.tables[seat].append(card_id)
        self.add_group(seat, combo, ids)
        self.score_declaration(seat, combo.name, points)
        self.log.append(
            DeclareEvent(Kind.DECLARE, seat, combo.name, points, tuple(self.kinds[i] for i in ids))
        )
        self.rules.after_declaration(self, seat, combo, ids)

    def add_group(self, seat: int, combo: Combination, ids: list[int]) -> Group:
        group = Group(seat, combo.name, combo.kind, combo.klass, combo.value, tuple(ids))
        self.groups.append(group)
        for card_id in ids:
            self.card_groups.setdefault(card_id, []).append(len(self.groups) - 1)
        return group

    def _seven(self, seat: int, card_id: int) -> None:
        points = self.rules.seven_points
        self.scored_sevens.append(card_id)
        self.hands[seat].remove(card_id)
        turnup = self.turnup
        exchanged = turnup is not None and rank_of(self.kinds[turnup]) != SEVEN_RANK
        if exchanged:
            assert turnup is not None
            self.hands[seat].append(turnup)
            self.turnup = card_id
        else:
            self.tables[seat].append(card_id)
            combo = Combination("seven", SEVENS, points)
            self.add_group(seat, combo, [card_id])
        self.score_declaration(seat, "seven", points)
        # The exchanged turn-up was public: logged so observers (the AI) can track it.
        old = self.kinds[turnup] if exchanged and turnup is not None else None
        self.log.append(SevenEvent(Kind.SEVEN, seat, self.kinds[card_id], exchanged, old, points))

    def _draw(self) -> None:
        winner = self.trick_winner
        assert winner is not None
        for k in range(self.n):
            seat = (winner + k) % self.n
            if self.stock:
                card_id = self.stock.pop()
                self.log.append(DrawEvent(Kind.DRAW, seat, self.kinds[card_id], False))
            else:
                assert self.turnup is not None
                card_id, self.turnup = self.turnup, None
                self.log.append(DrawEvent(Kind.DRAW, seat, self.kinds[card_id], True))
            self.hands[seat].append(card_id)
        self.trick_winner = None
        self.phase = PLAYING
        self.leader = self.current = winner
        if not self.can_draw:
            self._enter_end_phase()
        self.rules.after_draws(self)

    def _enter_end_phase(self) -> None:
        """Stock exhausted: declared cards go back to the hands; left-over cards are dead."""
        self.dead.extend(reversed(self.stock))
        self.stock = []
        for seat in range(self.n):
            self.hands[seat].extend(self.tables[seat])
            self.tables[seat] = []
        self.log.append(DealEvent(Kind.END_PHASE))
        self.rules.on_end_phase(self)

    def _finish(self) -> None:
        self.phase = OVER
        self.current = None
        self.rules.finish_deal(self)
        self.log.append(DealEvent(Kind.DEAL_OVER))

    # ----- results and views -------------------------------------------
    def result(self) -> DealResult:
        return DealResult(
            list(self.declarations), list(self.card_points), self.last_trick_winner,
            list(self.points), self.rules.result_extra(self),
        )

    def observation(self, seat: int) -> Observation:
        kinds = self.kinds

        def codes(ids: Sequence[int]) -> list[int]:
            return [kinds[i] for i in ids]

        return Observation(
            seat=seat,
            players=self.n,
            variant=self.rules.name,
            dealer=self.dealer,
            phase=self.phase,
            current_player=self.current,
            leader=self.leader,
            trump=self.trump,
            turnup=None if self.turnup is None else kinds[self.turnup],
            stock_size=len(self.stock),
            hand=sorted(codes(self.hands[seat]), key=notation_key),
            hand_sizes=[len(h) for h in self.hands],
            tables=[codes(t) for t in self.tables],
            groups=[
                Group(g.seat, g.name, g.kind, g.klass, g.value, tuple(codes(g.cards)), g.alive)
                for g in self.groups
            ],
            trick=[(s, kinds[i], t) for s, i, t in self.trick],
            last_trick=[(s, kinds[i], t) for s, i, t in self.last_trick],
            won=[codes(w) for w in self.won],
            played=codes(self.played),
            points=list(self.points),
            declarations=list(self.declarations),
            scored_sevens=len(self.scored_sevens),
            legal_actions=self.legal_actions() if seat == self.current else [],
            log=self.seat_log(seat),
            facts=self.rules.public_facts(self, seat),
            options=dict(self.rules.options),
            multipack=self.rules.shown_facts(self, seat),
        )

    def ending(self) -> DealEnding:
        """How the deal ended besides its scores (what the deal summary notes)."""
        extra = self.extra
        points = extra.get("last_trick_points")
        refused = extra.get("refused")
        return DealEnding(
            last_trick_points=None if points is None else int(points),
            brisks_counted=bool(extra.get("brisks_counted", True)),
            refused=None if refused is None else int(refused),
        )

    def seat_log(self, seat: int) -> EventLog:
        """The log as ``seat`` sees it: others' draws from the stock hidden (O(1) a step).

        Each seat's list is kept up to date from ``self.log`` when someone looks, one new
        event at a time, and shares every event but the hidden draws with it."""
        views = self._views
        if views is None:
            views = self._views = [[] for _ in range(self.n)]
            self._viewed = 0
        if self._viewed < len(self.log):
            for event in islice(self.log, self._viewed, None):
                if event[0] == Kind.DRAW and not event[3]:  # from the stock: only its drawer saw it
                    hidden = DrawEvent(Kind.DRAW, event[1], None, False)
                    for viewer, view in enumerate(views):
                        view.append(event if viewer == event[1] else hidden)
                else:
                    for view in views:
                        view.append(event)
            self._viewed = len(self.log)
        return EventLog(views[seat])
