"""Drawn card faces and backs: the SVG sprite's names and the table's look.

The faces live in ``web/cards.svg`` (written by tools/make_card_faces.py), one
``<symbol id="c-QS">`` per card, which the shell (index.html) puts in the page once; the
backs are ``web/card-back-<name>.svg``.
A card in the page keeps its HTML corner index (the player's rank letters,
always readable) and draws the art under it.  Which look shows is chosen by
two attributes on the table's root, so switching needs no re-render:
``data-cards="faces|simple"`` (simple: the plain CSS cards, for small screens
and high contrast) and ``data-back="blue|red"``.
"""

from __future__ import annotations

from html import escape

from web.state.settings import CARD_BACKS, CARD_STYLES, Settings

SPRITE = "web/cards.svg"


def art_html(card: str) -> str:
    """The face's drawing (decorative: the card's name is on the card element)."""
    return (
        '<svg class="art" viewBox="0 0 100 140" aria-hidden="true" focusable="false">'
        f'<use href="#c-{escape(card)}"></use></svg>'
    )


def look(style: object, back: object) -> dict[str, str]:
    """The root attributes for a card style and back; unknown values fall back."""
    return {
        "data-cards": style if isinstance(style, str) and style in CARD_STYLES else CARD_STYLES[0],
        "data-back": back if isinstance(back, str) and back in CARD_BACKS else CARD_BACKS[0],
    }


def page_look(settings: Settings, *, log_open: bool) -> dict[str, str]:
    """The page's look attributes the player's settings give (the CSS reads them)."""
    return {
        **look(settings.card_style, settings.card_back),
        "data-motion": settings.animation,
        "data-card-size": settings.card_size,
        "data-suits": "four" if settings.four_colour else "two",
        "data-log": "open" if log_open else "closed",
    }
