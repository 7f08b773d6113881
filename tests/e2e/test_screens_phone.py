"""The screens around the table on phones (issue 29), in real Chromium: the new-game
form's Start button is whole and tappable at 390x844 and 360x640, and undo is one tap on
the table. Short on purpose: one phone context per size, one desktop page."""

from __future__ import annotations

from collections.abc import Callable

from page_hooks import TURN
from playwright.sync_api import Browser, Page
from test_table import visit

WaitFn = Callable[..., None]
TIMEOUT_MS = 60_000

# The element's box, the viewport, and whether the button itself is what a tap at its
# centre would hit (nothing sticky or clipped over it).
WHOLE_AND_ON_TOP = """(sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          width: innerWidth, height: innerHeight, onTop: !!hit && el.contains(hit)};
}"""
START = '#bz-overlay [data-command="start"]'


def fresh(page: Page, app_url: str, wait_ready: WaitFn, seed: int = 4) -> None:
    visit(page, app_url, wait_ready, seed)


def assert_whole(page: Page, what: str) -> None:
    box = page.evaluate(WHOLE_AND_ON_TOP, START)
    assert box["top"] >= 0 and box["left"] >= 0, (what, box)
    assert box["bottom"] <= box["height"] and box["right"] <= box["width"], (what, box)
    assert box["onTop"], (what, box)


def test_start_is_whole_and_tappable_on_phones(
    browser: Browser, app_url: str, wait_ready: WaitFn
) -> None:
    context = browser.new_context(is_mobile=True, has_touch=True, reduced_motion="reduce")
    page = context.new_page()
    try:
        for width, height in ((390, 844), (360, 640)):  # one boot; the second size restarts
            page.set_viewport_size({"width": width, "height": height})
            fresh(page, app_url, wait_ready)
            page.locator('[data-screen="start"] [data-command="new-game"]').tap()
            page.locator(START).wait_for()
            assert_whole(page, f"classic {width}x{height}")
            # the longest form: four seats, two of them people with names
            page.select_option('select[name="variant"]', "russian-4")
            page.wait_for_selector('[data-seat="3"][data-seat-kind="person"]')
            page.locator('[data-seat="2"][data-seat-kind="person"]').tap()
            page.fill('input[name="name.2"]', "Mila")
            assert_whole(page, f"russian-4 {width}x{height}")
            page.locator(START).tap()
            page.locator("[data-handover]").wait_for()  # two people: the hand-over first
    finally:
        context.close()


def test_undo_is_one_tap_on_the_table(page: Page, app_url: str, wait_ready: WaitFn) -> None:
    fresh(page, app_url, wait_ready, seed=9)
    page.locator('[data-screen="start"] [data-command="play"]').click()
    page.wait_for_function(TURN, timeout=TIMEOUT_MS)
    hand = "() => [...document.querySelectorAll('#bz-me [data-card]')].map(e => e.dataset.card)"
    before = page.evaluate(hand)
    undo = page.locator('#bz-bar [data-command="undo"]')
    assert undo.get_attribute("aria-disabled") == "true"  # nothing of mine to take back yet
    page.locator('#bz-me [data-action]:not([aria-disabled="true"])').first.click()
    page.wait_for_function(TURN, timeout=TIMEOUT_MS)
    page.wait_for_function(
        "() => !document.querySelector('#bz-bar [data-command=\"undo\"][aria-disabled]')"
    )
    undo.click()  # one tap, no menu
    page.wait_for_function(f"(b) => JSON.stringify(({hand})()) === JSON.stringify(b)", arg=before)
    assert page.locator('[role="dialog"]').count() == 0
