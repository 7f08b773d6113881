"""Bad input from outside: the command line keeps its promise, the engine its error types.

The command line promises one JSON object on stdout and never a traceback, with
exit codes 0 (done), 2 (illegal action), 3 (malformed record), 4 (usage error), 1
(internal error, reported as JSON). A seeded fuzzer feeds it broken records and
arguments in-process (fast); a few cases run as real subprocesses for the file-name
and encoding paths.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import IllegalActionError, RecordError, cli
from engine.actions import Action
from engine.cards import code_text

ROOT = Path(__file__).resolve().parents[2]
CASES = 300
EXPECTED_CODES = {0, cli.EXIT_ILLEGAL, cli.EXIT_MALFORMED, cli.EXIT_USAGE}


def run_cli(argv: list[str]) -> tuple[int, dict[str, Any]]:
    """The command line in-process: its exit code and its one JSON object."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(argv)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, out.getvalue()[:500]
    return code, json.loads(lines[0])


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("records")
    code, _ = run_cli(["selfplay", "--games", "1", "--seed", "4", "--save-records", str(folder)])
    assert code == 0
    data: dict[str, Any] = json.loads((folder / "game-0001.json").read_text("utf-8"))
    return data


WRONG: list[Any] = [
    None, True, 0, -1, 7, 2**70, 1.5, 1000.0, "", "x", "\ud800", "play \udcff", "play table 9",
    [], ["x"], {}, {"a": 1}, [[[]]], "play QS QS", "declare", "seven", "<b>",
]
RAW = ["[" * 3000 + "]" * 3000, "9" * 5000, "NaN", '"\\ud800"', "{" * 1500]
SENTINEL = "@@raw@@"


def mutations(rec: dict[str, Any], rng: random.Random) -> Iterator[str]:
    """Broken record texts: a node replaced, deleted, deep nesting, huge numbers, cut text."""

    def nodes(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
        yield path
        if isinstance(node, dict):
            for k, v in node.items():
                yield from nodes(v, (*path, k))
        elif isinstance(node, list):
            for i, v in enumerate(node[:6]):
                yield from nodes(v, (*path, i))

    def put(node: Any, path: tuple[Any, ...], value: Any) -> Any:
        if not path:
            return value
        copy: Any = dict(node) if isinstance(node, dict) else list(node)
        copy[path[0]] = put(node[path[0]], path[1:], value)
        return copy

    every = list(nodes(rec))
    text = json.dumps(rec)
    while True:
        how = rng.randrange(8)
        if how == 0:
            yield text[: rng.randrange(len(text))]
            continue
        where = rng.choice(every)
        if how == 1:
            raw = rng.choice(RAW)
            yield json.dumps(put(rec, where, SENTINEL)).replace(f'"{SENTINEL}"', raw)
            continue
        yield json.dumps(put(rec, where, rng.choice(WRONG)))


def test_replay_fuzz_never_a_traceback(record: dict[str, Any], tmp_path: Path) -> None:
    rng = random.Random("cli-replay-fuzz")
    codes: dict[int, int] = {}
    path = tmp_path / "record.json"
    source = mutations(record, rng)
    for _ in range(CASES):
        path.write_text(next(source), encoding="utf-8", errors="surrogatepass")
        code, out = run_cli(["replay", str(path)])
        assert code in EXPECTED_CODES, out
        assert out["ok"] is (code == 0)
        codes[code] = codes.get(code, 0) + 1
    print(f"replay fuzz: {CASES} cases, exit codes {codes}")
    assert codes.get(cli.EXIT_MALFORMED, 0) > CASES // 3


ARG_PARTS = [
    ["--games", "-1"], ["--games", "0"], ["--games", "1.5"], ["--games", "9" * 5000],
    ["--seed", "x"], ["--players", "nobody"], ["--players", "greedy,greedy,greedy"],
    ["--option", "target=1000.0"], ["--option", "double_bezique_540=1"],
    ["--option", "double_bezique_540=0"], ["--option", "players=3.0"],
    ["--option", "target=" + "[" * 3000], ["--option", "target=" + "9" * 5000],
    ["--option", "\ud800=1"], ["--option", "noequals"], ["--option", "target=NaN"],
    ["--variant", "nope"], ["--variant", "\udcff"], ["--bogus"],
]


def test_command_line_fuzz_usage_errors(tmp_path: Path) -> None:
    rng = random.Random("cli-args-fuzz")
    afile = tmp_path / "afile"
    afile.write_text("x")
    extra = [["--save-records", str(afile)], ["--save-records", str(afile / "under")]]
    codes: dict[int, int] = {}
    for _ in range(CASES):
        command = rng.choice(["selfplay", "arena", "play", "nonsense"])
        argv = [command]
        if command == "arena":
            argv += ["--a", "greedy", "--b", "random"]
        for part in rng.sample([*ARG_PARTS, *extra], rng.randrange(1, 3)):
            if command == "arena" and part[0] == "--games":
                part = ["--deals", part[1]]
            argv += part
        code, out = run_cli(argv)
        assert code == cli.EXIT_USAGE and out["ok"] is False and out.get("usage"), (argv, out)
        codes[code] = codes.get(code, 0) + 1
    print(f"argument fuzz: {CASES} cases, exit codes {codes}")


@pytest.mark.parametrize(
    "argv",
    [
        ["selfplay", "--games", "-1"],
        ["arena", "--a", "greedy", "--b", "greedy", "--deals", "-3"],
        ["selfplay", "--option", "target=1000.0"],
        ["selfplay", "--option", "double_bezique_540=1"],
        ["selfplay", "--variant", "no-trump", "--option", "players=3.0"],
        ["selfplay", "--option", "target=" + "[" * 5000],
    ],
)
def test_reported_usage_errors(argv: list[str]) -> None:
    code, out = run_cli(argv)
    assert code == cli.EXIT_USAGE and out["ok"] is False


def test_save_records_onto_a_file_or_under_a_file(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("keep me")
    for target in (afile, afile / "sub"):
        code, out = run_cli(["selfplay", "--games", "1", "--save-records", str(target)])
        assert code == cli.EXIT_USAGE and str(target.name) in out["error"]
    assert afile.read_text() == "keep me"


def test_options_accept_exactly_the_documented_types() -> None:
    assert engine.new_game("classic", {"target": 1500}).rules.options["target"] == 1500
    for bad in ({"target": 1500.0}, {"double_bezique_540": 1}, {"double_bezique_540": 0}):
        with pytest.raises(RecordError):
            engine.new_game("classic", bad)
    with pytest.raises(RecordError):
        engine.new_game("no-trump", {"players": 3.0})
    with pytest.raises(RecordError):
        engine.new_game("no-trump", {"players": True})


@pytest.mark.needs_processes
def test_subprocess_encodings_and_file_names(record: dict[str, Any], tmp_path: Path) -> None:
    """Non-UTF-8 file names and lone surrogates, through a real process and strict UTF-8."""
    broken = dict(record)
    broken["deals"] = [dict(record["deals"][0], actions=["play \udcff"])]
    name = os.fsdecode(b"\xff\xfe-record.json")
    (tmp_path / name).write_text(json.dumps(broken), encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PYTHONPATH": str(ROOT)}
    for args, want in (([name], cli.EXIT_ILLEGAL), ([name + "-missing"], cli.EXIT_MALFORMED)):
        done = subprocess.run(
            [sys.executable, "-m", "engine", "replay", *args],
            cwd=tmp_path, env=env, capture_output=True, timeout=120,
        )
        assert done.returncode == want, done
        assert not done.stderr, done.stderr
        json.loads(done.stdout.decode("ascii"))


# ----- the engine's own error types ----------------------------------------------------
def test_apply_of_a_non_action_is_an_illegal_action() -> None:
    game = engine.new_game("classic", seed=1)
    before = game.to_json()
    for bad in (None, 5, b"play QS", ["play QS"], 1.5):
        with pytest.raises(IllegalActionError):
            game.apply(bad)  # type: ignore[arg-type]
    assert game.to_json() == before


@pytest.mark.parametrize("words", [[-1], [2**32], [2**100], [True], [1.5], ["1"]])
def test_from_json_out_of_range_rng_is_a_record_error(words: list[Any]) -> None:
    data = engine.new_game("classic", seed=2).to_json()
    version, state, gauss = data["rng"]
    for position in (0, len(state) - 1):
        bad = list(state)
        bad[position] = words[0]
        with pytest.raises(RecordError):
            engine.Game.from_json({**data, "rng": [version, bad, gauss]})
    for rng in ([version, state], [4, state, gauss], [version, state[:-1], gauss], "x"):
        with pytest.raises(RecordError):
            engine.Game.from_json({**data, "rng": rng})


def _candidate_texts(deal: Any) -> set[str]:
    """Every play text that could name a card the player holds or shows, plus the legal."""
    seat = deal.current_player
    kinds = {deal.kinds[i] for i in deal.hands[seat] + deal.tables[seat]}
    texts = {a.text() for a in deal.legal_actions()}
    for code in kinds:
        texts |= {f"play {code_text(code)}", f"play table {code_text(code)}"}
    return texts


@pytest.mark.parametrize("variant", sorted(engine.VARIANTS))
def test_apply_accepts_exactly_the_legal_action_texts(variant: str) -> None:
    """One canonical text per distinct action: apply takes a text iff legal_actions lists it."""
    rng = random.Random(f"canonical-{variant}")
    checked = 0
    for seed in range(3):
        game = engine.new_game(variant, seed=seed)
        deal = game.deal
        while not deal.is_terminal:
            legal = {a.text() for a in deal.legal_actions()}
            assert len(legal) == len(deal.legal_actions()), "a text listed twice"
            for text in _candidate_texts(deal):
                trial = deal.clone()
                try:
                    trial.apply(text)
                    accepted = True
                except IllegalActionError:
                    accepted = False
                assert accepted == (Action.parse(text).text() in legal), (text, sorted(legal))
                checked += 1
            deal.apply(rng.choice(deal.legal_actions()))
    assert checked > 100
