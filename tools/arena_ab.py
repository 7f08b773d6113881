"""Duplicate arena between strong-level settings (to keep only what helps).

A program is a level name or ``strong:KEY=VALUE,...`` with StrongPlayer keyword
arguments (``learned=0``, ``solve_cards=0``, ``horizon=2``, ``worlds=32`` ..., and
``models=PATH`` for another models file made by ``tools/train_eval.py --out PATH``,
``policy=PATH`` for rollout-policy weights made by ``tools/distil_policy.py --out PATH``,
``priors=PATH`` for the prior's numbers made by ``tools/tune_prior.py --out PATH``
(``priors=normal``: the normal level's own, as before any were shipped),
``pm_temperature=3.0`` ... for the play model's numbers, engine.ai.play_model), or
``cheater[:KEY=VALUE,...]``: the same search over the true hands (engine.ai.cheater).
Prints one JSON report per variant (engine.arena.run_arena):

    python tools/arena_ab.py --variant russian-3 --a strong --b strong:learned=0 --games 20
    python tools/arena_ab.py --variant bezik --option match=4 --a strong --b normal --games 50
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai.cheater import CheaterPlayer  # noqa: E402
from engine.ai.evaluate import read_models, read_policies, read_priors  # noqa: E402
from engine.ai.levels import StrongPlayer  # noqa: E402
from engine.ai.play_model import PlayModel  # noqa: E402
from engine.arena import run_arena  # noqa: E402
from engine.cli import ARENA_ALL, variant_options  # noqa: E402
from engine.errors import RecordError  # noqa: E402
from engine.players import PLAYERS, Player  # noqa: E402


def register(spec: str) -> str:
    """Make ``spec`` a known player name (StrongPlayer with keyword arguments)."""
    if spec in PLAYERS:
        return spec
    base, _, params = spec.partition(":")
    if base not in ("strong", "cheater"):
        raise SystemExit(f"unknown program {spec!r}")
    kwargs: dict[str, Any] = {}
    model: dict[str, Any] = {}  # PlayModel keyword arguments
    for pair in filter(None, params.split(",")):
        key, _, value = pair.partition("=")
        if key.startswith("pm_"):  # the play model's numbers (engine.ai.play_model)
            model[key[3:]] = int(value) if value.isdigit() else float(value)
            continue
        if key == "models":  # another models file (tools/train_eval.py --out)
            kwargs["weights"] = read_models(Path(value))
            continue
        if key == "policy":  # rollout-policy weights (tools/distil_policy.py --out)
            kwargs["policies"] = read_policies(Path(value))
            if not kwargs["policies"]:
                raise SystemExit(f"no policy weights in {value!r}")
            continue
        if key == "priors":  # the prior's numbers (tools/tune_prior.py --out), or normal's
            kwargs["priors"] = {} if value == "normal" else read_priors(Path(value))
            if value != "normal" and not kwargs["priors"]:
                raise SystemExit(f"no prior numbers in {value!r}")
            continue
        kwargs[key] = None if value == "none" else (float(value) if "." in value
                                                    else int(value))
    if model:
        kwargs["play_model"] = PlayModel(**model)
    for key in ("learned", "infer", "play_to_win", "exact_end", "match_aware"):
        if key in kwargs:
            kwargs[key] = bool(kwargs[key])

    kind = CheaterPlayer if base == "cheater" else StrongPlayer

    def make(rng: random.Random) -> Player:
        return kind(rng, **kwargs)

    PLAYERS[spec] = make
    return spec


def partial(report: dict[str, Any]) -> None:
    """The running result, on stderr after each duplicate group."""
    keys = ("duplicate_groups", "deals", "a_win_rate", "a_points_share",
            "a_points_share_ci95", "a_points_per_deal", "b_points_per_deal")
    print(json.dumps({k: report[k] for k in keys}), file=sys.stderr, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a variant option, e.g. match=4 (bezik's matches to 4)")
    args = parser.parse_args()
    try:
        options = variant_options(args.option)
    except RecordError as err:
        raise SystemExit(str(err)) from None
    a, b = register(args.a), register(args.b)
    names = list(ARENA_ALL) if args.variant == "all" else args.variant.split(",")
    for name in names:
        report = run_arena(name, options, a, b, deals=args.deals, games=args.games,
                           seed=args.seed, jobs=args.jobs, progress=partial)
        print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
