"""Devices for the two-devices browser tests: pages that boot the app, pair through the
codes as a person passes them (text typed into the other page), and play a deal to its
summary, each page moving on its own turn. Every message a page receives over its data
channels is kept in ``window.__received`` (an init script), so a test can check that no
message to a guest named another seat's hidden card.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager

from page_hooks import ENABLED, TURN
from playwright.sync_api import Browser, Page

PHONE = {"width": 360, "height": 640}
# Keeps every message the page's data channels deliver, before the app reads it.
RECEIVED = """
const described = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
  configurable: true,
  get() { return described.get.call(this); },
  set(handler) {
    described.set.call(this, (event) => {
      (window.__received ||= []).push(String(event.data));
      handler(event);
    });
  },
});
"""
# What the person may do now, as text: it changes once a click has been taken.
CHOICES = (f"() => JSON.stringify(Array.from(document.querySelectorAll('{ENABLED}'),"
           " e => e.dataset.action))")
# Clicks the first thing the person may do (the page's own click: no waiting for motion).
CLICK_FIRST = (f"() => {{ const e = document.querySelector('{ENABLED}');"
               " if (e) e.click(); return !!e; }")
SUMMARY = "[data-summary]"


@contextmanager
def devices(browser: Browser, app_url: str, count: int) -> Iterator[list[Page]]:
    """``count`` phones, each its own browser context, booted to the start screen."""
    contexts = [browser.new_context(viewport=PHONE, service_workers="block")
                for _ in range(count)]
    pages = []
    for context in contexts:
        context.add_init_script(RECEIVED)
        page = context.new_page()
        page.goto(f"{app_url}?fast")
        pages.append(page)
    try:
        for page in pages:
            page.wait_for_selector("html[data-app-state=ready]", timeout=120_000)
        yield pages
    finally:
        for context in contexts:
            context.close()


def pair(host: Page, guests: list[Page], variant: str = "classic") -> float:
    """The host sets up a table with a seat for each guest's device; each guest joins
    with the host's code and the host takes the guest's code back. Returns the seconds."""
    start = time.perf_counter()
    host.click('[data-command="host-table"]')
    if variant != "classic":
        host.select_option('select[name="variant"]', variant)
    for seat in range(1, len(guests) + 1):
        host.check(f'[data-seat="{seat}"][data-seat-kind="device"]')
    host.click('[data-command="start"]')
    for seat, guest in enumerate(guests, 1):
        offer = host.wait_for_selector(f'[data-pair-code="offer"][data-seat="{seat}"]')
        guest.click('[data-command="join-table"]')
        guest.fill("input[data-pair-input]", offer.inner_text())
        guest.click('[data-command="pair-connect"]')
        answer = guest.wait_for_selector('[data-pair-code="answer"]').inner_text()
        host.fill(f'input[data-pair-input][data-seat="{seat}"]', answer)
        host.click(f'[data-command="pair-connect"][data-seat="{seat}"]')
    host.wait_for_selector('html[data-peer="host"][data-peer-state="connected"] #bz-me .hcard')
    for guest in guests:
        guest.wait_for_selector('html[data-peer="guest"][data-peer-state="connected"]'
                                " #bz-me .hcard")
    return time.perf_counter() - start


def play_to_summary(pages: list[Page], limit: int = 400) -> int:
    """Whoever's turn it is plays the first thing offered, until every page shows the
    deal's summary. Returns the number of moves made."""
    moves = 0
    deadline = time.monotonic() + 240
    while not all(page.query_selector(SUMMARY) for page in pages):
        assert moves < limit and time.monotonic() < deadline, "the deal did not end"
        mover = next((page for page in pages if page.evaluate(TURN)), None)
        if mover is None:
            time.sleep(0.02)
            continue
        before = mover.evaluate(CHOICES)
        if mover.evaluate(CLICK_FIRST):
            moves += 1
            mover.wait_for_function(f"before => ({CHOICES})() !== before", arg=before,
                                    timeout=30_000)
    return moves


def received(page: Page) -> list[str]:
    """The messages a page's data channels delivered."""
    return list(page.evaluate("window.__received || []"))


def deal_record(page: Page) -> dict[str, object]:
    """The record a guest received at the end of the first deal."""
    for text in received(page):
        data = json.loads(text)
        if data.get("t") == "record" and data.get("deal") == 0:
            return dict(data["record"])
    raise AssertionError("no record of the deal reached the guest")


def host_save(host: Page) -> dict[str, object]:
    return dict(json.loads(host.wait_for_function(
        "localStorage.getItem('bezique.save')").json_value()))
