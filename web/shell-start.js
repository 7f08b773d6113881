// @ts-check
// The errors this page meets, from before anything else runs: window errors, unhandled
// rejections and console.error. Tests read them where the engine's console cannot be read
// from outside (WebKitWebDriver has no log API).
(function () {
  var journal = (window.__bzErrors = /** @type {string[]} */ ([]));
  /** @param {unknown} text */
  var keep = function (text) { if (journal.length < 50) journal.push(String(text).slice(0, 500)); };
  addEventListener("error", function (e) { keep(e.message || (e.target && /** @type {HTMLScriptElement} */ (e.target).src) || "error"); }, true);
  addEventListener("unhandledrejection", function (e) { keep(e.reason && e.reason.stack || e.reason); });
  var original = console.error;
  console.error = function () {
    keep(Array.prototype.join.call(arguments, " "));
    return original.apply(console, /** @type {any} */ (arguments));
  };
})();
// Installing: Chromium offers its install prompt once, often before Python is up. Keep it
// for the menu's "Install" command (web/platform/device.py) and tell the app when things change.
(function () {
  var install = (window.__bzInstall = /** @type {BzInstall} */ ({ prompt: null, installed: false }));
  var changed = function () { dispatchEvent(new Event("bz-install")); };
  addEventListener("beforeinstallprompt", function (e) { e.preventDefault(); install.prompt = e; changed(); });
  addEventListener("appinstalled", function () { install.prompt = null; install.installed = true; changed(); });
})();
// Before anything else: language and direction, so the first paint is already right.
(function () {
  var supported = ["he", "tr", "ru", "en"];
  /** @type {string | null} */
  var lang = null;
  try { lang = localStorage.getItem("bezique.lang"); } catch (e) { lang = null; }
  if (supported.indexOf(/** @type {string} */ (lang)) < 0) {
    lang = null;
    var wanted = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < wanted.length && !lang; i++) {
      var primary = String(wanted[i]).toLowerCase().split("-")[0];
      if (supported.indexOf(primary) >= 0) lang = primary;
    }
  }
  lang = lang || "en";
  var html = document.documentElement;
  html.lang = lang;
  html.dir = lang === "he" ? "rtl" : "ltr";
})();
// A warm start: the start screen the app last drew (kept in localStorage with the table's
// empty frame), drawn by this shell at once, before Python is ready; a tap on it waits,
// marked, until the app is ready, then goes to the same control of the app's own screen.
// Why: Python's start on a phone takes seconds even from its snapshot; the player sees the
// app at once and reaches the cards as soon as Python can show them. Anything odd in the
// kept copy (another language, a broken value) only means the loading screen shows instead.
(function () {
  var html = document.documentElement;
  var KEY = "bezique-warm-start"; // not "bezique.": the app's own storage keys
  var warm = (window.__bzWarm = /** @type {BzWarm} */ ({ skeleton: null, saved: null, queued: null }));
  /** @typedef {{lang: string, skeleton: string, screen: string}} Kept */
  /** @returns {Kept | null} */
  var read = function () {
    try {
      var raw = localStorage.getItem(KEY);
      if (raw === null && !localStorage.getItem("bezique.save")) return firstVisit();
      var kept = JSON.parse(raw || "null");
      var ok = kept && typeof kept.skeleton === "string" && typeof kept.screen === "string";
      if (!ok || kept.lang !== html.lang || kept.screen.indexOf('data-screen="start"') < 0) return null;
      // a screen kept before the game was saved (or after it ended) would offer the wrong
      // first button: then the app draws its own
      var continues = kept.screen.indexOf('data-command="continue"') >= 0;
      return continues === !!localStorage.getItem("bezique.save") ? kept : null;
    } catch (e) {
      return null;
    }
  };
  // Nothing kept yet (a first visit, or storage cleared): the start screen the build made
  // for this language (tools/build.py's first_start_screens), with Play.
  /** @returns {Kept | null} */
  var firstVisit = function () {
    var block = document.getElementById("bz-first-start");
    var screens = block ? JSON.parse(/** @type {string} */ (block.textContent)) : {};
    var first = screens[html.lang];
    return first ? { lang: html.lang, skeleton: first.skeleton, screen: first.screen } : null;
  };
  // The overlay the app has just drawn: kept when it is the start screen.
  warm.keep = function (screen) {
    if (!warm.skeleton || screen.indexOf('data-screen="start"') < 0) return;
    var value = JSON.stringify({ lang: html.lang, skeleton: warm.skeleton, screen: screen });
    if (value === warm.saved) return;
    warm.saved = value;
    try { localStorage.setItem(KEY, value); } catch (e) { /* full or refused: no warm start */ }
  };
  warm.draw = function () {
    var kept = read();
    var app = document.getElementById("app");
    if (!kept || !app || html.dataset.appState !== "loading") return false;
    app.innerHTML = kept.skeleton;
    var overlay = document.getElementById("bz-overlay");
    if (!overlay) return false;
    overlay.innerHTML = kept.screen;
    overlay.removeAttribute("hidden");
    html.dataset.warm = "drawn";
    app.addEventListener("click", hold, true);
    new MutationObserver(function (_records, watch) {
      if (html.dataset.appState === "loading") return;
      watch.disconnect();
      /** @type {HTMLElement} */ (app).removeEventListener("click", hold, true);
      delete html.dataset.warm;
      if (html.dataset.appState === "ready") replay();
      else /** @type {HTMLElement} */ (app).textContent = ""; // a failed boot: its screen (retry, start fresh) alone
    }).observe(html, { attributes: true, attributeFilter: ["data-app-state"] });
    return true;
  };
  var NAMES = ["data-command", "data-action", "data-lang"];
  /** @param {MouseEvent} e */
  function hold(e) {
    if (html.dataset.appState === "ready") return;
    e.preventDefault();
    e.stopPropagation();
    var target = /** @type {Element} */ (e.target);
    var el = target.closest ? target.closest("[data-command],[data-action]") : null;
    if (!el) return;
    var old = document.querySelector('[aria-busy="true"]');
    if (old) old.removeAttribute("aria-busy");
    el.setAttribute("aria-busy", "true");
    var tapped = el;
    warm.queued = NAMES.filter(function (n) { return tapped.hasAttribute(n); }).map(function (n) {
      return "[" + n + '="' + CSS.escape(/** @type {string} */ (tapped.getAttribute(n))) + '"]';
    }).join("");
    html.dataset.warm = "tapped";
  }
  // Python, as it starts, takes a tap kept on Play or Continue and opens the table at once:
  // one render, with no start screen drawn first and no replayed click (about 0.1 s).
  // Any other tap is replayed on the app's own screen once it is drawn.
  warm.take = function () {
    var tapped = /^\[data-command="(play|continue)"\]$/.exec(warm.queued || "");
    if (!tapped) return "";
    warm.queued = null;
    return tapped[1];
  };
  function replay() {
    var selector = warm.queued;
    warm.queued = null;
    if (!selector) return;
    // the app's own screen: once its first render is on the page
    var tries = 0;
    (function find() {
      /** @type {HTMLElement | null} */
      var el = document.querySelector("#bz-overlay " + selector);
      if (el) return el.click();
      if (++tries < 50) setTimeout(find, 20);
    })();
  }
})();
