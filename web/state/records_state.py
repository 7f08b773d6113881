"""The records screens' own state, in the model: whether the statistics ask to confirm a
reset, why a record could not be shown, and which recorded game the replay shows, where.

What they show besides that is stored (statistics, history) and read when drawn; the
replay's steps are worked out from its record by ``web.records.replay`` and kept there as
a cache, while the position shown is here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from web.i18n import MessageParam


@dataclass(frozen=True)
class ReplayAt:
    """The recorded game the replay shows (its history entry's id) and the step shown."""

    game_id: str
    deal: int = 0
    step: int = 0


@dataclass(frozen=True)
class RecordsState:
    confirm_reset: bool = False  # the statistics screen asks to confirm a reset
    # why an imported or kept record could not be shown (the history screen says it)
    problem: tuple[str, dict[str, MessageParam]] | None = None
    replay: ReplayAt | None = None


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


RecordsMsg: TypeAlias = (
    RecordsOpened | RecordsClosed | StatsResetAsked | RecordProblem | ReplayShown
)
RECORDS_MESSAGES = (RecordsOpened, RecordsClosed, StatsResetAsked, RecordProblem, ReplayShown)


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
    return replace(state, replay=msg.at)
