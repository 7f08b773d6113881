"""The registry of variants: name → ruleset class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import RecordError
from ..rules import Ruleset
from .bezik import Bezik
from .classic import Classic
from .multipack import EightPack, Rubicon, SixPack
from .russian import NoTrump, Russian, RussianFour, RussianThree

VARIANTS: dict[str, type[Ruleset]] = {cls.name: cls for cls in (
    Classic, Russian, RussianThree, RussianFour, NoTrump, Bezik, Rubicon, SixPack, EightPack,
)}


def make_rules(variant: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset of a variant with validated options (RecordError if unknown)."""
    cls = VARIANTS.get(variant)
    if cls is None:
        raise RecordError(f"unknown variant {variant!r}; known: {', '.join(sorted(VARIANTS))}")
    return cls.with_options(options)
