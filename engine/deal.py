"""One deal: the state machine of tricks, declarations and draws.

Modelled on OpenSpiel's game state: ``current_player``, ``legal_actions()``
(deterministic order), ``apply()`` that either fully succeeds or raises
``IllegalActionError`` leaving the state untouched, ``observation(seat)`` that
reveals only what that seat may know, ``clone()`` and a JSON round trip.
Physical cards are integer ids; ``kinds[id]`` is the card kind code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .actions import (
    ACCEPT,
    DECLARE,
    PASS,
    PASS_ACTION,
    PLAY,
    PLAY_ACTIONS,
    PLAY_TABLE,
    REFUSE,
    SEVEN,
    TABLE_PLAY_ACTIONS,
    VIDO,
    Action,
    as_action,
)
from .cards import NOTATION_RANK, code_text, kind_code, notation_key, rank_of
from .cards import SEVEN as SEVEN_RANK
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
    log_event,
)
from .observation import Event, EventLog, Group, Observation, event_lists
from .phases import ANSWERING, DECLARING, OVER, PLAYING
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
            **_copy_json(self.extra),
        }


class Deal:
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
        self.tables: list[list[int]] = [[] for _ in range(self.n)]
        self.stock = list(reversed(stock))  # top of the stock at the end
        self.turnup = turnup
        self.trump = rules.initial_trump(None if turnup is None else self.kinds[turnup])
        self.dead: list[int] = []
        self.trick: list[tuple[int, int, bool]] = []
        self.last_trick: list[tuple[int, int, bool]] = []
        self.leader = (dealer + 1) % self.n
        self.current: int | None = self.leader
        self.phase = PLAYING
        self.won: list[list[int]] = [[] for _ in range(self.n)]
        self.played: list[int] = []
        self.points = [0] * self.n
        self.card_points = [0] * self.n
        self.declarations: list[tuple[int, str, int]] = []
        self.groups: list[Group] = []
        self.card_groups: dict[int, list[int]] = {}
        self.scored_sevens: list[int] = []
        self.trick_winner: int | None = None
        self.last_trick_winner: int | None = None
        self.history: list[str] = []
        self.log: list[Event] = []
        self._views: list[list[Event]] | None = None  # each seat's log (see seat_log)
        self._viewed = 0  # events of self.log already in the seats' lists
        self.extra: dict[str, Any] = {}
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

    # ----- basic facts ---------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    @property
    def can_draw(self) -> bool:
        """Whether a stock-phase round of draws still fits (each player one card)."""
        return len(self.stock) + (self.turnup is not None) >= self.n

    @property
    def in_end_phase(self) -> bool:
        return not self.can_draw and self.phase != DECLARING

    def code(self, card_id: int) -> int:
        return self.kinds[card_id]

    # ----- scoring helpers used by rulesets ------------------------------
    def score_declaration(self, seat: int, name: str, points: int) -> None:
        self.declarations.append((seat, name, points))
        self.points[seat] += points

    def add_card_points(self, seat: int, points: int) -> None:
        self.card_points[seat] += points
        self.points[seat] += points

    def add_last_trick(self, seat: int, points: int) -> None:
        self.extra["last_trick_points"] = points
        self.points[seat] += points

    # ----- legal actions -------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == OVER or self.current is None:
            return []
        seat = self.current
        extras = self.rules.extra_actions(self, seat)
        if self.phase == ANSWERING:
            return list(extras)
        if self.phase == DECLARING:
            actions = [*extras, *self._legal_declarations(seat)]
            seven = self._seven_id(seat)
            if seven is not None:
                actions.append(Action(SEVEN, (self.kinds[seven],)))
            actions.append(PASS_ACTION)
            return actions
        # Plays in notation order, one per kind; then the variant's own actions (they name
        # no card); then, in the stock phase, a second play of each kind held both hidden
        # and on the table (from the table).
        kinds = self.kinds
        hand = self.hands[seat]
        end_phase = self.in_end_phase
        if end_phase and self.trick:
            playable = {kinds[i] for i in self._end_phase_playable(seat)[0]}
        else:
            playable = {kinds[i] for i in hand}
            playable.update(kinds[i] for i in self.tables[seat])
        actions = [PLAY_ACTIONS[c] for c in sorted(playable, key=NOTATION_RANK.__getitem__)]
        for extra in extras:
            if extra not in actions:
                actions.append(extra)
        if not end_phase and self.tables[seat]:
            hidden = {kinds[i] for i in hand}
            on_table = hidden.intersection(kinds[i] for i in self.tables[seat])
            actions.extend(
                TABLE_PLAY_ACTIONS[c] for c in sorted(on_table, key=NOTATION_RANK.__getitem__)
            )
        return actions

    def _end_phase_playable(self, seat: int) -> tuple[list[int], str]:
        """The cards (ids) the end-phase obligation lets ``seat`` play on the trick, and the
        rule that binds."""
        return self.rules.end_phase_playable(
            self.hands[seat], self.kinds, [i for _, i, _ in self.trick], self.trump
        )

    def _legal_declarations(self, seat: int) -> list[Action]:
        kinds = self.kinds
        held = [kinds[i] for i in self.hands[seat]]
        held.extend(kinds[i] for i in self.tables[seat])
        rules = self.rules
        return [
            action
            for codes, combo, action in rules.declarable(held, self.trump)
            if rules.choose_copies(self, seat, codes, combo)[0] is not None
        ]

    def _seven_id(self, seat: int) -> int | None:
        if not self.rules.trump_sevens or self.trump is None:
            return None
        code = kind_code(SEVEN_RANK, self.trump)
        for card_id in self.hands[seat]:
            if self.kinds[card_id] == code and card_id not in self.scored_sevens:
                return card_id
        return None

    def canonical(self, action: Action) -> Action:
        """The action's one accepted form now: a table play of a card that has no hidden
        copy is ``play X`` (what legal_actions lists), not ``play table X``."""
        if action.kind == PLAY_TABLE and self.current is not None:
            code = action.codes[0]
            if not any(self.kinds[i] == code for i in self.hands[self.current]):
                return Action(PLAY, action.codes)
        return action

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
        else:  # pragma: no cover - parse() knows no other kinds
            raise IllegalActionError("unknown_action", f"unknown action {act.text()!r}")

    def _record(self, act: Action) -> None:
        self.history.append(act.text())

    def _require_declaring(self, seat: int) -> None:
        if self.phase != DECLARING:
            raise IllegalActionError(
                "declare_only_after_winning",
                "only the winner of a stock-phase trick may declare, right after winning it",
            )

    def _check_play(self, seat: int, act: Action) -> int:
        code = act.codes[0]
        kinds = self.kinds
        hidden = next((i for i in self.hands[seat] if kinds[i] == code), None)
        table = [i for i in self.tables[seat] if kinds[i] == code]
        if act.kind == PLAY_TABLE:
            if self.in_end_phase:
                raise IllegalActionError(
                    "no_table_play_in_end_phase", "in the end phase every card is in the hand"
                )
            if not table:
                raise IllegalActionError(
                    "no_table_copy", f"no {code_text(code)} lies among your declared cards"
                )
            if hidden is None:  # one text per distinct action: this one is 'play X'
                raise IllegalActionError(
                    "play_table_only_copy",
                    f"{code_text(code)} lies only on the table: it is played as "
                    f"'play {code_text(code)}'",
                )
            card_id = self.rules.table_copy_to_play(self, seat, table)
        elif hidden is not None:
            card_id = hidden
        elif table:
            card_id = self.rules.table_copy_to_play(self, seat, table)
        else:
            raise IllegalActionError("card_not_held", f"you do not hold {code_text(code)}")
        if self.in_end_phase and self.trick:
            allowed, rule = self._end_phase_playable(seat)
            if card_id not in allowed:
                raise IllegalActionError(rule, _END_PHASE_REASONS.get(rule, rule))
        return card_id

    def _check_declaration(
        self, seat: int, codes: tuple[int, ...]
    ) -> tuple[Combination, list[int], int]:
        combo = self.rules.classify(codes, self.trump)
        if combo is None:
            names = " ".join(code_text(c) for c in codes)
            raise IllegalActionError("not_a_combination", f"{names} is no combination here")
        ids, why = self.rules.choose_copies(self, seat, codes, combo)
        if ids is None:
            raise IllegalActionError(why, _DECLARE_REASONS.get(why, why))
        return combo, ids, self.rules.declaration_points(self, seat, combo, ids)

    def _check_seven(self, seat: int, code: int) -> int:
        if not self.rules.trump_sevens:
            raise IllegalActionError("seven_no_trumps", "sevens score nothing in this variant")
        if self.trump is None or code != kind_code(SEVEN_RANK, self.trump):
            raise IllegalActionError(
                "not_trump_seven", f"{code_text(code)} is not the seven of trumps"
            )
        card_id = self._seven_id(seat)
        if card_id is None:
            raise IllegalActionError(
                "seven_not_held", "you hold no unscored seven of trumps in your hand"
            )
        return card_id

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

    def finish_early(self) -> None:
        """End the deal now (a refused vido): no more tricks are played."""
        self.phase = OVER
        self.current = None
        self.log.append(DealEvent(Kind.DEAL_OVER))

    # ----- results and views -------------------------------------------
    def result(self) -> DealResult:
        return DealResult(
            list(self.declarations), list(self.card_points), self.last_trick_winner,
            list(self.points), self.rules.result_extra(self),
        )

    def observation(self, seat: int) -> Observation:
        kinds = self.kinds
        facts = self.rules.public_facts(self, seat)

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
            extra={} if facts is None else facts.to_json(),
            facts=facts,
            options=dict(self.rules.options),
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

    def replace_last_event(self, event: Event) -> None:
        """Rewrite the last event (bezik completes a declaration in place). The seats' lists
        are rebuilt the next time someone looks: the old ones stay as earlier observations
        saw them."""
        self.log[-1] = event
        self._views = None

    # ----- copying and JSON ---------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.rules.name,
            "options": dict(self.rules.options),
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "tables": [list(t) for t in self.tables],
            "stock": list(reversed(self.stock)),
            "turnup": self.turnup,
            "trump": self.trump,
            "dead": list(self.dead),
            "trick": [list(t) for t in self.trick],
            "last_trick": [list(t) for t in self.last_trick],
            "leader": self.leader,
            "current": self.current,
            "phase": self.phase,
            "won": [list(w) for w in self.won],
            "played": list(self.played),
            "points": list(self.points),
            "card_points": list(self.card_points),
            "declarations": [list(d) for d in self.declarations],
            "groups": [g.to_json() for g in self.groups],
            "scored_sevens": list(self.scored_sevens),
            "trick_winner": self.trick_winner,
            "last_trick_winner": self.last_trick_winner,
            "history": list(self.history),
            "log": event_lists(self.log),
            "extra": _copy_json(self.extra),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], rules: Ruleset) -> Deal:
        """A deal back from ``to_json`` under its rules (``engine.variants.make_rules`` of
        its ``variant`` and ``options``)."""
        try:
            deal = cls.__new__(cls)
            deal.rules = rules
            deal.n = rules.players
            deal.kinds = rules.kinds
            deal.dealer = int(data["dealer"])
            deal.hands = [[int(i) for i in h] for h in data["hands"]]
            deal.tables = [[int(i) for i in t] for t in data["tables"]]
            deal.stock = [int(i) for i in reversed(data["stock"])]
            deal.turnup = None if data["turnup"] is None else int(data["turnup"])
            deal.trump = None if data["trump"] is None else int(data["trump"])
            deal.dead = [int(i) for i in data["dead"]]
            deal.trick = [(int(s), int(i), bool(t)) for s, i, t in data["trick"]]
            deal.last_trick = [(int(s), int(i), bool(t)) for s, i, t in data["last_trick"]]
            deal.leader = int(data["leader"])
            deal.current = None if data["current"] is None else int(data["current"])
            deal.phase = str(data["phase"])
            deal.won = [[int(i) for i in w] for w in data["won"]]
            deal.played = [int(i) for i in data["played"]]
            deal.points = [int(p) for p in data["points"]]
            deal.card_points = [int(p) for p in data["card_points"]]
            deal.declarations = [(int(s), str(k), int(p)) for s, k, p in data["declarations"]]
            deal.groups = [Group.from_json(g) for g in data["groups"]]
            deal.card_groups = {}
            for index, group in enumerate(deal.groups):
                for card_id in group.cards:
                    deal.card_groups.setdefault(card_id, []).append(index)
            deal.scored_sevens = [int(i) for i in data["scored_sevens"]]
            deal.trick_winner = None if data["trick_winner"] is None else int(data["trick_winner"])
            ltw = data["last_trick_winner"]
            deal.last_trick_winner = None if ltw is None else int(ltw)
            deal.history = [str(h) for h in data["history"]]
            deal.log = [log_event(_upgraded(tuple(tuple(v) if isinstance(v, list) else v
                                                  for v in e), rules)) for e in data["log"]]
            deal._views, deal._viewed = None, 0
            deal.extra = _copy_json(data["extra"])
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed deal state: {err}") from None
        deal.check_cards()
        return deal

    def clone(self) -> Deal:
        other = Deal.__new__(Deal)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.tables = [list(t) for t in self.tables]
        other.stock = list(self.stock)
        other.dead = list(self.dead)
        other.trick = list(self.trick)
        other.won = [list(w) for w in self.won]
        other.played = list(self.played)
        other.points = list(self.points)
        other.card_points = list(self.card_points)
        other.declarations = list(self.declarations)
        other.groups = [Group(g.seat, g.name, g.kind, g.klass, g.value, g.cards, g.alive)
                        for g in self.groups]
        other.card_groups = {k: list(v) for k, v in self.card_groups.items()}
        other.scored_sevens = list(self.scored_sevens)
        other.history = list(self.history)
        other.log = list(self.log)  # the events are tuples: shared
        other._views = None  # the seats' lists belong to this deal; the clone builds its own
        other.extra = _copy_json(self.extra)
        return other

    def __eq__(self, other: object) -> bool:
        """Same variant, options and every field of the state (no copies made)."""
        if not isinstance(other, Deal):
            return NotImplemented
        if (self.rules.name, self.rules.options) != (other.rules.name, other.rules.options):
            return False
        mine = {k: v for k, v in self.__dict__.items() if k not in _NOT_STATE}
        theirs = {k: v for k, v in other.__dict__.items() if k not in _NOT_STATE}
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]

    def check_cards(self) -> None:
        """Every physical card of the deck in exactly one place (RecordError otherwise)."""
        places = [*self.hands, *self.tables, self.stock, self.dead, self.played]
        seen = [i for place in places for i in place]
        if self.turnup is not None:
            seen.append(self.turnup)
        if sorted(seen) != list(range(len(self.kinds))):
            raise RecordError("cards are missing or duplicated in the deal state")


# Attributes that are not the deal's state: the rules, and caches derived from the state.
_NOT_STATE = ("rules", "kinds", "_views", "_viewed")


def _upgraded(event: Event, rules: Ruleset) -> Event:
    """An event of a saved log in today's form: a seven event saved before it carried its
    points (and, earlier still, the exchanged turn-up) gets them, so readers of the log
    never need to know the rules' numbers."""
    if event and event[0] == "seven" and len(event) < 6:
        old = event[4] if len(event) > 4 else None
        return (*event[:4], old, rules.seven_points)
    return event


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


_END_PHASE_REASONS = {
    "must_follow_suit": "in the end phase you must follow suit",
    "must_win": "in the end phase you must take the trick when you can",
    "must_trump": "in the end phase, void in the suit led, you must trump",
}

_DECLARE_REASONS = {
    "card_not_held": "you do not hold every card of that combination",
    "no_new_card": "a declaration must put at least one card from your hand on the table",
    "card_reused_same_kind": "a card may not count twice in the same kind of combination",
    "card_reused_lower": (
        "a declared card may be used again in its own class only for a higher combination"
    ),
}
