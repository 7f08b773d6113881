"""The records screens' state, in the model: whether the statistics ask to confirm a
reset, why a record could not be shown, which recorded game the replay shows, where, and
what the screens show: the stored statistics and history (read when one of their screens
opens, and again after a reset or a finished game), and the facts of the game on the table
(its score sheet, what undo could take back, what the game just finished did to the
statistics), noted whenever that game changes.

The replay's steps are worked out from its record by ``web.records.replay`` and kept there
as a cache, while the position shown is here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TypeAlias

from web.i18n import MessageParam
from web.records.history import HistoryEntry
from web.records.replay import StepShown
from web.records.sheet import SheetGame
from web.records.stats import Stats, StatsChange, empty
from web.state.seats import Seats


@dataclass(frozen=True)
class ReplayAt:
    """The recorded game the replay shows (its history entry's id), the step shown, and
    what that step shows, as data (the viewer's worked-out steps stay the records' cache)."""

    game_id: str
    deal: int
    step: int
    shown: StepShown


@dataclass(frozen=True)
class GameFacts:
    """What the records show of the game on the table, as it stands."""

    sheet: tuple[SheetGame, ...] = ()  # its score sheet's games and deals
    variant: str = ""  # its rules' name
    players: int = 0
    # the seats that undo could take a move back for now (none once the game is decided,
    # nor while the daily deal is on the table); the bar asks it of the one person's seat
    undo_seats: frozenset[int] = frozenset()
    change: StatsChange | None = None  # what this game, just finished, did to the statistics


@dataclass(frozen=True)
class RecordsState:
    confirm_reset: bool = False  # the statistics screen asks to confirm a reset
    # why an imported or kept record could not be shown (the history screen says it)
    problem: tuple[str, dict[str, MessageParam]] | None = None
    replay: ReplayAt | None = None
    stats: Stats = field(default_factory=empty)  # as stored when last read
    history: tuple[HistoryEntry, ...] = ()  # as stored when last read, newest first
    game: GameFacts = field(default_factory=GameFacts)


@dataclass(frozen=True)
class RecordsOpened:
    """A records screen opens (on the model's screen stack): a reset still to confirm stays
    only on the statistics, a problem only on the history."""

    name: str
    focus: str = ""


@dataclass(frozen=True)
class RecordsClosed:
    """The records screens close: what they asked or said goes."""


@dataclass(frozen=True)
class StatsResetAsked:
    """The statistics' reset button: the screen asks to confirm it."""


@dataclass(frozen=True)
class RecordProblem:
    """Why a record could not be shown (None: it could)."""

    problem: tuple[str, dict[str, MessageParam]] | None


@dataclass(frozen=True)
class ReplayShown:
    """The replay shows this game at this step (None: no game)."""

    at: ReplayAt | None


@dataclass(frozen=True)
class RecordsRead:
    """The statistics or the history as stored now (None: that one was not read)."""

    stats: Stats | None = None
    history: tuple[HistoryEntry, ...] | None = None


@dataclass(frozen=True)
class GameNoted:
    """The game on the table changed (dealt, adopted, a move made or taken back, the next
    deal): what the records show of it now."""

    facts: GameFacts


RecordsMsg: TypeAlias = (
    RecordsOpened | RecordsClosed | StatsResetAsked | RecordProblem | ReplayShown
    | RecordsRead | GameNoted
)
RECORDS_MESSAGES = (RecordsOpened, RecordsClosed, StatsResetAsked, RecordProblem, ReplayShown,
                    RecordsRead, GameNoted)


def update(state: RecordsState, msg: RecordsMsg) -> RecordsState:
    """The records screens' state after one message (the screen stack is the model's)."""
    if isinstance(msg, RecordsOpened):
        return replace(state, confirm_reset=state.confirm_reset and msg.name == "stats",
                       problem=state.problem if msg.name == "history" else None)
    if isinstance(msg, RecordsClosed):
        return replace(state, confirm_reset=False, problem=None, replay=None)
    if isinstance(msg, StatsResetAsked):
        return replace(state, confirm_reset=True)
    if isinstance(msg, RecordProblem):
        return replace(state, problem=msg.problem)
    if isinstance(msg, RecordsRead):
        return replace(state, stats=state.stats if msg.stats is None else msg.stats,
                       history=state.history if msg.history is None else msg.history)
    if isinstance(msg, GameNoted):
        return replace(state, game=msg.facts)
    return replace(state, replay=msg.at)


def undo_button(facts: GameFacts, seats: Seats) -> bool | None:
    """The bar's undo button: None when this table has no undo (not exactly one person
    plays), else whether a tap would take a move back now."""
    people = [s for s in range(facts.players) if not seats.is_computer(s)]
    if len(people) != 1:
        return None
    return people[0] in facts.undo_seats


def undo_available(facts: GameFacts, seats: Seats) -> bool:
    """Undo would take a move back now (the menu's entry is usable)."""
    return undo_button(facts, seats) is True
