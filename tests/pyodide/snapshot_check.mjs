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

export async function checkSnapshot(repo, python) {
  const started = Date.now();
  const files = shippedFiles(repo);
  const snapshot = await makeSnapshot(repo, files);
  const expected = execFileSync(python, ["-c", `${PLAY}\nprint(result, end="")`], {
    cwd: repo, encoding: "utf-8", env: { ...process.env, PYTHONPATH: repo },
  });
  const restored = await loadPyodide({ _loadSnapshot: snapshot });
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
    `(${(snapshot.byteLength / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
