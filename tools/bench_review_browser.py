"""The review after a deal in the browser: wall time to its result, long tasks meanwhile.

The app is built into a temporary folder and served; for each seed a whole deal (classic,
or ``--variant``) is played here in CPython by the ``--level`` AI at every seat
(tools/bench_review.py's ``played_record``) and stored as the page's saved game, seat 0
the person's, so a visit opens on its finished deal: Continue, the deal summary, then its
Review button, as a player would. The review runs with the page's own worlds
(``web.features.review_screen.page_worlds``; no test knob: the page is opened without ``?fast``).
Printed, as one JSON object: the seconds from the click to the result
(``data-review-state="done"``), the decisions and entries it reports, and the page's long
tasks (main-thread tasks over 50 ms, a PerformanceObserver) from the click to the result.
The goals (a classic deal): 30 s or less, no task over 200 ms. ``--worlds N`` tries
another count instead (the page opened with ``?fast`` and its test-only
``data-review-worlds``): how the page's count was chosen (docs/ai.md).

Usage: python tools/bench_review_browser.py [--deals 3] [--seed 100] [--thread main]
       [--worlds 256] [--variant six-pack]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_load import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, Counting, prepared_site
from bench_review import played_record
from page_hooks import LONG_TASKS

from engine import replay_record
from web import storage
from web.features.review_screen import page_worlds

GOAL_SECONDS = 30
GOAL_MS = 200
THREADS = {"worker": "", "main": "&thread=main"}


def save_text(record: dict[str, Any], level: str) -> str:
    game = replay_record(record)
    return storage.encode(game.to_json(), {
        "human": 0, "settings": {"variant": str(record["variant"]), "level": level}})


def open_finished_deal(page: Page, url: str, save: str) -> None:
    """A visit whose storage holds the finished deal; Continue shows its summary."""
    page.goto(url.split("?")[0] + "manifest.webmanifest")
    page.evaluate("([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }",
                  [storage.SAVE_KEY, save])
    page.goto(url)
    page.wait_for_function("() => document.documentElement.dataset.appState === 'ready'",
                           timeout=TIMEOUT_MS)
    page.locator('[data-screen="start"] [data-command="continue"]').click()
    page.locator('[data-summary="deal"] [data-command="review"]').wait_for(timeout=TIMEOUT_MS)


def one_review(browser: Browser, base: str, record: dict[str, Any], level: str,
               thread: str, seed: int, worlds: int | None) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.add_init_script(LONG_TASKS)
        fast = "&fast" if worlds else ""
        open_finished_deal(page, f"{base}?seed={seed}{fast}{THREADS[thread]}",
                           save_text(record, level))
        time.sleep(2)  # the boot's own work (the AI's modules imported in slices) done
        review = page.locator('[data-summary="deal"] [data-command="review"]')
        if worlds:
            review.evaluate(f"b => b.setAttribute('data-review-worlds', '{worlds}')")
        page.evaluate("window.__longtasks = []")
        started = time.perf_counter()
        review.click()
        page.wait_for_function(
            "() => !!document.querySelector("
            "'[data-screen=review]:not([data-review-state=running])')",
            timeout=TIMEOUT_MS, polling=50)
        seconds = time.perf_counter() - started
        tasks = sorted(page.evaluate("window.__longtasks"))
        html = page.locator('[data-screen="review"]').evaluate("e => e.outerHTML")
    finally:
        context.close()
    state = re.search(r'data-review-state="(\w+)"', html)
    good = re.search(r'data-review-as-good="(\d+)"', html)
    total = re.search(r'data-review-total="(\d+)"', html)
    decisions = re.search(r"of your (\d+) decision", html)
    return {
        "seed": seed, "state": state[1] if state else "?", "seconds": round(seconds, 1),
        "decisions": int(decisions[1]) if decisions else None,
        "entries": len(re.findall(r"data-review-entry=", html)),
        "as_good": int(good[1]) if good else None, "total_loss": int(total[1]) if total else 0,
        "long_tasks": len(tasks), "max_task_ms": round(tasks[-1]) if tasks else 0,
        "over_goal": sum(1 for t in tasks if t > GOAL_MS),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--level", default="normal", help="the AI that plays the deals")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--thread", choices=tuple(THREADS), default="worker")
    parser.add_argument("--worlds", type=int, help="try this count, not the page's own")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    with prepared_site() as (root, _), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        site = Counting(root)
        try:
            for k in range(args.deals):
                seed = args.seed + k
                record = played_record(args.variant, seed, args.level)
                rows.append(one_review(browser, site.url, record, args.level, args.thread, seed,
                                       args.worlds))
                print(json.dumps(rows[-1]), file=sys.stderr)
        finally:
            site.close()
            browser.close()
    times = sorted(r["seconds"] for r in rows)
    print(json.dumps({
        "browser": "headless Chromium " + CHROMIUM, "thread": args.thread,
        "variant": args.variant,
        "worlds": args.worlds or page_worlds(args.variant), "level": args.level,
        "goal_seconds": GOAL_SECONDS, "goal_ms": GOAL_MS,
        "median_seconds": times[len(times) // 2], "max_seconds": times[-1],
        "max_task_ms": max(r["max_task_ms"] for r in rows),
        "over_goal": sum(r["over_goal"] for r in rows),
        "deals": rows,
    }, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
