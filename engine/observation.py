"""What a seat sees of a deal: its events, its declared groups, and the observation.

Below ``engine.deal`` and ``engine.rules`` (both read these shapes), so neither has to
import the other to name them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, overload

from .actions import Action
from .cards import code_text
from .facts import MatchFacts, MultipackFacts, VariantFacts
from .phases import DECLARING
from .tricks import takes_lead

# One thing that happened in a deal, e.g. ("play", seat, code, from_table): immutable, so
# every observation shares the deal's own events instead of copying them. Each is one of
# engine.log_events' NamedTuples (read by attribute there); here only its tuple shape.
Event = tuple[Any, ...]


@dataclass
class Group:
    """A declared combination: its cards (ids) and what it scored.

    ``alive`` turns false when a higher combination absorbs it (bezik) — its
    cards' history still counts for the re-use rule.
    """

    seat: int
    name: str
    kind: str
    klass: str
    value: int
    cards: tuple[int, ...]
    alive: bool = True

    def to_json(self) -> list[Any]:
        return [self.seat, self.name, self.kind, self.klass, self.value, list(self.cards),
                self.alive]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Group:
        seat, name, kind, klass, value, cards, alive = data
        return cls(int(seat), str(name), str(kind), str(klass), int(value),
                   tuple(int(c) for c in cards), bool(alive))


class EventLog(Sequence[Event]):
    """What a seat had seen of a deal's log when it looked: a read-only window on the first
    ``length`` events of the deal's list for that seat.

    Why: an observation at every step used to copy the whole log (a deal cost O(steps²),
    a third of a checked simulation). The deal's per-seat lists only grow (a rewritten
    event gets new lists, see ``Deal.replace_last_event``), so a window of fixed length
    stays what the seat saw even as the deal goes on, and the events are tuples no observer
    can change.
    """

    __slots__ = ("_events", "_length")

    def __init__(self, events: list[Event], length: int | None = None) -> None:
        self._events = events
        self._length = len(events) if length is None else length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return [self._events[i] for i in range(self._length)[index]]
        return self._events[range(self._length)[index]]

    def __iter__(self) -> Iterator[Event]:
        return islice(self._events, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"


@dataclass
class Observation:
    """Everything one seat may know about the deal, in card kind codes."""

    seat: int
    players: int
    variant: str
    dealer: int
    phase: str
    current_player: int | None
    leader: int
    trump: int | None
    turnup: int | None
    stock_size: int
    hand: list[int]
    hand_sizes: list[int]
    tables: list[list[int]]
    groups: list[Group]
    trick: list[tuple[int, int, bool]]
    last_trick: list[tuple[int, int, bool]]
    won: list[list[int]]
    played: list[int]
    points: list[int]
    declarations: list[tuple[int, str, int]]
    scored_sevens: int
    legal_actions: list[Action]
    log: Sequence[Event]
    options: dict[str, Any] = field(default_factory=dict)
    game_scores: list[int] = field(default_factory=list)  # filled in by the game layer
    facts: VariantFacts | None = None  # what the variant adds (bezik: vido, dönük, groups)
    match: MatchFacts | None = None  # filled in by a bezik match: its marköz
    multipack: MultipackFacts | None = None  # rubicon, six-pack, eight-pack: carte blanche

    @property
    def end_phase(self) -> bool:
        return self.stock_size == 0 and self.turnup is None and self.phase != DECLARING

    @property
    def target(self) -> int | None:
        """The game's target score (bezik), None where the variant has none: the match's
        when a match plays the deal (a finished deal may have moved its game's target on),
        else the deal's own."""
        if self.match is not None:
            return self.match.target
        return None if self.facts is None else self.facts.target

    def takes_lead(self, code: int) -> bool:
        """Whether playing ``code`` now would make it the card winning the trick so far
        (a lead always does): what a hint tells, by the rule the deal itself uses."""
        return takes_lead([c for _, c, _ in self.trick], code, self.trump)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "variant": self.variant,
            "dealer": self.dealer,
            "phase": self.phase,
            "current_player": self.current_player,
            "leader": self.leader,
            "trump": self.trump,
            "turnup": None if self.turnup is None else code_text(self.turnup),
            "stock_size": self.stock_size,
            "hand": [code_text(c) for c in self.hand],
            "hand_sizes": self.hand_sizes,
            "tables": [[code_text(c) for c in t] for t in self.tables],
            "trick": [[s, code_text(c), t] for s, c, t in self.trick],
            "points": self.points,
            "declarations": [list(d) for d in self.declarations],
            "legal_actions": [a.text() for a in self.legal_actions],
        }


@dataclass(frozen=True)
class VidoStakes:
    """What a vido the seat may call (``call``) or must answer (``answer``) puts at stake.

    Why: the table shows the stakes in numbers; the points a refusal gives depend on the
    game kind and the rubikon, which only the match counts exactly.
    """

    role: str  # "call" or "answer"
    kontr: bool  # a vido was accepted already in this game: this one is kontr vido
    caller: int  # the seat that calls (or called) it
    stake: int  # the game's stake now
    stake_after: int  # the stake once accepted
    refused_points: int  # match points the caller wins if it is refused



def event_lists(events: Iterable[Event]) -> list[list[Any]]:
    """Events as JSON lists (a declaration's cards a list too), as saves and the table read
    them: a copy the reader may change."""
    return [[list(v) if isinstance(v, tuple) else v for v in event] for event in events]
