"""The table drawn: the view built from the game and the model, the regions patched, and
what is new said and played.

The painter owns what only drawing needs (the view last shown, the title set, the
call-outs shown at other seats); the table's facts come from the model and the game. A
paint draws (one pass from state to page), then follows up on what changed: the events
beyond the model's count of those said are said and played, and the count moves on by a
message. It runs once per event (``web.platform.runtime.Frames``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from html import escape
from typing import Protocol

from engine.log_events import PlayEvent, log_events
from web import i18n
from web.features.review_screen import ReviewScreen
from web.link.pairing import Pairing
from web.platform import sound as sounds
from web.records.records_screens import Records
from web.state import names, records_state
from web.state.model import Model
from web.state.seats import seat_label
from web.state.table_news import FrameSeen
from web.state.table_state import EventsSaid
from web.table import flow, handover
from web.table.seat_frame import SeatFrame, seat_frame
from web.table.table_parts import TableBase
from web.view import (
    daily_view,
    events,
    flowview,
    guideview,
    hint_view,
    menu,
    pairing_view,
    platform_view,
    records_view,
    render,
    screens,
)
from web.view.card_html import sort_hand
from web.view.review_view import review_button, review_overlay
from web.view.seat_place import seat_name
from web.view.table_view import TableView


class PaintedTable(TableBase, Protocol):
    """What the painter reads of its table (``web.app.App`` is one)."""

    lang: str
    auto_passes: flow.AutoPasses
    records: Records
    review: ReviewScreen
    pairing: Pairing


@dataclass(frozen=True)
class PartsDrawn:
    """What the table's parts draw of their own state for one paint (the notices and
    banners, the screen over the table, the undo button's state)."""

    notice: str  # the notice line, the hint, the other tab's and the other devices' banners
    overlay: str  # the screen over the table ("": none)
    undo: bool | None  # the bar's undo button: usable, unusable, or not shown
    hint_search: bool  # a hint can be searched here (not at a guest's table)


def table_regions(view: TableView, model: Model, parts: PartsDrawn, cat: i18n.Catalog,
                  hand_focus: int) -> dict[str, str]:
    """Every region of the table as HTML: a pure function of the view, the model and what
    the parts drew, so it is tested without a page or a table."""
    table = model.table
    regions = {
        "bz-bar": menu.render_bar(
            cat,
            hint_enabled=not table.busy and render.human_to_act(view) and parts.hint_search,
            menu_open=model.overlay == "menu",
            log_open=model.log_open,
            variant=view.variant,
            undo=parts.undo,
        ),
        "bz-scores": render.render_scores(view, cat),
        "bz-opps": render.render_opponents(view, cat),
        "bz-centre": render.render_centre(view, cat),
        "bz-me": render.render_hand(view, cat, hand_focus),
        "bz-prompt": guideview.render_bubble(view, cat) + flowview.render_prompt(view, cat),
        "bz-notice": "" if model.overlay == "start"
        else parts.notice + flowview.render_toast(view, cat),
        "bz-log": render.render_log(view, cat),
        "bz-overlay": parts.overlay,
    }
    if model.overlay == "start" or "start" in model.back:  # nothing behind the start
        regions = {k: ("" if k != "bz-overlay" else v) for k, v in regions.items()}
    return regions


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
        return seat_name(view.seats[seat], view, self.app.cat)

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

    def build(self) -> TableView:
        """The table now: the model's frame of the seat shown, with this device's touches."""
        app, model = self.app, self.app.model
        table = model.table
        assert table.frame is not None  # a paint hands the frame in first
        table_events = table.frame.events
        view = replace(table.frame.view)  # fields replaced below, the frame's kept as it is
        view.thinking = table.busy
        view.by_host = pairing_view.by_host(model.pairing)
        view.deck_check = pairing_view.deck_check(model.pairing)
        if pairing_view.paused(model.pairing):  # a device is away: nobody moves until it is back
            view.legal, view.prompts = [], []
        view.hand = sort_hand(view.hand, model.prefs.hand_sort, view.trump)
        if view.seat_kinds is None and (table.seats.pass_and_play or table.seats.devices()):
            view.seat_kinds = table.seats.to_json()  # names that do not change with the device
        typed = names.for_seats(dict(table.setup), table.seats)
        if any(typed):
            view.seat_names = typed
        if table.handover is not None:
            view = handover.conceal(view)
        self.view = view
        view.log = events.log_lines(
            app.cat, table_events, human=table.human, who=self.who,
            draws=table.handover is None,
        )
        view.drawn, view.trick_fresh = flow.fresh_moves(table_events, table.human)
        if not any(isinstance(event, PlayEvent) for event in table_events):  # a new deal
            view.drawn = list(view.hand)  # dealt from the stock
        flow.dress_table(view, table.shelf, table_events, model.hint)
        view.callouts = list(table.callouts.shown)
        guideview.dress(view, model.guide)
        daily_view.dress(view, model.daily, model.overlay)
        return view

    def paint(self) -> None:
        """One render: first the model learns what only the engine's game tells (the seat's
        frame now, whose news come back as effects: web.state.table_news; whether the deal
        shown can be reviewed), then the table is drawn from the model."""
        app = self.app
        app.review.follow_table()
        app.dispatch(FrameSeen(self.frame_now(), app.runtime.now()))
        self.draw()

    def draw(self) -> None:
        """Build the view and patch the regions that changed."""
        app, model = self.app, self.app.model
        view = self.build()
        overlay, modal = self.overlay_view(view)
        parts = PartsDrawn(
            notice="" if model.overlay == "start" else self.notice_html(),
            overlay=overlay,
            undo=records_state.undo_button(model.records.game, model.table.seats),
            # a guest's table holds no game to search
            hint_search=not pairing_view.by_host(model.pairing),
        )
        regions = table_regions(view, model, parts, app.cat, model.table.hand_focus)
        # the look first: the patch is then laid out once, with it (and slides as it says)
        app.dom.set_look(model.prefs.page_look(log_open=model.log_open))
        app.dom.patch_all(regions, table_players=view.num_players, modal=modal,
                          keep_bar=model.overlay == "menu")
        title = menu.title_of(app.cat, view.variant)
        if title != self.title_shown:
            self.title_shown = title
            app.dom.set_title(title)
        app.dom.set_peer(*pairing_view.peer_flags(model.pairing))

    def notice_html(self) -> str:
        app, model = self.app, self.app.model
        if not model.plays_here:
            return platform_view.watching_banner(app.cat)
        parts = []
        if model.notice:
            key, params = model.notice
            rule = params.get("rule")
            if key == "rule":
                text = app.cat.error(rule if isinstance(rule, str) else None)
            else:
                text = app.cat.t(key, **params)
            cls = "notice error" if model.notice_error else "notice"
            parts.append(f'<p class="{cls}" role="alert">{escape(text)}</p>')
        parts.append(hint_view.hint_box(model.hint, model.hint_combination, app.cat))
        seat_names = [] if self.view is None else list(self.view.seat_names or [])
        parts.append(pairing_view.pairing_banner(model.pairing, app.cat, model.table.seats,
                                                 seat_names))
        return "".join(parts)

    def overlay_view(self, view: TableView) -> tuple[str, bool]:
        """The overlay's HTML, and whether it is a modal screen (what it covers is inert):
        every screen is, but the summaries of a deal and a game, which leave the table in
        view and usable."""
        app, model = self.app, self.app.model
        cat, table = app.cat, model.table
        if model.overlay == "start":
            return screens.render_start(
                cat,
                app.lang,
                can_continue=table.has_save,
                notice=self.notice_html(),
                variant=view.variant,
            ), True
        paired = pairing_view.pairing_overlay(model.pairing, model.overlay,
                                              view.seat_names or [], cat)
        if paired is not None:
            return paired, True
        screen = {
            "menu": lambda: menu.render_menu(
                cat, app.lang,
                undo_available=records_state.undo_available(model.records.game, table.seats),
                device_items=platform_view.install_items(model.device, cat),
            ),
            "dialog": lambda: screens.render_new_game(model, cat),
            "confirm": lambda: screens.render_confirm_new(cat),
            "settings": lambda: screens.render_settings(
                model.prefs, cat, app.lang,
                platform_view.storage_section(model.device, model.storage_note, cat),
            ),
            "rules": lambda: screens.render_rules(
                model.rules_variant or view.variant, cat
            ),
            "daily": lambda: daily_view.render_daily_screen(model.daily, cat,
                                                            menu.close_button(cat)),
        }.get(model.overlay or "")
        if screen is not None:
            return screen(), True
        if table.handover is not None:
            return handover.render_screen(
                cat,
                seat_label(cat, table.seats, table.handover, view.seat_names or ()),
                handover.render_last_trick(view, cat),
            ), True
        records = review_overlay(model.review, model.overlay, cat) or self.records_screen()
        if records is not None:
            return records, True
        if model.overlay == "game" and view.game_over:
            return render.render_game_summary(
                view,
                cat,
                records_view.sheet_html(model.records, self.seat_names(), cat),
                records_view.summary_actions(cat),
                records_view.change_html(model.records, cat),
            ), False
        if view.deal_summary is not None:
            return render.render_deal_summary(view, view.deal_summary, cat,
                                              review_button(model.review, cat)), False
        return "", False

    def records_screen(self) -> str | None:
        """The records screen shown, if one is (drawn from the model)."""
        app, model = self.app, self.app.model
        if model.overlay not in records_view.SCREENS:
            return None
        return records_view.records_screen(
            model.records, model.overlay, app.cat,
            names=self.seat_names() if model.overlay == "score-sheet" else [],
            when=lambda ms: app.dom.format_time(ms, app.lang),  # the page's clock, its words
            daily=daily_view.render_stats(model.daily.figures, app.cat) if model.overlay == "stats"
            else "",
        )

    def seat_names(self) -> list[str]:
        """The names of the seats of the game the records show, as the table shows them."""
        return [self.who(s) for s in range(self.app.model.records.game.players)]
