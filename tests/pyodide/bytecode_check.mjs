// The app's shipped bytecode under Pyodide in Node.js: a fresh interpreter (the one that
// compiled the pack, no module of the app imported yet) given the sources and the pack of
// tools/bytecode.mjs (as web/python-loader.mjs writes them) imports every
// module the app imports from that bytecode, compiling none of them, and each .pyc carries
// its source's hash.
// Why: the bytecode exists to spare a fresh boot the compiles; if importlib stopped reading it
// (another magic number, another cache tag, a path off by a folder) or it went stale, the
// app would still work, only slower, and nothing else would notice. Run by
// tests/pyodide/run.mjs after the pytest suite.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { HOME, compilePack, compilingPyodide } from "../../tools/bytecode.mjs";
import { MODULES } from "../../tools/snapshot.mjs";

const MAGIC = "BZPYC1\n";

function pythonSources(repo) {
  const found = {};
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (name === "__pycache__" || name.startsWith(".")) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".py")) found[relative(repo, path)] = readFileSync(path, "utf-8");
    }
  };
  walk(join(repo, "engine"));
  walk(join(repo, "web"));
  return found;
}

/** [[path, bytes], ...] of a pack (the format tools/bytecode.mjs describes). */
export function unpack(bytes) {
  const text = new TextDecoder();
  if (text.decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) throw new Error("not a pack");
  let offset = MAGIC.length + 4;
  const length = new DataView(bytes.buffer, bytes.byteOffset + offset - 4, 4).getUint32(0, true);
  const entries = JSON.parse(text.decode(bytes.subarray(offset, offset + length)));
  offset += length;
  const files = entries.map(([path, size]) => [path, bytes.subarray(offset, (offset += size))]);
  if (offset !== bytes.byteLength) throw new Error(`pack of ${bytes.byteLength} bytes, read ${offset}`);
  return files;
}

// Imports what a fresh boot imports (the snapshot's modules, then the AI's), recording every
// module importlib compiled from source; then checks each app module's bytecode.
const CHECK = `
import importlib, importlib.machinery, importlib.util, json, os, sys
os.chdir("${HOME}")
sys.path.insert(0, "${HOME}")
compiled = []
_to_code = importlib.machinery.SourceFileLoader.source_to_code
def _recording(self, data, path, *args, **kwargs):
    compiled.append(path)
    return _to_code(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = _recording
for name in wanted:
    importlib.import_module(name)
for name in sys.modules["web.launch"].AI_MODULES:
    importlib.import_module(name)
importlib.machinery.SourceFileLoader.source_to_code = _to_code
problems = [f"compiled from source: {path}" for path in compiled if path.startswith("${HOME}/")]
checked = 0
for name, module in sorted(sys.modules.items()):
    source = getattr(module, "__file__", None) or ""
    if not source.startswith("${HOME}/"):
        continue
    cached = module.__spec__.cached
    if not cached or not os.path.isfile(cached):
        problems.append(f"{name}: no bytecode at {cached}")
        continue
    with open(source, "rb") as file:
        source_hash = importlib.util.source_hash(file.read())
    with open(cached, "rb") as file:
        head = file.read(16)
    if head[:4] != importlib.util.MAGIC_NUMBER:
        problems.append(f"{name}: magic number {head[:4].hex()}")
    if int.from_bytes(head[4:8], "little") != 0b01:
        problems.append(f"{name}: not an unchecked-hash pyc")
    if head[8:16] != source_hash:
        problems.append(f"{name}: stale bytecode (its source hash differs)")
    checked += 1
json.dumps({"problems": problems, "checked": checked})
`;

export async function checkBytecode(repo) {
  const started = Date.now();
  const sources = pythonSources(repo);
  const pyodide = await compilingPyodide();
  const pack = await compilePack(sources, pyodide);
  const utf8 = new TextEncoder();
  for (const [rel, text] of Object.entries(sources)) {
    pyodide.FS.mkdirTree(dirname(`${HOME}/${rel}`));
    pyodide.FS.writeFile(`${HOME}/${rel}`, utf8.encode(text));
  }
  const files = unpack(pack);
  for (const [path, data] of files) {
    pyodide.FS.mkdirTree(dirname(`${HOME}/${path}`));
    pyodide.FS.writeFile(`${HOME}/${path}`, data);
  }
  pyodide.globals.set("wanted", pyodide.toPy(MODULES));
  const { problems, checked } = JSON.parse(pyodide.runPython(CHECK));
  if (problems.length) throw new Error(problems.join("\n"));
  if (checked < 60) throw new Error(`only ${checked} app modules imported`);
  console.log(`bytecode check: ${checked} modules imported from their bytecode, none compiled ` +
    `(${files.length} .pyc, ${(pack.byteLength / 1e3).toFixed(0)} KB, ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
