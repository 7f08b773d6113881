"""The table's command dispatch: each ``data-command`` (docs/design.md) and page event.

The page's events come in here, each handled as one event of ``web.platform.runtime.Frames``
(one render at its end); the state they change is the model's, through messages. The
features' commands (records, the daily deal, the review, the device) go to them first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from web import i18n
from web.features.daily_deal import DailyDeal
from web.features.guide import Guide
from web.features.hints import Hints
from web.features.review_screen import ReviewScreen
from web.i18n.catalogs import use_language
from web.link.pairing import Pairing
from web.platform.dom import Control
from web.platform.install import DeviceControls
from web.platform.runtime import Frames
from web.records.records_screens import Records
from web.state import names
from web.state.model import (
    DraftChanged,
    DraftDropped,
    FreshScreen,
    LogToggled,
    MenuLeft,
    NewGameAsked,
    RulesVariantChosen,
    ScreenClosed,
    ScreenOpened,
    SettingChanged,
    TableShown,
)
from web.state.seats import SeatsError
from web.state.table_state import HandFocused, HandoverEnded, TrickPeeked
from web.storage.keeper import Keeper
from web.table import flow
from web.table.table_parts import TableBase
from web.view.screens import NEW_GAME_FOCUS, parse_settings
from web.view.table_paint import TablePainter

# The menu stays open for these (they act on the menu itself or only change its words).
MENU_KEEPS = ("menu", "language", "close")
# Arrow keys along the hand, before right-to-left languages mirror the horizontal ones.
HAND_STEPS = {"ArrowRight": 1, "ArrowLeft": -1, "ArrowDown": 1, "ArrowUp": -1}


class CommandTable(TableBase, Protocol):
    """What the commands read and change of their table (``web.app.App`` is one).

    Named here so that this module needs no import of the App that owns it.
    """

    lang: str
    cat: i18n.Catalog  # a change of language sets it
    painter: TablePainter
    keeper: Keeper
    records: Records
    review: ReviewScreen
    device: DeviceControls
    hints: Hints
    pairing: Pairing
    guide: Guide
    daily: DailyDeal
    fast: bool  # ?fast: the tests' quick pauses and their restart
    frames: Frames

    def restart(self, seed: int | None) -> None: ...


class Commands:
    """The commands of one App, by name."""

    def __init__(self, app: CommandTable) -> None:
        self.app = app
        self.table: dict[str, Callable[[Control], None]] = {
            "language": self.language,
            "ready": self.ready,
            "menu": self.menu,
            "new-game": lambda el: self.screen("new-game"),
            "rules": lambda el: self.screen("rules"),
            "settings": lambda el: self.screen("settings"),
            "continue": self.resume,
            "play": self.play,
            "close": lambda el: app.dispatch(ScreenClosed()),
            "start": self.start,
            "confirm-new": self.confirm_new,
            "stay": self.stay,
            "log": self.log,
            "next": lambda el: app.course.next_step(),
            "hint": self.hint,
            "last-trick": self.last_trick,
            "rematch": self.rematch,
            "test-restart": self.test_restart,
        }

    def run(self, name: str, el: Control) -> None:
        app = self.app
        if app.model.overlay == "menu" and name not in MENU_KEEPS:
            app.dispatch(MenuLeft())  # a menu entry was chosen
        if (app.daily.command(name, el) or app.review.command(name, el)
                or app.records.command(name, el)
                or app.device.command(name)
                or app.pairing.command(name, el) or app.guide.command(name, el)):
            return
        handler = self.table.get(name)
        if handler is not None:
            handler(el)

    # ------------------------------------------------------------ commands
    def test_restart(self, el: Control) -> None:
        """The end-to-end tests' reset (?fast only): a fresh start, data-seed its deals'."""
        app = self.app
        if app.fast:
            seed = app.dom.attr(el, "data-seed") or ""
            app.restart(int(seed) if seed.isdigit() else None)

    def language(self, el: Control) -> None:
        lang = self.app.dom.attr(el, "data-lang") or "en"
        if lang in i18n.LANGS:
            use_language(self.app, lang)
            self.app.render()

    def ready(self, el: Control) -> None:
        """Pass-and-play: the next person holds the device."""
        app = self.app
        app.dispatch(HandoverEnded())
        app.render()
        app.focus_hand()

    def menu(self, el: Control) -> None:
        if self.app.model.overlay == "menu":
            self.app.dispatch(ScreenClosed())
        else:
            self.app.dispatch(ScreenOpened("menu", "#bz-overlay .menu-list .btn"))

    def screen(self, name: str) -> None:
        app = self.app
        if name == "new-game":
            if app.model.notice and str(app.model.notice[0]).startswith("seats.error."):
                app.set_notice(None)  # a refused start of before: a fresh form has none
            app.dispatch(FreshScreen("dialog", NEW_GAME_FOCUS))
        else:
            app.dispatch(FreshScreen(name))

    def resume(self, el: Control) -> None:
        app = self.app
        app.dispatch(TableShown())
        app.pairing.show_codes_if_waiting()
        app.course.pass_for_human()
        app.daily.on_view()  # a daily deal on the table shows its result (the start left)
        app.render()
        app.focus_hand()
        app.turns.kick()

    def play(self, el: Control) -> None:
        """The start screen's quick start: the game already dealt behind it, with the
        remembered setup (one tap from the first screen to the cards)."""
        if not self.app.model.table.has_save:
            self.app.course.keep_new_game()
        self.resume(el)

    def start(self, el: Control) -> None:
        app = self.app
        try:
            setup = parse_settings(app.dom.read_form("bz-newgame"))
        except SeatsError as err:
            app.set_notice((err.code, {"count": names.MAX_NAME}), error=True)
            app.render()
            return
        if app.model.prefs.confirm_new_game and app.course.game_in_progress():
            app.dispatch(NewGameAsked(setup, app.dom.read_form("bz-newgame")))
            return
        app.course.start_new_game(setup)

    def confirm_new(self, el: Control) -> None:
        if self.app.model.pending_setup is not None:
            self.app.course.start_new_game(dict(self.app.model.pending_setup))

    def stay(self, el: Control) -> None:
        """Keep playing: back to the table, the new game's choices dropped."""
        self.app.dispatch(DraftDropped())
        self.resume(el)

    def hint(self, el: Control) -> None:
        # a guest's table holds no game to search; in a guided deal the move is shown
        if self.app.pairing.joining is None and self.app.guide.scripted() is None:
            self.app.runtime.spawn(self.app.hints.show())

    def log(self, el: Control) -> None:
        self.app.dispatch(LogToggled())

    def last_trick(self, el: Control) -> None:
        frame = self.app.model.table.frame
        self.app.dispatch(TrickPeeked(flow.tricks_done(frame.events if frame else ())[0]))
        self.app.render()

    def rematch(self, el: Control) -> None:
        app = self.app
        if app.pairing.rematch():
            return  # the same table and devices: dealt once every device sent its share
        app.course.new_game(dict(app.model.table.setup))
        app.render()
        app.turns.kick()

    # -------------------------------------------------------------- events
    # The page's events, each handled as one (web.platform.runtime.Frames): one render at its end.
    def on_click(self, action: str | None, command: str | None, el: Control) -> None:
        with self.app.frames.event():
            self.click(action, command, el)

    def on_key(self, key: str, index: int | None) -> bool:
        with self.app.frames.event():
            return self.key(key, index)

    def on_change(self, name: str, value: str) -> None:
        with self.app.frames.event():
            self.change(name, value)

    def click(self, action: str | None, command: str | None, el: Control) -> None:
        app = self.app
        app.painter.sound.unlock()  # browsers start audio only after a tap
        try:
            if not app.keeper.playing:  # another tab plays: watch, or take over
                if command == "take-over":
                    app.keeper.take_over()
                elif command == "language":
                    self.run(command, el)
                return
            if command:
                self.run(command, el)
            elif action:
                idx = app.dom.attr(el, "data-index")
                if idx is not None and idx != "":
                    app.dispatch(HandFocused(int(idx)))
                app.course.try_action(action)
        except Exception as exc:  # never leave the page dead on a bug: show it
            app.set_notice(("error.internal", {"detail": str(exc)}), error=True)
            app.render()
            raise

    def key(self, key: str, index: int | None) -> bool:
        """Arrow keys move along the hand (roving tabindex); True if handled."""
        app = self.app
        view = app.painter.view
        if index is None or view is None:
            return False
        count = len(view.hand)
        if count == 0:
            return False
        step = HAND_STEPS.get(key)
        if key == "Home":
            new = 0
        elif key == "End":
            new = count - 1
        elif step is not None:
            if i18n.direction(app.lang) == "rtl" and key in ("ArrowRight", "ArrowLeft"):
                step = -step
            new = (index + step) % count
        else:
            return False
        app.dispatch(HandFocused(new))
        app.dom.roving(new)
        return True

    def change(self, name: str, value: str) -> None:
        app = self.app
        if name == "rules-variant":
            app.dispatch(RulesVariantChosen(value))
        elif name.startswith("setting."):
            app.dispatch(SettingChanged(name[8:], value))
        if name == "variant":  # the form follows the game; names and seats typed stay
            draft = {**app.dom.read_form("bz-newgame"), "variant": value}
            app.dispatch(DraftChanged(draft, "#bz-overlay select", variant=value))
        if name == "players":  # the seat list follows the number of players
            players = '#bz-overlay input[name="opt.players"]:checked'
            app.dispatch(DraftChanged(app.dom.read_form("bz-newgame"), players))
