"""The one place that runs the table's work later: tasks, timers, and one render per event.

Why its own module: the table's code says *what* waits (the computer's pause, a finished
trick's moment in the centre, a save retried, a call-out's time) by awaiting
``runtime.sleep`` inside a task it hands to ``runtime.spawn``; only this module knows
*how*. In the page that is the page's asyncio loop (``PageRuntime``); in the CPython
tests it is ``ManualRuntime``, a synchronous loop on a clock of its own that the test
moves on (``advance``, ``run_until_idle``), so the table's code has no "no event loop"
branch and a test decides exactly when the computer thinks and a timer fires.

``Frames`` gives the other half of the contract: however many features ask for a render
while one event (a click, a key, a timer, one step of the computer) is handled, the page
is patched once, when the event ends.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable, Coroutine, Generator, Iterator
from contextlib import contextmanager
from typing import Protocol

# A task: a coroutine of the table's that waits only on ``Runtime.sleep`` (and on
# ``let_page_in``, the AI runner's yield between slices of thinking).
Task = Coroutine[object, object, None]


async def let_page_in() -> None:
    """Yield once to the page's loop (the browser paints and takes input), under any
    runtime: a bare yield, which ``ManualRuntime`` passes over at once."""
    await asyncio.sleep(0)


class Runtime(Protocol):
    """How the table runs work beside the page's events."""

    def spawn(self, task: Task) -> None:
        """Run ``task`` alongside the page (in the tests: until its first wait, at once)."""

    def sleep(self, seconds: float) -> Coroutine[object, object, None]:
        """Wait inside a task."""

    def now(self) -> float:
        """Seconds on this runtime's clock (monotonic)."""


class PageRuntime:
    """The page's asyncio loop (Pyodide runs it between the browser's events)."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Future[None]] = set()

    def spawn(self, task: Task) -> None:
        future = asyncio.ensure_future(task)
        self.tasks.add(future)  # asyncio keeps only weak references to its tasks
        future.add_done_callback(self.tasks.discard)

    def sleep(self, seconds: float) -> Coroutine[object, object, None]:
        return asyncio.sleep(seconds)

    def now(self) -> float:
        return time.monotonic()

    def soon(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the task running now yields to the page."""
        asyncio.get_event_loop().call_soon(action)

    def signal(self) -> Signal:
        return Signal()


class Signal:
    """A flag a task of the page's loop waits on: set once, seen by every waiter."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def set(self) -> None:
        self._event.set()

    async def wait(self, timeout: float | None = None) -> bool:
        """True once it is set; False when ``timeout`` seconds passed first."""
        try:
            await asyncio.wait_for(self._event.wait(), timeout)
        except TimeoutError:
            return False
        return True


class _Wait:
    """What a task yields to ``ManualRuntime`` to wait ``seconds`` on its clock."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __await__(self) -> Generator[_Wait, None, None]:
        yield self


async def _manual_sleep(seconds: float) -> None:
    await _Wait(seconds)


class ManualRuntime:
    """A synchronous loop on its own clock (the CPython tests' runtime).

    A spawned task runs at once until it waits some time; it is then parked until the
    clock passes its time. The clock moves only when the test says so.
    """

    def __init__(self) -> None:
        self.clock = 0.0
        self._parked: list[tuple[float, int, Task]] = []
        self._order = itertools.count()

    def spawn(self, task: Task) -> None:
        self._run(task)

    def sleep(self, seconds: float) -> Coroutine[object, object, None]:
        return _manual_sleep(seconds)

    def now(self) -> float:
        return self.clock

    @property
    def pending(self) -> int:
        """Tasks waiting for the clock."""
        return len(self._parked)

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``, running every task whose time comes, in order."""
        until = self.clock + seconds
        while self._parked and self._parked[0][0] <= until:
            due, _, task = heapq.heappop(self._parked)
            self.clock = max(self.clock, due)
            self._run(task)
        self.clock = until

    def step(self) -> bool:
        """Run the task waiting for the earliest time, the clock jumping to it (False: none)."""
        if not self._parked:
            return False
        due, _, task = heapq.heappop(self._parked)
        self.clock = max(self.clock, due)
        self._run(task)
        return True

    def run_until_idle(self, limit: int = 100_000) -> None:
        """Run the parked tasks, the clock jumping to each one's time, until none is left.

        A task that never ends (a save retried while storage stays refused) is an error
        after ``limit`` steps, not a test that hangs."""
        for _ in range(limit):
            if not self.step():
                return
        raise RuntimeError(f"tasks still waiting after {limit} steps")

    def _run(self, task: Task) -> None:
        while True:
            try:
                waited = task.send(None)
            except StopIteration:
                return
            if waited is None:  # asyncio.sleep(0): a yield between slices of thinking
                continue
            if not isinstance(waited, _Wait):
                task.close()
                raise TypeError(f"a table task waited on {waited!r}, not on runtime.sleep")
            if waited.seconds > 0:
                heapq.heappush(self._parked, (self.clock + waited.seconds, next(self._order), task))
                return


class Frames:
    """One render per event: renders asked for during an event are done once, at its end.

    Outside an event (a test calling ``render`` itself) a render is done at once.
    """

    def __init__(self, paint: Callable[[], None]) -> None:
        self._paint = paint
        self._depth = 0
        self._wanted = False
        self._after: list[Callable[[], None]] = []
        self.painted = 0  # renders done (the tests count them per event)

    def paint_with(self, paint: Callable[[], None]) -> None:
        """Draw with another painter from now on (a table started afresh in the same page,
        inside the event that restarted it)."""
        self._paint = paint

    def request(self) -> None:
        self._wanted = True
        if not self._depth:  # outside an event: an event of its own
            self.begin()
            self.end()

    @contextmanager
    def event(self) -> Iterator[None]:
        """Handle one event; the renders it asks for become one, when it ends."""
        self.begin()
        try:
            yield
        finally:
            self.end()

    def begin(self) -> None:
        """An event starts (a task's step between two waits is one too)."""
        self._depth += 1

    def end(self) -> None:
        """The event ends: the render it asked for, if any, is done now, then what waits
        for the page to show it (the focus moved into what was just drawn)."""
        self._depth -= 1
        if self._depth:
            return
        if self._wanted:
            self._do()
        after, self._after = self._after, []
        for action in after:
            action()

    def after(self, action: Callable[[], None]) -> None:
        """Do ``action`` once the event's render is on the page (at once outside an event)."""
        if self._depth:
            self._after.append(action)
        else:
            action()

    def _do(self) -> None:
        self._wanted = False
        self.painted += 1
        self._depth += 1  # what the paint asks to do after it waits until it is on the page
        try:
            self._paint()
        finally:
            self._depth -= 1
            self._wanted = False  # asked for during the paint: the paint drew it
