"""The rollout policy's weights (engine.ai.policy.PolicyWeights) and where they come from."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import new_game
from engine.ai import evaluate
from engine.ai.levels import StrongPlayer
from engine.ai.policy import DEFAULT_WEIGHTS, PolicyWeights, choose_card, rollout
from engine.deal import Deal
from engine.phases import PLAYING
from engine.players import choose, make_player

# Whole rollouts of seeded deals as the policy played them before its numbers became
# weights: the defaults must keep every choice.
BEFORE_WEIGHTS = {
    "classic": [[210, 250], [190, 140], [120, 220], [140, 220]],
    "russian-3": [[276, 180, 164], [180, 475, 185], [678, 221, 221], [69, 311, 250]],
    "bezik": [[740, 420], [590, 1320], [750, 1840], [580, 460]],
}


@pytest.mark.parametrize("variant", sorted(BEFORE_WEIGHTS))
def test_the_default_weights_play_as_the_policy_did_before(variant: str) -> None:
    for seed, points in enumerate(BEFORE_WEIGHTS[variant]):
        deal = new_game(variant, seed=seed).deal
        rollout(deal, random.Random(seed), weights=DEFAULT_WEIGHTS)
        assert deal.points == points


def test_weights_round_trip_through_json_and_refuse_bad_values() -> None:
    w = PolicyWeights(ranks=(12.0, 9.0, 3.0, 3.0, 1.0, -1.0, 0.0, 0.0), take=10.0)
    assert PolicyWeights.from_json(json.loads(json.dumps(w.to_json()))) == w
    assert PolicyWeights.from_json({}) == DEFAULT_WEIGHTS
    for bad in ({"speed": 1.0}, {"take": True}, {"take": "high"}, {"ranks": [1.0] * 7},
                {"ranks": [1.0] * 7 + ["x"]}):
        with pytest.raises(ValueError):
            PolicyWeights.from_json(bad)


def test_a_models_file_without_good_policy_weights_means_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "models.json"
    path.write_text(json.dumps({"policy": {"russian": {"take": 3.0}}}), encoding="utf-8")
    assert evaluate.read_policies(path) == {"russian": PolicyWeights(take=3.0)}
    for text in ("{", json.dumps({"policy": {"russian": {"take": []}}}), "[]"):
        path.write_text(text, encoding="utf-8")
        assert evaluate.read_policies(path) == {}
    assert evaluate.read_policies(tmp_path / "missing.json") == {}
    assert evaluate.policy_for("no such variant") == DEFAULT_WEIGHTS
    # one parse, tables apart: bad policy weights leave the evaluation's weights readable
    names = list(evaluate.FEATURES)
    path.write_text(json.dumps({"features": names, "models": {"russian": [1.0] * len(names)},
                                "policy": {"russian": {"take": "high"}}}), encoding="utf-8")
    found = evaluate.read_models_file(path)
    assert found.weights == {"russian": [1.0] * len(names)} and found.policies == {}


def _card_choices(variant: str, seed: int) -> list[tuple[Deal, int]]:
    game = new_game(variant, seed=seed)
    players = [make_player("normal", random.Random(s)) for s in range(game.rules.players)]
    found = []
    while not game.deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        if game.deal.phase == PLAYING:
            found.append((game.deal.clone(), seat))
        game.apply(choose(players[seat], game.observation(seat)))
    return found


def test_the_weights_steer_the_policys_card() -> None:
    """Valuing the cards the other way round changes which one the policy throws."""
    flipped = PolicyWeights(ranks=tuple(-v for v in DEFAULT_WEIGHTS.ranks), trump=-8.0)
    differ = 0
    for deal, seat in _card_choices("classic", 3):
        a = choose_card(deal.clone(), seat, random.Random(1), DEFAULT_WEIGHTS)
        b = choose_card(deal.clone(), seat, random.Random(1), flipped)
        differ += a != b
    assert differ > 5


def test_the_strong_level_rolls_out_with_its_variants_weights(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    seen: list[PolicyWeights] = []
    import engine.ai.search as search

    def spy(deal: Deal, rng: random.Random, max_moves: int = 10_000, tricks: int | None = None,
            weights: PolicyWeights = DEFAULT_WEIGHTS, to_end_phase: bool = False) -> None:
        seen.append(weights)
        rollout(deal, rng, max_moves, tricks, weights, to_end_phase)

    monkeypatch.setattr(search, "rollout", spy)
    mine = PolicyWeights(take=1.0)
    player = StrongPlayer(random.Random(0), worlds=2, prior_bonus=0.0,
                          policies={"russian": mine})
    game = new_game("russian", seed=4)
    choose(player, game.observation(game.current_player or 0))
    assert seen and set(seen) == {mine}
    seen.clear()
    shipped = StrongPlayer(random.Random(0), worlds=2, prior_bonus=0.0)
    choose(shipped, game.observation(game.current_player or 0))
    assert seen and set(seen) == {evaluate.policy_for("russian")}


def test_a_rollout_to_the_end_phase_stops_where_its_first_trick_is_led() -> None:
    from engine.ai.search import _end_phase_value
    from engine.ai.solver import solve_deal

    for seed in range(3):
        deal = new_game("classic", seed=seed).deal
        rollout(deal, random.Random(seed), tricks=50, to_end_phase=True)
        assert deal.current is not None and deal.in_end_phase
        assert deal.phase == PLAYING and not deal.trick and deal.stock_size == 0
        seat = deal.current
        assert _end_phase_value(deal, seat) == solve_deal(deal, seat)[1]
        # the truncation still applies before the end phase
        early = new_game("classic", seed=seed).deal
        stock = early.stock_size
        rollout(early, random.Random(seed), tricks=2, to_end_phase=True)
        assert not early.in_end_phase and early.stock_size == stock - 4


def test_an_end_phase_past_the_node_limit_is_left_to_the_leaf(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    import engine.ai.search as search

    deal = new_game("classic", seed=1).deal
    rollout(deal, random.Random(1), to_end_phase=True)
    monkeypatch.setattr(search, "END_NODES", 5)
    assert search._end_phase_value(deal, 0) is None


def test_the_exact_end_phase_changes_only_two_player_searches() -> None:
    """Three seats keep their rollouts (an end phase there is not perfect information)."""
    for variant, differs in (("classic", True), ("russian-3", False)):
        game = new_game(variant, seed=4)
        deal = game.deal
        rng = random.Random(4)
        normal = make_player("normal", rng)
        while deal.stock_size > 6:
            assert deal.current is not None
            deal.apply(choose(normal, game.observation(deal.current)))
        assert deal.current is not None
        obs = game.observation(deal.current)
        plain = StrongPlayer(random.Random(0), worlds=4, prior_bonus=0.0)
        exact = StrongPlayer(random.Random(0), worlds=4, prior_bonus=0.0, exact_end=True)
        choose(plain, obs)
        choose(exact, obs)
        assert plain.last is not None and exact.last is not None
        assert (plain.last.scores != exact.last.scores) is differs
