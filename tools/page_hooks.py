"""The page's hooks (docs/design.md) as selectors and waits, shared by browser tests and benchmarks.

One home, so a change to the table's hooks is made once (tests/e2e and tools/bench_*.py
both import this file: tools/ is on their sys.path).
"""

from __future__ import annotations

# A button or card the person may use now.
ENABLED = '#bz [data-action]:not([aria-disabled="true"])'
# The number of cards left in the stock (undefined once it is gone), as an expression.
STOCK = "document.querySelector('#bz [data-stock]')?.dataset.stock"
# What the person may do now and the stock, as text: one of them changes with every move.
# (The choices alone may not: a trick won by a card whose twin is then drawn from the stock
# leaves the hand as it was.)
MOVE_MARK = (f"() => JSON.stringify([Array.from(document.querySelectorAll('{ENABLED}'),"
             f" e => e.dataset.action), {STOCK}])")
# The person's turn has come.
TURN = f"() => !!document.querySelector('{ENABLED}')"
# The person's turn, or a deal's summary waiting to be read.
READY_FOR_INPUT = (
    f"() => !!(document.querySelector('[data-summary]') || document.querySelector('{ENABLED}'))"
)
# The person's turn, or a summary's Next button (the summary is fully drawn).
INPUT_OR_SUMMARY = (
    "() => !!(document.querySelector('[data-summary] [data-command=\"next\"]') || "
    f"document.querySelector('{ENABLED}'))"
)
# An init script: every long task (a main-thread task over 50 ms) goes into window.__longtasks.
LONG_TASKS = """
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push(e.duration);
  }).observe({type: "longtask", buffered: true});
"""
