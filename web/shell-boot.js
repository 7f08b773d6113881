// @ts-check
// The boot sequence: catalog text, service worker, byte progress, then PyScript.
// Why wait for the service worker on a first visit: it downloads every file once into the
// offline cache, and Python then boots from that cache, so nothing is fetched twice.
const html = document.documentElement;
const lang = html.lang;
/** The shell's own elements, in the page from the start. @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const bar = /** @type {HTMLProgressElement} */ ($("boot-progress"));
const percent = $("boot-percent");
const numberFormat = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
const state = { reloading: false, failed: false, shown: -1 };
/** A catalog (web/i18n/*.json), or the shell's own words: nested, or by dotted keys.
 * @typedef {{[key: string]: Catalog | string}} Catalog */
/** @type {Catalog[]} */
let catalogs = [];

// Catalog text with {named} placeholders; nothing player-visible is written in this file.
/** @param {string} key @param {Record<string, string>} [params] @returns {string | undefined} */
function t(key, params = {}) {
  for (const catalog of catalogs) {
    const direct = catalog[key];
    let text = typeof direct === "string" ? direct : undefined;
    if (text === undefined) {
      /** @type {Catalog | string | undefined} */
      let node = catalog;
      for (const part of key.split(".")) node = node && typeof node === "object" ? node[part] : undefined;
      if (typeof node === "string") text = node;
    }
    if (text !== undefined) return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? params[name] : m));
  }
  return undefined;
}

// Stages map onto one bar: downloading 0-85 %, starting Python 85-95 %, the table 95-100 %.
/** @param {number} value */
function progress(value) {
  const shown = Math.round(Math.max(state.shown, Math.min(100, value)));
  state.shown = shown;
  bar.value = shown;
  const text = t("boot.progress", { percent: numberFormat.format(shown) });
  percent.textContent = text ?? numberFormat.format(shown);
  html.dataset.bootProgress = String(shown);
}

/** @param {unknown} reason */
function fail(reason) {
  if (html.dataset.appState === "ready" || state.failed) return;
  state.failed = true;
  html.dataset.appState = "error";
  html.dataset.bootError = String(reason).slice(0, 500);
  console.warn("boot failed:", reason);
}

// "Start fresh": every stored bezique.* value moves to <key>.broken.<stamp> (the newest
// three copies per key are kept, as web/storage/schema.py does), nothing is deleted silently.
function startFresh() {
  try {
    const stamp = Date.now();
    const keys = Object.keys(localStorage).filter((k) => k.startsWith("bezique.") && !k.includes(".broken."));
    for (const key of keys) {
      let n = stamp;
      while (localStorage.getItem(`${key}.broken.${n}`) !== null) n += 1;
      localStorage.setItem(`${key}.broken.${n}`, /** @type {string} */ (localStorage.getItem(key)));
      localStorage.removeItem(key);
      const old = Object.keys(localStorage).filter((k) => k.startsWith(`${key}.broken.`))
        .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()));
      for (const extra of old.slice(0, Math.max(0, old.length - 3))) localStorage.removeItem(extra);
    }
  } catch (error) {
    console.warn("start fresh: storage unavailable", error);
  }
  location.reload();
}

// A boot that cannot finish ends on the error screen, never on a spinner: a fatal runtime
// error (e.g. "Maximum call stack size exceeded"), or no table in time after Python started.
const WATCHDOG_MS = 120000;
function watchBoot() {
  const fatal = /** @param {unknown} text */ (text) => /Maximum call stack|fatal error|RangeError|PythonError/.test(String(text));
  addEventListener("error", (event) => {
    if (html.dataset.appState === "loading" && fatal(event.message)) fail(event.message);
  });
  addEventListener("unhandledrejection", (event) => {
    if (html.dataset.appState === "loading" && fatal(event.reason)) fail(event.reason);
  });
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    if (html.dataset.appState === "loading" && args.some(fatal)) fail(args.map(String).join(" "));
    consoleError(...args);
  };
  // Python in a worker passes its console errors here (web/python-loader.mjs).
  new BroadcastChannel("bezique-boot").onmessage = (event) => {
    const data = event.data || {};
    if (data.type === "error" && html.dataset.appState === "loading" && fatal(data.text)) fail(data.text);
  };
  setTimeout(() => fail("the table was not ready in time"), WATCHDOG_MS);
}

/** @param {string} code @returns {Promise<Catalog>} */
async function loadCatalog(code) {
  return JSON.parse(await fetchText(`web/i18n/${code}.json`));
}

// The shell's own words come with the page (tools/build.py writes them beside the first
// start screens), so the loading or error screen is worded at once, even if the catalog
// never arrives; the catalog, once in, has the last word.
/** @returns {Catalog[]} */
function builtInTexts() {
  try {
    const screens = JSON.parse(document.getElementById("bz-first-start")?.textContent || "{}");
    return [screens[lang]?.texts, screens.en?.texts].filter(Boolean);
  } catch (error) {
    return [];
  }
}

function wordShell() {
  for (const el of document.querySelectorAll("#boot [data-i18n], #update-banner [data-i18n]")) {
    const text = t(/** @type {string} */ (/** @type {HTMLElement} */ (el).dataset.i18n));
    if (text !== undefined) el.textContent = text;
  }
  progress(state.shown);
}

async function translateShell() {
  const builtIn = builtInTexts();
  catalogs = builtIn;
  wordShell();
  const own = await loadCatalog(lang).catch(() => null);
  const fallback = own || lang === "en" ? null : await loadCatalog("en").catch(() => null);
  catalogs = /** @type {Catalog[]} */ ([own, fallback, ...builtIn].filter(Boolean));
  wordShell();
}

/** @param {ServiceWorkerRegistration} registration */
function showUpdate(registration) {
  const banner = $("update-banner");
  banner.hidden = false;
  $("update-later").onclick = () => { banner.hidden = true; }; // the new version waits
  $("update-reload").onclick = () => {
    const waiting = registration.waiting;
    if (!waiting) { location.reload(); return; }
    state.reloading = true;
    waiting.postMessage({ type: "SKIP_WAITING" });
  };
}

/** @param {ServiceWorkerRegistration} registration */
function watchUpdates(registration) {
  if (registration.waiting && navigator.serviceWorker.controller) showUpdate(registration);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(registration);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (state.reloading) location.reload(); // only ever after the player's click
  });
}

// First visit: resolve once the new worker controls this page (it takes over at once).
/** @param {ServiceWorkerRegistration} registration */
function firstInstall(registration) {
  return new Promise((resolve, reject) => {
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true });
    const worker = registration.installing || registration.waiting;
    if (worker) {
      worker.addEventListener("statechange", () => {
        if (worker.state === "redundant") reject(new Error("service worker install failed"));
      });
    } else if (!registration.active) {
      reject(new Error("no service worker"));
    }
  });
}

// The offline copy: byte progress on a first visit, html[data-offline]="ready" once every
// file is cached; asked for on every visit (a copy cut short is completed then).
const PRECACHE_DELAY_MS = 2000;
function keepOffline() {
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    const first = html.dataset.bootMode === "first" && html.dataset.appState === "loading";
    if (data.type === "precache-progress" && data.total > 0) {
      html.dataset.bootBytes = `${data.loaded}/${data.total}`;
      if (!first) return;
      progress(Math.min(85, (85 * data.loaded) / data.total));
      const note = $("boot-first-visit");
      const text = t("boot.first_visit", { size: numberFormat.format(data.total / 1e6) });
      if (note.hidden && text) {
        note.textContent = text;
        note.hidden = false;
      }
    }
    if (data.type === "precache-done") html.dataset.offline = "ready";
    if (data.type === "precache-error") console.warn("offline copy incomplete:", data.message);
  });
  // 2 s after ready: the copy's work does not compete with the player's first taps.
  const ask = () => setTimeout(() => {
    navigator.serviceWorker.controller?.postMessage({ type: "PRECACHE" });
  }, PRECACHE_DELAY_MS);
  if (html.dataset.appState === "ready") { ask(); return; }
  const watch = new MutationObserver(() => {
    if (html.dataset.appState !== "ready") return;
    watch.disconnect();
    ask();
  });
  watch.observe(html, { attributes: true, attributeFilter: ["data-app-state"] });
}

async function prepareOffline() {
  if (!("serviceWorker" in navigator)) return "no-sw";
  if (navigator.serviceWorker.controller) {
    // A cached visit: boot at once and look for a new version alongside.
    navigator.serviceWorker.register("service-worker.js").then(watchUpdates, (error) => {
      console.warn("service worker update check failed:", error);
    });
    return "cached";
  }
  const registration = await navigator.serviceWorker.register("service-worker.js");
  watchUpdates(registration);
  if (navigator.serviceWorker.controller) return "cached";
  // An active worker but no controller (a forced reload, or its install won the race):
  // ask it to take this page; if it does not within a second, boot from the network.
  if (registration.active && !registration.installing && !registration.waiting) {
    const claimed = new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true });
      setTimeout(() => resolve(false), 1000);
    });
    registration.active.postMessage({ type: "CLAIM" });
    return (await claimed) ? "claimed" : "bypassed";
  }
  await firstInstall(registration);
  // Python's snapshot is not fetched now: a first visit boots Python normally (about half
  // the bytes before the first card), and the offline copy keeps the snapshot for the next
  // start (web/python-loader.mjs).
  return "first";
}

function watchPythonErrors() {
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && /** @type {Element} */ (node).classList.contains("py-error")) fail(node.textContent);
      }
    }
  }).observe(document.body, { childList: true });
}

// Python runs in a worker if the page is cross-origin isolated (`?thread=main`: never), in
// the engines where that is tested: Chromium's and Firefox's. WebKit (Safari, every iOS
// browser) keeps the main thread: with the worker its table did not get ready.
function pythonThread() {
  const forced = new URLSearchParams(location.search).get("thread");
  const agent = navigator.userAgent;
  const webkit = /AppleWebKit/.test(agent) && !/Chrome\//.test(agent);
  return globalThis.crossOriginIsolated && !webkit && forced !== "main" ? "worker" : "main";
}

async function bootPython() {
  const thread = pythonThread();
  html.dataset.pythonThread = thread;
  const script = /** @type {HTMLScriptElement} */ (document.querySelector('script[type="py"]'));
  if (thread === "main") {
    await startOnThePage(/** @type {string} */ (script.getAttribute("src")));
    return;
  }
  lendWasm();
  script.addEventListener("py:ready", () => progress(95), { once: true });
  // `?snapshot=off|network` reaches the worker's interpreter module through its own
  // address, in a config given inline (read in a blob: worker: its addresses must be absolute).
  const configUrl = /** @type {string} */ (script.getAttribute("config"));
  let inline = null;
  const snapshot = new URLSearchParams(location.search).get("snapshot");
  if (snapshot) {
    const base = new URL(configUrl, location.href);
    const config = await (await fetch(base)).json();
    config.interpreter =
      new URL(config.interpreter, base).href + "?snapshot=" + encodeURIComponent(snapshot);
    inline = JSON.stringify(config);
  }
  // PyScript loads each script type's plugins (py, mpy) as its page-level config says
  // (pyscript.json turns off unused ones); a worker's script is not page-level, so the
  // app's config names the types without one (and gives the worker its interpreter).
  for (const type of ["py", "mpy"]) {
    const config = document.createElement(`${type}-config`);
    if (inline && type === "py") config.textContent = inline;
    else config.setAttribute("src", configUrl);
    config.hidden = true;
    document.body.append(config);
  }
  script.setAttribute("worker", "");
  if (inline) script.setAttribute("config", inline);
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = "runtime/pyscript/core.css";
  document.head.append(css);
  await import("./runtime/pyscript/core.js");
  if (html.dataset.bootMode !== "first") progress(88);
}

// Pyodide's WebAssembly, compiled on the page and lent to Python's worker when its loader
// asks (web/python-loader.mjs). Why: compiled in the worker, it left Python there at half
// speed or less through its first second, the whole warm start, its code not yet optimized;
// compiled on the page, it runs at full speed from the start (docs/first-visit.md). The worker
// asks with a message that carries a port for the answer; this page's listener, the worker's
// first, takes it before PyScript's own listeners see it.
function lendWasm() {
  const compiled = WebAssembly.compileStreaming(fetch("runtime/pyodide/pyodide.asm.wasm"))
    .catch(() => null); // then the worker compiles it itself
  const NativeWorker = Worker;
  // PyScript makes the worker, the page's first.
  globalThis.Worker = class extends NativeWorker {
    /** @param {string | URL} url @param {WorkerOptions} [options] */
    constructor(url, options) {
      super(url, options);
      globalThis.Worker = NativeWorker;
      this.addEventListener("message", async (event) => {
        if (event.data?.type !== "bezique-wasm" || !event.ports[0]) return;
        event.stopImmediatePropagation();
        const port = event.ports[0];
        const module = await compiled;
        try {
          port.postMessage(module);
        } catch { // a module this browser cannot pass: the worker compiles its own
          port.postMessage(null);
        }
      });
    }
  };
}

// Python on the page's own thread, started by the shell itself. PyScript is there for the
// worker, to which it lends the page's `window` as a synchronous proxy; on the page it only
// added its own start-up, 0.05-0.1 s of it (docs/first-visit.md). The app's entry runs as
// PyScript would run it, its source in Python's `__main__`; an error on the way is fatal.
/** @param {string} entry */
async function startOnThePage(entry) {
  const loader = await import("./web/python-loader.mjs");
  const [pyodide, source] = await Promise.all([loader.loadPyodide(), fetchText(entry)]);
  progress(95);
  await pyodide.runPythonAsync(source, { filename: entry });
}

/** @param {string} url */
async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

// The card faces' symbols, in this page once (web/view/card_faces.py draws `<use href="#c-QS">`):
// from the external sheet, Chromium fetched and parsed all of it again for every card
// element, 22-28 ms of this thread each.
async function loadCardSprite() {
  $("card-sprite").innerHTML = await fetchText("web/cards.svg");
}

$("boot-retry").addEventListener("click", () => location.reload());
$("boot-fresh").addEventListener("click", startFresh);

(async () => {
  progress(0);
  translateShell();
  window.__bzWarm.draw();
  // Python's downloads once the first screen is painted (tools/build.py's boot preloads)
  requestAnimationFrame(() => setTimeout(() => window.__bzBootDownloads?.(), 0));
  loadCardSprite().catch((error) => console.warn("card faces unavailable:", error));
  watchPythonErrors();
  let mode;
  try {
    mode = await prepareOffline();
  } catch (error) {
    console.warn("offline cache unavailable, booting from the network:", error);
    mode = "network";
  }
  html.dataset.bootMode = mode;
  if ("serviceWorker" in navigator) keepOffline();
  if (mode !== "first") progress(85); // a first visit's bar follows its downloads
  watchBoot();
  await bootPython();
})().catch(fail);
