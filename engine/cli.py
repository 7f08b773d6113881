"""Command line: ``python -m engine replay|review|selfplay|arena|bench|play`` (docs/design.md).

Every command prints one JSON object and never a traceback. Exit codes: 0 done,
2 an illegal action in a record, 3 a malformed or unreadable record, 4 a usage error
(unknown command or option, a bad value, an unusable --save-records folder),
1 an internal error (reported as JSON too).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import safejson
from .cards import SUITS, code_text, notation_key
from .errors import IllegalActionError, NotationError, RecordError
from .game import Game, ReplayError, new_game, replay_record, summary
from .players import PLAYERS, Player, choose, make_player
from .variants import VARIANTS

EXIT_INTERNAL = 1
EXIT_ILLEGAL = 2
EXIT_MALFORMED = 3
EXIT_USAGE = 4


class UsageError(Exception):
    """The command line asks for something impossible (exit code EXIT_USAGE)."""


def _emit(data: dict[str, Any], out: TextIO) -> None:
    # ASCII escapes: valid JSON on any terminal, even for a lone surrogate from argv.
    out.write(json.dumps(data, ensure_ascii=True) + "\n")


def _read_record(path: str, out: TextIO) -> Any:
    """The record's JSON, or an exit code (int) once the failure is reported."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as err:
        _emit({"ok": False, "error": f"cannot read {path}: {err.strerror or err}"}, out)
        return EXIT_MALFORMED
    try:
        return safejson.loads(data)
    except RecordError as err:
        _emit({"ok": False, "error": str(err)}, out)
        return EXIT_MALFORMED


def cmd_replay(path: str, out: TextIO) -> int:
    record = _read_record(path, out)
    if isinstance(record, int) and not isinstance(record, bool):
        return record
    try:
        game = replay_record(record)
    except (ReplayError, RecordError, IllegalActionError, RecursionError) as err:
        return _refused(err, out)
    _emit(summary(game), out)
    return 0


def _refused(err: Exception, out: TextIO) -> int:
    """A record that does not replay: where and why as JSON, and the exit code that says
    which (an illegal action in a well-formed record, or a malformed record)."""
    if isinstance(err, ReplayError):
        _emit({"ok": False, "deal": err.deal, "index": err.index, "action": err.action,
               "reason": err.reason, "rule": err.rule}, out)
        return EXIT_ILLEGAL
    _emit({"ok": False, "error": str(err) or type(err).__name__}, out)
    return EXIT_MALFORMED


def cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    """The review of one finished deal for one seat (engine.ai.review), as JSON."""
    from .ai.review import SeatError, review_deal, run

    record = _read_record(args.file, out)
    if isinstance(record, int) and not isinstance(record, bool):
        return record
    try:
        review = run(review_deal(record, args.seat, deal=args.deal, worlds=args.worlds,
                                 seed=args.seed))
    except SeatError as err:
        raise UsageError(str(err)) from None
    except (ReplayError, RecordError, IllegalActionError, RecursionError) as err:
        return _refused(err, out)
    _emit({"ok": True, **review.to_json()}, out)
    return 0


def play_game(game: Game, players: Sequence[Player], clock: list[float] | None = None) -> Game:
    """Play a game (every deal) to its end; ``clock`` collects seconds per move."""
    while True:
        while not game.deal.is_terminal:
            seat = game.current_player
            assert seat is not None
            start = time.perf_counter()
            action = choose(players[seat], game.observation(seat))
            if clock is not None:
                clock.append(time.perf_counter() - start)
            game.apply(action)
        if game.is_terminal:
            return game
        game.next_deal()


def _finite(options: dict[str, Any]) -> None:
    """An open-ended multi-pack session (``games`` 0) never ends: no program plays one."""
    if options.get("games") == 0:
        raise ValueError("games=0 is an open-ended session: give a number of games")


def _player_names(text: str, seats: int) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise ValueError(f"--players needs {seats} names (or one for every seat)")
    for name in names:
        if name not in PLAYERS:
            raise ValueError(f"unknown player {name!r}; known: {', '.join(sorted(PLAYERS))}")
    return names


def _timing(clock: list[float]) -> dict[str, float]:
    if not clock:
        return {"mean_ms_per_move": 0.0, "max_ms_per_move": 0.0}
    return {
        "mean_ms_per_move": round(1000 * sum(clock) / len(clock), 3),
        "max_ms_per_move": round(1000 * max(clock), 3),
        "moves": len(clock),
    }


def _records_folder(name: str | None) -> Path | None:
    """The --save-records folder, made if missing (UsageError if it cannot be)."""
    if not name:
        return None
    folder = Path(name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UsageError(f"--save-records {name}: {err.strerror or err}") from None
    if not folder.is_dir():
        raise UsageError(f"--save-records {name}: not a folder")
    return folder


def cmd_selfplay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        probe = new_game(args.variant, variant_options(args.option))
        names = _player_names(args.players, probe.rules.players)
        _finite(probe.rules.options)
    except (RecordError, ValueError) as err:
        raise UsageError(str(err)) from None
    save_dir = _records_folder(args.save_records)
    sides = 2 if probe.rules.partnerships else probe.rules.players
    wins = [0] * sides
    score_sums = [0] * probe.rules.players
    clock: list[float] = []
    deals = 0
    for number in range(args.games):
        seed = args.seed * 1_000_003 + number
        rng = random.Random(seed ^ 0x5EED)
        game = new_game(args.variant, variant_options(args.option), seed=seed,
                        dealer=number % sides)
        players = [make_player(n, random.Random(rng.random())) for n in names]
        play_game(game, players, clock)
        deals += len(game.results)
        if game.winner is not None:
            wins[game.winner] += 1
        for seat, total in enumerate(game.totals):
            score_sums[seat] += total
        if save_dir:
            path = save_dir / f"game-{number + 1:04d}.json"
            try:
                path.write_text(json.dumps(game.record(), ensure_ascii=False), encoding="utf-8")
            except OSError as err:
                raise UsageError(f"cannot write {path}: {err.strerror or err}") from None
    _emit({
        "ok": True, "variant": args.variant, "games": args.games, "deals": deals,
        "players": names, "wins": wins,
        "mean_scores": [round(s / max(1, args.games), 1) for s in score_sums],
        **_timing(clock),
    }, out)
    return 0


ARENA_ALL = ("classic", "russian", "russian-3", "russian-4", "no-trump", "bezik")
MULTI_PACK = ("rubicon", "six-pack", "eight-pack")


def _arena_variants(text: str) -> list[str]:
    """``--variant``: one name, a comma list, or ``all`` (every variant, default options)."""
    names = list(ARENA_ALL) if text == "all" else [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in VARIANTS:
            raise ValueError(f"unknown variant {name!r}; known: {', '.join(sorted(VARIANTS))}")
    if not names:
        raise ValueError("--variant names no variant")
    return names


def cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    """Duplicate games over every seat arrangement of the two programs (engine.arena)."""
    from .arena import run_arena  # here: the browser imports this module and ships no arena
    try:
        names = _arena_variants(args.variant)
        options = variant_options(args.option)
        for name in names:
            new_game(name, options)
        _finite(options)
        for name in (args.a, args.b):
            _player_names(name, 1)
    except (RecordError, ValueError) as err:
        raise UsageError(str(err)) from None
    reports = [run_arena(name, options, args.a, args.b, deals=args.deals, seed=args.seed,
                         jobs=args.jobs, games=args.games) for name in names]
    if len(reports) == 1:
        _emit({"ok": True, **reports[0]}, out)
    else:
        _emit({"ok": True, "a": args.a, "b": args.b, "results": reports}, out)
    return 0


def cmd_bench(out: TextIO, seconds: float = 3.0) -> int:
    """Engine speed: random full deals per second, greedy time per move (CPython)."""
    rng = random.Random(1)
    deals = 0
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = new_game("classic", seed=deals)
        while not game.deal.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
            moves += 1
        deals += 1
    elapsed = time.perf_counter() - start
    clock: list[float] = []
    greedy = [make_player("greedy", random.Random(2)) for _ in range(2)]
    for number in range(30):
        game = new_game("classic", seed=10_000 + number)
        while not game.deal.is_terminal:
            seat = game.current_player
            assert seat is not None
            t0 = time.perf_counter()
            action = choose(greedy[seat], game.observation(seat))
            clock.append(time.perf_counter() - t0)
            game.apply(action)
    _emit({
        "python": sys.version.split()[0],
        "random_deals_per_second": round(deals / elapsed, 1),
        "random_moves_per_second": round(moves / elapsed, 1),
        "greedy_mean_ms_per_move": round(1000 * sum(clock) / len(clock), 3),
        "random_deals_per_second_by_variant": {
            variant: _random_deals_per_second(variant, seconds / 2) for variant in MULTI_PACK
        },
        **_ai_figures(),
        "end_phase_solver": _solver_figures(),
    }, out)
    return 0


def _random_deals_per_second(variant: str, seconds: float) -> float:
    """Random full deals a second in one variant (one deal is a game in the multi-pack)."""
    rng = random.Random(1)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or not deals:
        game = new_game(variant, seed=deals)
        while not game.deal.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
        deals += 1
    return round(deals / (time.perf_counter() - start), 2)


def _solver_figures(count: int = 6) -> dict[str, Any]:
    """The exact end-phase solver at the first end-phase lead of greedy games of the
    multi-pack variants (9 + 9, 12 + 12 and 15 + 15 cards): median and max ms."""
    try:
        from .ai.solver import solve_deal
    except ImportError:
        return {}
    figures: dict[str, Any] = {}
    for variant in MULTI_PACK:
        times = []
        for number in range(count):
            game = new_game(variant, seed=20_000 + number)
            greedy = [make_player("greedy", random.Random(s)) for s in range(2)]
            deal = game.deal
            while not deal.is_terminal and not (deal.in_end_phase and deal.phase == "play"):
                seat = game.current_player
                assert seat is not None
                game.apply(choose(greedy[seat], game.observation(seat)))
            if deal.is_terminal or deal.current is None:
                continue
            t0 = time.perf_counter()
            solve_deal(deal, deal.current)
            times.append(time.perf_counter() - t0)
        times.sort()
        figures[variant] = {
            "cards_each": game.rules.hand_size,
            "median_ms": round(1000 * times[len(times) // 2], 1) if times else None,
            "max_ms": round(1000 * times[-1], 1) if times else None,
            "positions": len(times),
        }
    return figures


def _ai_figures() -> dict[str, Any]:
    """Time per decision of the AI levels in every variant (engine.ai.bench)."""
    try:
        from .ai.bench import ai_figures
    except ImportError:
        return {}
    return {"ai": {variant: ai_figures(variant, count=8) for variant in (*ARENA_ALL, *MULTI_PACK)}}


def variant_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` pairs (``--option``) as variant options: JSON values, else words."""
    options: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep:
            raise RecordError(f"option {pair!r} is not KEY=VALUE")
        try:
            options[key] = safejson.loads(value)
        except RecordError:
            options[key] = value  # a plain word: tie_break=higher_score
    return options


# ----- terminal game ------------------------------------------------------
def _cards(codes: Sequence[int]) -> str:
    return " ".join(code_text(c) for c in sorted(codes, key=notation_key)) or "-"


def cmd_play(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    try:
        game = new_game(args.variant, variant_options(args.option), seed=args.seed)
        opponent_name = _player_names(args.ai, 1)[0]
    except (RecordError, ValueError) as err:
        raise UsageError(str(err)) from None
    rng = random.Random(args.seed)
    players = [make_player(opponent_name, random.Random(rng.random()))
               for _ in range(game.rules.players)]
    me = 0
    out.write("Bezique — type an action (e.g. 'play QS', 'declare QS JD', 'pass'), "
              "'help' for the legal ones, 'quit' to stop.\n")
    while True:
        while not game.deal.is_terminal:
            seat = game.current_player
            assert seat is not None
            if seat != me:
                action = choose(players[seat], game.observation(seat))
                game.apply(action)
                out.write(f"  seat {seat}: {action}\n")
                continue
            obs = game.observation(me)
            trump = "-" if obs.trump is None else SUITS[obs.trump]
            turnup = "-" if obs.turnup is None else code_text(obs.turnup)
            out.write(
                f"\nscores {game.scores()}  trump {trump}  turn-up {turnup}  "
                f"stock {obs.stock_size}\n"
                f"table: {' | '.join(_cards(t) for t in obs.tables)}\n"
                f"trick: {' '.join(code_text(c) for _, c, _ in obs.trick) or '-'}\n"
                f"your hand: {_cards(obs.hand)}\n"
            )
            out.write("> ")
            out.flush()
            line = inp.readline()
            if not line or line.strip() == "quit":
                out.write("\nbye\n")
                return 0
            if line.strip() in ("help", "?"):
                out.write("legal: " + ", ".join(a.text() for a in obs.legal_actions) + "\n")
                continue
            try:
                game.apply(line.strip())
            except (IllegalActionError, NotationError) as err:
                reason = err.reason if isinstance(err, IllegalActionError) else str(err)
                out.write(f"not possible: {reason} (type 'help' for the legal actions)\n")
        result = game.deal.result()
        out.write(f"\ndeal over: {json.dumps(result.to_json())}\ngame: {game.totals}\n")
        if game.is_terminal:
            out.write(f"winner: seat {game.winner}\n")
            return 0
        game.next_deal()


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error raises UsageError instead of exiting with code 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _count(text: str) -> int:
    """A positive whole number (--games, --deals)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description=__doc__,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a game record and print the scores")
    replay.add_argument("file")
    review = sub.add_parser("review", help="where a stronger search prefers another move")
    review.add_argument("file")
    review.add_argument("--seat", type=int, required=True)
    review.add_argument("--deal", type=int, default=None, help="default: the last deal")
    review.add_argument("--worlds", type=_count, default=None)
    review.add_argument("--seed", type=int, default=1)
    variants = sorted(VARIANTS)
    selfplay = sub.add_parser("selfplay", help="AI against AI")
    selfplay.add_argument("--variant", default="classic", choices=variants)
    selfplay.add_argument("--games", type=_count, default=10)
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--players", default="greedy")
    selfplay.add_argument("--save-records")
    selfplay.add_argument("--option", action="append", help="KEY=VALUE variant option")
    arena = sub.add_parser("arena", help="duplicate games between two players")
    arena.add_argument("--variant", default="classic",
                       help="a variant, a comma list or 'all'")
    arena.add_argument("--a", required=True)
    arena.add_argument("--b", required=True)
    arena.add_argument("--deals", type=_count, default=100)
    arena.add_argument("--games", type=_count, default=None,
                       help="duplicate groups to play (instead of --deals)")
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--jobs", type=_count, default=1, help="worker processes")
    arena.add_argument("--option", action="append")
    sub.add_parser("bench", help="engine and AI speed figures")
    play = sub.add_parser("play", help="a terminal game against the AI")
    play.add_argument("--variant", default="classic", choices=variants)
    play.add_argument("--ai", default="greedy")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--option", action="append")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    out = sys.stdout
    try:
        return _run(build_parser().parse_args(argv), out)
    except UsageError as err:
        _emit({"ok": False, "error": str(err), "usage": True}, out)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except RecursionError as err:
        _emit({"ok": False, "error": f"input nested too deep: {err}"}, out)
        return EXIT_MALFORMED
    except Exception as err:  # the promise: one JSON object, never a traceback
        _emit({"ok": False, "error": f"internal error: {type(err).__name__}: {err}"}, out)
        return EXIT_INTERNAL


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "replay":
        return cmd_replay(args.file, out)
    if args.command == "review":
        return cmd_review(args, out)
    if args.command == "selfplay":
        return cmd_selfplay(args, out)
    if args.command == "arena":
        return cmd_arena(args, out)
    if args.command == "bench":
        return cmd_bench(out)
    return cmd_play(args, sys.stdin, out)
