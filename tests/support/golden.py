"""Seeded AI games whose records are the engine's fingerprint of play.

The same code must give the same records wherever it runs: CPython and Pyodide (the parity
check of tests/pyodide), and before and after a change meant not to alter play. Every
decision is deterministic: seeded players, the strong AI bounded by worlds, not time.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from engine import new_game
from engine.ai.levels import EasyPlayer, NormalPlayer, StrongPlayer
from engine.players import GreedyPlayer, choose

VARIANTS = ("classic", "russian", "russian-3", "russian-4", "no-trump", "bezik")
LEVELS = ("strong", "normal", "easy", "greedy")


def make(level: str, rng: random.Random) -> Any:
    if level == "strong":
        return StrongPlayer(rng, worlds=4, time_budget=None)
    return {"easy": EasyPlayer, "normal": NormalPlayer, "greedy": GreedyPlayer}[level](rng)


def play_deal(variant: str, seed: int) -> dict[str, Any]:
    """One seeded deal between AI levels (which level sits where follows the seed)."""
    game = new_game(variant, {}, seed=seed, dealer=seed % 2)
    levels = [LEVELS[(seed + k) % len(LEVELS)] for k in range(game.rules.players)]
    # Whole-number seeds: a float seed gives another stream in Python 3.14 than in 3.11.
    players = [make(level, random.Random(seed * 100 + k)) for k, level in enumerate(levels)]
    while not game.deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))
    return {"record": game.record(), "totals": list(game.totals)}


def record_hashes(deals_per_variant: int, first_seed: int = 0) -> dict[str, str]:
    """{variant/seed: sha256 of the deal's record and totals, as canonical JSON}."""
    out: dict[str, str] = {}
    for variant in VARIANTS:
        for seed in range(first_seed, first_seed + deals_per_variant):
            text = json.dumps(play_deal(variant, seed), sort_keys=True, separators=(",", ":"))
            out[f"{variant}/{seed}"] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return out


if __name__ == "__main__":  # python tests/support/golden.py N [--json]: the hashes
    import sys

    hashes = record_hashes(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
    if "--json" in sys.argv:
        print(json.dumps(hashes, sort_keys=True))
    else:
        for key, digest in hashes.items():
            print(key, digest)
