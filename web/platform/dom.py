"""The browser side of the table: the page skeleton, patches, events, focus.

Only this module touches the page (via ``web.platform.page``); the controller calls it through
a few small methods, so the rest of the UI code runs under CPython too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from web.platform.js_types import JsObject
from web.platform.runtime import PageRuntime
from web.storage.json_data import as_object

SKELETON = (
    '<div id="bz" class="bz">'
    '<header id="bz-bar" class="bar"></header>'
    '<div id="bz-scores" class="scorebar"></div>'
    '<div id="bz-table" class="table" data-n="2">'
    '<div id="bz-opps" class="opps"></div>'
    '<div id="bz-centre" class="centre"></div>'
    '<div id="bz-me" class="mine"></div>'
    "</div>"
    '<div id="bz-prompt" class="prompt"></div>'
    '<div id="bz-notice"></div>'
    '<section id="bz-log" class="log"></section>'
    '<div id="bz-live" class="sr-only" aria-live="polite" aria-atomic="true"></div>'
    '<div id="bz-overlay" class="overlay" hidden></div>'
    "</div>"
)

# How long a card travels (a play, a draw, a trick swept to its winner), by the animation
# setting (web/state/settings.py); short, since a test or a quick player may wait for it to land.
TRAVEL_MS = {"off": 0, "fast": 220, "normal": 320, "slow": 400}

# Card-size factors tried in turn until the table fits the screen (web/app.css --fit).
FIT_STEPS = (1.0, 0.93, 0.86, 0.8, 0.74, 0.68, 0.62, 0.56)
FIT_TEXT = ",".join(str(step) for step in FIT_STEPS)

# The data-* attributes of the control an input came from (None: a command run from code).
Control = Mapping[str, object] | None
ClickHandler = Callable[[str | None, str | None, Control], None]
KeyHandler = Callable[[str, int | None], bool]
ChangeHandler = Callable[[str, str], None]


class Dom:
    """What the controller needs from a page (a recording fake in tests)."""

    def html_lang(self) -> str:
        return "en"

    def set_lang(self, lang: str, direction: str, title: str) -> None: ...

    def set_state(self, state: str) -> None: ...

    def restart(self) -> None:
        """The tests' restart of the app in a page that stays (App.restart)."""

    def set_title(self, title: str) -> None:
        """The document's title (the game at the table: "Turkish Bezik")."""

    def on_events(self, click: ClickHandler, key: KeyHandler, change: ChangeHandler) -> None: ...

    def patch_all(self, regions: dict[str, str], table_players: int, *, modal: bool = False,
                  keep_bar: bool = False) -> None:
        """The changed regions; ``modal``: the overlay shown is a modal screen (what it covers
        is inert), ``keep_bar``: but the header bar stays usable above it (the menu)."""

    def announce(self, text: str) -> None: ...

    def set_look(self, attrs: dict[str, str]) -> None:
        """Attributes on the table's root that choose its look (card style, back)."""

    def shake(self, action: str) -> None: ...

    def set_peer(self, role: str | None, state: str | None) -> None:
        """``<html data-peer data-peer-state>``: this device's part at a table of several
        devices (host or guest) and whether its links are up (web.link.pairing)."""

    def keep_start_screen(self, html: str) -> None:
        """The start screen the next start should open on, for the shell to draw at once
        (before Python is ready) on that start: index.html's warm start."""

    def attr(self, el: Control, name: str) -> str | None:
        return None

    def focus_first(self, selector: str) -> None: ...

    def focus_hand(self, index: int) -> None: ...

    def focus_is_in(self, selector: str) -> bool:
        return False

    def roving(self, index: int) -> None: ...

    def read_form(self, form_id: str) -> dict[str, str]:
        return {}

    def download(self, filename: str, text: str) -> None:
        """Offer ``text`` as a file download (records export)."""

    def format_time(self, ms: int, lang: str) -> str:
        """A moment as a short local date and time in the language (ISO-like here)."""
        import datetime

        moment = datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC)
        return moment.strftime("%Y-%m-%d %H:%M")

    def pick_file(self, on_text: Callable[[str], None]) -> None:
        """Open the file picker; ``on_text`` gets the chosen file's text."""

    def today(self) -> str:
        """The device's local date, YYYY-MM-DD: the daily deal's day."""
        import datetime

        return datetime.date.today().isoformat()

    def share(self, text: str, done: Callable[[str], None]) -> None:
        """Hand ``text`` to the platform's share sheet, else copy it; ``done`` is told
        ``shared``, ``copied``, ``cancelled`` or ``failed`` (here: nothing to share with)."""
        done("failed")


def _s(value: object) -> str | None:
    """An attribute value: a str or None."""
    return value if isinstance(value, str) else None


class BrowserDom(Dom):
    """The real page (``web.platform.page``: main thread or worker), through ``page.call``."""

    def __init__(self, runtime: PageRuntime) -> None:
        from web.platform import page

        self.runtime = runtime  # the page's loop: a file read, the settled call after a task
        self.page = page
        self.in_worker = page.in_worker()
        self.holding = False
        self.cache: dict[str, str] = {}
        self.motion = "normal"
        self.look: dict[str, str] = {}
        self.peer: tuple[str | None, str | None] = (None, None)
        self._proxies: list[JsObject] = []
        self.reduced_motion = bool(page.facts().get("reducedMotion"))
        page.call("mount", SKELETON)

    def restart(self) -> None:
        """The tests' restart (App.restart): what the page told at start is asked again."""
        self.page.facts.cache_clear()
        self.reduced_motion = bool(self.page.facts().get("reducedMotion"))

    @property
    def js(self) -> JsObject:
        return self.page.window()

    @property
    def doc(self) -> JsObject:
        return self.page.document()

    def html_lang(self) -> str:
        return str(self.page.facts().get("lang") or "en")

    def set_lang(self, lang: str, direction: str, title: str) -> None:
        self.page.set_html({"lang": lang, "dir": direction, "title": title})

    def set_state(self, state: str) -> None:
        self.page.set_html({"data-app-state": state})

    def set_title(self, title: str) -> None:
        self.page.set_html({"title": title})

    # ------------------------------------------------------------ events
    def on_events(self, click: ClickHandler, key: KeyHandler, change: ChangeHandler) -> None:
        """The shell's listeners hand Python plain values (index.html's ``listen``)."""
        from pyodide.ffi import create_proxy

        def settling(handler: Callable[..., None]) -> JsObject:
            def run(*args: object) -> None:
                try:
                    handler(*args)
                finally:
                    self.page.call("settled")

            proxy = create_proxy(run)
            self._proxies.append(proxy)
            return proxy

        def on_click(action: object, command: object, attrs: object) -> None:
            data = json.loads(str(attrs))
            click(_s(action), _s(command), data if isinstance(data, dict) else {})

        def on_key(key_name: object, index: object) -> None:
            position = int(index) if isinstance(index, int | float) and index >= 0 else None
            key(str(key_name), position)

        def on_change(name: object, value: object) -> None:
            change(str(name), str(value))

        self.page.call(
            "listen",
            settling(on_click),
            settling(on_key),
            settling(on_change),
            settling(lambda: self.fit()),
        )

    # ------------------------------------------------------------ patches
    def _hold_while_rendering(self) -> None:
        """In a worker the page could see half a render: pending until this step ends."""
        if self.holding or not self.in_worker:
            return
        self.page.call("busy")
        self.holding = True

        def release() -> None:
            self.holding = False
            self.page.call("settled")

        self.runtime.soon(release)

    def patch_all(self, regions: dict[str, str], table_players: int, *, modal: bool = False,
                  keep_bar: bool = False) -> None:
        """Send the changed regions in one call (index.html's ``__bzPatch``): the shell
        keeps the focus, slides the hand's cards, marks what a modal screen covers and
        fits the cards before the next frame."""
        self._hold_while_rendering()
        changed = {name: html for name, html in regions.items() if self.cache.get(name) != html}
        self.cache.update(changed)
        job = {
            "regions": changed,
            "players": table_players,
            "flip": not self.reduced_motion and self.motion != "off",
            "travel": 0 if self.reduced_motion else TRAVEL_MS.get(self.motion, TRAVEL_MS["normal"]),
            "fit": FIT_TEXT,
            "modal": modal,
            "keepBar": keep_bar,
        }
        self.page.call("patch", json.dumps(job))

    def fit(self) -> None:
        """Shrink the cards (--fit) until everything fits (in index.html: one call)."""
        self.page.call("fit", FIT_TEXT)

    def announce(self, text: str) -> None:
        self.page.call("announce", text)

    def keep_start_screen(self, html: str) -> None:
        self.page.call("keepStart", html)

    def set_look(self, attrs: dict[str, str]) -> None:
        changed = {name: value for name, value in attrs.items() if self.look.get(name) != value}
        if changed:  # only this method sets them: no need to ask
            self.page.call("look", json.dumps(changed))
            self.look.update(changed)
        self.motion = attrs.get("data-motion", self.motion)

    def shake(self, action: str) -> None:
        self.page.call("shake", action)

    def set_peer(self, role: str | None, state: str | None) -> None:
        if (role, state) != self.peer:
            self.peer = (role, state)
            self.page.set_html({"data-peer": role, "data-peer-state": state})

    def attr(self, el: Control, name: str) -> str | None:
        """A data-* attribute of the control an input came from (``el``: their dict)."""
        return _s(el.get(name)) if isinstance(el, Mapping) else None

    def focus_first(self, selector: str) -> None:
        self.page.call("focus", selector)

    def focus_is_in(self, selector: str) -> bool:
        """Whether keyboard focus is inside the first element matching selector."""
        return bool(self.page.call("focusIn", selector))

    def focus_hand(self, index: int) -> None:
        self.page.call("focusHand", index)

    def roving(self, index: int) -> None:
        self.page.call("roving", index)

    def read_form(self, form_id: str) -> dict[str, str]:
        fields = as_object(json.loads(str(self.page.call("form", form_id)))) or {}
        return {str(k): str(v) for k, v in fields.items()}

    def download(self, filename: str, text: str) -> None:
        from pyodide.ffi import create_once_callable

        from web.platform.page import js_object

        blob = self.js.Blob.new(self.js.Array.of(text), js_object({"type": "application/json"}))
        url = self.js.URL.createObjectURL(blob)
        link = self.doc.createElement("a")
        link.href = url
        link.download = filename
        link.hidden = True
        self.doc.body.appendChild(link)
        link.click()
        link.remove()
        self.js.setTimeout(create_once_callable(lambda: self.js.URL.revokeObjectURL(url)), 4000)

    def pick_file(self, on_text: Callable[[str], None]) -> None:
        from pyodide.ffi import create_once_callable

        picker = self.doc.createElement("input")
        picker.type = "file"
        picker.accept = ".json,application/json"
        picker.hidden = True
        self.doc.body.appendChild(picker)

        async def read() -> None:
            try:
                files = picker.files
                if files.length:
                    on_text(str(await files.item(0).text()))
            finally:
                picker.remove()

        def changed(_evt: JsObject) -> None:
            self.runtime.spawn(read())

        picker.addEventListener("change", create_once_callable(changed))
        picker.click()

    def today(self) -> str:
        """The page's local date (``?today=YYYY-MM-DD`` with ``?fast``: the tests' day)."""
        params = self.page.params()
        today = params.get("today")
        if "fast" in params and isinstance(today, str):
            return today
        return str(self.page.call("today"))

    def share(self, text: str, done: Callable[[str], None]) -> None:
        from pyodide.ffi import create_once_callable

        self.page.call("share", text, create_once_callable(lambda outcome: done(str(outcome))))

    def format_time(self, ms: int, lang: str) -> str:
        try:
            return str(self.page.call("time", ms, lang))
        except Exception:  # an engine without Intl options: the plain form
            return super().format_time(ms, lang)
