"""The fair arena (every seat arrangement), its intervals, and observation hygiene."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from engine.arena import GameOutcome, arrangements, mean_interval, run_arena, summarise
from engine.cli import main as cli_main
from engine.players import choose, make_player


def test_arrangements_seat_each_program_everywhere_equally() -> None:
    assert arrangements(2, False) == ["ab", "ba"]
    three = arrangements(3, False)
    assert len(three) == 6 and len(set(three)) == 6
    for seat in range(3):  # each program in each seat in half the arrangements
        assert sum(1 for a in three if a[seat] == "a") == 3
    assert arrangements(4, True) == ["abab", "baba"]


def test_summary_counts_sides_and_points_per_seat() -> None:
    outs = [
        (0, GameOutcome("abab", [100, 50, 100, 50], 0, 1)),  # side 0 = a wins
        (0, GameOutcome("baba", [100, 50, 100, 50], 0, 1)),  # side 0 = b wins
        (1, GameOutcome("aab", [30, 30, 60], 2, 1)),
    ]
    report = summarise(outs[:2], partnerships=True)
    assert report["a_wins"] == 1 and report["games"] == 2
    assert report["a_points_share"] == 0.5
    three = summarise(outs[2:], partnerships=False)
    assert three["a_wins"] == 0 and three["a_points_per_deal"] == 30.0
    assert three["b_points_per_deal"] == 60.0


def test_mean_interval_covers_the_mean() -> None:
    lo, hi = mean_interval([0.4, 0.6, 0.5, 0.55])
    assert lo < 0.5125 < hi
    assert mean_interval([]) == [0.0, 1.0]


@pytest.mark.parametrize("variant", ["russian-3", "russian-4"])
def test_arena_plays_every_arrangement_of_a_seed(variant: str) -> None:
    report = run_arena(variant, {}, "greedy", "random", deals=1, games=1)
    assert report["games"] == len(report["arrangements"])
    assert report["duplicate_groups"] == 1
    assert report["a_points_share"] > 0.5  # greedy outscores random
    lo, hi = report["a_win_rate_ci95"]
    assert 0.0 <= lo <= report["a_win_rate"] <= hi <= 1.0


def test_arena_cli_all_variants_and_jobs_agree(capsys: Any) -> None:
    argv = ["arena", "--variant", "classic,no-trump", "--a", "greedy", "--b", "random",
            "--games", "1"]
    assert cli_main(argv) == 0
    one = json.loads(capsys.readouterr().out)
    assert cli_main([*argv, "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert [r["variant"] for r in one["results"]] == ["classic", "no-trump"]
    for r1, r2 in zip(one["results"], two["results"], strict=True):
        assert r1["a_wins"] == r2["a_wins"] and r1["a_points_per_deal"] == r2["a_points_per_deal"]
    assert cli_main(["arena", "--variant", "nope,classic", "--a", "greedy", "--b", "random"]) == 4
    capsys.readouterr()


@pytest.mark.parametrize("variant", ["classic", "russian-4", "bezik"])
def test_observations_carry_copies_not_the_deals_lists(variant: str) -> None:
    game = new_game(variant, seed=3)
    players = [make_player("greedy", random.Random(s)) for s in range(game.rules.players)]
    for _ in range(60):
        if game.deal.is_terminal:
            break
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))
    before = json.dumps(game.deal.to_json(), sort_keys=True)
    log_before = json.dumps(game.deal.log)
    for seat in range(game.rules.players):
        obs = game.observation(seat)
        # the log is shared, not copied: a read-only window on immutable events
        with pytest.raises(AttributeError):
            obs.log.append(("x",))  # type: ignore[attr-defined]
        for event in obs.log:
            assert isinstance(event, tuple)
            assert not any(isinstance(v, list | dict | set) for v in event), event
        for table in obs.tables:  # scribble over everything else an observer holds
            table.append(99)
        obs.points.append(1)
        obs.hand.append(99)
    assert json.dumps(game.deal.to_json(), sort_keys=True) == before
    assert json.dumps(game.deal.log) == log_before


def test_reports_of_other_seeds_pool_into_one() -> None:
    """Each report keeps its duplicate groups' rows; pooling two runs sums their games and
    wins and weighs their points as the one longer run would."""
    from engine.arena import engine_fingerprint, pooled

    one = run_arena("classic", {}, "greedy", "random", deals=1, games=2, seed=1)
    two = run_arena("classic", {}, "greedy", "random", deals=1, games=1, seed=2)
    both = pooled(one["groups"] + two["groups"])
    assert both["games"] == one["games"] + two["games"] == 6
    assert both["a_wins"] == one["a_wins"] + two["a_wins"]
    assert both["deals"] == one["deals"] + two["deals"]
    assert both["duplicate_groups"] == 3
    assert pooled(one["groups"])["a_points_share"] == one["a_points_share"]
    assert one["engine"] == two["engine"] == engine_fingerprint("classic")
    assert len(one["engine"]) == 12 and int(one["engine"], 16) >= 0


def test_the_fingerprint_ignores_other_variants_models(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A model fitted for one variant changes that variant's fingerprint, not another's."""
    import shutil

    import engine.arena as arena

    root = Path(arena.__file__).resolve().parent
    copy = tmp_path / "engine"
    shutil.copytree(root, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(arena, "__file__", str(copy / "arena.py"))
    before = {v: arena.engine_fingerprint(v) for v in ("classic", "bezik")}
    models = copy / "ai" / "models.json"
    data = json.loads(models.read_text(encoding="utf-8"))
    data["models"]["classic"][0] += 1.0
    data["about"] = "refitted"
    models.write_text(json.dumps(data), encoding="utf-8")
    assert arena.engine_fingerprint("bezik") == before["bezik"]
    assert arena.engine_fingerprint("classic") != before["classic"]
