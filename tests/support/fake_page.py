"""The table's fake page (RecordingPage), the one app of its unit tests (new_app), and a
player for it (play_through): the first legal action on each turn.

The table's unit tests drive a whole deal or game through the App (clicks, the AI
loop, the summaries) rather than the engine, so the controller's flow is tested too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web.platform.dom import Dom
from web.platform.runtime import ManualRuntime


def play_through(
    app: Any, until: Callable[[], bool], *, limit: int = 60_000, past_the_end: bool = True
) -> None:
    """Play the first legal action for the person and step on after each deal until `until()`.

    `past_the_end`: at a finished game's last deal, also step on to the game summary.
    """

    for _ in range(limit):
        if until():
            return
        if app.game.deal.is_terminal:
            if past_the_end or not app.game.is_terminal:
                app.course.next_step()
        elif app.game.current_player == app.model.table.human and not app.model.table.busy:
            app.course.try_action(app.game.legal_actions()[0].text())
        computer_plays(app)


def manual(app: Any) -> ManualRuntime:
    """The app's runtime: the tests' synchronous one (web.platform.runtime.ManualRuntime)."""
    runtime = app.runtime
    assert isinstance(runtime, ManualRuntime)
    return runtime


def computer_plays(app: Any, *, start: bool = False, limit: int = 100_000) -> None:
    """Let the computer take its turns now: the tests' runtime runs what waits, its clock
    jumping to each, until no computer's turn is under way (timers due before fire too).

    ``start``: begin the computer's turn if none is under way (where the table itself
    would not, as under a screen), as the tests that drive the computer themselves do."""
    runtime = manual(app)
    if start and not app.model.table.busy:
        runtime.spawn(app.turns.loop())
    for _ in range(limit):
        if not app.model.table.busy or not runtime.step():
            break
    assert not app.model.table.busy, "the computer still thinks"


class RecordingPage(Dom):
    """A page that records what the App does to it: regions, state, live-region text."""

    def __init__(self, form: dict[str, str] | None = None) -> None:
        self.regions: dict[str, str] = {}
        self.state = ""
        self.title = ""
        self.said: list[str] = []
        self.look: dict[str, str] = {}
        self.form = form or {}  # what read_form() returns (the new-game screen's fields)
        self.downloads: list[tuple[str, str]] = []
        self.file_text: str | None = None  # what the file picker "chooses"
        self.start_screens: list[str] = []  # kept for the next start (the shell's warm start)
        self.cover = (False, False)  # the last patch's modal and keep_bar

    def patch_all(self, regions: dict[str, str], table_players: int, *, modal: bool = False,
                  keep_bar: bool = False) -> None:
        self.regions.update(regions)
        self.cover = (modal, keep_bar)  # what the overlay makes inert (the shell's job)

    def set_state(self, state: str) -> None:
        self.state = state

    def keep_start_screen(self, html: str) -> None:
        self.start_screens.append(html)

    def set_title(self, title: str) -> None:
        self.title = title

    def announce(self, text: str) -> None:
        self.said.append(text)

    def set_look(self, attrs: dict[str, str]) -> None:
        self.look.update(attrs)

    def read_form(self, form_id: str) -> dict[str, str]:
        return dict(self.form)

    def attr(self, el: Any, name: str) -> str | None:
        return el.get(name) if isinstance(el, dict) else None

    def download(self, filename: str, text: str) -> None:
        self.downloads.append((filename, text))

    def pick_file(self, on_text: Callable[[str], None]) -> None:
        if self.file_text is not None:
            on_text(self.file_text)

    def page(self) -> str:
        """Everything patched, as one string."""
        return "".join(self.regions.values())


def started_app(store: Any = None, form: dict[str, str] | None = None) -> tuple[Any, RecordingPage]:
    """An app started on a RecordingPage (its start screen), no game begun."""
    from web import storage
    from web.app import App

    dom = RecordingPage(form)
    app = App(dom, store if store is not None else storage.MemoryStorage(), fast=True, seed=5)
    app.start()
    return app, dom


def new_app(
    variant: str = "classic",
    seed: int = 5,
    options: dict[str, Any] | None = None,
    *,
    level: str = "greedy",
    store: Any = None,
    dealer: str | None = None,
) -> tuple[Any, RecordingPage]:
    """The one app of the table's unit tests: a new game on a RecordingPage, rendered."""
    from web import storage
    from web.app import App

    dom = RecordingPage()
    app = App(dom, store or storage.MemoryStorage(), fast=True, seed=seed)
    app.start()
    settings: dict[str, Any] = {"variant": variant, "options": options or {}, "level": level}
    if dealer is not None:
        settings["dealer"] = dealer
    app.course.new_game(settings)
    app.render()
    return app, dom
