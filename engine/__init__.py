"""Bezique rules engine: variants, deals, games, records and players (stdlib only)."""

from .actions import Action
from .cards import Card
from .deal import Deal, DealResult
from .errors import IllegalActionError, NotationError, RecordError
from .game import Game, ReplayError, new_game, replay_record
from .match import Match
from .observation import Observation
from .playable import PlayableGame
from .session import Session
from .variants import VARIANTS, make_rules

__all__ = [
    "VARIANTS",
    "Action",
    "Card",
    "Deal",
    "DealResult",
    "Game",
    "IllegalActionError",
    "Match",
    "NotationError",
    "Observation",
    "PlayableGame",
    "RecordError",
    "ReplayError",
    "Session",
    "make_rules",
    "new_game",
    "replay_record",
]
