// Runs the engine's rules tests under Pyodide's Python (the browser's interpreter) in Node.js,
// one short simulation per variant, and a parity check: seeded AI games give records with the
// same hashes here as in CPython (tests/support/golden.py, run by CPython first).
// Why: the engine must be proven to work in the exact interpreter the app ships; the rest of
// the engine suite (AI, tools) runs under CPython, and the parity proves the AI plays the same.
// Usage: node tests/pyodide/run.mjs [pytest args...]  (default: TARGETS, then the checks of
// prelude_check.mjs, snapshot_check.mjs and bytecode_check.mjs). BEZIQUE_PYTHON names the CPython for the parity
// (default .venv/bin/python), BEZIQUE_GOLDEN_DEALS its deals per variant (default 1: the
// strong and normal AI in every variant, every level in the three- and four-handed ones).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import { checkPrelude } from "./prelude_check.mjs";
import { checkSnapshot } from "./snapshot_check.mjs";
import { checkBytecode } from "./bytecode_check.mjs";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheelDir = join(repo, "build", "wheels");
const MOUNT = "/repo";

function fail(message) {
  console.error(`pyodide runner: ${message}`);
  process.exit(1);
}

if (!existsSync(wheelDir)) fail(`missing ${wheelDir}; run 'make setup' first`);
const wheels = readdirSync(wheelDir).filter((n) => n.endsWith(".whl")).sort();
if (!wheels.some((n) => n.startsWith("pytest-"))) fail(`no pytest wheel in ${wheelDir}`);

// The rules of every variant, one short simulation each (BEZIQUE_SIM_DEALS deals), parity.
const TARGETS = [
  "tests/pyodide",
  "tests/engine/test_classic_rules.py",
  "tests/engine/test_russian.py",
  "tests/engine/test_bezik_rules.py",
  "tests/engine/test_bezik_match.py",
  "tests/engine/test_game_and_records.py",
  "tests/engine/test_undo.py",
  "tests/engine/test_observation_log.py",
  "tests/engine/test_simulation.py::test_classic_random_simulation",
  "tests/engine/test_russian_sim.py",
  "tests/engine/test_bezik_sim.py::test_random_deals_keep_every_invariant",
  "tests/engine/test_multipack.py",
  "tests/engine/test_multipack_sim.py",
];
const GOLDEN_DEALS = process.env.BEZIQUE_GOLDEN_DEALS ?? "1";

// The records' hashes in CPython, for tests/pyodide/test_parity.py to match.
const python = process.env.BEZIQUE_PYTHON ?? join(repo, ".venv", "bin", "python");
function cpythonHashes() {
  try {
    return execFileSync(python, ["tests/support/golden.py", GOLDEN_DEALS, "--json"], {
      cwd: repo, encoding: "utf-8", env: { ...process.env, PYTHONPATH: repo },
    });
  } catch (error) {
    fail(`CPython's golden records (${python} tests/support/golden.py): ${error.message}`);
  }
}

const args = process.argv.slice(2);
const targets = args.length ? args : TARGETS;
const started = Date.now();
process.on("unhandledRejection", (error) => fail(String(error?.message ?? error)));
const pyodide = await loadPyodide({
  env: {
    HOME: "/home/pyodide",
    BEZIQUE_SIM_DEALS: process.env.BEZIQUE_SIM_DEALS ?? "6",
    BEZIQUE_GOLDEN: targets.some((t) => t.startsWith("tests/pyodide")) ? cpythonHashes() : "",
    BEZIQUE_GOLDEN_DEALS: GOLDEN_DEALS,
    PYTHONDONTWRITEBYTECODE: "1",
  },
});
// Raw writes keep pytest's progress dots on one line (the batched default splits them).
pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const name of wheels) {
  const bytes = new Uint8Array(readFileSync(join(wheelDir, name)));
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
}
pyodide.FS.mkdirTree(MOUNT);
pyodide.mountNodeFS(MOUNT, repo);

pyodide.globals.set("pytest_args", pyodide.toPy([
  "-p", "no:cacheprovider", "-p", "emscripten_skips", "-q", "-m", "not slow and not needs_processes", "--rootdir", MOUNT, ...targets,
]));
let code;
try {
  code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
os.chdir("${MOUNT}")
sys.path.insert(0, "${MOUNT}")
sys.path.insert(0, "${MOUNT}/tests/pyodide")
import pytest
print(f"Python {sys.version.split()[0]} on {sys.platform}; pytest {pytest.__version__}", flush=True)
int(pytest.main(list(pytest_args)))
`);
} catch (error) {
  fail(String(error?.message ?? error));
}
console.log(`pyodide runner: pytest exit code ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (code === 0 && !args.length) {
  try {
    await checkPrelude(pyodide, repo);
  } catch (error) {
    fail(`prelude check: ${String(error?.message ?? error).slice(0, 2000)}`);
  }
  try {
    await checkSnapshot(repo, python);
  } catch (error) {
    fail(`snapshot check: ${String(error?.message ?? error).slice(0, 2000)}`);
  }
  try {
    await checkBytecode(repo);
  } catch (error) {
    fail(`bytecode check: ${String(error?.message ?? error).slice(0, 2000)}`);
  }
}
process.exit(code === 0 ? 0 : 1);
