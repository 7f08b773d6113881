"""What the page knows about installing the app and keeping its saves, as the model holds
it: the platform's facts, changed by messages like the rest of the table's state.

``web.platform.device`` reads them from the page and tells the table when they change;
the menu's install entry and the settings' storage section are drawn from them
(``web.view.platform_view``). Besides them: whether this tab plays or watches another
(``web.platform.tabs``), and whether the browser refuses the saves (``web.storage.keeper``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DeviceState:
    """What the page knows about installing and storage right now."""

    standalone: bool = False  # running as an installed app
    ios: bool = False
    can_prompt: bool = False  # the browser's install prompt is available
    installed: bool = False  # installed during this visit
    persisted: bool | None = None  # storage is persistent; None: unknown or unsupported

    @property
    def install_offer(self) -> str | None:
        """``"prompt"`` (the browser's dialog), ``"ios"`` (the steps to follow) or None."""
        if self.standalone or self.installed:
            return None
        if self.can_prompt:
            return "prompt"
        if self.ios:
            return "ios"
        return None

    @property
    def storage_key(self) -> str:
        """Catalog key of the storage status shown in the settings."""
        if self.persisted is None:
            return "storage.status_unknown"
        return "storage.status_kept" if self.persisted else "storage.status_not_kept"


def should_ask_persistence(state: DeviceState, asked_before: bool) -> bool:
    """Ask on our own only once per device, and never when storage is already kept."""
    return state.persisted is False and not asked_before


@dataclass(frozen=True)
class DeviceChanged:
    """The page's install or storage facts, read again (after a change the page told)."""

    state: DeviceState


@dataclass(frozen=True)
class TabRoleChanged:
    """This tab plays (it holds the player's lock, web.platform.tabs) or watches another."""

    playing: bool


@dataclass(frozen=True)
class StorageNoted:
    """The outcome of a request for persistent storage the player made (a catalog key)."""

    key: str | None


@dataclass(frozen=True)
class SavesFailing:
    """The browser refused the last save (True: the player was told, saving is retried),
    or took one again after refusing."""

    failing: bool
