// Runs the engine test suite under Pyodide's Python (the browser's interpreter) in Node.js.
// Why: the engine must be proven to work in the exact interpreter the app ships.
// Usage: node tests/pyodide/run.mjs [pytest args...]  (default: tests/pyodide tests/engine,
// then the checks of prelude_check.mjs and snapshot_check.mjs)
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import { checkPrelude } from "./prelude_check.mjs";
import { checkSnapshot } from "./snapshot_check.mjs";

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

const started = Date.now();
process.on("unhandledRejection", (error) => fail(String(error?.message ?? error)));
const pyodide = await loadPyodide({
  env: {
    HOME: "/home/pyodide",
    BEZIQUE_SIM_DEALS: process.env.BEZIQUE_SIM_DEALS ?? "300",
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

const args = process.argv.slice(2);
const targets = args.length ? args : ["tests/pyodide", "tests/engine"].filter((p) => existsSync(join(repo, p)));
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
    await checkSnapshot(repo);
  } catch (error) {
    fail(`snapshot check: ${String(error?.message ?? error).slice(0, 2000)}`);
  }
}
process.exit(code === 0 ? 0 : 1);
