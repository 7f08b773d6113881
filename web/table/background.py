"""Long work that runs between the page's events: a generator's steps, a slice at a time.

Why a module of its own: the review of a deal and the computer's play of the daily deal are
both long generators. Each runs a slice of its steps, lets the page's events run, waits
while the table's own computer thinks, and shows its progress now and then. One loop serves
both, and each slice is one event of the table (one render at most, web.platform.runtime.Frames).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Generic, TypeVar

from web.platform.runtime import Frames, Runtime

S = TypeVar("S")  # what each step yields
R = TypeVar("R")  # what the work comes to


@dataclass
class Work(Generic[S, R]):
    """One long job: its steps (each yields the share done so far, read by ``share_of``) and
    what becomes of it. ``wanted`` is asked before each slice: once it says no, ``dropped``
    is called and nothing more runs."""

    steps: Generator[S, None, R]
    share_of: Callable[[S], float]
    wanted: Callable[[], bool]
    dropped: Callable[[], None]
    progress: Callable[[float], None]  # after a slice that did not finish the work
    done: Callable[[R], None]
    failed: Callable[[Exception], None]  # a bug or a bad record: said, the table plays on


@dataclass(frozen=True)
class Pace:
    """How the slices share the page: the time a slice may take, the pause before each, and
    the pause while the table's own computer thinks (it goes first)."""

    slice_seconds: float
    gap: float
    busy_gap: float


async def run_in_slices(work: Work[S, R], pace: Pace, runtime: Runtime, frames: Frames,
                        busy: Callable[[], bool]) -> None:
    """Run ``work`` to its end (or until it is no longer wanted), a slice at a time."""
    while True:
        await runtime.sleep(pace.gap)
        if not work.wanted():
            work.dropped()
            return
        if busy():
            await runtime.sleep(pace.busy_gap)
            continue
        with frames.event():
            if _one_slice(work, pace.slice_seconds):
                return


def _one_slice(work: Work[S, R], seconds: float) -> bool:
    """Steps for ``seconds`` (one at least); True once the work is over."""
    started = time.perf_counter()
    try:
        share = work.share_of(next(work.steps))
        while time.perf_counter() - started < seconds:
            share = work.share_of(next(work.steps))
    except StopIteration as stop:
        work.done(stop.value)
        return True
    except Exception as err:
        work.failed(err)
        return True
    work.progress(share)
    return False
