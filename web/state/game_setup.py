"""The new-game choices as one typed value: what the new-game dialog and the settings
offer, what a game is dealt from and what a save keeps beside the game.

Why a module of its own: settings, the schema of stored data and the dialog all speak of
the same few fields; each used to pass an untyped dict and trust its keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Required, TypeAlias, TypedDict

# A house rule's value: a switch, a number or a word (None: the variant's default).
OptionValue: TypeAlias = bool | int | str | None


class GameSetup(TypedDict, total=False):
    """A new game's choices; the stored form (``bezique.settings``, a save's
    ``settings``) is this object written as JSON."""

    variant: Required[str]  # an engine.VARIANTS name
    options: Required[dict[str, OptionValue]]  # house rules, checked per variant at the deal
    level: Required[str]  # the computer's level ("": the default one)
    dealer: Required[str]  # "you", "opponent" or "random"
    seats: list[str]  # each seat's kind (web.state.seats.KINDS); missing: the usual solo table
    names: list[str]  # typed names by seat ("": the usual one); missing: none typed
    guided: str  # a guided deal's variant (web.features.guide)
    daily: str  # a daily deal's date, YYYY-MM-DD (web.features.daily_deal)

# A new game's choices as they travel through the table (from the dialog, the settings, a
# save or the host): each reader checks the fields it uses, so the values are ``object``.
Setup: TypeAlias = Mapping[str, object]


def text_of(setup: Setup, key: str, default: str = "") -> str:
    """A field that must be text (anything else: ``default``)."""
    value = setup.get(key)
    return value if isinstance(value, str) else default


def options_of(setup: Setup) -> dict[str, object]:
    """The house rules chosen (none when the field is missing or not an object)."""
    value = setup.get("options")
    return {str(k): v for k, v in value.items()} if isinstance(value, Mapping) else {}
