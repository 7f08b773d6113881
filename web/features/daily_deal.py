"""The daily deal at the table: each day one deal per game, the same on every device
(``engine.daily``), played against the strong program, its result set beside what the
strong program scored from the same seat of the same deal (duplicate scoring).

``data-command="daily"`` deals today's deal of the start screen's game (the person at
``DAILY_SEAT``, ``daily_opponent`` programs in the other seats), continues it when it is the
game in progress, or shows its result when it was played already (played again it would
change nothing: a kept result is never replaced). Its first deal is the daily deal; the
game then goes on as any game against the strong level. While it runs there is no undo and
no hint: the computer in the player's seat has neither. Its result is kept when the deal
ends (``web.records.daily_store``); the computer's deal from the same seat is played in the
background meanwhile, in slices, only while the table waits for the person, and kept too.
The save names the deal's date (``daily``). ``daily-share`` shares the result as a short
text (``web.view.daily_view.share_text``) through the platform's share sheet or the clipboard.

What it shows is the model's (``web.state.daily_state``): this object keeps the resources
(the day's games, the stored results, the computer's play) and tells the model the daily
deal on the table, the stored results' figures (read when a screen that shows them opens
or the daily deal comes into view, and again when they change) and the computer's progress;
``web.view.daily_view`` draws from there.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Protocol

from engine import VARIANTS, Action
from engine.daily import (
    DAILY_SEAT,
    DailyResult,
    computer_in_seat,
    daily_game,
    daily_opponent,
    daily_seed,
    deal_result,
)
from engine.errors import RecordError
from engine.observation import Observation
from engine.playable import PlayableGame
from engine.players import Decision, Player
from web.link.pairing import Pairing
from web.platform.dom import Control
from web.platform.runtime import Frames
from web.records import daily_store
from web.records.daily_store import DailyRecord
from web.state.daily_state import (
    DailyFigures,
    DailyFiguresRead,
    DailyOnTable,
    DailyProgress,
    DailyProgressed,
    DailyShown,
    ShareDone,
)
from web.state.game_setup import Setup
from web.state.model import NewGameAsked, ScreenClosed, ScreenOpened, SetupKept
from web.state.seats import Seats
from web.state.table_state import GameKept
from web.storage.keeper import Keeper
from web.table import ai_runner
from web.table.background import Pace, Work, run_in_slices
from web.table.computer import BROWSER_SLICE, make_player
from web.table.dealing import prepared_setup
from web.table.table_parts import TableBase
from web.view import daily_view

LEVEL = "strong"  # the daily deal's opponents, and the level its game counts under
STEP_WAIT = 0.001  # seconds between two slices of the computer's deal in the background
IDLE_WAIT = 0.25  # while the table's computer thinks, the background waits this long
REDRAW_STEPS = 20  # the progress shown moves on in twentieths


class DailyTable(TableBase, Protocol):
    """What the daily deal reads and changes of its table (``web.app.App`` is one)."""

    frames: Frames
    pairing: Pairing
    keeper: Keeper
    daily: DailyDeal

    def command(self, name: str, el: Control) -> None: ...


@dataclass
class Background:
    """The computer's play of a daily deal from the player's seat, under way."""

    date: str
    variant: str
    steps: Generator[float, None, DailyResult]  # each step yields the share done so far


class DailyDeal:
    """The daily deal of one table: which game on it is one, its results, the
    computer's deal being played, and sharing."""

    def __init__(self, app: DailyTable) -> None:
        self.app = app
        self.date: str | None = None  # the daily deal's date of the game on the table
        self.game: PlayableGame | None = None  # that game (another on the table: none)
        self._record: DailyRecord | None = None  # read when first needed, not at start
        self.background: Background | None = None
        self.moves = SeatMoves()  # each seat's moves so far (the day's program draws by them)

    # ------------------------------------------------------------ state
    @property
    def active(self) -> bool:
        """The game on the table is a daily deal's game (its first deal may be over)."""
        return self.date is not None and self.game is self.app.game

    def on_table(self) -> bool:
        """The deal on the table is the daily deal (being played, or over and kept): no
        undo and no hint while it is."""
        return self.active and self.app.model.table.deal_number == 1

    def table_deal(self) -> tuple[str, str] | None:
        """The daily deal on the table as the model names it (None: none)."""
        if not self.on_table() or self.date is None:
            return None
        return self.date, self.app.game.rules.name

    def today(self) -> str:
        """The device's date (a page that tells none, or a wrong one: this clock's)."""
        text = self.app.dom.today()
        try:
            return _dt.date.fromisoformat(text).isoformat()
        except (TypeError, ValueError):
            return _dt.date.today().isoformat()

    def record(self) -> DailyRecord:
        """The kept results, read when first needed (not at the app's start)."""
        if self._record is None:
            self._record = self.read()
        return self._record

    def publish_figures(self) -> None:
        """The stored results' figures into the model: the results of the deals on view
        (the table's daily deal, the daily screen's) and the statistics' counts."""
        record = self.record()
        state = self.app.model.daily
        deals = {deal for deal in (state.on_table, state.shown) if deal is not None}
        played = tuple(r for r in (record.result(*d) for d in sorted(deals)) if r is not None)
        computer = tuple(r for r in (record.computer_result(*d) for d in sorted(deals))
                         if r is not None)
        streak = record.streak(self.today())
        better, same, worse = record.compared()
        self.app.dispatch(DailyFiguresRead(DailyFigures(
            played, computer, streak.current, streak.best, record.days(), better, same, worse,
        )))

    def read(self) -> DailyRecord:
        """The stored results (a wrong value is set aside and told)."""
        record, problem = daily_store.load(self.app.store)
        if problem is not None:
            self.app.set_notice((problem.notice, {"where": problem.where}), error=True)
        return record

    def keep(self, change: Callable[[DailyRecord], DailyRecord]) -> None:
        """Change the stored results as they are now (another tab may have added some:
        read again, never written over from what this one read before); the tab that
        plays only."""
        if not self.app.keeper.playing:
            return
        self._record = change(self.read())
        daily_store.save(self.app.store, self._record)
        self.publish_figures()

    # ------------------------------------------------------------ the table's hooks
    def adopt(self, marker: object) -> None:
        """A save read back: the daily deal's game goes on (a date that is no daily deal
        of the saved cards is dropped, the game kept as an ordinary one)."""
        self.date = self.game = None
        game = self.app.game
        with contextlib.suppress(RecordError):  # a marker that names no daily deal
            if isinstance(marker, str) and game.seed == daily_seed(marker, game.rules.name):
                self.date, self.game = marker, game
        self.app.dispatch(DailyOnTable(self.table_deal()))
        # at the start the results wait until the table is in view (on_view); a tab that
        # has read them already shows them at once, and one that watches another play reads
        # them again (the playing tab may have stored the deal's result meanwhile)
        if self.date is None:
            return
        if not self.app.keeper.playing:
            self._record = None
        if self._record is not None or not self.app.keeper.playing:
            self.publish_figures()

    def save_fields(self) -> dict[str, object]:
        return {"daily": self.date} if self.active else {}

    def players(self) -> dict[int, Player]:
        """The programs of a daily deal's game (none for another game)."""
        if not self.active:
            return {}
        return {s: DailyOpponent(self, s) for s in range(self.app.game.rules.players)
                if s != DAILY_SEAT}

    def starts(self, setup: Setup) -> bool:
        """A confirmed new game that is a daily deal (the leave question's setup)."""
        day, variant = setup.get("daily"), setup.get("variant")
        if not isinstance(day, str) or not isinstance(variant, str):
            return False
        self.begin(day, variant)
        return True

    def after_action(self) -> None:
        """Once the daily deal is over, its result is kept (once: never replaced)."""
        if not self.on_table() or not self.app.game.deal.is_terminal or self.date is None:
            return
        variant = self.app.game.rules.name
        if self.record().result(self.date, variant) is None:
            result = deal_result(self.app.game.deal, self.date, variant)
            self.keep(lambda record: record.with_played(result))

    def on_view(self) -> None:
        """The table is in view again (the start screen or the daily screen left): the
        daily deal on it shows its result, and the computer plays it from the player's
        seat if its result is not known."""
        if not self.on_table() or self.date is None or self.app.model.overlay == "start":
            return
        self.publish_figures()
        self.play_unknown(self.date, self.app.game.rules.name)

    def play_unknown(self, day: str, variant: str) -> None:
        """The computer plays a daily deal shown, unless its result is known."""
        if self.record().computer_result(day, variant) is None:
            self.play_computer(day, variant)

    def reset(self) -> None:
        """The statistics were erased: the daily results go with them."""
        self.keep(lambda record: DailyRecord())

    # ------------------------------------------------------------ commands
    def command(self, name: str, el: Control) -> bool:
        """The daily deal's commands (and undo and hint refused in it); True if handled."""
        app = self.app
        if name == "daily":
            variant = app.dom.attr(el, "data-variant")
            if app.dom.attr(el, "data-from") == "chooser":
                variant = app.dom.read_form("bz-daily").get("variant")
            self.ask(variant if variant in VARIANTS else app.game.rules.name)
        elif name == "daily-share":
            self.share()
        elif name == "close" and app.model.overlay == "daily":
            app.dispatch(ScreenClosed())
            self.on_view()
        elif name in ("undo", "hint") and self.on_table():
            key = "daily.no_undo" if name == "undo" else "daily.no_hint"
            app.set_notice((key, {}), error=True)
            app.render()
        else:
            return False
        return True

    def ask(self, variant: str) -> None:
        """Today's deal of a game: its result when played, else the game in progress, else
        dealt (after the question that a game in progress would be left)."""
        app = self.app
        today = self.today()
        self.after_action()  # a finished daily deal not kept yet (storage refused it)
        if self.record().result(today, variant) is not None:
            self.show(today, variant)
        elif self.on_table() and (self.date, app.game.rules.name) == (today, variant):
            app.command("continue", None)
        elif app.model.prefs.confirm_new_game and app.course.game_in_progress():
            app.dispatch(NewGameAsked({"daily": today, "variant": variant}, {}))
        else:
            self.begin(today, variant)

    def begin(self, day: str, variant: str) -> None:
        """Deal the day's deal of a game: the player's game from now on (the remembered
        new-game choices stay as they were)."""
        app = self.app
        game = daily_game(day, variant)
        seats = Seats.solo(game.rules.players, DAILY_SEAT)
        setup = prepared_setup(app.model.table.setup, variant, seats, level=LEVEL)
        app.pairing.close()  # a game here: this device leaves another's table
        self.date, self.game = day, game  # before the table makes its players
        app.dispatch(ShareDone(None))
        app.course.put_on_table(game, setup, seats)
        app.dispatch(DailyOnTable(self.table_deal()))
        app.dispatch(GameKept())
        app.dispatch(SetupKept({}))  # nothing remembered; the next start opens on Continue
        app.course.pass_for_human()
        app.save()
        self.on_view()
        app.render()
        app.focus_hand(0)
        app.turns.kick()

    def show(self, day: str, variant: str) -> None:
        """The daily screen of a deal played (its figures read, the computer's play of it
        started if its result is not known)."""
        self.app.dispatch(DailyShown(day, variant))
        self.publish_figures()
        self.play_unknown(day, variant)
        self.app.dispatch(ScreenOpened("daily"))

    def share(self) -> None:
        """The result shown (the daily screen's, else the summary's) as text, to the
        platform's share sheet or the clipboard; what became of it is said by the button."""
        app = self.app
        shown = app.model.daily.shown
        if app.model.overlay == "daily" and shown is not None:
            day, variant = shown
        elif self.active and self.date is not None:
            day, variant = self.date, app.game.rules.name
        else:
            return
        record = self.record()
        mine = record.result(day, variant)
        if mine is None:
            return
        text = daily_view.share_text(app.cat, mine, record.computer_result(day, variant))
        app.dispatch(ShareDone(None))

        def done(outcome: str) -> None:
            status = outcome if outcome in daily_view.SHARE_WORDS else "failed"
            app.dispatch(ShareDone(status, text if status == "failed" else None))

        app.dom.share(text, done)

    # ------------------------------------------------------------ the computer's deal
    def play_computer(self, day: str, variant: str) -> None:
        """Play the daily deal with the computer in the player's seat, in the background
        (one at a time: another day's or game's is dropped)."""
        running = self.background
        if running is not None and (running.date, running.variant) == (day, variant):
            return
        if not self.app.keeper.playing:
            return  # a tab that watches another play: that one plays it
        if running is not None:
            running.steps.close()
        self.background = Background(day, variant, computer_in_seat(day, variant))
        self.app.dispatch(DailyProgressed(DailyProgress(day, variant)))
        self.app.runtime.spawn(self.run_background(self.background))

    async def run_background(self, job: Background) -> None:
        """Slices of the computer's deal between the page's events; the table's own
        computer goes first (the background waits while it thinks)."""
        app = self.app
        shown = [-1]  # the progress last drawn, in REDRAW_STEPS

        def progress(share: float) -> None:
            step = int(share * REDRAW_STEPS)
            if step != shown[0]:  # the progress in steps, not at every slice
                shown[0] = step
                app.dispatch(DailyProgressed(DailyProgress(job.date, job.variant, share)))
                if self.progress_shown():
                    app.render()

        def done(result: DailyResult) -> None:
            self.background = None
            app.dispatch(DailyProgressed(None))
            self.keep(functools.partial(DailyRecord.with_computer, result=result))
            app.render()

        def failed(err: Exception) -> None:  # a bug: said in the console, the table plays on
            print(f"bezique: the computer's daily deal stopped: {err!r}")
            # (kept as the one under way: not started again and again)

        work = Work(job.steps, float, lambda: self.background is job and app.daily is self,
                    job.steps.close, progress, done, failed)
        await run_in_slices(work, Pace(ai_runner.SLICE_BUDGET, STEP_WAIT, IDLE_WAIT),
                            app.runtime, app.frames, lambda: app.model.table.busy)

    def progress_shown(self) -> bool:
        """The computer's progress is on the page (the summary or the daily screen)."""
        return self.app.model.overlay == "daily" or (
            self.on_table() and self.app.game.deal.is_terminal)


class DailyOpponent:
    """A daily deal's program at one seat: ``daily_opponent`` as it stands after that
    seat's moves so far in the deal, made afresh for each move, so that its play depends
    only on the cards and the moves (a reload or a move thought about and dropped changes
    nothing); after the daily deal, the strong level as usual."""

    name = LEVEL

    def __init__(self, daily: DailyDeal, seat: int) -> None:
        self.daily = daily
        self.seat = seat
        self.usual: Player = make_player(LEVEL)

    def decide(self, obs: Observation) -> Decision:
        daily = self.daily
        if not daily.on_table() or daily.date is None:
            return self.usual.decide(obs)
        game = daily.app.game
        player = daily_opponent(daily.date, game.rules.name, self.seat)
        player.slice_seconds = min(player.slice_seconds, BROWSER_SLICE)
        for _ in range(daily.moves.made(daily.date, game, self.seat)):
            player.rng.randrange(2**30)  # each decide() of its so far drew one seed
        return player.decide(obs)


class SeatMoves:
    """How many moves each seat has made so far in the daily deal on the table (the deal's
    history names no seats: it is replayed from the day's start). The replay is kept and
    carried on from where it stood, so a deal costs one replay, not one per move."""

    def __init__(self) -> None:
        self.key: tuple[str, str] = ("", "")
        self.replay: PlayableGame | None = None
        self.history: list[str] = []  # the moves replayed so far
        self.counts: dict[int, int] = {}

    def made(self, day: str, game: PlayableGame, seat: int) -> int:
        history = game.deal.history
        key = (day, game.rules.name)
        if (self.replay is None or key != self.key or len(history) < len(self.history)
                or history[:len(self.history)] != self.history):
            self.key, self.replay = key, daily_game(day, game.rules.name)
            self.history, self.counts = [], {}
        replay = self.replay
        for text in history[len(self.history):]:
            mover = replay.current_player
            if mover is not None:
                self.counts[mover] = self.counts.get(mover, 0) + 1
            replay.apply(Action.parse(text))
            self.history.append(text)
        return self.counts.get(seat, 0)
