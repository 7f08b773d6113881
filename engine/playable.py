"""The engine ↔ UI contract: what a table may call on "the game" it plays.

Why: the table (web/) holds an ``engine.game.Game``, for bezik an ``engine.match.Match``,
for the multi-pack games an ``engine.session.Session``; it held it as ``Any``, so a renamed
method showed only in the browser. All three satisfy this protocol (``engine.match`` and
``engine.session`` check it for mypy), and the table names it wherever it holds the game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .actions import Action
    from .deal import Deal, DealResult
    from .facts import MatchFacts, SessionFacts
    from .observation import Observation, VidoStakes
    from .rules import Ruleset


class PlayableGame(Protocol):
    """A game (or a bezik match) as a table plays it, saves it and scores it."""

    rules: Ruleset
    deal: Deal  # the deal being played (or just finished)
    seed: int | None
    rng: random.Random
    totals: list[int]  # the current game's totals per seat, finished deals only
    winner: int | None  # the winner of the whole (the game; for bezik, the match)
    results: list[DealResult]  # each finished deal's result
    histories: list[list[str]]  # the actions of each finished deal

    # ----- turn and end ---------------------------------------------------
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_terminal(self) -> bool: ...
    @property
    def deal_over(self) -> bool: ...
    @property
    def game_over(self) -> bool: ...
    @property
    def game_winner(self) -> int | None: ...
    @property
    def match_over(self) -> bool: ...

    # ----- play ----------------------------------------------------------
    def legal_actions(self) -> list[Action]: ...
    def apply(self, action: Action | str) -> None: ...
    def next_deal(self) -> None: ...

    # ----- what the table shows -----------------------------------------------
    def observation(self, seat: int) -> Observation: ...
    def scores(self) -> list[int]: ...
    def side_totals(self, totals: list[int] | None = None) -> list[int]: ...
    def vido_stakes(self, seat: int) -> VidoStakes | None: ...
    def match_facts(self) -> MatchFacts | None: ...
    def session_facts(self) -> SessionFacts | None: ...

    # ----- records and saves ---------------------------------------------
    def record(self) -> dict[str, Any]: ...
    def to_json(self) -> dict[str, Any]: ...
    def clone(self) -> PlayableGame: ...
