"""Time of the review after a deal (engine.ai.review) in CPython, per deal.

Plays ``--deals`` first deals of a variant with every seat at ``--level`` (seeded),
reviews seat 0 with the review's default worlds, and prints one JSON object: seconds per
deal, decisions, entries, and the longest stretch between two yields (what one slice
would hold the page for, in CPython):

    python tools/bench_review.py --variant classic --deals 5 --level normal
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import new_game  # noqa: E402
from engine.ai.review import REVIEW_WORLDS, Review, review_deal  # noqa: E402
from engine.players import choose, make_player  # noqa: E402


def played_record(variant: str, seed: int, level: str) -> dict[str, object]:
    game = new_game(variant, seed=seed)
    players = [make_player(level, random.Random(seed * 10 + s))
               for s in range(game.rules.players)]
    while not game.deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))
    record: dict[str, object] = game.record()
    return record


def timed_review(record: dict[str, object]) -> tuple[Review, float, float]:
    """The review, its seconds, and the longest time between two yields."""
    gen = review_deal(record, 0)
    started = last = time.perf_counter()
    longest = 0.0
    try:
        while True:
            next(gen)
            now = time.perf_counter()
            longest = max(longest, now - last)
            last = now
    except StopIteration as stop:
        review: Review = stop.value
    return review, time.perf_counter() - started, longest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    rows: list[dict[str, object]] = []
    times: list[float] = []
    for k in range(args.deals):
        record = played_record(args.variant, args.seed + k, args.level)
        review, seconds, longest = timed_review(record)
        times.append(round(seconds, 2))
        rows.append({"seed": args.seed + k, "seconds": round(seconds, 2),
                     "decisions": len(review.decisions), "entries": len(review.mistakes),
                     "total_loss": review.total_loss,
                     "longest_slice_ms": round(1000 * longest, 1)})
    times.sort()
    print(json.dumps({"variant": args.variant, "level": args.level, "worlds": REVIEW_WORLDS,
                      "python": sys.version.split()[0],
                      "median_seconds": times[len(times) // 2], "max_seconds": times[-1],
                      "deals": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
