"""Actions and their stable text form (the notation of docs/design.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from .cards import CODE_TEXTS, Card, notation_key, parse_code
from .errors import NotationError

PLAY = "play"
PLAY_TABLE = "play_table"
DECLARE = "declare"
SEVEN = "seven"
PASS = "pass"
VIDO = "vido"
ACCEPT = "accept"
REFUSE = "refuse"
BLANCHE = "blanche"

_WORDS = {PASS, VIDO, ACCEPT, REFUSE, BLANCHE}


@dataclass(frozen=True, slots=True)
class Action:
    """One player's action; ``codes`` are card kind codes (declare: notation order)."""

    kind: str
    codes: tuple[int, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(Card.from_code(c) for c in self.codes)

    def text(self) -> str:
        return _text(self.kind, self.codes)

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.split()
        if not words:
            raise NotationError("empty action")
        head = words[0].lower()
        if head in _WORDS:
            if len(words) != 1:
                raise NotationError(f"'{head}' takes no cards: {text!r}")
            return cls(head)
        if head == PLAY:
            rest = words[1:]
            kind = PLAY
            if rest and rest[0].lower() == "table":
                kind, rest = PLAY_TABLE, rest[1:]
            if len(rest) != 1:
                raise NotationError(f"play names exactly one card: {text!r}")
            return cls(kind, (parse_code(rest[0]),))
        if head == SEVEN:
            if len(words) != 2:
                raise NotationError(f"seven names exactly one card: {text!r}")
            return cls(SEVEN, (parse_code(words[1]),))
        if head == DECLARE:
            if len(words) < 2:
                raise NotationError(f"declare names the cards of a combination: {text!r}")
            return declare(parse_code(w) for w in words[1:])
        raise NotationError(f"unknown action: {text!r}")


@lru_cache(maxsize=4096)
def _text(kind: str, codes: tuple[int, ...]) -> str:
    """An action's text, remembered: every applied action is written to the deal's history,
    and the same few hundred actions come again and again."""
    names = " ".join(CODE_TEXTS[c] for c in codes)
    if kind == PLAY_TABLE:
        return f"play table {names}"
    if kind in _WORDS:
        return kind
    return f"{kind} {names}"


PASS_ACTION = Action(PASS)
# One shared action per card kind: the deal lists these instead of building new ones.
PLAY_ACTIONS: tuple[Action, ...] = tuple(Action(PLAY, (code,)) for code in range(32))
TABLE_PLAY_ACTIONS: tuple[Action, ...] = tuple(Action(PLAY_TABLE, (code,)) for code in range(32))


def declare(codes: Iterable[int]) -> Action:
    """A declare action with its cards in notation order (so equal declarations compare equal)."""
    return Action(DECLARE, tuple(sorted(codes, key=notation_key)))


def as_action(action: Action | str) -> Action:
    if isinstance(action, Action):
        return action
    if not isinstance(action, str):
        raise NotationError(f"an action is an Action or its text, not {type(action).__name__}")
    return Action.parse(action)
