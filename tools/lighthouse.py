"""Lighthouse scores of the served build (mobile preset); prints one JSON object.

Why a script: the scores depend on how the site is served (compression, headers), so this
builds dist/ into a temporary folder, serves it with tools/serve.py's handler and runs the
pinned Lighthouse (npm dev dependency, Node 20) against it with Debian's Chromium, N times
(default 3), reporting the median of each score and metric plus the audits that failed.
Run it on a quiet machine: Lighthouse's simulated throttling scales the CPU time it observes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
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


def run_once(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run; returns its JSON report."""
    command = [
        "node", str(LIGHTHOUSE), url,
        "--output=json", f"--output-path={out}", "--quiet",
        f"--chrome-flags={CHROME_FLAGS}",
        f"--only-categories={','.join(CATEGORIES)}",
    ]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    subprocess.run(command, check=True, env=env, cwd=ROOT, timeout=600)
    report: dict[str, Any] = json.loads(out.read_text("utf-8"))
    return report


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
            reports = [run_once(url, REPORTS / f"report-{i}.json") for i in range(args.runs)]
        finally:
            if server:
                server.shutdown()
                server.server_close()
    scores = {
        c: [r["categories"][c]["score"] for r in reports] for c in CATEGORIES
    }
    metrics = {m: [r["audits"][m]["numericValue"] for r in reports] for m in METRICS}
    result = {
        "runs": args.runs,
        "lighthouse": reports[0]["lighthouseVersion"],
        "form_factor": reports[0]["configSettings"]["formFactor"],
        "scores": {c: statistics.median(v) for c, v in scores.items()},
        "scores_all": scores,
        "metrics_ms": {m: round(statistics.median(v), 3) for m, v in metrics.items()},
        "failed": {
            c: sorted({a for r in reports for a in failed_audits(r, c)}) for c in CATEGORIES
        },
        "goals": {"performance": 0.85, "best-practices": 1.0},
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
