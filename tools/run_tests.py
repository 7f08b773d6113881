"""`make test`'s stages, timed: the build of dist/ beside lint and types; the CPython tests
beside the Pyodide run and then the other engines' smoke tests; the Chromium end-to-end
tests. Every stage runs even when one before failed (a failed build stops the run: the
tests need its dist/), and the stage times are printed at the end (with what failed).

    python tools/run_tests.py            # as `make test` (after `make setup engines`)
    python tools/run_tests.py --long     # `make test-long`: the long simulations

Knobs (environment): UNIT_WORKERS, E2E_WORKERS (processes, default 2 each),
PYODIDE_SIM_DEALS (the Pyodide run's simulated deals per variant).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv" / "bin" / "python")
BOLD, PLAIN = "\033[1m", "\033[0m"


@dataclass
class Stage:
    name: str
    seconds: float
    status: int


def section(title: str) -> None:
    print(f"\n{BOLD}==== {title} ===={PLAIN}", flush=True)


def run(name: str, command: list[str], log: Path | None = None,
        env: dict[str, str] | None = None) -> Stage:
    """One stage: its output to the terminal, or to `log` (shown later)."""
    if log is None:
        section(name)
    started = time.monotonic()
    full_env = {**os.environ, **(env or {})}
    if log is None:
        status = subprocess.call(command, cwd=ROOT, env=full_env)
    else:
        with log.open("w") as out:
            status = subprocess.call(command, cwd=ROOT, env=full_env, stdout=out,
                                     stderr=subprocess.STDOUT)
    return Stage(name, time.monotonic() - started, status)


Side = tuple[str, list[str], Path, dict[str, str]]  # name, command, log, environment


def beside(side: list[Side], main: Callable[[], Stage], title: str = "") -> list[Stage]:
    """`main` here, and the `side` stages in turn in a thread, their output to their logs,
    shown (under `title` + each name) once both are done: the main stage, then the side's."""
    done: list[Stage] = []

    def run_side() -> None:
        for name, command, log, env in side:
            done.append(run(name, command, log, env))

    thread = threading.Thread(target=run_side)
    thread.start()
    stages = [main()]
    thread.join()
    for (name, _, log, _), stage in zip(side, done, strict=True):
        section(title + name)
        print(log.read_text(errors="replace"), flush=True)
        stages.append(stage)
    return stages


def report(stages: list[Stage], started: float) -> int:
    section("stage times")
    for stage in stages:
        mark = "" if stage.status == 0 else f"   FAILED (exit {stage.status})"
        print(f"  {stage.name:<58} {stage.seconds:7.1f} s{mark}")
    print(f"  {'whole run':<58} {time.monotonic() - started:7.1f} s", flush=True)
    return 0 if all(s.status == 0 for s in stages) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--long", action="store_true", help="the long simulations only")
    args = parser.parse_args(argv)
    unit = os.environ.get("UNIT_WORKERS", "2")
    e2e = os.environ.get("E2E_WORKERS", "2")
    started = time.monotonic()
    pytest = [PY, "-m", "pytest", "-p", "no:cacheprovider"]
    if args.long:
        stage = run("simulations, long (BEZIQUE_SIM_LONG=1)",
                    [*pytest, "-n", unit, "-m", "simulation", "tests/engine"],
                    env={"BEZIQUE_SIM_LONG": "1"})
        return report([stage], started)

    build = ROOT / "build"
    build.mkdir(exist_ok=True)
    # The build is mostly one process (Node makes the snapshot) and the checks another.
    checks: list[Side] = [
        ("lint: ruff", [PY, "-m", "ruff", "check", "engine", "web", "tests", "tools"],
         build / "lint.log", {}),
        ("types: mypy", [PY, "-m", "mypy", "engine", "web"], build / "types.log", {}),
    ]
    stages = beside(checks, lambda: run("build: dist/", [PY, "tools/build.py"]))
    if stages[0].status != 0:
        return report(stages, started)
    pyodide_env = {"BEZIQUE_PYTHON": PY}
    if os.environ.get("PYODIDE_SIM_DEALS"):
        pyodide_env["BEZIQUE_SIM_DEALS"] = os.environ["PYODIDE_SIM_DEALS"]
    smoke_env = {"BEZIQUE_DIST": "dist"}
    others: list[Side] = [
        ("engine under Pyodide in Node.js", ["node", "tests/pyodide/run.mjs"],
         build / "pyodide-tests.log", pyodide_env),
        ("smoke in Firefox (puppeteer-core, WebDriver BiDi)",
         ["node", "--test", "tests/smoke/firefox.mjs"], build / "smoke-firefox.log", smoke_env),
        ("smoke in WebKitGTK (Selenium, under xvfb-run)",
         ["xvfb-run", "-a", PY, "-m", "pytest", "-p", "no:cacheprovider", "-s", "tests/smoke"],
         build / "smoke-webkit.log", smoke_env),
    ]

    # The side stages in turn (measured: the smoke tests beside the Pyodide run, on two
    # cores already busy, made the stage 18 s longer).
    stages += beside(others, lambda: run(
        f"tests: engine, web and tools under CPython ({unit} workers; alongside: Pyodide, "
        "then Firefox and WebKit)",
        [*pytest, "-n", unit, "-m", "not slow", "tests/engine", "tests/web", "tests/tools"],
    ), title="tests: ")
    stages.append(run(
        f"tests: end to end in Chromium ({e2e} workers, work stealing)",
        [*pytest, "-n", e2e, "--dist", "worksteal", "tests/e2e"],
    ))
    return report(stages, started)


if __name__ == "__main__":
    sys.exit(main())
