"""The fresh boot's imports in headless Chromium, from source and from the shipped bytecode.

Why: a whole boot (tools/bench_load.py) varies by seconds on a loaded machine, more than the
compiles the bytecode saves; this times only the imports. A page of its own boots the built
site's Pyodide, writes the bundle of Python files (and, for "bytecode", the pack of
runtime/python-bytecode.gz) as web/python-loader.mjs does, then times importing what a
fresh boot imports: the snapshot's modules (tools/snapshot.mjs), then the AI's. Runs
alternate between the two, each in a fresh browser context; prints the medians as JSON.

    python tools/bench_imports.py [--runs 7] [--dist DIST]   # builds a site without --dist
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import serve

import build

CHROMIUM = "/usr/bin/chromium"
PAGE = "bench-imports.html"
SCRIPT = "bench-imports.mjs"
HTML = f'<!doctype html><meta charset="utf-8"><script type="module" src="{SCRIPT}"></script>\n'
# The snapshot's module list is tools/snapshot.mjs's MODULES, read from there.
JS = """import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
import { MODULES } from "./snapshot-modules.mjs";
const HOME = "/home/pyodide";
const mode = new URL(location.href).searchParams.get("mode");
const py = await loadPyodide({ indexURL: new URL("./runtime/pyodide/", location.href).href });
const write = (path, bytes) => {
  py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  py.FS.writeFile(path, bytes);
};
const bundle = await (await fetch("./runtime/python-files.json")).json();
const utf8 = new TextEncoder();
for (const [rel, text] of Object.entries(bundle)) write(`${HOME}/${rel}`, utf8.encode(text));
if (mode === "bytecode") {
  const gzipped = (await fetch("./runtime/python-bytecode.gz")).body;
  const raw = gzipped.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(raw).arrayBuffer());
  const length = new DataView(bytes.buffer, 7, 4).getUint32(0, true);
  let offset = 11 + length;
  for (const [path, size] of JSON.parse(new TextDecoder().decode(bytes.subarray(11, offset)))) {
    write(`${HOME}/${path}`, bytes.subarray(offset, (offset += size)));
  }
}
py.globals.set("wanted", py.toPy(MODULES));
window.result = JSON.parse(py.runPython(`
import importlib, json, os, sys, time
os.chdir("${HOME}")
sys.path.insert(0, "${HOME}")
started = time.perf_counter()
for name in wanted:
    importlib.import_module(name)
app = time.perf_counter()
for name in sys.modules["web.launch"].AI_MODULES:
    importlib.import_module(name)
json.dumps({"app_ms": (app - started) * 1000, "ai_ms": (time.perf_counter() - app) * 1000})
`));
"""


def snapshot_modules() -> str:
    """tools/snapshot.mjs's MODULES as a module of their own (the page cannot import Node's)."""
    text = (build.SNAPSHOT_TOOL).read_text(encoding="utf-8")
    start = text.index("export const MODULES = [")
    return text[start : text.index("];", start) + 2] + "\n"


def measure(dist: Path, runs: int) -> dict[str, dict[str, int]]:
    """Median import times (ms) of `runs` page loads per mode."""
    (dist / PAGE).write_text(HTML, encoding="utf-8")
    (dist / SCRIPT).write_text(JS, encoding="utf-8")
    (dist / "snapshot-modules.mjs").write_text(snapshot_modules(), encoding="utf-8")
    server = serve.make_server(dist, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{PAGE}?mode="
    times: dict[str, list[dict[str, float]]] = {"source": [], "bytecode": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox"], headless=True
            )
            for _ in range(runs):
                for mode, found in times.items():  # interleaved: the load hits both alike
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto(url + mode)
                    page.wait_for_function("() => window.result", timeout=120_000)
                    found.append(page.evaluate("window.result"))
                    context.close()
            browser.close()
    finally:
        server.shutdown()
    return {
        mode: {
            key: round(statistics.median(r[key] for r in found))
            for key in ("app_ms", "ai_ms")
        }
        | {"total_ms": round(statistics.median(r["app_ms"] + r["ai_ms"] for r in found))}
        for mode, found in times.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dist", type=Path, help="a built site (else one is built)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bezique-imports-") as tmp:
        dist = args.dist or Path(tmp) / "site"
        if not args.dist:
            build.build(dist, snapshot=False)
        figures = measure(dist, args.runs)
        for name in (PAGE, SCRIPT, "snapshot-modules.mjs"):
            (dist / name).unlink()
    print(json.dumps({"runs": args.runs, "browser": "headless Chromium " + CHROMIUM} | figures,
                     indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
