"""What bezik games are worth between two players of one level: the match points of
every game (base × stake × rubikon), how many ended by a refused vido, and the shares
that ``engine.ai.match_equity.LATER_STAKES`` takes for the games still to come:

    python tools/match_stakes.py --matches 12 --seed 5000 --game-only

``--game-only``: the strong level deciding its vidos by the game alone, as before it
weighed them by the match (the shares were measured so).
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

from engine.ai.levels import StrongPlayer  # noqa: E402
from engine.arena import play_game  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.match import BASE_POINTS, Match  # noqa: E402
from engine.players import Player, make_player  # noqa: E402


def game_worths(level: str, matches: int, seed: int, to: int,
                game_only: bool = False) -> dict[str, object]:
    """Each game's match points over its base, counted over ``matches`` seeded matches."""
    worth: Counter[int] = Counter()
    refused = 0

    def player(rng: random.Random) -> Player:
        if game_only:
            return StrongPlayer(rng, match_aware=False)
        return make_player(level, rng)

    for number in range(matches):
        rng = random.Random(seed + number)
        players = [player(random.Random(rng.random())) for _ in range(2)]
        match = new_game("bezik", {"match": to}, seed=seed + number, dealer=0)
        assert isinstance(match, Match)
        play_game(match, players)
        for game in match.games:
            if game.winner is None:
                continue
            worth[game.match_points // BASE_POINTS[game.kind]] += 1
            refused += game.ended_by == "refused"
    games = sum(worth.values())
    return {"level": level, "game_only": game_only, "matches": matches, "seed": seed,
            "match": to, "games": games, "refused": refused,
            "worth": {str(k): worth[k] for k in sorted(worth)},
            "shares": {str(k): round(worth[k] / games, 3) for k in sorted(worth)}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="strong")
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--to", type=int, default=4, choices=(4, 16))
    parser.add_argument("--game-only", action="store_true",
                        help="the strong level weighing its vidos by the game alone")
    args = parser.parse_args()
    level = "strong" if args.game_only else args.level
    print(json.dumps(game_worths(level, args.matches, args.seed, args.to, args.game_only)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
