"""Same seed, same game — whatever the global ``random`` does in between."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.players import choose, make_player


def _play(seed: int, disturb: bool) -> dict:
    game = new_game("classic", seed=seed)
    players = [make_player("random", random.Random(seed + 1)),
               make_player("greedy", random.Random(seed + 2))]
    for _ in range(3):
        while not game.deal.is_terminal:
            if disturb:
                random.seed(random.random())
                random.random()
            seat = game.current_player
            assert seat is not None
            game.apply(choose(players[seat], game.observation(seat)))
        if game.is_terminal:
            break
        game.next_deal()
    return game.record()


def test_same_seed_same_game_even_when_global_random_is_disturbed() -> None:
    random.seed(12345)
    first = _play(7, disturb=False)
    random.seed(999)
    second = _play(7, disturb=True)
    assert first == second


def test_different_seeds_give_different_deals() -> None:
    assert new_game("classic", seed=1).record() != new_game("classic", seed=2).record()


def test_save_and_resume_continue_the_same_random_stream() -> None:
    game = new_game("classic", seed=5)
    while not game.deal.is_terminal:
        game.apply(game.legal_actions()[0])
    resumed = type(game).from_json(game.to_json())
    game.next_deal()
    resumed.next_deal()
    assert game.record() == resumed.record()


@pytest.mark.parametrize("variant", ["classic", "russian", "no-trump", "russian-3", "bezik"])
def test_remembered_combinations_answer_as_computed_afresh(variant: str, monkeypatch) -> None:
    """classify and candidate_combinations remember their answers per ruleset: for random
    holdings (and their candidate sets, before and after trumps) the remembered answers
    are the computed ones, and the memory of holdings stays bounded."""
    from collections import Counter

    from engine import rules as rules_module

    monkeypatch.setattr(rules_module, "MEMO_SIZE", 50)
    rules = new_game(variant, seed=0).rules
    rng = random.Random(5)
    deck = rules.deck()
    for _ in range(300):
        held = Counter(rng.sample(deck, rng.randint(6, 20)))
        for trump in (None, rng.randrange(4)):
            first = rules.candidate_combinations(held, trump)
            assert rules.candidate_combinations(held, trump) == first == rules._candidates(
                held, trump)
            for codes in [*first, tuple(rng.sample(deck, 4))]:
                assert rules.classify(list(codes), trump) == rules.classify(
                    codes, trump) == rules.combination_of(tuple(codes), trump)
    assert 0 < len(rules.memo) <= 50
