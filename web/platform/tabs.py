"""One tab plays; other tabs of the same app watch, read-only, and can take over.

Why: two tabs saving the same game overwrite each other's moves. The player tab
holds a Web Lock (``bezique.player``); a tab that cannot get it follows the game
through a BroadcastChannel (the player posts every save there, so the watchers
have the latest moves even when storage refused them) and offers "take over
here", which steals the lock. A tab waiting in the lock's queue becomes the player
by itself when the player tab closes.

``Tabs`` is a lone tab (always the player: browsers without Web Locks, tests);
``LocalHub`` connects tabs in one Python process (tests); ``BrowserTabs`` is the page.
"""

from __future__ import annotations

from collections.abc import Callable

from web.platform.js_types import JsObject
from web.platform.runtime import PageRuntime

LOCK_NAME = "bezique.player"
CHANNEL_NAME = "bezique"
# How long a reloaded page waits for the page before it to let go of the player's lock
# (answered as soon as the lock is granted; only a second tab waits it out in full).
RELOAD_GRACE_S = 1.5


Listener = Callable[[], None]
Receiver = Callable[[str], None]


class Tabs:
    """A tab that is always the player (no other tab can exist or be seen)."""

    def __init__(self) -> None:
        self.playing = True
        self.on_role: Listener = lambda: None  # the tab became the player or a watcher
        self.on_save: Receiver = lambda text: None  # the player tab saved (text of the save)

    async def claim(self) -> bool:
        """Try to become the player at start; True if this tab plays."""
        return self.playing

    def take_over(self) -> None:
        """Make this tab the player (the other one becomes a watcher)."""

    def publish(self, text: str) -> None:
        """Tell the watching tabs the game as just saved."""

    def _set_playing(self, playing: bool) -> None:
        if playing != self.playing:
            self.playing = playing
            self.on_role()


class LocalHub:
    """Tabs in one process sharing a lock and a channel, as a browser's would (tests)."""

    def __init__(self) -> None:
        self.holder: HubTab | None = None
        self.tabs: list[HubTab] = []

    def tab(self) -> HubTab:
        tab = HubTab(self)
        self.tabs.append(tab)
        return tab


class HubTab(Tabs):
    def __init__(self, hub: LocalHub) -> None:
        super().__init__()
        self.hub = hub
        self.playing = False

    async def claim(self) -> bool:
        if self.hub.holder is None:
            self.hub.holder = self
            self.playing = True
        return self.playing

    def take_over(self) -> None:
        old = self.hub.holder
        self.hub.holder = self
        if old is not None and old is not self:
            old._set_playing(False)
        self._set_playing(True)

    def close(self) -> None:
        self.hub.tabs.remove(self)
        if self.hub.holder is self:
            self.hub.holder = None
            if self.hub.tabs:  # the next tab in the lock's queue
                self.hub.tabs[0].take_over()

    def publish(self, text: str) -> None:
        for tab in self.hub.tabs:
            if tab is not self:
                tab.on_save(text)


class BrowserTabs(Tabs):
    """Web Locks for the role, a BroadcastChannel for the game (Python's own thread's)."""

    def __init__(self, runtime: PageRuntime) -> None:
        super().__init__()
        from pyodide.ffi import create_proxy, to_js

        self.runtime = runtime
        from web.platform.page import here

        js = here()

        try:
            from pyodide.ffi import jsnull
        except ImportError:  # older Pyodide: null is None
            jsnull = None
        self.null: JsObject = jsnull
        self.js = js
        self.proxy = create_proxy
        self.to_js = to_js
        self.keep: list[JsObject] = []  # proxies live as long as the page
        self.locks: JsObject = getattr(js.navigator, "locks", None)
        self.channel: JsObject = None
        if hasattr(js, "BroadcastChannel"):
            self.channel = js.BroadcastChannel.new(CHANNEL_NAME)
            self.channel.onmessage = self._hold(self._message)

    def _hold(self, fn: Callable[..., object]) -> JsObject:
        proxy = self.proxy(fn)
        self.keep.append(proxy)
        return proxy

    def _message(self, event: JsObject) -> None:
        data = event.data
        if isinstance(data, str):
            self.on_save(data)

    def _request(self, options: dict[str, bool], granted: Callable[[bool], None]) -> None:
        """navigator.locks.request; the lock is held until the page closes or it is stolen."""

        def callback(lock: JsObject) -> JsObject:
            got = lock is not None and lock is not self.null
            granted(got)
            if not got:
                return None
            return self.js.Promise.new(self._hold(lambda resolve, reject: None))

        assert self.locks is not None
        opts = self.to_js(options, dict_converter=self.js.Object.fromEntries)
        promise = self.locks.request(LOCK_NAME, opts, self._hold(callback))
        promise.catch(self._hold(lambda error: self._set_playing(False)))  # stolen

    async def claim(self) -> bool:
        if self.locks is None:
            self.playing = True
            return True
        answered = self.runtime.signal()
        granted = self.runtime.signal()

        def queued(got: bool) -> None:
            self._set_playing(got)
            granted.set()

        def first(got: bool) -> None:
            self.playing = got
            answered.set()
            if not got:  # wait in the queue: the lock comes free when the player tab closes
                self._request({}, queued)

        self._request({"ifAvailable": True}, first)
        await answered.wait()
        if not self.playing:  # a reload: the page before this one may still be letting go
            await granted.wait(RELOAD_GRACE_S)
        return self.playing

    def take_over(self) -> None:
        if self.locks is None:
            self._set_playing(True)
            return
        self._request({"steal": True}, lambda got: self._set_playing(got))

    def publish(self, text: str) -> None:
        if self.channel is not None:
            self.channel.postMessage(text)
