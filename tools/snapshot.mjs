// Makes the app's Python memory snapshot in Node.js with the pinned Pyodide.
// Why: restoring an interpreter whose modules are already imported skips Python's start-up
// and every import on the player's device (the expensive part of booting Python in a page).
// The source files go into Pyodide's in-memory file system where PyScript later writes them
// (/home/pyodide/<path>), so the modules' __file__ paths match the browser's.
//
// CLI (used by tools/build.py):
//   node tools/snapshot.mjs OUT.gz ROOT < files.json
// files.json lists the ROOT-relative paths to write. Prints one JSON line with the sizes.
import { readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { gzipSync, constants } from "node:zlib";
import { loadPyodide } from "pyodide";
import { packPages } from "../web/snapshot-pages.mjs";

export const HOME = "/home/pyodide";
// Imported before the snapshot is taken, decided by measurement (docs/start-up.md):
// the engine, all the table code (web.launch imports web.app, which imports every web module
// but web.main, which starts the app; none of them touches the browser on import: web.platform.dom
// reaches `js` only when called), then every AI module, as listed by web.launch's AI_MODULES (the modules
// a fresh boot imports while the player looks at the table; else the first AI move would
// compile them).
export const MODULES = [
  "engine",
  "engine.players",
  "engine.match",
  "web.launch",
  "web.platform.dom",
  "web.platform.page",
  "pyodide.ffi",
  "copy",
];

/** Pyodide with `files` (ROOT-relative paths) written under HOME. */
export async function freshInterpreter(root, files, options = {}) {
  const pyodide = await loadPyodide(options);
  for (const rel of files) {
    const target = `${HOME}/${rel}`;
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(join(root, rel)));
  }
  return pyodide;
}

/** The uncompressed snapshot of an interpreter that imported `modules` from `files`. */
export async function makeSnapshot(root, files, modules = MODULES) {
  const pyodide = await freshInterpreter(root, files, { _makeSnapshot: true });
  pyodide.globals.set("snapshot_modules", pyodide.toPy(modules));
  pyodide.runPython(`
import importlib, sys
for _name in snapshot_modules:
    importlib.import_module(_name)
for _name in sys.modules["web.launch"].AI_MODULES:
    importlib.import_module(_name)
del _name
sys.modules["__main__"].__dict__.pop("snapshot_modules", None)
importlib.invalidate_caches()
# Everything alive now lives as long as the page: keep it out of every later collection, or
# the first full collection after start walks all of it in one long task of the main thread.
import gc
gc.collect()
gc.freeze()
`);
  return pyodide.makeMemorySnapshot();
}

async function main() {
  const [out, root] = process.argv.slice(2);
  if (!out || !root) {
    console.error("usage: node tools/snapshot.mjs OUT.gz ROOT < files.json");
    process.exit(2);
  }
  const files = JSON.parse(readFileSync(0, "utf-8"));
  const started = Date.now();
  const snapshot = await makeSnapshot(root, files);
  const pages = packPages(snapshot); // its zero pages left out (web/snapshot-pages.mjs)
  const packed = gzipSync(pages, { level: constants.Z_BEST_COMPRESSION });
  writeFileSync(out, packed);
  console.log(JSON.stringify({
    memory: snapshot.byteLength, raw: pages.byteLength, gzip: packed.byteLength, ms: Date.now() - started,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`snapshot: ${error?.stack ?? error}`);
    process.exit(1);
  });
}
