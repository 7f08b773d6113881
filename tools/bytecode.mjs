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
// The standard library too (`--stdlib`): Pyodide ships it as sources, and a fresh boot
// compiled the 190-odd modules that Python's and Pyodide's own start imports, 1.6 s of this
// machine's CPU in Node.js (docs/first-visit.md). The zip the app ships gets, for each .py,
// a sourceless .pyc in its place (zipimport reads `mod.pyc` beside where `mod.py` was),
// compiled with optimize=2 (no docstrings or asserts, as the app's own shipped Python) and
// without column ranges: 24% more bytes on the wire than the sources, not 90%. Its members
// are stored, not deflated: the build gzips the whole zip (tools/build.py, `gzip_stdlib`),
// which compresses across modules (111 KB less on the wire) and spares every import an
// inflate.
//
// CLI (used by tools/build.py):
//   node tools/bytecode.mjs OUT < bundle.json
//   node tools/bytecode.mjs --stdlib IN.zip OUT.zip
// bundle.json is {path: text} of the modules (paths under /home/pyodide). OUT gets the pack
// web/python-loader.mjs reads: "BZPYC1\n", a 4-byte little-endian length, that many bytes
// of JSON [[pyc path, size], ...], then the .pyc files' bytes in that order.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

export const HOME = "/home/pyodide";

/** A Pyodide whose compiles leave out column ranges, as the pack's are. */
export function compilingPyodide() {
  return loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
}

/** The pack (see above) of `sources` ({path: text}) compiled by Pyodide's Python (in
 * `pyodide`, one from compilingPyodide, when given: a check then imports in it too). */
export async function compilePack(sources, pyodide = null) {
  pyodide ??= await compilingPyodide();
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

/** The standard library zip `zip` (bytes) with each module compiled (see above). */
export async function compileStdlib(zip) {
  const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
  pyodide.FS.writeFile("/tmp/stdlib-in.zip", zip);
  pyodide.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
_where = next(p for p in sys.path if p.endswith(".zip"))  # where the page mounts it
with zipfile.ZipFile("/tmp/stdlib-in.zip") as _src, zipfile.ZipFile(
        "/tmp/stdlib-out.zip", "w", zipfile.ZIP_STORED) as _dst:
    for _info in _src.infolist():
        _data = _src.read(_info)
        if _info.filename.endswith(".py"):
            _code = compile(_data, f"{_where}/{_info.filename}", "exec", dont_inherit=True,
                            optimize=2)
            _pyc = bytes(_code_to_hash_pyc(_code, importlib.util.source_hash(_data), False))
            _dst.writestr(zipfile.ZipInfo(_info.filename[:-3] + ".pyc", _info.date_time), _pyc)
        else:
            _info.compress_type = zipfile.ZIP_STORED
            _dst.writestr(_info, _data)
`);
  return pyodide.FS.readFile("/tmp/stdlib-out.zip");
}

async function main() {
  if (process.argv[2] === "--stdlib") {
    const [source, target] = process.argv.slice(3);
    const started = Date.now();
    const bytes = await compileStdlib(readFileSync(source));
    writeFileSync(target, bytes);
    console.log(JSON.stringify({ bytes: bytes.byteLength, ms: Date.now() - started }));
    return;
  }
  const [out] = process.argv.slice(2);
  if (!out) {
    console.error("usage: node tools/bytecode.mjs OUT < bundle.json | --stdlib IN.zip OUT.zip");
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
