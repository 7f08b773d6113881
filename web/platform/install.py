"""The app's install and storage commands and what they show (menu item, iOS steps, settings).

``App`` hands its commands here first (``install``, ``persist``), tells it when a deal ends,
and asks it for the menu's install entry and the settings' storage section. The decisions
live in ``web.platform.device``; this module only words them and keeps ``web/app.py`` small.
"""

from __future__ import annotations

from html import escape
from typing import Protocol

from web import storage
from web.platform.device import ASKED_KEY, Device
from web.platform.runtime import Runtime, Task
from web.state.device_facts import DeviceChanged, DeviceState, StorageNoted, should_ask_persistence
from web.state.model import Model, Msg
from web.storage import KeyValue, schema
from web.view.card_html import Cat

schema.register(ASKED_KEY, schema.OneOf(("1",)), json=False)  # read back through web.storage.schema

COMMANDS = ("install", "persist")

# iOS's Share symbol (a box with an arrow up), drawn next to the step that names it.
SHARE_ICON = (
    '<svg class="icon share" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<path d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"/></svg>'
)


class ControlsHost(Protocol):
    """The part of ``web.app.App`` these controls use: its runtime, its storage, its model."""

    @property
    def runtime(self) -> Runtime: ...

    @property
    def store(self) -> KeyValue: ...

    @property
    def model(self) -> Model: ...

    def dispatch(self, msg: Msg) -> None: ...


class DeviceControls:
    """Install and storage for one App: commands, the persistence request, HTML parts."""

    def __init__(self, app: ControlsHost, device: Device) -> None:
        self.app = app
        self.device = device

    # ------------------------------------------------------------ lifecycle
    def start(self) -> None:
        """Listen for install changes and learn whether storage is already persistent."""
        self.device.on_change(self.read)
        self._spawn(self._refresh())

    def read(self) -> None:
        """The page's facts, read again into the model (which renders them)."""
        self.app.dispatch(DeviceChanged(self.device.state()))

    async def _refresh(self) -> None:
        known = self.device.current.persisted
        if (await self.device.refresh_persisted()).persisted != known:
            self.read()  # only on news: at start this render would meet the first tap

    def _spawn(self, coro: Task) -> None:
        """Run a browser request alongside the table (web.platform.runtime)."""
        self.app.runtime.spawn(coro)

    def state(self) -> DeviceState:
        """The facts as the model holds them."""
        return self.app.model.device

    def deal_finished(self) -> None:
        """After a finished deal the saves are worth keeping: ask once, on our own."""
        asked = storage.get_text(self.app.store, ASKED_KEY) == "1"
        if should_ask_persistence(self.state(), asked):
            self._spawn(self._persist(automatic=True))

    async def _persist(self, automatic: bool) -> None:
        storage.set_text(self.app.store, ASKED_KEY, "1")
        granted = await self.device.request_persistence()
        if not automatic:
            outcomes = {True: "storage.granted", False: "storage.denied"}
            key = "storage.status_unknown" if granted is None else outcomes[granted]
            self.app.dispatch(StorageNoted(key))
        self.read()

    async def _install(self) -> None:
        # Installed apps are the ones browsers keep: ask now rather than after a deal.
        if await self.device.prompt_install() and self.device.state().persisted is not True:
            await self._persist(automatic=True)
        self.read()

    # ------------------------------------------------------------ commands
    def command(self, name: str) -> bool:
        """Handle an install or storage command (True), or leave it to the app (False)."""
        if name == "install":
            if self.state().install_offer == "prompt":
                self._spawn(self._install())
            return True
        if name == "persist":
            self._spawn(self._persist(automatic=False))
            return True
        return False

    # ------------------------------------------------------------ HTML
    def menu_html(self, cat: Cat) -> str:
        """The menu's install part: the Install command, the iOS steps, or nothing."""
        offer = self.state().install_offer
        if offer == "prompt":
            return (
                '<li><button type="button" class="btn item" data-command="install">'
                f"{escape(cat.t('install.command'))}</button></li>"
            )
        if offer == "ios":
            return (
                '<li class="install-ios" data-install="ios">'
                '<img class="app-icon" src="web/icons/icon-192.png" alt="" width="48" height="48">'
                f'<div><p class="install-title">{escape(cat.t("install.ios_title"))}</p>'
                f"<ol><li>{SHARE_ICON} {escape(cat.t('install.ios_share'))}</li>"
                f"<li>{escape(cat.t('install.ios_add'))}</li></ol></div></li>"
            )
        return ""

    def storage_html(self, cat: Cat) -> str:
        """The settings' storage section: is it persistent, ask again, export a backup."""
        state = self.state()
        status = state.storage_key
        ask = ""
        if state.persisted is False:
            ask = (
                '<button type="button" class="btn" data-command="persist">'
                f"{escape(cat.t('storage.keep'))}</button>"
            )
        kept = {True: "kept", False: "not-kept", None: "unknown"}[state.persisted]
        note = ""
        noted = self.app.model.storage_note
        if noted and noted != status:
            note = f'<p class="note" role="status">{escape(cat.t(noted))}</p>'
        return (
            '<section class="storage" aria-labelledby="storage-title">'
            f'<h3 id="storage-title">{escape(cat.t("storage.title"))}</h3>'
            f'<p data-storage="{kept}">'
            f"{escape(cat.t(status))}</p>{note}"
            f'<p>{escape(cat.t("storage.backup_hint"))}</p>'
            f'<div class="row">{ask}<button type="button" class="btn" data-command="export">'
            f"{escape(cat.t('history.export'))}</button>"
            '<button type="button" class="btn" data-command="history">'
            f"{escape(cat.t('menu.history'))}</button></div></section>"
        )
