"""The header bar and the menu behind its menu button.

The menu is data: ``MENU_ENTRIES`` lists (command, catalog key) in the order
shown. A feature adds itself with one line, e.g.
``MenuEntry("undo", "menu.undo", enabled=lambda app: app.can_undo())``,
and handles its ``data-command`` in the controller.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from web.view.card_html import Cat

LANGS = ("he", "tr", "ru", "en")


@dataclass(frozen=True)
class MenuEntry:
    """One line of the menu: its data-command, its label's catalog key, when usable."""

    command: str
    label: str
    needs_undo: bool = False  # usable only when a move can be taken back


MENU_ENTRIES: list[MenuEntry] = [
    MenuEntry("new-game", "menu.new_game"),
    MenuEntry("undo", "menu.undo", needs_undo=True),
    MenuEntry("score-sheet", "menu.score_sheet"),
    MenuEntry("stats", "menu.stats"),
    MenuEntry("history", "menu.history"),
    MenuEntry("rules", "menu.rules"),
    MenuEntry("settings", "menu.settings"),
]

# Small line icons for the header buttons (decorative: each button has its text).
ICONS = {
    "hint": '<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.6.5 1 1.2 1 2V16h5.2v-.2c0-.8.4-1.5'
    ' 1-2A6 6 0 0 0 12 3z"/>',
    "new-game": '<path d="M12 5v14M5 12h14"/>',
    "menu": '<path d="M4 7h16M4 12h16M4 17h16"/>',
    "close": '<path d="M6 6l12 12M18 6L6 18"/>',
    "log": '<path d="M5 6h14M5 10h14M5 14h10M5 18h7"/>',
    "undo": '<path d="M9 14L4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
}


def icon(name: str) -> str:
    return (
        '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
        f"{ICONS[name]}</svg>"
    )


def tool_button(command: str, label: str, extra: str = "") -> str:
    """A header button: an icon, and its label (shown when there is room)."""
    return (
        f'<button type="button" class="btn tool" data-command="{command}"{extra}>'
        f'{icon(command)}<span class="lbl">{escape(label)}</span></button>'
    )


def language_buttons(lang: str, cat: Cat) -> str:
    """The four language choices (``data-command="language"``), the current one pressed."""
    buttons = "".join(
        f'<button type="button" class="btn lang" data-command="language" data-lang="{code}"'
        f' lang="{code}" aria-pressed="{"true" if code == lang else "false"}">'
        f"{escape(cat.t(f'lang.{code}'))}</button>"
        for code in LANGS
    )
    return (
        f'<div class="langs" role="group" aria-label="{escape(cat.t("a11y.language_picker"))}">'
        f"{buttons}</div>"
    )


def render_bar(
    cat: Cat,
    *,
    hint_enabled: bool,
    menu_open: bool,
    log_open: bool = False,
    variant: str | None = None,
    undo: bool | None = None,
) -> str:
    """One compact row: the title (the game's name: "Turkish Bezik"), then log (phones),
    undo (one tap; None: no undo in this game, e.g. pass-and-play), hint, new game and
    the menu button."""
    hint_dis = "" if hint_enabled else ' aria-disabled="true"'
    undo_button = ""
    if undo is not None:
        off = "" if undo else ' aria-disabled="true"'
        undo_button = tool_button("undo", cat.t("menu.undo"), off)
    return (
        f'<h1 class="title">{escape(title_of(cat, variant))}</h1>'
        '<div class="status"></div>'
        f'<nav class="tools" aria-label="{escape(cat.t("menu.title"))}">'
        + tool_button("log", cat.t("log.title"), _expanded(log_open))
        + undo_button
        + tool_button("hint", cat.t("menu.hint"), hint_dis)
        + tool_button("new-game", cat.t("menu.new_game"))
        + tool_button("menu", cat.t("menu.open"), _expanded(menu_open) + ' aria-haspopup="dialog"')
        + "</nav>"
    )


def title_of(cat: Cat, variant: str | None) -> str:
    """The header's and the document's title: the variant's short name, else the app's."""
    key = f"options.variant_short.{variant}"
    has = getattr(cat, "has", None)
    if variant is None or (has is not None and not has(key)):
        return cat.t("app.title")
    return cat.t(key)


def _expanded(is_open: bool) -> str:
    return f' aria-expanded="{"true" if is_open else "false"}"'


def close_button(cat: Cat, command: str = "close") -> str:
    """The visible close button at the top of a screen (``command``: what closing means)."""
    return (
        f'<button type="button" class="btn close-x" data-command="{command}"'
        f' aria-label="{escape(cat.t("a11y.close"))}">{icon("close")}</button>'
    )


def render_menu(cat: Cat, lang: str, *, undo_available: bool, device_items: str) -> str:
    """The menu panel: the commands of MENU_ENTRIES, then the device's own lines
    (``device_items``: Install, as web.platform.install draws them), then the languages."""
    items = []
    for entry in MENU_ENTRIES:
        usable = undo_available or not entry.needs_undo
        dis = "" if usable else ' aria-disabled="true"'
        items.append(
            f'<li><button type="button" class="btn item" data-command="{escape(entry.command)}"'
            f"{dis}>{escape(cat.t(entry.label))}</button></li>"
        )
    return (
        '<div class="dialog menu-panel" role="dialog" aria-modal="true"'
        ' aria-labelledby="menu-title">'
        f'<div class="dlg-head"><h2 id="menu-title">{escape(cat.t("menu.title"))}</h2>'
        f"{close_button(cat)}</div>"
        f'<div class="dlg-body"><ul class="menu-list">{"".join(items)}'
        f"{device_items}</ul>"
        f'<h3 class="menu-sub">{escape(cat.t("menu.language"))}</h3>'
        f"{language_buttons(lang, cat)}</div>"
        "</div>"
    )
