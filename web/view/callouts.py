"""Call-outs: what another seat scored, said at its seat ("Marriage +20").

The computer's declarations and seven exchanges (and any other seat's in three- and
four-handed games and pass-and-play) would otherwise only show as a score that jumps.
Each event of the deal's log that scores points becomes a call-out, shown at the seat
that scored for a little while (long enough to read, never in the way of input), with
its points rising into that seat's score.  Several in a row stack at the seat.

Everything is read from the log as ``web.table.flow.table_log`` tells it: no rule is worked
out again here.  A call-out's clock starts when it is first shown, so one made while
the hand-over screen covers the table waits for the next person to see it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from engine.log_events import BlancheEvent, DeclareEvent, Kind, ScoreEvent, SevenEvent
from web.table.flow import TableEvent, TurnupSevenEvent
from web.view.card_html import Cat
from web.view.table_view import Callout, TableView

SHOWN_SECONDS = 2.2  # on the table this long: app.css's animation fades it out by then
# Taken off a little later: a busy page starts the animation late (and without motion the
# call-out simply shows until it is taken off).
LINGER_SECONDS = 0.5
RENDER_MARGIN = 0.05  # seconds after a call-out's time is up: then it is surely gone
MAX_PER_SEAT = 3  # older ones give way when a seat scores more at once
NAME_SLOT, POINTS_SLOT = "\ue000", "\ue001"  # where the catalog's text puts each part


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


def points_text(cat: Cat, points: int) -> str:
    """+20 / −150, from the catalog (a sign the reader's language writes)."""
    if points < 0:
        return cat.t("callout.loss", points=-points)
    return cat.t("callout.gain", points=points)


def callout_text(cat: Cat, callout: Callout) -> str:
    """The call-out in words: "Marriage +20"."""
    return cat.t(
        "callout.text",
        combination=cat.declaration(callout.kind),
        points=points_text(cat, callout.points),
    )


class Callouts:
    """The call-outs waiting or on the table, with their clocks."""

    def __init__(self) -> None:
        self.items: list[Callout] = []
        self.made = 0

    def add(self, events: Iterable[TableEvent]) -> None:
        for callout in callouts_from(events):
            self.made += 1
            callout.key = self.made
            self.items.append(callout)

    def clear(self) -> None:
        self.items = []

    def showing(
        self, now: float, viewer: int, visible: bool, keep_own: bool = False
    ) -> list[Callout]:
        """The call-outs on the table now, oldest first.

        The viewer's own are not called out (that person made them); in pass-and-play
        (``keep_own``) they wait for the next person to hold the device.  ``visible``:
        nothing covers the table, so clocks run.
        """
        self.items = [
            c
            for c in self.items
            if (c.shown_at is None and (keep_own or c.seat != viewer))
            or (c.shown_at is not None and now - c.shown_at < SHOWN_SECONDS + LINGER_SECONDS)
        ]
        if not visible:
            return []
        shown: list[Callout] = []
        per_seat: dict[int, int] = {}
        for c in reversed(self.items):
            if c.seat == viewer and c.shown_at is None:
                continue
            per_seat[c.seat] = per_seat.get(c.seat, 0) + 1
            if per_seat[c.seat] <= MAX_PER_SEAT:
                if c.shown_at is None:
                    c.shown_at = now
                shown.append(c)
        return list(reversed(shown))

    def next_change(self, now: float) -> float | None:
        """Seconds until the next shown call-out leaves the table (None: none shown)."""
        ends = [
            c.shown_at + SHOWN_SECONDS + LINGER_SECONDS - now
            for c in self.items
            if c.shown_at is not None
        ]
        return max(0.0, min(ends)) if ends else None


# ------------------------------------------------------------------- HTML


def render_at_seat(callouts: list[Callout], seat: int, cat: Cat) -> str:
    """The seat's call-outs, over its place at the table (the live region speaks them)."""
    mine = [c for c in callouts if c.seat == seat]
    if not mine:
        return ""
    # the catalog orders the name and the points; each keeps its own element
    template = escape(cat.t("callout.text", combination=NAME_SLOT, points=POINTS_SLOT))
    items = "".join(
        f'<p class="callout{" loss" if c.points < 0 else ""}" data-keep="callout-{c.key}"'
        f' data-callout="{escape(c.kind)}" data-points="{c.points}">'
        + template.replace(
            NAME_SLOT, f'<span class="co-name">{escape(cat.declaration(c.kind))}</span>'
        ).replace(
            POINTS_SLOT, f'<bdi class="co-pts" dir="ltr">{escape(points_text(cat, c.points))}</bdi>'
        )
        + "</p>"
        for c in mine
    )
    return f'<div class="callouts" aria-hidden="true">{items}</div>'


def render_gain(callouts: list[Callout], seat: int, cat: Cat) -> str:
    """The points rising into the seat's score."""
    return "".join(
        f'<bdi class="gain{" loss" if c.points < 0 else ""}" dir="ltr" aria-hidden="true"'
        f' data-keep="gain-{c.key}">{escape(points_text(cat, c.points))}</bdi>'
        for c in callouts
        if c.seat == seat
    )


# ------------------------------------------------------------ the table's side


class TableCallouts:
    """One table's call-outs: fed from the log at each render, taken off when their time
    is up (the runtime, ``web.app``, keeps the one timer that renders again then)."""

    def __init__(self) -> None:
        self.queue = Callouts()
        self.log_size = 0
        self.timer_due: float | None = None  # when the pending re-render runs

    def dress(
        self,
        view: TableView,
        log: Sequence[TableEvent],
        start: int,
        *,
        viewer: int,
        visible: bool,
        keep_own: bool,
        now: float,
    ) -> float | None:
        """Add the deal's new scoring events, put the call-outs to show on the view, and
        say in how many seconds the table must be rendered again (None: no call-out shown).

        ``start`` is where the live region's new events start (the same events become
        call-outs). A shorter log is a new deal, a new game or a move taken back: what was
        waiting is dropped. ``visible``: nothing covers the table, so clocks run.
        """
        if len(log) < self.log_size:
            self.queue.clear()
        self.log_size = len(log)
        self.queue.add(log[start if len(log) >= start else 0 :])
        view.callouts = self.queue.showing(now, viewer, visible, keep_own=keep_own)
        wait = self.queue.next_change(now)
        return None if wait is None else wait + RENDER_MARGIN

    def timer_wanted(self, seconds: float, now: float) -> float | None:
        """The due time of a new re-render timer, or None when one already pending comes
        first (one timer at a time, the earliest)."""
        due = now + seconds
        if self.timer_due is not None and self.timer_due <= due:
            return None
        self.timer_due = due
        return due

    def timer_fired(self, due: float) -> bool:
        """Whether the timer due then is still the pending one (then the table renders)."""
        if self.timer_due != due:
            return False
        self.timer_due = None
        return True
