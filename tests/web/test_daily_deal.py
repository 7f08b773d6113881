"""The daily deal at the table (web/features/daily_deal.py), driven through the App as a player
would: the start screen's button, the same cards on two devices on a date and others the
next day, the daily program in the other seats (also after a reload), the duplicate
comparison shown and kept, the streak over dates, the statistics' section, a damaged
stored record set aside, no undo and no hint in the deal, and the share text.

The opponents think with fewer worlds here than in the app (``DAILY_WORLDS``, the engine's
tests do the same): the same program, only quicker.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fake_page import RecordingPage, computer_plays, manual

from engine import new_game
from engine.daily import (
    DAILY_SEAT,
    DailyResult,
    computer_in_seat,
    daily_game,
    daily_opponent,
)
from engine.players import choose
from web import storage
from web.app import App
from web.i18n.catalogs import load_catalog
from web.records import daily_store
from web.storage import schema
from web.view import daily_view

DAY = "2026-12-03"


class DailyPage(RecordingPage):
    """A device's page with its own date, and a share sheet that answers as told."""

    def __init__(self, day: str = DAY) -> None:
        super().__init__()
        self.day = day
        self.shared: list[str] = []
        self.answer = "copied"

    def today(self) -> str:
        return self.day

    def share(self, text: str, done: Callable[[str], None]) -> None:
        self.shared.append(text)
        done(self.answer)


@pytest.fixture(autouse=True)
def quick_programs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr("engine.daily.DAILY_WORLDS", 2)
    yield


def device(day: str = DAY, store: storage.MemoryStorage | None = None,
           variant: str | None = None) -> tuple[App, DailyPage]:
    """An app started on its start screen, on a page dated ``day``."""
    page = DailyPage(day)
    store = store if store is not None else storage.MemoryStorage()
    if variant is not None:
        store.setItem(storage.SETTINGS_KEY, json.dumps({"variant": variant}))
    app = App(page, store, fast=True)
    app.start()
    return app, page


def hand_shown(page: RecordingPage) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', page.regions["bz-me"])


def first_legal(app: App) -> str:
    return app.game.legal_actions()[0].text()


def play_daily_deal(app: App, pick: Callable[[App], str] = first_legal) -> None:
    """The person's moves (``pick``) and the computer's, to the daily deal's end."""
    for _ in range(2000):
        if app.game.deal.is_terminal:
            return
        if app.game.current_player == app.model.table.human and not app.model.table.busy:
            app.course.try_action(pick(app))
        computer_plays(app)
    raise AssertionError("the daily deal did not end")


def finish_background(app: App) -> None:
    """Let the computer's deal from the player's seat, played in the background, end."""
    manual(app).run_until_idle()
    assert app.daily.background is None


def stored(store: storage.MemoryStorage) -> daily_store.DailyRecord:
    record, problem = daily_store.load(store)
    assert problem is None
    return record


# ------------------------------------------------------------ the same cards everywhere
def test_same_cards_on_two_devices_on_a_date_and_others_the_next_day() -> None:
    one, page_one = device()
    two, page_two = device()
    assert 'data-command="daily"' in page_one.regions["bz-overlay"]
    one.command("daily", None)
    two.command("daily", None)
    assert one.model.overlay is None and one.daily.active and one.model.table.human == DAILY_SEAT
    dealt = one.game.record()["deals"][0]
    assert dealt == two.game.record()["deals"][0]
    assert hand_shown(page_one) == hand_shown(page_two) and hand_shown(page_one)
    assert 'data-daily="2026-12-03"' in page_one.regions["bz-scores"]  # the table's label
    later, page_later = device("2026-12-04")
    later.command("daily", None)
    assert later.game.record()["deals"][0] != dealt
    assert hand_shown(page_later) != hand_shown(page_one)
    # the start screen's game names the variant: another variant, other cards
    russian, _ = device(variant="russian")
    russian.command("daily", None)
    assert russian.game.rules.name == "russian"
    assert russian.game.record()["deals"][0] != dealt


def test_the_opponents_are_the_daily_program_and_a_reload_changes_nothing() -> None:
    """The app's opponents play exactly as the engine's daily program does against the same
    moves, also when the page is reloaded in the middle of the deal."""
    app, _ = device()
    app.command("daily", None)
    moves = 0
    while moves < 8:
        if app.game.current_player == app.model.table.human and not app.model.table.busy:
            app.course.try_action(first_legal(app))
            moves += 1
        computer_plays(app)
    # a reload: a new app on the same storage, the save continued from the start screen
    again, _ = device(store=app.store)
    assert again.daily.active and again.daily.date == DAY
    again.command("daily", None)  # in progress: continued, not dealt again
    assert again.model.overlay is None and again.game.deal.history == app.game.deal.history
    play_daily_deal(again)
    # the engine alone: the daily program in the other seat, the same person's moves
    game = daily_game(DAY, "classic")
    opponents = {s: daily_opponent(DAY, "classic", s) for s in range(1, game.rules.players)}
    while not game.deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        if seat == DAILY_SEAT:
            game.apply(game.legal_actions()[0])
        else:
            game.apply(choose(opponents[seat], game.observation(seat)))
    assert again.game.deal.history == game.deal.history


# ------------------------------------------------------------ the duplicate comparison
def test_the_duplicate_comparison_is_shown_and_kept() -> None:
    app, page = device()
    app.command("daily", None)
    play_daily_deal(app)
    mine = stored(app.store).result(DAY, "classic")
    assert mine is not None and mine.points == app.game.deal.points[DAILY_SEAT]
    summary = page.regions["bz-overlay"]
    assert 'data-summary="deal"' in summary and f'data-daily-you="{mine.points}"' in summary
    finish_background(app)
    gen = computer_in_seat(DAY, "classic")
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        expected: DailyResult = stop.value
    assert stored(app.store).computer_result(DAY, "classic") == expected
    summary = page.regions["bz-overlay"]
    assert f'data-daily-computer="{expected.points}"' in summary
    words = load_catalog("en").t("daily.versus", points=mine.points, computer=expected.points)
    assert words.split(" · ")[0] in summary and "the computer in your seat" in summary
    # today's deal again: its result, not the cards again; nothing kept changes
    before = app.store.getItem(daily_store.DAILY_KEY)
    history = list(app.game.deal.history)
    app.command("daily", None)
    assert app.model.overlay == "daily" and 'data-screen="daily"' in page.regions["bz-overlay"]
    assert f'data-daily-computer="{expected.points}"' in page.regions["bz-overlay"]
    assert app.game.deal.history == history
    # another day's app: the computer's result is read back, not played again
    again, again_page = device(store=app.store)
    again.command("next", None)  # (the game goes on; the daily deal stays as kept)
    again.command("daily", None)
    assert again.model.overlay == "daily" and again.daily.background is None
    assert f'data-daily-you="{mine.points}"' in again_page.regions["bz-overlay"]
    assert app.store.getItem(daily_store.DAILY_KEY) == before


def test_the_result_kept_first_is_never_replaced() -> None:
    record = daily_store.DailyRecord()
    first = DailyResult(DAY, "classic", 0, 300, 200, (True,))
    record = record.with_played(first).with_played(
        DailyResult(DAY, "classic", 0, 900, 0, (True, True)))
    assert record.played == (first,)


# ------------------------------------------------------------ streak and statistics
def test_streak_across_dates_and_the_statistics_section() -> None:
    store = storage.MemoryStorage()
    earlier = daily_store.DailyRecord(played=(
        DailyResult("2026-12-01", "russian", 0, 250, 300, (False, True)),
        DailyResult("2026-12-02", "classic", 0, 410, 200, (True, True)),
    ), computer=(DailyResult("2026-12-02", "classic", 0, 300, 250, (True, False)),))
    daily_store.save(store, earlier)
    app, page = device(store=store)
    app.command("daily", None)
    play_daily_deal(app)
    summary = page.regions["bz-overlay"]
    assert 'data-daily-streak="3" data-daily-best="3"' in summary
    assert "Streak: 3 days · longest 3" in summary
    # a day missed, then the statistics: the streak is broken, the longest stays
    later, later_page = device("2026-12-05", store=store)
    later.command("stats", None)
    section = later_page.regions["bz-overlay"]
    assert 'data-stats-group="daily"' in section
    assert 'data-daily-stat="days" data-value="3"' in section
    assert 'data-daily-stat="streak" data-value="0"' in section
    assert 'data-daily-stat="best_streak" data-value="3"' in section
    assert 'data-daily-stat="better" data-value="1"' in section  # 410 beat 300
    assert "<td>1 of 1</td>" in section
    later.command("close", None)
    later.command("daily", None)  # the game in progress is left (asked first)
    if later.model.overlay == "confirm":
        later.command("confirm-new", None)
    assert later.daily.date == "2026-12-05" and later.game.deal.history == []
    play_daily_deal(later)
    assert 'data-daily-streak="1" data-daily-best="3"' in later_page.regions["bz-overlay"]
    # erasing the statistics erases the daily section too
    later.command("stats", None)
    later.command("stats-reset-confirm", None)
    assert 'data-stats-group="daily"' not in later_page.regions["bz-overlay"]
    assert stored(store).played == ()


# ------------------------------------------------------------ stored data checked
BAD_RECORDS: list[Any] = [
    "{not json",
    [],
    {"format": "bezique-daily", "version": 2, "played": [], "computer": []},
    {"format": "bezique-daily", "version": 1, "played": "x", "computer": []},
    {"format": "bezique-daily", "version": 1, "computer": [],
     "played": [{"date": "2026-13-01", "variant": "classic", "seat": 0, "points": 1,
                 "others": 2, "tricks": "01"}]},
    {"format": "bezique-daily", "version": 1, "computer": [],
     "played": [{"date": DAY, "variant": "poker", "seat": 0, "points": 1, "others": 2,
                 "tricks": "01"}]},
    {"format": "bezique-daily", "version": 1, "computer": [],
     "played": [{"date": DAY, "variant": "classic", "seat": 0, "points": 1, "others": 2,
                 "tricks": "01x"}]},
    {"format": "bezique-daily", "version": 1, "computer": [],
     "played": [{"date": DAY, "variant": "classic", "seat": 0, "points": True, "others": 2,
                 "tricks": "01"}]},
    {"format": "bezique-daily", "version": 1, "computer": [],
     "played": [{"date": DAY, "variant": "classic", "seat": 0, "points": 1, "others": 2,
                 "tricks": "01"}] * 2},
]


@pytest.mark.parametrize("bad", range(len(BAD_RECORDS)))
def test_a_damaged_daily_record_is_set_aside_and_told(bad: int) -> None:
    value = BAD_RECORDS[bad]
    text = value if isinstance(value, str) else json.dumps(value)
    store = storage.MemoryStorage()
    store.setItem(daily_store.DAILY_KEY, text)
    app, page = device(store=store)
    assert daily_store.DAILY_KEY not in store.data
    assert [store.data[k] for k in schema.broken_keys(store, daily_store.DAILY_KEY)] == [text]
    assert app.model.notice is not None and app.model.notice[0] == "daily.storage_reset"
    assert "daily deal results could not be read" in page.regions["bz-overlay"]
    app.command("daily", None)  # the daily deal plays on, from an empty record
    assert app.daily.active


def test_a_save_with_a_wrong_daily_mark() -> None:
    store = storage.MemoryStorage()
    app, _ = device(store=store)
    app.command("daily", None)
    save = json.loads(store.data[storage.SAVE_KEY])
    assert save["daily"] == DAY
    # another date's mark on these cards: the game is kept, as an ordinary one
    store.setItem(storage.SAVE_KEY, json.dumps({**save, "daily": "2026-12-04"}))
    again, _ = device(store=store)
    assert not again.daily.active and again.game.deal.history == app.game.deal.history
    # a mark that is no date: the save is set aside and told, as any damaged save
    store.setItem(storage.SAVE_KEY, json.dumps({**save, "daily": "today"}))
    third, _ = device(store=store)
    assert third.model.notice is not None and third.model.notice[0] == "save.unreadable"
    assert schema.broken_keys(store, storage.SAVE_KEY)


# ------------------------------------------------------------ no undo, no hint
def test_no_undo_and_no_hint_while_the_daily_deal_is_played() -> None:
    app, page = device()
    app.command("daily", None)
    while (not app.game.deal.history or app.game.current_player != app.model.table.human
           or app.model.table.busy):
        if app.game.current_player == app.model.table.human and not app.model.table.busy:
            app.course.try_action(first_legal(app))
        computer_plays(app)
    made = list(app.game.deal.history)
    assert 'data-command="undo" aria-disabled="true"' in page.regions["bz-bar"]
    app.command("undo", None)
    assert app.game.deal.history == made and app.model.notice == ("daily.no_undo", {})
    app.command("hint", None)
    assert app.model.hint is None and app.model.notice == ("daily.no_hint", {})
    assert "the computer in your seat had none either" in page.regions["bz-notice"]
    # over, the daily deal stays as it was played; the next deal is an ordinary one
    play_daily_deal(app)
    app.command("undo", None)
    assert app.model.notice == ("daily.no_undo", {}) and app.game.deal.is_terminal
    app.command("next", None)
    assert app.model.table.deal_number == 2
    moved = False
    while not moved or app.game.current_player != app.model.table.human or app.model.table.busy:
        if app.game.current_player == app.model.table.human and not app.model.table.busy:
            app.course.try_action(first_legal(app))
            moved = True
        computer_plays(app)
    assert 'data-command="undo" aria-disabled="true"' not in page.regions["bz-bar"]
    app.command("undo", None)
    assert app.model.notice == ("undo.done", {})


# ------------------------------------------------------------ sharing
def test_share_text_and_what_became_of_it() -> None:
    app, page = device()
    app.command("daily", None)
    play_daily_deal(app)
    mine = stored(app.store).result(DAY, "classic")
    assert mine is not None
    app.command("daily-share", None)  # before the computer's result is known
    alone = page.shared[-1]
    assert alone.startswith("Bezique daily deal 2026-12-03\nBezique: me ")
    assert "computer" not in alone
    finish_background(app)
    computer = stored(app.store).computer_result(DAY, "classic")
    assert computer is not None
    app.command("daily-share", None)
    text = page.shared[-1]
    lines = text.split("\n")
    assert lines[0] == "Bezique daily deal 2026-12-03"
    assert lines[1] == (f"Bezique: me {mine.points} · the computer in my seat "
                        f"{computer.points}")
    assert lines[2] == "".join("🟩" if t else "⬛" for t in mine.tricks)
    assert len(lines[2]) == len(mine.tricks) == 32
    assert 'data-share-status="copied"' in page.regions["bz-overlay"]
    # the share sheet dismissed, then nothing to share with: the text to copy by hand
    page.answer = "cancelled"
    app.command("daily-share", None)
    assert 'data-share-status="cancelled"' in page.regions["bz-overlay"]
    page.answer = "failed"
    app.command("daily-share", None)
    overlay = page.regions["bz-overlay"]
    assert 'data-share-status="failed"' in overlay and "<textarea" in overlay
    assert "Bezique daily deal 2026-12-03" in overlay
    # in Hebrew: the catalog's words, the same numbers and squares
    he = daily_view.share_text(load_catalog("he"), mine, computer)
    assert "בזיק" in he and str(computer.points) in he and lines[2] in he


def test_the_daily_screen_offers_another_games_deal() -> None:
    app, page = device()
    app.command("daily", None)
    play_daily_deal(app)
    app.command("daily", None)
    assert app.model.overlay == "daily" and 'name="variant"' in page.regions["bz-overlay"]
    page.form = {"variant": "russian-3"}
    app.command("daily", {"data-from": "chooser"})  # the chooser's Play
    if app.model.overlay == "confirm":
        app.command("confirm-new", None)
    assert app.daily.active and app.game.rules.name == "russian-3"
    assert app.game.record()["deals"][0] == daily_game(DAY, "russian-3").record()["deals"][0]
    assert new_game("russian-3").rules.players == 3 and len(app.players) == 2


def test_what_another_tab_kept_is_not_written_over() -> None:
    app, _ = device()
    app.command("daily", None)
    play_daily_deal(app)
    # meanwhile another tab of this device kept another game's daily deal
    other = DailyResult(DAY, "russian", 0, 200, 100, (True, False))
    daily_store.save(app.store, stored(app.store).with_played(other))
    finish_background(app)  # the computer's result is added to what is stored now
    record = stored(app.store)
    assert record.result(DAY, "russian") == other and record.result(DAY, "classic")
    assert record.computer_result(DAY, "classic") is not None
    # a tab that watches another play neither plays the computer's deal nor writes
    watcher, _ = device("2026-12-04", store=app.store)
    watcher.keeper.tabs.playing = False
    watcher.keeper.read_role()  # as the tabs tell a change of role
    before = app.store.getItem(daily_store.DAILY_KEY)
    watcher.daily.play_computer("2026-12-04", "classic")
    assert watcher.daily.background is None
    watcher.daily.reset()
    assert app.store.getItem(daily_store.DAILY_KEY) == before


def test_each_seats_moves_are_counted_by_carrying_one_replay_on() -> None:
    """SeatMoves keeps its replay between moves and starts again for another deal: its
    counts are those of the deal replayed from its start at every step."""
    from web.features.daily_deal import SeatMoves

    counter = SeatMoves()
    for variant in ("classic", "russian-3", "classic"):  # a new key starts afresh
        game = daily_game(DAY, variant)
        while not game.deal.is_terminal:
            fresh = daily_game(DAY, variant)
            naive: dict[int, int] = {}
            for text in game.deal.history:
                mover = fresh.current_player
                assert mover is not None
                naive[mover] = naive.get(mover, 0) + 1
                fresh.apply(text)
            for seat in range(game.rules.players):
                assert counter.made(DAY, game, seat) == naive.get(seat, 0)
            game.apply(game.legal_actions()[0])
