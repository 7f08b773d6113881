"""tools/tune_prior.py: its coordinate search and the models file it writes."""

from __future__ import annotations

import json
from pathlib import Path

from engine.ai.evaluate import read_policies, read_priors
from engine.ai.normal_weights import NORMAL, NormalWeights
from tests.support.tool_loader import load_tool

tune_prior = load_tool("tune_prior")


class Hill:
    """Stands in for the arenas: the share falls with the distance from a known best."""

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def share(self, weights: NormalWeights, seed: int) -> float:
        self.seeds.append(seed)
        return 0.6 - 0.001 * ((weights.cheap - 14.0) ** 2 + (weights.trump - 11.0) ** 2)


def test_the_search_climbs_towards_more_points() -> None:
    hill = Hill()
    found, shares = tune_prior.tune(hill, NORMAL, seed=7, rounds=3, scale=1.0)
    assert len(shares) == 6 and shares[-1] > shares[0]  # each round's before and after
    before, after = hill.share(NORMAL, 0), hill.share(found, 0)
    assert after > before + 0.01
    assert abs(found.cheap - 14.0) < abs(NORMAL.cheap - 14.0)
    assert found.ace == NORMAL.ace  # a number that changes nothing is left alone
    assert set(hill.seeds[:-2]) == {7, 8, 9}  # each round its own deals


def test_the_numbers_go_into_the_prior_table_and_the_rest_stays(tmp_path: Path) -> None:
    path = tmp_path / "models.json"
    path.write_text(json.dumps({"policy": {"russian": {"take": 3.0}},
                                "prior": {"classic": {"cheap": 12.0}}}), encoding="utf-8")
    tune_prior.write_prior(path, "russian", NormalWeights(trump=9.0), {"deals": 10})
    assert read_priors(path) == {"classic": NormalWeights(cheap=12.0),
                                 "russian": NormalWeights(trump=9.0)}
    assert set(read_policies(path)) == {"russian"}
    assert json.loads(path.read_text(encoding="utf-8"))["prior_fit"] == {"russian": {"deals": 10}}
