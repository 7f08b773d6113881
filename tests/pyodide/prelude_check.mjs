// web/pyscript-prelude.mjs under Pyodide in Node.js: PyScript's prelude, done natively,
// leaves the file system exactly as Python running it does, and the code it leaves runs.
// Why: the app's start skips compiling that prelude; a PyScript whose prelude reads
// otherwise must be noticed here, not in a player's browser.
// Run by tests/pyodide/run.mjs after the pytest suite.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runPrelude } from "../../web/pyscript-prelude.mjs";

// The pieces of PyScript's own generator (its core chunk) that runPrelude reads back.
const FORMAT = [
  '"import os as _os","from pathlib import Path as _Path","_path = None"',
  '`_path = _Path("${e}/${n}")`',
  '`_path.write_text(${e},encoding="utf-8")`',
  '`if not _os.path.exists("${e}/${n}"):`',
  '"    _path.mkdir(parents=True, exist_ok=True)"',
];

// PyScript's prelude for a tree {name: text | {…}}, as its generator writes it.
function prelude(tree) {
  const lines = ["import os as _os", "from pathlib import Path as _Path", "_path = None"];
  const walk = (base, node) => {
    for (const [name, value] of Object.entries(node)) {
      lines.push(`_path = _Path("${base}/${name}")`);
      if (typeof value === "string") {
        lines.push(`_path.write_text(${JSON.stringify(value)},encoding="utf-8")`);
      } else {
        lines.push(`if not _os.path.exists("${base}/${name}"):`);
        lines.push("    _path.mkdir(parents=True, exist_ok=True)");
        walk(`${base}/${name}`, value);
      }
    }
  };
  walk(".", tree);
  lines.push("import json as _json", ...["_Path", "_path", "_os", "_json"].map((n) => `del ${n}`));
  return lines.join("\n");
}

function listing(pyodide, root) {
  return pyodide.runPython(`
import json, os
out = {}
for folder, _, names in sorted(os.walk(${JSON.stringify(root)})):
    for name in sorted(names):
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as f:
            out[os.path.relpath(path, ${JSON.stringify(root)})] = f.read()
json.dumps(out, sort_keys=True)`);
}

export async function checkPrelude(pyodide, repo) {
  const core = join(repo, "node_modules", "@pyscript", "core", "dist");
  const chunk = readdirSync(core).find((n) => /^core-.*\.js$/.test(n));
  const source = readFileSync(join(core, chunk), "utf8");
  for (const piece of FORMAT) {
    if (!source.includes(piece)) throw new Error(`PyScript's prelude no longer has ${piece}`);
  }
  // PyScript's real package, and texts that need escaping.
  const stdlib = join(repo, "node_modules", "@pyscript", "core", "src", "stdlib", "pyscript");
  const files = Object.fromEntries(
    readdirSync(stdlib).filter((n) => n.endsWith(".py")).map((n) => [n, readFileSync(join(stdlib, n), "utf8")]),
  );
  const tree = { pyscript: { ...files, deep: { "x.py": 'q = "\\"quoted\\"\\t\\u00e9 ש ы"\n' } } };
  const code = prelude(tree);
  const { FS } = pyodide;
  for (const where of ["/tmp/prelude-python", "/tmp/prelude-native"]) FS.mkdirTree(where);
  const before = FS.cwd();
  try {
    FS.chdir("/tmp/prelude-python");
    pyodide.runPython(code);
    FS.chdir("/tmp/prelude-native");
    const rest = runPrelude(FS, code);
    if (/write_text|mkdir/.test(rest)) throw new Error(`writes left to Python:\n${rest}`);
    pyodide.runPython(rest);
  } finally {
    FS.chdir(before);
  }
  const expected = listing(pyodide, "/tmp/prelude-python");
  if (Object.keys(JSON.parse(expected)).length < Object.keys(files).length + 1) {
    throw new Error("Python's run of the prelude wrote too little");
  }
  if (listing(pyodide, "/tmp/prelude-native") !== expected) {
    throw new Error("the native prelude wrote other files than Python's");
  }
  // Code that is no prelude passes unchanged.
  for (const other of ["print(1)", prelude(tree).replace("_path = None", "_path = 1")]) {
    if (runPrelude(FS, other) !== other) throw new Error("code that is no prelude was changed");
  }
  console.log(`prelude check: ${Object.keys(JSON.parse(expected)).length} files written natively as Python writes them`);
}
