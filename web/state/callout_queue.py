"""The call-outs waiting or on the table, with their clocks, as the model holds them.

A call-out is what another seat scored, said at its seat for a while ("Marriage +20";
``web.view.callouts`` draws it). Each event of the deal's log that scores points becomes
one: everything is read from the log as ``web.table.flow.table_log`` tells it, no rule is
worked out again here. A call-out's clock starts when it is first shown, so one made while
the hand-over screen covers the table waits for the next person to see it. The queue is a
value: each change returns a new one (``web.state.table_news`` feeds it a frame at a
time).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.log_events import BlancheEvent, DeclareEvent, Kind, ScoreEvent, SevenEvent
from web.state.callout import Callout
from web.table.flow import TableEvent, TurnupSevenEvent

SHOWN_SECONDS = 2.2  # on the table this long: app.css's animation fades it out by then
# Taken off a little later: a busy page starts the animation late (and without motion the
# call-out simply shows until it is taken off).
LINGER_SECONDS = 0.5
RENDER_MARGIN = 0.05  # seconds after a call-out's time is up: then it is surely gone
MAX_PER_SEAT = 3  # older ones give way when a seat scores more at once


def callouts_from(events: Iterable[TableEvent]) -> list[Callout]:
    """The call-outs of some log events (``web.table.flow.table_log``'s form), in order.

    Declarations (bezik's completions included), the seven of trumps shown or
    exchanged, carte blanche shown, the dealer's turned-up seven, bezik's groups scored
    again on the lead and the provisional points a dönük player loses.
    """
    out: list[Callout] = []
    for event in events:
        if isinstance(event, DeclareEvent):
            out.append(Callout(event.seat, event.name, event.points))
        elif isinstance(event, SevenEvent):
            out.append(Callout(event.seat, "seven", event.points))
        elif isinstance(event, BlancheEvent):  # multi-pack: a hand without court cards shown
            out.append(Callout(event.seat, "carte_blanche", event.points))
        elif isinstance(event, TurnupSevenEvent):
            out.append(Callout(event.seat, "seven_turnup", event.points))
        elif isinstance(event, ScoreEvent) and event.kind == Kind.RESCORE_LED:
            out.append(Callout(event.seat, f"{event.name}_led", event.points))
        elif isinstance(event, ScoreEvent) and event.kind == Kind.TAKEN_BACK:
            out.append(Callout(event.seat, f"{event.name}_taken_back", event.points))
    return out


@dataclass(frozen=True)
class Callouts:
    """The call-outs waiting or shown (``items``), those on the table now (``shown``), and
    the one timer that renders the table again when the first shown one is due to go."""

    items: tuple[Callout, ...] = ()
    shown: tuple[Callout, ...] = ()
    made: int = 0  # call-outs made in the table's life (each one's key)
    timer_due: float | None = None  # when the pending re-render runs (None: none pending)

    def add(self, events: Iterable[TableEvent]) -> Callouts:
        """The queue with the scoring events among ``events`` added at its end."""
        made = self.made
        added = []
        for callout in callouts_from(events):
            made += 1
            added.append(replace(callout, key=made))
        return replace(self, items=(*self.items, *added), made=made)

    def cleared(self) -> Callouts:
        """Nothing waiting (a new deal, a new game, a move taken back)."""
        return replace(self, items=(), shown=())

    def show(self, now: float, viewer: int, visible: bool, keep_own: bool = False) -> Callouts:
        """The queue at ``now``: the call-outs whose time is up taken off, the ones to show
        chosen (oldest first) and their clocks started.

        The viewer's own are not called out (that person made them); in pass-and-play
        (``keep_own``) they wait for the next person to hold the device. ``visible``:
        nothing covers the table, so clocks run.
        """
        items = [
            c
            for c in self.items
            if (c.shown_at is None and (keep_own or c.seat != viewer))
            or (c.shown_at is not None and now - c.shown_at < SHOWN_SECONDS + LINGER_SECONDS)
        ]
        if not visible:
            return replace(self, items=tuple(items), shown=())
        started: dict[int, Callout] = {}  # key -> the call-out with its clock started
        per_seat: dict[int, int] = {}
        for c in reversed(items):
            if c.seat == viewer and c.shown_at is None:
                continue
            per_seat[c.seat] = per_seat.get(c.seat, 0) + 1
            if per_seat[c.seat] <= MAX_PER_SEAT:
                started[c.key] = c if c.shown_at is not None else replace(c, shown_at=now)
        kept = tuple(started.get(c.key, c) for c in items)
        return replace(self, items=kept, shown=tuple(c for c in kept if c.key in started))

    def next_change(self, now: float) -> float | None:
        """Seconds until the next shown call-out leaves the table (None: none shown)."""
        ends = [
            c.shown_at + SHOWN_SECONDS + LINGER_SECONDS - now
            for c in self.items
            if c.shown_at is not None
        ]
        return max(0.0, min(ends)) if ends else None
