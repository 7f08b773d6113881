"""What one seat's table shows, as the engine decides it: the view and the seat's log.

Why a module of its own: the same table is drawn on this device for its player and on
another device for a guest (two devices, one table). What the engine decides (the cards
the seat may see, the legal moves, the scores, the summaries, the log as the table tells
it) is one ``SeatFrame``, built here from the game and sent to a guest as data
(``web.link.frame_wire``); what each device decides itself (the hand's order, the names,
the language of the log, where the last trick lies, the hint) is added by
``web.view.table_page.table_view`` on the device that draws it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine.log_events import log_events
from engine.playable import PlayableGame
from web.table import flow
from web.table.adapter import build_view, observe
from web.table.flow import TableEvent
from web.view.table_view import TableView


@dataclass(frozen=True)
class SeatFrame:
    """A seat's table before this device's touches: ``view`` holds only what the seat may
    know (its own hand, the public cards, the legal moves when it is its turn)."""

    view: TableView
    events: tuple[TableEvent, ...]


def seat_frame(game: PlayableGame, seat: int, auto_passes: Collection[int] = (),
               deal_number: int = 1) -> SeatFrame:
    """The frame of ``seat`` now (``auto_passes``: the places of the passes the table made
    for a person, ``web.table.flow.AutoPasses``)."""
    obs = observe(game, seat)  # one observation per frame
    events = flow.table_log(game, log_events(obs.log), auto_passes)
    view = build_view(game, seat, obs=obs, deal_number=deal_number)
    flow.dress_game(view, game, events)
    return SeatFrame(view, tuple(events))
