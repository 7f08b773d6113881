"""tools/run_tests.py: the stages run side by side as soon as they may, a failed stage stops
only those that need it, and each stage's CPU-seconds are its own processes'."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from tool_loader import load_tool

run_tests = load_tool("run_tests")
CpuMeter, Stage, run_stages = run_tests.CpuMeter, run_tests.Stage, run_tests.run_stages

PY = sys.executable


def py(code: str) -> list[str]:
    return [PY, "-c", code]


def test_stages_run_side_by_side_and_wait_for_what_they_need(tmp_path: Path) -> None:
    stages = run_stages([
        Stage("slow", py("import time; time.sleep(1.0)"), "slow"),
        Stage("beside", py("import time; time.sleep(1.0)"), "beside"),
        Stage("broken", py("import sys; print('out of order'); sys.exit(3)"), "broken"),
        Stage("needs broken", py("print('ran')"), "needs", needs=("broken",)),
        Stage("after broken", py("print('ran after')"), "after", after=("broken",)),
        Stage("needs slow", py("print('ran')"), "needs-slow", needs=("slow",)),
    ], logs=tmp_path)
    by = {stage.name: stage for stage in stages}
    assert abs(by["slow"].started - by["beside"].started) < 0.8  # side by side, not in turn
    assert by["needs slow"].started >= by["slow"].started + by["slow"].seconds - 0.05
    assert by["broken"].status == 3 and "out of order" in (tmp_path / "broken.log").read_text()
    assert by["needs broken"].status is None and not (tmp_path / "needs.log").exists()
    assert by["after broken"].status == 0 and by["needs slow"].status == 0
    assert run_tests.report(stages, 0.0) == 1


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_each_stage_counts_the_cpu_of_its_own_processes(tmp_path: Path) -> None:
    meter = CpuMeter()
    sampler = threading.Thread(target=meter.run, daemon=True)
    sampler.start()
    busy = "import time\nend = time.process_time() + 1.2\nwhile time.process_time() < end: pass"
    child = f"import subprocess, sys; subprocess.run([sys.executable, '-c', {busy!r}])"
    stages = run_stages([
        Stage("busy child", py(child), "busy"),
        Stage("idle", py("import time; time.sleep(1.5)"), "idle"),
    ], meter, logs=tmp_path)
    meter.stopped.set()
    by = {stage.name: stage for stage in stages}
    assert 0.5 < by["busy child"].cpu_seconds < 2.5  # the grandchild's work, seen in /proc
    assert by["idle"].cpu_seconds < 0.5
