"""Players' names: typed per person seat on the new-game screen, kept with the settings
and the save, shown wherever the seat's name shows (scores, log, summaries, hand-over).

A name is trimmed, runs of spaces inside it become one, and it must then be at most
``MAX_NAME`` printable characters. An empty name is no name: the seat keeps its usual
one ("You", "Player 2"). Typed names that break the rule are refused with a reason
(``check_name``); stored ones are read back leniently (``clean_names``): a bad name is
dropped alone, so a corrupt entry loses nothing else. Computers have no typed names.
"""

from __future__ import annotations

from collections.abc import Mapping

from web.state.seats import MAX_SEATS, Seats, SeatsError

MAX_NAME = 16  # characters: room for "Alexandra", short enough for a phone's score row


def tidy(raw: str) -> str:
    """The name as kept: trimmed, inner runs of whitespace made one space."""
    return " ".join(raw.split())


def check_name(raw: str) -> str:
    """A typed name, tidied; SeatsError (its code a catalog key) when it cannot be one."""
    name = tidy(raw)
    if len(name) > MAX_NAME:
        raise SeatsError("seats.error.name_long")
    if not name.isprintable():
        raise SeatsError("seats.error.name_chars")
    return name


def clean_name(value: object) -> str:
    """A stored name, or "" when it is not a valid one (never raises)."""
    if type(value) is not str:
        return ""
    try:
        name = check_name(value)
    except SeatsError:
        return ""
    return name if name == value else ""


def clean_names(value: object) -> list[str]:
    """Stored names, one per seat, each bad one replaced by "" (the usual name)."""
    if not isinstance(value, list):
        return []
    return [clean_name(v) for v in value[:MAX_SEATS]]


def from_form(form: Mapping[str, str], players: int) -> list[str]:
    """The new-game form's ``name.N`` fields (SeatsError for a name that cannot be one)."""
    return [check_name(form.get(f"name.{seat}", "")) for seat in range(players)]


def for_seats(setup: Mapping[str, object] | None, seats: Seats) -> list[str]:
    """Each seat's typed name as shown ("" for none, and always for the computer's seats),
    isolated (FSI…PDI): a Latin name in a Hebrew sentence, or the reverse, keeps its place
    and the punctuation around it."""
    typed = clean_names((setup or {}).get("names"))
    return [
        f"\u2068{typed[s]}\u2069" if s < len(typed) and typed[s] and not seats.is_computer(s)
        else ""
        for s in range(seats.players)
    ]

