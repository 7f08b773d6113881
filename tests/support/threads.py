"""Run a piece of a test in a thread of its own.

The app's event loop must not meet the one Playwright's sync API may own in the test's
thread, so unit tests of the table drive the app from a fresh thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def in_thread(fn: Callable[[], T]) -> T:
    """Call `fn` in a new thread; return its result or re-raise its exception here."""
    out: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            out.append(fn())
        except BaseException as exc:  # re-raised in the test's thread
            errors.append(exc)

    worker = threading.Thread(target=target)
    worker.start()
    worker.join()
    if errors:
        raise errors[0]
    return out[0]
