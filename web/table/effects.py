"""The effects ``web.state.model.update`` asks for, carried out: the one place that turns them
into storage writes, renders, focus moves and the computer's turns.

``update`` stays pure by returning these as data; the table's composition root
(``web.app.App.dispatch``) hands them here, in order, right after the model changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from web.state import settings as prefs_store
from web.state.model import (
    Effect,
    Focus,
    FocusHand,
    KeepStartScreen,
    Render,
    ResumePlay,
    SaveSettings,
)
from web.table.table_parts import TableBase
from web.view import screens


class EffectTable(TableBase, Protocol):
    """What the effects reach of their table (``web.app.App`` is one)."""

    lang: str


def carry_out(app: EffectTable, effects: Sequence[Effect]) -> None:
    """Each effect in turn (at most one render among them: web.platform.runtime.Frames)."""
    for effect in effects:
        if isinstance(effect, SaveSettings):
            prefs_store.save(app.store, effect.prefs)
        elif isinstance(effect, Render):
            app.render()
        elif isinstance(effect, Focus):
            app.focus_first(effect.selector)
        elif isinstance(effect, FocusHand):
            app.focus_hand()
        elif isinstance(effect, ResumePlay):
            app.turns.kick()
        elif isinstance(effect, KeepStartScreen):
            start = screens.render_start(app.cat, app.lang, can_continue=True,
                                          variant=app.game.rules.name)
            app.dom.keep_start_screen(start)
