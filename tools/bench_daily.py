"""Time the daily deal's duplicate run in the browser: ``engine.daily.computer_in_seat``
(the strong program playing the player's seat of the day's deal against the day's
opponents) under Pyodide in headless Chromium, and in this CPython beside it.

The page plays it in the background while the person plays the same deal
(web/features/daily_deal.py),
in slices between the page's events, so this is the time the comparison needs beyond the
person's own thinking. Prints one JSON object, per variant the seconds, the number of
slices (the generator's steps) and the longest slice:

    {"date": "2026-12-03", "variants": {"classic": {"browser": {"seconds": …,
     "steps": …, "longest_step_s": …, "points": …}, "cpython": {…}}, …}}

Usage: python tools/bench_daily.py [--variant classic|all|classic,bezik] [--date 2026-12-03]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from bench_ai_browser import REPO, engine_in_browser, in_cpython

BENCH_CODE = r'''
import json, sys, time
from engine.daily import computer_in_seat

def bench(day, variant):
    gen = computer_in_seat(day, variant)
    steps = 0
    longest = 0.0
    started = last = time.perf_counter()
    try:
        while True:
            next(gen)
            now = time.perf_counter()
            longest = max(longest, now - last)
            last = now
            steps += 1
    except StopIteration as stop:
        result = stop.value
    end = time.perf_counter()
    return {"python": sys.version.split()[0], "platform": sys.platform,
            "seconds": round(end - started, 2), "steps": steps,
            "longest_step_s": round(max(longest, end - last), 3),
            "points": result.points, "tricks": len(result.tricks)}
'''


def run_browser(day: str, variants: list[str]) -> dict[str, Any]:
    with engine_in_browser(BENCH_CODE) as run:
        return {variant: json.loads(run(f"json.dumps(bench({day!r}, {variant!r}))"))
                for variant in variants}


def run_cpython(day: str, variant: str) -> dict[str, Any]:
    return in_cpython(BENCH_CODE)(day, variant)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(REPO))
    from engine.variants import VARIANTS

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--variant", default="classic", help="a name, a comma list or all")
    parser.add_argument("--date", default="2026-12-03")
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--skip-cpython", action="store_true")
    args = parser.parse_args(argv)
    variants = list(VARIANTS) if args.variant == "all" else args.variant.split(",")
    started = time.perf_counter()
    results: dict[str, dict[str, Any]] = {v: {} for v in variants}
    if not args.skip_browser:
        for variant, figures in run_browser(args.date, variants).items():
            results[variant]["browser"] = figures
    if not args.skip_cpython:
        for variant in variants:
            results[variant]["cpython"] = run_cpython(args.date, variant)
    print(json.dumps({"date": args.date, "variants": results,
                      "seconds": round(time.perf_counter() - started, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
