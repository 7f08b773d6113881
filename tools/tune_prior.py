"""Tune the strong level's prior: the normal level's numbers, for one variant, played
against the normal level itself in duplicate arenas (docs/ai.md).

A coordinate search. Each round plays the current numbers against the normal level over
one set of duplicate deals (the round's seed: ``--seed`` plus the round), then tries each
number a step up and a step down, in an order shuffled by that seed, and takes the first
change that wins more than 0.2 points in a hundred over the same deals. Steps start at a
third of the normal level's number (at least 1; ``--scale`` times that) and shrink by 0.7
a round. The variant's numbers go into the ``prior`` table of ``--out``, how they were made
into ``prior_fit`` (a models file: a copy of the shipped one where it does not exist yet;
its other tables and variants are kept):

    python tools/tune_prior.py --variant russian --deals 600 --seed 311 --rounds 2 --out tuned.json
    python tools/arena_ab.py --variant russian --a strong:priors=tuned.json --b strong --deals 400
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai.evaluate import MODEL_FILE  # noqa: E402
from engine.ai.normal_level import NormalPlayer  # noqa: E402
from engine.ai.normal_weights import NORMAL, NormalWeights  # noqa: E402
from engine.arena import run_arena  # noqa: E402
from engine.players import PLAYERS, Player  # noqa: E402
from tools.train_eval import dump  # noqa: E402

GAIN = 0.002  # a change is kept when it wins more than this share of the points
SHRINK = 0.7


def first_steps(scale: float) -> dict[str, float]:
    """Each number's first step (a third of the normal level's, at least 1)."""
    steps = {f.name: max(1.0, abs(getattr(NORMAL, f.name)) * 0.35) * scale
             for f in fields(NormalWeights)}
    steps["declare"] = 0.15 * scale  # a factor, not points
    steps["trump_rank"] = 0.5 * scale
    return steps


class Trials:
    """Plays numbers against the normal level; each candidate is a player of its own."""

    def __init__(self, variant: str, deals: int, jobs: int) -> None:
        self.variant, self.deals, self.jobs = variant, deals, jobs
        self.count = 0

    def share(self, weights: NormalWeights, seed: int) -> float:
        """The candidate's share of the points over the seed's duplicate deals."""
        self.count += 1
        name = f"prior-candidate-{self.count}"

        def make(rng: random.Random, weights: NormalWeights = weights) -> Player:
            return NormalPlayer(rng, weights)

        PLAYERS[name] = make
        try:
            report = run_arena(self.variant, {}, name, "normal", deals=self.deals,
                               seed=seed, jobs=self.jobs)
        finally:
            del PLAYERS[name]
        return float(report["a_points_share"])


def tune(trials: Trials, start: NormalWeights, seed: int, rounds: int,
         scale: float) -> tuple[NormalWeights, list[float]]:
    """The coordinate search: the numbers found, and each round's share of the points
    before and after it (printed, with each change kept)."""
    current, steps = start, first_steps(scale)
    shares: list[float] = []
    for round_ in range(rounds):
        deals_seed = seed + round_
        best = trials.share(current, deals_seed)
        print(f"round {round_}: {best:.4f} before", flush=True)
        shares.append(round(best, 4))
        names = [f.name for f in fields(NormalWeights)]
        random.Random(deals_seed).shuffle(names)
        for name in names:
            for sign in (1, -1):
                value = round(getattr(current, name) + sign * steps[name], 3)
                candidate = replace(current, **{name: value})
                share = trials.share(candidate, deals_seed)
                if share > best + GAIN:
                    current, best = candidate, share
                    print(f"  {name} = {value}: {share:.4f}", flush=True)
                    break
        steps = {name: step * SHRINK for name, step in steps.items()}
        print(f"round {round_}: {best:.4f} {json.dumps(current.to_json())}", flush=True)
        shares.append(round(best, 4))
    return current, shares


def write_prior(path: Path, variant: str, weights: NormalWeights,
                fit: dict[str, object]) -> None:
    """Put the variant's numbers into the models file's ``prior`` table."""
    source = path if path.exists() else MODEL_FILE
    data = json.loads(source.read_text(encoding="utf-8"))
    data.setdefault("prior", {})[variant] = weights.to_json()
    data.setdefault("prior_fit", {})[variant] = fit
    path.write_text(dump(data), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="of the first steps")
    parser.add_argument("--start", default="{}", help="numbers to start from (JSON)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    start = NormalWeights.from_json(json.loads(args.start))
    trials = Trials(args.variant, args.deals, args.jobs)
    found, shares = tune(trials, start, args.seed, args.rounds, args.scale)
    write_prior(args.out, args.variant, found, {
        "share_of_points": shares, "deals": args.deals,
        "made_by": " ".join(["python", "tools/tune_prior.py", *sys.argv[1:]])})
    return 0


if __name__ == "__main__":
    sys.exit(main())
