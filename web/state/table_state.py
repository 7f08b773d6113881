"""The table's facts about the game on it, as data: who holds the device, which deal,
whether the game was taken back or recorded, where the keyboard is in the hand, and the
seat's frame last drawn with what it brought (the events said, the call-outs, whether it
asked the person to declare or answer: ``web.state.table_news``).

Why its own module: these facts were fields of the controller that commands, records
and undo each changed in place; here they change only through ``update`` (reached from
``web.state.model.update``), by typed messages, so who changes what is written down once and
tested as plain functions. The game itself stays the engine's object (``App.game``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from web.state.callout_queue import Callouts
from web.state.game_setup import Setup
from web.state.seats import Seats
from web.table.flow import TrickShelf
from web.table.seat_frame import SeatFrame


@dataclass(frozen=True)
class TableState:
    """What the table knows of the game on it besides the engine's state."""

    setup: Setup = field(default_factory=dict)  # this game's new-game choices
    seats: Seats = field(default_factory=lambda: Seats.solo(2))  # who plays each seat
    human: int = 0  # the seat whose hand is shown (pass-and-play: who holds the device)
    handover: int | None = None  # the person the device must go to next
    deal_number: int = 1
    undo_used: bool = False  # a move was taken back in this game (history, statistics)
    recorded: bool = False  # this finished game is in the history and the statistics
    has_save: bool = False  # a game the player started exists (start screen: continue)
    hand_focus: int = 0  # the card of the hand the keyboard is on
    said: int = 0  # how many events of the seat's log were said and played (a new deal: 0)
    # The seat's frame last drawn (web.state.table_news), the call-outs at the seats, and
    # whether that frame asked the person to declare or answer.
    frame: SeatFrame | None = None
    callouts: Callouts = field(default_factory=Callouts)
    prompted: bool = False
    shelf: TrickShelf = field(default_factory=TrickShelf)  # the last finished trick
    # The computer's progress: it is thinking (or about to), and the turn's generation: a
    # turn or timer of an older generation ends at its next step without touching the table.
    busy: bool = False
    generation: int = 0


# ------------------------------------------------------------------ messages


@dataclass(frozen=True)
class SetupChosen:
    """The choices the next game is dealt with (the remembered ones, at start)."""

    setup: Setup


@dataclass(frozen=True)
class GameDealt:
    """A new game was dealt with ``setup``, its seats ``seats``; ``human`` is its first
    person's seat."""

    human: int
    setup: Setup
    seats: Seats


@dataclass(frozen=True)
class SaveAdopted:
    """A checked save became the game on the table (at start, or another tab's)."""

    human: int
    deal_number: int
    undo_used: bool
    recorded: bool
    setup: Setup  # the save's choices over the ones before
    seats: Seats


@dataclass(frozen=True)
class GameKept:
    """The game on the table is the player's now: saved, and Continue offers it."""


@dataclass(frozen=True)
class DeviceCalled:
    """Pass-and-play: the device must go to ``seat`` (the table hides every hand)."""

    seat: int


@dataclass(frozen=True)
class SeatsChanged:
    """Who plays each seat changed during the game: another device's seat given to the
    computer when that device left (web.link.pairing)."""

    seats: Seats


@dataclass(frozen=True)
class HandoverEnded:
    """The person called holds the device (or no one needs calling): the table shows."""


@dataclass(frozen=True)
class DealStarted:
    """The next deal of the game began."""


@dataclass(frozen=True)
class MoveTakenBack:
    """The person took a move back: the game counts as helped."""


@dataclass(frozen=True)
class GameRecorded:
    """The finished game went into the history and the statistics (once)."""


@dataclass(frozen=True)
class TrickSettled:
    """The finished trick ``count`` goes aside (it stays peekable)."""

    count: int


@dataclass(frozen=True)
class TrickPeeked:
    """The last trick's button: look at the trick ``count`` set aside, or stop looking."""

    count: int


@dataclass(frozen=True)
class ShelfCleared:
    """A new deal (or a move taken back): no finished trick on the shelf."""


@dataclass(frozen=True)
class ComputerStarted:
    """The computer's turn begins (at once, so that a second tap starts no second turn)."""


@dataclass(frozen=True)
class ComputerFinished:
    """The computer's turn of ``generation`` ended: a person is to move (or the deal is
    over); a turn of an older generation changes nothing."""

    generation: int


@dataclass(frozen=True)
class ComputerStopped:
    """The computer's turn and the table's timers are dropped: a new generation begins."""

    after: int | None = None  # restart: the generation to follow (None: the current one)


@dataclass(frozen=True)
class HandFocused:
    """The keyboard (or a tap) is on the hand's card ``index``."""

    index: int


@dataclass(frozen=True)
class EventsSaid:
    """The table's events up to ``count`` were said and played (or were seen already)."""

    count: int


TableMsg = (
    EventsSaid
    | SetupChosen
    | GameDealt
    | SeatsChanged
    | SaveAdopted
    | GameKept
    | DeviceCalled
    | HandoverEnded
    | DealStarted
    | MoveTakenBack
    | GameRecorded
    | HandFocused
    | ComputerStarted
    | ComputerFinished
    | ComputerStopped
    | TrickSettled
    | TrickPeeked
    | ShelfCleared
)
TABLE_MESSAGES = (
    EventsSaid,
    SetupChosen,
    GameDealt,
    SeatsChanged,
    SaveAdopted,
    GameKept,
    DeviceCalled,
    HandoverEnded,
    DealStarted,
    MoveTakenBack,
    GameRecorded,
    HandFocused,
    ComputerStarted,
    ComputerFinished,
    ComputerStopped,
    TrickSettled,
    TrickPeeked,
    ShelfCleared,
)


def update(table: TableState, msg: TableMsg) -> TableState:
    """The table's facts after one message (no effect of their own: the caller renders)."""
    if isinstance(msg, EventsSaid):
        return replace(table, said=msg.count)
    if isinstance(msg, SetupChosen):
        return replace(table, setup=dict(msg.setup))
    if isinstance(msg, GameDealt):
        return replace(
            table,
            said=0,
            setup=dict(msg.setup),
            seats=msg.seats,
            human=msg.human,
            deal_number=1,
            undo_used=False,
            recorded=False,
        )
    if isinstance(msg, SaveAdopted):
        return replace(
            table,
            setup={**table.setup, **msg.setup},
            seats=msg.seats,
            human=msg.human,
            deal_number=msg.deal_number,
            undo_used=msg.undo_used,
            recorded=msg.recorded,
        )
    if isinstance(msg, GameKept):
        return replace(table, has_save=True)
    if isinstance(msg, SeatsChanged):
        return replace(table, seats=msg.seats, setup={**table.setup, "seats": msg.seats.to_json()})
    if isinstance(msg, DeviceCalled):
        return replace(table, human=msg.seat, handover=msg.seat)
    if isinstance(msg, HandoverEnded):
        return replace(table, handover=None)
    if isinstance(msg, DealStarted):
        return replace(table, deal_number=table.deal_number + 1, said=0)
    if isinstance(msg, MoveTakenBack):
        return replace(table, undo_used=True)
    if isinstance(msg, GameRecorded):
        return replace(table, recorded=True)
    if isinstance(msg, HandFocused):
        return replace(table, hand_focus=max(0, msg.index))
    if isinstance(msg, ComputerStarted):
        return replace(table, busy=True)
    if isinstance(msg, ComputerFinished):
        return replace(table, busy=False) if msg.generation == table.generation else table
    if isinstance(msg, ComputerStopped):
        after = table.generation if msg.after is None else msg.after
        return replace(table, busy=False, generation=after + 1)
    if isinstance(msg, TrickSettled):
        return replace(table, shelf=table.shelf.settle(msg.count))
    if isinstance(msg, TrickPeeked):
        return replace(table, shelf=table.shelf.toggle_peek(msg.count))
    return replace(table, shelf=TrickShelf())
