"""What bezik games are worth between two players of one program: the match points of
every game (base × stake × rubikon), how many ended by a refused vido, and the shares
that ``engine.ai.match_equity.LATER_STAKES`` takes for the games still to come. The
program is a level or an arena program (``tools/arena_ab.py``); the shares were measured
with the strong level deciding its vidos by the game alone:

    python tools/match_stakes.py --program strong:match_aware=0 --matches 12 --seed 5000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from arena_ab import register  # noqa: E402

from engine.arena import play_game  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.match import BASE_POINTS, Match  # noqa: E402
from engine.players import make_player  # noqa: E402


def game_worths(program: str, matches: int, seed: int, to: int) -> dict[str, object]:
    """Each game's match points over its base, counted over ``matches`` seeded matches."""
    name = register(program)
    worth: Counter[int] = Counter()
    refused = 0
    for number in range(matches):
        rng = random.Random(seed + number)
        players = [make_player(name, random.Random(rng.random())) for _ in range(2)]
        match = new_game("bezik", {"match": to}, seed=seed + number, dealer=0)
        assert isinstance(match, Match)
        play_game(match, players)
        for game in match.games:
            if game.winner is None:
                continue
            worth[game.match_points // BASE_POINTS[game.kind]] += 1
            refused += game.ended_by == "refused"
    games = sum(worth.values())
    return {"program": program, "matches": matches, "seed": seed, "match": to,
            "games": games, "refused": refused,
            "worth": {str(k): worth[k] for k in sorted(worth)},
            "shares": {str(k): round(worth[k] / games, 3) for k in sorted(worth)}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", default="strong")
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--to", type=int, default=4, choices=(4, 16))
    args = parser.parse_args()
    print(json.dumps(game_worths(args.program, args.matches, args.seed, args.to)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
