"""The table's view: a pure function of the model (and of the page's language and clock
words), drawn once per render by ``web.view.table_paint``.

``draw_table`` returns everything the page shows (the regions' HTML, whether the screen
over the table is modal, the title, the devices' flags), so it is tested without a page,
a table or an event loop; it never sees a controller object.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape

from engine.log_events import PlayEvent
from web import i18n
from web.state import names, records_state
from web.state.model import Model
from web.state.seats import seat_label
from web.table import flow, handover
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
from web.view.seat_place import who
from web.view.table_view import TableView


@dataclass(frozen=True)
class Page:
    """What the view takes of the page besides the model: its catalog and language, and
    a time in milliseconds in its words (the history's dates)."""

    cat: i18n.Catalog
    lang: str
    when: Callable[[int], str]


@dataclass(frozen=True)
class Drawn:
    """Everything one render puts on the page."""

    view: TableView  # the table as drawn (its seats' names say who is who)
    regions: dict[str, str]
    modal: bool  # the screen over the table makes what it covers inert
    keep_bar: bool  # the bar stays usable under the screen (the menu's)
    title: str  # the document's title
    peer: tuple[str | None, str | None]  # this device's part and its links' state


def draw_table(model: Model, page: Page) -> Drawn:
    """The whole table from the model (a paint hands the seat's frame in first)."""
    cat = page.cat
    view = table_view(model, cat)
    overlay, modal = overlay_view(model, view, page)
    parts = PartsDrawn(
        notice="" if model.overlay == "start" else notice_html(model, view, cat),
        overlay=overlay,
        undo=records_state.undo_button(model.records.game, model.table.seats),
        # a guest's table holds no game to search
        hint_search=not pairing_view.by_host(model.pairing),
    )
    regions = table_regions(view, model, parts, cat, model.table.hand_focus)
    return Drawn(view, regions, modal, model.overlay == "menu", menu.title_of(cat, view.variant),
                 pairing_view.peer_flags(model.pairing))


@dataclass(frozen=True)
class PartsDrawn:
    """What ``draw_table`` drew from the model before the regions (the notices and
    banners, the screen over the table, the undo button's state): apart so that the
    regions are tested with any of them."""

    notice: str  # the notice line, the hint, the other tab's and the other devices' banners
    overlay: str  # the screen over the table ("": none)
    undo: bool | None  # the bar's undo button: usable, unusable, or not shown
    hint_search: bool  # a hint can be searched here (not at a guest's table)


def table_regions(view: TableView, model: Model, parts: PartsDrawn, cat: i18n.Catalog,
                  hand_focus: int) -> dict[str, str]:
    """Every region of the table as HTML: a pure function of the view, the model and what
    was drawn before it, so it is tested without a page or a table."""
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


def table_view(model: Model, cat: i18n.Catalog) -> TableView:
    """The table now: the model's frame of the seat shown, with this device's touches."""
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
    view.log = events.log_lines(
        cat, table_events, human=table.human,
        who=lambda seat: who(view, cat, seat),
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


def notice_html(model: Model, view: TableView, cat: i18n.Catalog) -> str:
    """The notice line under the table: the other tab's banner, else the notice, the hint
    and the other devices' banner."""
    if not model.plays_here:
        return platform_view.watching_banner(cat)
    parts = []
    if model.notice:
        key, params = model.notice
        rule = params.get("rule")
        if key == "rule":
            text = cat.error(rule if isinstance(rule, str) else None)
        else:
            text = cat.t(key, **params)
        cls = "notice error" if model.notice_error else "notice"
        parts.append(f'<p class="{cls}" role="alert">{escape(text)}</p>')
    parts.append(hint_view.hint_box(model.hint, model.hint_combination, cat))
    seat_names = list(view.seat_names or [])
    parts.append(pairing_view.pairing_banner(model.pairing, cat, model.table.seats,
                                             seat_names))
    return "".join(parts)


def overlay_view(model: Model, view: TableView, page: Page) -> tuple[str, bool]:
    """The overlay's HTML, and whether it is a modal screen (what it covers is inert):
    every screen is, but the summaries of a deal and a game, which leave the table in
    view and usable."""
    cat, table = page.cat, model.table
    if model.overlay == "start":
        return screens.render_start(
            cat,
            page.lang,
            can_continue=table.has_save,
            notice=notice_html(model, view, cat),
            variant=view.variant,
        ), True
    paired = pairing_view.pairing_overlay(model.pairing, model.overlay,
                                          view.seat_names or [], cat)
    if paired is not None:
        return paired, True
    screen = {
        "menu": lambda: menu.render_menu(
            cat, page.lang,
            undo_available=records_state.undo_available(model.records.game, table.seats),
            device_items=platform_view.install_items(model.device, cat),
        ),
        "dialog": lambda: screens.render_new_game(model, cat),
        "confirm": lambda: screens.render_confirm_new(cat),
        "settings": lambda: screens.render_settings(
            model.prefs, cat, page.lang,
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
    records = review_overlay(model.review, model.overlay, cat) or records_screen(model, view, page)
    if records is not None:
        return records, True
    if model.overlay == "game" and view.game_over:
        return render.render_game_summary(
            view,
            cat,
            records_view.sheet_html(model.records, seat_names(model, view, cat), cat),
            records_view.summary_actions(cat),
            records_view.change_html(model.records, cat),
        ), False
    if view.deal_summary is not None:
        return render.render_deal_summary(view, view.deal_summary, cat,
                                          review_button(model.review, cat)), False
    return "", False


def records_screen(model: Model, view: TableView, page: Page) -> str | None:
    """The records screen shown, if one is."""
    cat = page.cat
    if model.overlay not in records_view.SCREENS:
        return None
    return records_view.records_screen(
        model.records, model.overlay, cat,
        names=seat_names(model, view, cat) if model.overlay == "score-sheet" else [],
        when=page.when,
        daily=daily_view.render_stats(model.daily.figures, cat) if model.overlay == "stats" else "",
    )


def seat_names(model: Model, view: TableView, cat: i18n.Catalog) -> list[str]:
    """The names of the seats of the game the records show, as the table shows them."""
    return [who(view, cat, s) for s in range(model.records.game.players)]
