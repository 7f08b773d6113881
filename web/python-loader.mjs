// The module PyScript's config names as its `interpreter`: Pyodide, started from the app's
// memory snapshot when it can be, else booted normally.
// Why: a snapshot holds an interpreter with the engine, the AI and the table code already
// imported (made by tools/build.py in Node.js), so restoring it skips Python's start-up and
// every import. Anything wrong with it (missing, corrupt, from another Pyodide build, failing
// to restore) costs only the time of the attempt: the normal boot follows, and the console
// says why. The page shows which path ran in html[data-python-boot] ("snapshot"/"fresh").
import { loadPyodide as bootPyodide, version } from "../runtime/pyodide/pyodide.mjs";
import { nativePrelude } from "./pyscript-prelude.mjs";
import { unpackPages } from "./snapshot-pages.mjs";

export { version };

// Written by tools/build.py: {url, raw, revision} of the gzipped snapshot (named by its
// inputs' hash; `raw` is its length unzipped, the pages of web/snapshot-pages.mjs), {url}
// of the bundle of the app's Python files, its `files` that travel as files of their own
// (dist-relative paths: the catalogs), and the `bytecode` of its modules (tools/bytecode.mjs).
const SNAPSHOT = null;
const BUNDLE = null;
const HOME = "/home/pyodide"; // Python's working directory: the app's files go under it
const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
// Run right after a restore: every restored interpreter would otherwise share the random
// state frozen into the snapshot; and a probe that the app's modules are really there.
const AFTER_RESTORE = "import random, sys\nrandom.seed()\nassert 'web.app' in sys.modules";

// In a worker, Python's errors reach only the worker's console: pass them on to the page's
// shell (index.html), which tells a fatal one and shows the error screen at once instead of
// waiting for its watchdog.
if (typeof document === "undefined" && typeof BroadcastChannel === "function") {
  const shell = new BroadcastChannel("bezique-boot");
  const report = console.error.bind(console);
  console.error = (...args) => {
    shell.postMessage({ type: "error", text: args.map(String).join(" ").slice(0, 500) });
    report(...args);
  };
}

// web/platform/page.py's door to the page from a worker: index.html's `__bzCall`, reached here in
// JavaScript. Python reaching it through the page's `window` proxy took 50-70 ms, as Pyodide
// probes each remote object it wraps with a round trip per probe; this function is local.
if (typeof document === "undefined") {
  globalThis.__bzDoor = (xworker) => {
    const call = xworker.window.__bzCall;
    return (...args) => call(...args);
  };
}

// All start at once as this module is imported: by PyScript in a worker, alongside its own
// setup; by the shell when Python runs on the page's thread.
const snapshotFound = findSnapshot(); // its response, not yet read
snapshotFound.catch(() => {});
const snapshotBytes = snapshotFound.then(readSnapshot);
snapshotBytes.catch(() => {}); // reported where it is awaited
// The sources only where there is a snapshot to restore: a fresh boot runs on the bytecode
// alone (sourceless, see writeBytecode), which spares a first visit 160 KB before the table.
const bundleFiles = snapshotFound.then(() => readBundle(true), () => readBundle(false));
bundleFiles.catch(() => {});
// The bytecode only for a fresh boot: a restored interpreter has every module imported.
const bytecodeFiles = snapshotBytes.then(() => null, () => readBytecode());
bytecodeFiles.catch(() => {});

// The bundle of sources (with `sources`), and the files that travel beside it (the
// catalogs, which the shell fetches too: shipped once), fetched at once: {path: text}.
async function readBundle(sources) {
  if (!BUNDLE) throw new Error("this build names no bundle of Python files");
  const text = async (url) => {
    const response = await fetch(new URL(url, import.meta.url));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.text();
  };
  const files = BUNDLE.files ?? [];
  const [bundle, ...texts] = await Promise.all([
    sources ? text(BUNDLE.url) : "{}", ...files.map((f) => text(`../${f}`)),
  ]);
  return Object.assign(JSON.parse(bundle), Object.fromEntries(files.map((f, i) => [f, texts[i]])));
}

const PACK_MAGIC = "BZPYC1\n";

// The bytes of a file the build gzipped (a host that sent it with Content-Encoding: gzip
// has had the browser unpack it already).
async function gunzipped(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
  const raw = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(raw).arrayBuffer());
}

// Pyodide's standard library: the build ships its zip gzipped whole (tools/build.py,
// `gzip_stdlib`); Pyodide asks for the zip by its usual name and gets it unpacked from here.
// Read once: a fresh boot after a failed restore asks again.
const STDLIB_URL = `${INDEX_URL}python_stdlib.zip`;
const fetchFromHere = globalThis.fetch;
let stdlibBytes;
globalThis.fetch = (input, init) => {
  if ((input instanceof Request ? input.url : String(input)) !== STDLIB_URL) {
    return fetchFromHere.call(globalThis, input, init);
  }
  stdlibBytes ??= fetchFromHere.call(globalThis, `${STDLIB_URL}.gz`).then((response) => {
    if (!response.ok) throw new Error(`${STDLIB_URL}.gz: HTTP ${response.status}`);
    return gunzipped(response);
  });
  stdlibBytes.catch(() => { stdlibBytes = undefined; });
  return stdlibBytes.then((bytes) => new Response(bytes));
};

// The modules' bytecode, [[path, bytes], ...] of .pyc files (their __pycache__ paths under
// Python's working directory), from the pack tools/bytecode.mjs makes. Why: with them
// beside the sources, a fresh boot's imports read bytecode instead of compiling every module
// in WebAssembly before the first card (docs/first-visit.md). The pack ships gzipped (as a
// file of its own, so that any host sends it compressed); a host that sends it with
// Content-Encoding: gzip has it arrive already decompressed.
async function readBytecode() {
  if (!BUNDLE?.bytecode) throw new Error("this build has no bytecode");
  const response = await fetch(new URL(BUNDLE.bytecode, import.meta.url));
  if (!response.ok) throw new Error(`${BUNDLE.bytecode}: HTTP ${response.status}`);
  const bytes = await gunzipped(response);
  const text = new TextDecoder();
  if (text.decode(bytes.subarray(0, PACK_MAGIC.length)) !== PACK_MAGIC) {
    throw new Error(`${BUNDLE.bytecode}: not a bytecode pack`);
  }
  let offset = PACK_MAGIC.length + 4;
  const length = new DataView(bytes.buffer, bytes.byteOffset + offset - 4, 4).getUint32(0, true);
  const entries = JSON.parse(text.decode(bytes.subarray(offset, offset + length)));
  offset += length;
  const files = entries.map(([path, size]) => [path, bytes.subarray(offset, (offset += size))]);
  if (offset !== bytes.byteLength) {
    throw new Error(`${BUNDLE.bytecode}: ${bytes.byteLength} bytes, expected ${offset}`);
  }
  return files;
}

// A fresh boot's bytecode (and the data files the pack carries): beside the sources where
// they were written (a snapshot that failed to restore), else in their place, `mod.pyc`
// where `mod.py` would be, which importlib loads as a sourceless module. Tracebacks then
// name the lines without showing them. A failure costs only the compiles, if the sources
// are there; else the boot stops with the reason.
async function writeBytecode(pyodide, sources) {
  try {
    const pack = (await bytecodeFiles) ?? (await readBytecode()); // null: a restore failed
    const files = sources ? pack : pack.map(([path, data]) => [path.replace(PYCACHE, "$1$2.pyc"), data]);
    for (const folder of new Set(files.map(([path]) => path.slice(0, path.lastIndexOf("/"))))) {
      pyodide.FS.mkdirTree(`${HOME}/${folder}`);
    }
    for (const [path, data] of files) pyodide.FS.writeFile(`${HOME}/${path}`, data);
    return "used";
  } catch (error) {
    if (!sources) throw error;
    const reason = String(error?.message ?? error).split("\n").join(" ");
    console.warn(`Python bytecode not used (${reason}): compiling the modules from source.`);
    return "unused";
  }
}
const PYCACHE = /(^|\/)__pycache__\/(\w+)\.cpython-\d+\.pyc$/;

// The bundle is {path: text}, every path under Python's working directory. Each folder is
// made once and the text encoded natively: Emscripten's own path (mkdirTree per file, its
// string encoder) took 80-90 ms for these 65 files.
async function writeFiles(pyodide) {
  const files = Object.entries(await bundleFiles).map(([path, text]) => [`${HOME}/${path}`, text]);
  for (const folder of new Set(files.map(([full]) => full.slice(0, full.lastIndexOf("/"))))) {
    pyodide.FS.mkdirTree(folder);
  }
  const utf8 = new TextEncoder();
  for (const [full, text] of files) pyodide.FS.writeFile(full, utf8.encode(text), { canOwn: true });
}

// Where the snapshot may come from, by the page's `?snapshot=` (in a worker, this module's
// address carries it, see index.html): "off", never; "network", the offline copy or else the
// network; by default the offline copy only. Why: a first visit that fetched the snapshot
// (6.8 MB) before the first card would more than double what the table needs (about 5 MB);
// it boots Python normally instead, and the service worker keeps the snapshot for the next
// start, fetched after the table is playable.
function snapshotSource() {
  const param = (url) => new URL(url).searchParams.get("snapshot");
  const page = typeof document !== "undefined" ? param(location.href) : null;
  return param(import.meta.url) ?? page ?? "cache";
}

// The snapshot's response, unread: from the service worker's copy (kept decompressed, see
// service-worker.js), read from its cache directly (through the worker's fetch handler it
// took longer); with ?snapshot=network, else gzipped from the network (through the worker
// when it controls the page).
async function findSnapshot() {
  if (!SNAPSHOT) throw new Error("this build has no snapshot");
  const source = snapshotSource();
  if (source === "off") throw new Error("turned off by ?snapshot=off");
  const url = new URL(SNAPSHOT.url, import.meta.url);
  const cached = globalThis.caches?.match(`${url.href}?__rev=${SNAPSHOT.revision}`);
  let response = await cached?.catch(() => undefined);
  if (!response && source !== "network") {
    throw new Error("not in the offline copy yet (a first visit): kept for the next start");
  }
  response ??= await fetch(url);
  if (!response.ok) throw new Error(`${SNAPSHOT.url}: HTTP ${response.status}`);
  return response;
}

async function readSnapshot(response) {
  let bytes;
  if (response.headers.get("X-Bezique-Snapshot") === "raw") {
    bytes = new Uint8Array(await response.arrayBuffer());
  } else {
    if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
    // gzip's own CRC and length check catch a damaged or truncated file here.
    const raw = response.body.pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(raw).arrayBuffer());
  }
  if (bytes.byteLength !== SNAPSHOT.raw) {
    throw new Error(`${SNAPSHOT.url}: ${bytes.byteLength} bytes, expected ${SNAPSHOT.raw}`);
  }
  return unpackPages(bytes); // the memory, its zero pages put back (web/snapshot-pages.mjs)
}

function mark(path, reason, bytecode) {
  // For a worker's boot, web/platform/page.py shows this on the page.
  globalThis.__bzPythonBoot = { path, why: reason ?? "", bytecode, wasm: wasmSource };
  if (typeof document === "undefined") return;
  const html = document.documentElement;
  html.dataset.pythonBoot = path;
  html.dataset.pythonBytecode = bytecode;
  html.dataset.pythonWasm = wasmSource;
  if (reason) html.dataset.pythonBootWhy = reason.slice(0, 300);
}

// In Python's worker: Pyodide's WebAssembly as the page compiled it (web/shell-boot.js's
// lendWasm), asked for with a port of its own for the answer; null where there is none.
function wasmFromPage() {
  if (typeof document !== "undefined" || typeof MessageChannel !== "function") {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (event) => {
      port1.close();
      resolve(event.data instanceof WebAssembly.Module ? event.data : null);
    };
    globalThis.postMessage({ type: "bezique-wasm" }, [port2]);
  });
}

// Pyodide's WebAssembly compiles as it downloads (here, or on the page), alongside the
// snapshot's read, where Pyodide itself would start compiling only once the snapshot is in
// hand. Used once: the next instantiateStreaming call (Pyodide's) gets an instance of it.
let wasmSource = "own"; // or "page": shown in html[data-python-wasm]
const compiledWasm = wasmFromPage().then((module) => {
  if (!module) return WebAssembly.compileStreaming(fetch(`${INDEX_URL}pyodide.asm.wasm`));
  wasmSource = "page";
  return module;
});
compiledWasm.catch(() => {}); // then Pyodide's own instantiation fails, and so the restore
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  WebAssembly.instantiateStreaming = instantiateStreaming;
  const module = await compiledWasm;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// Pyodide restores before PyScript asks for it (PyScript's worker first opens its package
// cache, IndexedDB, which takes about as long), and its runtime files load while the
// snapshot is still being read: Pyodide awaits the bytes only when it needs them.
const restoring = bootPyodide({ indexURL: INDEX_URL, _loadSnapshot: snapshotBytes }).then(
  (pyodide) => {
    pyodide.runPython(AFTER_RESTORE);
    return pyodide;
  },
);
restoring.catch(() => {}); // reported where it is awaited

// In a worker, importing PyScript's Python API costs a few hundred milliseconds of round
// trips to the busy page (its `window`, `document` and a `Function`), and PyScript imports it
// before the app's first line. The app reaches the page through web/platform/page.py alone, so the
// package stands in sys.modules unrun, and runs in place on the first use of a name it
// defines. (importlib's LazyLoader would not do: the import statement itself reads the
// module's __spec__, which makes it load.)
const DEFER_PYSCRIPT = `
def _defer():
    import importlib.util, sys, types
    spec = importlib.util.spec_from_file_location(
        "pyscript", "${HOME}/pyscript/__init__.py", submodule_search_locations=["${HOME}/pyscript"])
    class Deferred(types.ModuleType):
        def __getattr__(self, name):
            self.__class__ = types.ModuleType
            spec.loader.exec_module(self)
            return getattr(self, name)
    module = importlib.util.module_from_spec(spec)
    module.__class__ = Deferred
    sys.modules["pyscript"] = module
_defer()
del _defer`;

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  let pyodide;
  let reason;
  try {
    pyodide = await restoring;
    // PyScript's output handlers, which the early restore could not be given
    if (options.stdout) pyodide.setStdout({ batched: options.stdout });
    if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  } catch (error) {
    pyodide = null;
    reason = String(error?.message ?? error).split("\n").join(" ");
    console.warn(`Python snapshot not used (${reason}): starting Python normally.`);
  }
  pyodide ??= await bootPyodide(config);
  await writeFiles(pyodide);
  const sources = await snapshotFound.then(() => true, () => false);
  const bytecode = reason === undefined ? "restored" : await writeBytecode(pyodide, sources);
  // PyScript's package and its prelude come only in a worker (the shell runs the page's)
  if (typeof document === "undefined") {
    pyodide.runPython(DEFER_PYSCRIPT);
    nativePrelude(pyodide);
  }
  mark(reason === undefined ? "snapshot" : "fresh", reason, bytecode);
  return pyodide;
}
