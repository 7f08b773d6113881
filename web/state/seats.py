"""Who sits at each seat: a person at this device, the computer, or a person at another
device (a table hosted here, web.link.hosting).

Pass-and-play is simply a table with two or more person seats: the device
goes from hand to hand, and a hand-over screen (web/table/handover.py) hides every
hand between two people's turns.  Other features ask this module, never the
seat list itself, whether the game is pass-and-play (e.g. undo is offered
only when ``people_count() == 1``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Protocol

from web.i18n import MessageParam

PERSON = "person"
COMPUTER = "computer"
DEVICE = "device"  # a person at another device, joined over the local network (web.link.hosting)
KINDS = (PERSON, COMPUTER, DEVICE)
MAX_SEATS = 4


class SeatsError(ValueError):
    """A seat list that cannot be used; `code` is the catalog key saying why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Seats:
    """One kind per seat, in seat order (seat 0 first)."""

    kinds: tuple[str, ...]

    def __post_init__(self) -> None:
        if not 2 <= len(self.kinds) <= MAX_SEATS:
            raise SeatsError("seats.error.count")
        if any(kind not in KINDS for kind in self.kinds):
            raise SeatsError("seats.error.kind")
        if PERSON not in self.kinds:
            raise SeatsError("seats.error.no_person")

    @classmethod
    def solo(cls, players: int, seat: int = 0) -> Seats:
        """One person against the computer (the usual game)."""
        return cls(tuple(PERSON if s == seat else COMPUTER for s in range(players)))

    @classmethod
    def from_json(cls, data: object, players: int) -> Seats:
        """A saved or chosen seat list; strict: wrong length or kind raises SeatsError."""
        if not isinstance(data, (list, tuple)) or len(data) != players:
            raise SeatsError("seats.error.count")
        if not all(isinstance(kind, str) for kind in data):
            raise SeatsError("seats.error.kind")
        return cls(tuple(data))

    @classmethod
    def from_form(cls, form: Mapping[str, str], players: int) -> Seats:
        """The new-game dialog's radios `seat.N`; a missing choice keeps the usual one."""
        usual = cls.solo(players).kinds
        return cls(tuple(form.get(f"seat.{s}", usual[s]) for s in range(players)))

    def to_json(self) -> list[str]:
        return list(self.kinds)

    @property
    def players(self) -> int:
        return len(self.kinds)

    def is_person(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.kinds) and self.kinds[seat] == PERSON

    def is_computer(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.kinds) and self.kinds[seat] == COMPUTER

    def devices(self) -> tuple[int, ...]:
        """Seats played on other devices: the table is hosted here (web.link.hosting)."""
        return tuple(s for s, kind in enumerate(self.kinds) if kind == DEVICE)

    def people(self) -> tuple[int, ...]:
        return tuple(s for s, kind in enumerate(self.kinds) if kind == PERSON)

    def people_count(self) -> int:
        """How many seats are people at this device (undo is only for exactly one)."""
        return len(self.people())

    @property
    def pass_and_play(self) -> bool:
        return self.people_count() > 1

    def first_person(self) -> int:
        return self.people()[0]

    def computers(self) -> tuple[int, ...]:
        return tuple(s for s, kind in enumerate(self.kinds) if kind == COMPUTER)


def fit(seats: Seats | None, players: int) -> Seats:
    """The seats for a game of `players`: kept when they fit, else the usual solo table."""
    if seats is not None and seats.players == players:
        return seats
    return Seats.solo(players)


class _Cat(Protocol):
    def t(self, key: str, **params: MessageParam) -> str: ...


def seat_label(cat: _Cat, seats: Seats, seat: int, names: Sequence[str] = ()) -> str:
    """Absolute seat names for pass-and-play: the typed name, else 'Player 2', 'Computer 3'."""
    if not seats.is_computer(seat) and seat < len(names) and names[seat]:
        return names[seat]
    key = "seats.computer" if seats.is_computer(seat) else "seats.player"
    return cat.t(key, number=seat + 1)


def render_choices(
    cat: _Cat, seats: Seats, partnerships: bool, names: Sequence[str] = (), max_name: int = 16
) -> str:
    """The new-game dialog's seat list: person or computer for each seat, as a pair of
    segmented buttons (real radios underneath), and a name field shown for a person.

    Each radio carries ``data-seat-kind`` (person|computer) and ``data-seat``; each name
    field is ``name.N`` (CSS hides it while the seat is the computer's).
    """
    rows = []
    for seat, kind in enumerate(seats.kinds):
        name = escape(cat.t("seats.seat", number=seat + 1))
        radios = "".join(
            f'<label class="seg"><input type="radio" name="seat.{seat}" value="{k}"'
            f' data-seat="{seat}" data-seat-kind="{k}"{" checked" if k == kind else ""}>'
            f"<span>{escape(cat.t('seats.kind.' + k))}</span></label>"
            for k in KINDS
        )
        team = ""
        if partnerships:
            team = f' <span class="team">{escape(cat.t("seats.side", number=seat % 2 + 1))}</span>'
        typed = escape(names[seat]) if seat < len(names) else ""
        field = (
            f'<label class="seat-name"><span class="sr-only">'
            f"{escape(cat.t('seats.name_label', number=seat + 1))}</span>"
            f'<input type="text" name="name.{seat}" value="{typed}" maxlength="{max_name}"'
            f' dir="auto" autocomplete="off" autocapitalize="words" spellcheck="false"'
            ' enterkeyhint="done"'
            f' placeholder="{escape(cat.t("seats.name_placeholder"))}"></label>'
        )
        rows.append(
            f'<div class="seatrow" data-seat-row="{seat}">'
            f'<span class="seatname" id="seat-name-{seat}">{name}{team}</span>'
            f'<div class="segrow" role="radiogroup" aria-labelledby="seat-name-{seat}">'
            f"{radios}</div>{field}</div>"
        )
    note = f'<p class="note">{escape(cat.t("seats.partners_note"))}</p>' if partnerships else ""
    return (
        f'<fieldset class="seats"><legend>{escape(cat.t("seats.title"))}</legend>'
        f'{"".join(rows)}{note}<p class="note">{escape(cat.t("seats.pass_and_play_note"))}</p>'
        "</fieldset>"
    )
