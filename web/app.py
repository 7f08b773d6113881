"""The table controller: state, events, the AI loop, saving.

It owns the Game, turns clicks and keys into engine actions, runs the AI in
cooperative slices and re-renders the regions of the table that changed.
The DOM is reached only through ``web.dom`` so this logic stays readable.

The state of the features moved to the one-way core lives in ``self.model``
(``web.model``): it changes only through ``dispatch``, which carries out the
effects ``update`` returns. The rest still lives in fields here, on its way there.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Awaitable, Mapping
from html import escape
from pathlib import Path
from typing import Any, TypeVar

import engine
from engine import IllegalActionError
from engine.log_events import LogEvent, PlayEvent, log_events
from engine.playable import PlayableGame
from engine.players import Player
from web import (
    card_html,
    events,
    flow,
    flowview,
    guideview,
    handover,
    i18n,
    menu,
    names,
    render,
    schema,
    screens,
    sound,
    storage,
)
from web import settings as prefs_store
from web.adapter import game_decided, observe
from web.ai_runner import drive
from web.callouts import TableCallouts
from web.commands import Commands
from web.computer import default_level, make_player
from web.daily_deal import DailyDeal
from web.dealing import deal_new_game
from web.device import Device
from web.dom import Control, Dom
from web.guide import Guide
from web.hints import Hints
from web.hosting import Transport
from web.install import DeviceControls
from web.joining import GUEST_KEY
from web.keeper import Keeper
from web.link.link_guest import GuestSession
from web.link.wire import Refusal
from web.model import (
    DraftDropped,
    Focus,
    FocusHand,
    HintSet,
    KeepStartScreen,
    Model,
    MoveMade,
    Msg,
    NoticeSet,
    Render,
    ResumePlay,
    SaveSettings,
    ScreenClosed,
    ScreenOpened,
    ScreenShown,
    SettingsLoaded,
    SetupKept,
    TableShown,
    update,
)
from web.pairing import Pairing
from web.records import Records
from web.review_screen import ReviewScreen
from web.runtime import Frames, ManualRuntime, PageRuntime, Runtime
from web.seat_frame import SeatFrame, seat_frame
from web.seat_place import seat_name
from web.seats import Seats, seat_label
from web.settings import Settings
from web.storage import KeyValue
from web.table_state import (
    ComputerFinished,
    ComputerStarted,
    ComputerStopped,
    DealStarted,
    DeviceCalled,
    GameDealt,
    GameKept,
    HandFocused,
    HandoverEnded,
    SaveAdopted,
    SetupChosen,
    ShelfCleared,
    TrickSettled,
    TrickSettling,
)
from web.tabs import Tabs
from web.view import TableView

T = TypeVar("T")
I18N_DIR = Path(__file__).resolve().parent / "i18n"
WORKER_SLICE = 0.05  # the AI's thinking between yields in a worker (web/ai_runner.py)


def load_catalog(lang: str) -> i18n.Catalog:
    """The catalog of a language with English as fallback (read from the mounted files)."""

    def read(code: str) -> str:
        try:
            return (I18N_DIR / f"{code}.json").read_text(encoding="utf-8")
        except OSError:
            return "{}"

    english = read("en")
    if lang == "en":
        return i18n.Catalog.from_json("en", english)
    return i18n.load_catalog(lang, read(lang), english)


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
        self.frames = Frames(self.paint)  # one render per event (web.runtime)
        self.fixed_seed = seed  # tests: ?seed=N makes the deal and the AI repeatable
        self.store = store
        self.fast = fast
        self.lang = "en"
        self.cat = load_catalog("en")
        self.model = Model()  # the state of the features moved to the one-way core
        self._game: PlayableGame | None = None  # the game on the table (see ``game``)
        self.players: dict[int, Player] = {}
        self.callouts = TableCallouts()  # what other seats scored, said at their seats
        self.auto_passes = flow.AutoPasses()  # passes made for a person: "nothing to declare"
        self.sound = sound.Sound() if sys.platform != "emscripten" else sound.WebAudio()
        self.announced = 0
        self.title_shown = ""  # the document's title as last set (the variant's name)
        self.view: TableView | None = None
        self.had_prompt = False
        self.last_log: list[flow.TableEvent] = []
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

    # The table's facts (web.table_state), as the model keeps them.
    @property
    def human(self) -> int:
        return self.model.table.human

    @property
    def handover(self) -> int | None:
        return self.model.table.handover

    @property
    def settings(self) -> dict[str, Any]:
        """This game's new-game choices (a copy: the model's change only by messages)."""
        return dict(self.model.table.setup)

    @property
    def seats(self) -> Seats:
        return self.model.table.seats

    @property
    def shelf(self) -> flow.TrickShelf:
        """The last finished trick: in the centre, aside, peeked at."""
        return self.model.table.shelf

    @property
    def busy(self) -> bool:
        """The computer is thinking (or about to): the person's input waits."""
        return self.model.table.busy

    @property
    def generation(self) -> int:
        return self.model.table.generation

    @property
    def deal_number(self) -> int:
        return self.model.table.deal_number

    @property
    def undo_used(self) -> bool:
        return self.model.table.undo_used

    @property
    def recorded(self) -> bool:
        return self.model.table.recorded

    @property
    def has_save(self) -> bool:
        return self.model.table.has_save

    @property
    def hand_focus(self) -> int:
        """The hand's card the keyboard is on (within the hand last shown)."""
        shown = len(self.view.hand) if self.view is not None else 0
        return max(0, min(self.model.table.hand_focus, shown - 1))

    @property
    def prefs(self) -> Settings:
        """The player's settings (web.settings), as the model keeps them."""
        return self.model.prefs

    @property
    def overlay(self) -> str | None:
        """The screen over the table (None: the table itself)."""
        return self.model.overlay

    @property
    def back(self) -> list[str]:
        """Screens to return to when the current one closes (a copy: see web.model)."""
        return list(self.model.back)

    @property
    def notice(self) -> tuple[str, Mapping[str, Any]] | None:
        """What the table tells under it, as data: (catalog key, its values)."""
        return self.model.notice

    @property
    def notice_error(self) -> bool:
        return self.model.notice_error

    @property
    def hint(self) -> tuple[str, str] | None:
        """The hint asked for: (action text, reason code); ("", "") while thinking."""
        return self.model.hint

    @property
    def log_open(self) -> bool:
        return self.model.log_open

    @property
    def pending_setup(self) -> dict[str, Any] | None:
        setup = self.model.pending_setup
        return None if setup is None else dict(setup)

    @property
    def dialog_draft(self) -> dict[str, str] | None:
        draft = self.model.dialog_draft
        return None if draft is None else dict(draft)

    # ------------------------------------------------------------ start
    def start(self, listen: bool = True) -> None:
        """Open the table in one paint, whatever it draws (each paint costs a phone's worker
        its round trips to the page), then say the app is ready."""
        with self.frames.event():
            self._open_table(listen)
        self.dom.set_state("ready")
        self.focus_first("#bz-overlay .primary")
        if sys.platform == "emscripten":  # in the browser (tests drive the AI themselves)
            self.runtime.spawn(prewarm(self.runtime))

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
        self.dispatch(SetupChosen(self.prefs.game_setup()))
        saved = schema.load(self.store, storage.SAVE_KEY)
        if saved.value is not None:
            self.adopt(saved.value)
            self.dispatch(GameKept())
        guest = schema.load(self.store, GUEST_KEY)  # a seat at another device's table
        # statistics, history, what others registered
        others = schema.load_all(
            self.store,
            checked=(storage.LANG_KEY, storage.SETTINGS_KEY, storage.SAVE_KEY, GUEST_KEY),
        )
        self.report_set_aside([saved.problem, settings.problem, lang.problem, guest.problem,
                               *others])
        if self._game is None:
            self.new_game(self.settings, save=False)  # the table behind the start screen
        self.make_players()
        self.announced = len(flow.table_log(self.game, self.observation_log()))
        self.dispatch(ScreenShown("start"))  # continue (with a save), new game, rules, settings
        if listen:
            self.dom.on_events(self.on_click, self.on_key, self.on_change)
            self.device.start()
        if self.launch == "new":
            self.command("new-game", None)
        elif self.launch == "continue" and self.has_save:
            self.command("continue", None)
        elif self.launch == "play" and not self.has_save:  # Play on the shell's kept screen
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
        generation = self.generation
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

    def stop_ai(self) -> None:
        """Drop the computer's turn being thought about: its loop ends at its next step, and
        the next kick starts afresh (a loop left marked busy would refuse it for good)."""
        self.dispatch(ComputerStopped())

    def adopt(self, save: dict[str, Any]) -> None:
        """Take a checked save (web.schema) as the game on the table."""
        self.stop_ai()
        self.game = save["game"]
        human = save.get("human", 0)
        self.dispatch(
            SaveAdopted(
                human=human,
                deal_number=save.get("deal_number", 1),
                undo_used=save.get("undo_used") is True,
                recorded=save.get("recorded") is True,
                setup=save.get("settings", {}),
                seats=saved_seats(save, self.game.rules.players, human),
            )
        )
        self.pass_device(fresh=True)
        self.daily.adopt(save.get("daily"))
        self.make_players()
        self.guide.adopt(save.get("guided"))
        self.dispatch(HintSet(None))
        self.dispatch(ScreenShown(None))
        if self.seats.devices():  # a table hosted here: its devices pair again
            self.pairing.resume_hosting(save.get("hosting"), self.game, self.settings,
                                        self.seats)

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
        self.title_shown = self.cat.t("app.title")
        if save:
            storage.set_text(self.store, storage.LANG_KEY, lang)

    # --------------------------------------------------------- new game
    def new_game(self, settings: dict[str, Any], save: bool = True) -> None:
        game, seats = deal_new_game(settings, self.fixed_seed)
        self.put_on_table(game, settings, seats)
        self.pass_device(fresh=True)
        if save:
            self.keep_new_game()

    def put_on_table(self, game: PlayableGame, setup: dict[str, Any], seats: Seats) -> None:
        """A new game on the table, shown from its start."""
        self.stop_ai()
        self.game = game
        self.dispatch(GameDealt(seats.first_person(), setup, seats))
        self.dispatch(ShelfCleared())
        self.dispatch(HintSet(None))
        self.dispatch(TableShown())
        self.announced = 0
        self.make_players()

    def keep_new_game(self) -> None:
        """The game just dealt becomes the player's: its setup remembered, saved from now on
        (the start screen's Play takes the game dealt behind it this way)."""
        self.dispatch(GameKept())
        self.dispatch(SetupKept(self.settings))
        self.pass_for_human()
        self.save()

    def make_players(self) -> None:
        n = self.game.rules.players
        level = self.settings.get("level") or default_level()
        base = self.fixed_seed
        self.players = {
            s: make_player(level, None if base is None else base * 7 + s)
            for s in range(n)
            if self.seats.is_computer(s)
        }
        self.players.update(self.daily.players())  # a daily deal's programs (web.daily_deal)

    def pass_device(self, fresh: bool = False) -> None:
        """Pass-and-play: call the next person to the device when it is their turn."""
        deal = self.game.deal
        nxt = handover.next_holder(
            self.seats,
            self.game.current_player,
            self.human,
            deal_over=deal.is_terminal,
            fresh=fresh,
        )
        if nxt is not None:
            self.dispatch(DeviceCalled(nxt))
        elif not self.seats.pass_and_play:
            self.dispatch(HandoverEnded())

    # --------------------------------------------------------------- save
    def save(self) -> None:
        self.keeper.save()

    def save_fields(self) -> dict[str, Any]:
        """What a save keeps besides the game (web.schema checks each when it is read)."""
        return {
            "human": self.human,
            "settings": self.settings,
            "deal_number": self.deal_number,
            "undo_used": self.undo_used,
            "recorded": self.recorded,
            "seats": self.seats.to_json(),
            "hosting": self.pairing.save_json(),  # other devices' seats (web.pairing)
            **self.guide.save_fields(),
            **self.daily.save_fields(),
        }

    # -------------------------------------------------------------- view
    def observation_log(self) -> list[LogEvent]:
        return log_events(self.game.deal.observation(self.human).log)

    def decided(self) -> bool:
        """The current game has a winner (bezik: the match may still go on)."""
        return game_decided(self.game)

    def who(self, seat: int) -> str:
        view = self.view
        if view is None:
            return str(seat)
        return seat_name(view.seats[seat], view, self.cat)

    def build(self) -> TableView:
        """The table now: the frame of the seat shown (from the engine here, or from the
        host at a guest's table), with this device's touches."""
        frame = self.pairing.guest_frame()
        if frame is None:
            frame = seat_frame(self.game, self.human, self.auto_passes.of(self.game),
                               self.deal_number)
        table_events = list(frame.events)
        self.last_log = table_events
        view = frame.view
        view.thinking = self.busy
        view.by_host = self.pairing.joining is not None
        view.deck_check = self.pairing.deck_check()
        if self.pairing.paused():  # a device is away: nobody moves until it is back
            view.legal, view.prompts = [], []
        view.hand = card_html.sort_hand(view.hand, self.prefs.hand_sort, view.trump)
        if view.seat_kinds is None and (self.seats.pass_and_play or self.seats.devices()):
            view.seat_kinds = self.seats.to_json()  # names that do not change with the device
        typed = names.for_seats(self.settings, self.seats)
        if any(typed):
            view.seat_names = typed
        if self.handover is not None:
            view = handover.conceal(view)
        self.view = view
        view.log = events.log_lines(
            self.cat, table_events, human=self.human, who=self.who, draws=self.handover is None
        )
        view.drawn, view.trick_fresh = flow.fresh_moves(table_events, self.human)
        if not any(isinstance(event, PlayEvent) for event in table_events):  # a new deal
            view.drawn = list(view.hand)  # dealt from the stock
        flow.dress_table(view, self.shelf, table_events, self.hint)
        self.guide.dress(view)
        self.daily.dress(view)
        return view

    def render(self) -> None:
        """Show the table as it is now: at the end of the event being handled (one render
        per event, however many features ask), or at once outside an event."""
        self.frames.request()

    def focus_first(self, selector: str) -> None:
        """Move the focus into what the event's render draws, once it is on the page."""
        self.frames.after(lambda: self.dom.focus_first(selector))

    def focus_hand(self, index: int | None = None) -> None:
        """Move the focus to a card of the hand (the one it was on), once it is drawn."""
        self.frames.after(lambda: self.dom.focus_hand(self.hand_focus if index is None else index))

    def paint(self) -> None:
        """Build the view, patch the regions that changed, say and play what is new."""
        view = self.build()
        callout_wait = self.callouts.dress(
            view,
            self.last_log,
            self.announced,  # moved on right after this render (announce)
            viewer=self.human,
            visible=self.handover is None and self.overlay is None and view.deal_summary is None,
            keep_own=bool(self.seats.pass_and_play),
            now=self.runtime.now(),
        )
        cat = self.cat
        n = view.num_players
        if self.hand_focus != self.model.table.hand_focus:  # the hand got shorter
            self.dispatch(HandFocused(self.hand_focus))
        regions = {
            "bz-bar": menu.render_bar(
                cat,
                hint_enabled=not self.busy and render.human_to_act(view)
                and self.pairing.joining is None,  # a guest's table holds no game to search
                menu_open=self.overlay == "menu",
                log_open=self.log_open,
                variant=view.variant,
                undo=self.records.undo_button(),
            ),
            "bz-scores": render.render_scores(view, cat),
            "bz-opps": render.render_opponents(view, cat),
            "bz-centre": render.render_centre(view, cat),
            "bz-me": render.render_hand(view, cat, self.hand_focus),
            "bz-prompt": guideview.render_bubble(view, cat) + flowview.render_prompt(view, cat),
            "bz-notice": ""
            if self.overlay == "start"
            else self.notice_html() + flowview.render_toast(view, cat),
            "bz-log": render.render_log(view, cat),
        }
        regions["bz-overlay"], modal = self.overlay_view(view)
        if self.overlay == "start" or "start" in self.back:  # no table (nor controls) behind it
            regions = {k: ("" if k != "bz-overlay" else v) for k, v in regions.items()}
        # the look first: the patch is then laid out once, with it (and slides as it says)
        self.dom.set_look(self.prefs.page_look(log_open=self.log_open))
        self.dom.patch_all(regions, table_players=n, modal=modal,
                           keep_bar=self.overlay == "menu")
        title = menu.title_of(cat, view.variant)
        if title != self.title_shown:
            self.title_shown = title
            self.dom.set_title(title)
        self.dom.set_peer(*self.pairing.peer())
        self.announce()
        # A keyboard player who just won a trick lands on the declare/pass choice.
        prompt = view.phase in ("declare", "answer") and view.current == self.human
        if prompt and not self.had_prompt and self.dom.focus_is_in("#bz-me"):
            self.dom.focus_first("#bz-prompt .btn")
        self.had_prompt = prompt
        # The timers this render asks for, once the page shows it.
        if view.trick_state == "done":
            self.settle_later(flow.tricks_done(self.last_log)[0])
        if callout_wait is not None:
            self.callouts_later(callout_wait)

    def callouts_later(self, seconds: float) -> None:
        """Render again once a shown call-out's time is up (one timer, the earliest)."""
        due = self.callouts.timer_wanted(seconds, self.runtime.now())
        if due is None:
            return

        async def later() -> None:
            await self.runtime.sleep(seconds)
            if self.callouts.timer_fired(due):
                self.render()

        self.runtime.spawn(later())

    def notice_html(self) -> str:
        if not self.keeper.playing:
            return self.keeper.banner_html()
        parts = []
        if self.notice:
            key, params = self.notice
            text = self.cat.error(params["rule"]) if key == "rule" else self.cat.t(key, **params)
            cls = "notice error" if self.notice_error else "notice"
            parts.append(f'<p class="{cls}" role="alert">{escape(text)}</p>')
        parts.append(self.hints.html())
        names = [] if self.view is None else list(self.view.seat_names or [])
        parts.append(self.pairing.banner_html(names))
        return "".join(parts)

    def overlay_view(self, view: TableView) -> tuple[str, bool]:
        """The overlay's HTML, and whether it is a modal screen (what it covers is inert):
        every screen is, but the summaries of a deal and a game, which leave the table in
        view and usable."""
        cat = self.cat
        if self.overlay == "start":
            return screens.render_start(
                cat,
                self.lang,
                can_continue=self.has_save,
                notice=self.notice_html(),
                variant=self.game.rules.name,
            ), True
        paired = self.pairing.overlay_html(view.seat_names or [])
        if paired is not None:
            return paired, True
        screen = {
            "menu": lambda: menu.render_menu(self, cat, self.lang),
            "dialog": lambda: screens.render_new_game(self, cat),
            "confirm": lambda: screens.render_confirm_new(cat),
            "settings": lambda: screens.render_settings(
                self.prefs, cat, self.lang, self.device.storage_html(cat)
            ),
            "rules": lambda: screens.render_rules(
                self.model.rules_variant or self.game.rules.name, cat
            ),
            "daily": self.daily.screen_html,
        }.get(self.overlay or "")
        if screen is not None:
            return screen(), True
        if self.handover is not None:
            return handover.render_screen(
                self.cat,
                seat_label(self.cat, self.seats, self.handover, view.seat_names or ()),
                handover.render_last_trick(view, self.cat),
            ), True
        records = self.review.overlay() or self.records.overlay()
        if records is not None:
            return records, True
        if self.overlay == "game" and self.decided():
            return render.render_game_summary(
                view,
                self.cat,
                self.records.sheet_html(),
                self.records.summary_actions(),
                self.records.change_html(),
            ), False
        if view.deal_summary is not None:
            return render.render_deal_summary(view, view.deal_summary, self.cat,
                                              self.review.button_html()), False
        return "", False

    def announce(self) -> None:
        """Say the new events in the live region, and play their sounds."""
        log = self.last_log
        if len(log) < self.announced:
            self.announced = 0
        start, self.announced = self.announced, len(log)
        said = events.announcement(
            self.cat, log, start, human=self.human, who=self.who, scores=self.game.scores()
        )
        if said:
            self.dom.announce(said)
        if start < len(log) and self.prefs.sound:
            self.sound.play(events.sounds_for(log[start:]))

    # ------------------------------------------------------------ actions
    def try_action(self, text: str) -> None:
        """A click on an action control: apply it or show why it is refused."""
        if self.pairing.guest_acts(text) or self.guide.refuses(text):
            return
        if self.busy or self.handover is not None or self.game.deal.current_player != self.human:
            self.set_notice(("error.rule.not_your_turn", {}), error=True)
            self.render()
            return
        try:
            self.apply(text)
        except IllegalActionError as err:
            self.set_notice(("rule", {"rule": err.rule}), error=True)
            self.dom.shake(text)
            self.render()
            return
        except Refusal as refusal:  # the table waits for another device
            self.set_notice((f"link.refused.{refusal.reason}", {}), error=True)
            self.render()
            return
        self.render()
        self.kick_ai()

    def set_notice(self, text: tuple[str, dict[str, Any]] | None, error: bool = False) -> None:
        self.dispatch(NoticeSet(text, error))

    def apply(self, action: engine.Action | str) -> None:
        """A move of a seat played here; at a hosted table it passes the host protocol,
        which tells the other devices (and refuses it while one of them is away)."""
        text = action if isinstance(action, str) else action.text()
        if not self.pairing.play(self.game.current_player, text):
            self.apply_here(text)

    def apply_here(self, action: str) -> None:
        """Carry out a checked move: the engine, the automatic passes, records, the save."""
        self.game.apply(engine.Action.parse(action))
        self.pass_for_human()
        self.records.after_action()
        self.dispatch(MoveMade())
        if self.game.deal.is_terminal:
            self.device.deal_finished()
        self.pass_device()
        self.save()

    def pass_for_human(self) -> None:
        """Automatic pass: a person won a trick and has nothing to declare."""
        if not self.prefs.auto_pass:
            return
        while (seat := self.game.current_player) is not None and self.seats.is_person(seat):
            if not flow.auto_pass_due(self.game, seat):
                return
            self.auto_passes.note(self.game)
            self.game.apply(engine.Action.parse("pass"))

    def settle_later(self, count: int) -> None:
        """Put the just-finished trick aside after a moment (it stays peekable)."""
        if self.shelf.settling == count:
            return
        self.dispatch(TrickSettling(count))
        gen = self.generation

        async def later() -> None:
            hold = flow.TRICK_HOLD_SECONDS * self.prefs.pause_scale()
            await self.runtime.sleep(0.25 if self.fast else hold)
            if gen == self.generation:
                self.dispatch(TrickSettled(count))
                self.render()

        self.runtime.spawn(later())

    def kick_ai(self) -> None:
        if self.busy or not self.keeper.playing or self.overlay == "start" or self.guide.holds():
            return
        seat = self.game.current_player
        if seat is None or not self.seats.is_computer(seat) or self.game.deal.is_terminal:
            return
        if not self.pairing.may_play():
            return
        # At once, not when the task first runs: a second kick before then (a double tap on
        # Continue) would start a second loop playing the same seat.
        self.dispatch(ComputerStarted())
        self.runtime.spawn(self.ai_loop())

    async def ai_loop(self) -> None:
        """The computer's turns, one after another, until a person is to move.

        Each step between two waits is one event (web.runtime.Frames): its move, the
        notices and sounds it sets off, and one render."""
        gen = self.generation
        self.dispatch(ComputerStarted())
        self.frames.begin()
        try:
            while gen == self.generation:
                game = self.game
                seat = game.current_player
                if seat is None or not self.seats.is_computer(seat) or game.deal.is_terminal:
                    break
                if not self.pairing.may_play() or self.guide.holds():
                    break
                self.render()
                completed = not game.deal.trick and bool(game.deal.last_trick)
                await self.between_events(self.runtime.sleep(self.pause(completed)))
                if gen != self.generation:
                    return
                if game is not self.game or game.current_player != seat:
                    continue  # the table moved meanwhile (undo, a take-over): look again
                obs = observe(game, seat)
                usual = self.players.get(seat) or make_player(default_level())
                player = self.guide.player(seat, usual)
                action = await self.between_events(drive(player.decide(obs)))
                if gen != self.generation or game is not self.game:
                    return
                if game.current_player != seat:
                    continue
                try:
                    self.apply(action)
                except IllegalActionError:  # a confused player: fall back to the first legal move
                    self.apply(game.legal_actions()[0])
            if gen == self.generation:  # a person's turn: the table shows no thinking
                self.dispatch(ComputerFinished(gen))
                self.render()
        finally:
            self.dispatch(ComputerFinished(gen))
            self.frames.end()

    async def between_events(self, waiting: Awaitable[T]) -> T:
        """Wait outside any event: the page's other events render while the task waits."""
        self.frames.end()
        try:
            return await waiting
        finally:
            self.frames.begin()

    def pause(self, after_trick: bool) -> float:
        if self.fast:
            return 0.02
        return (0.9 if after_trick else 0.45) * self.prefs.pause_scale()

    # ------------------------------------------------------------ commands
    def command(self, name: str, el: Control) -> None:
        """Run a ``data-command`` (web.commands)."""
        self.commands.run(name, el)

    def open_screen(self, name: str, focus: str = "") -> None:
        """Show a screen over the table; closing it returns to a start/new-game screen below."""
        self.dispatch(ScreenOpened(name, focus))

    def close_screen(self) -> None:
        self.dispatch(ScreenClosed())

    def game_in_progress(self) -> bool:
        """A started, undecided game the player would lose by starting another."""
        if not self.has_save or self.decided():
            return False
        return self.deal_number > 1 or bool(self.game.deal.history)

    def start_new_game(self, setup: dict[str, Any]) -> None:
        self.dispatch(DraftDropped())
        if self.guide.starts(setup) or self.daily.starts(setup):
            return
        if self.pairing.hosts(setup):
            return  # dealt once the other devices are paired (web.pairing)
        self.pairing.close()  # a game here: this device leaves a table it hosted or joined
        self.new_game(setup)
        self.render()
        self.focus_hand(0)
        self.kick_ai()

    def next_step(self) -> None:
        game = self.game
        if not game.deal.is_terminal:
            return
        if self.decided() and self.overlay != "game":
            self.dispatch(ScreenShown("game"))
            self.render()
            self.focus_first("#bz-overlay .primary, #bz-overlay button")
            return
        if game.is_terminal:
            return
        if self.pairing.deal_next():
            return  # dealt once every device has sent its share of the shuffle
        self.dispatch(ScreenShown(None))
        game.next_deal()
        self.deal_began()

    def frame_of_seat(self, game: PlayableGame, seat: int) -> SeatFrame:
        """The frame of any seat of a game hosted here (its guests' seats)."""
        return seat_frame(game, seat, self.auto_passes.of(game), self.deal_number)

    def adopt_hosted(self, game: PlayableGame, setup: dict[str, Any], seats: Seats) -> None:
        """The first deal of a table hosted here, dealt by the host protocol: the game on
        the table, kept and saved from now on like any other."""
        self.put_on_table(game, setup, seats)
        self.keep_new_game()
        self.render()
        self.focus_hand(0)
        self.kick_ai()

    def deal_began(self) -> None:
        """The table after the next deal was dealt (here, or by the host protocol)."""
        self.dispatch(DealStarted())
        self.dispatch(ShelfCleared())
        self.announced = 0
        self.pass_device(fresh=True)
        self.save()
        self.render()
        self.focus_hand()
        self.kick_ai()


AI_MODULES = (
    "engine.ai",
    "engine.ai.world",
    "engine.ai.policy",
    "engine.ai.solver",
    "engine.ai.search",
    "engine.ai.vido",
    "engine.ai.normal_level",
    "engine.ai.reasons",
    "engine.ai.strong_level",
    "engine.ai.levels",
    "engine.ai.review",
)


async def prewarm(runtime: Runtime) -> None:
    """Import the AI's modules one per slice while the player looks at the table.

    Compiling them on the AI's first move would be one long task of several
    hundred milliseconds in Pyodide.
    """
    import importlib

    for name in AI_MODULES:
        await runtime.sleep(0.05)
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def saved_seats(data: dict[str, Any], players: int, human: int) -> Seats:
    """A save's seat kinds; saves from before pass-and-play had one person."""
    if "seats" not in data:
        return Seats.solo(players, human)
    return Seats.from_json(data["seats"], players)


async def main() -> None:
    """PyScript entry: build the page skeleton, start the app."""
    from web import ai_runner, page
    from web.dom import BrowserDom
    from web.link_page import PageTransport
    from web.tabs import BrowserTabs

    page.report_boot()
    if page.in_worker():
        ai_runner.SLICE_BUDGET = WORKER_SLICE
    dom = BrowserDom()
    try:
        from web.device import BrowserDevice

        params = page.params()
        raw_seed = str(params.get("seed", ""))
        tabs = BrowserTabs()
        await tabs.claim()
        app = App(
            dom,
            page.PageStorage(),
            fast="fast" in params,
            seed=int(raw_seed) if raw_seed.isdigit() else None,
            device=BrowserDevice(),
            tabs=tabs,
            launch=params.get("start") or page.kept_tap() or None,
            runtime=PageRuntime(),
            transport=PageTransport(),
        )
        app.start()
        _APPS.append(app)
    except Exception:
        dom.set_state("error")
        raise


_APPS: list[App] = []
