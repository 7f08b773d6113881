"""The deal's log events, one typed tuple per kind.

Why: a reader of the log (the table, the AI) indexed plain tuples (``event[3]``) and knew
each kind's layout by heart. Each kind is a NamedTuple here: read by attribute, narrowed
by ``isinstance``, and still the same tuple, so it compares equal to the plain one and
its JSON form (``engine.observation.event_lists``) is what saves always held.

A leaf of the engine, below the deal and the rulesets that write the events.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple, cast

from .errors import RecordError


class Kind:
    """The kinds of event, as the first item of each event (and its JSON list) names them."""

    PLAY = "play"
    TRICK = "trick"
    DECLARE = "declare"
    SEVEN = "seven"
    PASS = "pass"
    DRAW = "draw"
    END_PHASE = "end_phase"
    DEAL_OVER = "deal_over"
    TRUMPS = "trumps"
    RESCORE_LED = "rescore_led"
    TAKEN_BACK = "taken_back"
    DONUK = "donuk"
    DONUK_CLEARED = "donuk_cleared"
    VIDO = "vido"
    VIDO_ACCEPTED = "vido_accepted"
    VIDO_REFUSED = "vido_refused"
    BLANCHE = "blanche"
    BLANCHE_DECLINED = "blanche_declined"


class PlayEvent(NamedTuple):
    kind: str  # Kind.PLAY
    seat: int
    code: int
    from_table: bool


class DeclareEvent(NamedTuple):
    kind: str  # Kind.DECLARE
    seat: int
    name: str  # the combination's name (bezik: "<group>_completed" for a completion)
    points: int
    codes: tuple[int, ...]  # its cards, as laid


class SevenEvent(NamedTuple):
    """The seven of trumps shown, or exchanged for the turn-up (``old``, then public)."""

    kind: str  # Kind.SEVEN
    seat: int
    code: int
    exchanged: bool
    old: int | None
    points: int


class DrawEvent(NamedTuple):
    """A card drawn; ``code`` is None in the views of the seats that did not see it."""

    kind: str  # Kind.DRAW
    seat: int
    code: int | None
    from_turnup: bool


class ScoreEvent(NamedTuple):
    """A group's score given again (RESCORE_LED, bezik's dönük lead) or taken back
    (TAKEN_BACK, negative points)."""

    kind: str
    seat: int
    name: str
    points: int


class BlancheEvent(NamedTuple):
    """Carte blanche shown (multi-pack): the cards shown now (the hand, or the card just
    drawn), public from then on, and the points it scored."""

    kind: str  # Kind.BLANCHE
    seat: int
    points: int
    codes: tuple[int, ...]


class TrumpsEvent(NamedTuple):
    """Trumps fixed by a declaration (bezik)."""

    kind: str  # Kind.TRUMPS
    seat: int
    suit: int


class SeatEvent(NamedTuple):
    """What one seat did or became: TRICK (won it), PASS, DONUK, DONUK_CLEARED, VIDO,
    VIDO_ACCEPTED, VIDO_REFUSED (and the table's own kinds: auto pass, kontr vido)."""

    kind: str
    seat: int


class DealEvent(NamedTuple):
    """What happened to the deal itself: Kind.END_PHASE, Kind.DEAL_OVER."""

    kind: str


LogEvent = (
    PlayEvent | DeclareEvent | SevenEvent | DrawEvent | ScoreEvent | TrumpsEvent
    | SeatEvent | DealEvent | BlancheEvent
)

_BY_KIND: dict[str, Any] = {
    Kind.PLAY: PlayEvent,
    Kind.DECLARE: DeclareEvent,
    Kind.SEVEN: SevenEvent,
    Kind.DRAW: DrawEvent,
    Kind.RESCORE_LED: ScoreEvent,
    Kind.TAKEN_BACK: ScoreEvent,
    Kind.TRUMPS: TrumpsEvent,
    Kind.BLANCHE: BlancheEvent,
    Kind.END_PHASE: DealEvent,
    Kind.DEAL_OVER: DealEvent,
    **dict.fromkeys(
        (Kind.TRICK, Kind.PASS, Kind.DONUK, Kind.DONUK_CLEARED, Kind.VIDO, Kind.VIDO_ACCEPTED,
         Kind.VIDO_REFUSED, Kind.BLANCHE_DECLINED),
        SeatEvent,
    ),
}
_TYPED = tuple(dict.fromkeys(_BY_KIND.values()))


def log_event(event: Iterable[Any]) -> LogEvent:
    """The typed event of a plain one (a saved log's, in today's form, its lists read as
    tuples); a typed one as is. RecordError if its kind or its length is unknown."""
    if isinstance(event, _TYPED):
        return cast(LogEvent, event)
    items: tuple[Any, ...] = tuple(tuple(v) if isinstance(v, list) else v for v in event)
    cls = _BY_KIND.get(items[0]) if items and isinstance(items[0], str) else None
    if cls is None or len(items) != len(cls._fields):
        raise RecordError(f"malformed log event: {items!r}")
    return cls(*items)  # type: ignore[no-any-return]


def log_events(events: Iterable[Any]) -> list[LogEvent]:
    """A log's events typed (``log_event`` of each): what the table reads."""
    return [log_event(event) for event in events]
