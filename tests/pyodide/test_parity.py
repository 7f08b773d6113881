"""Parity: seeded AI games give the same records under Pyodide as under CPython.

tests/pyodide/run.mjs has CPython play them first (tests/support/golden.py) and passes their
hashes in BEZIQUE_GOLDEN; here Pyodide plays the same games. Every level of the AI and
every variant: a difference in the interpreter (floats, hashing, ordering) shows here.
"""

import json
import os
import sys

import pytest

pytestmark = pytest.mark.skipif(
    sys.platform != "emscripten", reason="runs under Pyodide: node tests/pyodide/run.mjs"
)


def test_seeded_ai_games_give_the_records_cpython_gave() -> None:
    golden = os.environ.get("BEZIQUE_GOLDEN")
    if not golden:
        pytest.skip("no CPython hashes (run.mjs passes them when run without arguments)")
    from golden import record_hashes

    expected = json.loads(golden)
    mine = record_hashes(int(os.environ["BEZIQUE_GOLDEN_DEALS"]))
    assert set(mine) == set(expected) and len(mine) >= 6
    different = {key: (mine[key], expected[key]) for key in mine if mine[key] != expected[key]}
    assert not different, f"records differ from CPython's: {different}"
