// Compiles the app's Python into bytecode with the pinned Pyodide's own Python, in Node.js.
// Why: a fresh boot (every first visit, ?snapshot=off, every fallback) would otherwise
// compile every module from source in WebAssembly before the first card (measured in
// docs/first-visit.md). The bytecode's magic number must be the browser's interpreter's, so
// it is made by that interpreter, as the memory snapshot is (tools/snapshot.mjs).
//
// Each module becomes an unchecked-hash .pyc (its source's hash inside, never checked on
// import: the build ships both together) at the path importlib looks for it, under
// /home/pyodide as in the page. Compiled without column ranges (PYTHONNODEBUGRANGES): a
// traceback keeps its lines, loses its carets, and the bytecode a third of its gzipped size.
//
// CLI (used by tools/build.py):
//   node tools/bytecode.mjs OUT < bundle.json
// bundle.json is {path: text} of the modules (paths under /home/pyodide). OUT gets the pack
// web/python-loader.mjs reads: "BZPYC1\n", a 4-byte little-endian length, that many bytes
// of JSON [[pyc path, size], ...], then the .pyc files' bytes in that order.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

export const HOME = "/home/pyodide";

/** The pack (see above) of `sources` ({path: text}) compiled by Pyodide's Python. */
export async function compilePack(sources) {
  const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
  pyodide.globals.set("sources_json", JSON.stringify(sources));
  const pack = pyodide.runPython(`
import importlib.util, json, marshal
from importlib._bootstrap_external import _code_to_hash_pyc
assert all(p[2] is None for p in compile("x + 1", "f", "eval").co_positions()), "column ranges kept"
_entries, _blobs = [], []
for _rel, _text in sorted(json.loads(sources_json).items()):
    _source = _text.encode("utf-8")
    _path = f"${HOME}/{_rel}"
    _code = compile(_source, _path, "exec", dont_inherit=True)
    _blob = bytes(_code_to_hash_pyc(_code, importlib.util.source_hash(_source), False))
    _entries.append([importlib.util.cache_from_source(_path)[len("${HOME}/"):], len(_blob)])
    _blobs.append(_blob)
_header = json.dumps(_entries).encode()
b"BZPYC1\\n" + len(_header).to_bytes(4, "little") + _header + b"".join(_blobs)
`);
  const bytes = pack.toJs();
  pack.destroy();
  return bytes;
}

async function main() {
  const [out] = process.argv.slice(2);
  if (!out) {
    console.error("usage: node tools/bytecode.mjs OUT < bundle.json");
    process.exit(2);
  }
  const started = Date.now();
  const bytes = await compilePack(JSON.parse(readFileSync(0, "utf-8")));
  writeFileSync(out, bytes);
  console.log(JSON.stringify({ bytes: bytes.byteLength, ms: Date.now() - started }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`bytecode: ${error?.stack ?? error}`);
    process.exit(1);
  });
}
