"""What the daily deal shows, in the model: the daily deal on the table, the one the daily
screen shows, the stored results' figures those and the statistics show, the computer's
play of a deal under way, and what became of sharing a result.

The daily deal's resources stay in ``web.features.daily_deal.DailyDeal`` (the day's games,
the stored record it reads and writes, the computer's play running in the background); it
tells this state what changed by the messages here. The stored results are read when a
screen that shows them opens (or the daily deal comes into view), and again when they
change: never while drawing (``web.view.daily_view`` draws from this state alone).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from engine.daily import DailyResult

DayGame: TypeAlias = tuple[str, str]  # a daily deal: its date (YYYY-MM-DD) and variant


@dataclass(frozen=True)
class DailyFigures:
    """The stored results as shown: the player's and the computer's results of the deals on
    view (the table's, the daily screen's), the streak as of the day they were read, and
    the statistics' counts."""

    played: tuple[DailyResult, ...] = ()  # the player's results of the deals on view
    computer: tuple[DailyResult, ...] = ()  # the computer's from the same seat, known ones
    streak: int = 0
    best: int = 0
    days: int = 0  # days with a daily deal finished (0: the statistics show no section)
    better: int = 0  # the deals the player scored more than the computer in the same seat
    same: int = 0
    worse: int = 0

    def result(self, day: str, variant: str) -> DailyResult | None:
        return _find(self.played, day, variant)

    def computer_result(self, day: str, variant: str) -> DailyResult | None:
        return _find(self.computer, day, variant)


@dataclass(frozen=True)
class DailyProgress:
    """The computer's play of a daily deal from the player's seat, under way: its share done."""

    date: str
    variant: str
    share: float = 0.0


@dataclass(frozen=True)
class DailyState:
    on_table: DayGame | None = None  # the daily deal on the table, while its first deal is
    shown: DayGame | None = None  # the deal the daily screen shows
    share_status: str | None = None  # what became of sharing the daily result
    share_text: str | None = None  # the text to copy by hand when sharing failed
    figures: DailyFigures | None = None  # the stored results' figures (None: not read yet)
    progress: DailyProgress | None = None  # the computer's play under way (None: none)


@dataclass(frozen=True)
class DailyOnTable:
    """The game put on the table is this daily deal (None: it is none)."""

    deal: DayGame | None


@dataclass(frozen=True)
class DailyShown:
    """The daily screen shows this day's result of this game (another one: the last
    share's outcome goes)."""

    date: str
    variant: str


@dataclass(frozen=True)
class ShareDone:
    """What became of sharing the daily result (None: nothing yet)."""

    status: str | None
    text: str | None = None


@dataclass(frozen=True)
class DailyFiguresRead:
    """The stored results were read (a screen that shows them opened) or changed."""

    figures: DailyFigures


@dataclass(frozen=True)
class DailyProgressed:
    """The computer's play of a daily deal moved on (None: none is under way)."""

    progress: DailyProgress | None


DailyMsg: TypeAlias = (
    DailyOnTable | DailyShown | ShareDone | DailyFiguresRead | DailyProgressed
)
DAILY_MESSAGES = (DailyOnTable, DailyShown, ShareDone, DailyFiguresRead, DailyProgressed)
# What the screen's and the share's messages change is drawn at once; the others are
# dispatched by work that renders when it is done (or only now and then: the progress).
DAILY_DRAWN = (DailyShown, ShareDone)


def update(state: DailyState, msg: DailyMsg) -> DailyState:
    """The daily deal's state after one message."""
    if isinstance(msg, DailyOnTable):
        return replace(state, on_table=msg.deal)
    if isinstance(msg, DailyShown):
        shown = (msg.date, msg.variant)
        if state.shown == shown:
            return state
        return replace(state, shown=shown, share_status=None, share_text=None)
    if isinstance(msg, ShareDone):
        return replace(state, share_status=msg.status, share_text=msg.text)
    if isinstance(msg, DailyFiguresRead):
        return replace(state, figures=msg.figures)
    return replace(state, progress=msg.progress)


def off_table(state: DailyState) -> DailyState:
    """Another game, or another deal, on the table: no daily deal is on it until the daily
    deal says so."""
    return state if state.on_table is None else replace(state, on_table=None)


def _find(results: tuple[DailyResult, ...], day: str, variant: str) -> DailyResult | None:
    return next((r for r in results if (r.date, r.variant) == (day, variant)), None)
