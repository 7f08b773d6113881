"""The hint: ask the strong AI what to do now, and say it in the player's words.

``App.hint`` holds the hint as data, (action text, reason code), or ("", "")
while the AI thinks, so a language switch rewords it at the next render.
"""

from __future__ import annotations

from html import escape
from typing import Protocol

import engine
from engine.deal import Deal
from web import i18n
from web.state.model import HintSet
from web.table.adapter import observe
from web.table.computer import hint_for
from web.table.table_parts import TableBase
from web.view.card_html import cards_bdi


class HintTable(TableBase, Protocol):
    """What the hint reads and sets of its table (``web.app.App`` is one)."""


class Hints:
    """The hint of one App: asking for it and showing it."""

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
        app.dispatch(HintSet((text, reason)))
        app.render()

    def html(self) -> str:
        """The hint box under the table ("" when no hint is asked for)."""
        if not self.app.model.hint:
            return ""
        cat = self.app.cat
        action, reason = self.app.model.hint
        if not action:
            body = escape(cat.t("hint.thinking"))
        else:
            body = (
                f"<strong>{escape(cat.t('hint.title'))}:</strong> "
                f"{self.action_html(action)} — {escape(self.reason_text(reason))}"
            )
        return f'<p class="hintbox" data-hint>{body}</p>'

    def reason_text(self, code: str) -> str:
        """The hint's one-line reason (catalog hint.reason.<code>)."""
        cat = self.app.cat
        key = f"hint.reason.{code}"
        return cat.t(key if cat.has(key) else "hint.reason.best_chance")

    def action_html(self, text: str) -> str:
        """The hint's action in words ("Play Q♠", "Declare bezique")."""
        words = text.split()
        cat = self.app.cat
        if words[0] == "play":
            card = i18n.Markup(cards_bdi(cat, [words[-1]]))
            key = "action.play_table" if words[1] == "table" else "hint.play"
            return cat.html(key, card=card)
        if words[0] == "declare":
            name = declaration_name(cat, self.app.game.deal, text) or cat.t("action.declare")
            return f"{cat.html('hint.declare', combination=name)} {cards_bdi(cat, words[1:])}"
        if words[0] == "seven":
            return f"{escape(cat.t('action.seven_exchange'))} {cards_bdi(cat, words[1:])}"
        return escape(cat.t(f"hint.{words[0]}"))


def declaration_name(cat: i18n.Catalog, deal: Deal, text: str) -> str:
    """The combination a ``declare`` action lays down, in words ("" when the deal's rules
    name none: its cards then say it); ``deal`` is the one it is made in (its trumps)."""
    kind = declaration_kind(deal, text)
    return cat.declaration(kind) if kind else ""


def declaration_kind(deal: Deal, text: str) -> str:
    """The combination a ``declare`` action lays down, by the engine's name of it ("" when
    the deal's rules name none), as data a model can hold and a catalog words later."""
    try:
        combo = deal.rules.classify(engine.Action.parse(text).codes, deal.trump)
    except Exception:  # not a declaration these rules know
        return ""
    return combo.name if combo else ""
