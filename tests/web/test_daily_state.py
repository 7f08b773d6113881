"""What the daily deal shows, as the model's data (web.state.daily_state) and drawn from it
alone (web.view.daily_view): the messages' updates, the deal on the table going with another
game or deal, and the label, the summary's result, the daily screen and the statistics'
section as pure functions of the state. No page, no table, no event loop."""

from __future__ import annotations

from dataclasses import replace

import engine
from engine.daily import DailyResult
from web.i18n.catalogs import load_catalog
from web.state.daily_state import (
    DailyFigures,
    DailyFiguresRead,
    DailyOnTable,
    DailyProgress,
    DailyProgressed,
    DailyShown,
    DailyState,
    ShareDone,
    update,
)
from web.state.model import Model, Msg, Render
from web.state.model import update as model_update
from web.state.seats import Seats
from web.state.table_state import DealStarted, GameDealt, MoveTakenBack
from web.table.flow import AutoPasses
from web.table.seat_frame import seat_frame
from web.view import daily_view
from web.view.menu import close_button
from web.view.table_view import DailyView, TableView

CAT = load_catalog("en")
DAY = "2026-12-03"
MINE = DailyResult(DAY, "classic", 0, 410, 200, (True, False, True))
COMPUTER = DailyResult(DAY, "classic", 0, 300, 250, (True, True, False))
FIGURES = DailyFigures(played=(MINE,), computer=(COMPUTER,), streak=3, best=5, days=7,
                       better=4, same=1, worse=2)


def run(model: Model, *messages: Msg) -> Model:
    for msg in messages:
        model, _ = model_update(model, msg)
    return model


def a_view() -> TableView:
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    return seat_frame(game, 0, AutoPasses().of(game), 1).view


# ------------------------------------------------------------------ updates
def test_each_message_changes_its_part() -> None:
    state = update(DailyState(), DailyOnTable((DAY, "classic")))
    assert state.on_table == (DAY, "classic")
    assert update(state, DailyOnTable(None)).on_table is None
    read = update(state, DailyFiguresRead(FIGURES))
    assert read.figures == FIGURES and read.on_table == (DAY, "classic")
    running = update(read, DailyProgressed(DailyProgress(DAY, "classic", 0.4)))
    assert running.progress == DailyProgress(DAY, "classic", 0.4)
    assert update(running, DailyProgressed(None)).progress is None


def test_the_screen_keeps_its_shares_outcome_for_the_same_deal_only() -> None:
    shown = update(DailyState(), DailyShown(DAY, "classic"))
    failed = update(shown, ShareDone("failed", "the text"))
    assert (failed.share_status, failed.share_text) == ("failed", "the text")
    assert update(failed, DailyShown(DAY, "classic")) is failed
    other = update(failed, DailyShown(DAY, "russian"))
    assert other.shown == (DAY, "russian") and (other.share_status, other.share_text) == (
        None, None)


def test_the_screens_messages_draw_and_the_works_do_not() -> None:
    """What the player asked for (the screen, a share) is drawn at once; the figures and the
    progress come from work that renders when it is done (or only now and then)."""
    for msg in (DailyShown(DAY, "classic"), ShareDone("copied")):
        assert model_update(Model(), msg)[1] == [Render()]
    for quiet in (DailyOnTable((DAY, "classic")), DailyFiguresRead(FIGURES),
                  DailyProgressed(DailyProgress(DAY, "classic"))):
        assert model_update(Model(), quiet)[1] == []


def test_another_game_or_deal_takes_the_daily_deal_off_the_table() -> None:
    """The table's messages that put another game or deal on it (a game dealt, the next
    deal, a move taken back onto another game) end the daily deal on the table; the
    screen's deal, the figures and the progress stay."""
    seats = Seats.solo(2)
    before = run(Model(), DailyOnTable((DAY, "classic")), DailyShown(DAY, "russian"),
                 DailyFiguresRead(FIGURES), DailyProgressed(DailyProgress(DAY, "classic")))
    for msg in (GameDealt(0, {}, seats), DealStarted(), MoveTakenBack()):
        after = run(before, msg)
        assert after.daily == replace(before.daily, on_table=None)
    untouched = run(Model(), DailyShown(DAY, "russian"), GameDealt(0, {}, seats))
    assert untouched.daily == DailyState(shown=(DAY, "russian"))


# ------------------------------------------------------------------ drawn from the state
def test_a_deal_is_drawn_from_the_figures_read() -> None:
    state = DailyState(on_table=(DAY, "classic"))
    assert daily_view.view_of(state, DAY, "classic") == DailyView(DAY, "classic")  # unread
    state = replace(state, figures=FIGURES, share_status="copied")
    assert daily_view.view_of(state, DAY, "russian") == DailyView(DAY, "russian")  # unplayed
    assert daily_view.view_of(state, DAY, "classic") == DailyView(
        DAY, "classic", finished=True, points=410, others=200, tricks=(True, False, True),
        computer=300, progress=None, streak=3, best=5, share_status="copied")


def test_the_progress_shows_only_for_its_deal_while_the_computers_result_is_unknown() -> None:
    alone = replace(FIGURES, computer=())
    running = DailyState(figures=alone, progress=DailyProgress(DAY, "classic", 0.37))
    assert daily_view.view_of(running, DAY, "classic").progress == 0.37
    other = replace(running, progress=DailyProgress(DAY, "russian", 0.5))
    assert daily_view.view_of(other, DAY, "classic").progress is None
    known = replace(running, figures=FIGURES)
    assert daily_view.view_of(known, DAY, "classic").progress is None
    summary = daily_view.render_result(daily_view.view_of(running, DAY, "classic"), CAT)
    assert 'data-daily-computer="pending"' in summary and 'value="37"' in summary


def test_the_table_is_dressed_with_the_deal_on_it_but_behind_the_start_screen() -> None:
    def dressed(state: DailyState, overlay: str | None) -> TableView:
        view = a_view()
        view.daily = DailyView("2026-01-01", "russian")  # what a view held before: replaced
        daily_view.dress(view, state, overlay)
        return view

    assert dressed(DailyState(), None).daily is None
    on_table = DailyState(on_table=(DAY, "classic"), figures=FIGURES)
    over_menu = dressed(on_table, "menu")
    assert over_menu.daily == daily_view.view_of(on_table, DAY, "classic")
    assert f'data-daily="{DAY}"' in daily_view.render_label(over_menu, CAT)
    behind_start = dressed(on_table, "start")
    assert behind_start.daily is None and daily_view.render_label(behind_start, CAT) == ""


def test_the_daily_screen_is_drawn_from_the_state() -> None:
    close = close_button(CAT)
    assert daily_view.render_daily_screen(DailyState(), CAT, close) == ""
    state = DailyState(shown=(DAY, "classic"), figures=FIGURES, share_status="failed",
                       share_text="Bezique daily deal")
    screen = daily_view.render_daily_screen(state, CAT, close)
    assert screen == daily_view.render_screen(daily_view.view_of(state, DAY, "classic"), CAT,
                                              close)
    assert 'data-screen="daily"' in screen and 'data-daily-you="410"' in screen
    assert 'data-daily-computer="300"' in screen and 'data-share-status="failed"' in screen
    assert "<textarea" in screen and 'data-daily-streak="3" data-daily-best="5"' in screen


def test_the_statistics_section_is_drawn_from_the_figures() -> None:
    assert daily_view.render_stats(None, CAT) == ""
    assert daily_view.render_stats(DailyFigures(), CAT) == ""  # no daily deal finished yet
    section = daily_view.render_stats(FIGURES, CAT)
    assert 'data-stats-group="daily"' in section
    for name, value in (("days", 7), ("streak", 3), ("best_streak", 5), ("better", 4)):
        assert f'data-daily-stat="{name}" data-value="{value}"' in section
    assert "<td>4 of 7</td>" in section
