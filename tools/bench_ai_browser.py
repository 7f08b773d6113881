"""Time the strong AI in the browser: Pyodide in headless Chromium, CPython beside it.

Serves the repository on a local port (Pyodide from node_modules, the engine
as plain files), opens a page in Chromium (Playwright, /usr/bin/chromium),
loads Pyodide there, copies engine/ into its file system and times the strong
level's decisions on positions sampled from greedy games — the same positions
are then timed in this CPython. Prints one JSON object:

    {"browser": {"median_s": …, "mean_s": …, "max_s": …, "moves": n, …},
     "cpython": {…}, "positions": n, "variant": "classic", …}

Usage: python tools/bench_ai_browser.py [--variant classic] [--positions 30]
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

REPO = Path(__file__).resolve().parent.parent

# Runs in both interpreters: sample positions, then time strong decisions on them.
BENCH_CODE = r'''
import json, random, statistics, sys, time
from engine import new_game
from engine.players import make_player, choose
from engine.ai.levels import StrongPlayer

def positions(variant, count, seed, settled=False):
    """Positions of greedy games (settled: late in the stock, both at the game's target and
    the last trick deciding, as in the russian family's tie rule)."""
    rng = random.Random(seed)
    out = []
    game_seed = seed
    while len(out) < count:
        game = new_game(variant, seed=game_seed)
        game_seed += 1
        players = [make_player("greedy", random.Random(s)) for s in range(game.rules.players)]
        deal = game.deal
        while not deal.is_terminal and len(out) < count:
            seat = game.current_player
            obs = game.observation(seat)
            if settled and 0 < obs.stock_size <= 16 and obs.phase == "play":
                obs.game_scores = [game.rules.target + p for p in obs.points]
            elif settled:
                obs = None
            if obs is not None and len(obs.legal_actions) > 1 and rng.random() < 0.12:
                out.append(obs)
            obs = game.observation(seat)
            game.apply(choose(players[seat], obs))
    return out

def bench(variant, count, seed, budget, settled=False):
    obs_list = positions(variant, count, seed, settled)
    times = []
    for k, obs in enumerate(obs_list):
        player = StrongPlayer(random.Random(k)) if budget is None else StrongPlayer(
            random.Random(k), worlds=400, time_budget=budget)
        gen = player.decide(obs)
        slices = 0
        longest = 0.0
        t0 = time.perf_counter()
        last = t0
        try:
            while True:
                next(gen)
                now = time.perf_counter()
                longest = max(longest, now - last)
                last = now
                slices += 1
        except StopIteration:
            pass
        end = time.perf_counter()
        longest = max(longest, end - last)
        times.append((end - t0, longest, player.last.worlds if player.last else 0))
    secs = sorted(t for t, _, _ in times)
    return {
        "python": sys.version.split()[0], "platform": sys.platform,
        "moves": len(secs), "median_s": round(statistics.median(secs), 3),
        "mean_s": round(sum(secs) / len(secs), 3), "max_s": round(secs[-1], 3),
        "max_slice_s": round(max(s for _, s, _ in times), 3),
        "median_worlds": statistics.median(w for _, _, w in times),
    }
'''

PAGE = """<!doctype html><meta charset="utf-8"><title>AI bench</title><body>bench</body>"""


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json"}

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/__bench.html":
            body = PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


# The body of a page function of ([files, code, ...]): Pyodide started, the engine's
# ``files`` written into its file system and importable, ``code`` run; ``py`` is Pyodide.
ENGINE_IN_PYODIDE = """
    const { loadPyodide } = await import('/node_modules/pyodide/pyodide.mjs');
    const py = await loadPyodide({ indexURL: '/node_modules/pyodide/' });
    for (const f of files) {
        const text = await (await fetch('/' + f)).text();
        py.FS.mkdirTree('/bench/' + f.split('/').slice(0, -1).join('/'));
        py.FS.writeFile('/bench/' + f, text);
    }
    py.runPython("import sys; sys.path.insert(0, '/bench')");
    py.runPython(code);
"""


def engine_files() -> list[str]:
    files = [*(REPO / "engine").rglob("*.py"), *(REPO / "engine" / "ai").glob("*.json")]
    return sorted(str(p.relative_to(REPO)) for p in files)


@contextmanager
def engine_in_browser(code: str) -> Iterator[Callable[[str], str]]:
    """Pyodide in headless Chromium with the engine's files and ``code`` run: yields a
    function that runs a Python expression there and returns its text (a benchmark's JSON).
    Shared by the browser benchmarks of the AI and of the daily deal."""
    from playwright.sync_api import sync_playwright

    handler = functools.partial(Handler, directory=str(REPO))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                      "--disable-background-networking", "--disable-component-update",
                      "--disable-sync", "--no-first-run"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/__bench.html")
            page.evaluate("async ([files, code]) => {" + ENGINE_IN_PYODIDE
                          + "window.__py = py; }", [engine_files(), code])
            yield lambda call: str(page.evaluate("call => window.__py.runPython(call)", call))
            browser.close()
    finally:
        server.shutdown()


def in_cpython(code: str, name: str = "bench") -> Callable[..., Any]:
    """``code``'s function ``name``, defined in this CPython (the engine importable)."""
    sys.path.insert(0, str(REPO))
    scope: dict[str, Any] = {}
    exec(code, scope)
    return scope[name]  # type: ignore[no-any-return]


def run_browser(variant: str, count: int, seed: int, budget: float | None,
                settled: bool = False) -> dict[str, Any]:
    with engine_in_browser(BENCH_CODE) as run:
        call = f"json.dumps(bench({variant!r}, {count}, {seed}, {budget!r}, {settled!r}))"
        return json.loads(run(call))  # type: ignore[no-any-return]


def run_cpython(variant: str, count: int, seed: int, budget: float | None,
                settled: bool = False) -> dict[str, Any]:
    return in_cpython(BENCH_CODE)(variant, count, seed, budget, settled)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--settled", action="store_true",
                        help="two players: positions where the last trick decides the game")
    args = parser.parse_args(argv)
    where = (args.variant, args.positions, args.seed)
    started = time.perf_counter()
    out: dict[str, Any] = {"variant": args.variant, "positions": args.positions,
                           "level": "strong", "settled": args.settled}
    if not args.skip_browser:
        out["browser"] = run_browser(*where, None, args.settled)
    # CPython: the same positions with the browser's budget, and with its own default
    out["cpython_browser_budget"] = run_cpython(*where, 0.8, args.settled)
    out["cpython_default"] = run_cpython(*where, None, args.settled)
    out["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
