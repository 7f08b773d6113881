"""Hash the strong level's choices along seeded games, one hash per variant.

A change meant for some variants only must leave the others' play as it was: run this
before and after (e.g. on a copy of the older commit made with ``git archive``) and compare
the lines. The strong level plays seat 0 with 16 worlds against the normal level:

    python tools/strong_choice_hashes.py --variants classic,rubicon --moves 60
    python tools/strong_choice_hashes.py --root /tmp/old --variants classic,rubicon
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hashes(variants: list[str], moves: int, seeds: list[int]) -> list[str]:
    """One line per variant: its name, the moves hashed and the first 16 hex digits."""
    engine = importlib.import_module("engine")
    levels = importlib.import_module("engine.ai.levels")
    players = importlib.import_module("engine.players")
    lines = []
    for variant in variants:
        digest = hashlib.sha256()
        count = 0
        for seed in seeds:
            game = engine.new_game(variant, seed=seed)
            strong = levels.StrongPlayer(random.Random(seed), worlds=16, time_budget=None)
            normal = players.make_player("normal", random.Random(seed + 1))
            played = 0
            while not game.deal.is_terminal and played < moves:
                seat = game.current_player
                action = players.choose(strong if seat == 0 else normal,
                                        game.observation(seat))
                digest.update(str(action).encode())
                game.apply(action)
                played += 1
            count += played
        lines.append(f"{variant} {count} {digest.hexdigest()[:16]}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree whose engine plays")
    parser.add_argument("--variants", default="classic,russian,russian-3,russian-4,"
                        "no-trump,bezik,rubicon,six-pack,eight-pack")
    parser.add_argument("--moves", type=int, default=60, help="moves per game")
    parser.add_argument("--seeds", default="1,2")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    seeds = [int(s) for s in args.seeds.split(",")]
    for line in hashes(args.variants.split(","), args.moves, seeds):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
