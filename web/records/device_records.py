"""The history and statistics of games played with friends on other devices.

Why a module of its own: a guest's device holds no game of its own (the host's engine is
the authority), yet its player keeps the game in their history and statistics like any
other. At the end of the game the guest has the whole record, checked against the fair
deck; it is replayed here and kept from the guest's seat. Host and guest both count these
games at the level ``stats.DEVICES``, apart from the computer's levels.
"""

from __future__ import annotations

from engine import RecordError, ReplayError, replay_record
from web.records import history, stats
from web.storage import KeyValue
from web.storage.json_data import JsonObject


def keep_guest_game(store: KeyValue, record: JsonObject, seat: int, finished: int) -> bool:
    """A guest's finished game, from the host's checked record: into this device's history
    and statistics from ``seat`` (False: the record is not of a finished game)."""
    try:
        game = replay_record(record)
    except (RecordError, ReplayError):
        return False
    if not game.is_terminal:
        return False
    outcome = stats.outcome_of(game, seat, game.rules.name, stats.DEVICES, False)
    stats.save(store, stats.add(stats.load(store), outcome))
    history.add(store, history.make_entry(
        game_id=f"{finished}-device-{seat}", finished=finished, record=record, level=stats.DEVICES,
        human=seat, undo=False, won=outcome.won, totals=history.final_totals(game)))
    return True
