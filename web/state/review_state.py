"""What the review after a deal shows, in the model: whether the deal shown can be reviewed
(the summary's button), how far its analysis is or what it found (the list's entries),
why an entry could not be opened, and the entry's position shown, where.

The review's job (the engine's analysis running in slices) and the replay of an entry's
deal stay in ``web.features.review_screen``, which dispatches these messages whenever
what the screen shows changes; ``web.view.review_view`` draws it from here. Everything is
kept as data (moves as the record writes them, problems as catalog keys), so a language
switch rewords it at the next render.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from web.i18n import MessageParam
from web.records.replay import StepShown

Said: TypeAlias = tuple[str, dict[str, MessageParam]]  # a catalog key and its values

LIST = "review"  # the overlay of the list
POSITION = "review-position"  # the overlay of one entry's position in the replay viewer


@dataclass(frozen=True)
class MoveShown:
    """A move as the review names it: the action as the record writes it, and for a
    declaration the combination by the engine's name ("" when the rules name none)."""

    text: str
    combination: str = ""


@dataclass(frozen=True)
class EntryView:
    """One entry of the list as the screen shows it."""

    index: int  # the decision's action in the deal
    loss: int  # points, rounded
    exact: bool
    trick: int  # the trick the move was made in, from 1
    played: MoveShown
    best: MoveShown


@dataclass(frozen=True)
class ReviewView:
    """The review's job as the screen shows it: running (``share``), failed (``problem``:
    why, as the analysis said it) or done (the entries, largest loss first)."""

    share: float | None = None
    problem: str | None = None
    entries: tuple[EntryView, ...] = ()
    decisions: int = 0
    as_good: int = 0
    total: int = 0


@dataclass(frozen=True)
class ReviewAt:
    """The review's entry (its decision's index in the deal) shown, at this step."""

    entry: int
    deal: int
    step: int


@dataclass(frozen=True)
class ReviewPosition:
    """An entry's position shown: where (the viewer follows it) and what it draws."""

    at: ReviewAt
    step: StepShown


@dataclass(frozen=True)
class ReviewState:
    available: bool = False  # the deal shown just finished, the person's: it can be reviewed
    job: ReviewView | None = None  # the review under way or done (None: none, or dropped)
    problem: Said | None = None  # why an entry could not be opened
    position: ReviewPosition | None = None  # the entry's position shown (None: the list)

    @property
    def at(self) -> ReviewAt | None:
        return None if self.position is None else self.position.at


@dataclass(frozen=True)
class ReviewAvailable:
    """Whether the deal shown can be reviewed (noted before each paint: the deal on the
    table is the engine's, outside the model)."""

    available: bool


@dataclass(frozen=True)
class ReviewJobShown:
    """The review's job now shows this (None: none under way, or dropped); ``draw``: the
    open list is drawn again (its progress bar only now and then)."""

    job: ReviewView | None
    draw: bool = True


@dataclass(frozen=True)
class ReviewProblem:
    """Why the review could not open an entry (None: nothing to say)."""

    problem: Said | None


@dataclass(frozen=True)
class ReviewPositionShown:
    """The review shows this entry's position (None: the list)."""

    position: ReviewPosition | None


ReviewMsg: TypeAlias = ReviewAvailable | ReviewJobShown | ReviewProblem | ReviewPositionShown
REVIEW_MESSAGES = (ReviewAvailable, ReviewJobShown, ReviewProblem, ReviewPositionShown)


def update(state: ReviewState, msg: ReviewMsg) -> ReviewState:
    """The review's state after one message."""
    if isinstance(msg, ReviewAvailable):
        return state if state.available == msg.available else replace(
            state, available=msg.available)
    if isinstance(msg, ReviewJobShown):
        return replace(state, job=msg.job)
    if isinstance(msg, ReviewProblem):
        return replace(state, problem=msg.problem)
    return replace(state, position=msg.position)


def redraws(overlay: str | None, msg: ReviewMsg) -> bool:
    """Whether a message asks for a render: not the fact noted before a paint, nor the
    job's news while its list is not shown."""
    if isinstance(msg, ReviewAvailable):
        return False
    if isinstance(msg, ReviewJobShown):
        return msg.draw and overlay == LIST
    return True
