"""How often the strong level's search overrules the normal choice (the prior's head start).

Positions are sampled from normal self-play (stock phase, more than two legal actions); at
each the strong player chooses with the given head start, and the count of choices other
than the normal one is printed with the search's margins over it (head start taken off):

    python tools/prior_overrules.py --variant no-trump --bonus 60 --positions 100
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import new_game  # noqa: E402
from engine.ai.levels import StrongPlayer, normal_action  # noqa: E402
from engine.phases import PLAYING  # noqa: E402
from engine.players import choose, make_player  # noqa: E402

SAMPLE_RATE = 0.08  # of the eligible positions of each game (spreads them over the deal)


def overrules(variant: str, bonus: float, positions: int, seed: int) -> dict[str, object]:
    pick = random.Random(seed)
    margins: list[int] = []
    seen = games = 0
    while seen < positions:
        game = new_game(variant, seed=seed * 1000 + games)
        games += 1
        players = [make_player("normal", random.Random(games * 3 + s))
                   for s in range(game.rules.players)]
        while not game.deal.is_terminal and seen < positions:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if (obs.phase == PLAYING and not obs.end_phase and len(obs.legal_actions) > 2
                    and pick.random() < SAMPLE_RATE):
                strong = StrongPlayer(random.Random(seen), prior_bonus=bonus)
                chosen = choose(strong, obs)
                prior = normal_action(obs, random.Random(0))
                seen += 1
                result = strong.last
                if result is not None and result.scores and chosen != prior:
                    margins.append(round(result.scores[chosen]
                                         - (result.scores.get(prior, 0.0) - bonus)))
            game.apply(choose(players[seat], obs))
    return {"variant": variant, "bonus": bonus, "positions": seen,
            "overruled": len(margins), "margins": sorted(margins)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="russian")
    parser.add_argument("--bonus", type=float, default=30.0)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(overrules(args.variant, args.bonus, args.positions, args.seed)))


if __name__ == "__main__":
    main()
