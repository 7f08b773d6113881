"""Nothing stuck, nothing lost, in real Chromium: bad storage, full storage, two tabs,
a boot that dies, and the Content-Security-Policy.

Kept small (a few boots): the many shapes of bad storage are fuzzed at the Python
level (tests/web/test_storage_fuzz.py); here a few representative cases go through
the real page.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from page_hooks import ENABLED, READY_FOR_INPUT
from playwright.sync_api import Browser, Page, Route
from rendered import NO_PYTHON
from test_table import leave_start_screen

WaitFn = Callable[..., None]
STORED_MOVES = """() => {
  const save = JSON.parse(localStorage.getItem('bezique.save') || 'null');
  return save ? save.game.record.deals.flatMap(d => d.actions) : [];
}"""


def wait_for_input(page: Page) -> None:
    page.wait_for_function(READY_FOR_INPUT, timeout=60_000)


def play_one(page: Page) -> str:
    """Click the first legal action (past the start screen if it shows); return its text."""
    if page.locator('[data-screen="start"]').count():
        leave_start_screen(page)
    wait_for_input(page)
    button = page.locator(ENABLED).first
    action = button.get_attribute("data-action") or ""
    button.click()
    return action


def stored_moves(page: Page) -> list[str]:
    moves: list[str] = page.evaluate(STORED_MOVES)
    return moves


def test_bad_storage_and_full_storage(
    page: Page, app_url: str, wait_ready: WaitFn
) -> None:
    """Representative bad values are set aside with a notice; a full storage is told."""
    url = app_url + "?fast&seed=5"
    page.goto(url)
    wait_ready(page)
    deep = "[" * 5000 + "]" * 5000
    page.evaluate(
        """([deep]) => {
          localStorage.clear();
          localStorage.setItem('bezique.save', deep);
          localStorage.setItem('bezique.settings', JSON.stringify({variant: ['x']}));
          localStorage.setItem('bezique.lang', '<b>');
        }""",
        [deep],
    )
    page.reload()
    wait_ready(page)
    assert page.locator("#bz .notice.error").count() == 1  # on the start screen
    kept: dict[str, str] = page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).filter(k => k.includes('.broken.'))"
        ".map(k => [k.split('.broken.')[0], localStorage.getItem(k)]))"
    )
    assert kept == {
        "bezique.save": deep,
        "bezique.settings": json.dumps({"variant": ["x"]}, separators=(",", ":")),
        "bezique.lang": "<b>",
    }
    # Storage full: the player is told, plays on, and the game is saved once there is room.
    play_one(page)
    page.evaluate(
        """() => {
          const chunk = 'x'.repeat(256 * 1024);
          for (let i = 0; i < 400; i++) {
            try { localStorage.setItem('filler.' + i, chunk); } catch (e) { break; }
          }
          let n = 0;  // then smaller and smaller pieces, down to the last bytes
          for (let size = 65536; size >= 1; size = Math.floor(size / 4)) {
            try { for (;;) localStorage.setItem('filler.s' + n++, 'x'.repeat(size)); }
            catch (e) { continue; }
          }
        }"""
    )
    before = stored_moves(page)
    moves = [play_one(page), play_one(page)]
    page.wait_for_selector("#bz-notice .notice.error")
    assert stored_moves(page) == before
    page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('filler.'))"
        ".forEach(k => localStorage.removeItem(k))"
    )
    moves.append(play_one(page))
    page.wait_for_function(f"(n) => ({STORED_MOVES})().length >= n", arg=len(before) + 3)
    stored = stored_moves(page)
    assert stored[: len(before)] == before and len(stored) >= len(before) + len(moves)


def test_two_tabs_one_player_nothing_lost(
    browser: Browser, app_url: str, wait_ready: WaitFn, guard_origin: Any
) -> None:
    context = browser.new_context()
    foreign = guard_origin(context)
    try:
        first = context.new_page()
        first.goto(app_url + "?fast&seed=9")
        wait_ready(first)
        made = [play_one(first)]
        second = context.new_page()
        second.goto(app_url + "?fast&seed=9")
        wait_ready(second)
        second.wait_for_selector('[data-tab="watching"]')
        assert first.locator('[data-tab="watching"]').count() == 0
        made.append(play_one(first))
        # The watcher follows every move (its table shows the player's latest save).
        wait_for_input(first)
        second.wait_for_function(
            "(n) => document.querySelectorAll('#bz-log *').length > 0 && "
            "JSON.parse(localStorage.getItem('bezique.save')).game.record.deals"
            ".flatMap(d => d.actions).length >= n",
            arg=len(made),
        )
        second.click('[data-command="take-over"]')
        first.wait_for_selector('[data-tab="watching"]')
        second.wait_for_selector('[data-tab="watching"]', state="detached")
        made.append(play_one(second))
        made.append(play_one(second))
        wait_for_input(second)
        stored = stored_moves(second)
        for move in made:  # every move clicked, in either tab, is in the save in order
            assert move in stored
        positions = [stored.index(m) for m in made]
        assert positions == sorted(positions)
        # The first tab, now watching, refuses a click and shows the same game.
        first.reload()
        wait_ready(first)
        first.wait_for_selector('[data-tab="watching"]')
        assert stored_moves(first) == stored
    finally:
        context.close()
    assert not foreign


@pytest.mark.parametrize("thread", ["worker", "main"])
def test_a_boot_that_dies_offers_start_fresh(
    browser: Browser, app_url: str, wait_ready: WaitFn, thread: str
) -> None:
    """Python dies of a stack overflow (as a 5,000-deep save once made it): the error
    screen comes at once (from a worker too, not at the two-minute watchdog), and
    "start fresh" moves the saved data aside and boots clean."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(app_url + "?fast&seed=3" + ("&thread=main" if thread == "main" else ""))
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.pythonThread") == thread
        # on the page's thread the shell starts Python itself: PyScript is given nothing to run
        given = page.evaluate("!!document.querySelector('py-config, mpy-config')")
        assert given == (thread == "worker")
        play_one(page)  # a game under way: a save to set aside
        page.evaluate("localStorage.setItem('bezique.settings', '{\"variant\": \"bezik\"}')")
        overflow = (
            "import sys\nsys.setrecursionlimit(20_000)\n"
            "def down(n):\n    return down(n + 1) + 1\ndown(0)\n"
        )

        def dying(route: Route) -> None:
            route.fulfill(body=overflow, content_type="text/plain; charset=utf-8")

        page.route("**/web/main.py", dying)
        started = time.monotonic()
        page.reload()
        page.wait_for_function(
            "() => document.documentElement.dataset.appState === 'error'", timeout=90_000
        )
        took = time.monotonic() - started
        print(f"error screen {took:.1f} s after the reload ({thread})")
        assert "PythonError" in page.evaluate("document.documentElement.dataset.bootError")
        fresh = page.locator('[data-command="start-fresh"]')
        assert fresh.is_visible() and page.locator("#boot-fresh-note").is_visible()
        saved = page.evaluate("localStorage.getItem('bezique.save')")
        page.unroute("**/web/main.py")
        fresh.click()
        wait_ready(page)
        aside = page.evaluate(
            "Object.keys(localStorage).filter(k => k.includes('.broken.'))"
            ".map(k => [k.split('.broken.')[0], localStorage.getItem(k)])"
        )
        assert ["bezique.save", saved] in aside
        assert ["bezique.settings", '{"variant": "bezik"}'] in aside
    finally:
        context.close()


def test_csp_is_in_force(browser: Browser, app_url: str, csp_reports: list[str]) -> None:
    """Header and meta policy are there, and an injected inline script is refused. The shell
    alone (Python left out: every other test runs the whole app under the same policy, and
    fails on any violation report)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.route("**/runtime/pyscript/core.js", lambda route: route.fulfill(
            status=200, content_type="text/javascript", body=NO_PYTHON))
        response = page.goto(app_url)
        assert response is not None
        header = response.headers.get("content-security-policy", "")
        assert "default-src 'self'" in header and "frame-ancestors 'none'" in header
        assert response.headers.get("x-frame-options") == "DENY"
        assert response.headers.get("referrer-policy") == "no-referrer"
        meta = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
        assert meta and "script-src 'self'" in meta and "'unsafe-inline'" not in meta
        start = len(csp_reports)
        refused = page.evaluate(
            """() => new Promise((resolve) => {
              document.addEventListener('securitypolicyviolation',
                (e) => resolve(e.violatedDirective), { once: true });
              const s = document.createElement('script');
              s.textContent = 'window.__injected = true';
              document.body.append(s);
              setTimeout(() => resolve(null), 5000);
            })"""
        )
        assert refused and refused.startswith("script-src")
        assert page.evaluate("window.__injected === undefined")
        deadline = time.monotonic() + 10
        while len(csp_reports) == start and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(csp_reports) > start, "the server got no violation report"
        del csp_reports[start:]  # provoked on purpose
    finally:
        context.close()
