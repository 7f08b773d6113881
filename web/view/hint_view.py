"""The hint's box under the table, drawn from the hint the model holds (``Model.hint``:
the action and the reason's code; ``Model.hint_combination``: the name key of a
declaration's combination, resolved when the hint arrived), worded at render time so a
language switch rewords it.
"""

from __future__ import annotations

from html import escape

from web import i18n
from web.view.card_html import cards_bdi


def hint_box(hint: tuple[str, str] | None, combination: str, cat: i18n.Catalog) -> str:
    """The hint box ("" when no hint is asked for; the computer thinking while the
    action is "")."""
    if not hint:
        return ""
    action, reason = hint
    if not action:
        body = escape(cat.t("hint.thinking"))
    else:
        body = (
            f"<strong>{escape(cat.t('hint.title'))}:</strong> "
            f"{action_html(cat, action, combination)} — {escape(reason_text(cat, reason))}"
        )
    return f'<p class="hintbox" data-hint>{body}</p>'


def reason_text(cat: i18n.Catalog, code: str) -> str:
    """The hint's one-line reason (catalog hint.reason.<code>)."""
    key = f"hint.reason.{code}"
    return cat.t(key if cat.has(key) else "hint.reason.best_chance")


def action_html(cat: i18n.Catalog, text: str, combination: str = "") -> str:
    """The hint's action in words ("Play Q♠", "Declare bezique"); ``combination``: the
    name key of the combination a declaration lays down ("": none, its cards say it)."""
    words = text.split()
    if words[0] == "play":
        card = i18n.Markup(cards_bdi(cat, [words[-1]]))
        key = "action.play_table" if words[1] == "table" else "hint.play"
        return cat.html(key, card=card)
    if words[0] == "declare":
        name = cat.declaration(combination) if combination else cat.t("action.declare")
        return f"{cat.html('hint.declare', combination=name)} {cards_bdi(cat, words[1:])}"
    if words[0] == "seven":
        return f"{escape(cat.t('action.seven_exchange'))} {cards_bdi(cat, words[1:])}"
    return escape(cat.t(f"hint.{words[0]}"))
