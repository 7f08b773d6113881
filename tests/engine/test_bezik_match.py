"""Turkish Bezik games and the match: dealers, the 3000/5000 targets, vido stakes,
match points, the normal/sanvuar schedule, records, replay output and selfplay."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from test_bezik_support import passive, play_out

from engine import Game, IllegalActionError, RecordError, ReplayError, new_game, replay_record
from engine.cli import main, play_game, summary
from engine.match import Match, MatchGame
from engine.players import choose, make_player


def new_match(dealer: int = 0, seed: int = 1, **options: Any) -> Match:
    match = new_game("bezik", options or None, seed=seed, dealer=dealer)
    assert isinstance(match, Match)
    return match


def finish_game(match: Match, winner: int, loser_before: int = 1500) -> None:
    """Let ``winner`` take the current game with this deal: he starts it at 3000."""
    game = match.current_game
    game.totals[winner] = 3000
    game.totals[1 - winner] = loser_before
    match.deal.extra["game_before"] = list(game.totals)
    play_out(match.deal, passive, apply=match.apply)
    assert game.winner == winner


def vido(match: Match, answer: str) -> int:
    """The player on lead calls vido and the other answers; returns the caller."""
    caller = match.current_player
    assert caller is not None
    match.apply("vido")
    match.apply(answer)
    return caller


def to_lead_of(match: Match, seat: int) -> None:
    """Play passively until ``seat`` is about to lead."""
    deal = match.deal
    while not (deal.current_player == seat and deal.phase == "play" and not deal.trick):
        match.apply(passive(deal))


def played_match(seed: int, names: tuple[str, str] = ("greedy", "random"), **options: Any) -> Match:
    match = new_match(dealer=seed % 2, seed=seed, **options)
    rng = random.Random(seed)
    players = [make_player(n, random.Random(rng.random())) for n in names]
    play_game(match, players)
    return match


# ----- the Game surface ---------------------------------------------------------
def test_a_bezik_game_is_a_match_with_the_game_surface() -> None:
    match = new_match()
    assert isinstance(match, Game) and not match.is_terminal and not match.deal_over
    assert match.current_player == 1 and "vido" in [a.text() for a in match.legal_actions()]
    obs = match.observation(1)
    info = obs.match
    assert info is not None
    assert info.points == (0, 0) and info.to == 16 and info.stake == 1
    assert info.kind == "normal" and info.cycle_pos == 0 and info.cycle_len == 5
    assert info.target == 3000 and obs.target == 3000 and obs.game_scores == [0, 0]
    assert match.match_facts().game == 1 and match.target == 3000


def test_dealers_alternate_within_a_game() -> None:
    match = new_match(dealer=1)
    dealers = []
    for _ in range(3):
        dealers.append(match.deal.dealer)
        assert match.deal.current_player == 1 - match.deal.dealer
        play_out(match.deal, passive, apply=match.apply)
        assert not match.game_over
        match.next_deal()
    assert dealers == [1, 0, 1]
    assert len(match.games) == 1 and match.current_game.deals == [0, 1, 2]


def test_next_game_dealt_by_the_winner_and_led_by_the_loser() -> None:
    for winner in (0, 1):
        match = new_match(dealer=winner)
        finish_game(match, winner)
        match.next_deal()
        assert len(match.games) == 2 and match.deal.dealer == winner
        assert match.current_player == 1 - winner and match.scores() == [0, 0]


def test_scores_are_the_running_game_totals() -> None:
    match = new_match()
    play_out(match.deal, passive, apply=match.apply)
    first = match.scores()
    assert first == match.results[0].totals
    match.next_deal()
    assert match.scores() == first


# ----- end of a game ------------------------------------------------------------------
def _decide(totals: list[int], target: int = 3000, brisks: bool = True,
            last: int = 0, refused: int | None = None) -> tuple[Any, Any, int]:
    game = MatchGame("normal", 0, 0, totals=list(totals), target=target)
    deal = SimpleNamespace(extra={"refused": refused, "brisks_counted": brisks},
                           last_trick_winner=last)
    winner, why = Match._decide(game, deal)  # type: ignore[arg-type]
    return winner, why, game.target


@pytest.mark.parametrize(("totals", "target", "brisks", "last", "expected"), [
    ([2990, 1000], 3000, True, 0, (None, None, 3000)),
    ([3010, 1000], 3000, True, 1, (0, "target", 3000)),
    ([3010, 2000], 3000, False, 0, (0, "target_before_brisks", 3000)),
    ([3100, 3050], 3000, True, 0, (None, None, 5000)),       # both over 3000: on to 5000
    ([5100, 3050], 3000, True, 1, (0, "target", 5000)),      # extended and decided at once
    ([5100, 4950], 5000, True, 1, (0, "target", 5000)),
    ([5100, 5200], 5000, True, 0, (1, "higher_total", 5000)),
    ([5150, 5150], 5000, True, 1, (1, "tie_last_trick", 5000)),
    ([5150, 5150], 5000, True, 0, (0, "tie_last_trick", 5000)),
    ([4000, 4900], 5000, True, 0, (None, None, 5000)),       # no extension past 5000
    ([5000, 5300], 5000, False, 0, (0, "target_before_brisks", 5000)),
])
def test_end_of_game_check(totals: list[int], target: int, brisks: bool, last: int,
                           expected: tuple[Any, Any, int]) -> None:
    assert _decide(totals, target, brisks, last) == expected


def test_refusal_decides_for_the_caller() -> None:
    assert _decide([100, 2900], refused=0)[:2] == (0, "refused")


def test_both_over_3000_extends_the_game_to_5000() -> None:
    match = new_match()
    game = match.current_game
    game.totals[:] = [3000, 3000]
    match.deal.extra["game_before"] = [3000, 3000]
    play_out(match.deal, passive, apply=match.apply)
    assert game.target == 5000 and game.winner is None and match.deal.extra["brisks_counted"]
    match.next_deal()
    assert match.deal.extra["target"] == 5000 and match.target == 5000
    assert match.observation(0).target == 5000


def test_extended_game_has_no_rubikon_and_pays_base() -> None:
    match = new_match()
    game = match.current_game
    game.target = 5000
    game.totals[:] = [5000, 3100]
    match.deal.extra.update(game_before=[5000, 3100], target=5000)
    play_out(match.deal, passive, apply=match.apply)
    assert game.winner == 0 and not game.rubikon and game.match_points == 1


# ----- match points -----------------------------------------------------------------
def test_normal_game_one_point_and_rubikon_doubles() -> None:
    match = new_match()
    finish_game(match, 0, loser_before=1500)
    assert match.current_game.match_points == 1 and match.current_game.why == "normal"
    match.next_deal()
    finish_game(match, 1, loser_before=0)
    game = match.current_game
    assert game.rubikon and game.match_points == 2 and game.why == "normal,rubikon"
    assert match.points == [1, 2]


def test_sanvuar_game_two_points() -> None:
    match = new_match()
    for _ in range(2):
        finish_game(match, 0)
        match.next_deal()
    assert match.current_game.kind == "sanvuar"
    finish_game(match, 1)
    assert match.current_game.match_points == 2 and match.points == [2, 2]


def test_accepted_vido_doubles_and_kontr_vido_quadruples() -> None:
    match = new_match()
    caller = vido(match, "accept")
    assert match.deal.extra["stake"] == 2 and match.match_facts().stake == 2
    finish_game(match, caller)
    assert match.current_game.match_points == 2 and match.current_game.why == "normal,vido"

    match = new_match()
    first = vido(match, "accept")
    to_lead_of(match, 1 - first)
    assert vido(match, "accept") == 1 - first
    assert match.deal.extra["stake"] == 4
    finish_game(match, first, loser_before=0)
    game = match.current_game
    assert game.match_points == 8 and game.why == "normal,kontr_vido,rubikon"
    assert game.vidos == [[first, "accepted"], [1 - first, "accepted"]]
    assert not match.is_terminal


def test_sanvuar_kontr_vido_rubikon_is_16_and_ends_the_match() -> None:
    match = new_match()
    for _ in range(2):
        finish_game(match, 1)
        match.next_deal()
    first = vido(match, "accept")
    to_lead_of(match, 1 - first)
    vido(match, "accept")
    finish_game(match, first, loser_before=0)
    assert match.current_game.match_points == 16 and match.is_terminal
    assert match.winner == first


def test_refused_vido_wins_at_the_stake_before_the_call() -> None:
    match = new_match()
    caller = vido(match, "refuse")
    game = match.current_game
    assert match.deal_over and game.winner == caller and game.ended_by == "refused"
    assert game.stake == 1 and game.match_points == 2 and game.rubikon  # loser at 0
    assert game.why == "normal,refused,rubikon"

    match = new_match()
    first = vido(match, "accept")
    to_lead_of(match, 1 - first)
    match.current_game.totals[:] = [1600, 1600]  # no rubikon
    match.deal.extra["game_before"] = [1600, 1600]
    assert vido(match, "refuse") == 1 - first
    game = match.current_game
    assert game.winner == 1 - first and game.stake == 2 and game.match_points == 2


def test_first_caller_may_not_kontr_in_a_later_deal_and_a_new_game_resets() -> None:
    match = new_match()
    first = vido(match, "accept")
    play_out(match.deal, passive, apply=match.apply)
    assert not match.game_over
    match.next_deal()
    assert match.deal.extra["stake"] == 2
    to_lead_of(match, first)
    assert "vido" not in [a.text() for a in match.legal_actions()]
    to_lead_of(match, 1 - first)
    assert "vido" in [a.text() for a in match.legal_actions()]
    finish_game(match, first)
    match.next_deal()
    assert match.deal.extra["stake"] == 1 and match.deal.extra["vidos"] == []
    assert "vido" in [a.text() for a in match.legal_actions()]


# ----- the schedule -------------------------------------------------------------------
def test_schedule_two_normal_then_three_sanvuar_repeating() -> None:
    match = new_match()
    kinds = []
    for number in range(7):
        kinds.append(match.current_game.kind)
        finish_game(match, number % 2)
        match.next_deal()
    assert kinds == ["normal", "normal", "sanvuar", "sanvuar", "sanvuar", "normal", "normal"]
    assert match.points == [1 + 2 + 2 + 1, 1 + 2 + 1]


def test_vido_in_a_sanvuar_game_restarts_the_cycle() -> None:
    match = new_match()
    for number in range(2):
        finish_game(match, number % 2)
        match.next_deal()
    assert match.current_game.kind == "sanvuar"
    vido(match, "refuse")  # any vido, accepted or refused
    match.next_deal()
    assert match.current_game.kind == "normal" and match.current_game.cycle_pos == 0
    finish_game(match, 0)
    match.next_deal()
    assert match.current_game.kind == "normal"
    finish_game(match, 1)
    match.next_deal()
    assert match.current_game.kind == "sanvuar"
    caller = vido(match, "accept")
    finish_game(match, 1 - caller)
    match.next_deal()
    assert match.current_game.kind == "normal" and match.current_game.cycle_pos == 0


def test_vido_in_a_normal_game_does_not_restart_the_cycle() -> None:
    match = new_match()
    vido(match, "accept")
    finish_game(match, 0)
    match.next_deal()
    assert match.current_game.kind == "normal" and match.current_game.cycle_pos == 1


def test_match_to_4_every_game_normal() -> None:
    match = new_match(match=4)
    kinds = []
    while not match.is_terminal:
        kinds.append(match.current_game.kind)
        finish_game(match, 1)
        if not match.is_terminal:
            match.next_deal()
    assert set(kinds) == {"normal"} and len(kinds) == 4 and match.points == [0, 4]
    assert match.winner == 1 and match.match_facts().cycle_len == 1


def test_match_ends_at_16_and_stops() -> None:
    match = new_match()
    while not match.is_terminal:
        finish_game(match, 0, loser_before=0)
        if not match.is_terminal:
            match.next_deal()
    assert match.winner == 0 and match.points[0] >= 16 and match.match_over
    assert sum(g.match_points for g in match.games) == match.points[0]
    assert match.legal_actions() == [] and match.current_player is None
    with pytest.raises(IllegalActionError):
        match.next_deal()
    with pytest.raises(IllegalActionError):
        match.apply("vido")


def test_unknown_match_option_is_refused() -> None:
    with pytest.raises(RecordError):
        new_game("bezik", {"match": 8})


# ----- baseline players' vido sense -----------------------------------------------
def test_greedy_calls_vido_only_when_clearly_ahead_and_refuses_when_lost() -> None:
    greedy = make_player("greedy", random.Random(1))
    match = new_match()
    seat = match.current_player
    assert seat is not None
    assert choose(greedy, match.observation(seat)).text() != "vido"
    match.current_game.totals[seat] = 2500
    assert choose(greedy, match.observation(seat)).text() == "vido"
    match.apply("vido")
    assert choose(greedy, match.observation(1 - seat)).text() == "refuse"
    match.current_game.totals[1 - seat] = 2000
    assert choose(greedy, match.observation(1 - seat)).text() == "accept"


def test_random_player_sometimes_calls_and_answers_vido() -> None:
    seen: set[str] = set()
    for seed in range(6):
        match = played_match(seed, ("random", "random"))
        for history in match._histories():
            seen.update(a for a in history if a in ("vido", "accept", "refuse"))
    assert seen == {"vido", "accept", "refuse"}


# ----- records, saves, replay output ---------------------------------------------
def test_record_replays_to_the_same_match_and_saves_round_trip() -> None:
    match = played_match(11)
    assert match.is_terminal
    record = json.loads(json.dumps(match.record()))
    assert record["variant"] == "bezik" and len(record["deals"]) == len(match.results)
    assert all("turnup" not in d and len(d["stock"]) == 78 for d in record["deals"])
    again = replay_record(record)
    assert isinstance(again, Match) and again.summary() == match.summary()
    restored = Game.from_json(json.loads(json.dumps(match.to_json())))
    assert isinstance(restored, Match) and restored == match
    assert match.clone() == match


def test_save_in_the_middle_of_a_deal_resumes() -> None:
    match = new_match(seed=5)
    rng = random.Random(2)
    for _ in range(40):
        match.apply(rng.choice([a for a in match.legal_actions() if a.kind != "vido"]))
    restored = Game.from_json(json.loads(json.dumps(match.to_json())))
    assert restored == match and restored.clone() == match
    action = match.legal_actions()[0]
    match.apply(action)
    restored.apply(action)
    assert restored == match


def test_replay_rejects_deals_after_the_end_and_reports_illegal_actions() -> None:
    match = played_match(3)
    record = match.record()
    extra = dict(record, deals=[*record["deals"], record["deals"][0]])
    with pytest.raises(RecordError, match="after the end of the match"):
        replay_record(extra)
    broken = json.loads(json.dumps(record))
    broken["deals"][0]["actions"][0] = "declare QS JD"
    with pytest.raises(ReplayError) as err:
        replay_record(broken)
    assert err.value.deal == 0 and err.value.index == 0
    turnup = json.loads(json.dumps(record))
    turnup["deals"][0]["turnup"] = "9S"
    with pytest.raises(RecordError):
        replay_record(turnup)


def test_replay_output_has_the_bezik_fields(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = played_match(7)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.record()), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == json.loads(json.dumps(summary(match)))
    assert out["ok"] and len(out["deals"]) == len(match.results)
    for deal in out["deals"]:
        assert {"declarations", "card_points", "last_trick", "totals", "last_trick_points",
                "brisks_counted", "trumps"} <= set(deal)
        assert deal["trumps"] in (None, "S", "H", "D", "C")
    games = out["games"]
    assert [i for g in games for i in g["deals"]] == list(range(len(out["deals"])))
    for game in games:
        assert {"kind", "deals", "totals", "target", "vidos", "winner", "rubikon",
                "match_points", "why"} <= set(game)
        assert game["totals"] == [sum(out["deals"][i]["totals"][s] for i in game["deals"])
                                  for s in range(2)]
    assert out["match"]["to"] == 16 and out["match"]["winner"] == match.winner
    assert out["match"]["points"] == [sum(g["match_points"] for g in games if g["winner"] == s)
                                      for s in range(2)]


def test_selfplay_saves_matches_that_replay(tmp_path: Path) -> None:
    out = io.StringIO()
    from engine.cli import build_parser, cmd_selfplay

    args = build_parser().parse_args(["selfplay", "--variant", "bezik", "--games", "2", "--seed",
                                      "4", "--players", "greedy,random",
                                      "--save-records", str(tmp_path)])
    assert cmd_selfplay(args, out) == 0
    result = json.loads(out.getvalue())
    assert result["ok"] and result["games"] == 2 and sum(result["wins"]) == 2
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    for path in files:
        match = replay_record(json.loads(path.read_text(encoding="utf-8")))
        assert match.is_terminal
