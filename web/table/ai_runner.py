"""Run an AI decision in cooperative slices (on the main thread, or in Python's worker).

The engine's players expose ``decide(observation)`` as a generator that
yields every few tens of milliseconds and returns the Action.  Driving it
with a yield to the page between slices (``web.platform.runtime.let_page_in``) lets the
browser paint and handle input, so the page never freezes while the AI thinks.
"""

from __future__ import annotations

import time
from collections.abc import Generator

from engine.actions import Action
from engine.players import Decision
from web.platform.runtime import let_page_in

# Seconds of thinking between yields: 0 (every slice) on the main thread, which paints
# between them; more in a worker (set by web.launch.main), where a yield only lets clicks in.
SLICE_BUDGET = 0.0


async def drive(result: Decision | Action, slice_budget: float | None = None) -> Action:
    """Run a decide() result to completion; plain return values pass through."""
    if not isinstance(result, Generator):
        return result
    if slice_budget is None:
        slice_budget = SLICE_BUDGET
    gen = result
    started = time.perf_counter()
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            action: Action = stop.value
            return action
        # Yield to the browser whenever this slice has used its budget.
        if time.perf_counter() - started >= slice_budget:
            await let_page_in()
            started = time.perf_counter()
