"""Undo: a seat takes back its last move and everything after it, the deal unchanged."""

from __future__ import annotations

import random

import pytest

from engine import Game, IllegalActionError, new_game, replay_record
from engine.undo import acting_seats, can_undo, undo, undo_point


def _play_random(game: Game, steps: int, rng: random.Random) -> list[str]:
    """Up to ``steps`` random legal actions inside the running deal."""
    done = []
    for _ in range(steps):
        if game.deal.is_terminal:
            break
        action = rng.choice(game.legal_actions()).text()
        game.apply(action)
        done.append(action)
    return done


def _finish(game: Game, rng: random.Random) -> None:
    while not game.deal.is_terminal:
        game.apply(rng.choice(game.legal_actions()).text())


def _prefix(game: Game, keep: int) -> Game:
    """The game rebuilt from its record with the running deal cut to ``keep`` actions."""
    record = game.record()
    record["deals"][-1]["actions"] = record["deals"][-1]["actions"][:keep]
    return replay_record(record, seed=game.seed)


@pytest.mark.parametrize("variant", ["classic", "russian", "russian-3", "russian-4", "no-trump",
                                     "bezik"])
@pytest.mark.parametrize("seed", range(6))
def test_undo_restores_the_position_before_the_seats_last_move(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(variant, seed=seed)
    _play_random(game, rng.randrange(5, 120), rng)
    if game.deal.is_terminal and getattr(game, "game_over", game.is_terminal):
        return  # decided: nothing to take back (tested below)
    seats = acting_seats(game)
    seat = seats[-1] if seats else 0
    before_rng = game.rng.getstate()
    keep = undo_point(game, seat)
    for other in range(game.rules.players):  # the cheap check agrees with the replay
        assert can_undo(game, other) == (undo_point(game, other) is not None)
    if keep is None:
        assert not can_undo(game, seat)
        return
    assert seats[keep] == seat and seat not in seats[keep + 1:]
    back = undo(game, seat)
    expected = _prefix(game, keep)
    assert back.deal == expected.deal
    assert back.deal.current_player == seat
    assert back.scores() == expected.scores()
    assert back.record() == expected.record()
    assert back.rng.getstate() == before_rng
    # the cards drawn since go back on top of the stock (its end), the rest is untouched
    assert back.deal.stock[: len(game.deal.stock)] == game.deal.stock


def test_undo_keeps_the_deal_and_the_next_deal() -> None:
    """Playing on after an undo with the same moves leads to the same game, next deal included."""
    rng = random.Random(4)
    reference = new_game("classic", seed=11, dealer=1)
    _finish(reference, rng)
    moves = list(reference.deal.history)
    game = new_game("classic", seed=11, dealer=1)
    for text in moves[:40]:
        game.apply(text)
    game = undo(game, 0)
    game = undo(game, 0)  # twice: unlimited
    for text in moves[len(game.deal.history):]:
        game.apply(text)
    assert game.record() == reference.record()
    reference.next_deal()
    game.next_deal()
    assert game.record() == reference.record()
    assert game.deal == reference.deal


def test_draws_go_back_on_the_stock_in_order() -> None:
    game = new_game("classic", seed=5, dealer=1)
    stock_before = list(game.deal.stock)
    hand_before = sorted(game.deal.hands[0])
    rng = random.Random(1)
    while len(game.deal.stock) == len(stock_before):  # until the first draws
        game.apply(rng.choice(game.legal_actions()).text())
    while game.current_player != 0:
        game.apply(rng.choice(game.legal_actions()).text())
    back = undo(game, 0)
    while back.deal.history:
        back = undo(back, 0) if can_undo(back, 0) else back
        if not can_undo(back, 0):
            break
    assert back.deal.stock == stock_before
    assert sorted(back.deal.hands[0]) == hand_before
    assert back.deal.history == []


def test_undo_in_the_end_phase() -> None:
    rng = random.Random(2)
    game = new_game("classic", seed=8, dealer=1)
    while not (game.deal.in_end_phase and game.current_player == 0 and game.deal.trick):
        if game.deal.is_terminal:
            pytest.fail("no end-phase trick with seat 0 to answer")
        game.apply(rng.choice(game.legal_actions()).text())
    scores = game.scores()
    hand = sorted(game.deal.hands[0])
    game.apply(game.legal_actions()[0].text())
    while game.current_player != 0 and not game.deal.is_terminal:
        game.apply(game.legal_actions()[0].text())
    back = undo(game, 0)
    assert back.scores() == scores
    assert sorted(back.deal.hands[0]) == hand
    assert back.deal.in_end_phase


def test_nothing_to_undo_before_the_first_own_move() -> None:
    game = new_game("classic", seed=3, dealer=0)  # seat 1 leads
    assert not can_undo(game, 0)
    game.apply(game.legal_actions()[0].text())  # seat 1's lead
    assert game.current_player == 0
    assert not can_undo(game, 0)
    with pytest.raises(IllegalActionError) as err:
        undo(game, 0)
    assert err.value.rule == "nothing_to_undo"


def test_an_ended_deal_reopens_but_a_decided_game_does_not() -> None:
    rng = random.Random(6)
    game = new_game("classic", seed=6)
    _finish(game, rng)
    assert game.deal.is_terminal and not game.is_terminal
    back = undo(game, 0)
    assert not back.deal.is_terminal and back.results == [] and back.totals == [0, 0]
    decided = new_game("classic", {"target": 1000}, seed=6)
    while not decided.is_terminal:
        _finish(decided, rng)
        if not decided.is_terminal:
            decided.next_deal()
    assert not can_undo(decided, 0) and not can_undo(decided, 1)


def test_no_undo_in_bezik_once_a_vido_is_accepted() -> None:
    rng = random.Random(9)
    for seed in range(40):
        game = new_game("bezik", {"match": 4}, seed=seed)
        while not game.deal.is_terminal:
            legal = [a.text() for a in game.legal_actions()]
            if "accept" in legal:
                game.apply("accept")
                assert not can_undo(game, 0) and not can_undo(game, 1)
                while not game.is_terminal:  # nor later in the match
                    while not game.deal.is_terminal:
                        game.apply(rng.choice(game.legal_actions()).text())
                        assert not can_undo(game, 0) and not can_undo(game, 1)
                    if not game.is_terminal:
                        game.next_deal()
                return
            game.apply("vido" if "vido" in legal else rng.choice(legal))
    pytest.fail("no vido accepted in 40 deals")
