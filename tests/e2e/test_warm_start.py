"""A warm start: the shell draws the start screen the app last showed before Python is ready,
and a tap on it reaches the table once Python is (index.html's `__bzWarm`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from page_hooks import ENABLED
from playwright.sync_api import Page

WaitFn = Callable[..., None]
HAND, CARDS = "#bz-me .hand [data-card]", "cards => cards.map((c) => c.dataset.card)"

# From the page's first moment: when the start screen first shows, and the app's state then;
# when it shows with a Continue to tap, that tap, from inside the page (a player's finger).
WATCH_START = """(() => {
  window.__warm = {shownAt: null, drawnBy: null, tappedAt: null, stateWhenTapped: null};
  const look = () => {
    const start = document.querySelector('#bz-overlay [data-screen="start"]');
    if (!start || window.__warm.shownAt !== null) return;
    window.__warm.shownAt = performance.now();
    window.__warm.drawnBy = document.documentElement.dataset.warm ? 'shell' : 'app';
    const go = start.querySelector('[data-command="continue"]');
    if (!go) return;
    window.__warm.tappedAt = performance.now();
    window.__warm.stateWhenTapped = document.documentElement.dataset.appState || 'loading';
    go.click();
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true});
})()"""


def test_a_returning_player_sees_the_start_screen_before_python_and_the_tap_waits(
    page: Page, app_url: str, wait_ready: WaitFn, wait_controlled: WaitFn
) -> None:
    page.goto(app_url + "?seed=4")
    wait_ready(page)
    wait_controlled(page)
    # a game to continue, then a later visit: the offline copy and the kept start screen
    page.locator('[data-screen="start"] [data-command="play"]').click()
    page.wait_for_function(f"() => !!document.querySelector('{ENABLED}')")
    hand = page.eval_on_selector_all(HAND, CARDS)
    page.add_init_script(WATCH_START)
    page.reload()
    wait_ready(page)
    warm: dict[str, Any] = page.evaluate("window.__warm")
    print("warm start, ms after navigation:", warm)
    assert warm["drawnBy"] == "shell", warm  # not by Python
    assert warm["stateWhenTapped"] == "loading", warm  # tapped before Python was ready...
    # ...and the tap went through once it was: the same game's table, no second tap
    page.wait_for_function(f"() => !!document.querySelector('{ENABLED}')", timeout=30_000)
    assert page.locator('[data-screen="start"]').count() == 0
    assert page.eval_on_selector_all(HAND, CARDS) == hand
    assert page.evaluate("document.documentElement.dataset.warm") is None


# Kept values the shell must not draw: broken, not an object, another language, and a
# start screen offering Continue while no game is saved.
NOT_DRAWN = (
    "{not json",
    "[1, 2]",
    '{"lang": "xx", "skeleton": "<div id=bz></div>", "screen": "<div data-screen=\\"start\\">"}',
    '{"lang": "en", "skeleton": "<div id=bz><div id=bz-overlay></div></div>",'
    ' "screen": "<div data-screen=\\"start\\"><b data-command=\\"continue\\"></b></div>"}',
)


def test_a_broken_foreign_or_stale_kept_screen_only_means_the_loading_screen(
    page: Page, app_url: str, wait_ready: WaitFn
) -> None:
    page.goto(app_url + "?seed=4")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    page.add_init_script(WATCH_START)
    for kept in NOT_DRAWN:
        page.evaluate("(v) => localStorage.setItem('bezique-warm-start', v)", kept)
        page.reload()
        wait_ready(page)
        warm = page.evaluate("window.__warm")
        assert warm["drawnBy"] == "app", (kept, warm)
        assert page.locator('[data-screen="start"]').count() == 1
