"""Positions built with the engine and loaded into the page as a saved game: a test
reaches a rare or late moment at once instead of playing to it through the page."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import urljoin

from playwright.sync_api import Page
from test_table import leave_start_screen, wait_for_input

import engine
from web import storage


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


def load_save(page: Page, game: Any) -> None:
    text = storage.encode(
        game.to_json(),
        {"human": 0, "settings": {"variant": game.rules.name, "level": "greedy"}},
    )
    # The table's page (and its Python worker) is closed first: a save it was still writing
    # (its AI plays on) cannot land after this one.
    url = page.url
    page.goto(urljoin(url, "manifest.webmanifest"))
    page.evaluate("text => localStorage.setItem('bezique.save', text)", text)
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'")
    begin(page)
    wait_for_input(page)


