"""What the guided first deal shows, in the model: where its script stands (the steps
whose bubble shows at this move, the one move the table accepts) and the bubble the player
closed.

The script and the guided game stay in ``web.features.guide.Guide``, which tells this state
where the script stands whenever the guided game moves; ``web.view.guideview`` draws the
bubble from this state alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeAlias

from engine.guided import GuidedStep


@dataclass(frozen=True)
class GuidePlace:
    """Where the guided deal on the table stands."""

    variant: str
    applied: int  # moves made in the guided deal
    steps: tuple[GuidedStep, ...]  # the steps at this move (after the script: its last bubble)
    scripted: str | None  # the one move the table accepts now (None: any legal move)
    number: int  # the first of these steps' number (1-based) among the script's steps
    total: int  # the script's steps


@dataclass(frozen=True)
class GuideState:
    place: GuidePlace | None = None  # None: no guided deal on the table (or a later deal)
    bubble_closed: int = -1  # the guided deal's move count whose bubble the player closed


@dataclass(frozen=True)
class GuideMoved:
    """The guided deal stands here now (None: no guided deal is on the table)."""

    place: GuidePlace | None


@dataclass(frozen=True)
class BubbleClosed:
    """The player closed the guided deal's bubble at this move count (-1: none closed)."""

    applied: int


GuideMsg: TypeAlias = GuideMoved | BubbleClosed
GUIDE_MESSAGES = (GuideMoved, BubbleClosed)


def update(state: GuideState, msg: GuideMsg) -> GuideState:
    """The guide's state after one message (what moved the script renders itself)."""
    if isinstance(msg, GuideMoved):
        return state if state.place == msg.place else replace(state, place=msg.place)
    return replace(state, bubble_closed=msg.applied)


def off_table(state: GuideState) -> GuideState:
    """Another game, or another deal, on the table: no guided deal is on it until the
    guide says so."""
    return state if state.place is None else replace(state, place=None)


def shown_steps(steps: Sequence[GuidedStep], applied: int, closed: int) -> list[GuidedStep]:
    """The steps whose bubble shows: all of them, but for explaining ones the player
    closed at this move."""
    if steps and all(s.ask is None for s in steps) and closed == applied:
        return []
    return list(steps)


def showing(state: GuideState) -> list[GuidedStep]:
    """The steps whose bubble shows now."""
    place = state.place
    if place is None:
        return []
    return shown_steps(place.steps, place.applied, state.bubble_closed)
