"""The Russian family (docs/rules.md): ``russian``, ``russian-3``, ``russian-4``, ``no-trump``.

They share card points taken with every trick, the longer declaration table
(double and triple marriages, plain quint, two trump sevens) and the end phase
"follow suit, else trump, else anything, nobody has to win". They differ in
seats, packs, the multiples allowed, and — for ``no-trump`` — in trumps being
fixed by the deal's first marriage instead of a turn-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..cards import ACE, JACK, KING, QUEEN, SUITS, TEN, suit_of
from ..rules import (
    BEZIQUES,
    MARRIAGES,
    SEVENS,
    Combination,
    DealState,
    OptionSpec,
    Ruleset,
    follow_else_trump,
)

CARD_POINTS: Mapping[int, int] = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}

TWO_PACK_POINTS: Mapping[str, int] = {
    "two_sevens": 20,
    "marriage": 20,
    "trump_marriage": 40,
    "double_marriage": 40,
    "double_trump_marriage": 80,
    "bezique": 40,
    "double_bezique": 500,
    "four_jacks": 40,
    "four_queens": 60,
    "four_kings": 80,
    "four_aces": 100,
    "sequence": 100,
    "trump_sequence": 250,
}

TRIPLE_POINTS: Mapping[str, int] = {
    **TWO_PACK_POINTS,
    "triple_marriage": 100,
    "triple_trump_marriage": 300,
    "triple_bezique": 1500,
}

TIE_BREAK = OptionSpec("last_trick", ("last_trick", "higher_score"))


class Russian(Ruleset):
    """Two-handed Russian Bezique: two packs, a turn-up, card points per trick."""

    name: ClassVar[str] = "russian"
    seats: ClassVar[int] = 2
    pack_count: ClassVar[int] = 2
    card_points: ClassVar[Mapping[int, int]] = CARD_POINTS
    last_trick_points: ClassVar[int] = 10
    combination_points: ClassVar[Mapping[str, int]] = TWO_PACK_POINTS
    max_multiple: ClassVar[int] = 2
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {
        "target": OptionSpec(1000, (1000, 1500)),
        "double_bezique_540": OptionSpec(False, (False, True)),
        "tie_break": TIE_BREAK,
    }
    end_phase_playable = staticmethod(follow_else_trump)

    @property
    def players(self) -> int:
        return self.seats

    @property
    def packs(self) -> int:
        return self.pack_count

    def declaration_points(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> int:
        """Two packs only (as classic): a double bezique added to a single bezique still on
        the table scores 460, or a full 500 with ``double_bezique_540``. With three or more
        packs every combination scores its full value however it is formed."""
        if (
            self.packs > 2
            or combo.name != "double_bezique"
            or self.options.get("double_bezique_540")
        ):
            return combo.value
        for card_id in ids:
            for index in deal.card_groups.get(card_id, ()):
                group = deal.groups[index]
                if group.klass == BEZIQUES and group.name == "bezique":
                    return combo.value - self.combination_points["bezique"]
        return combo.value

    def choose_copies(
        self, deal: DealState, seat: int, codes: tuple[int, ...], combo: Combination
    ) -> tuple[list[int] | None, str]:
        """Two trump sevens are declared from the hidden hand only (an already scored,
        shown seven never counts again)."""
        if combo.klass != SEVENS:
            return super().choose_copies(deal, seat, codes, combo)
        hidden = [
            i for i in deal.hands[seat]
            if deal.kinds[i] == codes[0] and i not in deal.scored_sevens
        ]
        if len(hidden) < len(codes):
            return None, "seven_not_held"
        return hidden[: len(codes)], ""

    def after_declaration(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> None:
        if combo.klass == SEVENS:
            deal.scored_sevens.extend(ids)


class RussianThree(Russian):
    """Three players, three packs: triples, no quadruples, full values however formed."""

    name: ClassVar[str] = "russian-3"
    seats: ClassVar[int] = 3
    pack_count: ClassVar[int] = 3
    combination_points: ClassVar[Mapping[str, int]] = TRIPLE_POINTS
    max_multiple: ClassVar[int] = 3
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {
        "target": OptionSpec(1500, (1500,)),
        "tie_break": TIE_BREAK,
    }


class RussianFour(RussianThree):
    """Four players, partners opposite (the core sums seats 0+2 and 1+3)."""

    name: ClassVar[str] = "russian-4"
    seats: ClassVar[int] = 4


class NoTrump(RussianThree):
    """Four packs, 2-4 players, no turn-up: the deal's first marriage fixes trumps."""

    name: ClassVar[str] = "no-trump"
    pack_count: ClassVar[int] = 4
    has_turnup: ClassVar[bool] = False
    trump_sevens: ClassVar[bool] = False
    combination_points: ClassVar[Mapping[str, int]] = {
        k: v for k, v in TRIPLE_POINTS.items() if k != "two_sevens"
    }
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {
        "players": OptionSpec(2, (2, 3, 4)),
        "target": OptionSpec(None, (None, 1000, 1500)),
        "tie_break": TIE_BREAK,
    }

    @classmethod
    def derived_options(cls, chosen: dict[str, Any]) -> dict[str, Any]:
        """The target follows the number of players unless chosen: 1000 for two, else 1500."""
        if chosen.get("target") is None:
            chosen["target"] = 1000 if chosen["players"] == 2 else 1500
        return chosen

    @property
    def players(self) -> int:
        return int(self.options.get("players", 2))

    def combination_of(self, codes: tuple[int, ...], trump: int | None) -> Combination | None:
        """Before trumps are fixed, a marriage (double, triple) is the trump one of its suit
        and fixes that suit; a quint stays plain and fixes nothing."""
        cards = codes
        combo = super().combination_of(cards, trump)
        if (
            combo is None
            or trump is not None
            or combo.klass != MARRIAGES
            or not combo.name.endswith("marriage")
        ):
            return combo
        suit = suit_of(cards[0])
        fixed = super().combination_of(cards, suit)
        if fixed is None:  # pragma: no cover - every marriage has a trump value
            return None
        return Combination(fixed.name, fixed.klass, fixed.value, fixed.family, fixes_trump=suit)

    def after_declaration(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> None:
        super().after_declaration(deal, seat, combo, ids)
        if combo.fixes_trump is not None and deal.trump is None:
            deal.trump = combo.fixes_trump

    def result_extra(self, deal: DealState) -> dict[str, Any]:
        """Replay reports each deal's trumps (the suit letter, or null when none was fixed)."""
        return {"trumps": None if deal.trump is None else SUITS[deal.trump]}
