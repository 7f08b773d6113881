"""What a new frame of the table brings, found by comparing it with the model's last one:
the events to say in the live region and the sounds they make, the call-outs at the seats
and when they go, the finished trick to put aside after a moment, the hand's keyboard
focus kept within the hand, and the focus moved onto a prompt that just appeared.

Each render hands the seat's frame now to ``update`` as ``FrameSeen``
(``web.view.table_paint``): the model keeps it, and what follows from the change comes
back as effects, carried out once the table is drawn. So none of it is decided while
drawing, and all of it is tested as plain functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from web.state.callout_queue import RENDER_MARGIN
from web.state.table_state import TableState
from web.table import flow
from web.table.flow import TableEvent
from web.table.seat_frame import SeatFrame

# The sound each kind of event makes (web/platform/sound.py plays them).
SOUNDS = {
    "play": "card",
    "trick": "trick",
    "declare": "declare",
    "seven": "declare",
    "seven_turnup": "declare",
    "deal_over": "deal",
}


def sounds_for(events: Sequence[TableEvent]) -> list[str]:
    """The effects new events make, one of each kind, most telling last."""
    order = ("card", "trick", "declare", "deal")
    wanted = {SOUNDS[event.kind] for event in events if event.kind in SOUNDS}
    return [name for name in order if name in wanted]


# ------------------------------------------------------------------ messages


@dataclass(frozen=True)
class FrameSeen:
    """The seat's frame as this render draws it (from the engine here, or from the host
    at a guest's table), at ``now`` on the runtime's clock."""

    frame: SeatFrame
    now: float


@dataclass(frozen=True)
class CalloutsDue:
    """The timer set for the first shown call-out to go has run (``due``: the one set)."""

    due: float


# ------------------------------------------------------------------- effects


@dataclass(frozen=True)
class SayEvents:
    """Say the log's events from ``start`` on in the live region (worded when carried
    out, in the table's language)."""

    events: tuple[TableEvent, ...]
    start: int


@dataclass(frozen=True)
class PlaySounds:
    names: tuple[str, ...]


@dataclass(frozen=True)
class RenderLater:
    """Render again in ``seconds`` (a shown call-out's time is up), then tell ``due``."""

    seconds: float
    due: float


@dataclass(frozen=True)
class SettleTrick:
    """Put the trick just finished (the deal's ``count``-th) aside after a moment."""

    count: int


@dataclass(frozen=True)
class FocusPrompt:
    """A prompt to declare or answer appeared: a keyboard player in the hand lands on it."""


NewsEffect = SayEvents | PlaySounds | RenderLater | SettleTrick | FocusPrompt


def seen(table: TableState, msg: FrameSeen, *, covered: bool,
         sound: bool) -> tuple[TableState, list[NewsEffect]]:
    """The table's state once ``msg.frame`` is the one shown, and what that brings.

    ``covered``: a screen is over the table (call-outs' clocks wait); ``sound``: the
    player's setting. A log shorter than the events said before is a new deal, a new game
    or a move taken back: it is said from its start, and waiting call-outs are dropped.
    """
    frame, view = msg.frame, msg.frame.view
    log = frame.events
    old = table.frame
    start = table.said if len(log) >= table.said else 0
    news: list[NewsEffect] = []
    if start < len(log):
        news.append(SayEvents(log, start))
        if sound and (names := sounds_for(log[start:])):
            news.append(PlaySounds(tuple(names)))
    queue = table.callouts
    if old is not None and len(log) < len(old.events):
        queue = queue.cleared()
    visible = not covered and table.handover is None and view.deal_summary is None
    queue = queue.add(log[start:]).show(msg.now, table.human, visible,
                                        keep_own=bool(table.seats.pass_and_play))
    wait = queue.next_change(msg.now)
    if wait is not None:
        due = msg.now + wait + RENDER_MARGIN
        if queue.timer_due is None or due < queue.timer_due:  # one timer, the earliest
            queue = replace(queue, timer_due=due)
            news.append(RenderLater(wait + RENDER_MARGIN, due))
    shelf = table.shelf
    count = flow.tricks_done(log)[0]
    if shelf.state(count, bool(view.trick)) == "done" and shelf.settling != count:
        shelf = replace(shelf, settling=count)
        news.append(SettleTrick(count))
    prompted = (table.handover is None and view.phase in ("declare", "answer")
                and view.current == table.human)
    if prompted and not table.prompted:
        news.append(FocusPrompt())
    shown = 0 if table.handover is not None else len(view.hand)
    focus = max(0, min(table.hand_focus, shown - 1))
    changed = replace(table, frame=frame, said=len(log), callouts=queue, shelf=shelf,
                      hand_focus=focus, prompted=prompted)
    return changed, news


def callouts_due(table: TableState, msg: CalloutsDue) -> tuple[TableState, bool]:
    """The table's state once a call-out timer ran, and whether to render (the timer was
    still the pending one)."""
    if table.callouts.timer_due != msg.due:
        return table, False
    return replace(table, callouts=replace(table.callouts, timer_due=None)), True
