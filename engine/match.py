"""The Turkish match: games to 3000 (5000 after the extension) inside a match to 16.

``Match`` has the surface of ``Game`` (it is one, for the UI, the command line
and saves): ``current_player``, ``legal_actions()``, ``apply()``, ``deal``,
``deal_over``, ``is_terminal`` (the match is decided), ``next_deal()`` (the next
deal of the game, or the first deal of the next game), ``scores()`` (game score),
``observation(seat)`` (match facts in ``obs.match``),
``match_facts()`` (the marköz, typed), ``record()`` (the whole
match), ``to_json()``/``from_json()`` and ``clone()``.

Per game it keeps the kind (normal / sanvuar), the schedule position, the
target, the stake and the vidos; the deal gets the game's state in
``deal.extra`` when it starts and gives back its vidos and stake when it ends.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import ACCEPT, REFUSE, VIDO
from .deal import Deal
from .errors import IllegalActionError, RecordError
from .facts import MatchFacts, vido_calls
from .game import PLAYED_AS, Game, replay_deal
from .observation import Observation, VidoStakes
from .rules import Ruleset

if TYPE_CHECKING:
    from .playable import PlayableGame
from .variants.bezik import EXTENDED_TARGET, RUBIKON_LIMIT, TARGET

SCHEDULE = ("normal", "normal", "sanvuar", "sanvuar", "sanvuar")
BASE_POINTS = {"normal": 1, "sanvuar": 2}


@dataclass
class MatchGame:
    """One game of the match and how it ended."""

    kind: str
    cycle_pos: int
    dealer: int
    deals: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0])
    target: int = TARGET
    stake: int = 1
    vidos: list[list[Any]] = field(default_factory=list)
    winner: int | None = None
    rubikon: bool = False
    match_points: int = 0
    ended_by: str | None = None

    @property
    def why(self) -> str | None:
        """The match points explained: comma-separated factors (i18n summary.why.*)."""
        if self.winner is None:
            return None
        parts = [self.kind]
        if self.ended_by == "refused":
            parts.append("refused")
        if self.stake == 2:
            parts.append("vido")
        elif self.stake == 4:
            parts.append("kontr_vido")
        if self.rubikon:
            parts.append("rubikon")
        return ",".join(parts)

    def summary(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "deals": list(self.deals),
            "totals": list(self.totals),
            "target": self.target,
            "vidos": [list(v) for v in self.vidos],
            "winner": self.winner,
            "rubikon": self.rubikon,
            "match_points": self.match_points,
            "why": self.why,
            "ended_by": self.ended_by,
            "stake": self.stake,
            "cycle_pos": self.cycle_pos,
            "dealer": self.dealer,
        }

    def copy(self) -> MatchGame:
        return MatchGame(self.kind, self.cycle_pos, self.dealer, list(self.deals),
                         list(self.totals), self.target, self.stake,
                         [list(v) for v in self.vidos], self.winner, self.rubikon,
                         self.match_points, self.ended_by)


class Match(Game):
    """A bezik match: games in the normal/sanvuar schedule until a player has ``match``
    points (16, or 4 with every game normal)."""

    def __init__(self, rules: Ruleset, seed: int | None = None, dealer: int = 0) -> None:
        self._init_state(rules, seed, dealer)
        self.deal = self._shuffled_deal(dealer)

    def _init_state(self, rules: Ruleset, seed: int | None, dealer: int) -> None:
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < 2:
            raise RecordError("dealer must be a seat from 0 to 1")
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.first_dealer = dealer
        self.starts: list[dict[str, Any]] = []
        self.results = []
        self.histories = []
        self.winner: int | None = None
        self.points = [0, 0]
        self.games = [MatchGame(self._kind(0), 0, dealer)]
        self.totals = self.games[0].totals

    # ----- schedule ------------------------------------------------------
    @property
    def match_to(self) -> int:
        return int(self.rules.options.get("match", 16))

    @property
    def cycle(self) -> tuple[str, ...]:
        return SCHEDULE if self.match_to == 16 else ("normal",)

    def _kind(self, pos: int) -> str:
        return self.cycle[pos % len(self.cycle)]

    @property
    def current_game(self) -> MatchGame:
        return self.games[-1]

    @property
    def game_over(self) -> bool:
        """The current game is decided (the match may go on)."""
        return self.current_game.winner is not None

    @property
    def game_winner(self) -> int | None:
        return self.current_game.winner

    @property
    def match_over(self) -> bool:
        return self.winner is not None

    @property
    def target(self) -> int:
        return self.current_game.target

    # ----- deals ---------------------------------------------------------
    def _start(self, deal: Deal) -> Deal:
        """Record the deal's start and hand it the game's state."""
        super()._start(deal)
        game = self.current_game
        deal.extra.update({
            "game_before": list(game.totals),
            "target": game.target,
            "stake": game.stake,
            "vidos": [list(v) for v in game.vidos],
        })
        return deal

    def _close_deal(self) -> None:
        deal = self.deal
        result = deal.result()
        self.results.append(result)
        game = self.current_game
        game.deals.append(len(self.results) - 1)
        for seat in range(2):
            game.totals[seat] += result.totals[seat]
        game.stake = int(deal.extra["stake"])
        game.vidos = [list(v) for v in deal.extra["vidos"]]
        winner, ended_by = self._decide(game, deal)
        if winner is None:
            return
        game.winner = winner
        game.ended_by = ended_by
        loser_total = game.totals[1 - winner]
        game.rubikon = game.target == TARGET and loser_total < RUBIKON_LIMIT
        game.match_points = BASE_POINTS[game.kind] * game.stake * (2 if game.rubikon else 1)
        self.points[winner] += game.match_points
        if self.points[winner] >= self.match_to:
            self.winner = winner

    @staticmethod
    def _decide(game: MatchGame, deal: Deal) -> tuple[int | None, str | None]:
        """Who wins the game after this deal, and how (None: the game goes on)."""
        extra = deal.extra
        if extra.get("refused") is not None:
            return int(extra["refused"]), "refused"
        last = deal.last_trick_winner
        assert last is not None
        if not extra["brisks_counted"]:
            return last, "target_before_brisks"
        totals = game.totals
        if game.target == TARGET and min(totals) >= TARGET:
            game.target = EXTENDED_TARGET
        reached = [s for s in range(2) if totals[s] >= game.target]
        if not reached:
            return None, None
        if len(reached) == 1:
            return reached[0], "target"
        if totals[0] != totals[1]:
            return (0 if totals[0] > totals[1] else 1), "higher_total"
        return last, "tie_last_trick"

    def _next_dealer(self) -> int:
        """The next deal's dealer; starts the next game when this one is decided."""
        game = self.current_game
        if game.winner is None:
            return 1 - self.deal.dealer
        if len(self.cycle) == 1 or (game.kind == "sanvuar" and game.vidos):
            pos = 0
        else:
            pos = (game.cycle_pos + 1) % len(self.cycle)
        dealer = game.winner
        self.games.append(MatchGame(self._kind(pos), pos, dealer))
        self.totals = self.current_game.totals
        return dealer

    def next_deal(self) -> None:
        """The next deal of this game, or the first deal of the next game."""
        if not self.deal.is_terminal:
            raise IllegalActionError("deal_not_over", "the current deal is still being played")
        if self.is_terminal:
            raise IllegalActionError("game_over", "the match is over")
        self.histories.append(list(self.deal.history))
        self.deal = self._shuffled_deal(self._next_dealer())

    # ----- views -----------------------------------------------------------
    def scores(self) -> list[int]:
        """Game score of each seat, the running deal included."""
        if self.deal.is_terminal:
            return list(self.totals)
        return [t + p for t, p in zip(self.totals, self.deal.points, strict=True)]

    def match_facts(self) -> MatchFacts:
        """The marköz: match points, the stake, which game of the cycle."""
        game = self.current_game
        stake = game.stake if self.deal.is_terminal else int(self.deal.extra["stake"])
        vidos = game.vidos if self.deal.is_terminal else self.deal.extra["vidos"]
        return MatchFacts(
            points=tuple(self.points),
            to=self.match_to,
            stake=stake,
            kind=game.kind,
            game=len(self.games),
            cycle_pos=game.cycle_pos,
            cycle_len=len(self.cycle),
            target=game.target,
            vidos=vido_calls(vidos),
            game_scores=tuple(self.scores()),
            game_winner=game.winner,
            match_winner=self.winner,
            game_deals=len(game.deals),
            game_points=game.match_points,
            game_why=game.why,
        )

    def observation(self, seat: int) -> Observation:
        obs = self.deal.observation(seat)
        obs.game_scores = self.scores()
        obs.match = self.match_facts()
        return obs

    def vido_stakes(self, seat: int) -> VidoStakes | None:
        """The stakes of the vido ``seat`` may call or must answer now (None: neither).

        A refusal's match points come from refusing on a copy of the match, so the game
        kind and the rubikon are counted by the same code that will count them."""
        if self.current_player != seat:
            return None
        kinds = {a.kind for a in self.legal_actions()}
        answering = ACCEPT in kinds
        if not answering and VIDO not in kinds:
            return None
        extra = self.deal.extra
        stake = int(extra.get("stake", 1))
        probe = self.clone()
        if not answering:
            probe.apply(VIDO)
        caller = int(probe.deal.extra["vido_pending"])
        probe.apply(REFUSE)
        return VidoStakes(
            role="answer" if answering else "call",
            kontr=any(v[1] == "accepted" for v in extra.get("vidos") or []),
            caller=caller,
            stake=stake,
            stake_after=stake * 2,
            refused_points=int(probe.current_game.match_points),
        )

    def summary(self) -> dict[str, Any]:
        """The replay output (docs/design.md) for a bezik match."""
        game = self.current_game
        return {
            "ok": True,
            "deals": [r.to_json() for r in self.results],
            "game": {"totals": list(game.totals), "winner": game.winner},
            "games": [g.summary() for g in self.games],
            "match": {"points": list(self.points), "winner": self.winner, "to": self.match_to},
        }

    # ----- copies and records ---------------------------------------------
    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.rules = self.rules
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.first_dealer = self.first_dealer
        other.starts = [dict(s) for s in self.starts]
        other.results = list(self.results)
        other.histories = [list(h) for h in self.histories]
        other.winner = self.winner
        other.points = list(self.points)
        other.games = [g.copy() for g in self.games]
        other.totals = other.games[-1].totals
        other.deal = self.deal.clone()
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return (self.to_json() == other.to_json() and self.points == other.points
                and [g.summary() for g in self.games] == [g.summary() for g in other.games]
                and self.deal == other.deal)

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def replay(cls, rules: Ruleset, dealer: int, deals: Sequence[Any],
               seed: int | None = None) -> Match:
        """Play a match record's deals (dealers follow the rules); see replay_record."""
        match = cls.__new__(cls)
        match._init_state(rules, seed, dealer)
        for number, entry in enumerate(deals):
            if not isinstance(entry, Mapping):
                raise RecordError(f"deal {number} is not an object")
            if match.is_terminal:
                raise RecordError(f"deal {number} comes after the end of the match")
            seat = dealer
            if number:
                if not match.deal.is_terminal:
                    raise RecordError(f"deal {number - 1} stops before its end")
                match.histories.append(list(match.deal.history))
                seat = match._next_dealer()
            replay_deal(match, rules, seat, entry, number)
        return match


PLAYED_AS["bezik"] = Match

if TYPE_CHECKING:  # both satisfy the table's contract (mypy checks these two lines)
    _GAME: type[PlayableGame] = Game
    _MATCH: type[PlayableGame] = Match
