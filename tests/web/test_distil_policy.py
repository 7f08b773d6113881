"""tools/distil_policy.py: the strong level's card choices distilled into policy weights."""

from __future__ import annotations

import json
from pathlib import Path

from tool_loader import load_tool

from engine.ai.evaluate import read_models, read_policies
from engine.ai.policy import DEFAULT_WEIGHTS


def test_the_fitted_weights_agree_with_the_strong_choices_more_often() -> None:
    tool = load_tool("distil_policy")
    data = tool.positions("classic", 2, seed=7, every=3)
    assert len(data) > 10
    for deal, seat, code in data:  # each choice is a card the seat holds
        assert code in [deal.kinds[i] for i in deal.hands[seat] + deal.tables[seat]]
    before = tool.agreement(data, DEFAULT_WEIGHTS)
    fitted = tool.fit(data, DEFAULT_WEIGHTS, steps=(2.0,))
    assert tool.agreement(data, fitted) > before
    assert fitted != DEFAULT_WEIGHTS


def test_written_weights_keep_the_models_and_read_back(tmp_path: Path, monkeypatch) -> None:
    tool = load_tool("distil_policy")
    out = tmp_path / "models.json"
    monkeypatch.setattr("sys.argv", ["distil_policy.py", "--variant", "classic", "--games", "1",
                                     "--test-games", "1", "--every", "4", "--out", str(out)])
    assert tool.main() == 0
    assert read_models(out) == read_models(tool.MODEL_FILE)
    assert set(read_policies(out)) == {"classic"}
    fit = json.loads(out.read_text(encoding="utf-8"))["policy_fit"]["classic"]
    assert fit["train_positions"] > 0 and "--games 1" in fit["made_by"]
