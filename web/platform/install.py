"""The app's install and storage commands, and the page's facts about them kept in the model.

``App`` hands its commands here first (``install``, ``persist``) and tells it when a deal
ends; what the page tells (installable, persisted) is read into the model, from which
``web.view.platform_view`` draws the menu's install entry and the settings' storage
section. The decisions live in ``web.platform.device``.
"""

from __future__ import annotations

from typing import Protocol

from web import storage
from web.platform.device import ASKED_KEY, Device
from web.platform.runtime import Runtime, Task
from web.state.device_facts import DeviceChanged, DeviceState, StorageNoted, should_ask_persistence
from web.state.model import Model, Msg
from web.storage import KeyValue, schema

schema.register(ASKED_KEY, schema.OneOf(("1",)), json=False)  # read back through web.storage.schema

COMMANDS = ("install", "persist")


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
    """Install and storage for one App: commands, the persistence request, the facts read."""

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
