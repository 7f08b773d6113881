"""tools/arena_ab.py: the variant options it passes to the arena."""

from __future__ import annotations

import pytest

from tests.support.tool_loader import load_tool

arena_ab = load_tool("arena_ab")


def test_a_malformed_option_is_refused_with_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["arena_ab.py", "--variant", "bezik", "--option", "match",
                                     "--a", "normal", "--b", "greedy"])
    with pytest.raises(SystemExit, match="'match' is not KEY=VALUE"):
        arena_ab.main()


def test_the_options_reach_the_arena(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[dict[str, object]] = []

    def arena(variant: str, options: dict[str, object], *args: object,
              **kwargs: object) -> dict[str, object]:
        seen.append(options)
        return {"variant": variant, "options": options}

    monkeypatch.setattr(arena_ab, "run_arena", arena)
    monkeypatch.setattr("sys.argv", ["arena_ab.py", "--variant", "bezik", "--option",
                                     "match=4", "--a", "normal", "--b", "greedy"])
    assert arena_ab.main() == 0
    assert seen == [{"match": 4}]
    assert '"match": 4' in capsys.readouterr().out
