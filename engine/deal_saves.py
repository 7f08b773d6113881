"""A deal's saved form and its copies: JSON both ways, clone, equality, the card check.

The saved log is read back in today's form (``_upgraded``) and typed
(``engine.log_events``), so readers of a restored deal see what a played one shows.
"""

from __future__ import annotations

from typing import Any, Self

from .deal_state import DealBase
from .errors import RecordError
from .log_events import log_event
from .observation import Event, Group, event_lists
from .rules import Ruleset


class DealSaves(DealBase):
    """``to_json``/``from_json``, ``clone`` and ``==`` over the deal's fields."""

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.rules.name,
            "options": dict(self.rules.options),
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "tables": [list(t) for t in self.tables],
            "stock": list(reversed(self.stock)),
            "turnup": self.turnup,
            "trump": self.trump,
            "dead": list(self.dead),
            "trick": [list(t) for t in self.trick],
            "last_trick": [list(t) for t in self.last_trick],
            "leader": self.leader,
            "current": self.current,
            "phase": self.phase,
            "won": [list(w) for w in self.won],
            "played": list(self.played),
            "points": list(self.points),
            "card_points": list(self.card_points),
            "declarations": [list(d) for d in self.declarations],
            "groups": [g.to_json() for g in self.groups],
            "scored_sevens": list(self.scored_sevens),
            "trick_winner": self.trick_winner,
            "last_trick_winner": self.last_trick_winner,
            "history": list(self.history),
            "log": event_lists(self.log),
            "extra": copy_json(self.extra),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], rules: Ruleset) -> Self:
        """A deal back from ``to_json`` under its rules (``engine.variants.make_rules`` of
        its ``variant`` and ``options``)."""
        try:
            deal = cls.__new__(cls)
            deal.rules = rules
            deal.n = rules.players
            deal.kinds = rules.kinds
            deal.dealer = int(data["dealer"])
            deal.hands = [[int(i) for i in h] for h in data["hands"]]
            deal.tables = [[int(i) for i in t] for t in data["tables"]]
            deal.stock = [int(i) for i in reversed(data["stock"])]
            deal.turnup = None if data["turnup"] is None else int(data["turnup"])
            deal.trump = None if data["trump"] is None else int(data["trump"])
            deal.dead = [int(i) for i in data["dead"]]
            deal.trick = [(int(s), int(i), bool(t)) for s, i, t in data["trick"]]
            deal.last_trick = [(int(s), int(i), bool(t)) for s, i, t in data["last_trick"]]
            deal.leader = int(data["leader"])
            deal.current = None if data["current"] is None else int(data["current"])
            deal.phase = str(data["phase"])
            deal.won = [[int(i) for i in w] for w in data["won"]]
            deal.played = [int(i) for i in data["played"]]
            deal.points = [int(p) for p in data["points"]]
            deal.card_points = [int(p) for p in data["card_points"]]
            deal.declarations = [(int(s), str(k), int(p)) for s, k, p in data["declarations"]]
            deal.groups = [Group.from_json(g) for g in data["groups"]]
            deal.card_groups = {}
            for index, group in enumerate(deal.groups):
                for card_id in group.cards:
                    deal.card_groups.setdefault(card_id, []).append(index)
            deal.scored_sevens = [int(i) for i in data["scored_sevens"]]
            deal.trick_winner = None if data["trick_winner"] is None else int(data["trick_winner"])
            ltw = data["last_trick_winner"]
            deal.last_trick_winner = None if ltw is None else int(ltw)
            deal.history = [str(h) for h in data["history"]]
            deal.log = [log_event(_upgraded(tuple(tuple(v) if isinstance(v, list) else v
                                                  for v in e), rules)) for e in data["log"]]
            deal._views, deal._viewed = None, 0
            deal.extra = copy_json(data["extra"])
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed deal state: {err}") from None
        deal.check_cards()
        return deal

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.tables = [list(t) for t in self.tables]
        other.stock = list(self.stock)
        other.dead = list(self.dead)
        other.trick = list(self.trick)
        other.won = [list(w) for w in self.won]
        other.played = list(self.played)
        other.points = list(self.points)
        other.card_points = list(self.card_points)
        other.declarations = list(self.declarations)
        other.groups = [Group(g.seat, g.name, g.kind, g.klass, g.value, g.cards, g.alive)
                        for g in self.groups]
        other.card_groups = {k: list(v) for k, v in self.card_groups.items()}
        other.scored_sevens = list(self.scored_sevens)
        other.history = list(self.history)
        other.log = list(self.log)  # the events are tuples: shared
        other._views = None  # the seats' lists belong to this deal; the clone builds its own
        other.extra = copy_json(self.extra)
        return other

    def __eq__(self, other: object) -> bool:
        """Same variant, options and every field of the state (no copies made)."""
        if not isinstance(other, DealSaves):
            return NotImplemented
        if (self.rules.name, self.rules.options) != (other.rules.name, other.rules.options):
            return False
        mine = {k: v for k, v in self.__dict__.items() if k not in _NOT_STATE}
        theirs = {k: v for k, v in other.__dict__.items() if k not in _NOT_STATE}
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]

    def check_cards(self) -> None:
        """Every physical card of the deck in exactly one place (RecordError otherwise)."""
        places = [*self.hands, *self.tables, self.stock, self.dead, self.played]
        seen = [i for place in places for i in place]
        if self.turnup is not None:
            seen.append(self.turnup)
        if sorted(seen) != list(range(len(self.kinds))):
            raise RecordError("cards are missing or duplicated in the deal state")


# Attributes that are not the deal's state: the rules, and caches derived from the state.
_NOT_STATE = ("rules", "kinds", "_views", "_viewed")


def _upgraded(event: Event, rules: Ruleset) -> Event:
    """An event of a saved log in today's form: a seven event saved before it carried its
    points (and, earlier still, the exchanged turn-up) gets them, so readers of the log
    never need to know the rules' numbers."""
    if event and event[0] == "seven" and len(event) < 6:
        old = event[4] if len(event) > 4 else None
        return (*event[:4], old, rules.seven_points)
    return event


def copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value
