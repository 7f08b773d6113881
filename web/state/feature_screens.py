"""What the review's screen shows besides its own data, in the model: why the review could
not open one of its entries, and which entry's position it shows, where.

The review keeps its domain state (its analysis) in its own object; what its screen shows
and says is here, changed by messages like the rest of the table's state. (The daily deal's
and the guided deal's are ``web.state.daily_state`` and ``web.state.guide_state``.)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from web.i18n import MessageParam

Said: TypeAlias = tuple[str, dict[str, MessageParam]]  # a catalog key and its values


@dataclass(frozen=True)
class ReviewAt:
    """The review's entry (its decision's index in the deal) shown, at this step."""

    entry: int
    deal: int
    step: int


@dataclass(frozen=True)
class FeatureScreens:
    review_problem: Said | None = None  # why the review could not open an entry
    review_at: ReviewAt | None = None  # the review's entry whose position is shown, and where


@dataclass(frozen=True)
class ReviewProblem:
    """Why the review could not open an entry (None: nothing to say)."""

    problem: Said | None


@dataclass(frozen=True)
class ReviewPositionShown:
    """The review shows this entry's position at this step (None: the list)."""

    at: ReviewAt | None


FeatureMsg: TypeAlias = ReviewProblem | ReviewPositionShown
FEATURE_MESSAGES = (ReviewProblem, ReviewPositionShown)


def update(state: FeatureScreens, msg: FeatureMsg) -> FeatureScreens:
    """The features' screens after one message."""
    if isinstance(msg, ReviewPositionShown):
        return replace(state, review_at=msg.at)
    return replace(state, review_problem=msg.problem)
