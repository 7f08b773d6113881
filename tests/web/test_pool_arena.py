"""tools/pool_arena.py: reports of one comparison with distinct seeds pool; others refuse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tool_loader import load_tool

from engine.arena import run_arena

ROOT = Path(__file__).resolve().parents[2]

def _tool() -> Any:
    return load_tool("pool_arena")


def test_pooling_checks_the_comparison_and_the_seeds(tmp_path: Path, capsys: Any) -> None:
    tool = _tool()
    runs = {seed: run_arena("classic", {}, "greedy", "random", deals=1, games=1, seed=seed)
            for seed in (1, 2)}
    for seed, report in runs.items():  # a progress line and a stray NUL are skipped
        (tmp_path / f"{seed}.json").write_text('{"deals": 1}\n\0' + json.dumps(report) + "\n")
    assert tool.main([str(tmp_path / "1.json"), str(tmp_path / "2.json")]) == 0
    pooled = json.loads(capsys.readouterr().out)
    assert pooled["seeds"] == [1, 2] and pooled["games"] == 4
    assert pooled["a_wins"] == runs[1]["a_wins"] + runs[2]["a_wins"]
    assert tool.main([str(tmp_path / "1.json"), str(tmp_path / "1.json")]) == 2
    assert "the same seed" in json.loads(capsys.readouterr().out)["error"]
    other = dict(runs[2], engine="000000000000")
    (tmp_path / "other.json").write_text(json.dumps(other))
    assert tool.main([str(tmp_path / "1.json"), str(tmp_path / "other.json")]) == 2
    assert "engine differs" in json.loads(capsys.readouterr().out)["error"]
    assert tool.main([str(tmp_path / "missing.json")]) == 2
    assert "error" in json.loads(capsys.readouterr().out)
