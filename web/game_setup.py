"""The new-game choices as one typed value: what the new-game dialog and the settings
offer, what a game is dealt from and what a save keeps beside the game.

Why a module of its own: settings, the schema of stored data and the dialog all speak of
the same few fields; each used to pass an untyped dict and trust its keys.
"""

from __future__ import annotations

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
    seats: list[str]  # each seat's kind (web.seats.KINDS); missing: the usual solo table
    names: list[str]  # typed names by seat ("": the usual one); missing: none typed
    guided: str  # a guided deal's variant (web.guide)
    daily: str  # a daily deal's date, YYYY-MM-DD (web.daily_deal)
