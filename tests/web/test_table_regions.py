"""The table's regions as a pure function of data (web.view.table_paint.table_regions):
no page, no table, no event loop; a view, a model and what the parts drew go in."""

from __future__ import annotations

from dataclasses import replace

import engine
from web.i18n.catalogs import load_catalog
from web.state.model import Model
from web.state.seats import Seats
from web.table.flow import AutoPasses
from web.table.seat_frame import seat_frame
from web.view.table_page import PartsDrawn, table_regions
from web.view.table_view import TableView

CAT = load_catalog("en")
PARTS = PartsDrawn(notice='<p class="notice">N</p>', overlay="", undo=True, hint_search=True)


def a_view() -> TableView:
    """The first position of a classic game, from the seat of the person who leads."""
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    return seat_frame(game, 0, AutoPasses().of(game), 1).view


def a_model() -> Model:
    model = Model()
    return replace(model, table=replace(model.table, seats=Seats.solo(2)))


def test_every_region_is_drawn_from_the_data_given() -> None:
    regions = table_regions(a_view(), a_model(), PARTS, CAT, hand_focus=0)
    assert set(regions) == {"bz-bar", "bz-scores", "bz-opps", "bz-centre", "bz-me",
                            "bz-prompt", "bz-notice", "bz-log", "bz-overlay"}
    assert regions["bz-notice"].startswith(PARTS.notice)
    assert 'class="hand"' in regions["bz-me"] and regions["bz-overlay"] == ""
    # the same data, the same HTML: nothing else is read
    assert table_regions(a_view(), a_model(), PARTS, CAT, hand_focus=0) == regions


def test_nothing_is_drawn_behind_the_start_screen() -> None:
    start = replace(a_model(), overlay="start")
    regions = table_regions(a_view(), start, replace(PARTS, overlay="<div>start</div>"), CAT, 0)
    assert regions["bz-overlay"] == "<div>start</div>"
    assert all(html == "" for name, html in regions.items() if name != "bz-overlay")


def test_the_hint_is_offered_only_where_a_game_can_be_searched() -> None:
    here = table_regions(a_view(), a_model(), PARTS, CAT, 0)["bz-bar"]
    guest = table_regions(a_view(), a_model(), replace(PARTS, hint_search=False), CAT, 0)
    hint = 'data-command="hint"'
    assert hint in here and 'data-command="hint" aria-disabled' not in here
    assert 'data-command="hint" aria-disabled="true"' in guest["bz-bar"]


def test_the_whole_table_is_drawn_from_the_model_alone() -> None:
    """``draw_table`` takes the model (with the seat's frame handed in) and the page's
    words: no table, no game object, no page."""
    from web.state.model import update
    from web.state.table_news import FrameSeen
    from web.view.table_page import Page, draw_table

    game = engine.new_game("classic", {}, seed=5, dealer=1)
    model, _ = update(a_model(), FrameSeen(seat_frame(game, 0), 0.0))
    page = Page(CAT, "en", str)
    drawn = draw_table(model, page)
    assert drawn == draw_table(model, page)  # the same model, the same page
    assert not drawn.modal and drawn.peer == (None, None) and drawn.title
    assert 'class="hand"' in drawn.regions["bz-me"] and drawn.regions["bz-overlay"] == ""
    settings = draw_table(replace(model, overlay="settings"), page)
    assert settings.modal and 'id="settings-title"' in settings.regions["bz-overlay"]
    menu = draw_table(replace(model, overlay="menu"), page)
    assert menu.keep_bar and menu.modal
