"""What the features' screens show besides their own data, in the model: the day and game
the daily screen shows and what became of sharing its result; the guided deal's bubble the
player closed. (The review's screen has its own part: ``web.state.review_state``.)

The features keep their domain state (the daily deal's game and the computer's play of it)
in their own objects; what a screen shows and says is here, changed by messages like the
rest of the table's state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias


@dataclass(frozen=True)
class FeatureScreens:
    daily_shown: tuple[str, str] | None = None  # (date, variant) the daily screen shows
    share_status: str | None = None  # what became of sharing the daily result
    share_text: str | None = None  # the text to copy by hand when sharing failed
    bubble_closed: int = -1  # the guided deal's move count whose bubble the player closed


@dataclass(frozen=True)
class DailyShown:
    """The daily screen shows this day's result of this game (another one: the last
    share's outcome goes)."""

    date: str
    variant: str


@dataclass(frozen=True)
class ShareDone:
    """What became of sharing the daily result ("" and None: nothing yet)."""

    status: str | None
    text: str | None = None


@dataclass(frozen=True)
class BubbleClosed:
    """The player closed the guided deal's bubble at this move count (-1: none closed)."""

    applied: int


FeatureMsg: TypeAlias = DailyShown | ShareDone | BubbleClosed
FEATURE_MESSAGES = (DailyShown, ShareDone, BubbleClosed)


def update(state: FeatureScreens, msg: FeatureMsg) -> FeatureScreens:
    """The features' screens after one message."""
    if isinstance(msg, DailyShown):
        shown = (msg.date, msg.variant)
        if state.daily_shown == shown:
            return state
        return replace(state, daily_shown=shown, share_status=None, share_text=None)
    if isinstance(msg, ShareDone):
        return replace(state, share_status=msg.status, share_text=msg.text)
    return replace(state, bubble_closed=msg.applied)
