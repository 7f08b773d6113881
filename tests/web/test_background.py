"""The one loop of long work between the page's events (web.table.background), under the tests'
manual runtime: slices of steps, a pause while the table's computer thinks, progress after a
slice, the result or the failure once, and nothing more once the work is not wanted."""

from __future__ import annotations

from collections.abc import Generator

from web.platform.runtime import Frames, ManualRuntime
from web.table.background import Pace, Work, run_in_slices

PACE = Pace(slice_seconds=0.0, gap=0.01, busy_gap=0.25)  # one step a slice


def counting(n: int) -> Generator[float, None, str]:
    for i in range(n):
        yield (i + 1) / n
    return "done"


class Log:
    def __init__(self) -> None:
        self.events: list[object] = []
        self.busy = False
        self.wanted = True
        self.paints = 0

    def work(self, steps: Generator[float, None, str]) -> Work[float, str]:
        return Work(steps, float, lambda: self.wanted, lambda: self.events.append("dropped"),
                    lambda share: self.events.append(share),
                    lambda result: self.events.append(result),
                    lambda err: self.events.append(repr(err)))

    def paint(self) -> None:
        self.paints += 1


def test_slices_report_progress_then_the_result_once() -> None:
    log, runtime = Log(), ManualRuntime()
    frames = Frames(log.paint)
    runtime.spawn(run_in_slices(log.work(counting(4)), PACE, runtime, frames, lambda: log.busy))
    runtime.advance(1.0)
    assert log.events == [0.25, 0.5, 0.75, 1.0, "done"]


def test_the_work_waits_while_the_table_is_busy_and_stops_when_unwanted() -> None:
    log, runtime = Log(), ManualRuntime()
    steps = counting(100)
    log.busy = True
    runtime.spawn(run_in_slices(log.work(steps), PACE, runtime, Frames(log.paint),
                                lambda: log.busy))
    runtime.advance(1.0)
    assert log.events == []  # the table's computer goes first
    log.busy = False
    runtime.advance(0.3)
    assert log.events and all(isinstance(e, float) for e in log.events)
    log.wanted = False
    runtime.advance(0.1)
    assert log.events[-1] == "dropped"
    seen = len(log.events)
    runtime.advance(1.0)
    assert len(log.events) == seen


def test_a_failing_step_is_reported_and_ends_the_work() -> None:
    def broken() -> Generator[float, None, str]:
        yield 0.5
        raise ValueError("a record that does not replay")

    log, runtime = Log(), ManualRuntime()
    runtime.spawn(run_in_slices(log.work(broken()), PACE, runtime, Frames(log.paint),
                                lambda: False))
    runtime.advance(1.0)
    assert log.events == [0.5, "ValueError('a record that does not replay')"]
