"""Fit the play model (``engine.ai.play_model``) to the strong level's own choices.

Plays seeded self-play games of the strong level, keeps every choice made among several
(the true deal at that moment and the action), and scores a grid of the model's numbers by
the mean log-likelihood of the choices the model weighs, on held-out games too. Prints one
JSON object: the best numbers, their training and held-out log-likelihood per choice, and
the uniform model's for comparison (what a world's weight can learn is the difference).

    python tools/fit_play_model.py --variant classic --games 12 --test-games 6
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.actions import PASS, PLAY, PLAY_TABLE, Action  # noqa: E402
from engine.ai.play_model import PlayModel, choice_likelihood  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.players import choose, make_player  # noqa: E402

GRID = {
    "temperature": [1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 9.0],
    "take": [0.0, 4.0, 8.0, 12.0, 16.0],
    "per_point": [0.0, 0.5, 1.0, 1.5],
    "floor": [0.02, 0.05, 0.1, 0.2, 0.4],
    "pass_scale": [5.0, 10.0, 20.0, 40.0, 80.0],
}
Choice = tuple[Deal, Action]


def weighed(deal: Deal, action: Action) -> bool:
    """A choice the model speaks of: one it gives a probability below 1 (with a floor
    above 0, any choice among several of a kind it weighs)."""
    return choice_likelihood(deal, action, PlayModel(floor=0.5)) < 1.0


def choices(variant: str, games: int, seed: int, level: str) -> list[Choice]:
    """Every weighed choice of ``games`` self-play games."""
    out: list[Choice] = []
    for g in range(games):
        game = new_game(variant, seed=seed + g, dealer=0)
        players = [make_player(level, random.Random(seed * 101 + g * 7 + s))
                   for s in range(game.rules.players)]
        while True:
            while not game.deal.is_terminal:
                seat = game.current_player
                assert seat is not None
                action = choose(players[seat], game.observation(seat))
                deal = game.deal
                if weighed(deal, deal.canonical(action)):
                    out.append((deal.clone(), deal.canonical(action)))
                game.apply(action)
            if game.is_terminal:
                break
            game.next_deal()
    return out


def mean_log(data: list[Choice], model: PlayModel) -> float:
    return sum(math.log(choice_likelihood(d, a, model)) for d, a in data) / len(data)


def uniform_log(data: list[Choice]) -> float:
    """The log-likelihood of choosing evenly among the legal actions of the same kind."""
    total = 0.0
    for deal, action in data:
        legal = deal.legal_actions()
        if action.kind == PASS:
            total += math.log(1 / len(legal))
        else:
            total += math.log(1 / sum(1 for a in legal if a.kind in (PLAY, PLAY_TABLE)))
    return total / len(data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--test-games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--level", default="strong")
    args = parser.parse_args()
    train = choices(args.variant, args.games, args.seed, args.level)
    test = choices(args.variant, args.test_games, args.seed + 5000, args.level)
    plays = [c for c in train if c[1].kind != PASS]
    passes = [c for c in train if c[1].kind == PASS]
    # the play numbers and the pass scale are separable: fit each on its own choices
    best_play = (-math.inf, PlayModel())
    for t, take, per, floor in itertools.product(GRID["temperature"], GRID["take"],
                                                 GRID["per_point"], GRID["floor"]):
        tried = PlayModel(temperature=t, take=take, per_point=per, floor=floor)
        score = mean_log(plays, tried)
        if score > best_play[0]:
            best_play = (score, tried)
    best_pass = (-math.inf, best_play[1])
    for scale in GRID["pass_scale"]:
        tried = replace(best_play[1], pass_scale=scale)
        score = mean_log(passes, tried) if passes else 0.0
        if score > best_pass[0]:
            best_pass = (score, tried)
    model = best_pass[1]
    print(json.dumps({
        "variant": args.variant, "level": args.level,
        "train_choices": len(train), "test_choices": len(test),
        "model": {k: getattr(model, k) for k in GRID},
        "train_log_likelihood": round(mean_log(train, model), 4),
        "test_log_likelihood": round(mean_log(test, model), 4),
        "test_uniform_log_likelihood": round(uniform_log(test), 4),
        "test_default_log_likelihood": round(mean_log(test, PlayModel()), 4),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
