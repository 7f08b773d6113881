"""A multi-pack session (``rubicon``, ``six-pack``, ``eight-pack``): games of one deal each.

``Session`` has the surface of ``Game`` (the table, the command line and saves use it
as one): each deal is a whole game, settled when it ends (``Rubicon.settle``); the
session adds the settlements up, the dealer alternating, for ``games`` games (option,
0: open-ended). ``totals`` are the current game's (its deal's) totals, ``winner`` the
session's once it is over; ``session_facts()`` gives it all typed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalActionError, RecordError
from .facts import SessionFacts, Settlement
from .game import PLAYED_AS, Game, replay_deal
from .rules import Ruleset
from .variants.multipack import EightPack, Rubicon, SixPack

if TYPE_CHECKING:
    from .playable import PlayableGame


class Session(Game):
    """Games of one deal each, settled one by one, for the session's ``games``."""

    def __init__(self, rules: Ruleset, seed: int | None = None, dealer: int = 0) -> None:
        self.settlements: list[Settlement] = []
        self.points = [0] * rules.players
        super().__init__(rules, seed=seed, dealer=dealer)

    @property
    def multipack(self) -> Rubicon:
        rules = self.rules
        assert isinstance(rules, Rubicon)
        return rules

    @property
    def planned(self) -> int:
        """Games in the session (0: open-ended)."""
        return self.multipack.games

    # ----- turn and end ----------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        planned = self.planned
        return bool(planned) and len(self.settlements) >= planned

    @property
    def game_over(self) -> bool:
        """Every deal is a game: the current game is over when its deal is."""
        return self.deal.is_terminal

    @property
    def game_winner(self) -> int | None:
        """The current game's winner (None while it is played, or when drawn)."""
        if not self.deal.is_terminal or not self.settlements:
            return None
        return self.settlements[-1].winner

    @property
    def match_over(self) -> bool:
        return self.is_terminal

    def _close_deal(self) -> None:
        deal = self.deal
        result = deal.result()
        self.results.append(result)
        self.totals = list(result.totals)
        settlement = self.multipack.deal_settlement(deal)
        self.settlements.append(settlement)
        if settlement.winner is not None:
            self.points[settlement.winner] += settlement.points
        self.winner = self._session_winner()

    def _session_winner(self) -> int | None:
        """The seat ahead in settlement points once the session is over (level: None)."""
        if not self.is_terminal or self.points[0] == self.points[1]:
            return None
        return 0 if self.points[0] > self.points[1] else 1

    def next_deal(self) -> None:
        """The next game (its one deal), the other seat dealing."""
        if not self.deal.is_terminal:
            raise IllegalActionError("deal_not_over", "the current deal is still being played")
        if self.is_terminal:
            raise IllegalActionError("game_over", "the session is over")
        self.histories.append(list(self.deal.history))
        self.totals = [0] * self.rules.players
        self.deal = self._shuffled_deal((self.deal.dealer + 1) % self.rules.players)

    # ----- what the table shows ------------------------------------------
    def session_facts(self) -> SessionFacts:
        return SessionFacts(
            points=tuple(self.points),
            games=len(self.settlements),
            planned=self.planned,
            settlements=tuple(self.settlements),
            over=self.is_terminal,
            winner=self.winner,
        )

    def summary(self) -> dict[str, Any]:
        """The replay output (docs/design.md): per deal its settlement, then the session;
        ``game`` is the last game (its totals and winner)."""
        last = self.settlements[-1] if self.settlements else None
        return {
            "ok": True,
            "deals": [r.to_json() for r in self.results],
            "game": {"totals": list(self.totals), "winner": None if last is None else last.winner},
            "session": self.session_facts().to_json(),
        }

    # ----- records --------------------------------------------------------
    @classmethod
    def replay(cls, rules: Ruleset, dealer: int, deals: Sequence[Any],
               seed: int | None = None) -> Session:
        """Play a session record's deals (one game each, dealers alternating)."""
        if not 0 <= dealer < rules.players:
            raise RecordError(f"dealer must be a seat from 0 to {rules.players - 1}")
        session = cls.__new__(cls)
        session.rules = rules
        session.seed = seed
        session.rng = random.Random(seed)
        session.first_dealer = dealer
        session.starts = []
        session.results = []
        session.totals = [0] * rules.players
        session.winner = None
        session.histories = []
        session.settlements = []
        session.points = [0] * rules.players
        seat = dealer
        for number, entry in enumerate(deals):
            if not isinstance(entry, Mapping):
                raise RecordError(f"deal {number} is not an object")
            if session.is_terminal:
                raise RecordError(f"deal {number} comes after the end of the session")
            if number:
                if not session.deal.is_terminal:
                    raise RecordError(f"deal {number - 1} stops before its end")
                session.histories.append(list(session.deal.history))
                session.totals = [0] * rules.players
                seat = (session.deal.dealer + 1) % rules.players
            replay_deal(session, rules, seat, entry, number)
        return session


for _variant in (Rubicon, SixPack, EightPack):
    PLAYED_AS[_variant.name] = Session

if TYPE_CHECKING:  # the table's contract (mypy checks this line)
    _SESSION: type[PlayableGame] = Session
