"""What a player reads about the link between devices: refusals and the fair deck's check.

Why here and not in ``web/link``: the protocol carries reason codes only; the words come
from the catalogs, in each device's own language.
"""

from __future__ import annotations

from .i18n import Catalog


def refusal_text(cat: Catalog, reason: str, rule: str = "") -> str:
    """The host's refusal of a guest's message (``web.link.wire.REASONS``), worded; an
    illegal move names the engine's rule."""
    if reason == "illegal" and rule and cat.has(f"error.rule.{rule}"):
        return cat.t("link.refused.illegal_rule", rule=cat.error(rule))
    return cat.t(f"link.refused.{reason}")


def verdict_text(cat: Catalog, verdict: str) -> str:
    """The guest's check of a finished deal's deck ("" fair; see ``web.link.fair_deck``)."""
    return cat.t(f"link.fair.{verdict or 'ok'}")


def fair_deck_note(cat: Catalog) -> str:
    """What the check proves and what it does not (for the rules screen)."""
    return cat.t("link.fair.note")
