"""tools/match_stakes.py: what each game of a match was worth."""

from __future__ import annotations

from tests.support.tool_loader import load_tool

match_stakes = load_tool("match_stakes")


def test_every_decided_game_is_counted_once() -> None:
    report = match_stakes.game_worths("greedy", 2, 7, 4)
    assert report["program"] == "greedy"
    worth = report["worth"]
    assert isinstance(worth, dict)
    assert sum(worth.values()) == report["games"] > 0
    assert set(worth) <= {"1", "2", "4", "8"}
    shares = report["shares"]
    assert isinstance(shares, dict)
    assert abs(sum(shares.values()) - 1.0) < 0.01


def test_an_arena_program_is_played() -> None:
    """The strong level by the game alone (``strong:match_aware=0``), its program named."""
    report = match_stakes.game_worths("strong:match_aware=0,worlds=1,horizon=1", 1, 7, 4)
    assert report["program"] == "strong:match_aware=0,worlds=1,horizon=1"
    assert report["games"] > 0
