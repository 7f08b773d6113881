"""Stored values written by hand in the format kept since version 1 read exactly as before,
and written back, byte for byte the same text.

Why: the code that reads them is typed (web.storage.schema's shapes, web.records.stats' groups,
web.records.history's entries, the daily record, the settings); the stored format must not move
with it. Each text below is fixed here, not made by the code under test.
"""

from __future__ import annotations

import json

import engine
from web import storage
from web.records import daily_store, history, stats
from web.state import settings
from web.state.settings import Settings
from web.storage import schema

STATS = (
    '{"format":"bezique-stats","version":1,"groups":{"classic/greedy":{"played":3,"won":2,'
    '"lost":1,"score_sum":3100,"best_score":1500,"best_declaration":["bezique",40],'
    '"streak":1,"best_streak":2,"recent":[[1,1500,900],[0,600,1000],[1,1000,700]],'
    '"undo":{"played":1,"won":0,"lost":1}},"bezik/devices":{"played":0,"won":0,"lost":0,'
    '"score_sum":0,"best_score":null,"best_declaration":null,"streak":0,"best_streak":0,'
    '"recent":[],"undo":{"played":0,"won":0,"lost":0}}}}'
)

HISTORY = (
    '{"format":"bezique-history","version":1,"games":[{"id":"1700000000000-7",'
    '"finished":1700000000000,"variant":"classic","level":"greedy","human":0,"undo":false,'
    '"imported":false,"won":true,"totals":[1500,900],"record":{"variant":"classic",'
    '"deals":[],"names":["Ayşe","Дима"]}},{"id":"import-1","finished":1690000000000,'
    '"variant":"rubicon","level":"","human":0,"undo":true,"imported":true,"won":null,'
    '"totals":[0,0],"record":{"variant":"rubicon","deals":[]}}]}'
)

DAILY = (
    '{"format":"bezique-daily","version":1,"played":[{"date":"2026-03-01","variant":"classic",'
    '"seat":0,"points":120,"others":90,"tricks":"0101"},{"date":"2026-03-02",'
    '"variant":"bezik","seat":0,"points":30,"others":60,"tricks":""}],"computer":[{'
    '"date":"2026-03-01","variant":"classic","seat":0,"points":100,"others":110,'
    '"tricks":"1"}]}'
)

SETTINGS = (
    '{"animation":"fast","auto_pass":false,"card_back":"blue","card_size":"large",'
    '"card_style":"faces","confirm_new_game":true,"dealer":"you","four_colour":true,'
    '"hand_sort":"suit","level":"strong","names":["Ann",""],"options":{"target":1500},'
    '"seats":["person","computer"],"sound":false,"variant":"classic"}'
)


def stored(key: str, text: str) -> storage.MemoryStorage:
    store = storage.MemoryStorage()
    store.setItem(key, text)
    return store


def test_statistics_of_version_1() -> None:
    store = stored(stats.STATS_KEY, STATS)
    loaded = stats.load(store)
    group = loaded["groups"]["classic/greedy"]
    assert (group["played"], group["won"], group["lost"]) == (3, 2, 1)
    assert group["best_declaration"] == ("bezique", 40)
    assert group["recent"] == [(1, 1500, 900), (0, 600, 1000), (1, 1000, 700)]
    assert group["undo"] == {"played": 1, "won": 0, "lost": 1}
    assert loaded["groups"]["bezik/devices"]["best_score"] is None
    assert list(loaded["groups"]) == ["classic/greedy", "bezik/devices"]
    assert stats.save(store, loaded)
    assert store.data[stats.STATS_KEY] == STATS
    assert not schema.broken_keys(store, stats.STATS_KEY)


def test_history_of_version_1() -> None:
    store = stored(history.HISTORY_KEY, HISTORY)
    entries = history.load(store)
    assert [e["id"] for e in entries] == ["1700000000000-7", "import-1"]
    assert entries[0]["won"] is True and entries[1]["won"] is None
    assert entries[0]["record"]["names"] == ["Ayşe", "Дима"]
    assert store.data[history.HISTORY_KEY] == HISTORY  # all valid: nothing rewritten
    history.save(store, entries)
    assert store.data[history.HISTORY_KEY] == HISTORY
    assert not schema.broken_keys(store, history.HISTORY_KEY)


def test_daily_record_of_version_1() -> None:
    store = stored(daily_store.DAILY_KEY, DAILY)
    record, problem = daily_store.load(store)
    assert problem is None
    assert [(r.date, r.variant, r.points, r.others) for r in record.played] == [
        ("2026-03-01", "classic", 120, 90), ("2026-03-02", "bezik", 30, 60)]
    assert record.played[0].tricks == (False, True, False, True)
    assert record.compared() == (1, 0, 0)
    assert daily_store.save(store, record)
    assert store.data[daily_store.DAILY_KEY] == DAILY


def test_settings_of_version_1() -> None:
    loaded = Settings.from_json(SETTINGS)
    assert loaded.options == {"target": 1500} and loaded.names == ["Ann", ""]
    assert loaded.seats == ["person", "computer"] and loaded.level == "strong"
    assert loaded.to_json() == SETTINGS
    assert loaded.game_setup() == {
        "variant": "classic", "options": {"target": 1500}, "level": "strong",
        "dealer": "you", "seats": ["person", "computer"], "names": ["Ann", ""],
    }
    store = stored(settings.SETTINGS_KEY, SETTINGS)
    checked = schema.load(store, schema.SETTINGS)
    assert checked.problem is None and checked.value == json.loads(SETTINGS)


def test_save_envelope_of_version_1() -> None:
    """A save's own fields (around the engine's game) as web.storage.keeper has written them."""
    game = engine.new_game("classic", seed=3)
    game_text = json.dumps(game.to_json(), separators=(",", ":"))
    text = (
        '{"format":"bezique-save","version":1,"game":' + game_text + ',"human":0,'
        '"settings":{"variant":"classic","options":{"target":1500},"level":"greedy",'
        '"dealer":"random","names":["Ann"],"guided":"x"},"deal_number":2,"undo_used":false,'
        '"recorded":false,"seats":["person","computer"],"hosting":{"kept":"as read"}}'
    )
    store = stored(storage.SAVE_KEY, text)
    loaded = schema.load(store, schema.SAVE)
    assert loaded.problem is None and loaded.value is not None
    save = loaded.value
    assert isinstance(save["game"], engine.Game)
    assert save["game"].to_json() == game.to_json()
    assert (save.get("human"), save.get("deal_number"), save.get("undo_used")) == (0, 2, False)
    assert save.get("seats") == ["person", "computer"]
    assert save.get("hosting") == {"kept": "as read"}  # another module's field, kept
    assert save.get("settings") == {  # unknown setup fields kept after the known ones
        "variant": "classic", "options": {"target": 1500}, "level": "greedy",
        "dealer": "random", "names": ["Ann"], "guided": "x"}
    assert list(save) == ["format", "version", "game", "human", "settings", "deal_number",
                          "undo_used", "recorded", "seats", "hosting"]
