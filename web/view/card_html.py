"""Card drawing: HTML snippets for faces and backs, styled by web/app.css.

Cards are plain text + CSS (no images), so they stay crisp at any size and
the suit is shown by its symbol and its colour together.
"""

from __future__ import annotations

from html import escape
from typing import Protocol

from web import i18n
from web.i18n import MessageParam
from web.view.card_faces import art_html

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = frozenset({"H", "D"})
RANK_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
SUIT_ORDER = ("S", "H", "D", "C")


class Cat(Protocol):
    """The part of web.i18n.Catalog the drawing code uses."""

    lang: str

    def t(self, key: str, **params: MessageParam) -> str: ...

    def card_name(self, card: str) -> str: ...

    def declaration(self, kind: str) -> str: ...

    def card_aria(self, card: str) -> str: ...

    def number(self, n: int) -> str: ...


def split_card(text: str) -> tuple[str, str]:
    """Split notation like '10H' or 'QS' into (rank, suit)."""
    text = text.strip()
    rank, suit = text[:-1], text[-1]
    if rank == "T":
        rank = "10"
    return rank, suit


def label(cat: Cat, text: str) -> str:
    """Short visible label such as '10♥' (rank letters of the language)."""
    return i18n.card_label(cat.lang, text)


def bdi(text: str) -> str:
    """Isolate a card label inside a sentence (keeps 10♥ readable in Hebrew)."""
    return f'<bdi dir="ltr">{escape(text)}</bdi>'


def cards_bdi(cat: Cat, cards: list[str]) -> str:
    """Several cards as one isolated run."""
    return bdi(" ".join(label(cat, c) for c in cards))


def card_sort_key(text: str, trump: str | None = None) -> tuple[int, int]:
    """Hand order: by suit (trumps first), then rank high to low."""
    rank, suit = split_card(text)
    suits = list(SUIT_ORDER)
    if trump in suits:
        suits.remove(trump)
        suits.insert(0, trump)
    return (
        suits.index(suit) if suit in suits else 9,
        RANK_ORDER.index(rank) if rank in RANK_ORDER else 9,
    )


def rank_sort_key(text: str) -> tuple[int, int]:
    """Across suits: rank high to low (aces together: Bezique's fours at a glance)."""
    rank, suit = split_card(text)
    return (
        RANK_ORDER.index(rank) if rank in RANK_ORDER else 9,
        SUIT_ORDER.index(suit) if suit in SUIT_ORDER else 9,
    )


def sort_hand(cards: list[str], how: str, trump: str | None = None) -> list[str]:
    """The hand in the player's chosen order: "suit" (trumps first) or "rank"."""
    if how == "suit":
        return sorted(cards, key=lambda c: card_sort_key(c, trump))
    return sorted(cards, key=rank_sort_key)


def face_html(
    text: str,
    cat: Cat,
    *,
    tag: str = "span",
    attrs: str = "",
    classes: str = "",
    aria: str | None = None,
) -> str:
    """Face-up card. `attrs` are extra HTML attributes (already escaped)."""
    rank, suit = split_card(text)
    sym = SUIT_SYMBOL.get(suit, suit)
    colour = "red" if suit in RED_SUITS else "black"
    court = " court" if rank in ("K", "Q", "J") else ""
    rk = escape(i18n.rank_label(cat.lang, rank))
    wide = " wide" if len(i18n.rank_label(cat.lang, rank)) > 1 else ""
    # The spoken name starts with the visible label (Q♠, queen of spades): voice control
    # users say what they see.
    name = escape(aria if aria is not None else cat.card_aria(text))
    # Only the corner index is text (so the visible text is the label, "Q♠"); the
    # centre and the turned corner are drawn from attributes by CSS, the drawn face
    # (web/cards.svg) lies under the index.
    centre = f'<span class="cc" data-t="{rk}"></span>' if court else ""
    role = "" if tag == "button" else ' role="img"'
    return (
        f'<{tag} class="card face {colour} s-{suit}{court} {classes}" dir="ltr"'
        f' data-card="{escape(text)}" aria-label="{name}"{role} {attrs}>'
        f"{art_html(f'{rank}{suit}')}"
        f'<span class="ix" aria-hidden="true"><span class="rk{wide}">{rk}</span>'
        f'<span class="su">{sym}</span></span>'
        f'<span class="pip" aria-hidden="true">{centre}<span class="big" data-t="{sym}"></span>'
        "</span>"
        f'<span class="ix ix2" aria-hidden="true"><span class="rk{wide}" data-t="{rk}"></span>'
        f'<span class="su" data-t="{sym}"></span></span>'
        f"</{tag}>"
    )


def back_html(classes: str = "") -> str:
    """Face-down card (decorative; counts are announced in text)."""
    return f'<span class="card back {classes}" aria-hidden="true"></span>'


def attr_action(action: str, legal: bool) -> str:
    """The attributes of a control that sends an action (disabled when not legal)."""
    dis = "" if legal else ' aria-disabled="true"'
    return f'data-action="{escape(action)}"{dis}'
