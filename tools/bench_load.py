"""Load-time figures of the app in headless Chromium; prints one JSON object.

Median of N runs (default 5), each in a fresh browser context, for both Python boot paths
(the memory snapshot, and the normal boot forced with ?snapshot=off), both with Python in a
worker (the page is cross-origin isolated), and the snapshot path with Python on the main
thread (?thread=main, as on a host without isolation headers before the service worker):
- cold first visit to a playable table (nothing cached; the service worker installs),
- warm offline start to a playable table (service worker in control, network off),
each beside the same figure for a "floor" page that only boots a bare Pyodide as npm
publishes it (`loadPyodide()` then `1+1`; no PyScript, no app) with a minimal cache-first
worker, and the ratio app/floor. A second floor page, `floor_trimmed`, boots the app's own
Pyodide (its standard library cut to what the app imports and compiled, and its lock file
without packages; docs/first-visit.md): what is left of Python's start-up after those.
"Playable" is html[data-app-state=ready] and an enabled control that plays
(a card's data-action) — when a start screen stands first, its Continue (a saved game) or
Play (a first visit) is tapped from inside the page the moment the screen takes input (on a
warm start, the moment the shell draws its kept copy, before Python is ready), and
the time runs on to the cards (the tap's time is reported too). Also: the longest main-thread
task in the 3 s after ready, the bytes precached and the bytes sent over the wire (gzip) on a
first visit, and the bytes sent before the table was playable.

`--link 4g` or `--link slow` throttles the server (all connections share one link, the service
worker's fetches included): 9 or 1.6 Mbit/s, with 150 ms before each response, as a phone's
mobile data would; `--link local` (the default) does not.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import serve
from screenshots import SETTLED

import build

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 300_000
# name: (bits per second shared by every connection, seconds before each response)
LINKS = {"local": (0.0, 0.0), "4g": (9e6, 0.150), "slow": (1.6e6, 0.150)}
CHUNK = 16 * 1024


class Link:
    """One throttled link for every connection of a server: a byte clock that each chunk
    reserves its own slot of, so parallel downloads share the rate instead of each having it."""

    def __init__(self, bits_per_second: float, latency_s: float) -> None:
        self.bytes_per_second = bits_per_second / 8
        self.latency_s = latency_s
        self.lock = threading.Lock()
        self.free_at = 0.0

    def wait_latency(self) -> None:
        if self.latency_s:
            time.sleep(self.latency_s)

    def send(self, data: bytes, write: Any) -> None:
        if not self.bytes_per_second:
            write(data)
            return
        for start in range(0, len(data), CHUNK):
            chunk = data[start : start + CHUNK]
            with self.lock:
                now = time.monotonic()
                self.free_at = max(self.free_at, now) + len(chunk) / self.bytes_per_second
                due = self.free_at
            time.sleep(max(0.0, due - time.monotonic()))
            write(chunk)

FLOOR_HTML = """<!doctype html>
<html data-app-state="loading"><head><meta charset="utf-8"><title>floor</title></head>
<body><script type="module" src="%s.mjs"></script></body></html>
"""
# A file, not inline: the server sends the app's Content-Security-Policy with every page.
FLOOR_JS = """import { loadPyodide } from "./%s/pyodide.mjs";
%s
const pyodide = await loadPyodide();
pyodide.runPython("1+1");
document.documentElement.dataset.appState = "ready";
navigator.serviceWorker?.register("%s-sw.js");
"""
# The app's standard library ships gzipped (build.gzip_stdlib): unpacked for Pyodide's fetch
# of the zip, as the app's loader does.
TRIMMED_STDLIB = f"""const fetchHere = globalThis.fetch;
globalThis.fetch = (url, init) => String(url).endsWith("/{build.STDLIB_ZIP}")
  ? fetchHere("./{build.PYODIDE_DIR}/{build.STDLIB_GZ}").then((response) =>
    new Response(response.body.pipeThrough(new DecompressionStream("gzip"))))
  : fetchHere(url, init);"""
# Each floor page: its Pyodide's folder (the published one is copied in from npm), its files
# and what it runs before loadPyodide.
FLOORS = {
    "floor": ("floor-pyodide", build.PYODIDE_FILES, ""),
    "floor_trimmed": (
        build.PYODIDE_DIR,
        tuple(build.STDLIB_GZ if n == build.STDLIB_ZIP else n for n in build.PYODIDE_FILES),
        TRIMMED_STDLIB,
    ),
}
FLOOR_SW = """const FILES = %s;
self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(FILES[0]).then((c) => c.addAll(FILES)));
});
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((r) => r || fetch(e.request)));
});
"""

# Records, in the page's own clock (ms since navigation start), when the app turns ready and
# when a control that plays a card is enabled; and every long task of the main thread.
READY_PROBE = """
(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  const PLAYABLE = '#bz [data-action]:not([aria-disabled="true"])';
  // A player who taps Continue (or Play) the moment the start screen takes input: tapped
  // in the page, so the harness's own round trips stay out of the figure, and in a task of
  // its own, as a tap comes (not inside the task that made the screen ready).
  const TAP = ["continue", "play"];
  const tap = (html) => {
    if (window.__tapping || html.hasAttribute("data-pending")) return;
    for (const name of TAP) {
      const button = document.querySelector(`#bz [data-screen="start"] [data-command="${name}"]`);
      if (button) {
        window.__tapping = true;
        setTimeout(() => {
          window.__tappedAt = performance.now();
          button.click();
        }, 0);
        return;
      }
    }
  };
  const mark = () => {
    const html = document.documentElement;
    if (!html) return;
    const start = document.querySelector('#bz [data-screen="start"]');
    if (start && window.__startShownAt === undefined) window.__startShownAt = performance.now();
    // a warm start: the shell's copy of the start screen takes the tap before Python is ready
    if (start && html.dataset.warm === "drawn" && window.__playableAt === undefined) tap(html);
    if (html.dataset.appState !== "ready") return;
    if (window.__readyAt === undefined) window.__readyAt = performance.now();
    if (window.__playableAt === undefined && document.querySelector(PLAYABLE)) {
      window.__playableAt = performance.now();
    }
    if (window.__playableAt === undefined) tap(html);
  };
  const start = () => {
    mark();
    new MutationObserver(mark).observe(document.documentElement, {
      attributes: true, childList: true, subtree: true,
    });
  };
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, { once: true });
})();
"""
START_STEPS = ("new-game", "start", "confirm-new")
# The in-page tap has taken Continue or Play (or the screen offers neither).
TAP_TAKEN = """() => window.__tappedAt !== undefined || window.__playableAt !== undefined ||
  !document.querySelector(
    '#bz [data-screen="start"] :is([data-command="continue"], [data-command="play"])')"""


class Counting:
    """A served folder that counts requests and body bytes (what the browser downloads)."""

    def __init__(self, root: Path, link: Link | None = None) -> None:
        self.link = link or Link(0.0, 0.0)
        self.requests: Counter[str] = Counter()
        self.bytes: Counter[str] = Counter()  # on the wire
        self.content: Counter[str] = Counter()  # the files' own sizes
        counts = self

        class Handler(serve.Handler):
            def send_response(self, code: int, message: str | None = None) -> None:
                counts.link.wait_latency()
                super().send_response(code, message)

            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                path = urlsplit(self.path).path
                counts.content[path] += self.identity_size or len(data)

                def write(chunk: bytes) -> None:
                    counts.bytes[path] += len(chunk)
                    outputfile.write(chunk)

                counts.link.send(data, write)

            def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
                counts.requests[urlsplit(self.path).path] += 1

        self.server = ThreadingHTTPServer(
            ("127.0.0.1", 0), lambda *a: Handler(*a, directory=str(root))
        )
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://localhost:{self.server.server_address[1]}/"

    def reset(self) -> None:
        self.requests.clear()
        self.bytes.clear()
        self.content.clear()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def prepared_site() -> Iterator[tuple[Path, list[dict[str, object]]]]:
    """Build the app into a temporary folder and add the floor page and its worker."""
    with tempfile.TemporaryDirectory(prefix="bezique-bench-") as tmp:
        root = Path(tmp) / "site"
        entries = build.build(root)
        published = root / FLOORS["floor"][0]
        published.mkdir()
        for name in build.PYODIDE_FILES:
            shutil.copyfile(build.NODE_MODULES / "pyodide" / name, published / name)
        for page, (folder, names, options) in FLOORS.items():
            (root / f"{page}.html").write_text(FLOOR_HTML % page, encoding="utf-8")
            (root / f"{page}.mjs").write_text(FLOOR_JS % (folder, options, page), encoding="utf-8")
            files = [f"{page}.html", f"{page}.mjs"] + [f"{folder}/{n}" for n in names]
            (root / f"{page}-sw.js").write_text(FLOOR_SW % json.dumps(files), encoding="utf-8")
        yield root, entries


def precompress(root: Path) -> None:
    """Gzip every compressible file before the runs, as a host that precompresses has them.

    Why: tools/serve.py compresses a file on its first request (then keeps it), under one
    lock; Pyodide's WebAssembly took 0.6 s of it, which a first visit then waited for."""
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix.lower() in serve.COMPRESSIBLE:
            serve.gzipped(path, path.stat())


def wait_playable(page: Page, app: bool, site: Counting) -> dict[str, float]:
    """Times (page clock, ms) to ready and to a playable table; the floor is playable at ready."""
    page.wait_for_function(
        # on a slow link the page may still have no document element when this first runs
        "() => ['ready', 'error'].includes(document.documentElement?.dataset.appState)",
        timeout=TIMEOUT_MS,
    )
    state = page.evaluate("({...document.documentElement.dataset})")
    if state.get("appState") != "ready":
        raise RuntimeError(f"boot failed: {state}")
    ready = float(page.evaluate("window.__readyAt"))
    if not app:
        return {"ready": ready, "tapped": ready, "playable": ready, "long_task_after_ready": 0.0,
                "bytes_at_playable": float(sum(site.bytes.values())), "start_shown": ready}
    # The start screen: Continue or Play, tapped in the page (never a second time here: a
    # double tap); else New game then Start (each once the one before is handled:
    # html[data-pending], Python may run in a worker).
    page.wait_for_function(TAP_TAKEN, timeout=TIMEOUT_MS)
    tapped = page.evaluate("window.__tappedAt ?? null")
    for command in () if tapped is not None else START_STEPS:
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        if page.evaluate("window.__playableAt !== undefined"):
            break
        button = page.locator(f'#bz [data-command="{command}"]')
        if button.count() and button.first.is_visible():
            button.first.click()
    page.wait_for_function("() => window.__playableAt !== undefined", timeout=TIMEOUT_MS)
    at_playable = float(sum(site.bytes.values()))  # a poll later: a few chunks at most
    page.wait_for_timeout(3000)
    longest = page.evaluate(
        """(from) => Math.max(0, ...window.__longTasks
             .filter(([start, d]) => start + d > from && start < from + 3000).map(([, d]) => d))""",
        ready,
    )
    return {
        "ready": ready,
        "tapped": ready if tapped is None else float(tapped),
        "playable": float(page.evaluate("window.__playableAt")),
        "long_task_after_ready": float(longest),
        "bytes_at_playable": at_playable,
        "start_shown": float(page.evaluate("window.__startShownAt ?? window.__readyAt")),
        "snapshot_used": 1.0 if state.get("pythonBoot") == "snapshot" else 0.0,
        "worker": 1.0 if state.get("pythonThread") == "worker" else 0.0,
    }


def one_run(browser: Browser, site: Counting, path: str) -> dict[str, float]:
    """Cold first visit, then an offline reload in the same profile."""
    app = not path.startswith("floor")
    context = browser.new_context()
    try:
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        site.reset()
        page.goto(site.url + path, wait_until="commit")
        cold = wait_playable(page, app, site)
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null"
            + (" && document.documentElement.dataset.offline === 'ready'" if app else ""),
            timeout=TIMEOUT_MS,
        )
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        # Let the floor's worker finish its install (the app's copy is complete: waited above).
        page.wait_for_timeout(300)
        transferred = sum(site.bytes.values())
        content = sum(site.content.values())
        requests = sum(site.requests.values())
        context.set_offline(True)
        page.reload(wait_until="commit")
        warm = wait_playable(page, app, site)
        return {
            "cold_ms": cold["playable"],
            "cold_ready_ms": cold["ready"],
            "warm_offline_ms": warm["playable"],
            "warm_offline_ready_ms": warm["ready"],
            "warm_offline_start_screen_ms": warm["start_shown"],
            "cold_tap_to_playable_ms": cold["playable"] - cold["tapped"],
            "warm_tap_to_playable_ms": warm["playable"] - warm["tapped"],
            "long_task_after_ready_ms": max(
                cold["long_task_after_ready"], warm["long_task_after_ready"]
            ),
            "snapshot_used": min(cold.get("snapshot_used", 0.0), warm.get("snapshot_used", 0.0)),
            "worker": min(cold.get("worker", 0.0), warm.get("worker", 0.0)),
            "first_visit_bytes_before_playable": cold["bytes_at_playable"],
            "first_visit_bytes": transferred,
            "first_visit_content_bytes": content,
            "first_visit_requests": requests,
        }
    finally:
        context.close()


def summary(runs: list[dict[str, float]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in runs[0]:
        values = [r[key] for r in runs]
        out[key] = round(statistics.median(values), 1)
        out[f"{key}_all"] = [round(v, 1) for v in values]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--link", choices=sorted(LINKS), default="local",
                        help="throttle the server as this link (every connection shares it)")
    parser.add_argument(
        "--skip", nargs="*", default=[], choices=("fallback", "main_thread", "floor_trimmed"),
        help="paths to skip (one --skip with every name)",
    )
    args = parser.parse_args(argv)
    with prepared_site() as (root, entries), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        site = Counting(root, Link(*LINKS[args.link]))
        precompress(root)
        # One seeded deal, the player to lead: "playable" is the start alone, never the
        # computer's first move as well (a random dealer would add it to half the runs).
        paths = {
            "snapshot": "?seed=1",
            "fallback": "?seed=1&snapshot=off",
            "main_thread": "?seed=1&thread=main",
            "floor": "floor.html",
            "floor_trimmed": "floor_trimmed.html",
        }
        for name in args.skip:
            del paths[name]
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in paths}
        try:
            # Interleaved, so the machine's changing load hits every page alike.
            for _ in range(args.runs):
                for name, path in paths.items():
                    runs[name].append(one_run(browser, site, path))
        finally:
            site.close()
            browser.close()
    figures = {name: summary(values) for name, values in runs.items()}
    floor = figures["floor"]
    for name in paths:
        if name.startswith("floor"):
            continue
        for key in ("cold_ms", "warm_offline_ms"):
            figures[name][f"{key}_vs_floor"] = round(figures[name][key] / floor[key], 2)
    result = {
        "runs": args.runs,
        "link": {"name": args.link, "mbit_per_s": LINKS[args.link][0] / 1e6,
                 "ms_before_each_response": LINKS[args.link][1] * 1000},
        "browser": "headless Chromium " + CHROMIUM,
        "app": figures["snapshot"],
        "app_fallback": figures.get("fallback"),
        "app_main_thread": figures.get("main_thread"),
        "floor": floor,
        "floor_trimmed": figures.get("floor_trimmed"),
        "goals": {
            "warm_offline_vs_floor_at_most": 0.3,
            "cold_vs_floor_at_most": 0.7,
            "long_task_after_ready_ms_at_most": 200,
        },
        "precache_files": len(entries),
        "precache_bytes": sum(int(str(e["size"])) for e in entries),
        "pyodide_runtime_bytes": sum(
            int(str(e["size"])) for e in entries if str(e["url"]).startswith(build.PYODIDE_DIR)
        ),
        "snapshot_bytes": sum(
            int(str(e["size"])) for e in entries if str(e["url"]).endswith(".snapshot.gz")
        ),
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
