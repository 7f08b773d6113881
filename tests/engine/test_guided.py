"""The guided first deals: each shipped script replays and meets every step's moment."""

from __future__ import annotations

import json

import pytest

from engine.errors import RecordError
from engine.guided import (
    BEZIQUE,
    GUIDED_VARIANTS,
    MARRIAGE,
    MOMENTS,
    TRICK_WON,
    GuidedScript,
    GuidedStep,
    check_script,
    moments_wanted,
    script_for,
)
from engine.guided_data import SCRIPTS


@pytest.mark.parametrize("variant", sorted(SCRIPTS))
def test_every_step_happens_where_it_says(variant: str) -> None:
    script = script_for(variant)
    assert script.variant == variant
    assert check_script(script) == []
    # every wanted moment has its step, each asking the player's own scripted move
    assert {s.moment for s in script.steps} == set(moments_wanted(variant))
    game = script.start()
    for applied, move in enumerate(script.moves):
        for step in script.steps_at(applied):
            if step.ask is not None:
                assert step.ask == move and game.current_player == script.seat
                assert any(str(a) == step.ask for a in game.legal_actions())
        assert script.scripted_move(applied) == move
        game.apply(move)
    assert script.scripted_move(len(script.moves)) is None


def test_the_first_variants_have_scripts() -> None:
    assert {"classic", "russian"} <= set(SCRIPTS)
    assert set(SCRIPTS) <= set(GUIDED_VARIANTS)


def test_a_wrong_script_is_caught() -> None:
    script = script_for("classic")
    steps = list(script.steps)
    moved = [GuidedStep(s.moment, s.at + 1, s.highlight, s.ask) if s.moment == MARRIAGE else s
             for s in steps]
    broken = GuidedScript(script.variant, script.seed, script.dealer, script.seat,
                          script.moves, tuple(moved))
    assert any("marriage" in p for p in check_script(broken))
    missing = GuidedScript(script.variant, script.seed, script.dealer, script.seat,
                           script.moves, tuple(s for s in steps if s.moment != BEZIQUE))
    assert "bezique: no step" in check_script(missing)
    other_seed = GuidedScript(script.variant, script.seed + 1, script.dealer, script.seat,
                              script.moves, script.steps)
    assert check_script(other_seed)


def test_json_round_trip_and_bad_input() -> None:
    script = script_for("classic")
    assert GuidedScript.from_json(json.loads(json.dumps(script.to_json()))) == script
    with pytest.raises(RecordError):
        GuidedStep.from_json({"moment": "party", "at": 1})
    with pytest.raises(RecordError):
        GuidedScript.from_json({"variant": "classic"})
    with pytest.raises(RecordError):
        script_for("poker")
    assert TRICK_WON in MOMENTS
