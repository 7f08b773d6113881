"""What the player to move may do: the legal actions, in their fixed order, and the
checks that refuse every other action with the rule it breaks (the end phase's
obligations included).
"""

from __future__ import annotations

from .actions import (
    PASS_ACTION,
    PLAY,
    PLAY_ACTIONS,
    PLAY_TABLE,
    SEVEN,
    TABLE_PLAY_ACTIONS,
    Action,
)
from .cards import NOTATION_RANK, code_text, kind_code
from .cards import SEVEN as SEVEN_RANK
from .deal_state import DealBase
from .errors import IllegalActionError
from .phases import ANSWERING, BLANCHE_PHASE, DECLARING, OVER
from .rules import Combination


class DealMoves(DealBase):
    """Legal actions and the checks of ``Deal.apply``."""

    # ----- legal actions -------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == OVER or self.current is None:
            return []
        seat = self.current
        extras = self.rules.extra_actions(self, seat)
        if self.phase in (ANSWERING, BLANCHE_PHASE):
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
