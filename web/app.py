"""The table controller: state, events, the AI loop, saving.

It owns the Game, turns clicks and keys into engine actions, runs the AI in
cooperative slices and re-renders the regions of the table that changed.
The DOM is reached only through ``web.dom`` so this logic stays readable.

The state of the features moved to the one-way core lives in ``self.model``
(``web.model``): it changes only through ``dispatch``, which carries out the
effects ``update`` returns. The rest still lives in fields here, on its way there.
"""

from __future__ import annotations

from typing import Any, TypeVar

from engine.playable import PlayableGame
from engine.players import Player
from web import (
    flow,
    i18n,
    schema,
    screens,
    storage,
)
from web import settings as prefs_store
from web.catalogs import load_catalog
from web.commands import Commands
from web.computer_turns import ComputerTurns
from web.daily_deal import DailyDeal
from web.device import Device
from web.dom import Control, Dom
from web.guide import Guide
from web.hints import Hints
from web.hosting import Transport
from web.install import DeviceControls
from web.joining import GUEST, GUEST_KEY
from web.keeper import Keeper
from web.link.link_guest import GuestSession
from web.model import (
    Focus,
    FocusHand,
    KeepStartScreen,
    Model,
    Msg,
    NoticeSet,
    Render,
    ResumePlay,
    SaveSettings,
    ScreenClosed,
    ScreenOpened,
    ScreenShown,
    SettingsLoaded,
    update,
)
from web.pairing import Pairing
from web.records import Records
from web.review_screen import ReviewScreen
from web.runtime import Frames, ManualRuntime, Runtime
from web.seat_frame import SeatFrame
from web.seats import Seats
from web.settings import Settings
from web.storage import KeyValue
from web.table_game import TableGame
from web.table_paint import TablePainter
from web.table_state import (
    ComputerStopped,
    GameKept,
    SetupChosen,
)
from web.tabs import Tabs

T = TypeVar("T")


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
        self.model = Model()  # the state of the features moved to the one-way core
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

    # ------------------------------------------------------- the one-way core
    def dispatch(self, msg: Msg) -> None:
        """The one way the model changes: ``web.model.update``, then its effects in order
        (at most one render among them)."""
        self.model, effects = update(self.model, msg)
        for effect in effects:
            if isinstance(effect, SaveSettings):
                prefs_store.save(self.store, effect.prefs)
            elif isinstance(effect, Render):
                self.render()
            elif isinstance(effect, Focus):
                self.focus_first(effect.selector)
            elif isinstance(effect, FocusHand):
                self.focus_hand()
            elif isinstance(effect, ResumePlay):
                self.kick_ai()
            elif isinstance(effect, KeepStartScreen):
                start = screens.render_start(self.cat, self.lang, can_continue=True,
                                              variant=self.game.rules.name)
                self.dom.keep_start_screen(start)

    # What pairing still reads of the table as properties (web.pairing's PairingTable).
    @property
    def settings(self) -> dict[str, Any]:
        """This game's new-game choices (a copy: the model's change only by messages)."""
        return dict(self.model.table.setup)

    @property
    def seats(self) -> Seats:
        return self.model.table.seats

    @property
    def overlay(self) -> str | None:
        """The screen over the table (None: the table itself)."""
        return self.model.overlay

    # ------------------------------------------------------------ start
    def start(self, listen: bool = True) -> None:
        """Open the table in one paint, whatever it draws (each paint costs a phone's worker
        its round trips to the page), then say the app is ready."""
        with self.frames.event():
            self._open_table(listen)
        self.dom.set_state("ready")
        self.focus_first("#bz-overlay .primary")

    def _open_table(self, listen: bool) -> None:
        """What the start reads and draws: the stored state checked, the game kept or a
        fresh one behind the start screen, the start screen (or at once the table, for
        a kept tap or a shortcut)."""
        # Everything stored is checked (web.schema); what fails is set aside and told.
        lang = schema.load(self.store, storage.LANG_KEY)
        chosen = lang.value or self.dom.html_lang()
        self.set_language(chosen if chosen in i18n.LANGS else "en", save=False)
        settings = schema.load(self.store, storage.SETTINGS_KEY)
        # read once: from now on the model keeps them (each field exactly right)
        self.dispatch(SettingsLoaded(Settings.from_data(settings.value or {})))
        self.dispatch(SetupChosen(self.model.prefs.game_setup()))
        saved = schema.load(self.store, schema.SAVE)
        if saved.value is not None:
            self.course.adopt(saved.value)
            self.dispatch(GameKept())
        guest = schema.load(self.store, GUEST)  # a seat at another device's table
        # statistics, history, what others registered
        others = schema.load_all(
            self.store,
            checked=(storage.LANG_KEY, storage.SETTINGS_KEY, storage.SAVE_KEY, GUEST_KEY),
        )
        self.report_set_aside([saved.problem, settings.problem, lang.problem, guest.problem,
                               *others])
        if self._game is None:
            self.course.new_game(self.settings, save=False)  # the table behind the start screen
        self.course.make_players()
        self.painter.announced_all()
        self.dispatch(ScreenShown("start"))  # continue (with a save), new game, rules, settings
        if listen:
            self.dom.on_events(self.on_click, self.on_key, self.on_change)
            self.device.start()
        if self.launch == "new":
            self.command("new-game", None)
        elif self.launch == "continue" and self.model.table.has_save:
            self.command("continue", None)
        elif self.launch == "play" and not self.model.table.has_save:  # the shell kept a Play
            self.command("play", None)
        elif guest.value is not None:
            self.pairing.join(GuestSession.from_json(guest.value))
        self.render()

    # ------------------------------------------------------------ events
    # The page's events, each handled as one (web.runtime.Frames): one render at its end.
    def on_click(self, action: str | None, command: str | None, el: Control) -> None:
        with self.frames.event():
            self.commands.on_click(action, command, el)

    def on_key(self, key: str, index: int | None) -> bool:
        with self.frames.event():
            return self.commands.on_key(key, index)

    def on_change(self, name: str, value: str) -> None:
        with self.frames.event():
            self.commands.on_change(name, value)

    def restart(self, seed: int | None) -> None:
        """Tests only (?fast): the app as a visit finds it, from what is stored now, without
        booting Python again (the end-to-end tests' reset between tests of one page).

        The same object starts afresh, so the page's listeners (bound to it) stay; the
        computer's turns and timers of before end at their next step (a new generation).
        """
        generation = self.model.table.generation
        frames = self.frames  # the event under way (the restart's click) renders once
        self.dom.restart()
        App.__init__(
            self,
            self.dom,
            self.store,
            fast=True,
            seed=seed,
            tabs=self.keeper.tabs,
            device=self.device.device,
            runtime=self.runtime,
        )
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

    def report_set_aside(self, problems: list[schema.Problem | None]) -> None:
        """Tell the player about stored data that was set aside (the first one matters)."""
        found = [p for p in problems if p is not None]
        for problem in found:
            print(f"bezique: {problem.key} set aside as {problem.where!r}: {problem.why}")
        if found:
            self.set_notice((found[0].notice, {"where": found[0].where}), error=True)

    # --------------------------------------------------------- language
    def set_language(self, lang: str, save: bool = True) -> None:
        self.lang = lang
        self.cat = load_catalog(lang)
        self.dom.set_lang(lang, i18n.direction(lang), self.cat.t("app.title"))
        self.painter.title_shown = self.cat.t("app.title")
        if save:
            storage.set_text(self.store, storage.LANG_KEY, lang)

    # --------------------------------------------------------- new game
    # --------------------------------------------------------------- save
    def save(self) -> None:
        self.keeper.save()

    # -------------------------------------------------------------- view

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

    # ------------------------------------------------------------ actions
    def set_notice(self, text: tuple[str, dict[str, Any]] | None, error: bool = False) -> None:
        self.dispatch(NoticeSet(text, error))

    def kick_ai(self) -> None:
        self.turns.kick()

    # ------------------------------------------------------------ commands
    def command(self, name: str, el: Control) -> None:
        """Run a ``data-command`` (web.commands)."""
        self.commands.run(name, el)

    def open_screen(self, name: str, focus: str = "") -> None:
        """Show a screen over the table; closing it returns to a start/new-game screen below."""
        self.dispatch(ScreenOpened(name, focus))

    def close_screen(self) -> None:
        self.dispatch(ScreenClosed())

    # ------------------------------------------------ the game's course (web.table_game)

    def make_players(self) -> None:
        self.course.make_players()

    def apply_here(self, action: str) -> None:
        self.course.apply_here(action)

    def frame_of_seat(self, game: PlayableGame, seat: int) -> SeatFrame:
        return self.course.frame_of_seat(game, seat)

    def adopt_hosted(self, game: PlayableGame, setup: dict[str, Any], seats: Seats) -> None:
        self.course.adopt_hosted(game, setup, seats)

    def deal_began(self) -> None:
        self.course.deal_began()
