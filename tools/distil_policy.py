"""Distil the strong level's card choices into the rollout policy's weights, per variant.

Games are played by the normal level; at sampled card choices the strong level (the
shipped search, 16 worlds) says what it would play. The rollout policy
(``engine.ai.policy``) chooses by a handful of numbers (``PolicyWeights``: what keeping
each card is worth, when to take a trick); a coordinate search moves them to agree with
the strong choices as often as possible, scored on held-out games. Reproducible (fixed
seeds). Prints the weights and their agreement; ``--out PATH`` also writes them into that
models file's ``policy`` table (a copy of the shipped file where PATH does not exist yet),
which ``tools/arena_ab.py`` reads with ``strong:policy=PATH`` and ``tools/train_eval.py
--out PATH`` trains the leaf evaluation again under (its rollouts then play by them):

    python tools/distil_policy.py --variant russian --games 60 --out /tmp/distilled.json
    python tools/arena_ab.py --variant russian --a strong:policy=/tmp/distilled.json \\
        --b strong --deals 400 --seed 41
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import new_game  # noqa: E402
from engine.actions import PLAY, PLAY_TABLE  # noqa: E402
from engine.ai.evaluate import MODEL_FILE, policy_for  # noqa: E402
from engine.ai.levels import StrongPlayer  # noqa: E402
from engine.ai.policy import PolicyWeights, choose_card  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.phases import PLAYING  # noqa: E402
from engine.players import choose, make_player  # noqa: E402
from tools.train_eval import dump  # noqa: E402

Position = tuple[Deal, int, int]  # the deal, the seat to play, the strong level's card kind


class _NoNoise(random.Random):
    """The policy's choice without its random spread (what it prefers)."""

    def random(self) -> float:
        return 0.0


def positions(variant: str, games: int, seed: int, every: int) -> list[Position]:
    """The strong level's card choices at every ``every``-th card choice of normal play."""
    found: list[Position] = []
    for g in range(games):
        game = new_game(variant, {}, seed=seed + g, dealer=0)
        n = game.rules.players
        players = [make_player("normal", random.Random(seed * 97 + g * 7 + s)) for s in range(n)]
        strong = StrongPlayer(random.Random(seed + g), worlds=16)
        count = 0
        while not game.deal.is_terminal:  # the first deal of the game
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            cards = [a for a in obs.legal_actions if a.kind in (PLAY, PLAY_TABLE)]
            if game.deal.phase == PLAYING and len({a.codes[0] for a in cards}) > 1:
                count += 1
                if count % every == 0:
                    choice = choose(strong, obs)
                    if choice.kind in (PLAY, PLAY_TABLE):
                        found.append((game.deal.clone(), seat, choice.codes[0]))
            game.apply(choose(players[seat], obs))
    return found


def agreement(data: list[Position], w: PolicyWeights) -> float:
    """The share of positions where the policy's preferred card is the strong choice."""
    calm = _NoNoise()
    hits = 0
    for deal, seat, code in data:
        hits += deal.kinds[choose_card(deal, seat, calm, w)] == code
    return hits / max(1, len(data))


def _with(w: PolicyWeights, key: str | int, value: float) -> PolicyWeights:
    if isinstance(key, int):
        ranks = list(w.ranks)
        ranks[key] = value
        return replace(w, ranks=tuple(ranks))
    return replace(w, **{key: value})


def _get(w: PolicyWeights, key: str | int) -> float:
    return w.ranks[key] if isinstance(key, int) else float(getattr(w, key))


def fit(data: list[Position], start: PolicyWeights, steps: tuple[float, ...] = (4.0, 2.0, 1.0,
        0.5)) -> PolicyWeights:
    """Coordinate search: each weight moved by a step while agreement improves."""
    keys: list[str | int] = [0, 1, 2, 3, 4, 5]
    keys += [f.name for f in fields(PolicyWeights) if f.name != "ranks"]
    best, score = start, agreement(data, start)
    for step in steps:
        improved = True
        while improved:
            improved = False
            for key in keys:
                for sign in (1.0, -1.0):
                    trial = _with(best, key, _get(best, key) + sign * step)
                    s = agreement(data, trial)
                    if s > score:
                        best, score, improved = trial, s, True
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="russian")
    parser.add_argument("--games", type=int, default=60, help="training games (first deals)")
    parser.add_argument("--test-games", type=int, default=20)
    parser.add_argument("--every", type=int, default=2, help="every n-th card choice")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--out", type=Path, default=None,
                        help="models file to write (a copy of the shipped one + policy)")
    args = parser.parse_args()
    started = time.perf_counter()
    train = positions(args.variant, args.games, args.seed, args.every)
    test = positions(args.variant, args.test_games, args.seed + 100_000, args.every)
    gathered = time.perf_counter() - started
    start = policy_for(args.variant)
    fitted = fit(train, start)
    report = {
        "variant": args.variant, "train_positions": len(train), "test_positions": len(test),
        "agreement_before": {"train": agreement(train, start), "test": agreement(test, start)},
        "agreement_after": {"train": agreement(train, fitted), "test": agreement(test, fitted)},
        "weights": fitted.to_json(), "seconds": {"gather": round(gathered, 1),
                                                 "fit": round(time.perf_counter() - started
                                                              - gathered, 1)},
        "made_by": " ".join(["python", "tools/distil_policy.py", *sys.argv[1:]]),
    }
    if args.out is not None:
        source = args.out if args.out.exists() else MODEL_FILE
        data = json.loads(source.read_text(encoding="utf-8"))
        data.setdefault("policy", {})[args.variant] = fitted.to_json()
        data.setdefault("policy_fit", {})[args.variant] = {
            k: report[k] for k in ("train_positions", "test_positions", "agreement_before",
                                   "agreement_after", "made_by")}
        args.out.write_text(dump(data), encoding="utf-8")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
