"""Two devices, one table, in Chromium: two browser contexts ("devices") boot the app,
pair through the codes as a person passes them (text typed into the other page), and
play the first tricks, each on its own device; the guest's page never holds a card of the
host's hand. Prints the pairing time and the time from a move on one device to its
appearance on the other (the figures docs/design.md quotes; nothing here is timed as a
pass/fail). The whole deals, the cut and rejoin, the hostile messages and the forged deck
are tests/web/test_two_devices.py's and tests/web/test_link_*.py's, through the same apps.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator

import pictures
import pytest
from page_hooks import ENABLED, TURN
from playwright.sync_api import Browser, Page

import engine

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
HAND_CARDS = "() => Array.from(document.querySelectorAll('#bz [data-card]'), e => e.dataset.card)"


@pytest.fixture
def devices(browser: Browser, app_url: str) -> Iterator[tuple[Page, Page]]:
    contexts = [browser.new_context(viewport=PHONE, service_workers="block") for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.goto(f"{app_url}?fast")
    for page in pages:
        page.wait_for_selector("html[data-app-state=ready]", timeout=120_000)
    yield pages[0], pages[1]
    for context in contexts:
        context.close()


def pair(host: Page, guest: Page) -> float:
    """The host sets up a table with another device; the guest joins: codes as text."""
    start = time.perf_counter()
    host.click('[data-command="host-table"]')
    host.check('[data-seat="1"][data-seat-kind="device"]')
    host.click('[data-command="start"]')
    offer = host.wait_for_selector('[data-pair-code="offer"][data-seat="1"]').inner_text()
    guest.click('[data-command="join-table"]')
    guest.fill("input[data-pair-input]", offer)
    guest.click('[data-command="pair-connect"]')
    answer = guest.wait_for_selector('[data-pair-code="answer"]').inner_text()
    host.fill('input[data-pair-input][data-seat="1"]', answer)
    host.click('[data-command="pair-connect"][data-seat="1"]')
    host.wait_for_selector('html[data-peer="host"][data-peer-state="connected"]')
    guest.wait_for_selector('html[data-peer="guest"][data-peer-state="connected"] #bz-me .hcard')
    return time.perf_counter() - start


def host_game(host: Page) -> engine.Game:
    save = host.wait_for_function("localStorage.getItem('bezique.save')").json_value()
    return engine.Game.from_json(json.loads(save)["game"])


def test_two_devices_pair_and_play_the_first_tricks(devices: tuple[Page, Page],
                                                    artifacts_dir: object) -> None:
    host, guest = devices
    paired = pair(host, guest)
    assert host.query_selector('[data-pair-code="offer"]') is None  # the table shows
    lags: list[float] = []
    for _ in range(12):
        game = host_game(host)
        # the guest's page: its own hand and the public cards, never the host's hidden ones
        hidden = {engine.cards.code_text(c) for c in game.observation(0).hand} - {
            engine.cards.code_text(c) for c in game.observation(1).hand}
        own = sorted(engine.cards.code_text(c) for c in game.observation(1).hand)
        guest.wait_for_function(  # the guest's page has caught up with the host's game
            "own => JSON.stringify(Array.from(document.querySelectorAll('#bz-me .hcard'),"
            " e => e.dataset.card).sort()) === JSON.stringify(own)", arg=own, timeout=30_000)
        shown = set(guest.evaluate(HAND_CARDS))
        public: set[str] = set()
        obs = game.observation(1)
        public.update(engine.cards.code_text(c) for t in obs.tables for c in t)
        public.update(engine.cards.code_text(c) for _, c, _ in obs.trick)
        public.update(engine.cards.code_text(c) for _, c, _ in obs.last_trick)
        public.update(engine.cards.code_text(c) for c in obs.played)
        if obs.turnup is not None:
            public.add(engine.cards.code_text(obs.turnup))
        assert not (shown & hidden) - public, (shown & hidden) - public
        if game.deal.is_terminal:
            break
        mover, other = (host, guest) if game.current_player == 0 else (guest, host)
        mover.wait_for_function(TURN, timeout=30_000)
        before = other.evaluate(HAND_CARDS)
        start = time.perf_counter()
        mover.click(ENABLED)
        other.wait_for_function(f"before => JSON.stringify(({HAND_CARDS})()) !== "
                                "JSON.stringify(before)", arg=before, timeout=30_000)
        lags.append(time.perf_counter() - start)
    if pictures.wanted("en", "phone"):
        host.screenshot(path=f"{artifacts_dir}/link-host-en-phone.png")
        guest.screenshot(path=f"{artifacts_dir}/link-guest-en-phone.png")
    print(f"\ntwo devices: paired in {paired:.2f} s; a move shown on the other device after "
          f"{statistics.median(lags) * 1000:.0f} ms (median of {len(lags)})")
    assert lags
