"""A table's start: what is stored read and checked once, the game kept (or a fresh one
dealt behind the start screen), the start screen drawn, and a shortcut or a tap the
shell kept carried out.

Apart from the table's composition root (``web.app``) because it is the one place that
reads storage for the table as a whole; from then on the model keeps what it read.
"""

from __future__ import annotations

from typing import Protocol

from web import i18n, storage
from web.i18n.catalogs import use_language
from web.link.joining import GUEST, GUEST_KEY
from web.link.link_guest import GuestSession
from web.link.pairing import Pairing
from web.platform.dom import Control
from web.platform.install import DeviceControls
from web.state.model import Notice, NoticeSet, ScreenShown, SettingsLoaded
from web.state.settings import Settings
from web.state.table_state import GameKept, SetupChosen
from web.storage import schema
from web.storage.keeper import Keeper
from web.table.commands import Commands
from web.table.table_parts import TableBase


class StartingTable(TableBase, Protocol):
    """What the start reads and sets of its table (``web.app.App`` is one)."""

    launch: str | None
    device: DeviceControls
    keeper: Keeper
    pairing: Pairing
    commands: Commands
    lang: str
    cat: i18n.Catalog  # the start sets the language


    def command(self, name: str, el: Control) -> None: ...


def open_table(app: StartingTable, listen: bool) -> None:
    """What the start reads and draws: the stored state checked, the game kept or a fresh
    one behind the start screen, the start screen (or at once the table, for a kept tap or
    a shortcut). ``listen``: bind the page's events (a restart keeps those bound)."""
    app.keeper.read_role()  # this tab plays, or watches the one that does
    # Everything stored is checked (web.storage.schema); what fails is set aside and told.
    store = app.store
    lang = schema.load(store, storage.LANG_KEY)
    chosen = lang.value or app.dom.html_lang()
    use_language(app, chosen if chosen in i18n.LANGS else "en", save=False)
    settings = schema.load(store, storage.SETTINGS_KEY)
    # read once: from now on the model keeps them (each field exactly right)
    app.dispatch(SettingsLoaded(Settings.from_data(settings.value or {})))
    app.dispatch(SetupChosen(app.model.prefs.game_setup()))
    saved = schema.load(store, schema.SAVE)
    if saved.value is not None:
        app.course.adopt(saved.value)
        app.dispatch(GameKept())
    guest = schema.load(store, GUEST)  # a seat at another device's table
    # statistics, history, what others registered
    others = schema.load_all(
        store, checked=(storage.LANG_KEY, storage.SETTINGS_KEY, storage.SAVE_KEY, GUEST_KEY)
    )
    report_set_aside(app, [saved.problem, settings.problem, lang.problem, guest.problem,
                           *others])
    if saved.value is None:  # no game kept: a fresh one behind the start screen
        app.course.new_game(dict(app.model.table.setup), save=False)
    app.course.make_players()
    app.painter.announced_all()
    app.dispatch(ScreenShown("start"))  # continue (with a save), new game, rules, settings
    app.device.read()  # the page's install and storage facts, into the model
    if listen:
        app.dom.on_events(app.commands.on_click, app.commands.on_key, app.commands.on_change)
        app.device.start()
    has_save = app.model.table.has_save
    if app.launch == "new":
        app.command("new-game", None)
    elif app.launch == "continue" and has_save:
        app.command("continue", None)
    elif app.launch == "play" and not has_save:  # the shell kept a tap on Play
        app.command("play", None)
    elif guest.value is not None:
        app.pairing.join(GuestSession.from_json(guest.value))
    app.render()


def report_set_aside(app: StartingTable, problems: list[schema.Problem | None]) -> None:
    """Tell the player about stored data that was set aside (the first one matters)."""
    found = [p for p in problems if p is not None]
    for problem in found:
        print(f"bezique: {problem.key} set aside as {problem.where!r}: {problem.why}")
    if found:
        notice: Notice = (found[0].notice, {"where": found[0].where})
        app.dispatch(NoticeSet(notice, True))
