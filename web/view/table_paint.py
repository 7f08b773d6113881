"""The table painted: once per render (``web.platform.runtime.Frames``), the model first
learns what only the engine's game tells (the seat's frame now, whose news come back as
effects: ``web.state.table_news``; the game's score sheet and what undo could take back;
where the guided deal stands; whether the deal shown can be reviewed), then the table
is drawn from the model (``web.view.table_page``, pure) and the page patched.

The painter keeps only what the page already shows (the view last drawn, whose names say
who is who; the title set) and the table's sounds.
"""

from __future__ import annotations

import sys
from typing import Protocol

from engine.log_events import log_events
from web.features.guide import Guide
from web.features.review_screen import ReviewScreen
from web.link.pairing import Pairing
from web.platform import sound as sounds
from web.records.records_screens import Records
from web.state.table_news import FrameSeen
from web.state.table_state import EventsSaid
from web.table import flow
from web.table.seat_frame import SeatFrame, seat_frame
from web.table.table_parts import TableBase
from web.view import card_faces
from web.view.seat_place import who
from web.view.table_page import Page, draw_table
from web.view.table_view import TableView


class PaintedTable(TableBase, Protocol):
    """What the painter reads of its table (``web.app.App`` is one)."""

    lang: str
    auto_passes: flow.AutoPasses
    review: ReviewScreen
    records: Records
    guide: Guide
    pairing: Pairing


class TablePainter:
    """Draws one table: ``paint`` is the whole of a render."""

    def __init__(self, app: PaintedTable) -> None:
        self.app = app
        self.view: TableView | None = None  # the view last drawn
        self.title_shown = ""  # the document's title as last set (the variant's name)
        self.sound = sounds.Sound() if sys.platform != "emscripten" else sounds.WebAudio()

    def who(self, seat: int) -> str:
        """A seat's name as the table shows it."""
        view = self.view
        if view is None:
            return str(seat)
        return who(view, self.app.cat, seat)

    def announced_all(self) -> None:
        """What the table shows now was already seen (a start, a move taken back)."""
        app = self.app
        human = app.model.table.human
        seen = log_events(app.game.deal.observation(human).log)
        app.dispatch(EventsSaid(len(flow.table_log(app.game, seen))))

    def frame_now(self) -> SeatFrame:
        """The frame of the seat shown: from the engine here, or from the host at a guest's
        table."""
        app, table = self.app, self.app.model.table
        frame = app.pairing.guest_frame()
        if frame is None:
            frame = seat_frame(app.game, table.human, app.auto_passes.of(app.game),
                               table.deal_number)
        return frame

    def paint(self) -> None:
        """One render: what the engine tells handed to the model, then the model drawn."""
        app = self.app
        # the game changes in many places (a move, the next deal, undo, another tab's save,
        # the host's frame): the model learns what it shows here, once per render
        app.records.note_game()
        app.guide.follow()
        app.review.follow_table()
        app.dispatch(FrameSeen(self.frame_now(), app.runtime.now()))
        lang = app.lang
        drawn = draw_table(app.model, Page(app.cat, lang,
                                           lambda ms: app.dom.format_time(ms, lang)))
        self.view = drawn.view
        # the look first: the patch is then laid out once, with it (and slides as it says)
        app.dom.set_look(card_faces.page_look(app.model.prefs, log_open=app.model.log_open))
        app.dom.patch_all(drawn.regions, table_players=drawn.view.num_players,
                          modal=drawn.modal, keep_bar=drawn.keep_bar)
        if drawn.title != self.title_shown:
            self.title_shown = drawn.title
            app.dom.set_title(drawn.title)
        app.dom.set_peer(*drawn.peer)
