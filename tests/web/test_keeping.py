"""Keeping the game: failed saves, two tabs on one game, and markup that stays text.

Runs the controller under CPython on a recording fake page; tabs share a fake lock
and channel (web.platform.tabs.LocalHub) and one fake storage, as two browser tabs would.
"""

from __future__ import annotations

import asyncio
import json
import random
from html import escape
from html.parser import HTMLParser
from typing import Any

import pytest
from fake_page import RecordingPage, manual

from web import app as app_module
from web import i18n, storage
from web.app import App
from web.i18n import catalogs
from web.platform.tabs import LocalHub, Tabs
from web.records import history
from web.state.model import HintSet, ScreenShown


class FlakyStorage(storage.MemoryStorage):
    """Web Storage that refuses writes while ``full`` (quota exceeded, private mode)."""

    def __init__(self) -> None:
        super().__init__()
        self.full = False

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def leave_start_screen(app: App) -> None:
    """The app opens on its start screen: continue the saved game, or start a new one."""
    if app.model.overlay != "start":
        return
    if app.model.table.has_save:
        app.command("continue", None)
    else:
        app.command("new-game", None)
        app.command("start", None)


def open_tab(store: Any, tabs: Tabs | None = None, seed: int = 7) -> tuple[App, RecordingPage]:
    page = RecordingPage()
    if tabs is not None:
        asyncio.run(tabs.claim())
    app = App(page, store, fast=True, seed=seed, tabs=tabs)
    app.start()
    leave_start_screen(app)
    return app, page


def human_move(app: App, rng: random.Random) -> str:
    """The human's move (the computer's answers follow, as its loop would)."""
    assert app.game.current_player == app.model.table.human
    text = rng.choice(app.game.legal_actions()).text()
    app.course.try_action(text)
    computer_moves(app)
    return text


def computer_moves(app: App) -> None:
    app.turns.stop()  # the test makes the computer's moves itself (the first legal each)
    while not app.game.deal.is_terminal and app.game.current_player != app.model.table.human:
        app.course.apply(app.game.legal_actions()[0])


def actions(game_json: dict[str, Any]) -> list[str]:
    return [a for deal in game_json["record"]["deals"] for a in deal["actions"]]


def stored_actions(store: storage.MemoryStorage) -> list[str]:
    return actions(json.loads(store.data[storage.SAVE_KEY])["game"])


# ------------------------------------------------------------ failed saves
def test_a_refused_save_is_told_play_goes_on_and_saving_resumes() -> None:
    store = FlakyStorage()
    app, page = open_tab(store)
    rng = random.Random(1)
    computer_moves(app)
    human_move(app, rng)
    saved = stored_actions(store)
    store.full = True
    for _ in range(2):
        human_move(app, rng)
        assert app.model.notice == ("save.failed_retrying", {}) and app.model.notice_error
        assert "bz-notice" in page.regions
    app.render()
    assert escape(app.cat.t("save.failed_retrying")) in page.regions["bz-notice"]
    assert stored_actions(store) == saved  # nothing written, nothing lost in memory
    in_memory = actions(app.game.to_json())
    assert len(in_memory) > len(saved)
    store.full = False
    assert app.keeper.save()  # the retry (after the next action or the timer)
    assert app.model.notice == ("save.saved_again", {}) and not app.model.notice_error
    assert stored_actions(store) == in_memory


def test_storage_that_refuses_everything_still_plays() -> None:
    store = FlakyStorage()
    store.full = True
    app, page = open_tab(store)
    assert page.state == "ready"
    computer_moves(app)
    human_move(app, random.Random(2))
    assert app.model.saves_failing and app.model.notice_error


def test_retry_loop_saves_when_storage_comes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from web.storage import keeper

    monkeypatch.setattr(keeper, "RETRY_SECONDS", 0.01)
    store = FlakyStorage()
    app, _ = open_tab(store)
    computer_moves(app)

    store.full = True
    human_move(app, random.Random(3))
    assert app.keeper.retrying
    manual(app).advance(0.005)  # before the retry's time: still failing
    assert app.model.saves_failing
    store.full = False
    manual(app).advance(0.01)
    assert not app.model.saves_failing and stored_actions(store) == actions(app.game.to_json())


# ------------------------------------------------------------ two tabs
def test_two_tabs_one_player_nothing_lost() -> None:
    store = storage.MemoryStorage()
    hub = LocalHub()
    rng = random.Random(4)
    first, first_page = open_tab(store, hub.tab())
    computer_moves(first)
    second, second_page = open_tab(store, hub.tab())
    assert first.keeper.playing and not second.keeper.playing
    assert 'data-command="take-over"' in second_page.regions["bz-notice"]
    for _ in range(3):
        human_move(first, rng)
        assert second.game.to_json() == first.game.to_json()  # the watcher follows
    # The watcher cannot move: clicks do nothing.
    before = second.game.to_json()
    second.commands.on_click(second.game.legal_actions()[0].text(), None, None)
    second.commands.on_click(None, "new-game", None)
    assert second.game.to_json() == before and stored_actions(store) == actions(before)
    # Take over: the second tab plays on from the latest move, the first watches.
    second.commands.on_click(None, "take-over", None)
    assert second.keeper.playing and not first.keeper.playing
    assert 'data-command="take-over"' in first_page.regions["bz-notice"]
    moves_before = actions(second.game.to_json())
    for _ in range(3):
        human_move(second, rng)
    first.commands.on_click(first.game.legal_actions()[0].text(), None, None)  # refused
    final = actions(second.game.to_json())
    assert final[: len(moves_before)] == moves_before
    assert stored_actions(store) == final
    assert actions(first.game.to_json()) == final
    # The player tab closes: the waiting tab becomes the player by itself.
    assert isinstance(second.keeper.tabs, type(first.keeper.tabs))
    second.keeper.tabs.close()  # type: ignore[attr-defined]
    assert first.keeper.playing
    human_move(first, rng)
    assert stored_actions(store) == actions(first.game.to_json())


def test_a_move_that_crosses_the_take_over_is_kept() -> None:
    """The old player's last save arrives after the new one took over: it is adopted."""
    store = storage.MemoryStorage()
    hub = LocalHub()
    old, _ = open_tab(store, hub.tab())
    computer_moves(old)
    new, _ = open_tab(store, hub.tab())
    late = old.game.clone()
    new.commands.on_click(None, "take-over", None)
    late.apply(late.legal_actions()[0])  # made in the old tab just before it saw the steal
    text = storage.encode(
        late.to_json(),
        {"human": 0, "settings": dict(new.model.table.setup), "deal_number": 1,
         "seats": ["person", "computer"]},
    )
    new.keeper.follow(text)
    assert actions(new.game.to_json()) == actions(late.to_json())
    assert stored_actions(store) == actions(late.to_json())
    new.keeper.follow(storage.encode(old.game.to_json(), {}))  # older: ignored
    assert actions(new.game.to_json()) == actions(late.to_json())


# ------------------------------------------------------------ markup stays text
PAYLOAD = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


class Elements(HTMLParser):
    """Every tag and attribute name in a piece of HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs.update(name for name, _ in attrs)


def poisoned(lang: str) -> i18n.Catalog:
    """A catalog whose every message carries markup (placeholders kept)."""

    def poison(node: Any) -> Any:
        if isinstance(node, str):
            return PAYLOAD + node + PAYLOAD
        if isinstance(node, dict):
            return {k: poison(v) for k, v in node.items()}
        return node

    real = json.loads((catalogs.I18N_DIR / f"{lang}.json").read_text("utf-8"))
    return i18n.Catalog.from_json(lang, json.dumps(poison(real)))


def inert(html: str) -> bool:
    found = Elements()
    found.feed(html)
    return "img" not in found.tags and "script" not in found.tags and not any(
        a.startswith("on") for a in found.attrs
    )


def test_markup_in_texts_is_inert(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "load_catalog", poisoned)
    monkeypatch.setattr(catalogs, "load_catalog", poisoned)
    store = storage.MemoryStorage()
    store.setItem(storage.SETTINGS_KEY, json.dumps({"variant": "russian", "level": "greedy"}))
    app, page = open_tab(store)
    screens: list[str] = []

    def snap() -> None:
        app.render()
        screens.append("".join(page.regions.values()))

    snap()
    for overlay in ("dialog", "rules"):
        app.dispatch(ScreenShown(overlay))
        snap()
    app.dispatch(ScreenShown(None))
    app.set_notice(("error.internal", {"detail": PAYLOAD}), error=True)  # a thrown message
    snap()
    app.set_notice(("rule", {"rule": PAYLOAD}), error=True)  # an unknown rule code
    snap()
    app.dispatch(HintSet(("play " + app.game.legal_actions()[0].text().split()[-1], PAYLOAD)))
    snap()
    rng = random.Random(5)
    while not app.game.deal.is_terminal:
        if app.game.current_player == app.model.table.human:
            human_move(app, rng)
        else:
            computer_moves(app)
    snap()  # the deal summary
    app.keeper.tabs.playing = False  # the watcher's banner
    app.keeper.read_role()
    snap()
    # A stored record's strings (history list) and a problem text from an imported file.
    entry = history.make_entry(
        game_id=PAYLOAD, finished=0, record={"variant": PAYLOAD, "deals": []}, level=PAYLOAD,
        human=0, undo=True, won=None, totals=[1, 2],
    )
    entry["variant"] = PAYLOAD
    screens.append(history.render_history([entry], app.cat, lambda _: PAYLOAD, problem=PAYLOAD))
    assert len(screens) == 9
    for html in screens:
        assert PAYLOAD not in html and "&lt;img" in html
        assert inert(html), html[:300]
