"""Cards and their text form.

A *kind* is a rank and a suit (``QS``); packs hold several identical copies of
each kind, so the engine tracks physical cards by integer id and maps ids to
kinds. Kind codes are ``suit * 8 + rank`` with rank 0 = ace … 7 = seven, the
notation order of docs/rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import NotationError

RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
RANK_ALIASES = {"T": "10"}

ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN = range(8)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def kind_code(rank: int, suit: int) -> int:
    return suit * 8 + rank


def rank_of(code: int) -> int:
    return code & 7


def suit_of(code: int) -> int:
    return code >> 3


def notation_key(code: int) -> tuple[int, int]:
    """Sort key of notation order: rank A→7 first, then suit S H D C."""
    return (code & 7, code >> 3)


# Each kind code's place in notation order (the order notation_key sorts in), as one int.
# Why: the deal sorts the cards a player may play at every step; an int key from a table
# sorts several times faster than a tuple built by a function.
NOTATION_RANK: tuple[int, ...] = tuple((code & 7) * 4 + (code >> 3) for code in range(32))


@dataclass(frozen=True, slots=True)
class Card:
    """A card kind (rank and suit); identical copies are the same Card."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise NotationError(f"not a card: {self.rank}{self.suit}")

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def code(self) -> int:
        return kind_code(RANKS.index(self.rank), SUITS.index(self.suit))

    @classmethod
    def from_code(cls, code: int) -> Card:
        return CARDS[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``10H``, ``TH``, ``Q♠`` (case-insensitive rank and suit letters)."""
        return CARDS[parse_code(text)]


def parse_code(text: str) -> int:
    raw = text.strip()
    if len(raw) < 2:
        raise NotationError(f"not a card: {text!r}")
    suit_text, rank_text = raw[-1], raw[:-1].upper()
    suit = SUIT_SYMBOLS.get(suit_text, suit_text.upper())
    rank = RANK_ALIASES.get(rank_text, rank_text)
    if rank not in RANKS or suit not in SUITS:
        raise NotationError(f"not a card: {text!r}")
    return kind_code(RANKS.index(rank), SUITS.index(suit))


def code_text(code: int) -> str:
    return RANKS[code & 7] + SUITS[code >> 3]


CODE_TEXTS: tuple[str, ...] = tuple(code_text(code) for code in range(32))


CARDS: tuple[Card, ...] = tuple(
    Card.__new__(Card) for _ in range(32)
)
for _code, _card in enumerate(CARDS):
    object.__setattr__(_card, "rank", RANKS[_code & 7])
    object.__setattr__(_card, "suit", SUITS[_code >> 3])
