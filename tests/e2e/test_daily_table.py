"""The daily deal in Chromium: the start screen's button deals the day's cards (a fixed date,
``?today=`` with ``?fast``), the person plays the whole deal against the strong program,
the summary shows the comparison with the computer in the same seat (played in the page's
background) and the streak, Share copies the text to the clipboard, and the day's deal
asked for again shows its result instead of the cards.

(Named apart from tests/engine/test_daily.py: no two modules share a name.)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pictures
from link_pages import CLICK_FIRST, taken
from page_hooks import MOVE_MARK
from playwright.sync_api import Page
from positions import RESTART
from test_languages import axe_violations
from test_table_flow import language

from engine.cards import code_text
from engine.daily import DAILY_SEAT, computer_in_seat, daily_game

DAY = "2026-12-03"
SIZES = {"phone": (360, 640), "desktop": (1280, 720)}
DONE = '[data-daily-computer]:not([data-daily-computer="pending"])'


def shoot(page: Page, artifacts: Path, name: str, screen: bool = False) -> None:
    """Review pictures (BEZIQUE_SHOTS): each wanted language at a phone's and a desktop's
    size, back to English and the phone after. ``screen``: the daily screen, over the start
    screen, whose language buttons are under it (closed, switched, opened again)."""
    langs = [lang for lang in pictures.LANGS
             if any(pictures.wanted(lang, size) for size in SIZES)]
    if not langs:
        return
    for lang in [*langs, "en"]:
        if screen:
            page.click('[data-screen="daily"] [data-command="close"]')
        language(page, lang)
        if screen:
            page.click('[data-screen="start"] [data-command="daily"]')
            page.wait_for_selector('[data-screen="daily"]')
        for size, (w, h) in SIZES.items():
            if lang in langs and pictures.wanted(lang, size):
                page.set_viewport_size({"width": w, "height": h})
                page.screenshot(path=str(artifacts / f"daily-{name}-{size}-{lang}.png"))
    page.set_viewport_size({"width": 360, "height": 640})


def hand_texts(day: str) -> list[str]:
    """The person's first hand of the day's classic deal, as the engine deals it."""
    return sorted(code_text(code) for code in daily_game(day, "classic").deal.hands[DAILY_SEAT])


def test_the_daily_deal_played_compared_and_shared(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                   origin=app_url.rstrip("/"))
    page.goto(app_url + f"?fast&today={DAY}")
    wait_ready(page)
    page.click('[data-screen="start"] [data-command="daily"]')
    page.wait_for_selector(f'#bz-scores [data-daily="{DAY}"]')  # the table's mark
    shown = page.eval_on_selector_all("#bz-me [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(shown) == hand_texts(DAY)  # the day's cards, as on every device
    started = time.monotonic()
    moves = 0
    while not page.query_selector("[data-summary]"):
        assert moves < 200 and time.monotonic() - started < 240, "the deal did not end"
        before = page.evaluate(MOVE_MARK)
        # none now (the computer's turn): a click could land on the person's next turn,
        # whose choices would be waited on as if they were these
        if json.loads(before)[0] and page.evaluate(CLICK_FIRST):
            moves += 1
            taken(page, before)
        else:
            time.sleep(0.05)
    played = time.monotonic() - started
    page.wait_for_selector(DONE, timeout=240_000)
    compared = time.monotonic() - started
    print(f"daily deal: {moves} moves in {played:.1f} s, the comparison at {compared:.1f} s")
    summary = page.locator('[data-summary="deal"] .daily-result')
    you = int(summary.locator(".daily-vs").get_attribute("data-daily-you") or "")
    theirs = int(summary.locator(".daily-vs").get_attribute("data-daily-computer") or "")
    assert you == int(page.get_attribute('[data-seat-score="0"]', "data-value") or "")
    steps = computer_in_seat(DAY, "classic")  # the same program in CPython: the same deal
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        assert theirs == stop.value.points
    assert summary.locator('[data-daily-streak="1"][data-daily-best="1"]').count() == 1
    assert not axe_violations(page)
    shoot(page, artifacts_dir, "summary")
    # Share: no share sheet in this Chromium, so the clipboard, and the notice says so
    page.click('[data-summary="deal"] [data-command="daily-share"]')
    page.wait_for_selector('[data-share-status="copied"]')
    text = page.evaluate("navigator.clipboard.readText()")
    lines = text.split("\n")
    assert lines[0] == f"Bezique daily deal {DAY}"
    assert lines[1] == f"Bezique: me {you} · the computer in my seat {theirs}"
    tricks = summary.locator(".daily-squares").get_attribute("data-daily-tricks") or ""
    assert lines[2] == "".join("🟩" if t == "1" else "⬛" for t in tricks) and len(tricks) == 32
    # the app started again (as a new visit finds it): today's deal shows its result
    page.evaluate(RESTART, 7)
    page.wait_for_selector('[data-screen="start"]')
    page.click('[data-screen="start"] [data-command="daily"]')
    screen = page.wait_for_selector('[data-screen="daily"]')
    assert screen.query_selector(f'[data-daily-you="{you}"][data-daily-computer="{theirs}"]')
    assert not page.query_selector("#bz-me [data-card]")  # no cards dealt again
    assert not axe_violations(page)
    shoot(page, artifacts_dir, "screen", screen=True)
