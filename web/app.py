"""The table's composition root: one table in one page, made of its parts.

Each concern has its own module: the model and ``update`` (web.model), the effects
(web.effects), drawing (web.table_paint), the game's course (web.table_game), the
computer's turns (web.computer_turns), the start (web.table_start), and the features.
Here they are made and handed this object, from which each reads only what its own
protocol names; the page's events come in here, each handled as one (one render).
"""

from __future__ import annotations

from engine.playable import PlayableGame
from engine.players import Player
from web import flow
from web.catalogs import load_catalog
from web.commands import Commands
from web.computer_turns import ComputerTurns
from web.daily_deal import DailyDeal
from web.device import Device
from web.dom import Control, Dom
from web.effects import carry_out
from web.guide import Guide
from web.hints import Hints
from web.hosting import Transport
from web.install import DeviceControls
from web.keeper import Keeper
from web.model import Model, Msg, Notice, NoticeSet, update
from web.pairing import Pairing
from web.records import Records
from web.review_screen import ReviewScreen
from web.runtime import Frames, ManualRuntime, Runtime
from web.storage import KeyValue
from web.table_game import TableGame
from web.table_paint import TablePainter
from web.table_start import open_table
from web.table_state import ComputerStopped
from web.tabs import Tabs


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
        # Tasks and timers (web.runtime): the page's loop in the browser, else the tests'.
        self.runtime: Runtime = runtime or ManualRuntime()
        self.painter = TablePainter(self)  # the view, drawn once per event (web.table_paint)
        self.frames = Frames(self.painter.paint)  # one render per event (web.runtime)
        self.fixed_seed = seed  # tests: ?seed=N makes the deal and the AI repeatable
        self.store = store
        self.fast = fast
        self.lang = "en"
        self.cat = load_catalog("en")
        self.model = Model()  # the table's UI state (web.model), changed only by dispatch
        self._game: PlayableGame | None = None  # the game on the table (see ``game``)
        self.players: dict[int, Player] = {}
        self.auto_passes = flow.AutoPasses()  # passes made for a person: "nothing to declare"
        self.records = Records(self)
        self.device = DeviceControls(self, device or Device())
        self.launch = launch  # ?start=new | ?start=continue (shortcuts), or a tap the shell kept
        self.keeper = Keeper(self, tabs)  # saving, failed saves, the player tab
        self.commands = Commands(self)
        self.hints = Hints(self)
        self.pairing = Pairing(self, transport)  # other devices at this table (web.pairing)
        self.guide = Guide(self)  # the guided first deal (web.guide)
        self.daily = DailyDeal(self)  # the daily deal (web.daily_deal)
        self.review = ReviewScreen(self)  # the review after a deal (web.review_screen)
        self.course = TableGame(self)  # the game's course (web.table_game)
        self.turns = ComputerTurns(self)  # the computer's seats played (web.computer_turns)

    def dispatch(self, msg: Msg) -> None:
        """The one way the model changes: ``web.model.update``, then the effects it returns
        (``web.effects``), in order."""
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
        booting Python again. The same object starts afresh (the page's listeners, bound
        to it, stay); the computer's turns of before end at their next step."""
        generation = self.model.table.generation
        frames = self.frames  # the event under way (the restart's click) renders once
        self.dom.restart()
        App.__init__(self, self.dom, self.store, fast=True, seed=seed, tabs=self.keeper.tabs,
                     device=self.device.device, runtime=self.runtime)
        frames.paint_with(self.painter.paint)
        self.frames = frames
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
        """Run a ``data-command`` (web.commands)."""
        self.commands.run(name, el)
