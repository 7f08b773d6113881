"""An observation shares the deal's events instead of copying the log (O(1) a step), and
still shows each seat exactly what it saw, when it looked."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.deal import Deal
from engine.observation import EventLog
from engine.players import choose, make_player


def played(variant: str, steps: int, seed: int = 5) -> Deal:
    game = new_game(variant, seed=seed)
    players = [make_player("greedy", random.Random(s)) for s in range(game.rules.players)]
    for _ in range(steps):
        if game.deal.is_terminal:
            break
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))
    return game.deal


def copies(deal: Deal, seat: int) -> int:
    """Events of an observation that are not one of the deal's own event objects."""
    own = {id(event) for event in deal.log}
    return sum(1 for event in deal.observation(seat).log if id(event) not in own)


@pytest.mark.parametrize("variant", ["classic", "russian-3", "bezik"])
def test_an_observation_copies_no_event_but_the_hidden_draws(variant: str) -> None:
    deal = played(variant, 80)
    for seat in range(deal.n):
        hidden = [e for e in deal.log if e[0] == "draw" and e[1] != seat and not e[3]]
        assert hidden, "the deal went past a draw"
        assert copies(deal, seat) == len(hidden)
        # looking again makes nothing new: the hidden draws too are the ones made before
        first, again = deal.observation(seat).log, deal.observation(seat).log
        assert all(a is b for a, b in zip(first, again, strict=True))


def test_observing_every_step_makes_one_event_a_step_not_the_whole_log() -> None:
    """The old code copied every event at every look: 1 + 2 + ... + steps copies a deal."""
    game = new_game("classic", seed=8)
    players = [make_player("greedy", random.Random(s)) for s in range(2)]
    seen: set[int] = set()
    looks = 0
    while not game.deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        seen.update(id(event) for event in obs.log)
        looks += 1
        game.apply(choose(players[seat], obs))
    made = len(seen)
    assert looks > 60
    assert made <= len(game.deal.log) + looks  # the events, and one hidden draw a look at most


def test_an_observation_keeps_what_the_seat_saw_as_the_deal_goes_on() -> None:
    deal = played("classic", 10)
    before = deal.observation(0)
    length, events = len(before.log), list(before.log)
    deal = deal  # the same deal plays on
    while len(deal.log) < length + 5 and not deal.is_terminal:
        deal.apply(deal.legal_actions()[0])
    assert len(before.log) == length and list(before.log) == events
    assert len(deal.observation(0).log) > length


def test_a_rewritten_event_leaves_earlier_observations_alone() -> None:
    deal = played("bezik", 20)
    before = deal.observation(0).log
    last = before[-1]
    deal.replace_last_event(("rewritten", 0))
    assert before[-1] == last
    assert deal.observation(0).log[-1] == ("rewritten", 0)
    assert deal.observation(1).log[-1] == ("rewritten", 0)


def test_the_log_window_reads_like_a_list_and_cannot_be_changed() -> None:
    events = [("a", 1), ("b", 2), ("c", 3)]
    window = EventLog(events, 2)
    assert len(window) == 2 and list(window) == events[:2]
    assert window[-1] == ("b", 2) and window[0:5] == events[:2]
    assert window == events[:2] and window != events and ("c", 3) not in window
    with pytest.raises(IndexError):
        window[2]
    events.append(("d", 4))
    assert list(window) == events[:2]
    with pytest.raises(TypeError):
        window[0] = ("x",)  # type: ignore[index]


@pytest.mark.parametrize("variant", ["classic", "russian-4", "bezik"])
def test_clones_and_saves_keep_the_log_and_look_the_same(variant: str) -> None:
    deal = played(variant, 50)
    deal.observation(0)  # the seats' lists exist before the copies are made
    other = deal.clone()
    assert other == deal
    other.apply(other.legal_actions()[0])
    assert len(deal.observation(0).log) == len(deal.log)  # the clone's play is its own
    restored = Deal.from_json(deal.to_json(), deal.rules)
    assert restored == deal and restored.log == deal.log
    for seat in range(deal.n):
        assert list(restored.observation(seat).log) == list(deal.observation(seat).log)
