"""What the page's platform facts show (``web.state.device_facts``): the menu's install
entry, the settings' storage section, and the banner of a tab that watches another.

Pure functions of the facts the model holds and the catalog; the commands behind them
(install, persist, take-over) are ``web.platform.install``'s and ``web.storage.keeper``'s.
"""

from __future__ import annotations

from html import escape

from web.state.device_facts import DeviceState
from web.view.card_html import Cat

# iOS's Share symbol (a box with an arrow up), drawn next to the step that names it.
SHARE_ICON = (
    '<svg class="icon share" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<path d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"/></svg>'
)


def install_items(device: DeviceState, cat: Cat) -> str:
    """The menu's install part: the Install command, the iOS steps, or nothing."""
    offer = device.install_offer
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


def storage_section(device: DeviceState, noted: str | None, cat: Cat) -> str:
    """The settings' storage section: is it persistent, ask again, export a backup.
    ``noted``: the outcome of the player's last request (a catalog key), told when it
    differs from the status shown."""
    status = device.storage_key
    ask = ""
    if device.persisted is False:
        ask = (
            '<button type="button" class="btn" data-command="persist">'
            f"{escape(cat.t('storage.keep'))}</button>"
        )
    kept = {True: "kept", False: "not-kept", None: "unknown"}[device.persisted]
    note = ""
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


def watching_banner(cat: Cat) -> str:
    """A watching tab's notice: playing in another tab, take over here."""
    return (
        '<p class="notice tabs" role="status" data-tab="watching">'
        f"{escape(cat.t('tabs.elsewhere'))} "
        '<button type="button" class="btn primary" data-command="take-over">'
        f"{escape(cat.t('tabs.take_over'))}</button></p>"
    )
