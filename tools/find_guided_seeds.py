"""Find each variant's guided first deal: a seed whose deal holds every key moment.

For each seed the first deal is played with the player (seat 0) and the opponents all at
the normal level (each with ``random.Random(seed * 10 + seat)``); ``engine.guided``
finds the moments the player meets, and the seed whose last wanted moment comes earliest
wins (a short guided deal). The moves up to that moment and the steps are written to
``engine/guided_data.py`` (the opponents' moves are kept too, so the deal replays the same
whatever the AI levels become):

    python tools/find_guided_seeds.py --seeds 300 [--variant classic,russian]
"""

from __future__ import annotations

import argparse
import json
import pprint
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import new_game  # noqa: E402
from engine.ai.levels import NormalPlayer  # noqa: E402
from engine.guided import (  # noqa: E402
    GUIDED_VARIANTS,
    GuidedScript,
    check_script,
    first_of_each,
    moments_of,
    moments_wanted,
)
from engine.players import choose  # noqa: E402

SEAT = 0
DEALER = 1
OUT = ROOT / "engine" / "guided_data.py"


def play_first_deal(variant: str, seed: int) -> list[str]:
    """The first deal's moves with every seat at the normal level."""
    game = new_game(variant, seed=seed, dealer=DEALER)
    players = [NormalPlayer(random.Random(seed * 10 + s)) for s in range(game.rules.players)]
    deal = game.deal
    moves: list[str] = []
    while not deal.is_terminal and not game.is_terminal:
        seat = game.current_player
        assert seat is not None
        action = choose(players[seat], game.observation(seat))
        moves.append(str(action))
        game.apply(action)
    return moves


def find(variant: str, seeds: int) -> GuidedScript | None:
    wanted = moments_wanted(variant)
    best: GuidedScript | None = None
    for seed in range(seeds):
        moves = play_first_deal(variant, seed)
        steps = first_of_each(moments_of(new_game(variant, seed=seed, dealer=DEALER),
                                         moves, SEAT), wanted)
        if steps is None:
            continue
        end = max(s.at for s in steps) + 1
        if best is None or end < len(best.moves):
            best = GuidedScript(variant, seed, DEALER, SEAT, tuple(moves[:end]), tuple(steps))
    return best


def write(scripts: dict[str, dict[str, Any]]) -> None:
    """engine/guided_data.py: the scripts as a Python literal, lines under 100 characters."""
    lines = ['"""The guided first deals (engine.guided), written by tools/find_guided_seeds.py."""',
             "", "from __future__ import annotations", "", "from typing import Any", "",
             "SCRIPTS: dict[str, dict[str, Any]] = {"]
    for variant in GUIDED_VARIANTS:
        if variant in scripts:
            text = pprint.pformat(scripts[variant], width=90, sort_dicts=False)
            body = text.replace("\n", "\n    ")
            lines.append(f"    {variant!r}: {body},")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("--variant", default=",".join(GUIDED_VARIANTS))
    parser.add_argument("--rewrite", action="store_true",
                        help="only write the shipped scripts again (the file's layout)")
    args = parser.parse_args()
    scripts: dict[str, dict[str, Any]] = {}
    if OUT.exists():
        from engine.guided_data import SCRIPTS
        scripts.update(SCRIPTS)
    if args.rewrite:
        write(scripts)
        return 0
    for variant in args.variant.split(","):
        started = time.perf_counter()
        script = find(variant, args.seeds)
        took = round(time.perf_counter() - started, 1)
        if script is None:
            print(json.dumps({"variant": variant, "found": False, "seconds": took}))
            continue
        problems = check_script(script)
        print(json.dumps({"variant": variant, "found": True, "seed": script.seed,
                          "moves": len(script.moves), "steps": len(script.steps),
                          "problems": problems, "seconds": took}))
        if not problems:
            scripts[variant] = script.to_json()
    write(scripts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
