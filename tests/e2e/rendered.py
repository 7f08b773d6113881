"""The table as the real app draws it, rendered by CPython and shown in one Chromium page.

Why: checking the layout at every step of whole deals through the booted app cost minutes
(a round trip and the AI's pause per move). Here CPython runs the real App with a page that
records every call the app makes to the shell (`__bzCall`: mount, patch, html, look, fit),
step by step; the browser loads the real shell and CSS (dist/index.html, Python left out)
and replays the calls, so each step is drawn by the same code as in the app, in a second.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fake_page import computer_plays, play_through
from playwright.sync_api import BrowserContext, Page, Route
from threads import in_thread

from web import storage
from web.app import App
from web.i18n.catalogs import use_language
from web.platform.dom import FIT_TEXT, BrowserDom
from web.state.table_state import TrickSettled

DRAWING = ("mount", "patch", "html", "look", "fit")
# Where the app puts the focus: the browser scrolls a focused card into view (a table taller
# than a phone's screen scrolls to the hand).
FOCUS = ("focus", "focusHand", "roving")


class RecordingShell:
    """Stands for web/platform/page.py: keeps each shell call the app makes, as plain values."""

    def __init__(self, kept: tuple[str, ...] = DRAWING) -> None:
        self.calls: list[list[Any]] = []
        self.kept = kept

    def call(self, name: str, *args: Any) -> Any:
        if name in self.kept:
            self.calls.append([name, *args])
        return None

    def set_html(self, attrs: dict[str, str | None]) -> None:
        self.call("html", json.dumps(attrs))

    def facts(self) -> dict[str, Any]:
        return {"lang": "en", "reducedMotion": True, "params": self.params()}

    def params(self) -> dict[str, str]:
        return {}

    def in_worker(self) -> bool:
        return False

    def taken(self) -> list[list[Any]]:
        """The calls since the last time, and forget them."""
        calls, self.calls = self.calls, []
        return calls


class ReplayDom(BrowserDom):
    """The app's real page code (web/platform/dom.py) over a RecordingShell."""

    def __init__(self, shell: RecordingShell) -> None:
        from web.platform.dom import SKELETON

        self.page = shell  # type: ignore[assignment]
        self.in_worker = False
        self.holding = False
        self.cache: dict[str, str] = {}
        self.motion = "off"
        self.look: dict[str, str] = {}
        self.peer: tuple[str | None, str | None] = (None, None)
        self._proxies: list[Any] = []
        self.reduced_motion = True
        shell.call("mount", SKELETON)

    def on_events(self, click: Any, key: Any, change: Any) -> None:
        """No listeners: the replayed page is looked at, not played."""

    def html_lang(self) -> str:
        return "en"


@dataclass
class Frame:
    """One moment of a deal: the shell calls that drew it since the frame before."""

    where: str
    calls: list[list[Any]]
    step: int
    last: bool = False


@dataclass
class Deal:
    variant: str
    frames: list[Frame] = field(default_factory=list)


def record_deal(variant: str, seed: int, langs: tuple[str, ...], every: int = 6) -> Deal:
    """A whole deal played in CPython by the person (declaring when it can) against the
    easy AI; the language changes every `every` steps. A frame per decision, then the deal's
    summary in each language."""

    def run() -> Deal:
        shell = RecordingShell()
        app = App(ReplayDom(shell), storage.MemoryStorage(), fast=True, seed=seed)
        app.start()
        setup = {"variant": variant, "options": {}, "level": "easy", "dealer": "random"}
        app.course.new_game(setup)
        app.render()
        out = Deal(variant)

        async def go() -> None:
            step = 0
            while not app.game.deal.is_terminal:
                computer_plays(app)  # the tests' runtime: the computer's turns, now
                if app.game.deal.is_terminal:
                    return
                assert app.game.current_player == app.model.table.human
                if step % every == 0:
                    use_language(app, langs[step // every % len(langs)], save=False)
                app.render()
                out.frames.append(Frame(f"{variant} step {step} {app.lang}", shell.taken(), step))
                legal = [a.text() for a in app.game.legal_actions()]
                pick = next((a for a in legal if a.startswith(("declare", "seven"))), legal[0])
                app.course.try_action(pick)
                step += 1
                assert step < 200, "the deal does not end"
                await asyncio.sleep(0)

        asyncio.run(go())
        for lang in langs:
            use_language(app, lang, save=False)
            app.render()
            out.frames.append(Frame(f"{variant} summary {lang}", shell.taken(), -1, last=True))
        return out

    return in_thread(run)


def record_screens(langs: tuple[str, ...], screens: tuple[str, ...]) -> list[Frame]:
    """A first game's table with each screen opened over it, in each language: a frame per
    screen opened (step 1) and per screen closed (step 0), commands as the buttons give
    them (settings and rules through the menu; the log's button opens and closes it)."""

    def run() -> list[Frame]:
        shell = RecordingShell(DRAWING + FOCUS)
        app = App(ReplayDom(shell), storage.MemoryStorage(), fast=True, seed=7)

        async def go() -> list[Frame]:
            app.start()
            app.command("play", None)  # the start screen's quick start: the table
            frames = [Frame("table", shell.taken(), 0)]
            for lang in langs:
                use_language(app, lang, save=False)
                app.render()
                frames.append(Frame(f"table/{lang}", shell.taken(), 0))
                for screen in screens:
                    through_menu = screen in ("settings", "rules")
                    for command in ["menu", screen] if through_menu else [screen]:
                        app.command(command, None)
                    frames.append(Frame(f"{screen}/{lang}", shell.taken(), 1))
                    app.command("log" if screen == "log" else "close", None)
                    frames.append(Frame(f"{screen}/{lang} closed", shell.taken(), 0))
            return frames

        return asyncio.run(go())

    return in_thread(run)


def record_tables(langs: tuple[str, ...], variants: tuple[str, ...], seed: int = 9,
                  settings: dict[str, str] | None = None) -> list[Frame]:
    """A new game of each variant in each language, as the app opens it: a frame per table.
    `settings` are stored before the app starts (as a player's earlier choices are)."""

    def run() -> list[Frame]:
        shell = RecordingShell()
        store = storage.MemoryStorage()
        if settings:
            store.setItem(storage.SETTINGS_KEY, json.dumps(settings))
        app = App(ReplayDom(shell), store, fast=True, seed=seed)
        app.start()
        frames = []
        for lang in langs:
            use_language(app, lang, save=False)
            for variant in variants:
                app.course.new_game({"variant": variant, "options": {}, "level": "easy",
                              "dealer": "random"})
                app.render()
                frames.append(Frame(f"{variant}/{lang}", shell.taken(), 0))
        return frames

    return in_thread(run)


def record_positions(saves: list[str]) -> list[list[list[Any]]]:
    """The app showing each save in turn, the first continued from the start screen and the
    others taken the way a player's tab takes a save another tab posts (web/storage/keeper.py's
    follow), each once its last trick went aside: the shell calls that drew each position
    and put the focus in it, to replay in order."""

    def run() -> list[list[list[Any]]]:
        shell = RecordingShell(DRAWING + FOCUS)
        store = storage.MemoryStorage()
        store.setItem(storage.SAVE_KEY, saves[0])
        app = App(ReplayDom(shell), store, fast=True)

        async def go() -> list[list[list[Any]]]:
            app.start()
            app.command("continue", None)
            app.render()
            settle()
            drawn = [shell.taken()]
            for save in saves[1:]:
                app.keeper.follow(save)
                settle()
                drawn.append(shell.taken())
            return drawn

        def settle() -> None:
            """What the app's timer does a moment after a trick ends (ComputerTurns.settle_later):
            the trick goes aside, and the position stays so while the person decides."""
            if app.model.table.shelf.settling > app.model.table.shelf.settled:
                app.dispatch(TrickSettled(app.model.table.shelf.settling))
                app.render()

        return asyncio.run(go())

    return in_thread(run)


def game_over(app: App) -> Callable[[], bool]:
    """Whether the app shows a finished game's summary."""
    return lambda: app.game.is_terminal and app.model.overlay == "game"


def record_records_screens(saves: list[str], langs: tuple[str, ...],
                           screens: tuple[str, ...]) -> list[Frame]:
    """Games played to their end from each save in turn, by the same app (so history and the
    statistics fill as a player's do; the last one's game summary stays open), then in each
    language each records screen opened from it: a frame per screen opened (step 1), the
    replay one step on, and one per screen closed back to the summary (step 0)."""

    def run() -> list[Frame]:
        shell = RecordingShell(DRAWING + FOCUS)
        store = storage.MemoryStorage()
        for save in saves:  # a start of the app per game, as a reload into another save
            store.setItem(storage.SAVE_KEY, save)
            app = App(ReplayDom(shell), store, fast=True, seed=7)
            app.start()
            app.command("continue", None)
            play_through(app, game_over(app))
        frames = [Frame("summary", shell.taken(), 0)]
        for lang in langs:
            use_language(app, lang, save=False)
            app.render()
            frames.append(Frame(f"summary/{lang}", shell.taken(), 1))
            for screen in screens:
                if screen == "replay":
                    app.command("history", None)
                    app.command("history-open", {"data-index": "1"})
                    app.command("replay-forward", None)
                else:
                    app.command(screen, None)
                frames.append(Frame(f"{screen}/{lang}", shell.taken(), 1))
                if screen == "replay":
                    app.command("close", None)  # back to the list
                app.command("close", None)
                frames.append(Frame(f"{screen}/{lang} closed", shell.taken(), 0))
        return frames

    return in_thread(run)


NO_PYTHON = "export {};"  # PyScript's core module, replaced: the shell stays, Python never boots


def open_shell(context: BrowserContext, url: str) -> Page:
    """A page of the real shell and CSS with no Python: the app's calls are replayed into it."""

    def stub(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body=NO_PYTHON)

    page = context.new_page()
    page.route("**/runtime/pyscript/core.js", stub)
    page.emulate_media(reduced_motion="reduce")
    page.goto(url)
    page.wait_for_function("typeof window.__bzCall === 'function'")
    # What Python does on a resize (web/platform/dom.py's listener): fit the cards, then tell the
    # shell the resize is handled (it counts it in html[data-pending] until then).
    page.evaluate(
        """fit => addEventListener("resize", () => {
             window.__bzCall("fit", fit);
             window.__bzSettled();
           })""",
        FIT_TEXT,
    )
    return page


def replay(page: Page, calls: list[list[Any]]) -> None:
    """The app's shell calls, in order, as Python would have made them."""
    page.evaluate("calls => { for (const c of calls) window.__bzCall(...c); }", calls)

