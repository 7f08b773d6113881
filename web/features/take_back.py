"""Undo against the computer: the table's side of ``engine.undo``.

Allowed only when exactly one seat is a person (never in pass-and-play), and
as the engine says (something of the person's to take back in this deal, the
game not decided, no accepted vido in bezik).
"""

from __future__ import annotations

from typing import Protocol

from engine.playable import PlayableGame
from engine.undo import can_undo, undo
from web.state.model import HintSet, ScreenShown
from web.state.table_state import MoveTakenBack, ShelfCleared
from web.table.flow import auto_pass_due
from web.table.table_parts import TableBase


class TakeBackTable(TableBase, Protocol):
    """What taking back reads and changes of its table (``web.app.App`` is one)."""

    @property
    def game(self) -> PlayableGame: ...
    @game.setter
    def game(self, game: PlayableGame) -> None: ...


def person_seats(app: TakeBackTable) -> list[int]:
    """The seats played by people, here or on other devices (the new-game dialog's seat
    kinds when there are some): undo and the statistics against a level need exactly one."""
    seats = app.model.table.seats
    return [s for s in range(app.game.rules.players) if not seats.is_computer(s)]


def available(app: TakeBackTable) -> bool:
    people = person_seats(app)
    return len(people) == 1 and can_undo(app.game, people[0])


def take_back(app: TakeBackTable) -> bool:
    """Replace the app's game by the one before the person's last move; False if not allowed."""
    if not available(app):
        return False
    app.turns.stop()  # a computer move being thought about is dropped
    seat = person_seats(app)[0]
    app.game = undo(app.game, seat)
    # an automatic pass is no choice of the person's: take back the move before it too
    while auto_pass_due(app.game, seat) and can_undo(app.game, seat):
        app.game = undo(app.game, seat)
    app.course.pass_for_human()
    app.dispatch(MoveTakenBack())
    app.dispatch(ShelfCleared())
    app.dispatch(HintSet(None))
    app.dispatch(ScreenShown(None))
    app.painter.announced_all()  # what the table shows after it was seen
    app.save()
    return True
