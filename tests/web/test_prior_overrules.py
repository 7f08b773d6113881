"""tools/prior_overrules.py: the count of strong choices that overrule the normal one."""

from __future__ import annotations

from tool_loader import load_tool


def test_a_head_start_no_search_can_pass_keeps_every_normal_choice() -> None:
    tool = load_tool("prior_overrules")
    free = tool.overrules("russian", 0.0, 6, seed=2)
    kept = tool.overrules("russian", 10_000.0, 6, seed=2)
    assert free["positions"] == kept["positions"] == 6
    assert kept["overruled"] == 0 and kept["margins"] == []
    assert free["overruled"] > 0  # with no head start the noise of 16 worlds overrules it
    assert all(m >= 0 for m in free["margins"])  # the search preferred it (ties: legal order)
