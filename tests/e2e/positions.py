"""Positions built with the engine and loaded into the page as a saved game: a test
reaches a rare or late moment at once instead of playing to it through the page. And how a
test opens the app: one boot, with exactly the storage it sets."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

from page_hooks import READY_FOR_INPUT
from playwright.sync_api import Page

import engine
from web import storage

SAVE = storage.SAVE_KEY
FAST = "?fast&seed={seed}"


def visit(
    page: Page,
    app_url: str,
    wait_ready: Callable[..., None],
    seed: int = 7,
    stored: dict[str, str] | None = None,
) -> None:
    """One boot of the app (?fast&seed) with exactly `stored` in its storage, nothing else.

    Why one: each test's page comes in a fresh browser context, whose storage is empty, so
    a page that has not been anywhere yet boots straight away; storage to set (or a page
    that has been at the app) goes through the manifest first, same origin and no boot.
    """
    if restartable(page, app_url):
        restart(page, seed, stored or {})
        return
    if stored or page.url != "about:blank":
        page.goto(app_url + "manifest.webmanifest")
        page.evaluate(
            "items => { localStorage.clear();"
            " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
            stored or {},
        )
    page.goto(app_url + FAST.format(seed=seed))
    wait_ready(page)


# A page shared by a module's tests (tests/e2e/test_table.py's `page`) restarts the app
# instead of booting it again: the app's test-only command (?fast), from a control that is
# there only for the click.
RESTART = """(seed) => {
  const button = document.createElement('button');
  button.hidden = true;
  button.dataset.command = 'test-restart';
  button.dataset.seed = String(seed);
  document.getElementById('bz').append(button);
  button.click();
  button.remove();
}"""
# The storage set, and the page's language chosen from it as index.html does before a boot
# (the app's start reads <html lang> when no language is stored).
STORE = """(items) => { localStorage.clear();
  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  const supported = ['he', 'tr', 'ru', 'en'];
  const wanted = [localStorage.getItem('bezique.lang'), ...(navigator.languages || [])];
  const lang = wanted.map(w => String(w).toLowerCase().split('-')[0])
    .find(w => supported.includes(w)) || 'en';
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'he' ? 'rtl' : 'ltr'; }"""


def restartable(page: Page, app_url: str) -> bool:
    """The app is up in this page already, with ?fast (a page kept across tests)."""
    return bool(
        page.url.startswith(app_url + "?fast")
        and page.evaluate("document.documentElement.dataset.appState === 'ready'")
    )


def restart(page: Page, seed: int, stored: dict[str, str]) -> None:
    """The app as a first visit with `stored` finds it, without a boot: a first restart
    stops whatever the table was doing (a computer's move could save over the storage set
    now), the storage is set, and a second restart starts from it."""
    for step in range(2):
        page.evaluate(RESTART, seed)
        # the click is counted in html[data-pending] at once: this waits until it is handled
        page.wait_for_function("() => !!document.querySelector('[data-screen=start]')")
        if step == 0:
            page.evaluate(STORE, stored)


def leave_start_screen(page: Page) -> None:
    """From the start screen: continue the saved game, or start a new one with the defaults."""
    start = page.locator('[data-screen="start"]')
    start.wait_for()
    resume = start.locator('[data-command="continue"]')
    if resume.count():
        resume.click()
    else:
        start.locator('[data-command="new-game"]').click()
        page.locator('[data-command="start"]').click()
    page.locator('[data-screen="start"]').wait_for(state="detached")


def wait_for_input(page: Page) -> None:
    page.wait_for_function(READY_FOR_INPUT, timeout=30_000)


def late_in_the_deal(variant: str, seed: int) -> Any:
    """A deal played by the engine until the stock is out and the person (seat 0) is to
    play with a few cards left: the end of a whole deal, quickly."""
    game = engine.new_game(variant, {}, seed=seed, dealer=1)
    rng = random.Random(seed)
    while True:
        deal = game.deal
        if deal.in_end_phase and game.current_player == 0 and len(deal.hands[0]) <= 4:
            return game
        game.apply(rng.choice(game.legal_actions()))


def mid_deal(variant: str, seed: int, moves: int) -> Any:
    """A deal played by the engine for at least `moves` actions, until the person (seat 0)
    is to play: a position with a history, at once."""
    game = engine.new_game(variant, {}, seed=seed, dealer=1)
    rng = random.Random(seed)
    played = 0
    while played < moves or game.current_player != 0:
        game.apply(rng.choice(game.legal_actions()))
        played += 1
    assert not game.deal.is_terminal
    return game


def declaration_due() -> Any:
    """Classic: the human just won a trick and holds something to declare."""
    game = engine.new_game("classic", {}, seed=6, dealer=1)
    rng = random.Random(6)
    while True:
        legal = game.legal_actions()
        if game.current_player == 0 and any(a.kind == "declare" for a in legal):
            return game
        game.apply(rng.choice([a for a in legal if a.kind != "declare"] or legal))


def near_the_end(game: Any) -> Any:
    """The game played on by the engine until the person (seat 0) is to play with at most
    three cards left in the deal's end phase: the same deal's last tricks."""
    rng = random.Random(0)
    while True:
        deal = game.deal
        if deal.in_end_phase and game.current_player == 0 and len(deal.hands[0]) <= 3:
            return game
        assert not deal.is_terminal, "the deal ended before its last tricks"
        game.apply(rng.choice(game.legal_actions()))


def saved_game(page: Page) -> Any:
    """The game as the page last saved it."""
    return engine.Game.from_json(json.loads(page.evaluate(f"localStorage['{SAVE}']"))["game"])


def begin(page: Page) -> None:
    """Past a start screen, if the app shows one (continue the saved game, else a new one)."""
    if page.locator('[data-screen="start"]').count():
        leave_start_screen(page)
        return
    for command in ("continue", "play", "start"):
        button = page.locator(f'#bz-overlay [data-command="{command}"]')
        if button.count():
            button.first.click()
            return
    page.locator('[data-screen="start"] [data-command="new-game"]').click()  # then start
    page.locator('#bz-overlay [data-command="start"]').click()


def save_text(game: Any) -> str:
    """The game as the app saves it, the person at seat 0 against the greedy AI."""
    return storage.encode(
        game.to_json(),
        {"human": 0, "settings": {"variant": game.rules.name, "level": "greedy"}},
    )


def open_save(
    page: Page,
    app_url: str,
    wait_ready: Callable[..., None],
    game: Any,
    seed: int = 7,
    stored: dict[str, str] | None = None,
) -> None:
    """The first visit of a page opens this game at once (one boot; `stored` beside it),
    past the start screen and ready for the person's input."""
    visit(page, app_url, wait_ready, seed, stored={**(stored or {}), SAVE: save_text(game)})
    begin(page)
    wait_for_input(page)


def load_save(page: Page, game: Any) -> None:
    text = save_text(game)
    if restartable(page, urljoin(page.url, "/")):
        kept = page.evaluate("({...localStorage})")
        restart(page, int(parse_qs(urlsplit(page.url).query).get("seed", ["7"])[0]),
                {**kept, SAVE: text})
        begin(page)
        wait_for_input(page)
        return
    # The table's page (and its Python worker) is closed first: a save it was still writing
    # (its AI plays on) cannot land after this one.
    url = page.url
    page.goto(urljoin(url, "manifest.webmanifest"))
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE, text])
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'")
    begin(page)
    wait_for_input(page)


