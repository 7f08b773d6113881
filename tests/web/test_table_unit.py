"""The table's Python side under CPython: views, HTML hooks, saves, catalog keys.

No browser here: the controller runs against a recording fake page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fake_page import RecordingPage, computer_plays, new_app, play_through
from threads import in_thread as isolated

import engine
from web import storage
from web.app import App

ROOT = Path(__file__).resolve().parents[2]

def run_app(variant: str, seed: int = 3) -> tuple[App, RecordingPage]:
    return new_app(variant, seed, dealer="random")


def play_deal(app: App) -> None:
    def go() -> None:
        for _ in range(2000):
            if app.game.deal.is_terminal:
                return
            if app.game.current_player == app.model.table.human and not app.model.table.busy:
                app.course.try_action(app.game.legal_actions()[0].text())
            computer_plays(app)

    isolated(go)


@pytest.mark.parametrize("variant", sorted(engine.VARIANTS))
def test_every_variant_plays_a_deal_to_its_summary(variant: str) -> None:
    app, dom = isolated(lambda: run_app(variant))
    assert dom.state == "ready"
    n = app.game.rules.players
    play_deal(app)
    app.render()
    overlay = dom.regions["bz-overlay"]
    assert 'data-summary="deal"' in overlay and 'data-command="next"' in overlay
    assert len(re.findall(r'data-seat-score="\d"', dom.regions["bz-scores"])) == n
    assert any(dom.said), "the live region announced nothing"


def test_hooks_on_controls() -> None:
    app, dom = isolated(lambda: run_app("classic"))
    hand = dom.regions["bz-me"]
    legal = {a.text() for a in app.game.legal_actions()}
    for action, disabled in re.findall(r'data-action="([^"]+)"( aria-disabled="true")?', hand):
        assert (action in legal) == (not disabled)
    bar = dom.regions["bz-bar"]
    assert 'data-command="new-game"' in bar and 'data-command="hint"' in bar
    assert 'data-command="menu"' in bar
    app.command("menu", None)  # the languages live in the menu
    for lang in ("he", "tr", "ru", "en"):
        assert f'data-command="language" data-lang="{lang}"' in dom.regions["bz-overlay"]


def test_save_round_trip_and_bad_saves() -> None:
    isolated(save_round_trip_and_bad_saves)


def save_round_trip_and_bad_saves() -> None:
    app, _ = run_app("classic")
    app.course.try_action(app.game.legal_actions()[0].text())
    text = app.store.getItem(storage.SAVE_KEY)
    again = App(RecordingPage(), app.store, fast=True)
    again.start()
    assert again.game.to_json() == json.loads(text)["game"] or again.model.table.busy
    for bad in (
        "{not json",
        json.dumps({"format": "bezique-save", "version": 0, "game": {}}),
        json.dumps({"format": "bezique-save", "version": 1, "game": {"x": 1}}),
    ):
        store = storage.MemoryStorage()
        store.setItem(storage.SAVE_KEY, bad)
        fresh = App(RecordingPage(), store, fast=True)
        fresh.start()
        assert fresh.model.notice is not None and fresh.model.notice_error
        aside = [k for k in store.data if k.startswith(storage.ASIDE_PREFIX)]
        assert len(aside) == 1 and store.data[aside[0]] == bad


def test_every_catalog_key_the_table_uses_exists() -> None:
    en: dict[str, Any] = json.loads((ROOT / "web" / "i18n" / "en.json").read_text("utf-8"))
    used: set[str] = set()
    for path in (ROOT / "web").rglob("*.py"):
        if path == ROOT / "web" / "i18n" / "__init__.py":  # the catalogs' own code
            continue
        for m in re.finditer(
            r"""(?:\.t|\.html|fmt)\(\s*["']([a-z_][a-z0-9_.\-]*[a-z0-9_])["']""",
            path.read_text("utf-8"),
        ):
            used.add(m.group(1))
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing


def test_a_whole_game_ends_with_the_game_summary() -> None:
    def whole_game() -> tuple[App, RecordingPage]:
        app, dom = run_app("classic", seed=8)

        play_through(app, lambda: app.game.is_terminal and app.model.overlay == "game")
        return app, dom

    app, dom = isolated(whole_game)
    assert app.game.is_terminal
    overlay = dom.regions["bz-overlay"]
    assert 'data-summary="game"' in overlay and 'data-command="new-game"' in overlay
    assert max(app.game.totals) >= 1000


def test_a_new_deals_hand_is_marked_as_dealt_from_the_stock_until_the_first_card_is_played():
    """The shell flies the hand's 'drawn' cards in from the stock: the whole hand at a deal's
    start, then only the cards drawn since the player's last play."""
    from fake_page import new_app, play_through

    app, dom = new_app("classic", seed=3)
    hand = app.painter.view.hand
    assert hand and sorted(app.painter.view.drawn) == sorted(hand)
    assert dom.regions["bz-me"].count(" drawn") == len(hand)

    def after_first_play() -> bool:
        return any(ev[0] == "play" for ev in app.model.table.frame.events)

    play_through(app, after_first_play, limit=200)
    app.render()
    assert after_first_play() and len(app.painter.view.drawn) < len(app.painter.view.hand)


def test_a_restarted_table_draws_with_its_own_painter() -> None:
    """The tests' restart (?fast) keeps the event under way but starts the table afresh:
    what it draws is what its commands read (the arrow keys move along the hand shown)."""
    app, _dom = new_app(seed=5)
    app.commands.on_click(None, "menu", None)  # a click's event: the restart renders at its end
    with app.frames.event():
        app.restart(5)
        app.command("continue" if app.model.table.has_save else "play", None)
    view = app.painter.view
    assert view is not None and view.hand
    assert app.commands.on_key("ArrowRight", 0)
