"""Typed public facts a variant or a match adds to what a seat sees.

Why: the table (web/) read these facts out of ``Observation.extra``, a ``dict[str, Any]``
whose keys nothing checked. Here each is a frozen dataclass read through attributes;
``to_json`` gives the same dict as before (``Observation.extra``, which the AI and the
saved forms keep), so nothing stored changes.

A leaf of the engine: the observation, the rulesets, the deal and the match all name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ACCEPTED = "accepted"
REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class VidoCall:
    """A vido (or kontr vido) called in the current game, and how it was answered."""

    caller: int
    result: str  # ACCEPTED or REFUSED

    def to_json(self) -> list[Any]:
        return [self.caller, self.result]


@dataclass(frozen=True, slots=True)
class ProvisionalScore:
    """A dönük lead's score that stays only if its player takes a trick again."""

    seat: int
    name: str
    points: int


@dataclass(frozen=True, slots=True)
class Completion:
    """A ``declare`` that would complete a broken group now, and what it scores."""

    action: str  # the declare action's text
    group: int  # the group's index in the deal's groups
    points: int


@dataclass(frozen=True, slots=True)
class BezikFacts:
    """What a bezik seat sees of the deal besides the common observation."""

    completions: tuple[Completion, ...]
    donuk: tuple[int, ...]  # seats whose dönük score is provisional, in seat order
    provisional: tuple[ProvisionalScore, ...]
    group_states: tuple[str, ...]  # intact / broken / gone / absorbed, per group
    stake: int
    vidos: tuple[VidoCall, ...]
    vido_pending: int | None  # the seat whose vido waits for an answer
    target: int
    game_before: tuple[int, ...]  # the game's totals before this deal
    trump_sequence: bool

    @property
    def kontr(self) -> bool:
        """A vido was called in this game already: the next one is kontr vido."""
        return bool(self.vidos)

    @property
    def accepted_vidos(self) -> int:
        return sum(1 for v in self.vidos if v.result == ACCEPTED)

    def to_json(self) -> dict[str, Any]:
        """The ``Observation.extra`` form (JSON lists, as it always was)."""
        return {
            "completions": [[c.action, c.group, c.points] for c in self.completions],
            "donuk": list(self.donuk),
            "provisional": [[p.seat, p.name, p.points] for p in self.provisional],
            "group_states": list(self.group_states),
            "stake": self.stake,
            "vidos": [v.to_json() for v in self.vidos],
            "vido_pending": self.vido_pending,
            "kontr": self.kontr,
            "target": self.target,
            "game_before": list(self.game_before),
            "trump_sequence": self.trump_sequence,
        }


# The per-variant facts an observation may carry (only bezik has any so far: the other
# variants show everything public in the common fields).
VariantFacts = BezikFacts


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """The marköz of a bezik match: match points, the stake, which game of the cycle."""

    points: tuple[int, ...]
    to: int
    stake: int
    kind: str  # normal / sanvuar
    game: int  # the game's number in the match, from 1
    cycle_pos: int
    cycle_len: int
    target: int
    vidos: tuple[VidoCall, ...]
    game_scores: tuple[int, ...]
    game_winner: int | None
    match_winner: int | None
    game_deals: int  # the deals of the current game finished so far
    game_points: int  # the match points the current game gave its winner (0: undecided)
    game_why: str | None  # those points explained: comma-separated factors (summary.why.*)

    def to_json(self) -> dict[str, Any]:
        """The form ``Match.match_info`` always gave (without the last three fields)."""
        return {
            "points": list(self.points),
            "to": self.to,
            "stake": self.stake,
            "kind": self.kind,
            "game": self.game,
            "cycle_pos": self.cycle_pos,
            "cycle_len": self.cycle_len,
            "target": self.target,
            "vidos": [v.to_json() for v in self.vidos],
            "game_scores": list(self.game_scores),
            "game_winner": self.game_winner,
            "match_winner": self.match_winner,
        }


@dataclass(frozen=True, slots=True)
class DealEnding:
    """How a finished deal ended beyond its scores (the deal summary's notes)."""

    last_trick_points: int | None  # the last trick's bonus (None: no last trick scored)
    brisks_counted: bool  # bezik: false when the target was reached before the brisks
    refused: int | None  # bezik: the seat whose vido was refused (the deal ended there)


def vido_calls(data: Any) -> tuple[VidoCall, ...]:
    """Vido calls from their JSON form ``[[caller, result], ...]``."""
    return tuple(VidoCall(int(caller), str(result)) for caller, result in data or ())
