"""Lighthouse scores of the served build (mobile preset); prints one JSON object.

Why a script: the scores depend on how the site is served (compression, headers), so this
builds dist/ into a temporary folder, serves it with tools/serve.py's handler and runs the
pinned Lighthouse (npm dev dependency, Node 20) against it with Debian's Chromium, N times
(default 3), reporting the median of each score and metric plus the audits that failed.

Two visits are audited:
- "first": Lighthouse's default, a fresh profile. The service worker then downloads the app
  in its own thread while the page shows progress, and Lighthouse may stop before Python
  starts (the report says whether Python booted during the audit: `python_booted`).
- "returning": the same Chromium profile after one full visit (service worker in control,
  storage kept), so Python boots from the offline cache at once, inside the audit: this is
  the audit of the main thread while Python starts.
Run it on a quiet machine: Lighthouse's simulated throttling scales the CPU time it observes.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import serve

import build

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
REPORTS = ROOT / "build" / "lighthouse"  # the full JSON reports, for a closer look
CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage "
    "--disable-background-networking --disable-component-update --disable-sync --no-first-run"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
    "interactive",
)


def run_once(url: str, out: Path, port: int | None = None) -> dict[str, Any]:
    """One Lighthouse run (in the Chromium on `port` with its storage kept, if given)."""
    command = [
        "node", str(LIGHTHOUSE), url,
        "--output=json", f"--output-path={out}", "--quiet",
        f"--chrome-flags={CHROME_FLAGS}",
        f"--only-categories={','.join(CATEGORIES)}",
    ]
    if port is not None:
        command += [f"--port={port}", "--disable-storage-reset"]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    subprocess.run(command, check=True, env=env, cwd=ROOT, timeout=600)
    report: dict[str, Any] = json.loads(out.read_text("utf-8"))
    return report


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def returning_visit(url: str, out: Path, profile: Path) -> dict[str, Any]:
    """Lighthouse on a Chromium whose profile already holds the installed app."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    chromium = subprocess.Popen(
        [CHROMIUM, *CHROME_FLAGS.split(), f"--remote-debugging-port={port}",
         f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        with sync_playwright() as pw:
            for _ in range(100):
                try:
                    browser = pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                    break
                except Exception:
                    time.sleep(0.2)
            else:
                raise RuntimeError("Chromium did not open its debugging port")
            page = browser.contexts[0].new_page()
            page.goto(url)
            page.wait_for_function(
                "document.documentElement.dataset.appState === 'ready'"
                " && navigator.serviceWorker.controller !== null"
                " && document.documentElement.dataset.offline === 'ready'",
                timeout=300_000,
            )
            page.close()
            browser.close()
        return run_once(url, out, port)
    finally:
        chromium.terminate()
        chromium.wait(timeout=30)


def python_booted(report: dict[str, Any]) -> bool:
    """Whether the page fetched Pyodide's wasm during the audit (Python started)."""
    items = report["audits"]["network-requests"]["details"]["items"]
    return any(str(item["url"]).endswith("pyodide.asm.wasm") for item in items)


def summarize(reports: list[dict[str, Any]]) -> dict[str, Any]:
    scores = {c: [r["categories"][c]["score"] for r in reports] for c in CATEGORIES}
    metrics = {m: [r["audits"][m]["numericValue"] for r in reports] for m in METRICS}
    return {
        "scores": {c: statistics.median(v) for c, v in scores.items()},
        "scores_all": scores,
        "metrics_ms": {m: round(statistics.median(v), 3) for m, v in metrics.items()},
        "python_booted": [python_booted(r) for r in reports],
        "failed": {
            c: sorted({a for r in reports for a in failed_audits(r, c)}) for c in CATEGORIES
        },
        "warnings": sorted({w[:160] for r in reports for w in r.get("runWarnings", [])}),
    }


def failed_audits(report: dict[str, Any], category: str) -> list[str]:
    audits = report["audits"]
    return sorted(
        ref["id"]
        for ref in report["categories"][category]["auditRefs"]
        if ref.get("weight", 0) > 0
        and audits[ref["id"]].get("score") is not None
        and audits[ref["id"]]["score"] < 1
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--url", help="audit this URL instead of a fresh build")
    parser.add_argument(
        "--visit", choices=("first", "returning", "both"), default="both", help="which visit"
    )
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print("lighthouse: missing; run `make setup` (npm ci)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="bezique-lighthouse-") as tmp:
        server = None
        url = args.url
        if not url:
            build.build(Path(tmp) / "site")
            server = serve.make_server(Path(tmp) / "site", "127.0.0.1", 0)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            url = f"http://localhost:{server.server_address[1]}/"
        try:
            REPORTS.mkdir(parents=True, exist_ok=True)
            visits = ("first", "returning") if args.visit == "both" else (args.visit,)
            reports: dict[str, list[dict[str, Any]]] = {v: [] for v in visits}
            for i in range(args.runs):  # interleaved: the machine's load hits both alike
                for visit in visits:
                    out = REPORTS / f"{visit}-{i}.json"
                    if visit == "first":
                        reports[visit].append(run_once(url, out))
                    else:
                        profile = Path(tmp) / f"profile-{i}"
                        reports[visit].append(returning_visit(url, out, profile))
        finally:
            if server:
                server.shutdown()
                server.server_close()
    first = next(iter(reports.values()))[0]
    result = {
        "runs": args.runs,
        "lighthouse": first["lighthouseVersion"],
        "form_factor": first["configSettings"]["formFactor"],
        **{visit: summarize(values) for visit, values in reports.items()},
        "goals": {"performance": 0.85, "best-practices": 1.0},
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
