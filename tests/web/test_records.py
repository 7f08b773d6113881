"""Records screens under CPython: score sheet, statistics, history, replays, undo in the app."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import fake_page
import pytest
from fake_page import RecordingPage, play_through
from threads import in_thread as isolated

import engine
from engine.cli import summary
from web import storage
from web.app import App
from web.i18n.catalogs import load_catalog
from web.records import history, stats
from web.records.replay import Viewer, deal_steps, shown_step
from web.records.sheet import build_sheet
from web.storage import schema
from web.view.replay_view import render_step
from web.view.score_sheet import render_sheet

ROOT = Path(__file__).resolve().parents[2]

def finished_game(variant: str, seed: int, options: dict[str, Any] | None = None) -> Any:
    rng = random.Random(seed)
    game = engine.new_game(variant, options or {}, seed=seed)
    while not game.is_terminal:
        while not game.deal.is_terminal:
            game.apply(rng.choice(game.legal_actions()).text())
        if not game.is_terminal:
            game.next_deal()
    return game


CAT = load_catalog("en")


# ------------------------------------------------------------- score sheet
@pytest.mark.parametrize("variant", ["classic", "russian-4", "bezik"])
def test_sheet_figures_are_the_engines_replay_figures(variant: str) -> None:
    options = {"match": 4} if variant == "bezik" else {}
    game = finished_game(variant, 5, options)
    replayed = summary(engine.replay_record(json.loads(json.dumps(game.record()))))
    sheet = build_sheet(game)
    deals = [d for g in sheet for d in g.deals]
    assert len(deals) == len(replayed["deals"])
    for mine, theirs in zip(deals, replayed["deals"], strict=True):
        assert mine.totals == theirs["totals"]
        assert mine.card_points == theirs["card_points"]
        assert mine.last_trick == theirs["last_trick"]
        assert [list(d) for d in mine.declarations] == theirs["declarations"]
    if variant == "bezik":
        assert [g.totals for g in sheet] == [g["totals"] for g in replayed["games"]]
    else:
        assert sheet[-1].totals == replayed["game"]["totals"]
    html = render_sheet(sheet, ["A", "B", "C", "D"][: game.rules.players], variant, CAT)
    if variant == "russian-4":  # one side total per deal, repeated under seats 0 and 2
        cells = re.findall(r'data-sheet-side="0">([^<]+)<', html)[::2]
        assert [int(re.sub(r"\D", "", c)) for c in cells] == [
            d["sides"][0] for d in replayed["deals"]]


def test_sheet_mid_deal_shows_the_running_deal() -> None:
    game = engine.new_game("classic", seed=2)
    rng = random.Random(2)
    while len(game.deal.declarations) < 1 and not game.deal.is_terminal:
        game.apply(rng.choice(game.legal_actions()).text())
    sheet = build_sheet(game)
    running = sheet[-1].deals[-1]
    assert running.in_progress and running.totals == game.deal.points
    assert running.running == game.scores()
    assert 'data-running="true"' in render_sheet(sheet, ["A", "B"], "classic", CAT)


# --------------------------------------------------------------- statistics
def outcome(won: bool, score: int, undo: bool = False, best: int = 40) -> stats.Outcome:
    return stats.Outcome("classic", "normal", won, score, 900, ("marriage", best), undo)


def test_stats_count_streaks_and_keep_undo_games_apart() -> None:
    s = stats.empty()
    for won, score in ((True, 1200), (True, 1100), (False, 700), (True, 1050)):
        s = stats.add(s, outcome(won, score))
    s = stats.add(s, outcome(True, 3000, undo=True, best=500))
    g = s["groups"]["classic/normal"]
    assert (g["played"], g["won"], g["lost"]) == (4, 3, 1)
    assert g["best_score"] == 1200 and g["score_sum"] == 4050
    assert (g["streak"], g["best_streak"]) == (1, 2)
    assert g["undo"] == {"played": 1, "won": 1, "lost": 0}
    assert len(g["recent"]) == 4
    assert g["best_declaration"] == ("marriage", 500)  # stored as ["marriage", 500]
    html = stats.render_stats(s, CAT)
    assert 'data-stat="win_rate" data-value="75"' in html
    assert 'data-chart-bars="4"' in html and "<svg" in html


def test_stats_loader_refuses_wrong_shapes_and_keeps_them_aside() -> None:
    good = stats.add(stats.empty(), outcome(True, 1000))
    assert stats.parse(json.dumps(good)) == (good, True)
    bad_values: list[Any] = [
        "{", "[]", json.dumps({"format": "bezique-stats", "version": 2, "groups": {}}),
    ]
    for field, value in (("played", -1), ("won", 5), ("recent", [[2, 1, 1]]),
                         ("best_declaration", ["x"]), ("streak", True)):
        broken = json.loads(json.dumps(good))
        broken["groups"]["classic/normal"][field] = value
        bad_values.append(json.dumps(broken))
    extra = json.loads(json.dumps(good))
    extra["groups"]["classic/normal"]["surprise"] = 1
    bad_values.append(json.dumps(extra))
    for text in bad_values:
        assert stats.parse(text) == (stats.empty(), False), text
        store = storage.MemoryStorage()
        store.setItem(stats.STATS_KEY, text)
        assert stats.load(store) == stats.empty()
        kept = schema.broken_keys(store, stats.STATS_KEY)
        assert len(kept) == 1 and store.data[kept[0]] == text


# ------------------------------------------------------------------ history
def test_history_keeps_the_last_fifty_and_drops_bad_entries() -> None:
    store = storage.MemoryStorage()
    record = engine.new_game("classic", seed=1).record()
    for i in range(55):
        history.add(store, history.make_entry(
            game_id=str(i), finished=i, record=record, level="normal", human=0, undo=i % 2 == 0,
            won=True, totals=[1000, 500]))
    entries = history.load(store)
    assert len(entries) == 50 and entries[0]["id"] == "54" and entries[-1]["id"] == "5"
    data = json.loads(store.data[history.HISTORY_KEY])
    data["games"][0]["won"] = "yes"
    data["games"][1] = {"id": 3}
    store.setItem(history.HISTORY_KEY, json.dumps(data))
    original = store.data[history.HISTORY_KEY]
    assert len(history.load(store)) == 48
    kept = schema.broken_keys(store, history.HISTORY_KEY)  # the dropped entries are not lost
    assert len(kept) == 1 and store.data[kept[0]] == original
    for text in ("nonsense", "[]", json.dumps({"format": "x"})):
        assert history.parse(text) == []


def test_history_save_drops_the_oldest_when_storage_is_full() -> None:
    class Small(storage.MemoryStorage):
        def setItem(self, key: str, value: str) -> None:
            if len(value) > 20_000:
                raise RuntimeError("quota")
            super().setItem(key, value)

    store = Small()
    record = finished_game("classic", 3).record()
    for i in range(10):
        history.add(store, history.make_entry(
            game_id=str(i), finished=i, record=record, level="", human=0, undo=False,
            won=False, totals=[0, 0]))
    kept = history.load(store)
    assert kept and kept[0]["id"] == "9" and len(json.dumps(kept)) < 20_000


def test_import_reports_the_engines_reason() -> None:
    record = finished_game("classic", 4).record()
    _, game = history.check_record(json.dumps(record))
    assert game.is_terminal
    with pytest.raises(history.ImportProblem) as err:
        history.check_record("{oops")
    assert err.value.key == "history.import_not_json"
    with pytest.raises(history.ImportProblem) as err:
        history.check_record(json.dumps({"variant": "classic", "deals": "x"}))
    assert err.value.key == "history.import_malformed"
    illegal = json.loads(json.dumps(record))
    illegal["deals"][0]["actions"][0] = "play 7Z"
    with pytest.raises(history.ImportProblem) as err:
        history.check_record(json.dumps(illegal))
    assert err.value.key == "history.import_illegal"
    assert err.value.params["deal"] == 1 and err.value.params["move"] == 1


# ------------------------------------------------------------------ replays
@pytest.mark.parametrize("variant", ["classic", "russian-3", "bezik"])
def test_replay_steps_trick_by_trick(variant: str) -> None:
    game = finished_game(variant, 6, {"match": 4} if variant == "bezik" else {})
    record = game.record()
    steps = deal_steps(record, 0)
    tricks = sum(1 for ev in _deal_log(record, 0) if ev[0] == "trick")
    assert len(steps) == tricks + 1
    assert steps[0].hands == record["deals"][0]["hands"]
    assert steps[-1].over and steps[-1].scores[:] == summary(game)["deals"][0]["totals"]
    for step in steps[1:]:
        assert len(step.trick_cards) == game.rules.players and step.winner is not None
    viewer = Viewer(record, human=0)
    moves = 0
    while viewer.forward():
        moves += 1
    assert viewer.at_end() and moves == sum(len(deal_steps(record, d)) for d in
                                            range(len(record["deals"]))) - 1
    while viewer.back():
        pass
    assert viewer.at_start()
    html = render_step(shown_step(viewer), CAT)
    for seat in range(game.rules.players):  # every hand is shown
        assert f'data-replay-hand="{seat}"' in html


def _deal_log(record: dict[str, Any], deal: int) -> list[list[Any]]:
    cut = json.loads(json.dumps(record))
    cut["deals"] = cut["deals"][: deal + 1]
    return list(engine.replay_record(cut).deal.log)


# ------------------------------------------------------------- in the app
def drive(app: App, until: Any, limit: int = 40_000) -> None:
    play_through(app, until, limit=limit, past_the_end=False)


def new_app(store: Any = None, seed: int = 8) -> tuple[App, RecordingPage]:
    return fake_page.new_app("classic", seed, store=store, dealer="random")


def menu_html(app: Any, dom: Any) -> str:
    """The menu's HTML (undo lives in the menu): opened and closed again."""
    app.command("menu", None)
    html = str(dom.regions["bz-overlay"])
    app.command("menu", None)
    return html


def test_undo_in_the_app_and_a_finished_game_in_history_and_stats() -> None:
    def scenario() -> None:
        app, dom = new_app()
        assert 'data-command="undo" aria-disabled="true"' in menu_html(app, dom)
        drive(app, lambda: len(app.game.deal.history) >= 12 and app.game.current_player == 0)
        before = app.game.to_json()
        app.course.try_action(app.game.legal_actions()[0].text())
        drive(app, lambda: app.game.current_player == 0)
        assert 'data-command="undo">' in menu_html(app, dom)
        app.command("undo", None)
        assert app.game.to_json() == before and app.model.table.undo_used
        saved = json.loads(app.store.getItem(storage.SAVE_KEY))
        assert saved["undo_used"] is True and saved["game"] == before
        drive(app, lambda: app.game.is_terminal)
        entries = history.load(app.store)
        assert len(entries) == 1 and entries[0]["undo"] is True
        assert entries[0]["record"] == app.game.record()
        group = stats.load(app.store)["groups"]["classic/greedy"]
        assert group["played"] == 0 and group["undo"]["played"] == 1
        app.course.next_step()  # from the deal's summary to the game's
        assert 'data-summary="game"' in dom.regions["bz-overlay"]
        assert "sheet-deal" in dom.regions["bz-overlay"]  # the whole sheet in the summary
        app.command("export", None)
        name, text = dom.downloads[-1]
        assert name.endswith(".json") and json.loads(text) == app.game.record()
        # the records screens live on the model's one screen stack: over the game's summary,
        # a replay and back through the history, closed back onto the summary
        app.command("history", None)
        app.command("history-open", {"data-index": "0"})
        assert (app.model.overlay, app.model.back) == ("replay", ("game",))
        app.command("close", None)
        assert (app.model.overlay, app.model.back) == ("history", ("game",))
        app.command("close", None)
        assert (app.model.overlay, app.model.back) == ("game", ())
        assert 'data-summary="game"' in dom.regions["bz-overlay"]
        # a second game without undo counts in the main figures; a reload records nothing twice
        again = App(RecordingPage(), app.store, fast=True, seed=8)
        again.start()
        assert len(history.load(app.store)) == 1
        again.course.new_game({"variant": "classic", "options": {}, "level": "greedy",
                        "dealer": "random"})
        drive(again, lambda: again.game.is_terminal)
        group = stats.load(app.store)["groups"]["classic/greedy"]
        assert group["played"] == 1 and group["undo"]["played"] == 1
        assert len(history.load(app.store)) == 2

    isolated(scenario)


def test_screens_open_and_import_keeps_everything_else() -> None:
    def scenario() -> None:
        app, dom = new_app(seed=5)
        for name in ("score-sheet", "stats", "history"):
            app.command(name, None)
            assert f'data-screen="{name}"' in dom.regions["bz-overlay"]
            app.command("close", None)
            assert dom.regions["bz-overlay"] == ""
        before = app.game.to_json()
        store_before = dict(app.store.data)
        dom.file_text = '{"variant": "classic", "deals": [{"hands": 3}]}'
        app.command("history", None)
        app.command("import", None)
        assert 'role="alert"' in dom.regions["bz-overlay"]
        assert app.game.to_json() == before and app.store.data == store_before
        dom.file_text = json.dumps(finished_game("russian", 2).record())
        app.command("import", None)
        assert 'data-screen="replay"' in dom.regions["bz-overlay"]
        app.command("replay-forward", None)
        assert 'data-replay-step="1"' in dom.regions["bz-overlay"]
        app.command("stats", None)
        app.command("stats-reset", None)
        assert 'data-command="stats-reset-confirm"' in dom.regions["bz-overlay"]
        app.command("stats-reset-confirm", None)
        assert app.game.to_json() == before

    isolated(scenario)


@pytest.mark.needs_processes
def test_exported_record_replays_on_the_command_line(tmp_path: Path) -> None:
    game = finished_game("classic", 9)
    path = tmp_path / "game.json"
    path.write_text(history.export_text(game.record()), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["game"]["totals"] == game.totals
