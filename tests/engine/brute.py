"""Plain minimax over the solver's end positions, without pruning or tables: the
reference the exact solver is checked against (test-only, so it does not ship)."""

from __future__ import annotations

from engine.ai.solver import EndGame, _pos
from engine.tricks import beats


def brute_force(game: EndGame) -> int:
    """Plain minimax without pruning or tables (for tests)."""
    seat = (game.leader + len(game.trick)) % game.n
    if not game.trick and not game.hands[seat]:
        return 0
    maximise = game.sides[seat] == 0
    values = []
    trick_codes = [c for _, c in game.trick]
    for c in game.moves(seat, trick_codes):
        values.append(_brute_play(game, seat, c))
    return max(values) if maximise else min(values)


def _brute_play(game: EndGame, seat: int, code: int) -> int:
    hand = game.hands[seat]
    hand.remove(code)
    game.trick.append((seat, code))
    if len(game.trick) < game.n:
        v = brute_force(game)
    else:
        trick, leader = game.trick, game.leader
        codes = [c for _, c in trick]
        win = 0
        for k in range(1, len(codes)):
            if beats(codes[k], codes[win], game.trump):
                win = k
        winner = trick[win][0]
        gained = sum(game.values[c] for c in codes)
        last = not any(game.hands)
        if last:
            gained += game.last_bonus
        cleared = game.provisional[winner]
        game.provisional[winner] = 0
        game.trick, game.leader = [], winner
        v = gained if game.sides[winner] == 0 else -gained
        taken = v - (0 if not last else (
            game.last_bonus if game.sides[winner] == 0 else -game.last_bonus))
        game.path_brisks += taken
        v += game.final_adjustment(winner) if last else brute_force(game)
        game.path_brisks -= taken
        game.provisional[winner] = cleared
        game.trick, game.leader = trick, leader
    game.trick.pop()
    hand.insert(_pos(hand, code), code)
    return v
