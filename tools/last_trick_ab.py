"""Late in a deal that can end the game: strong settings against normal.

Plays seeded games by the normal level and keeps, per deal, the first position where
the stock holds at most ``--stock`` cards and every side has the target, the last trick
deciding the game (the russian family's tie rule), or with ``--reach R`` where some side
is within R points of the target and the game is not settled yet. From each, the rest of
the deal is played with strong in one seat and normal in the other, both seats, once per
setting:

    python tools/last_trick_ab.py --variant no-trump --games 150 --seed 1000 \\
        --a strong --b strong:last_trick_below=0

Prints the last tricks and the games each setting won, and the pairs where only one did.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai.search import decided_by_last_trick, in_reach  # noqa: E402
from engine.game import Game, new_game  # noqa: E402
from engine.players import choose, make_player  # noqa: E402
from tools.arena_ab import register  # noqa: E402


def starts_of(variant: str, games: int, seed: int, stock: int, reach: int) -> list[Game]:
    starts: list[Game] = []
    for game_seed in range(seed, seed + games):
        game = new_game(variant, seed=game_seed)
        players = [make_player("normal", random.Random(s)) for s in range(game.rules.players)]
        kept = False
        while not game.is_terminal:
            if game.deal_over:
                game.next_deal()
                kept = False
                continue
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            wanted = (in_reach(obs, reach) and not decided_by_last_trick(obs) if reach
                      else decided_by_last_trick(obs))
            if not kept and wanted and 0 < obs.stock_size <= stock:
                starts.append(game.clone())
                kept = True
            game.apply(choose(players[seat], obs))
    return starts


def play_out(start: Game, program: str, seat: int, seed: int) -> tuple[bool, bool]:
    """(took the last trick, won the game with this deal)."""
    game = start.clone()
    players = [make_player("normal", random.Random(7)) for _ in range(game.rules.players)]
    players[seat] = make_player(program, random.Random(seed))
    while not game.deal_over:
        mover = game.current_player
        assert mover is not None
        game.apply(choose(players[mover], game.observation(mover)))
    return game.deal.last_trick_winner == seat, game.winner == seat


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="no-trump")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--stock", type=int, default=16)
    parser.add_argument("--reach", type=int, default=0)
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default="strong:last_trick_below=0")
    args = parser.parse_args()
    a, b = register(args.a), register(args.b)
    starts = starts_of(args.variant, args.games, args.seed, args.stock, args.reach)
    report = {"starts": len(starts), "pairs": 0, "a": 0, "b": 0, "only_a": 0, "only_b": 0,
              "a_games": 0, "b_games": 0, "only_a_games": 0, "only_b_games": 0}
    for k, start in enumerate(starts):
        for seat in range(2):
            a_trick, a_game = play_out(start, a, seat, 2 * k + seat)
            b_trick, b_game = play_out(start, b, seat, 2 * k + seat)
            report["pairs"] += 1
            for suffix, x, y in (("", a_trick, b_trick), ("_games", a_game, b_game)):
                report["a" + suffix] += x
                report["b" + suffix] += y
                report["only_a" + suffix] += x and not y
                report["only_b" + suffix] += y and not x
        print(json.dumps(report), file=sys.stderr, flush=True)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
