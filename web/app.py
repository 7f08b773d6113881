"""The table's composition root: one table in one page, made of its parts.

Each concern has its own module: the model and ``update`` (web.state.model), the effects
(web.table.effects), drawing (web.view.table_paint), the game's course
(web.table.table_game), the computer's turns (web.table.computer_turns), the start
(web.table.table_start), the commands (web.table.commands, where the page's events come
in, each handled as one event with one render), and the features. Here they are made and
handed this object, from which each reads only what its own protocol names.
"""

from __future__ import annotations

from engine.playable import PlayableGame
from engine.players import Player
from web.features.daily_deal import DailyDeal
from web.features.guide import Guide
from web.features.hints import Hints
from web.features.review_screen import ReviewScreen
from web.i18n.catalogs import load_catalog
from web.link.hosting import Transport
from web.link.pairing import Pairing
from web.platform.device import Device
from web.platform.dom import Control, Dom
from web.platform.install import DeviceControls
from web.platform.runtime import Frames, ManualRuntime, Runtime
from web.platform.tabs import Tabs
from web.records.records_screens import Records
from web.state.model import Model, Msg, Notice, NoticeSet, update
from web.state.table_state import ComputerStopped
from web.storage import KeyValue
from web.storage.keeper import Keeper
from web.table import flow
from web.table.commands import Commands
from web.table.computer_turns import ComputerTurns
from web.table.effects import carry_out
from web.table.table_game import TableGame
from web.table.table_start import open_table
from web.view.table_paint import TablePainter


class App:
    """One table in one page."""

    def __init__(
        self,
        dom: Dom,
        store: KeyValue,
        *,
        fast: bool = False,
        seed: int | None = None,
        tabs: Tabs | None = None,
        device: Device | None = None,
        launch: str | None = None,
        runtime: Runtime | None = None,
        transport: Transport | None = None,
    ) -> None:
        self.dom = dom
        # Tasks and timers (web.platform.runtime): the page's loop, else the tests' clock.
        self.runtime: Runtime = runtime or ManualRuntime()
        self.painter = TablePainter(self)  # the view, drawn once per event (web.view.table_paint)
        self.frames = Frames(self.paint)  # one render per event (web.platform.runtime)
        self.fixed_seed = seed  # tests: ?seed=N makes the deal and the AI repeatable
        self.store = store
        self.fast = fast
        self.lang = "en"
        self.cat = load_catalog("en")
        self.model = Model()  # the table's UI state (web.state.model), changed only by dispatch
        self._game: PlayableGame | None = None  # the game on the table (see ``game``)
        self.players: dict[int, Player] = {}
        self.auto_passes = flow.AutoPasses()  # passes made for a person: "nothing to declare"
        self.records = Records(self)
        self.device = DeviceControls(self, device or Device())
        self.launch = launch  # ?start=new | ?start=continue (shortcuts), or a tap the shell kept
        self.keeper = Keeper(self, tabs)  # saving, failed saves, the player tab
        self.commands = Commands(self)
        self.hints = Hints(self)
        self.pairing = Pairing(self, transport)  # other devices at this table (web.link.pairing)
        self.guide = Guide(self)  # the guided first deal (web.features.guide)
        self.daily = DailyDeal(self)  # the daily deal (web.features.daily_deal)
        self.review = ReviewScreen(self)  # the review after a deal (web.features.review_screen)
        self.course = TableGame(self)  # the game's course (web.table.table_game)
        self.turns = ComputerTurns(self)  # the computer's seats played (web.table.computer_turns)

    def dispatch(self, msg: Msg) -> None:
        """The one way the model changes: ``web.state.model.update``, then the effects it returns
        (``web.table.effects``), in order."""
        self.model, effects = update(self.model, msg)
        carry_out(self, effects)

    def start(self, listen: bool = True) -> None:
        """Open the table in one paint, whatever it draws (each paint costs a phone's worker
        its round trips to the page), then say the app is ready."""
        with self.frames.event():
            open_table(self, listen)
        self.dom.set_state("ready")
        self.focus_first("#bz-overlay .primary")

    def restart(self, seed: int | None) -> None:
        """Tests only (?fast): the app as a visit finds it, from what is stored now, without
        booting Python again. The same object starts afresh, keeping the commands the page's
        listeners are bound to; the computer's turns of before end at their next step."""
        generation = self.model.table.generation
        frames = self.frames  # the event under way (the restart's click) renders once
        commands = self.commands
        self.dom.restart()
        App.__init__(self, self.dom, self.store, fast=True, seed=seed, tabs=self.keeper.tabs,
                     device=self.device.device, runtime=self.runtime)
        frames.paint_with(self.paint)
        self.frames, self.commands = frames, commands
        self.dispatch(ComputerStopped(after=generation))
        self.start(listen=False)

    @property
    def game(self) -> PlayableGame:
        """The game on the table: one is dealt (or adopted from the save) when the page
        boots, before anything asks for it."""
        if self._game is None:
            raise RuntimeError("no game on the table yet")
        return self._game

    @game.setter
    def game(self, game: PlayableGame) -> None:
        self._game = game

    def save(self) -> None:
        self.keeper.save()

    def paint(self) -> None:
        """One render: first the model learns what only the engine's game tells (whether the
        deal shown can be reviewed), then the painter draws the model."""
        self.review.follow_table()
        self.painter.paint()

    def render(self) -> None:
        """Show the table as it is now: at the end of the event being handled (one render
        per event, however many features ask), or at once outside an event."""
        self.frames.request()

    def focus_first(self, selector: str) -> None:
        """Move the focus into what the event's render draws, once it is on the page."""
        self.frames.after(lambda: self.dom.focus_first(selector))

    def focus_hand(self, index: int | None = None) -> None:
        """Move the focus to a card of the hand (the one it was on), once it is drawn."""
        self.frames.after(lambda: self.dom.focus_hand(
            self.painter.hand_focus if index is None else index))

    def set_notice(self, text: Notice | None, error: bool = False) -> None:
        self.dispatch(NoticeSet(text, error))

    def command(self, name: str, el: Control) -> None:
        """Run a ``data-command`` (web.table.commands)."""
        self.commands.run(name, el)
