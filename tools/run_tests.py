"""`make test`'s stages, run side by side so that both cores stay busy, each timed.

Each stage starts as soon as the stages it needs have ended: the build of dist/, the lint
and type checks, the CPython tests and the Pyodide run at once; the Chromium end-to-end
tests and the Firefox and then the WebKit smoke test once dist/ is built. Why: the stages
are bound by the CPU, so the run takes about their CPU-seconds over the two cores when no
core waits for a stage to end (in turn, a core was idle while one stage ended, and the
end-to-end tests, the longest, started last); the short stages end while the end-to-end
tests, handed out test by test, keep both cores busy to the end. A stage's output goes to
its log (build/<name>.log), printed when it ends; a failed stage stops only the stages that
need it. The end shows each stage's start, length and CPU-seconds (its processes, sampled
from /proc).

    python tools/run_tests.py            # as `make test` (after `make setup engines`)
    python tools/run_tests.py --long     # `make test-long`: the long simulations, the
                                         # guided deals in every language

Knobs (environment): UNIT_WORKERS (xdist processes of the CPython tests; default 0, in
pytest's own process, and 2 for --long), E2E_WORKERS (default 2),
PYODIDE_SIM_DEALS (the Pyodide run's simulated deals per variant).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv" / "bin" / "python")
BOLD, PLAIN = "\033[1m", "\033[0m"
SAMPLE_SECONDS = 0.5


@dataclass
class Stage:
    """One command of the run, started once the stages it `needs` have ended well and
    those it comes `after` have ended (well or not)."""

    name: str
    command: list[str]
    log: str  # its output goes to <logs>/<log>.log (build/ in a run)
    needs: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    started: float = 0.0
    seconds: float = 0.0
    status: int | None = None  # None: not run (a stage it needs failed)
    cpu_seconds: float = 0.0


def section(title: str) -> None:
    print(f"\n{BOLD}==== {title} ===={PLAIN}", flush=True)


class CpuMeter:
    """The CPU-seconds of each stage's processes, from /proc, sampled in a thread.

    A process belongs to the stage whose command is its ancestor; each process counts with
    its last sample (what it used after that, under half a second's worth, is not seen).
    """

    def __init__(self) -> None:
        self.roots: dict[int, str] = {}  # a stage's command's pid -> the stage's name
        self.owner: dict[int, str] = {}
        self.used: dict[int, float] = {}
        self.lock = threading.Lock()
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self.stopped = threading.Event()

    def watch(self, pid: int, name: str) -> None:
        with self.lock:
            self.roots[pid] = name
            self.owner[pid] = name

    def sample(self) -> None:
        parents: dict[int, int] = {}
        cpu: dict[int, float] = {}
        proc = Path("/proc")
        if not proc.is_dir():
            return
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                text = (entry / "stat").read_text()
            except OSError:
                continue
            fields = text[text.rindex(")") + 2:].split()
            parents[int(entry.name)] = int(fields[1])
            cpu[int(entry.name)] = (int(fields[11]) + int(fields[12])) / self.tick
        with self.lock:
            for pid in cpu:
                chain = [pid]
                while chain[-1] not in self.owner and chain[-1] in parents and chain[-1] > 1:
                    chain.append(parents[chain[-1]])
                name = self.owner.get(chain[-1])
                if name is not None:
                    for member in chain:
                        self.owner[member] = name
                    self.used[pid] = cpu[pid]

    def run(self) -> None:
        while not self.stopped.wait(SAMPLE_SECONDS):
            self.sample()

    def of(self, name: str) -> float:
        with self.lock:
            return sum(used for pid, used in self.used.items() if self.owner.get(pid) == name)


def run_stages(stages: list[Stage], meter: CpuMeter | None = None,
               logs: Path = ROOT / "build") -> list[Stage]:
    """Run every stage as soon as it may (`needs`, `after`); print each one's log when it
    ends. Returns the stages, timed."""
    logs.mkdir(exist_ok=True)
    by_name = {stage.name: stage for stage in stages}
    done = threading.Condition()
    ended: set[str] = set()
    origin = time.monotonic()

    def run_one(stage: Stage) -> None:
        with done:
            done.wait_for(lambda: ended.issuperset((*stage.needs, *stage.after)))
        if all(by_name[need].status == 0 for need in stage.needs):
            log = logs / f"{stage.log}.log"
            stage.started = time.monotonic() - origin
            print(f"  started {stage.name}", flush=True)
            with log.open("w") as out:
                process = subprocess.Popen(stage.command, cwd=ROOT, stdout=out,
                                           stderr=subprocess.STDOUT,
                                           env={**os.environ, **stage.env})
                if meter is not None:
                    meter.watch(process.pid, stage.name)
                stage.status = process.wait()
            stage.seconds = time.monotonic() - origin - stage.started
            if meter is not None:
                meter.sample()
                stage.cpu_seconds = meter.of(stage.name)
            with done:
                section(f"{stage.name} ({stage.seconds:.0f} s)")
                print(log.read_text(errors="replace"), flush=True)
        with done:
            ended.add(stage.name)
            done.notify_all()

    workers = [threading.Thread(target=run_one, args=(stage,)) for stage in stages]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return stages


def report(stages: list[Stage], started: float) -> int:
    section("stage times (start, length and CPU-seconds; the stages run side by side)")
    for stage in stages:
        if stage.status is None:
            print(f"  {stage.name:<52} not run: {', '.join(stage.needs)} failed")
            continue
        mark = "" if stage.status == 0 else f"   FAILED (exit {stage.status})"
        print(f"  {stage.name:<52} at {stage.started:5.0f} s {stage.seconds:6.1f} s"
              f" {stage.cpu_seconds:6.0f} CPU-s{mark}")
    cpu = sum(stage.cpu_seconds for stage in stages)
    print(f"  {'whole run':<52} {time.monotonic() - started:17.1f} s {cpu:6.0f} CPU-s",
          flush=True)
    return 0 if all(s.status == 0 for s in stages) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--long", action="store_true",
                        help="the long simulations and every guided deal in every language")
    args = parser.parse_args(argv)
    # The CPython tests in pytest's own process: beside the other stages the cores are busy
    # anyway, and each xdist worker would import and collect everything again (about 15
    # CPU-s more with two).
    unit = os.environ.get("UNIT_WORKERS") or ("2" if args.long else "0")
    e2e = os.environ.get("E2E_WORKERS", "2")
    started = time.monotonic()
    pytest = [PY, "-m", "pytest", "-p", "no:cacheprovider"]
    if args.long:
        stages = [Stage("simulations, long (BEZIQUE_SIM_LONG=1)",
                        [*pytest, "-n", unit, "-m", "simulation", "tests/engine"],
                        "simulations-long", env={"BEZIQUE_SIM_LONG": "1"}),
                  Stage("build: dist/", [PY, "tools/build.py", "--no-screenshots"], "build"),
                  # every variant's guided deal in every language (make test: one each)
                  Stage("guided deals, every language (Chromium)",
                        [*pytest, "tests/e2e/test_guided_in_browser.py"], "guided-long",
                        needs=("build: dist/",), env={"BEZIQUE_GUIDED_LANGS": "all"})]
    else:
        pyodide_env = {"BEZIQUE_PYTHON": PY}
        if os.environ.get("PYODIDE_SIM_DEALS"):
            pyodide_env["BEZIQUE_SIM_DEALS"] = os.environ["PYODIDE_SIM_DEALS"]
        dist = {"BEZIQUE_DIST": "dist"}
        stages = [
            # The manifest's screenshots (a Chromium boot of the site) are not waited for:
            # test_devices takes them while the other tests run (cached for `make build`).
            Stage("build: dist/", [PY, "tools/build.py", "--no-screenshots"], "build"),
            Stage("lint: ruff", [PY, "-m", "ruff", "check", "engine", "web", "tests", "tools"],
                  "lint"),
            Stage("types: mypy", [PY, "-m", "mypy", "engine", "web"], "types",
                  after=("lint: ruff",)),
            # the shell's page functions (web/shell-*.js, as tsconfig.json lists them)
            Stage("types: tsc", [str(ROOT / "node_modules" / ".bin" / "tsc"), "-p",
                                 str(ROOT / "tsconfig.json")], "types-shell",
                  after=("types: mypy",)),
            Stage(f"tests: CPython ({unit} xdist workers)",
                  [*pytest, "-n", unit, "-m", "not slow", "tests/engine", "tests/web",
                   "tests/tools"], "unit-tests"),
            Stage("tests: engine under Pyodide in Node.js", ["node", "tests/pyodide/run.mjs"],
                  "pyodide-tests", env=pyodide_env),
            Stage(f"tests: end to end in Chromium ({e2e} workers)",
                  [*pytest, "-n", e2e, "--dist", "worksteal", "tests/e2e"], "e2e-tests",
                  needs=("build: dist/",)),
            Stage("smoke: Firefox (puppeteer-core, WebDriver BiDi)",
                  ["node", "--test", "tests/smoke/firefox.mjs", "tests/smoke/firefox_guest.mjs"],
                  "smoke-firefox",
                  needs=("build: dist/",), env=dist),
            Stage("smoke: WebKitGTK (Selenium, under xvfb-run)",
                  ["xvfb-run", "-a", *pytest, "-s", "tests/smoke"], "smoke-webkit",
                  needs=("build: dist/",),
                  after=("smoke: Firefox (puppeteer-core, WebDriver BiDi)",), env=dist),
        ]
    meter = CpuMeter()
    sampler = threading.Thread(target=meter.run, daemon=True)
    sampler.start()
    run_stages(stages, meter)
    meter.stopped.set()
    return report(stages, started)


if __name__ == "__main__":
    sys.exit(main())
