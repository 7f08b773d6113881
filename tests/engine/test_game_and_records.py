"""The game layer (dealers, target, ties), records, saves and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Game, RecordError, ReplayError, new_game, replay_record
from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _finish_deal(game: Game) -> None:
    while not game.deal.is_terminal:
        game.apply(game.legal_actions()[0])


def test_deal_passes_to_the_other_player_and_the_non_dealer_leads() -> None:
    game = new_game("classic", seed=3, dealer=1)
    assert game.deal.dealer == 1 and game.current_player == 0
    _finish_deal(game)
    game.next_deal()
    assert game.deal.dealer == 0 and game.current_player == 1


def test_game_ends_at_the_target_with_the_higher_total() -> None:
    game = new_game("classic", seed=3)
    game.totals = [990, 1200]
    assert game.decide_winner(last_trick=0) == 1
    game.totals = [1000, 900]
    assert game.decide_winner(last_trick=1) == 0
    game.totals = [900, 900]
    assert game.decide_winner(last_trick=1) is None


def test_exact_tie_over_the_target_goes_to_the_last_trick() -> None:
    game = new_game("classic", seed=3)
    game.totals = [1100, 1100]
    assert game.decide_winner(last_trick=1) == 1
    assert game.decide_winner(last_trick=0) == 0


def test_target_1500_option() -> None:
    game = new_game("classic", {"target": 1500}, seed=3)
    game.totals = [1400, 1200]
    assert game.decide_winner(last_trick=0) is None


def test_unknown_option_or_variant_is_a_clear_error() -> None:
    with pytest.raises(RecordError, match="unknown option"):
        new_game("classic", {"colour": "red"})
    with pytest.raises(RecordError, match="must be one of"):
        new_game("classic", {"target": 999})
    with pytest.raises(RecordError, match="unknown variant"):
        new_game("pinochle")


def test_whole_game_record_replays_to_the_same_scores(tmp_path: Path) -> None:
    game = new_game("classic", seed=11)
    while True:
        _finish_deal(game)
        if game.is_terminal:
            break
        game.next_deal()
    again = replay_record(json.loads(json.dumps(game.record())))
    assert again.totals == game.totals and again.winner == game.winner
    assert game.totals[game.winner or 0] >= 1000  # type: ignore[index]


def test_record_shape_follows_design() -> None:
    game = new_game("classic", seed=4, dealer=1)
    game.apply(game.legal_actions()[0])
    record = game.record()
    assert record["variant"] == "classic" and record["dealer"] == 1
    deal = record["deals"][0]
    assert len(deal["hands"]) == 2 and all(len(h) == 8 for h in deal["hands"])
    assert len(deal["stock"]) == 47 and isinstance(deal["turnup"], str)
    assert deal["actions"] == [game.deal.history[0]]


def test_save_resume_round_trip_and_corrupt_saves() -> None:
    game = new_game("classic", seed=9)
    for _ in range(25):
        game.apply(game.legal_actions()[-1])
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.deal == game.deal and again.scores() == game.scores()
    for bad in ({}, {"save_version": 99}, {"save_version": 1, "record": 5},
                {"save_version": 1, "record": {"variant": "classic", "deals": [{}]}}):
        with pytest.raises(RecordError):
            Game.from_json(bad)


def test_replay_reports_illegal_action_position() -> None:
    game = new_game("classic", seed=4)
    game.apply(game.legal_actions()[0])
    record = game.record()
    record["deals"][0]["actions"].append("declare QS JD")
    with pytest.raises(ReplayError) as err:
        replay_record(record)
    assert (err.value.deal, err.value.index) == (0, 1)
    assert err.value.rule == "declare_only_after_winning"


@pytest.mark.parametrize("record", [
    "[]", '{"variant": "classic"}', '{"variant": "classic", "deals": [{"hands": []}]}',
    '{"variant": "nope", "deals": []}',
    '{"variant": "classic", "deals": [{"hands": [["AS"], ["AS"]], "stock": []}]}',
])
def test_malformed_records_are_rejected(record: str) -> None:
    with pytest.raises(RecordError):
        replay_record(json.loads(record))


def _cli(tmp_path: Path, data: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:
    path = tmp_path / "record.json"
    path.write_text(data, encoding="utf-8")
    code = main(["replay", str(path)])
    return code, json.loads(capsys.readouterr().out)


def test_cli_replay_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game("classic", seed=21)
    _finish_deal(game)
    code, out = _cli(tmp_path, json.dumps(game.record()), capsys)
    assert code == 0 and out["ok"] is True
    assert out["deals"][0]["totals"] == game.results[0].totals
    assert out["game"]["totals"] == game.totals
    bad = game.record()
    bad["deals"][0]["actions"][3] = "play 7Z"
    code, out = _cli(tmp_path, json.dumps(bad), capsys)
    assert code == 2 and out["ok"] is False and out["index"] == 3 and out["deal"] == 0
    assert "reason" in out and out["action"] == "play 7Z"
    code, out = _cli(tmp_path, "{not json", capsys)
    assert code == 3 and out["ok"] is False


@pytest.mark.needs_processes
def test_cli_selfplay_writes_records_that_replay(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "engine", "selfplay", "--variant", "classic", "--games", "2",
         "--seed", "3", "--players", "random,greedy", "--save-records", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["games"] == 2 and sum(summary["wins"]) == 2
    for path in sorted(tmp_path.glob("*.json")):
        replayed = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                                  cwd=ROOT, capture_output=True, text=True)
        assert replayed.returncode == 0, replayed.stdout
        assert json.loads(replayed.stdout)["game"]["winner"] is not None


@pytest.mark.needs_processes
def test_cli_play_reports_a_typo_and_goes_on() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--seed", "1"],
        cwd=ROOT, input="play ZZ\nhelp\nquit\n", capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0
    assert "not possible" in result.stdout and "legal:" in result.stdout
    assert "Traceback" not in result.stderr
