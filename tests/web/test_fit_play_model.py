"""tools/fit_play_model.py: the play model's numbers fitted to choices whose hands are known."""

from __future__ import annotations

from tool_loader import load_tool

from engine.actions import PASS
from engine.ai.play_model import PlayModel


def test_the_fit_explains_the_choices_better_than_an_even_choice() -> None:
    tool = load_tool("fit_play_model")
    data = tool.choices("classic", 1, seed=3, level="normal")
    plays = [c for c in data if c[1].kind != PASS]
    assert len(plays) > 40
    for deal, action in data:  # every kept choice was legal in its deal
        assert action in deal.legal_actions()
    fitted = PlayModel(temperature=2.0, take=8.0, per_point=1.0, floor=0.02)
    assert tool.mean_log(plays, fitted) > tool.uniform_log(plays) + 0.5
    flat = PlayModel(temperature=1e6, floor=1.0)  # every card as likely as the next
    assert tool.mean_log(plays, flat) < tool.mean_log(plays, fitted)
