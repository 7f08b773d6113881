"""The records screens, the platform's parts and the hint drawn from the model: their
state's update and their pure views, without a page or a table."""

from __future__ import annotations

import random

import fake_page

import engine
from web.features import take_back
from web.i18n import MessageParam
from web.i18n.catalogs import load_catalog
from web.records import history, stats
from web.records.sheet import build_sheet
from web.records.stats import StatsChange
from web.state.device_facts import DeviceState, SavesFailing
from web.state.model import HintSet, Model, MoveMade, update
from web.state.records_state import (
    GameFacts,
    GameNoted,
    RecordProblem,
    RecordsRead,
    RecordsState,
    undo_available,
    undo_button,
)
from web.state.records_state import update as records_update
from web.state.seats import Seats
from web.view import hint_view, platform_view, records_view
from web.view.score_sheet import render_sheet, render_sheet_dialog

CAT = load_catalog("en")


def outcome(won: bool, score: int) -> stats.Outcome:
    return stats.Outcome("classic", "normal", won, score, 900, ("marriage", 40))


def an_entry(finished: int, won: bool | None = True) -> history.HistoryEntry:
    record = engine.new_game("classic", seed=1).record()
    return history.make_entry(
        game_id=str(finished), finished=finished, record=record, level="normal", human=0,
        undo=False, won=won, totals=[1000, 500],
    )


def played(moves: int, seed: int = 3) -> engine.PlayableGame:
    game = engine.new_game("classic", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()).text())
    return game


# ------------------------------------------------------------------- update
def test_what_the_records_read_and_note_goes_into_the_model() -> None:
    counted = stats.add(stats.empty(), outcome(True, 1200))
    entries = (an_entry(2), an_entry(1))
    model, effects = update(Model(), RecordsRead(counted, entries))
    assert model.records.stats == counted and model.records.history == entries
    assert effects == []
    facts = GameFacts(tuple(build_sheet(played(10))), "classic", 2, frozenset({0}))
    model, effects = update(model, GameNoted(facts))
    assert model.records.game == facts and effects == []
    assert model.records.stats == counted  # the stored records stay as read


def test_a_closed_screen_keeps_what_the_records_read() -> None:
    state = records_update(RecordsState(), RecordsRead(stats.empty(), (an_entry(1),)))
    state = records_update(state, RecordProblem(("history.import_malformed", {"reason": "x"})))
    assert state.history and state.problem is not None


def test_undo_is_the_one_persons_seat_when_one_person_plays() -> None:
    facts = GameFacts(players=2, undo_seats=frozenset({0}))
    solo = Seats.solo(2, 0)
    assert undo_button(facts, solo) is True and undo_available(facts, solo)
    assert undo_button(facts, Seats.solo(2, 1)) is False  # the person sits at seat 1
    assert not undo_available(GameFacts(players=2), solo)
    two_people = Seats(("person", "person"))
    assert undo_button(facts, two_people) is None  # pass-and-play: no undo
    assert not undo_available(facts, two_people)
    assert undo_button(GameFacts(), solo) is None  # no game noted yet


def test_the_saves_failing_and_the_hints_combination_are_model_facts() -> None:
    model, effects = update(Model(), SavesFailing(True))
    assert model.saves_failing and effects == []
    assert not update(model, SavesFailing(False))[0].saves_failing
    model, _ = update(Model(), HintSet(("declare QS JD", "declares_best"), "bezique"))
    assert model.hint == ("declare QS JD", "declares_best")
    assert model.hint_combination == "bezique"
    model, _ = update(model, MoveMade())
    assert model.hint is None and model.hint_combination == ""


# -------------------------------------------------------------------- views
def test_the_screens_drawn_from_the_records_state() -> None:
    game = played(12)
    sheet = tuple(build_sheet(game))
    counted = stats.add(stats.empty(), outcome(True, 1200))
    state = RecordsState(stats=counted, history=(an_entry(5, won=False),),
                         game=GameFacts(sheet, "classic", 2))
    names = ["You", "Computer"]

    def when(ms: int) -> str:
        return f"at {ms}"

    def screen(name: str | None) -> str | None:
        return records_view.records_screen(state, name, CAT, names=names, when=when)

    assert screen("score-sheet") == render_sheet_dialog(list(sheet), names, "classic", CAT)
    assert screen("stats") == stats.render_stats(counted, CAT)
    drawn = screen("history")
    assert drawn == history.render_history(list(state.history), CAT, when)
    assert drawn is not None and "<time>at 5</time>" in drawn
    assert screen("replay") is None and screen(None) is None and screen("menu") is None
    daily = '<section data-daily="x"></section>'
    with_daily = records_view.records_screen(state, "stats", CAT, names=[], when=when,
                                             daily=daily)
    assert with_daily == stats.render_stats(counted, CAT, False, daily)
    assert records_view.sheet_html(state, names, CAT) == render_sheet(
        list(sheet), names, "classic", CAT)


def test_the_history_says_a_records_problem_in_words() -> None:
    plain = RecordsState(problem=("history.import_malformed", {"reason": "bad"}))
    text = records_view.problem_text(plain, CAT)
    assert text == CAT.t("history.import_malformed", reason="bad")
    drawn = records_view.records_screen(plain, "history", CAT, names=[], when=str)
    assert drawn is not None and 'role="alert"' in drawn
    said: dict[str, MessageParam] = {
        "deal": 1, "move": 3, "action": "play QS", "rule": "not_your_turn",
    }
    rule = RecordsState(problem=("history.import_illegal", said))
    assert records_view.problem_text(rule, CAT) == CAT.t(
        "history.import_illegal", **said, reason=CAT.error("not_your_turn"))
    assert records_view.problem_text(RecordsState(), CAT) is None


def test_the_summary_parts_drawn_from_the_records_state() -> None:
    assert records_view.change_html(RecordsState(), CAT) == ""
    after = stats.add(stats.empty(), outcome(True, 1200))["groups"]["classic/normal"]
    change = StatsChange(None, after, True, 1200, ("marriage", 40))
    state = RecordsState(game=GameFacts(change=change))
    drawn = records_view.change_html(state, CAT)
    assert "data-stats-change" in drawn
    assert CAT.t("ending.games_won", won=1, count=1) in drawn
    assert 'data-command="export"' in records_view.summary_actions(CAT)


def test_the_platform_parts_drawn_from_the_devices_facts() -> None:
    banner = platform_view.watching_banner(CAT)
    assert 'data-tab="watching"' in banner and 'data-command="take-over"' in banner
    assert CAT.t("tabs.elsewhere") in banner
    assert platform_view.install_items(DeviceState(standalone=True, can_prompt=True), CAT) == ""
    assert 'data-command="install"' in platform_view.install_items(
        DeviceState(can_prompt=True), CAT)
    kept = platform_view.storage_section(DeviceState(persisted=True), "storage.granted", CAT)
    assert 'data-storage="kept"' in kept and 'role="status"' in kept
    # the outcome of a request is told only when it says more than the status shown
    same = platform_view.storage_section(DeviceState(persisted=True), "storage.status_kept",
                                         CAT)
    assert 'role="status"' not in same


def test_the_hint_box_drawn_from_the_hint() -> None:
    assert hint_view.hint_box(None, "", CAT) == ""
    thinking = hint_view.hint_box(("", ""), "", CAT)
    assert CAT.t("hint.thinking") in thinking and "data-hint" in thinking
    declared = hint_view.hint_box(("declare QS JD", "declares_best"), "bezique", CAT)
    assert CAT.declaration("bezique") in declared
    assert CAT.t("hint.reason.declares_best") in declared
    unnamed = hint_view.action_html(CAT, "declare QS JD")
    assert CAT.t("action.declare") in unnamed  # no combination named: its cards say it
    assert hint_view.reason_text(CAT, "no-such-reason") == CAT.t("hint.reason.best_chance")


# ------------------------------------------------------ kept up at the table
def test_the_table_notes_its_game_as_it_changes() -> None:
    """After every step of two deals (moves, the next deal, a move taken back), what the
    model holds of the game is what the game says now."""
    app, _ = fake_page.new_app("classic", 8, dealer="random")
    checked: list[bool] = []

    def holds() -> bool:
        facts, game = app.model.records.game, app.game
        assert facts.sheet == tuple(build_sheet(game))
        assert (facts.variant, facts.players) == (game.rules.name, game.rules.players)
        usable = not game.is_terminal and take_back.available(app)
        assert undo_available(facts, app.model.table.seats) == usable
        checked.append(usable)
        if len(checked) == 20 and usable:
            app.command("undo", None)
            return holds()
        return bool(app.model.table.deal_number > 2)

    fake_page.play_through(app, holds)
    assert any(checked) and not all(checked)
