"""The normal level's numbers (engine.ai.normal_weights) and the strong level's prior."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import new_game
from engine.ai import evaluate, strong_level
from engine.ai.levels import StrongPlayer
from engine.ai.normal_level import NormalPlayer, normal_action
from engine.ai.normal_weights import NORMAL, NormalWeights
from engine.observation import Observation
from engine.phases import PLAYING
from engine.players import choose, make_player

# Seeded deals of the normal level against itself as it played before its numbers became
# NormalWeights: its own numbers must keep every choice.
BEFORE_WEIGHTS = {
    "classic": [[240, 220], [150, 260], [150, 660]],
    "russian-3": [[443, 190, 217], [324, 124, 352], [317, 161, 122]],
    "no-trump": [[504, 846], [451, 379], [520, 270]],
    "bezik": [[1450, 320], [930, 900], [1050, 840]],
}


@pytest.mark.parametrize("variant", sorted(BEFORE_WEIGHTS))
def test_the_normal_level_plays_as_it_did_before(variant: str) -> None:
    for seed, points in enumerate(BEFORE_WEIGHTS[variant]):
        game = new_game(variant, seed=seed)
        players = [make_player("normal", random.Random(s)) for s in range(game.rules.players)]
        while not game.deal.is_terminal:
            seat = game.current_player
            assert seat is not None
            game.apply(choose(players[seat], game.observation(seat)))
        assert game.deal.points == points


def test_numbers_round_trip_through_json_and_refuse_bad_values() -> None:
    tuned = NormalWeights(trump=10.8, cheap=13.5)
    assert tuned.to_json() == {"trump": 10.8, "cheap": 13.5}  # only what differs
    assert NormalWeights.from_json(json.loads(json.dumps(tuned.to_json()))) == tuned
    assert NormalWeights.from_json({}) == NORMAL
    for bad in ({"speed": 1.0}, {"cheap": True}, {"cheap": "high"}, {"cheap": None}):
        with pytest.raises(ValueError):
            NormalWeights.from_json(bad)


def test_a_models_file_without_good_prior_numbers_means_the_normal_levels(tmp_path: Path
                                                                         ) -> None:
    path = tmp_path / "models.json"
    path.write_text(json.dumps({"prior": {"russian": {"cheap": 3}}}), encoding="utf-8")
    assert evaluate.read_priors(path) == {"russian": NormalWeights(cheap=3.0)}
    for text in ("{", json.dumps({"prior": {"russian": {"cheap": []}}}), "[]",
                 json.dumps({"prior": ["cheap"]})):
        path.write_text(text, encoding="utf-8")
        assert evaluate.read_priors(path) == {}
    assert evaluate.prior_for("no such variant") == NORMAL
    # tables apart: bad prior numbers leave the rollout policy's weights readable
    path.write_text(json.dumps({"policy": {"russian": {"take": 3.0}},
                                "prior": {"russian": {"take": 3.0}}}), encoding="utf-8")
    found = evaluate.read_models_file(path)
    assert found.priors == {} and set(found.policies) == {"russian"}


def test_the_shipped_priors_are_tuned_numbers() -> None:
    """Every variant in models.json's prior table reads, and differs from the normal level."""
    shipped = evaluate.shipped().priors
    assert shipped, "models.json ships no prior numbers"
    for variant, weights in shipped.items():
        assert evaluate.prior_for(variant) == weights != NORMAL
    assert NormalPlayer().weights == NORMAL  # the normal level keeps its own


def _positions(variant: str, seed: int) -> list[Observation]:
    game = new_game(variant, seed=seed)
    players = [make_player("normal", random.Random(s)) for s in range(game.rules.players)]
    found = []
    while not game.deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        if game.deal.phase == PLAYING and not obs.end_phase:
            found.append(obs)
        game.apply(choose(players[seat], obs))
    return found


def test_the_numbers_steer_the_normal_choice() -> None:
    """Taking every trick it can (cheap and brisque thresholds far up) changes its cards."""
    eager = NormalWeights(cheap=100.0, brisque=100.0)
    differ = sum(normal_action(obs, random.Random(0)) != normal_action(
        obs, random.Random(0), weights=eager) for obs in _positions("classic", 3))
    assert differ > 5


def test_the_strong_level_starts_from_its_variants_prior(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    seen: list[NormalWeights] = []

    def spy(obs: Observation, rng: random.Random, slips: float = 0.0,
            exact_end: bool = True, weights: NormalWeights = NORMAL) -> object:
        seen.append(weights)
        return normal_action(obs, rng, slips, exact_end, weights)

    monkeypatch.setattr(strong_level, "normal_action", spy)
    obs = _positions("russian", 4)[3]
    mine = NormalWeights(cheap=1.0)
    choose(StrongPlayer(random.Random(0), worlds=2, priors={"russian": mine}), obs)
    assert seen == [mine]
    seen.clear()
    choose(StrongPlayer(random.Random(0), worlds=2, priors={}), obs)  # the normal level's
    assert seen == [NORMAL]
    seen.clear()
    choose(StrongPlayer(random.Random(0), worlds=2), obs)
    assert seen == [evaluate.prior_for("russian")]
