"""The daily deal: the same cards everywhere on a date, duplicate scoring, streak, share."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from engine.daily import (
    DAILY_SEAT,
    DailyResult,
    Streak,
    computer_in_seat,
    daily_game,
    daily_opponent,
    daily_seed,
    deal_result,
    share_data,
    streak,
)
from engine.errors import RecordError
from engine.guided import GUIDED_VARIANTS
from engine.players import choose, make_player


def cards(variant: str, day: str) -> object:
    game = daily_game(day, variant)
    return game.record()["deals"][0]


def test_same_cards_on_the_same_date_other_cards_the_next_day() -> None:
    for variant in GUIDED_VARIANTS:
        assert cards(variant, "2026-12-03") == cards(variant, "2026-12-03")
        assert cards(variant, "2026-12-03") == cards(variant, dt.date(2026, 12, 3).isoformat())
        assert cards(variant, "2026-12-03") != cards(variant, "2026-12-04")
    assert daily_seed("2026-12-03", "classic") == daily_seed(dt.date(2026, 12, 3), "classic")
    assert daily_seed("2026-12-03", "classic") != daily_seed("2026-12-03", "russian")


def test_seed_is_pinned() -> None:
    """Devices with other code must deal the same: the recipe's output is fixed here
    (64-bit FNV-1a of "bezique-daily-v1:2026-12-03:classic")."""
    assert daily_seed("2026-12-03", "classic") == 22589811816157424
    assert daily_seed("2026-12-04", "classic") != 22589811816157424


def test_bad_input() -> None:
    with pytest.raises(RecordError):
        daily_seed("2026-13-01", "classic")
    with pytest.raises(RecordError):
        daily_seed("2026-12-03", "poker")
    with pytest.raises(RecordError):
        DailyResult.from_json({"date": "2026-12-03", "variant": "classic", "seat": 0,
                               "points": 1, "others": 2, "tricks": "01x"})


def play(day: str, variant: str, me: object) -> DailyResult:
    game = daily_game(day, variant)
    n = game.rules.players
    players = [me if s == DAILY_SEAT else daily_opponent(day, variant, s) for s in range(n)]
    while not game.deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))  # type: ignore[arg-type]
    return deal_result(game.deal, day, variant)


def drive(gen: object) -> DailyResult:
    steps = 0
    try:
        while True:
            next(gen)  # type: ignore[call-overload]
            steps += 1
    except StopIteration as stop:
        assert steps > 0  # it yields: the page runs it in slices
        result: DailyResult = stop.value
        return result


def test_duplicate_scoring_holds_everything_but_the_seat_equal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # fewer worlds than a player meets (16): the same program and seed still replay exactly
    monkeypatch.setattr("engine.daily.DAILY_WORLDS", 4)
    day, variant = "2026-12-03", "classic"
    computer = drive(computer_in_seat(day, variant))
    # the same program in the seat, with the same seed, plays the same deal exactly
    from engine.daily import computer_seat_player

    again = play(day, variant, computer_seat_player(day, variant))
    assert again == computer
    # a weaker player in the seat meets the same cards and the same opponents' program
    weak = play(day, variant, make_player("random", random.Random(1)))
    assert (weak.date, weak.variant, weak.seat) == (computer.date, computer.variant, 0)
    assert len(weak.tricks) == len(computer.tricks) == 32
    assert computer.points > weak.points  # measured on this date: the strong seat does better
    assert DailyResult.from_json(computer.to_json()) == computer


def test_streak() -> None:
    today = "2026-12-03"
    assert streak([], today) == Streak(0, 0)
    assert streak(["2026-12-03", "2026-12-02", "2026-12-02", "2026-12-01"], today) == Streak(3, 3)
    # today not played yet: the streak up to yesterday still stands
    assert streak(["2026-12-02", "2026-12-01"], today) == Streak(2, 2)
    # a day missed breaks it; the longest stays
    assert streak(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-12-03"],
                  today) == Streak(1, 4)
    assert streak(["2026-11-30"], today) == Streak(0, 1)
    # a date after today (a clock set back) is not counted
    assert streak(["2026-12-05", "2026-12-03"], today) == Streak(1, 1)
    assert streak([dt.date(2026, 12, 3)], dt.date(2026, 12, 3)) == Streak(1, 1)


def test_share_data() -> None:
    mine = DailyResult("2026-12-03", "classic", 0, 340, 250, (True, False, True))
    computer = DailyResult("2026-12-03", "classic", 0, 290, 300, (False, False, True))
    share = share_data(mine, computer)
    assert (share.date, share.variant, share.points, share.computer) == (
        "2026-12-03", "classic", 340, 290)
    assert share.squares("W", "L") == "WLW"
    assert share_data(mine).computer is None
    assert mine.won and not computer.won


def test_computer_in_seat_tells_how_far_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its steps give the share of the deal's cards played (the page's progress bar)."""
    monkeypatch.setattr("engine.daily.DAILY_WORLDS", 2)
    gen = computer_in_seat("2026-12-03", "classic")
    shares: list[float] = []
    try:
        while True:
            shares.append(next(gen))
    except StopIteration:
        pass
    assert shares[0] == 0.0 and shares == sorted(shares)
    assert 0.9 < shares[-1] <= 1.0
