"""The normal level's numbers, and the strong level's tuned copies of them.

The normal level plays by a few numbers: what keeping a card is worth (``Counting.keep``)
and how good a card it gives to take a trick (``_play_rules``). Its own are the defaults,
tuned long ago against greedy; they stay as they are, so the normal level plays as it did.
The strong level starts every search from the normal level's choice and keeps it unless the
search clearly prefers another, so a better choice to start from makes it stronger: it plays
that choice by numbers tuned for the variant against the normal level (``models.json``'s
``prior`` table, ``tools/tune_prior.py``; docs/ai.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


def refuse_unknown(cls: type[DataclassInstance], data: Mapping[str, object], what: str) -> None:
    """A weights table's keys must all be fields of its dataclass (else ValueError)."""
    extra = set(data) - {f.name for f in fields(cls)}
    if extra:
        raise ValueError(f"unknown {what}: {sorted(extra)}")


def json_number(value: object) -> float:
    """A JSON number as a float (a bool or anything else: ValueError)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"not a number: {value!r}")
    return float(value)


@dataclass(frozen=True, slots=True)
class NormalWeights:
    """The normal level's numbers (the defaults are its own)."""

    # keeping a card: its rank ...
    ace: float = 11.0
    ten: float = 10.0
    king: float = 4.0
    queen: float = 3.0
    jack: float = 2.0
    # ... a trump, plus ``trump_rank`` per rank above the seven
    trump: float = 8.0
    trump_rank: float = 1.0
    # the queen of spades or the jack of diamonds: its partner held, unseen, gone
    bezique_held: float = 14.0
    bezique_unseen: float = 9.0
    bezique_gone: float = 2.0
    # a king or queen: its partner held or unseen, in trumps or not
    trump_marriage_held: float = 9.0
    marriage_held: float = 5.0
    trump_marriage_unseen: float = 7.0
    marriage_unseen: float = 4.0
    # per other card of a rank that can still make four of a kind; double bezique in
    # sight; per trump of the sequence held beyond two; the seven of trumps
    four: float = 3.0
    double: float = 8.0
    sequence: float = 0.0
    seven: float = 6.0
    # taking a trick: a pointless one with a card kept below ``cheap``, one with points
    # below ``brisque`` plus them; both plus ``declare`` times the best combination the
    # trick would let it declare, twice that once the stock has ``late`` cards or fewer
    cheap: float = 10.0
    declare: float = 0.3
    brisque: float = 14.0
    late: float = 10.0

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> NormalWeights:
        """Numbers from a JSON object; the ones it leaves out keep the normal level's
        (unknown keys or values that are not numbers: ValueError)."""
        refuse_unknown(cls, data, "normal-level numbers")
        return cls(**{key: json_number(value) for key, value in data.items()})

    def to_json(self) -> dict[str, float]:
        """The numbers that differ from the normal level's own."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(NORMAL, f.name)}


NORMAL = NormalWeights()
