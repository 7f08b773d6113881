"""Screenshots of every screen in every language, phone and desktop, for reading.

Not collected by default (it only takes pictures); run it by path:

    .venv/bin/python -m pytest tests/e2e/shots_languages.py -q

Saves made under CPython put the table straight on a deal's or a game's end,
so the summaries are shot without playing whole games in the browser.
Pictures go to artifacts/shots/<lang>-<screen>-<size>.png.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fake_page import RecordingPage, play_through
from link_pages import devices, pair
from playwright.sync_api import Browser, Page
from threads import in_thread

from web import storage
from web.app import App
from web.table.adapter import game_decided

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("he", "tr", "ru", "en")
SIZES = {"phone": (360, 640), "desktop": (1280, 720)}


def saved_position(variant: str, seed: int, options: dict[str, Any], whole_game: bool) -> str:
    """The save text of a game played by the table's own loop to a deal's (or game's) end."""
    out: list[str] = []

    def run() -> None:
        app = App(RecordingPage(), storage.MemoryStorage(), fast=True, seed=seed)
        app.start()
        app.course.new_game({"variant": variant, "options": options, "level": "greedy"})

        play_through(
            app,
            lambda: app.game.deal.is_terminal and (not whole_game or game_decided(app.game)),
            limit=80_000,
        )
        out.append(app.store.getItem(storage.SAVE_KEY))

    in_thread(run)
    return out[0]


POSITIONS: dict[str, Callable[[], str]] = {
    "classic-game-end": lambda: saved_position("classic", 8, {}, whole_game=True),
    "bezik-deal-end": lambda: saved_position("bezik", 5, {}, whole_game=False),
    "russian4-deal-end": lambda: saved_position("russian-4", 3, {}, whole_game=False),
    "notrump3-deal-end": lambda: saved_position("no-trump", 3, {"players": 3}, whole_game=False),
}


@pytest.fixture(scope="module")
def saves() -> dict[str, str]:
    return {name: make() for name, make in POSITIONS.items()}


def open_with(page: Page, app_url: str, wait_ready: Callable[..., None], lang: str,
              save: str | None, variant: str = "classic") -> None:
    page.goto(app_url + "manifest.webmanifest")  # same origin, no boot: set the storage
    settings = {"variant": variant, "options": {}, "level": "easy", "dealer": "random"}
    page.evaluate(
        "([lang, save, settings]) => { localStorage.clear();"
        " localStorage.setItem('bezique.lang', lang);"
        " localStorage.setItem('bezique.settings', settings);"
        " if (save) localStorage.setItem('bezique.save', save); }",
        [lang, save, json.dumps(settings)],
    )
    page.goto(app_url + "?fast&seed=7")
    wait_ready(page)


def past_start(page: Page) -> None:
    """Through the start screen: Continue (a saved game), else Play."""
    start = page.locator('[data-screen="start"]')
    if start.count():
        button = start.locator('[data-command="continue"]')
        (button if button.count() else start.locator('[data-command="play"]')).first.click()
        start.wait_for(state="detached")


def from_menu(page: Page, command: str) -> None:
    page.locator('[data-command="menu"]').first.click()
    page.locator(f'.menu-list [data-command="{command}"]').first.click()


CARDS_LANDED = """() => document.getAnimations().every((a) => a.playState !== 'running'
    || !a.effect?.target?.closest?.('.card, .hcard'))"""


def shoot(page: Page, out: Path, name: str, full: bool = False) -> None:
    """A picture once the cards in flight have landed (a deal's cards fly in one by one)."""
    page.wait_for_function(CARDS_LANDED, timeout=10_000)
    page.wait_for_timeout(150)
    page.screenshot(path=str(out / f"{name}.png"), full_page=full)


@pytest.mark.parametrize("lang", LANGS)
def test_shoot_every_screen(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path,
    saves: dict[str, str], lang: str,
) -> None:
    out = artifacts_dir / "shots"
    out.mkdir(exist_ok=True)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        # a fresh classic table, then its dialogs
        open_with(page, app_url, wait_ready, lang, None)
        shoot(page, out, f"{lang}-start-{size}")
        past_start(page)
        shoot(page, out, f"{lang}-table-{size}")
        from_menu(page, "new-game")
        shoot(page, out, f"{lang}-newgame-{size}", full=True)
        page.select_option('select[name="variant"]', "no-trump")
        shoot(page, out, f"{lang}-newgame-notrump-{size}", full=True)
        page.click('#bz-overlay [data-command="close"]')
        from_menu(page, "rules")
        shoot(page, out, f"{lang}-rules-classic-{size}", full=(size == "phone"))
        page.click('#bz-overlay [data-command="close"]')
        # deal and game ends
        open_with(page, app_url, wait_ready, lang, saves["classic-game-end"])
        past_start(page)
        shoot(page, out, f"{lang}-game-end-{size}", full=True)
        for name in ("bezik-deal-end", "russian4-deal-end", "notrump3-deal-end"):
            open_with(page, app_url, wait_ready, lang, saves[name])
            past_start(page)
            shoot(page, out, f"{lang}-{name}-{size}", full=True)
        if size != "phone":
            continue
        # the other variants' tables and rules (a new game of each)
        for variant in ("bezik", "russian-4", "russian-3", "russian", "no-trump"):
            open_with(page, app_url, wait_ready, lang, None, variant=variant)
            past_start(page)
            shoot(page, out, f"{lang}-table-{variant}-{size}")
            from_menu(page, "rules")
            shoot(page, out, f"{lang}-rules-{variant}-{size}", full=True)
            page.click('#bz-overlay [data-command="close"]')


@pytest.mark.parametrize("lang", LANGS)
def test_shoot_two_devices(browser: Browser, app_url: str, artifacts_dir: Path,
                           lang: str) -> None:
    """Two devices at one table: the host's new game and codes, the guest's join screen and
    code, both tables, a guest away (its page reloaded) and the deal's summaries."""
    out = artifacts_dir / "shots"
    out.mkdir(exist_ok=True)
    for size, (w, h) in SIZES.items():
        with devices([browser] * 2, app_url, {"width": w, "height": h}, lang) as (host, guest):
            name = f"{lang}-{{}}-{size}"
            host.click('[data-command="host-table"]')
            host.check('[data-seat="1"][data-seat-kind="device"]')
            shoot(host, out, name.format("devices-host-newgame"), full=True)
            host.click('[data-command="start"]')
            offer = host.wait_for_selector('[data-pair-code="offer"][data-seat="1"]')
            host.wait_for_selector(".pair-qr svg")
            shoot(host, out, name.format("devices-host-code"), full=True)
            guest.click('[data-command="join-table"]')
            shoot(guest, out, name.format("devices-guest-join"), full=True)
            guest.fill("input[data-pair-input]", offer.inner_text())
            guest.click('[data-command="pair-connect"]')
            answer = guest.wait_for_selector('[data-pair-code="answer"]').inner_text()
            guest.wait_for_selector(".pair-qr svg")
            shoot(guest, out, name.format("devices-guest-code"), full=True)
            host.fill('input[data-pair-input][data-seat="1"]', answer)
            host.click('[data-command="pair-connect"][data-seat="1"]')
            for page in (host, guest):
                page.wait_for_selector('html[data-peer-state="connected"] #bz-me .hcard')
            shoot(host, out, name.format("devices-host-table"))
            shoot(guest, out, name.format("devices-guest-table"))
            guest.reload()  # the guest's page away: the host's table waits for it
            host.wait_for_selector("[data-peer-waiting]")
            shoot(host, out, name.format("devices-host-waiting"))
            guest.wait_for_selector("html[data-app-state=ready]")
            shoot(guest, out, name.format("devices-guest-rejoin"), full=True)


@pytest.mark.parametrize("lang", LANGS)
def test_shoot_a_guest_whose_host_left(browser: Browser, app_url: str, artifacts_dir: Path,
                                       lang: str) -> None:
    """The host starts a game of its own: the guest's table says the host left."""
    out = artifacts_dir / "shots"
    out.mkdir(exist_ok=True)
    for size, (w, h) in SIZES.items():
        with devices([browser] * 2, app_url, {"width": w, "height": h}, lang) as (host, guest):
            pair(host, [guest])
            host.click('[data-command="menu"]')
            host.click('.menu-list [data-command="new-game"]')
            host.check('[data-seat="1"][data-seat-kind="computer"]')
            host.click('[data-command="start"]')
            if host.query_selector('[data-command="confirm-new"]'):
                host.click('[data-command="confirm-new"]')
            guest.wait_for_selector("[data-peer-left]")
            shoot(guest, out, f"{lang}-devices-guest-host-left-{size}")
