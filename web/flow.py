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

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from engine.cards import code_text
from web.view import TableView, VidoView

TRICK_HOLD_SECONDS = 1.2  # a finished trick stays in the centre this long, then goes aside


# ------------------------------------------------------------ automatic pass


def auto_pass_due(game: Any, seat: int) -> bool:
    """The seat won a stock-phase trick and has nothing to declare: only ``pass`` is legal."""
    if game.is_terminal or game.deal.is_terminal or game.current_player != seat:
        return False
    if game.deal.phase != "declare":
        return False
    legal = game.legal_actions()
    return len(legal) == 1 and legal[0].kind == "pass"


# ------------------------------------------------------------ what just moved

# Events after a card played that leave the trick as it just grew.
AFTER_PLAY = frozenset(
    ("trick", "pass", "auto_pass", "draw", "rescore_led", "donuk", "donuk_cleared", "deal_over")
)


def fresh_moves(log: list[list[Any]], human: int) -> tuple[list[str], bool]:
    """Cards the human drew since his last play (animated in), and whether the trick
    just grew (its last card animated in)."""
    drawn: list[str] = []
    for ev in reversed(log):
        if ev[0] == "play" and ev[1] == human:
            break
        if ev[0] == "draw" and ev[1] == human and ev[2] is not None:
            drawn.append(code_text(ev[2]) if isinstance(ev[2], int) else str(ev[2]))
    trick_fresh = False
    for ev in reversed(log):
        if ev[0] in AFTER_PLAY:
            continue
        trick_fresh = ev[0] == "play"
        break
    return drawn, trick_fresh


# ------------------------------------------------------------ the last trick


@dataclass
class TrickShelf:
    """Where the last finished trick is: in the centre (just won), aside, or peeked at.

    ``settled`` counts the tricks put aside so far in this deal; a trick newer
    than that is still shown in the centre, captioned with its winner.
    """

    settled: int = 0
    peek: bool = False
    settling: int = 0  # the trick a timer is about to put aside

    def state(self, tricks_done: int, live: bool) -> str:
        """``live`` (a trick is being played), ``done`` (just finished), ``aside``, ``none``."""
        if live:
            self.peek = False
            return "live"
        if tricks_done == 0:
            return "none"
        if tricks_done > self.settled:
            return "done"
        return "peek" if self.peek else "aside"

    def settle(self, tricks_done: int) -> None:
        self.settled = max(self.settled, tricks_done)

    def reset(self) -> None:
        self.settled = self.settling = 0
        self.peek = False


def tricks_done(log: list[list[Any]]) -> tuple[int, int | None]:
    """How many tricks of the deal are finished, and who won the last one."""
    count, winner = 0, None
    for ev in log:
        if ev[0] == "trick":
            count += 1
            winner = int(ev[1])
    return count, winner


# ------------------------------------------------------------- the deal's log


class AutoPasses:
    """The passes the table made for a person with nothing to declare (``auto_pass_due``).

    The engine logs them as any pass; the log says "nothing to declare" for these
    rather than "you passed".  Kept per deal (the game's seed and the deal's
    numbers, which a move taken back keeps), by the pass's place in the deal's log.
    """

    def __init__(self) -> None:
        self.deal: tuple[Any, ...] = ()
        self.places: set[int] = set()

    @staticmethod
    def deal_key(game: Any) -> tuple[Any, ...]:
        return (getattr(game, "seed", None), *numbers(game))

    def note(self, game: Any) -> None:
        """The pass about to be applied for the seat to move is the table's own."""
        key = self.deal_key(game)
        if key != self.deal:
            self.deal, self.places = key, set()
        self.places.add(len(game.deal.log))

    def of(self, game: Any) -> set[int]:
        """The places of this deal's automatic passes."""
        return self.places if self.deal_key(game) == self.deal else set()


def table_log(
    game: Any, log: list[list[Any]], auto_passes: Collection[int] = ()
) -> list[list[Any]]:
    """The observation's log as the table tells it.

    The dealer's 10 for a turned-up seven is scored by the engine at the deal
    without a log event: it gets one, first. Vido calls and answers after an
    accepted vido of the same game are kontr vido.  The passes the table made
    (``auto_passes``: places in the log) are ``auto_pass`` events.
    """
    deal = game.deal
    out: list[list[Any]] = []
    for seat, name, points in getattr(deal, "declarations", [])[:1]:
        if name == "seven_turnup":
            out.append(["seven_turnup", seat, points])
    extra = getattr(deal, "extra", None) or {}
    accepted = sum(1 for v in extra.get("vidos") or [] if v[1] == "accepted")
    accepted -= sum(1 for ev in log if ev[0] == "vido_accepted")  # those of earlier deals
    for place, ev in enumerate(log):
        if ev[0] in ("vido", "vido_accepted", "vido_refused") and accepted >= 1:
            out.append(["kontr_" + ev[0], *ev[1:]])
        elif ev[0] == "pass" and place in auto_passes:
            out.append(["auto_pass", *ev[1:]])
        else:
            out.append(ev)
        if ev[0] == "vido_accepted":
            accepted += 1
    return out


# ------------------------------------------------------------------- vido


def vido_view(game: Any, seat: int) -> VidoView | None:
    """What a vido the seat may call, or must answer, means: the engine counts it."""
    stakes: VidoView | None = game.vido_stakes(seat)
    return stakes


# ------------------------------------------------------------------ numbers


def numbers(game: Any) -> tuple[int | None, int]:
    """(bezik: the game's number in the match, else None; the deal's number in the game)."""
    games = getattr(game, "games", None)
    if isinstance(games, list) and games:
        done = len(games[-1].deals)
        return len(games), done if game.deal.is_terminal else done + 1
    return None, len(getattr(game, "histories", [])) + 1


def dress(
    view: TableView,
    game: Any,
    shelf: TrickShelf,
    log: list[list[Any]],
    hint: tuple[str, str] | None,
) -> None:
    """Add the flow's facts to a view: the trick's state, the vido, the numbers, the hint."""
    count, winner = tricks_done(log)
    view.trick_state = shelf.state(count, bool(view.trick))
    view.trick_winner = winner
    view.vido = vido_view(game, view.human)
    view.game_number, view.deal_number = numbers(game)
    view.hint = hint[0] if hint and hint[0] else None
    turned = [ev[1] for ev in log[:1] if ev[0] == "seven_turnup"]
    if turned and count == 0 and not game.deal.is_terminal:
        view.seven_turnup = turned[0]
