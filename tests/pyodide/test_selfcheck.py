"""Self-check of the Pyodide test runner: proves the suite really runs in Pyodide's Python."""

import sys
from pathlib import Path

import pytest

# Collected by CPython only when someone runs `pytest tests/`; the runner is node run.mjs.
pytestmark = pytest.mark.skipif(
    sys.platform != "emscripten", reason="runs under Pyodide: node tests/pyodide/run.mjs"
)


def test_runs_in_pyodide() -> None:
    assert sys.platform == "emscripten"
    assert sys.version_info >= (3, 14)


def test_repository_is_mounted() -> None:
    root = Path.cwd()
    assert (root / "pyproject.toml").is_file()
    assert (root / "tests" / "pyodide" / "run.mjs").is_file()


def test_stdlib_pieces_the_engine_needs() -> None:
    import json
    import random

    rng = random.Random(7)
    deck = list(range(64))
    rng.shuffle(deck)
    assert sorted(json.loads(json.dumps(deck))) == list(range(64))
