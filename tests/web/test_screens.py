"""Start screen, menu, settings, rules and the new-game confirmation, under CPython.

The controller runs against a recording fake page; commands are sent as the
page would send them (``data-command`` values, ``data-change`` events).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from fake_page import manual, started_app

from web import storage
from web.state import settings
from web.state.model import ScreenShown
from web.view import screens
from web.view.menu import MENU_ENTRIES

ROOT = Path(__file__).resolve().parents[2]

boot = started_app


def commands(html: str) -> list[str]:
    return re.findall(r'data-command="([^"]+)"', html)


def test_first_visit_opens_on_the_start_screen_without_continue() -> None:
    app, dom = boot()
    start = dom.regions["bz-overlay"]
    assert 'data-screen="start"' in start
    assert "continue" not in commands(start)
    assert {"new-game", "rules", "settings", "language"} <= set(commands(start))
    assert app.store.getItem(storage.SAVE_KEY) is None  # nothing saved before a game starts
    assert not app.model.table.busy  # the computer does not lead behind the start screen


def test_new_game_from_the_start_screen_then_continue_after_a_reload() -> None:
    app, dom = boot(form={"variant": "russian-3", "level": "easy", "dealer": "you"})
    app.command("new-game", None)
    assert 'data-command="start"' in dom.regions["bz-overlay"]
    app.command("start", None)
    assert app.model.overlay is None and app.game.rules.players == 3
    again, dom2 = boot(app.store)
    assert "continue" in commands(dom2.regions["bz-overlay"])
    again.command("continue", None)
    assert again.model.overlay is None and dom2.regions["bz-overlay"] == ""
    assert again.game.to_json() == app.game.to_json()
    # the next new game offers the same choices
    assert settings.load(app.store).game_setup()["variant"] == "russian-3"


def test_play_takes_the_game_dealt_behind_the_start_screen_in_one_tap() -> None:
    app, dom = boot()
    start = dom.regions["bz-overlay"]
    # Play first, the primary; then learning by playing, the daily deal, a new game
    assert commands(start)[:4] == ["play", "guided", "daily", "new-game"]
    assert re.search(r'class="btn primary play" data-command="play">Play<small>Bezique<', start)
    behind = app.game.to_json()
    app.command("play", None)
    assert app.model.overlay is None and dom.regions["bz-overlay"] == ""
    assert 'data-action="play ' in dom.regions["bz-me"]  # the cards, at once
    assert app.game.to_json() == behind
    again, dom2 = boot(app.store)  # kept from the tap on
    assert "continue" in commands(dom2.regions["bz-overlay"])
    assert again.game.to_json() == behind
    # the shell was given that next start screen at the tap, to draw before Python is ready
    assert dom.start_screens == [dom2.regions["bz-overlay"]]


def test_play_deals_the_remembered_setup_and_names_it() -> None:
    app, _ = boot(form={"variant": "russian-3", "level": "easy", "dealer": "you"})
    app.command("new-game", None)
    app.command("start", None)
    app.store.removeItem(storage.SAVE_KEY)  # that game is over and gone
    again, dom = boot(app.store)
    assert "<small>Russian Bezique for three</small>" in dom.regions["bz-overlay"]
    again.command("play", None)
    assert again.game.rules.players == 3 and again.model.overlay is None


def test_a_double_tap_on_play_starts_the_computer_once() -> None:
    """Two taps before the computer's turn begins: one move by the computer, none for you."""

    app, _ = boot()
    app.course.new_game({**app.model.table.setup, "dealer": "you", "level": "normal"}, save=False)
    app.dispatch(ScreenShown("start"))  # the computer leads this deal, behind it
    assert app.game.current_player == 1
    app.command("play", None)
    app.command("play", None)  # the second tap, already on its way
    manual(app).run_until_idle()  # every turn begun, to its end
    assert len(app.game.deal.history) == 1 and app.game.current_player == 0
    assert len(app.game.deal.hands[0]) == 8 and not app.model.table.busy


def test_a_new_game_started_while_the_computer_thinks_is_played() -> None:
    """Menu, New game, Start during the computer's turn: the new game's computer plays."""

    app, _ = boot(form={"variant": "classic", "level": "normal", "dealer": "you"})
    app.course.new_game({**app.model.table.setup, "dealer": "you", "level": "normal"})
    first = app.game
    app.turns.kick()  # the computer leads: it is thinking (its pause) ...
    assert app.model.table.busy and not first.deal.history
    app.command("new-game", None)
    app.command("start", None)  # ... when the new game starts
    if app.model.overlay == "confirm":  # leave the game under way
        app.command("confirm-new", None)
    assert app.model.overlay is None and app.game is not first
    assert app.game.current_player == 1 and not app.game.deal.history
    manual(app).run_until_idle()  # the first game's turn ends unplayed, the new one's plays
    assert len(app.game.deal.history) == 1 and app.game.current_player == 0
    assert not first.deal.history


def test_closing_a_screen_opened_from_the_start_screen_returns_to_it() -> None:
    app, dom = boot()
    for name in ("rules", "settings", "new-game"):
        app.command(name, None)
        assert 'data-command="close"' in dom.regions["bz-overlay"]
        app.command("close", None)
        assert app.model.overlay == "start"


def test_menu_lists_its_entries_and_the_languages() -> None:
    app, dom = boot()
    app.command("continue", None)
    app.command("menu", None)
    panel = dom.regions["bz-overlay"]
    assert 'aria-expanded="true"' in dom.regions["bz-bar"]
    listed = commands(panel)
    assert [e.command for e in MENU_ENTRIES] == [
        c for c in listed if c in {e.command for e in MENU_ENTRIES}
    ]
    assert listed.count("language") == 4
    app.command("language", {"data-lang": "he"})
    assert app.lang == "he" and app.model.overlay == "menu"
    app.command("menu", None)  # the menu button toggles
    assert app.model.overlay is None


def test_confirmation_before_leaving_a_game() -> None:
    app, _ = boot(form={"variant": "classic"})
    app.command("new-game", None)
    app.command("start", None)
    first = app.game
    app.course.try_action(app.game.legal_actions()[0].text())  # the game is under way
    app.command("new-game", None)
    app.command("start", None)
    assert app.model.overlay == "confirm" and app.game is first
    # its close button means staying too, never back to the form that asked
    dialog_html = screens.render_confirm_new(app.cat)
    assert 'class="btn close-x" data-command="stay"' in dialog_html
    app.command("stay", None)  # keep playing: back to the table, the game untouched
    assert app.model.overlay is None and app.game is first
    app.command("new-game", None)
    app.command("start", None)
    app.command("confirm-new", None)
    assert app.model.overlay is None and app.game is not first
    # turned off in the settings: no question
    app.commands.on_change("setting.confirm_new_game", "false")
    app.course.try_action(app.game.legal_actions()[0].text())
    second = app.game
    app.command("new-game", None)
    app.command("start", None)
    assert app.model.overlay is None and app.game is not second


def test_settings_change_at_once_and_persist() -> None:
    app, dom = boot()
    app.command("settings", None)
    screen = dom.regions["bz-overlay"]
    for name in ("auto_pass", "animation", "sound", "card_size", "confirm_new_game"):
        assert f'data-change="setting.{name}"' in screen
    app.commands.on_change("setting.animation", "off")
    app.commands.on_change("setting.card_size", "large")
    app.commands.on_change("setting.sound", "false")
    app.commands.on_change("setting.card_size", "gigantic")  # refused, kept
    assert dom.look["data-motion"] == "off" and dom.look["data-card-size"] == "large"
    stored = json.loads(app.store.getItem(settings.SETTINGS_KEY))
    assert stored["animation"] == "off" and stored["sound"] is False
    assert stored["card_size"] == "large"
    again, dom2 = boot(app.store)
    assert again.model.prefs.animation == "off" and dom2.look["data-motion"] == "off"


def test_corrupt_settings_never_break_the_start() -> None:
    store = storage.MemoryStorage()
    store.setItem(settings.SETTINGS_KEY, '{"variant": 7, "animation": "warp", "sound": "no"}')
    app, dom = boot(store)
    assert app.model.prefs == settings.Settings()
    assert 'data-screen="start"' in dom.regions["bz-overlay"]


def test_rules_of_every_variant_from_the_chooser() -> None:
    app, dom = boot()
    app.command("rules", None)
    html = dom.regions["bz-overlay"]
    assert 'data-change="rules-variant"' in html and 'data-command="close"' in html
    seen = set()
    for variant in ("classic", "russian", "russian-3", "russian-4", "no-trump", "bezik"):
        app.commands.on_change("rules-variant", variant)
        body = dom.regions["bz-overlay"]
        assert f'<option value="{variant}" selected>' in body
        # what the fair deck of two devices proves, and what it does not
        assert "data-rules-devices" in body and "seeing your cards" in body
        seen.add(body)
    assert len(seen) == 6  # each variant shows its own text


def test_a_tap_the_shell_kept_opens_the_table_in_the_first_render() -> None:
    """Play or Continue tapped on the shell's kept start screen before Python was ready: the
    app starts with it, and its first render is the table (no start screen drawn first, no
    click replayed)."""
    from fake_page import RecordingPage

    from web.app import App

    def started(store: storage.MemoryStorage, tap: str) -> tuple[App, list[str]]:
        dom = RecordingPage()
        overlays: list[str] = []
        patch = dom.patch_all

        def recorded(regions: dict[str, str], table_players: int, **cover: bool) -> None:
            overlays.append(regions.get("bz-overlay", ""))
            patch(regions, table_players, **cover)

        dom.patch_all = recorded  # type: ignore[method-assign]
        app = App(dom, store, fast=True, seed=5, launch=tap)
        app.start()
        assert dom.state == "ready"
        assert app.frames.painted == len(overlays) == 1  # whatever it draws, one paint
        return app, overlays

    store = storage.MemoryStorage()
    app, overlays = started(store, "play")
    assert app.model.overlay is None and 'data-action="play ' in app.dom.regions["bz-me"]
    assert not any('data-screen="start"' in html for html in overlays), overlays
    again, overlays = started(store, "continue")  # a game is saved now
    assert again.model.overlay is None and again.game.to_json() == app.game.to_json()
    assert not any('data-screen="start"' in html for html in overlays), overlays
    stale, _ = started(store, "play")  # Play, but a game is saved: the start screen stands
    assert stale.model.overlay == "start"


def test_each_patch_says_whether_its_overlay_is_modal_and_keeps_the_bar() -> None:
    """The shell makes what a modal screen covers inert from the patch's own flags (it no
    longer reads them from the HTML): every screen is modal, the menu keeps the header bar
    usable, and a deal's summary leaves the table usable."""
    from fake_page import play_through

    app, dom = boot()
    assert dom.cover == (True, False)  # the start screen
    app.command("play", None)
    assert dom.cover == (False, False)  # the table, no overlay
    app.command("menu", None)
    assert dom.cover == (True, True)
    app.command("close", None)
    play_through(app, lambda: app.game.deal.is_terminal)  # its summary over the table
    assert app.game.deal.is_terminal and 'data-summary="deal"' in dom.regions["bz-overlay"]
    assert dom.cover == (False, False)
