"""The device the app runs on: installing it, and keeping its saves.

Why: the app is for playing offline on a phone. Chromium (Android, desktop) offers an install
prompt (``beforeinstallprompt``, caught by the shell before Python boots, see index.html);
iOS has no prompt, so its players are shown the two steps to follow; an app already installed
(running standalone) shows neither. Browsers may evict a site's data under pressure and Safari
deletes it after about a week without a visit unless the app is installed, so the app asks
for persistent storage once, at a sensible moment: after the first finished deal, or when
the app was just installed. The settings screen shows the outcome and offers the request again.

The decisions are plain functions of a ``DeviceState`` (web.state.device_facts, kept in the
model; tested under CPython); the browser side is ``BrowserDevice``, the only part that
touches the page (through ``web.platform.page``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace

from web.platform.js_types import JsObject
from web.state.device_facts import DeviceState
from web.storage.json_data import as_object, get_int

ASKED_KEY = "bezique.storage.asked"  # localStorage: persistence was asked for once already

# iPhone, iPod, iPad, and iPadOS 13+ which presents itself as a Mac with a touch screen.
_IOS_RE = re.compile(r"iPhone|iPad|iPod")


def is_ios(user_agent: str, max_touch_points: int = 0) -> bool:
    """An Apple phone or tablet: every browser there is WebKit without an install prompt."""
    if _IOS_RE.search(user_agent):
        return True
    return "Macintosh" in user_agent and max_touch_points > 1


class Device:
    """The page's install and storage functions (a scriptable fake in tests)."""

    def __init__(self, state: DeviceState | None = None) -> None:
        self.current = state or DeviceState()
        self.persist_requests = 0

    def state(self) -> DeviceState:
        return self.current

    def on_change(self, callback: Callable[[], None]) -> None: ...

    async def prompt_install(self) -> bool:
        """Show the browser's install dialog; True when the player accepted."""
        return False

    async def refresh_persisted(self) -> DeviceState:
        return self.current

    async def request_persistence(self) -> bool | None:
        self.persist_requests += 1
        return self.current.persisted


class BrowserDevice(Device):
    """The real page, through ``web.platform.page`` (its plain-value calls) and the shell's
    ``__bzInstall``."""

    def __init__(self) -> None:
        from web.platform import page

        super().__init__()
        self.page = page
        self._proxies: list[JsObject] = []
        facts = page.facts()
        self.current = DeviceState(
            standalone=bool(facts.get("standalone")),
            ios=is_ios(str(facts.get("userAgent", "")), get_int(facts, "touchPoints")),
        )

    @property
    def js(self) -> JsObject:
        return self.page.window()

    def _install(self) -> JsObject:
        return getattr(self.js.window, "__bzInstall", None)

    def state(self) -> DeviceState:
        install = as_object(json.loads(str(self.page.call("install")))) or {}
        self.current = replace(
            self.current,
            can_prompt=bool(install.get("canPrompt")),
            installed=self.current.installed or bool(install.get("installed")),
        )
        return self.current

    def on_change(self, callback: Callable[[], None]) -> None:
        from pyodide.ffi import create_proxy

        proxy = create_proxy(lambda: callback())
        self._proxies.append(proxy)
        self.page.call("onInstall", proxy)

    async def prompt_install(self) -> bool:
        install = self._install()
        prompt = getattr(install, "prompt", None) if install is not None else None
        if not prompt:
            return False
        install.prompt = None  # a prompt event can be used once
        await prompt.prompt()
        choice = await prompt.userChoice
        accepted = str(getattr(choice, "outcome", "")) == "accepted"
        if accepted:
            self.current = replace(self.current, installed=True)
        self.js.window.dispatchEvent(self.js.Event.new("bz-install"))
        return accepted

    async def _storage(self, request: bool) -> bool | None:
        """Whether storage is persistent, or asking for it: None when the browser cannot say."""
        answer = await self.page.call("storage", request)
        return answer if isinstance(answer, bool) else None

    async def refresh_persisted(self) -> DeviceState:
        self.current = replace(self.current, persisted=await self._storage(False))
        return self.current

    async def request_persistence(self) -> bool | None:
        self.persist_requests += 1
        granted = await self._storage(True)
        if granted is not None:
            self.current = replace(self.current, persisted=granted)
        return granted
