"""Classic two-handed Bezique (docs/rules.md, variant ``classic``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..rules import BEZIQUES, Combination, DealState, OptionSpec, Ruleset, must_beat_or_trump


class Classic(Ruleset):
    name: ClassVar[str] = "classic"
    combination_points: ClassVar[Mapping[str, int]] = {
        "marriage": 20,
        "trump_marriage": 40,
        "bezique": 40,
        "four_jacks": 40,
        "four_queens": 60,
        "four_kings": 80,
        "four_aces": 100,
        "trump_sequence": 250,
        "double_bezique": 500,
    }
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {
        "target": OptionSpec(1000, (1000, 1500)),
        "double_bezique_540": OptionSpec(False, (False, True)),
    }
    end_phase_playable = staticmethod(must_beat_or_trump)

    def declaration_points(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> int:
        """Two packs: a double bezique built on cards that already scored in a bezique adds
        460 (bringing them to 500), or a full 500 under the house rule ``double_bezique_540``."""
        if combo.name != "double_bezique" or self.options.get("double_bezique_540"):
            return combo.value
        single = self.combination_points["bezique"]
        for card_id in ids:
            for index in deal.card_groups.get(card_id, ()):
                group = deal.groups[index]
                if group.klass == BEZIQUES and group.name == "bezique":
                    return combo.value - single
        return combo.value
