"""Typed public facts a variant or a match adds to what a seat sees.

Why: the table and the AI once read these facts out of ``Observation.extra``, a
``dict[str, Any]`` whose keys nothing checked. Here each is a frozen dataclass read
through attributes; the deal's own state stays JSON in ``deal.extra`` (saved with it).

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

    def to_json(self) -> list[int | str]:
        """The form ``deal.extra["vidos"]`` keeps (saved with the deal)."""
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


@dataclass(frozen=True, slots=True)
class MultipackFacts:
    """What a multi-pack seat (rubicon, six-pack, eight-pack) sees besides the common
    observation: the carte blanche cards each seat has shown and still holds."""

    shown: tuple[tuple[int, ...], ...]  # per seat: kind codes shown and still in its hand
    blanche_rights: tuple[bool, ...]  # per seat: may still show carte blanche this deal
    blanche_pending: int | None  # the seat that must choose blanche or pass now


@dataclass(frozen=True, slots=True)
class Settlement:
    """How one multi-pack game (one deal) was settled.

    ``totals`` are the deal's exact totals (brisques in them when counted), ``rounded``
    those cut down to whole hundreds; the winner scores ``points`` (0 for a drawn game)."""

    winner: int | None  # None: a drawn game (exact tie)
    points: int
    rubiconed: bool
    totals: tuple[int, ...]
    rounded: tuple[int, ...]
    brisques_counted: bool
    game_bonus: int  # the bonus in ``points`` (game bonus, or the rubicon bonus)
    brisques_bonus: int  # rubicon: the 320 for brisques a rubiconed loser's winner adds

    def to_json(self) -> dict[str, Any]:
        """The replay form: ``{"winner", "points", "rubiconed"}``."""
        return {"winner": self.winner, "points": self.points, "rubiconed": self.rubiconed}


@dataclass(frozen=True, slots=True)
class SessionFacts:
    """A multi-pack session: its games so far (one deal each) and the running totals."""

    points: tuple[int, ...]  # each seat's settlement points over the finished games
    games: int  # games finished
    planned: int  # games in the session (option ``games``; 0: open-ended)
    settlements: tuple[Settlement, ...]  # one per finished game, in order
    over: bool  # the planned games are all played
    winner: int | None  # the session's winner once over (None: level or not over)

    @property
    def last(self) -> Settlement | None:
        return self.settlements[-1] if self.settlements else None

    def to_json(self) -> dict[str, Any]:
        """The replay form: ``{"points": [a, b], "games": n}``."""
        return {"points": list(self.points), "games": self.games}


@dataclass(frozen=True, slots=True)
class DealEnding:
    """How a finished deal ended beyond its scores (the deal summary's notes)."""

    last_trick_points: int | None  # the last trick's bonus (None: no last trick scored)
    brisks_counted: bool  # bezik: false when the target was reached before the brisks
    refused: int | None  # bezik: the seat whose vido was refused (the deal ended there)


def vido_calls(data: Any) -> tuple[VidoCall, ...]:
    """Vido calls from their JSON form ``[[caller, result], ...]``."""
    return tuple(VidoCall(int(caller), str(result)) for caller, result in data or ())
