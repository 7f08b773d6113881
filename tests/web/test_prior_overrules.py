"""tools/prior_overrules.py: the count of strong choices that overrule the normal one."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> Any:
    path = ROOT / "tools" / "prior_overrules.py"
    spec = importlib.util.spec_from_file_location("prior_overrules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_head_start_no_search_can_pass_keeps_every_normal_choice() -> None:
    tool = _tool()
    free = tool.overrules("russian", 0.0, 6, seed=2)
    kept = tool.overrules("russian", 10_000.0, 6, seed=2)
    assert free["positions"] == kept["positions"] == 6
    assert kept["overruled"] == 0 and kept["margins"] == []
    assert free["overruled"] > 0  # with no head start the noise of 16 worlds overrules it
    assert all(m >= 0 for m in free["margins"])  # the search preferred it (ties: legal order)
