"""The computer's turns: the loop that plays the computer's seats one move after another,
paced for the eye, and the timer that puts a finished trick aside.

Apart from the table's controller because it is the one long-running task of a table:
it waits between moves (``web.platform.runtime``), so the table may change under it (a move
taken back, a new game), and each step checks the table's generation before it acts.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol, TypeVar

from engine import IllegalActionError
from engine.players import Player
from web.features.guide import Guide
from web.link.pairing import Pairing
from web.platform.runtime import Frames
from web.state.table_state import (
    ComputerFinished,
    ComputerStarted,
    ComputerStopped,
    TrickSettled,
)
from web.storage.keeper import Keeper
from web.table import flow
from web.table.adapter import observe
from web.table.ai_runner import drive
from web.table.computer import default_level, make_player
from web.table.table_parts import TableBase

T = TypeVar("T")


class TurnsTable(TableBase, Protocol):
    """What the computer's turns read and change of their table (``web.app.App`` is one)."""

    frames: Frames
    fast: bool
    keeper: Keeper
    pairing: Pairing
    guide: Guide
    players: dict[int, Player]


class ComputerTurns:
    """Plays the computer's seats of one table."""

    def __init__(self, app: TurnsTable) -> None:
        self.app = app

    def stop(self) -> None:
        """Drop the computer's turn being thought about: its loop ends at its next step, and
        the next kick starts afresh (a loop left marked busy would refuse it for good)."""
        self.app.dispatch(ComputerStopped())

    def seat_to_play(self) -> int | None:
        """The computer's seat that is to move now, unless the guide or a device that is
        away holds the table (None: no seat of the computer's plays now)."""
        app = self.app
        seat = app.game.current_player
        if seat is None or not app.model.table.seats.is_computer(seat):
            return None
        if app.game.deal.is_terminal or not app.pairing.may_play() or app.guide.holds():
            return None
        return seat

    def kick(self) -> None:
        """Let the computer play if a seat of its is to move (and nothing holds it)."""
        app, model = self.app, self.app.model
        if model.table.busy or not app.keeper.playing or model.overlay == "start":
            return
        if self.seat_to_play() is None:
            return
        # At once, not when the task first runs: a second kick before then (a double tap on
        # Continue) would start a second loop playing the same seat.
        app.dispatch(ComputerStarted())
        app.runtime.spawn(self.loop())

    async def loop(self) -> None:
        """The computer's turns, one after another, until a person is to move.

        Each step between two waits is one event (web.platform.runtime.Frames): its move, the
        notices and sounds it sets off, and one render."""
        app = self.app
        gen = app.model.table.generation
        app.dispatch(ComputerStarted())
        app.frames.begin()
        try:
            while gen == app.model.table.generation:
                game, seat = app.game, self.seat_to_play()
                if seat is None:
                    break
                app.render()
                completed = not game.deal.trick and bool(game.deal.last_trick)
                await self.between_events(app.runtime.sleep(self.pause(completed)))
                if gen != app.model.table.generation:
                    return
                if game is not app.game or game.current_player != seat:
                    continue  # the table moved meanwhile (undo, a take-over): look again
                usual = app.players.get(seat) or make_player(default_level())
                player = app.guide.player(seat, usual)
                action = await self.between_events(drive(player.decide(observe(game, seat))))
                if gen != app.model.table.generation or game is not app.game:
                    return
                if game.current_player != seat:
                    continue
                try:
                    app.course.apply(action)
                except IllegalActionError:  # a confused player: fall back to the first legal move
                    app.course.apply(game.legal_actions()[0])
            if gen == app.model.table.generation:  # a person's turn: the table shows no thinking
                app.dispatch(ComputerFinished(gen))
                app.render()
        finally:
            app.dispatch(ComputerFinished(gen))
            app.frames.end()

    async def between_events(self, waiting: Awaitable[T]) -> T:
        """Wait outside any event: the page's other events render while the task waits."""
        frames = self.app.frames
        frames.end()
        try:
            return await waiting
        finally:
            frames.begin()

    def pause(self, after_trick: bool) -> float:
        """How long the computer seems to think before a move (longer after a trick)."""
        if self.app.fast:
            return 0.02
        return (0.9 if after_trick else 0.45) * self.app.model.prefs.pause_scale()

    def settle_later(self, count: int) -> None:
        """Put the just-finished trick aside after a moment (it stays peekable); the model
        marked it settling when the frame that finished it was seen (web.state.table_news)."""
        app = self.app
        gen = app.model.table.generation

        async def later() -> None:
            hold = flow.TRICK_HOLD_SECONDS * app.model.prefs.pause_scale()
            await app.runtime.sleep(0.25 if app.fast else hold)
            if gen == app.model.table.generation:
                app.dispatch(TrickSettled(count))
                app.render()

        app.runtime.spawn(later())
