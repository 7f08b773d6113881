// Offline cache for the Bezique app (tools/build.py writes the two lines below: the files of
// dist/ with content revisions and sizes, and a version). Each file crosses the network once.
// The first install takes control at once: the first visit boots through it, and it keeps
// each file as it passes; then the page asks for the rest (PRECACHE). An update downloads
// everything it lacks first (reusing unchanged files) and waits for the player (SKIP_WAITING).
self.__PRECACHE = [];
self.__VERSION = "dev";

const PREFIX = "bezique-";
const CACHE = `${PREFIX}${self.__VERSION}`;
const PARALLEL = 4;
const scope = new URL(self.registration.scope);
const entries = self.__PRECACHE.map((e) => ({ ...e, href: new URL(e.url, scope).href }));
const byHref = new Map(entries.map((e) => [e.href, e]));
const INDEX = new URL("index.html", scope).href;

// Cache keys carry the revision, so a file is re-downloaded only when its content changed.
const keyOf = (entry) => `${entry.href}?__rev=${entry.revision}`; // web/python-loader.mjs reads the snapshot by this key

async function tell(message) {
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const page of pages) page.postMessage(message);
}

async function read(response, onBytes) {
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes(value.byteLength);
  }
  return new Blob(chunks);
}

async function revisionOf(blob) {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return hex.slice(0, 16);
}

// A response's bytes as a cacheable copy, or null when they are not the entry's revision.
async function verified(entry, response, onBytes) {
  const blob = await read(response, onBytes);
  if ((await revisionOf(blob)) !== entry.revision) return null;
  return new Response(blob, { status: 200, statusText: "OK", headers: new Headers(response.headers) });
}

// "force-cache": the shell's own early requests are reused from the HTTP cache when their
// hash proves the revision.
async function download(entry, onBytes, priority) {
  const url = entry.href === INDEX ? scope.href : entry.href;
  for (const mode of ["force-cache", "reload"]) {
    const response = await fetch(url, { cache: mode, credentials: "same-origin", priority });
    if (!response.ok) throw new Error(`${entry.url}: HTTP ${response.status}`);
    let counted = 0;
    const copy = await verified(entry, response, (n) => { counted += n; onBytes(n); });
    if (copy) return copy;
    onBytes(-counted);
  }
  throw new Error(`${entry.url}: content does not match revision ${entry.revision}`);
}

// The snapshot is kept decompressed (read in 52 ms, not gunzipped in 210-280 ms); the loader
// knows it by its header. Any other response (or one already raw) is kept as it is.
function kept(entry, response) {
  if (!entry.url.endsWith(".snapshot.gz") || typeof DecompressionStream !== "function") return response;
  if (response.headers.get("X-Bezique-Snapshot") === "raw") return response;
  const headers = { "Content-Type": "application/octet-stream", "X-Bezique-Snapshot": "raw" };
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { status: 200, statusText: "OK", headers });
}

// Files on their way, by address: settled once cached (or failed).
const inFlight = new Map();

function track(entry, job) {
  const done = job.catch(() => {}).finally(() => inFlight.delete(entry.href));
  inFlight.set(entry.href, done);
  return job;
}

// Bytes cached and on their way, told to the pages.
const TOTAL = entries.reduce((sum, e) => sum + e.size, 0);
const cachedFiles = new Set();
const arriving = new Map();
let cachedBytes = 0;
let lastReport = 0;

function report(force = false) {
  const now = Date.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  let loaded = cachedBytes;
  for (const n of arriving.values()) loaded += n;
  tell({ type: "precache-progress", loaded: Math.min(loaded, TOTAL), total: TOTAL, version: self.__VERSION });
}

function arrived(entry, n) {
  arriving.set(entry.href, (arriving.get(entry.href) ?? 0) + n);
  report();
}

function cached(entry) {
  arriving.delete(entry.href);
  if (!cachedFiles.has(entry.href)) {
    cachedFiles.add(entry.href);
    cachedBytes += entry.size;
  }
  report();
}

// One file into the cache (or an older version's copy of the same revision).
// `priority`: "low" for the offline copy's own downloads, which never compete with a
// page's requests; "auto" for a file a page asked for.
function fetchInto(cache, entry, priority = "auto") {
  return track(entry, (async () => {
    const key = keyOf(entry);
    const old = await caches.match(key);
    await cache.put(key, kept(entry, old ?? (await download(entry, (n) => arrived(entry, n), priority))));
    cached(entry);
  })());
}

async function precache() {
  const cache = await caches.open(CACHE);
  // Biggest first: the longest downloads start at once.
  const queue = [...entries].sort((a, b) => b.size - a.size || (a.url < b.url ? -1 : 1));
  async function worker() {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      for (;;) {
        await inFlight.get(entry.href); // the page is fetching it through this worker
        const hit = await cache.match(keyOf(entry));
        if (hit) {
          const unpacked = kept(entry, hit);
          if (unpacked !== hit) await cache.put(keyOf(entry), unpacked); // as a first visit kept it
          cached(entry);
          break;
        }
        if (inFlight.has(entry.href)) continue; // the page asked for it meanwhile
        await fetchInto(cache, entry, "low");
        break;
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  report(true);
}

// One precache at a time, however many pages ask.
let precaching = null;
function precacheOnce() {
  precaching ??= precache().then(
    () => tell({ type: "precache-done", version: self.__VERSION }),
    async (error) => {
      await tell({ type: "precache-error", message: String(error) });
      throw error;
    },
  ).finally(() => { precaching = null; });
  return precaching;
}

self.addEventListener("install", (event) => {
  if (!self.registration.active) {
    self.skipWaiting();
    return;
  }
  event.waitUntil(precacheOnce());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
      );
      // Only the first install takes control at once; updates wait for SKIP_WAITING.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") self.skipWaiting();
  if (type === "CLAIM") event.waitUntil(self.clients.claim());
  if (type === "PRECACHE") event.waitUntil(precacheOnce().catch(() => {}));
});

function lookup(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (request.mode === "navigate" && url.href.startsWith(scope.href)) {
    if (url.href === scope.href || !byHref.has(url.href)) return byHref.get(INDEX);
  }
  return byHref.get(url.href);
}

// The page is cross-origin isolated (Pyodide's SharedArrayBuffer needs it) even on a static
// host that cannot set these headers: the worker adds them to the page it serves.
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

function isolated(response) {
  if (Object.entries(ISOLATION).every(([k, v]) => response.headers.get(k) === v)) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// Below this size a page's request is served whole, above it as it streams.
const SMALL_FILE = 512 * 1024;

// Not cached yet (a first visit, or evicted): from the network, kept if its revision matches.
async function fromNetwork(event, entry, cache) {
  const pending = inFlight.get(entry.href);
  if (pending) {
    await pending;
    const response = await cache.match(keyOf(entry));
    if (response) return response;
  }
  if (entry.size < SMALL_FILE) {
    try {
      await fetchInto(cache, entry);
      const response = await cache.match(keyOf(entry));
      if (response) return response;
    } catch {
      // another revision, or no network: the network's answer as it is
    }
    return fetch(event.request);
  }
  // Streamed (Pyodide compiles while it downloads); on its way from now, for the precache.
  const answer = fetch(event.request).then((response) => {
    const copy = response.ok && response.status === 200 ? response.clone() : null;
    return { response, copy };
  });
  const keep = track(entry, (async () => {
    const { copy } = await answer;
    if (!copy) return;
    const checked = await verified(entry, copy, (n) => arrived(entry, n));
    if (!checked) return;
    // As it came: decompressing the snapshot now would slow this boot (PRECACHE does it).
    await cache.put(keyOf(entry), checked);
    cached(entry);
  })());
  event.waitUntil(keep.catch(() => {}));
  return (await answer).response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const entry = lookup(request);
  if (!entry) return; // not ours: the browser's default handling
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const response = (await cache.match(keyOf(entry))) ?? (await fromNetwork(event, entry, cache));
      return request.mode === "navigate" ? isolated(response) : response;
    })(),
  );
});
