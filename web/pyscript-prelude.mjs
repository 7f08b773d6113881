// PyScript's prelude, done natively. Before the app's first line PyScript runs a Python
// source it builds itself: `_path = _Path("./pyscript/x.py")` then
// `_path.write_text("<JSON text>",encoding="utf-8")` for each file of its own package (and
// `if not _os.path.exists(dir):` / `_path.mkdir(...)` for each folder). Compiling and running
// that source took 100-140 ms of every start. The same writes are made here with Emscripten's
// file system, and Python runs only the rest (its imports, `import pyscript`, the `del`s).
// Anything unexpected leaves the code as it came: Python then writes the files itself.

const PRELUDE_START = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";
const PATH = /^_path = _Path\(("[^"\\]*")\)$/;
const WRITE = /^_path\.write_text\(("(?:[^"\\]|\\.)*"),encoding="utf-8"\)$/;
const FOLDER = /^if not _os\.path\.exists\(("[^"\\]*")\):$/;
const MKDIR = "    _path.mkdir(parents=True, exist_ok=True)";

// The code left for Python once the prelude's writes are made through `FS`; the code
// unchanged when it is no prelude or any of it does not read as expected.
export function runPrelude(FS, code) {
  if (typeof code !== "string" || !code.startsWith(PRELUDE_START)) return code;
  const lines = code.split("\n");
  const kept = [];
  const writes = []; // [path, text], or [path, null] for a folder
  let path = null;
  try {
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i];
      let found;
      if ((found = PATH.exec(line))) {
        path = JSON.parse(found[1]);
      } else if ((found = WRITE.exec(line)) && path !== null) {
        writes.push([path, JSON.parse(found[1])]);
      } else if ((found = FOLDER.exec(line)) && lines[i + 1] === MKDIR) {
        writes.push([JSON.parse(found[1]), null]);
        i += 1;
      } else {
        kept.push(line);
      }
    }
    const cwd = FS.cwd();
    const full = (p) => (p.startsWith("/") ? p : `${cwd}/${p.replace(/^(\.\/)+/, "")}`);
    const utf8 = new TextEncoder();
    for (const [where, text] of writes) {
      if (text === null) FS.mkdirTree(full(where));
      else FS.writeFile(full(where), utf8.encode(text), { canOwn: true });
    }
  } catch (error) {
    console.warn(`PyScript's prelude left to Python (${error}).`);
    return code;
  }
  return kept.join("\n");
}

// `pyodide.runPython` and `runPythonAsync` as PyScript calls them, the prelude done natively.
export function nativePrelude(pyodide) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = pyodide[name].bind(pyodide);
    pyodide[name] = (code, ...rest) => run(runPrelude(pyodide.FS, code), ...rest);
  }
}
