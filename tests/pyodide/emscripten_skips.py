"""pytest plugin for the Pyodide run: tests that start child processes are skipped there.

Why: Pyodide (emscripten) has no processes, so a CLI test that runs `python -m engine` in a
subprocess cannot run; that is the interpreter's limit, not an engine failure. Only that exact
error becomes a skip; every other failure still fails. (Marking such tests `needs_processes`
deselects them up front.)
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

NO_PROCESSES = "emscripten does not support processes"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    excinfo: Any = call.excinfo
    no_processes = (
        report.failed
        and excinfo is not None
        and excinfo.errisinstance(OSError)
        and NO_PROCESSES in str(excinfo.value)
    )
    if no_processes:
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {NO_PROCESSES}")
    return report
