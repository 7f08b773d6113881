"""What a player reads about the link between devices: refusals and the fair deck's check.

Why a module of its own beside the protocol: it carries reason codes only; the words come
from the catalogs, in each device's own language (a notice is a catalog key and its
parameters, worded when drawn).
"""

from __future__ import annotations

from web.i18n import Catalog
from web.state.model import Notice


def refusal_notice(reason: str, rule: str = "") -> Notice:
    """The host's refusal of a guest's message (``web.link.wire.REASONS``); an illegal
    move names the engine's rule, as a move refused on this device does."""
    if reason == "illegal" and rule:
        return "rule", {"rule": rule}
    return f"link.refused.{reason}", {}


def verdict_key(verdict: str) -> str:
    """The guest's check of a finished deal's deck ("" fair; see ``web.link.fair_deck``)."""
    return f"link.fair.{verdict or 'ok'}"


def fair_deck_note(cat: Catalog) -> str:
    """What the check proves and what it does not (for the rules screen)."""
    return cat.t("link.fair.note")
