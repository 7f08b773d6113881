"""The hint: ask the strong AI what to do now.

The model holds the hint as data, (action text, reason code), or ("", "") while the AI
thinks, and a declaration's combination (its name key, resolved here in the deal the hint
is for); ``web.view.hint_view`` words it at each render, so a language switch rewords it.
"""

from __future__ import annotations

from typing import Protocol

import engine
from engine.deal import Deal
from web.state.model import HintSet
from web.table.adapter import observe
from web.table.computer import hint_for
from web.table.table_parts import TableBase


class HintTable(TableBase, Protocol):
    """What the hint reads and sets of its table (``web.app.App`` is one)."""


class Hints:
    """The hint of one App: asking the AI for it."""

    def __init__(self, app: HintTable) -> None:
        self.app = app

    async def show(self) -> None:
        app = self.app
        table = app.model.table
        if table.busy or table.handover is not None or app.game.current_player != table.human:
            return
        game = app.game
        obs = observe(game, table.human)
        app.set_notice(None)
        app.dispatch(HintSet(("", "")))
        app.render()
        action, reason = await hint_for(obs)
        if game is not app.game:
            return
        text = action.text()
        combination = declaration_kind(game.deal, text) if text.startswith("declare") else ""
        app.dispatch(HintSet((text, reason), combination))
        app.render()


def declaration_kind(deal: Deal, text: str) -> str:
    """The combination a ``declare`` action lays down, by the engine's name of it ("" when
    the deal's rules name none: its cards then say it), as data a model can hold and a
    catalog words later; ``deal`` is the one it is made in (its trumps)."""
    try:
        combo = deal.rules.classify(engine.Action.parse(text).codes, deal.trump)
    except Exception:  # not a declaration these rules know
        return ""
    return combo.name if combo else ""
