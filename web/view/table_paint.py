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
from dataclasses import dataclass
from html import escape
from typing import Protocol

from engine.log_events import PlayEvent, log_events
from web import i18n
from web.features.hints import Hints
from web.features.review_screen import ReviewScreen
from web.link.pairing import Pairing
from web.platform import sound as sounds
from web.platform.install import DeviceControls
from web.records.records_screens import Records
from web.state import names
from web.state.model import Model
from web.state.seats import seat_label
from web.state.table_state import EventsSaid, HandFocused
from web.storage.keeper import Keeper
from web.table import flow, handover
from web.table.adapter import game_decided
from web.table.seat_frame import seat_frame
from web.table.table_parts import TableBase
from web.view import daily_view, events, flowview, guideview, menu, render, screens
from web.view.callouts import TableCallouts
from web.view.card_html import sort_hand
from web.view.seat_place import seat_name
from web.view.table_view import TableView


class PaintedTable(TableBase, Protocol):
    """What the painter reads of its table (``web.app.App`` is one)."""

    lang: str
    auto_passes: flow.AutoPasses
    keeper: Keeper
    records: Records
    review: ReviewScreen
    device: DeviceControls
    hints: Hints
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
        self.last_log: list[flow.TableEvent] = []  # its events, as the table tells them
        self.title_shown = ""  # the document's title as last set (the variant's name)
        self.had_prompt = False  # the last view asked the person to declare or answer
        self.callouts = TableCallouts()  # what other seats scored, said at their seats
        self.sound = sounds.Sound() if sys.platform != "emscripten" else sounds.WebAudio()

    @property
    def hand_focus(self) -> int:
        """The hand's card the keyboard is on (within the hand last shown)."""
        shown = len(self.view.hand) if self.view is not None else 0
        return max(0, min(self.app.model.table.hand_focus, shown - 1))

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

    def build(self) -> TableView:
        """The table now: the frame of the seat shown (from the engine here, or from the
        host at a guest's table), with this device's touches."""
        app, model = self.app, self.app.model
        table = model.table
        frame = app.pairing.guest_frame()
        if frame is None:
            frame = seat_frame(app.game, table.human, app.auto_passes.of(app.game),
                               table.deal_number)
        table_events = list(frame.events)
        self.last_log = table_events
        view = frame.view
        view.thinking = table.busy
        view.by_host = app.pairing.joining is not None
        view.deck_check = app.pairing.deck_check()
        if app.pairing.paused():  # a device is away: nobody moves until it is back
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
        guideview.dress(view, model.guide)
        daily_view.dress(view, model.daily, model.overlay)
        return view

    def paint(self) -> None:
        """One render: draw the table as it is, then follow up on what changed since the
        last one (what to say and play, where the focus goes, the timers it needs)."""
        view, callout_wait = self.draw()
        self.follow_up(view, callout_wait)

    def draw(self) -> tuple[TableView, float | None]:
        """Build the view and patch the regions that changed. Returns the view and when a
        call-out shown at a seat is due to go (None: none)."""
        app, model = self.app, self.app.model
        table = model.table
        view = self.build()
        callout_wait = self.callouts.dress(
            view,
            self.last_log,
            table.said,  # moved on right after this render (announce)
            viewer=table.human,
            visible=table.handover is None and model.overlay is None
            and view.deal_summary is None,
            keep_own=bool(table.seats.pass_and_play),
            now=app.runtime.now(),
        )
        overlay, modal = self.overlay_view(view)
        parts = PartsDrawn(
            notice="" if model.overlay == "start" else self.notice_html(),
            overlay=overlay,
            undo=app.records.undo_button(),
            hint_search=app.pairing.joining is None,  # a guest's table holds no game to search
        )
        regions = table_regions(view, model, parts, app.cat, self.hand_focus)
        # the look first: the patch is then laid out once, with it (and slides as it says)
        app.dom.set_look(model.prefs.page_look(log_open=model.log_open))
        app.dom.patch_all(regions, table_players=view.num_players, modal=modal,
                          keep_bar=model.overlay == "menu")
        title = menu.title_of(app.cat, view.variant)
        if title != self.title_shown:
            self.title_shown = title
            app.dom.set_title(title)
        app.dom.set_peer(*app.pairing.peer())
        return view, callout_wait

    def follow_up(self, view: TableView, callout_wait: float | None) -> None:
        """What changed since the last render, compared with what it left: the new events
        said and played, the focus on a new prompt, a finished trick's and a call-out's
        timers."""
        app, table = self.app, self.app.model.table
        if self.hand_focus != table.hand_focus:  # the hand got shorter: the focus within it
            app.dispatch(HandFocused(self.hand_focus))
        self.announce()
        # A keyboard player who just won a trick lands on the declare/pass choice.
        prompt = view.phase in ("declare", "answer") and view.current == table.human
        if prompt and not self.had_prompt and app.dom.focus_is_in("#bz-me"):
            app.dom.focus_first("#bz-prompt .btn")
        self.had_prompt = prompt
        # The timers this render asks for, once the page shows it.
        if view.trick_state == "done":
            app.turns.settle_later(flow.tricks_done(self.last_log)[0])
        if callout_wait is not None:
            self.callouts_later(callout_wait)

    def callouts_later(self, seconds: float) -> None:
        """Render again once a shown call-out's time is up (one timer, the earliest)."""
        runtime = self.app.runtime
        due = self.callouts.timer_wanted(seconds, runtime.now())
        if due is None:
            return

        async def later() -> None:
            await runtime.sleep(seconds)
            if self.callouts.timer_fired(due):
                self.app.render()

        runtime.spawn(later())

    def notice_html(self) -> str:
        app, model = self.app, self.app.model
        if not app.keeper.playing:
            return app.keeper.banner_html()
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
        parts.append(app.hints.html())
        seat_names = [] if self.view is None else list(self.view.seat_names or [])
        parts.append(app.pairing.banner_html(seat_names))
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
                variant=app.game.rules.name,
            ), True
        paired = app.pairing.overlay_html(view.seat_names or [])
        if paired is not None:
            return paired, True
        screen = {
            "menu": lambda: menu.render_menu(
                cat, app.lang, undo_available=app.records.undo_available(),
                device_items=app.device.menu_html(cat),
            ),
            "dialog": lambda: screens.render_new_game(model, cat),
            "confirm": lambda: screens.render_confirm_new(cat),
            "settings": lambda: screens.render_settings(
                model.prefs, cat, app.lang, app.device.storage_html(cat)
            ),
            "rules": lambda: screens.render_rules(
                model.rules_variant or app.game.rules.name, cat
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
        records = app.review.overlay() or app.records.overlay()
        if records is not None:
            return records, True
        if model.overlay == "game" and game_decided(app.game):
            return render.render_game_summary(
                view,
                cat,
                app.records.sheet_html(),
                app.records.summary_actions(),
                app.records.change_html(),
            ), False
        if view.deal_summary is not None:
            return render.render_deal_summary(view, view.deal_summary, cat,
                                              app.review.button_html()), False
        return "", False

    def announce(self) -> None:
        """Say the new events in the live region, and play their sounds."""
        app = self.app
        log = self.last_log
        start = app.model.table.said
        if len(log) < start:
            start = 0
        if len(log) != app.model.table.said:
            app.dispatch(EventsSaid(len(log)))
        said = events.announcement(
            app.cat, log, start, human=app.model.table.human, who=self.who,
            scores=app.game.scores(),
        )
        if said:
            app.dom.announce(said)
        if start < len(log) and app.model.prefs.sound:
            self.sound.play(events.sounds_for(log[start:]))
