"""Taking moves back: rebuild the game from a shorter record.

A game is its record plus the random generator's state (``Game.to_json``).
Inside one deal nothing random happens (the deal's cards are fixed when it is
shuffled), so cutting the running deal's actions and replaying gives exactly
the position before them, with the same stock in the same order, and the
generator's state saved with the game still deals the next hands unchanged.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalActionError
from .game import Game
from .playable import PlayableGame


def _accepted_vido(game: PlayableGame) -> bool:
    """Bezik: a vido (or kontr vido) has been accepted in this match (its stake is
    committed: from then on the match is played without taking moves back)."""
    vidos = list(game.deal.extra.get("vidos") or [])
    for played in getattr(game, "games", []):
        vidos.extend(played.vidos)
    return any(len(v) > 1 and v[1] == "accepted" for v in vidos)


def _game_decided(game: PlayableGame) -> bool:
    return game.game_over


def _cut(game: PlayableGame, keep: int) -> dict[str, Any]:
    """The game's save with the running deal cut to its first ``keep`` actions."""
    save = game.to_json()
    save["record"]["deals"][-1]["actions"] = save["record"]["deals"][-1]["actions"][:keep]
    return save


def acting_seats(game: PlayableGame) -> list[int]:
    """Who made each action of the running deal, in order."""
    probe = Game.from_json(_cut(game, 0))
    seats = []
    for text in game.deal.history:
        seat = probe.deal.current_player
        assert seat is not None
        seats.append(seat)
        probe.apply(text)
    return seats


def undo_point(game: PlayableGame, seat: int) -> int | None:
    """How many actions of the running deal stay when ``seat`` takes back its last
    move (None: nothing to take back, or taking back is not allowed now)."""
    if _game_decided(game) or _accepted_vido(game) or not game.deal.history:
        return None
    seats = acting_seats(game)
    mine = [i for i, s in enumerate(seats) if s == seat]
    return mine[-1] if mine else None


# Log events written when a seat acts (each action writes one, with the seat second).
ACTION_EVENTS = frozenset({"play", "declare", "pass", "seven", "vido", "vido_accepted",
                           "vido_refused"})


def can_undo(game: PlayableGame, seat: int) -> bool:
    """Whether ``undo`` would take something back (cheap: reads the deal's log, no replay)."""
    if _game_decided(game) or _accepted_vido(game):
        return False
    return any(len(ev) > 1 and ev[0] in ACTION_EVENTS and ev[1] == seat for ev in game.deal.log)


def undo(game: PlayableGame, seat: int) -> PlayableGame:
    """A new game where ``seat``'s last action of the running deal, and everything
    after it, never happened. IllegalActionError when there is nothing to take back."""
    keep = undo_point(game, seat)
    if keep is None:
        raise IllegalActionError("nothing_to_undo", "there is no move of yours to take back")
    return Game.from_json(_cut(game, keep))
