"""What the strong level infers from the others' choices (engine.ai.play_model) and the
arena's perfect-information bound (engine.ai.cheater)."""

from __future__ import annotations

import math
import random

import pytest
from deal_positions import build, codes

from engine import new_game
from engine.actions import PASS, PLAY, Action
from engine.ai import world as world_module
from engine.ai.cheater import CheaterPlayer
from engine.ai.play_model import PLAY_MODEL, PlayModel, choice_likelihood
from engine.ai.world import sample_drawn, sample_weighted
from engine.arena import run_arena
from engine.observation import Observation
from engine.phases import DECLARING
from engine.players import Sighted, choose, make_player


def _play(code: str) -> Action:
    return Action(PLAY, (codes(code)[0],))


def test_the_model_gives_every_legal_card_a_share_and_the_shares_add_up_to_one() -> None:
    deal = build(["AS 7H 7D 8C 9S KH QH JD", "7S 8S 9H 9D 8H KC QC AC"])
    plays = [a for a in deal.legal_actions() if a.kind == PLAY]
    shares = [choice_likelihood(deal, a) for a in plays]
    assert all(0 < s < 1 for s in shares)
    assert math.isclose(sum(shares), 1.0)


def test_throwing_an_ace_while_holding_sevens_is_less_likely_than_a_seven() -> None:
    deal = build(["AS 7H 7D 8C 9S KH QH JD", "7S 8S 9H 9D 8H KC QC AC"])
    assert choice_likelihood(deal, _play("AS")) < choice_likelihood(deal, _play("7H")) / 4
    # the floor keeps even the least likely card possible
    assert choice_likelihood(deal, _play("AS")) >= PLAY_MODEL.floor / 8


def test_taking_a_trick_with_points_is_likelier_than_giving_it_away() -> None:
    lead = build(["10S 7H 7D 8C 9S KH QH JD", "7S 8S 9H 9D 8H KC QC AS"])
    lead.apply(_play("10S"))  # seat 1 may take the ten with its ace, or throw a card
    take, throw = choice_likelihood(lead, _play("AS")), choice_likelihood(lead, _play("8S"))
    model = PlayModel(take=0.0, per_point=0.0)
    assert take > choice_likelihood(lead, _play("AS"), model)
    assert throw < choice_likelihood(lead, _play("8S"), model)


def test_a_pass_with_a_better_combination_in_hand_is_less_likely() -> None:
    deal = build(["AS 7H 7D 8C 9S KH QH JD", "7S 8S 9H 9D 8H KC QC 10C"])
    deal.apply(_play("7H"))
    deal.apply(_play("8H"))  # seat 1 takes the trick and may declare its marriage
    assert deal.phase == DECLARING and deal.current == 1
    with_marriage = choice_likelihood(deal, Action(PASS))
    assert with_marriage < 1.0
    assert choice_likelihood(deal, Action(PASS), PlayModel(pass_scale=1e9)) == pytest.approx(1.0)


def _thirty_moves_in() -> Observation:
    """The observation of the seat to move after thirty moves of the normal level."""
    game = new_game("classic", seed=5)
    players = [make_player("normal", random.Random(s)) for s in range(2)]
    for _ in range(30):
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))
    return game.observation(game.current_player or 0)


def test_worlds_weighed_by_the_model_still_show_the_seat_what_it_saw() -> None:
    obs = _thirty_moves_in()
    weights = []
    for k in range(12):
        world, weight = sample_weighted(obs, random.Random(k), model=PLAY_MODEL)
        assert sorted(world.kinds[i] for i in world.hands[obs.seat]) == sorted(obs.hand)
        weights.append(weight)
    assert all(0 < w <= 1 for w in weights)
    assert len(set(weights)) > 1  # the worlds explain the other seat's plays differently


def test_the_cheater_searches_the_true_hands_with_the_stock_shuffled() -> None:
    game = new_game("classic", seed=3)
    cheater = CheaterPlayer(random.Random(1), worlds=4)
    assert isinstance(cheater, Sighted)
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    assert cheater.sampler(obs) is None  # shown nothing: it samples like the strong level
    cheater.see(game.deal)
    sampler = cheater.sampler(obs)
    assert sampler is not None
    world, weight = sampler(random.Random(2))
    assert weight == 1.0
    assert world.hands == game.deal.hands and sorted(world.stock) == sorted(game.deal.stock)
    assert world.stock != game.deal.stock
    assert choose(cheater, obs) in obs.legal_actions


def test_the_arena_shows_the_cheater_every_position_it_decides() -> None:
    seen: list[int] = []

    class Watching(CheaterPlayer):
        def see(self, deal):  # type: ignore[no-untyped-def]
            seen.append(len(deal.played))
            super().see(deal)

    from engine import players

    players.PLAYERS["watching-cheater"] = lambda rng: Watching(rng, worlds=2)
    try:
        report = run_arena("classic", {}, "watching-cheater", "greedy", deals=2, seed=4)
    finally:
        del players.PLAYERS["watching-cheater"]
    assert report["deals"] >= 2 and len(seen) > 20


def test_a_power_below_one_flattens_the_worlds_weights() -> None:
    obs = _thirty_moves_in()
    half = PlayModel(power=0.5)
    for k in range(6):
        _, full_weight = sample_weighted(obs, random.Random(k), model=PLAY_MODEL)
        _, half_weight = sample_weighted(obs, random.Random(k), model=half)
        assert half_weight == pytest.approx(full_weight ** 0.5)


def test_drawn_worlds_count_fully_and_are_drawn_by_weight(
        monkeypatch: pytest.MonkeyPatch) -> None:
    obs = _thirty_moves_in()
    three = PlayModel(draws=3)
    for k in range(5):
        world, weight = sample_drawn(obs, random.Random(k), model=three)
        assert weight == 1.0
        assert sorted(world.kinds[i] for i in world.hands[obs.seat]) == sorted(obs.hand)
    assert sample_drawn(obs, random.Random(1), model=PLAY_MODEL)[1] < 1.0  # one draw: weighed
    # of three drawn worlds only the one with any weight can be kept
    worlds = iter([("unlikely", 0.0), ("likely", 0.5), ("impossible", 0.0)] * 20)
    monkeypatch.setattr(world_module, "sample_weighted", lambda *args, **kwargs: next(worlds))
    for k in range(20):
        assert sample_drawn(obs, random.Random(k), model=three) == ("likely", 1.0)
