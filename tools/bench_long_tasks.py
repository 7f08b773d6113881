"""Long tasks on the page while the strong AI plays, every variant; prints one JSON object.

The app is built into a temporary folder and served; headless Chromium opens it, starts a
new game of each variant at the strong level through the new-game dialog and plays the
person's seat by its first legal action (a summary is passed on with Next) for a number of
actions, so the computer answers every time. A PerformanceObserver collects the page's
long tasks (main-thread tasks over 50 ms) from the moment the table takes input, so the
boot is not counted. Both ways Python runs: in a worker (the default when the page is
cross-origin isolated) and on the main thread (``?thread=main``, where only the search's
own yields keep the page answering). The goal: no task over 200 ms.

Usage: python tools/bench_long_tasks.py [--actions 12] [--variant classic ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, Counting, prepared_site
from page_hooks import ENABLED, INPUT_OR_SUMMARY, LONG_TASKS

VARIANTS = ("classic", "russian", "russian-3", "russian-4", "no-trump", "bezik")
THREADS = {"worker": "", "main": "&thread=main"}
GOAL_MS = 200


def start_game(page: Page, url: str, variant: str) -> None:
    """A fresh visit, then a new game of ``variant`` at the strong level."""
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'",
                           timeout=TIMEOUT_MS)
    start = page.locator('[data-screen="start"]')
    start.wait_for(timeout=TIMEOUT_MS)
    start.locator('[data-command="new-game"]').click()
    page.select_option('select[name="variant"]', variant)
    page.check('input[name="level"][value="strong"]')
    page.click('[data-command="start"]')
    page.wait_for_function(INPUT_OR_SUMMARY, timeout=TIMEOUT_MS)


def play(page: Page, actions: int) -> int:
    """The person's seat plays ``actions`` times (a summary's Next counts); the AI answers."""
    taken = 0
    while taken < actions:
        page.wait_for_function(INPUT_OR_SUMMARY, timeout=TIMEOUT_MS)
        nxt = page.locator('[data-summary] [data-command="next"]')
        if nxt.count():
            nxt.first.click()
        else:
            page.locator(ENABLED).first.click()
        taken += 1
    page.wait_for_function(INPUT_OR_SUMMARY, timeout=TIMEOUT_MS)
    return taken


def one_variant(browser: Browser, base: str, variant: str, thread: str, actions: int,
                seed: int) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.add_init_script(LONG_TASKS)
        start_game(page, f"{base}?seed={seed}{THREADS[thread]}", variant)
        page.evaluate("window.__longtasks = []")
        play(page, actions)
        tasks = sorted(page.evaluate("window.__longtasks"))
    finally:
        context.close()
    return {
        "long_tasks": len(tasks),
        "max_ms": round(tasks[-1]) if tasks else 0,
        "median_ms": round(tasks[len(tasks) // 2]) if tasks else 0,
        "over_goal": sum(1 for t in tasks if t > GOAL_MS),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--actions", type=int, default=12, help="the person's actions a game")
    parser.add_argument("--variant", action="append", choices=VARIANTS)
    parser.add_argument("--thread", action="append", choices=tuple(THREADS))
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    if args.actions < 1:
        parser.error("--actions must be at least 1")
    results: dict[str, dict[str, Any]] = {}
    with prepared_site() as (root, _), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        site = Counting(root)
        try:
            for thread in args.thread or THREADS:
                for variant in args.variant or VARIANTS:
                    results[f"{variant}/{thread}"] = one_variant(
                        browser, site.url, variant, thread, args.actions, args.seed)
        finally:
            site.close()
            browser.close()
    print(json.dumps({
        "browser": "headless Chromium " + CHROMIUM, "level": "strong",
        "actions_per_game": args.actions, "goal_ms": GOAL_MS,
        "max_ms": max(r["max_ms"] for r in results.values()),
        "over_goal": sum(r["over_goal"] for r in results.values()),
        "games": results,
    }, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
