"""Fair duplicate comparisons of two programs (``python -m engine arena``).

Each seeded game is played once for every seat arrangement of the two programs
``a`` and ``b`` (two players: both ways round; three players: the six ways with
both present, so each program sits in every seat equally often with one or two
copies; partnerships: ``a`` on one side and ``b`` on the other, then swapped), so
the cards favour neither. Reported per variant:

- ``a_win_rate``: games won by an ``a`` seat (or side), ties half, with a 95%
  Wilson interval;
- ``a_points_share``: ``a``'s points per seat over both programs' points per seat,
  with a 95% interval from the spread between duplicate groups (the fair measure
  with three or four players, where "games" depends on the arrangement).

``jobs`` > 1 plays the games in worker processes; results do not depend on it.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any

from .deal import Deal
from .game import Game, new_game, side_of
from .players import Player, Sighted, choose, decided, make_player


def arrangements(seats: int, partnerships: bool) -> list[str]:
    """Every seat arrangement of programs ``a`` and ``b`` (a string, one letter a seat)."""
    if partnerships:
        return ["ab" * (seats // 2), "ba" * (seats // 2)]
    return ["".join(p) for p in product("ab", repeat=seats) if len(set(p)) == 2]


@dataclass
class GameOutcome:
    """One game of one arrangement: points per seat, the winner and time per move."""

    labels: str
    totals: list[int]
    winner: int | None
    deals: int
    clocks: dict[str, list[float]] = field(default_factory=dict)


class _Timed:
    """Wraps a player to record its time per decision."""

    def __init__(self, player: Player, clock: list[float]) -> None:
        self.player = player
        self.clock = clock
        self.name = player.name

    def see(self, deal: Deal) -> None:
        if isinstance(self.player, Sighted):
            self.player.see(deal)

    def decide(self, obs: Any) -> Any:
        start = time.perf_counter()
        action = choose(self.player, obs)
        self.clock.append(time.perf_counter() - start)
        return decided(action)


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Play a game (every deal) to its end."""
    while True:
        while not game.deal.is_terminal:
            seat = game.current_player
            assert seat is not None
            player = players[seat]
            if isinstance(player, Sighted):
                player.see(game.deal)
            game.apply(choose(player, game.observation(seat)))
        if game.is_terminal:
            return game
        game.next_deal()


def play_arranged(task: tuple[str, dict[str, Any], str, str, int, str]) -> GameOutcome:
    """One seeded game with programs placed by ``labels`` (a worker's unit of work)."""
    variant, options, a, b, seed, labels = task
    rng = random.Random(seed ^ 0xA4E)
    clocks: dict[str, list[float]] = {"a": [], "b": []}
    players: list[Player] = []
    for lab in labels:
        player = make_player(a if lab == "a" else b, random.Random(rng.random()))
        players.append(_Timed(player, clocks[lab]))
    game = new_game(variant, options, seed=seed, dealer=0)
    play_game(game, players)
    return GameOutcome(labels, list(game.totals), game.winner, len(game.results), clocks)


def wilson(wins: float, n: int) -> list[float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return [0.0, 1.0]
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(centre - half, 4), round(centre + half, 4)]


def mean_interval(values: Sequence[float]) -> list[float]:
    """95% normal interval of a mean (groups are independent duplicate sets)."""
    n = len(values)
    if n == 0:
        return [0.0, 1.0]
    mean = sum(values) / n
    if n == 1:
        return [round(mean, 4), round(mean, 4)]
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return [round(mean - half, 4), round(mean + half, 4)]


def _timing(clock: list[float]) -> dict[str, float]:
    if not clock:
        return {"mean_ms_per_move": 0.0, "max_ms_per_move": 0.0}
    ordered = sorted(clock)
    return {
        "mean_ms_per_move": round(1000 * sum(clock) / len(clock), 3),
        "median_ms_per_move": round(1000 * ordered[len(ordered) // 2], 3),
        "max_ms_per_move": round(1000 * ordered[-1], 3),
        "moves": len(clock),
    }


def summarise(outcomes: Iterable[tuple[int, GameOutcome]], partnerships: bool
              ) -> dict[str, Any]:
    """Win rate, points share and their intervals from (group, outcome) pairs."""
    groups: dict[int, list[float]] = {}
    clocks: dict[str, list[float]] = {"a": [], "b": []}
    for group, out in outcomes:
        # a's points, a's seat-deals, b's points, b's seat-deals, a's wins, games, deals
        row = groups.setdefault(group, [0.0] * 7)
        if out.winner is None:
            row[4] += 0.5
        elif {out.labels[s] for s in range(len(out.labels))
              if side_of(s, partnerships) == out.winner} == {"a"}:
            row[4] += 1
        row[5] += 1
        row[6] += out.deals
        for seat, total in enumerate(out.totals):
            k = 0 if out.labels[seat] == "a" else 2
            row[k] += total
            row[k + 1] += out.deals
        for lab in "ab":
            clocks[lab].extend(out.clocks.get(lab, []))
    rows = list(groups.values())
    report = pooled(rows)
    report.update({"a_time": _timing(clocks["a"]), "b_time": _timing(clocks["b"]),
                   "groups": rows})
    return report


def pooled(rows: Sequence[Sequence[float]]) -> dict[str, Any]:
    """The summary of duplicate groups' rows (``summarise``'s "groups"), from one run or
    several with other seeds (``tools/pool_arena.py``)."""
    total = [sum(r[k] for r in rows) for k in range(7)]
    a_pp = total[0] / max(1.0, total[1])
    b_pp = total[2] / max(1.0, total[3])
    shares = []
    for ap, an, bp, bn, *_ in rows:
        x, y = ap / max(1.0, an), bp / max(1.0, bn)
        shares.append(x / (x + y) if x + y > 0 else 0.5)
    games, a_wins = int(total[5]), total[4]
    return {
        "games": games, "deals": int(total[6]), "duplicate_groups": len(rows),
        "a_wins": a_wins, "b_wins": games - a_wins,
        "a_win_rate": round(a_wins / max(1, games), 4),
        "a_win_rate_ci95": wilson(a_wins, games),
        "a_points_per_deal": round(a_pp, 1),
        "b_points_per_deal": round(b_pp, 1),
        "a_points_share": round(a_pp / (a_pp + b_pp), 4) if a_pp + b_pp > 0 else 0.5,
        "a_points_share_ci95": mean_interval(shares),
    }


def engine_fingerprint(variant: str | None = None) -> str:
    """The engine's code and models (12 hex digits): runs with the same one may be pooled.

    With a variant, only that variant's entries of the models files count: a model fitted
    for another variant does not change how this one plays."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted((*root.rglob("*.py"), *root.glob("ai/*.json"))):
        digest.update(path.relative_to(root).as_posix().encode())
        data = path.read_bytes()
        if variant is not None and path.suffix == ".json":
            data = _variant_entries(data, variant)
        digest.update(data)
    return digest.hexdigest()[:12]


def _variant_entries(data: bytes, variant: str) -> bytes:
    """A models file's parts that one variant reads (top-level tables keyed by variant)."""
    try:
        tree = json.loads(data)
    except ValueError:
        return data
    if not isinstance(tree, dict):
        return data
    kept = {key: ({variant: value.get(variant)} if isinstance(value, dict) else value)
            for key, value in tree.items() if key != "about"}
    return json.dumps(kept, sort_keys=True).encode()


def _pool(jobs: int) -> ProcessPoolExecutor | None:
    """Worker processes, or None (one process) where the platform has none (Pyodide)."""
    if jobs <= 1:
        return None
    try:
        return ProcessPoolExecutor(max_workers=jobs)
    except (NotImplementedError, ImportError, OSError):
        return None


def run_arena(variant: str, options: Mapping[str, Any], a: str, b: str, *, deals: int,
              seed: int = 0, jobs: int = 1, games: int | None = None,
              progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Duplicate groups until ``deals`` deals (or ``games`` groups) have been played."""
    probe = new_game(variant, dict(options))
    rules = probe.rules
    layout = arrangements(rules.players, rules.partnerships)
    per_game = max(1, len(probe.results) or 1)
    opts = dict(options)
    # Whole games decide their own deal count (bezik matches): plan groups in batches.
    results: list[tuple[int, GameOutcome]] = []
    played_deals = 0
    group = 0
    pool = _pool(jobs)
    try:
        while (games is None and played_deals < deals) or (games is not None and group < games):
            if games is not None:
                batch = min(games - group, max(1, jobs))
            else:
                need = max(1, math.ceil((deals - played_deals) / (per_game * len(layout))))
                batch = min(need, max(1, jobs))
            tasks = [(variant, opts, a, b, seed * 1_000_003 + group + k, labels)
                     for k in range(batch) for labels in layout]
            outs = list(pool.map(play_arranged, tasks)) if pool else [
                play_arranged(t) for t in tasks]
            for k, out in enumerate(outs):
                results.append((group + k // len(layout), out))
                played_deals += out.deals
            group += batch
            if progress is not None:  # the report so far
                progress(summarise(results, rules.partnerships))
    finally:
        if pool is not None:
            pool.shutdown()
    report = {"variant": variant, "options": opts, "a": a, "b": b,
              "arrangements": layout, "seed": seed, "engine": engine_fingerprint(variant)}
    report.update(summarise(results, rules.partnerships))
    return report
