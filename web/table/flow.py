"""The table's pace: what is done for the player and what the table says about a move.

Kept apart from the controller (web.app) so each rule of the flow is a small
function testable under CPython against a real engine game:

- the automatic pass after a won trick with nothing to declare (and its log line);
- the finished trick: shown as finished, then put aside, peekable until the
  next trick starts;
- the deal's log as the table tells it (the dealer's turned-up seven, a kontr
  vido named as such);
- what a vido costs and what answering it means, read from the engine itself;
- the deal (and bezik game) number.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from engine.cards import code_text
from engine.facts import ACCEPTED
from engine.log_events import DrawEvent, Kind, LogEvent, PlayEvent, SeatEvent
from engine.playable import PlayableGame
from web.view.table_view import TableView, VidoView

TRICK_HOLD_SECONDS = 1.2  # a finished trick stays in the centre this long, then goes aside


# ------------------------------------------------------------ automatic pass


def auto_pass_due(game: PlayableGame, seat: int) -> bool:
    """The seat won a stock-phase trick and has nothing to declare: only ``pass`` is legal."""
    if game.is_terminal or game.deal.is_terminal or game.current_player != seat:
        return False
    if game.deal.phase != "declare":
        return False
    legal = game.legal_actions()
    return len(legal) == 1 and legal[0].kind == "pass"


# ------------------------------------------------------------ what just moved

class TurnupSevenEvent(NamedTuple):
    """The dealer's 10 for a turned-up seven: scored by the engine when the deal starts,
    with no log event; the table's log tells it first."""

    kind: str  # TURNUP_SEVEN
    seat: int
    points: int


TURNUP_SEVEN = "seven_turnup"
AUTO_PASS = "auto_pass"  # a SeatEvent: the pass the table made for a person
KONTR = "kontr_"  # a vido event's kind after an accepted vido of the game: kontr vido

# A log event as the table tells it (``table_log``).
TableEvent = LogEvent | TurnupSevenEvent

# Events after a card played that leave the trick as it just grew.
AFTER_PLAY = frozenset(
    (Kind.TRICK, Kind.PASS, AUTO_PASS, Kind.DRAW, Kind.RESCORE_LED, Kind.DONUK, Kind.DONUK_CLEARED,
     Kind.DEAL_OVER)
)


def fresh_moves(log: Sequence[TableEvent], human: int) -> tuple[list[str], bool]:
    """Cards the human drew since his last play (animated in), and whether the trick
    just grew (its last card animated in)."""
    drawn: list[str] = []
    for event in reversed(log):
        if isinstance(event, PlayEvent) and event.seat == human:
            break
        if isinstance(event, DrawEvent) and event.seat == human and event.code is not None:
            drawn.append(code_text(event.code))
    trick_fresh = False
    for event in reversed(log):
        if event.kind in AFTER_PLAY:
            continue
        trick_fresh = event.kind == Kind.PLAY
        break
    return drawn, trick_fresh


# ------------------------------------------------------------ the last trick


@dataclass(frozen=True)
class TrickShelf:
    """Where the last finished trick is: in the centre (just won), aside, or peeked at.

    ``settled`` counts the tricks put aside so far in this deal; a trick newer
    than that is still shown in the centre, captioned with its winner. Kept in the
    model (``web.state.table_state``): each change returns a new shelf.
    """

    settled: int = 0
    settling: int = 0  # the trick a timer is about to put aside
    peeked: int | None = None  # the finished trick the player peeks at (by its count)

    def state(self, tricks_done: int, live: bool) -> str:
        """``live`` (a trick is being played), ``done`` (just finished), ``aside``, ``peek``
        or ``none``. A peek is at one trick: once another is played it is over."""
        if live:
            return "live"
        if tricks_done == 0:
            return "none"
        if tricks_done > self.settled:
            return "done"
        return "peek" if self.peeked == tricks_done else "aside"

    def settle(self, tricks_done: int) -> TrickShelf:
        return replace(self, settled=max(self.settled, tricks_done))

    def toggle_peek(self, tricks_done: int) -> TrickShelf:
        return replace(self, peeked=None if self.peeked == tricks_done else tricks_done)


def tricks_done(log: Sequence[TableEvent]) -> tuple[int, int | None]:
    """How many tricks of the deal are finished, and who won the last one."""
    count, winner = 0, None
    for event in log:
        if isinstance(event, SeatEvent) and event.kind == Kind.TRICK:
            count += 1
            winner = event.seat
    return count, winner


# ------------------------------------------------------------- the deal's log


class AutoPasses:
    """The passes the table made for a person with nothing to declare (``auto_pass_due``).

    The engine logs them as any pass; the log says "nothing to declare" for these
    rather than "you passed".  Kept per deal (the game's seed and the deal's
    numbers, which a move taken back keeps), by the pass's place in the deal's log.
    """

    def __init__(self) -> None:
        self.deal: tuple[int | None, ...] = ()
        self.places: set[int] = set()

    @staticmethod
    def deal_key(game: PlayableGame) -> tuple[int | None, ...]:
        return (game.seed, *numbers(game))

    def note(self, game: PlayableGame) -> None:
        """The pass about to be applied for the seat to move is the table's own."""
        key = self.deal_key(game)
        if key != self.deal:
            self.deal, self.places = key, set()
        self.places.add(len(game.deal.log))

    def of(self, game: PlayableGame) -> set[int]:
        """The places of this deal's automatic passes."""
        return self.places if self.deal_key(game) == self.deal else set()


def table_log(
    game: PlayableGame, log: Sequence[LogEvent], auto_passes: Collection[int] = ()
) -> list[TableEvent]:
    """The observation's log as the table tells it.

    The dealer's 10 for a turned-up seven is scored by the engine at the deal
    without a log event: it gets one, first. Vido calls and answers after an
    accepted vido of the same game are kontr vido.  The passes the table made
    (``auto_passes``: places in the log) are ``auto_pass`` events.
    """
    deal = game.deal
    out: list[TableEvent] = []
    for seat, name, points in deal.declarations[:1]:
        if name == TURNUP_SEVEN:
            out.append(TurnupSevenEvent(TURNUP_SEVEN, seat, points))
    match = game.match_facts()
    accepted = 0 if match is None else sum(1 for v in match.vidos if v.result == ACCEPTED)
    accepted -= sum(1 for event in log if event.kind == Kind.VIDO_ACCEPTED)  # earlier deals'
    for place, event in enumerate(log):
        if isinstance(event, SeatEvent) and event.kind in VIDO_EVENTS and accepted >= 1:
            out.append(SeatEvent(KONTR + event.kind, event.seat))
        elif isinstance(event, SeatEvent) and event.kind == Kind.PASS and place in auto_passes:
            out.append(SeatEvent(AUTO_PASS, event.seat))
        else:
            out.append(event)
        if event.kind == Kind.VIDO_ACCEPTED:
            accepted += 1
    return out


VIDO_EVENTS = frozenset((Kind.VIDO, Kind.VIDO_ACCEPTED, Kind.VIDO_REFUSED))


# ------------------------------------------------------------------- vido


def vido_view(game: PlayableGame, seat: int) -> VidoView | None:
    """What a vido the seat may call, or must answer, means: the engine counts it."""
    return game.vido_stakes(seat)


# ------------------------------------------------------------------ numbers


def numbers(game: PlayableGame) -> tuple[int | None, int]:
    """(bezik: the game's number in the match, else None; the deal's number in the game)."""
    match = game.match_facts()
    if match is not None:
        done = match.game_deals
        return match.game, done if game.deal.is_terminal else done + 1
    return None, len(game.histories) + 1


def dress_game(view: TableView, game: PlayableGame, log: Sequence[TableEvent]) -> None:
    """Add the game's facts the view's seat may know: the vido, the numbers, a turned-up
    seven's dealer (what a host sends a guest with the view: web.table.seat_frame)."""
    view.vido = vido_view(game, view.human)
    view.game_number, view.deal_number = numbers(game)
    turned = [event.seat for event in log[:1] if isinstance(event, TurnupSevenEvent)]
    if turned and tricks_done(log)[0] == 0 and not game.deal.is_terminal:
        view.seven_turnup = turned[0]


def dress_table(view: TableView, shelf: TrickShelf, log: Sequence[TableEvent],
                hint: tuple[str, str] | None) -> None:
    """Add this device's facts: where the last trick lies (its shelf), the hint."""
    count, winner = tricks_done(log)
    view.trick_state = shelf.state(count, bool(view.trick))
    view.trick_winner = winner
    view.hint = hint[0] if hint and hint[0] else None
