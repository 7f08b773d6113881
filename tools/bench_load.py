"""Load-time figures of the app in headless Chromium; prints one JSON object.

Median of N runs (default 5), each in a fresh browser context:
- cold first load to html[data-app-state=ready] (nothing cached; the service worker installs),
- warm offline load (service worker in control, network off, server stopped from the page's view),
each beside the same figure for a "floor" page that only boots the same Pyodide (no PyScript,
no app) with a minimal cache-first worker; plus bytes precached and bytes transferred.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
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
TIMEOUT_MS = 120_000

FLOOR_HTML = """<!doctype html>
<html data-app-state="loading"><head><meta charset="utf-8"><title>floor</title></head>
<body><script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("import sys");
document.documentElement.dataset.appState = "ready";
navigator.serviceWorker?.register("floor-sw.js");
</script></body></html>
"""

FLOOR_FILES = ["floor.html"] + [f"runtime/pyodide/{n}" for n in build.PYODIDE_FILES]
FLOOR_SW = """const FILES = %s;
self.addEventListener("install", (e) => {
  e.waitUntil(caches.open("floor").then((c) => c.addAll(FILES)));
});
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((r) => r || fetch(e.request)));
});
"""

# Records the moment the app turns ready, in the page's own clock (ms since navigation start).
READY_PROBE = """
(() => {
  const mark = () => {
    const html = document.documentElement;
    if (html && html.dataset.appState === "ready" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  const start = () => {
    mark();
    new MutationObserver(mark).observe(document.documentElement, { attributes: true });
  };
  if (document.documentElement) start();
  else document.addEventListener("readystatechange", start, { once: true });
})();
"""


class Counting:
    """A served folder that counts requests and body bytes (what the browser downloads)."""

    def __init__(self, root: Path) -> None:
        self.requests: Counter[str] = Counter()
        self.bytes: Counter[str] = Counter()
        counts = self

        class Handler(serve.Handler):
            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                counts.bytes[urlsplit(self.path).path] += len(data)
                outputfile.write(data)

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

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def prepared_site() -> Iterator[tuple[Path, list[dict[str, object]]]]:
    """Build the app into a temporary folder and add the floor page and its worker."""
    with tempfile.TemporaryDirectory(prefix="bezique-bench-") as tmp:
        root = Path(tmp) / "site"
        entries = build.build(root)
        (root / "floor.html").write_text(FLOOR_HTML, encoding="utf-8")
        (root / "floor-sw.js").write_text(FLOOR_SW % json.dumps(FLOOR_FILES), encoding="utf-8")
        yield root, entries


def wait_ready(page: Page) -> float:
    page.wait_for_function(
        "() => ['ready', 'error'].includes(document.documentElement.dataset.appState)",
        timeout=TIMEOUT_MS,
    )
    state = page.evaluate("document.documentElement.dataset.appState")
    if state != "ready":
        raise RuntimeError(
            f"boot failed: {page.evaluate('({...document.documentElement.dataset})')}"
        )
    return float(page.evaluate("window.__readyAt"))


def one_run(browser: Browser, site: Counting, path: str) -> dict[str, float]:
    """Cold first visit, then an offline reload in the same profile."""
    context = browser.new_context()
    try:
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        site.reset()
        page.goto(site.url + path, wait_until="commit")
        cold = wait_ready(page)
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS
        )
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        # Let the floor's worker finish its install (the app's is done before it boots).
        page.wait_for_timeout(300)
        transferred = sum(site.bytes.values())
        requests = sum(site.requests.values())
        context.set_offline(True)
        page.reload(wait_until="commit")
        warm = wait_ready(page)
        return {
            "cold_ms": cold,
            "warm_offline_ms": warm,
            "first_visit_bytes": transferred,
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
    args = parser.parse_args(argv)
    with prepared_site() as (root, entries), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        site = Counting(root)
        try:
            app = [one_run(browser, site, "") for _ in range(args.runs)]
            floor = [one_run(browser, site, "floor.html") for _ in range(args.runs)]
        finally:
            site.close()
            browser.close()
    result = {
        "runs": args.runs,
        "browser": "headless Chromium " + CHROMIUM,
        "app": summary(app),
        "floor": summary(floor),
        "precache_files": len(entries),
        "precache_bytes": sum(int(str(e["size"])) for e in entries),
        "pyodide_runtime_bytes": sum(
            int(str(e["size"])) for e in entries if str(e["url"]).startswith(build.PYODIDE_DIR)
        ),
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
