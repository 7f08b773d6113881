"""A warm start: the shell draws the start screen the app last showed before Python is ready,
and a tap on it reaches the table once Python is (index.html's `__bzWarm`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from page_hooks import ENABLED
from playwright.sync_api import Browser, Page
from rendered import open_shell

WaitFn = Callable[..., None]
KEPT_KEY = "bezique-warm-start"
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
SKELETON = "<div id=bz><div id=bz-overlay hidden></div></div>"
CONTINUE = '<div data-screen="start"><b data-command="continue"></b></div>'
NOT_DRAWN = (
    "{not json",
    "[1, 2]",
    json.dumps({"lang": "xx", "skeleton": SKELETON, "screen": CONTINUE}),
    json.dumps({"lang": "en", "skeleton": SKELETON, "screen": CONTINUE}),
)
DRAWN = json.dumps({"lang": "en", "skeleton": SKELETON, "screen": CONTINUE})
SAVE = "bezique.save"


def test_a_broken_foreign_or_stale_kept_screen_only_means_the_loading_screen(
    browser: Browser, app_url: str
) -> None:
    """The shell's choice alone, so Python is left out (each case would cost a boot): the
    loading screen stays, and the same kept value is drawn once a game is saved (the control
    that shows the check can fail)."""
    context = browser.new_context(service_workers="block")
    try:
        page = open_shell(context, app_url)
        assert page.evaluate("document.documentElement.lang") == "en"
        for kept, saved in [*((k, False) for k in NOT_DRAWN), (DRAWN, True)]:
            page.evaluate(
                "([key, value, save, saved]) => { localStorage.clear();"
                " localStorage.setItem(key, value); if (saved) localStorage.setItem(save, '{}'); }",
                [KEPT_KEY, kept, SAVE, saved],
            )
            page.reload()
            page.wait_for_function("typeof window.__bzCall === 'function'")
            shown = page.evaluate(
                "() => [document.documentElement.dataset.warm || null,"
                " document.documentElement.dataset.appState,"
                " !!document.querySelector('#bz-overlay [data-screen=start]')]"
            )
            assert shown == (["drawn", "loading", True] if saved else [None, "loading", False]), (
                kept, shown)
    finally:
        context.close()


def test_a_first_visit_sees_the_start_screen_before_python_and_its_play_waits(
    browser: Browser, app_url: str, wait_ready: WaitFn
) -> None:
    """Nothing kept yet: the shell draws the start screen the build made for the page's
    language (Play), a tap on Play waits for Python and then deals the table."""
    context = browser.new_context(service_workers="block", locale="he-IL")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_START.replace('[data-command="continue"]',
                                                 '[data-command="play"]'))
        page.goto(app_url + "?seed=4")
        wait_ready(page)
        warm: dict[str, Any] = page.evaluate("window.__warm")
        print("first visit, ms after navigation:", warm)
        assert warm["drawnBy"] == "shell", warm  # not by Python
        assert warm["stateWhenTapped"] == "loading", warm
        assert page.evaluate("document.documentElement.lang") == "he"
        page.wait_for_function(f"() => !!document.querySelector('{ENABLED}')", timeout=30_000)
        assert page.locator('[data-screen="start"]').count() == 0
    finally:
        context.close()
