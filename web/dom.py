"""The browser side of the table: the page skeleton, patches, events, focus.

Only this module touches the page (via ``web.page``); the controller calls it through
a few small methods, so the rest of the UI code runs under CPython too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

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

# Card-size factors tried in turn until the table fits the screen (web/app.css --fit).
FIT_STEPS = (1.0, 0.93, 0.86, 0.8, 0.74, 0.68, 0.62, 0.56)
FIT_TEXT = ",".join(str(step) for step in FIT_STEPS)

ClickHandler = Callable[[str | None, str | None, Any], None]
KeyHandler = Callable[[str, int | None], bool]
ChangeHandler = Callable[[str, str], None]


class Dom:
    """What the controller needs from a page (a recording fake in tests)."""

    def html_lang(self) -> str:
        return "en"

    def set_lang(self, lang: str, direction: str, title: str) -> None: ...

    def set_state(self, state: str) -> None: ...

    def on_events(self, click: ClickHandler, key: KeyHandler, change: ChangeHandler) -> None: ...

    def patch_all(self, regions: dict[str, str], table_players: int) -> None: ...

    def announce(self, text: str) -> None: ...

    def set_look(self, attrs: dict[str, str]) -> None:
        """Attributes on the table's root that choose its look (card style, back)."""

    def shake(self, action: str) -> None: ...

    def attr(self, el: Any, name: str) -> str | None:
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


_JSNULL: Any = object()


def _n(value: Any) -> Any:
    """JS null arrives as Pyodide's ``jsnull`` (not None): make both None."""
    return None if value is None or value is _JSNULL else value


def _s(value: Any) -> str | None:
    """An attribute value: a str or None."""
    return value if isinstance(value, str) else None


def _css_string(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


class BrowserDom(Dom):
    """The real page (``web.page``: main thread or worker)."""

    def __init__(self) -> None:
        global _JSNULL
        from pyodide.ffi import create_proxy

        from web import page

        try:
            from pyodide.ffi import jsnull

            _JSNULL = jsnull
        except ImportError:  # older Pyodide: null is None
            pass

        self.js = page.window()
        self.in_worker = page.in_worker()
        self.holding = False
        self.create_proxy = create_proxy
        self.doc = self.js.document
        host = _n(self.doc.getElementById("app")) or self.doc.body
        host.innerHTML = SKELETON
        self.root = self.doc.getElementById("bz")
        self.cache: dict[str, str] = {}
        self.motion = "normal"
        self.nodes: dict[str, Any] = {}
        self.look: dict[str, str] = {}
        self._proxies: list[Any] = []
        query = self.js.matchMedia("(prefers-reduced-motion: reduce)")
        self.reduced_motion = bool(query.matches)
        if _n(self.doc.querySelector('link[href$="app.css"]')) is None:
            link = self.doc.createElement("link")
            link.rel = "stylesheet"
            link.href = "web/app.css"
            self.doc.head.appendChild(link)

    def node(self, region: str) -> Any:
        el = self.nodes.get(region)
        if el is None:
            el = self.doc.getElementById(region)
            self.nodes[region] = el
        return el

    def html_lang(self) -> str:
        return str(self.doc.documentElement.lang or "en")

    def set_lang(self, lang: str, direction: str, title: str) -> None:
        html = self.doc.documentElement
        html.setAttribute("lang", lang)
        html.setAttribute("dir", direction)
        self.doc.title = title

    def set_state(self, state: str) -> None:
        if state == "ready":
            # Lay the table out now, inside the boot's work: "ready" then means laid out, and
            # the first layout is not a long task after the player can touch the cards.
            _ = self.doc.documentElement.offsetHeight
        self.doc.documentElement.setAttribute("data-app-state", state)

    # ------------------------------------------------------------ events
    def on_events(self, click: ClickHandler, key: KeyHandler, change: ChangeHandler) -> None:
        def on_click(evt: Any) -> None:
            target = evt.target
            if not hasattr(target, "closest"):
                return
            el = _n(target.closest("[data-action],[data-command]"))
            if el is None and _s(getattr(target, "id", None)) == "bz-overlay":
                # a tap beside a closable screen closes it
                el = _n(target.querySelector(':scope > .dialog [data-command="close"]'))
            if el is None or not self.root.contains(el):
                return
            click(_s(el.getAttribute("data-action")), _s(el.getAttribute("data-command")), el)

        def on_key(evt: Any) -> None:
            target = evt.target
            key_name = str(evt.key)
            if key_name == "Escape":
                close = _n(self.doc.querySelector('#bz-overlay .dialog [data-command="close"]'))
                if close is None and self.root.getAttribute("data-log") == "open":
                    close = _n(self.doc.querySelector('#bz-log [data-command="log"]'))
                if close is not None:
                    close.click()
                    return
            cls = _n(getattr(target, "classList", None))
            if cls is None or not cls.contains("hcard"):
                return
            raw = _s(target.getAttribute("data-index"))
            index = int(raw) if raw else None
            key(key_name, index)  # index.html's shell refused the key's default already

        def on_change(evt: Any) -> None:
            target = evt.target
            name = (
                _s(target.getAttribute("data-change")) if hasattr(target, "getAttribute") else None
            )
            if name:
                value = str(target.value)
                if str(target.type) == "checkbox":
                    value = "true" if target.checked else "false"
                change(str(name), value)

        def settling(handler: Callable[[Any], None]) -> Callable[[Any], None]:

            def run(evt: Any) -> None:
                try:
                    handler(evt)
                finally:  # (`self.js.__bzSettled` would be name-mangled)
                    getattr(self.js, "__bzSettled")()

            return run

        for kind, fn in (("click", on_click), ("keydown", on_key), ("change", on_change)):
            proxy = self.create_proxy(settling(fn))
            self._proxies.append(proxy)
            self.root.addEventListener(kind, proxy)
        resize = self.create_proxy(settling(lambda _evt: self.fit()))
        self._proxies.append(resize)
        self.js.window.addEventListener("resize", resize)

    # ------------------------------------------------------------ patches
    def _hold_while_rendering(self) -> None:
        """In a worker the page could see half a render: pending until this step ends."""
        if self.holding or not self.in_worker:
            return
        getattr(self.js, "__bzBusy")()
        self.holding = True

        def release() -> None:
            self.holding = False
            getattr(self.js, "__bzSettled")()

        import asyncio

        asyncio.get_event_loop().call_soon(release)

    def patch_all(self, regions: dict[str, str], table_players: int) -> None:
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
            "fit": FIT_TEXT,
        }
        getattr(self.js, "__bzPatch")(json.dumps(job))

    def fit(self) -> None:
        """Shrink the cards (--fit) until everything fits (in index.html: one call)."""
        getattr(self.js, "__bzFit")(FIT_TEXT)

    def announce(self, text: str) -> None:
        self.node("bz-live").textContent = text

    def set_look(self, attrs: dict[str, str]) -> None:
        for name, value in attrs.items():
            if self.look.get(name) != value:  # only this method sets them: no need to ask
                self.root.setAttribute(name, value)
                self.look[name] = value
        self.motion = attrs.get("data-motion", self.motion)

    def shake(self, action: str) -> None:
        el = _n(self.root.querySelector(f'[data-action="{_css_string(action)}"]'))
        if el is None:
            return
        el.classList.add("refused")
        from pyodide.ffi import create_once_callable

        self.js.setTimeout(create_once_callable(lambda: el.classList.remove("refused")), 400)

    def attr(self, el: Any, name: str) -> str | None:
        return _s(el.getAttribute(name))

    def focus_first(self, selector: str) -> None:
        el = _n(self.root.querySelector(selector))
        if el is not None:
            el.focus()

    def focus_is_in(self, selector: str) -> bool:
        """Whether keyboard focus is inside the first element matching selector."""
        box = _n(self.root.querySelector(selector))
        active = _n(self.doc.activeElement)
        return box is not None and active is not None and bool(box.contains(active))

    def focus_hand(self, index: int) -> None:
        cards = self.root.querySelectorAll(".hcard")
        if cards.length == 0:
            return
        index = max(0, min(index, cards.length - 1))
        cards.item(index).focus()

    def roving(self, index: int) -> None:
        cards = self.root.querySelectorAll(".hcard")
        for i in range(cards.length):
            cards.item(i).setAttribute("tabindex", "0" if i == index else "-1")
        if 0 <= index < cards.length:
            cards.item(index).focus()

    def read_form(self, form_id: str) -> dict[str, str]:
        form = _n(self.doc.getElementById(form_id))
        out: dict[str, str] = {}
        if form is None:
            return out
        elements = form.elements
        for i in range(elements.length):
            el = elements.item(i)
            name = _s(el.getAttribute("name"))
            if not name:
                continue
            kind = str(el.type or "")
            if kind == "radio":
                if el.checked:
                    out[str(name)] = str(el.value)
            elif kind == "checkbox":
                out[str(name)] = "on" if el.checked else "off"
            else:
                out[str(name)] = str(el.value)
        return out

    def download(self, filename: str, text: str) -> None:
        from pyodide.ffi import create_once_callable

        from web.page import js_object

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
        import asyncio

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

        def changed(_evt: Any) -> None:
            self._reading = asyncio.ensure_future(read())

        picker.addEventListener("change", create_once_callable(changed))
        picker.click()

    def format_time(self, ms: int, lang: str) -> str:
        from web.page import js_object

        options = js_object({"dateStyle": "short", "timeStyle": "short"})
        try:
            return str(self.js.Date.new(ms).toLocaleString(lang, options))
        except Exception:  # an engine without Intl options: the plain form
            return super().format_time(ms, lang)
