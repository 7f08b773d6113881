// The app's memory snapshot under Pyodide in Node.js: an interpreter restored from it plays
// exactly the deals CPython plays (same records, same scores).
// Why: the browser boots from that snapshot; the engine must not notice the difference. A
// freshly booted Pyodide plays as CPython does (tests/pyodide/test_parity.py), so CPython,
// native and quick, gives the expected records instead of a second boot of Pyodide.
// Run by tests/pyodide/run.mjs after the pytest suite.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { loadPyodide } from "pyodide";
import { HOME, MODULES, makeSnapshot } from "../../tools/snapshot.mjs";
import { PAGE, packPages, unpackPages } from "../../web/snapshot-pages.mjs";

// Seeded deals, every decision deterministic (tests/support/golden.py's players).
const GOLDEN = "tests/support/golden.py";
const PLAY = `
import json, sys
sys.path.insert(0, "tests/support")
from golden import play_deal
result = json.dumps([play_deal(variant, seed) for variant, seed in
                     (("classic", 11), ("russian-3", 12), ("bezik", 13))], sort_keys=True)
`;

function shippedFiles(repo) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (name === "__pycache__" || name.startsWith(".")) continue;
      if (statSync(path).isDirectory()) walk(path);
      // the AI's model too (engine/ai/*.json), as the build ships it: the strong level reads it
      else if (name.endsWith(".py") || (name.endsWith(".json") && dir.endsWith("/engine/ai"))) {
        found.push(relative(repo, path));
      }
    }
  };
  walk(join(repo, "engine"));
  walk(join(repo, "web"));
  return found;
}

// The snapshot's pages as the app ships them (web/snapshot-pages.mjs): the memory comes back
// byte for byte, without its zero pages in the file; a damaged file is refused with a reason
// (the loader then boots Python normally), never restored half right.
function checkPages(snapshot, pages) {
  const back = unpackPages(pages);
  if (back.length !== snapshot.length || Buffer.compare(back, snapshot) !== 0) {
    throw new Error("the snapshot's pages do not unpack to the snapshot");
  }
  if (pages.length > 0.8 * snapshot.length) throw new Error(`pages: ${pages.length} bytes kept`);
  const refused = (why, file) => {
    try {
      unpackPages(file);
    } catch (error) {
      if (String(error.message).startsWith("snapshot pages:")) return;
      throw error;
    }
    throw new Error(`a damaged pages file was unpacked: ${why}`);
  };
  refused("half of it", pages.subarray(0, pages.length >> 1));
  refused("the tail cut", pages.subarray(0, pages.length - 1));
  refused("empty", new Uint8Array(0));
  const recounted = packPages(new Uint8Array(3 * PAGE).fill(1));
  const count = recounted.length - 16; // the run count's place: one run, made two
  new DataView(recounted.buffer).setUint32(count, 2, true);
  refused("a run count too high", recounted);
}

export async function checkSnapshot(repo, python) {
  const started = Date.now();
  const files = shippedFiles(repo);
  const snapshot = await makeSnapshot(repo, files);
  const expected = execFileSync(python, ["-c", `${PLAY}\nprint(result, end="")`], {
    cwd: repo, encoding: "utf-8", env: { ...process.env, PYTHONPATH: repo },
  });
  // as the app ships it: its pages that hold something, put back in place
  const pages = packPages(snapshot);
  checkPages(snapshot, pages);
  const restored = await loadPyodide({ _loadSnapshot: unpackPages(pages) });
  for (const rel of [...files, GOLDEN]) { // as PyScript does in the page: the file system is not in it
    restored.FS.mkdirTree(dirname(`${HOME}/${rel}`));
    restored.FS.writeFile(`${HOME}/${rel}`, readFileSync(join(repo, rel)));
  }
  const preloaded = restored.runPython(
    `import json, sys; wanted = ${JSON.stringify(MODULES)} + list(sys.modules["web.launch"].AI_MODULES)\n` +
    `json.dumps([m for m in wanted if m not in sys.modules])`,
  );
  if (preloaded !== "[]") throw new Error(`snapshot lacks modules ${preloaded}`);
  const got = restored.runPython(`import os; os.chdir("${HOME}")\n${PLAY}\nresult`);
  if (got !== expected) {
    throw new Error(`restored interpreter played differently:\n${got.slice(0, 500)}\nvs CPython's\n${expected.slice(0, 500)}`);
  }
  const deals = JSON.parse(got).length;
  console.log(`snapshot check: ${deals} deals identical from the snapshot and in CPython ` +
    `(${(snapshot.byteLength / 1e6).toFixed(1)} MB, ${(pages.byteLength / 1e6).toFixed(1)} MB shipped, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
