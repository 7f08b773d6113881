// @ts-check
// web/platform/page.py's door to the page: __bzCall(name, ...args), plain values in and out (from a
// worker, a page object reaching Python costs ~20 round trips, a string one).
(function () {
  var html = document.documentElement;
  var bz = function () { return /** @type {HTMLElement} */ (document.getElementById("bz")); };
  /** @param {Element} el */
  var dataAttributes = function (el) {
    /** @type {Record<string, string>} */
    var out = {};
    /** @type {Attr[]} */ ([].slice.call(el.attributes)).forEach(function (a) { if (a.name.indexOf("data-") === 0) out[a.name] = a.value; });
    return JSON.stringify(out);
  };
  /** @typedef {import("./web/link-rtc.mjs").Link} Link */
  /** @typedef {{link: Link | null, ready: Promise<Link>}} LinkEntry */
  /** @type {{next: number, [id: number]: LinkEntry | undefined}} */
  var links = { next: 1 };
  /** @typedef {(text: string) => void} TextCallback */
  var api = {
    patch: window.__bzPatch,
    keepStart: /** @param {string} screen */ function (screen) { window.__bzWarm.keep(screen); },
    keptTap: function () { return window.__bzWarm.take(); },
    fit: window.__bzFit,
    busy: window.__bzBusy,
    settled: window.__bzSettled,
    audio: window.__bzAudio,
    tones: window.__bzTones,
    facts: function () {
      return JSON.stringify({
        params: Object.fromEntries(new URLSearchParams(location.search)),
        lang: html.lang || "en",
        reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
        standalone: matchMedia("(display-mode: standalone)").matches || navigator.standalone === true,
        userAgent: navigator.userAgent,
        touchPoints: navigator.maxTouchPoints || 0,
      });
    },
    // {name: value or null}; "title" is the document's
    html: /** @param {string} json */ function (json) {
      /** @type {Record<string, string | null>} */
      var attrs = JSON.parse(json);
      // "ready" means laid out (no first layout after the player can play)
      if (attrs["data-app-state"] === "ready") void html.offsetHeight;
      Object.keys(attrs).forEach(function (name) {
        var value = attrs[name];
        if (name === "title") document.title = /** @type {string} */ (value);
        else if (value === null) html.removeAttribute(name);
        else html.setAttribute(name, value);
      });
    },
    mount: /** @param {string} skeleton */ function (skeleton) {
      window.__bzWarm.skeleton = skeleton;
      (document.getElementById("app") || document.body).innerHTML = skeleton;
      if (!document.querySelector('link[href$="app.css"]')) {
        var link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = "web/app.css";
        document.head.appendChild(link);
      }
    },
    // Input as plain values; what Python is not told is settled here (html[data-pending]).
    /**
     * @param {(action: string | null, command: string | null, data: string) => void} onClick
     * @param {(key: string, index: number) => void} onKey
     * @param {(name: string, value: string) => void} onChange
     * @param {() => void} onResize
     */
    listen: function (onClick, onKey, onChange, onResize) {
      var root = bz();
      root.addEventListener("click", function (e) {
        var t = /** @type {HTMLElement} */ (e.target);
        var el = t.closest ? t.closest("[data-action],[data-command]") : null;
        // a tap beside a closable screen closes it
        if (!el && t.id === "bz-overlay") el = t.querySelector(':scope > .dialog [data-command="close"]');
        if (!el || !root.contains(el)) return window.__bzSettled();
        onClick(el.getAttribute("data-action"), el.getAttribute("data-command"), dataAttributes(el));
      });
      root.addEventListener("keydown", function (e) {
        var t = /** @type {HTMLElement} */ (e.target);
        if (e.key === "Escape") {
          var close = document.querySelector('#bz-overlay .dialog [data-command="close"]');
          if (!close && root.getAttribute("data-log") === "open") close = document.querySelector('#bz-log [data-command="log"]');
          if (close) { /** @type {HTMLElement} */ (close).click(); return window.__bzSettled(); }
        }
        if (!t.classList || !t.classList.contains("hcard")) return window.__bzSettled();
        var index = t.getAttribute("data-index");
        onKey(e.key, index ? Number(index) : -1); // the shell refused the key's default already
      });
      // Enter in a form's field (a pairing code) presses its main button, never a page load
      root.addEventListener("submit", function (e) {
        e.preventDefault();
        /** @type {HTMLElement | null} */
        var main = /** @type {HTMLFormElement} */ (e.target).querySelector("[data-command].primary");
        if (main) main.click();
      });
      root.addEventListener("change", function (e) {
        var t = /** @type {HTMLInputElement} */ (e.target);
        var name = t.getAttribute ? t.getAttribute("data-change") : null;
        if (!name) return window.__bzSettled();
        onChange(name, t.type === "checkbox" ? (t.checked ? "true" : "false") : String(t.value));
      });
      addEventListener("resize", function () { onResize(); });
    },
    look: /** @param {string} json */ function (json) {
      /** @type {Record<string, string>} */
      var attrs = JSON.parse(json), root = bz();
      Object.keys(attrs).forEach(function (name) { root.setAttribute(name, attrs[name]); });
    },
    announce: /** @param {string} text */ function (text) { /** @type {HTMLElement} */ (document.getElementById("bz-live")).textContent = text; },
    shake: /** @param {string} action */ function (action) {
      var el = bz().querySelector('[data-action="' + CSS.escape(action) + '"]');
      if (!el) return;
      el.classList.add("refused");
      var shaken = el;
      setTimeout(function () { shaken.classList.remove("refused"); }, 400);
    },
    focus: /** @param {string} selector */ function (selector) {
      var el = bz().querySelector(selector);
      if (el) window.__bzFocus(el);
    },
    focusIn: /** @param {string} selector */ function (selector) {
      var box = bz().querySelector(selector), active = document.activeElement;
      return Boolean(box && active && box.contains(active));
    },
    focusHand: /** @param {number} index */ function (index) {
      var cards = bz().querySelectorAll(".hcard");
      if (cards.length) window.__bzFocus(cards[Math.max(0, Math.min(index, cards.length - 1))]);
    },
    roving: /** @param {number} index */ function (index) {
      var cards = bz().querySelectorAll(".hcard");
      cards.forEach(function (el, i) { el.setAttribute("tabindex", i === index ? "0" : "-1"); });
      if (index >= 0 && index < cards.length) window.__bzFocus(cards[index]);
    },
    // {name: value}: a radio group's checked value, a checkbox's on/off
    form: /** @param {string} id */ function (id) {
      var form = /** @type {HTMLFormElement | null} */ (document.getElementById(id));
      /** @type {Record<string, string>} */
      var out = {};
      if (!form) return "{}";
      /** @type {HTMLInputElement[]} */ ([].slice.call(form.elements)).forEach(function (el) {
        var name = el.getAttribute("name");
        if (!name) return;
        if (el.type === "radio") { if (el.checked) out[name] = String(el.value); }
        else if (el.type === "checkbox") out[name] = el.checked ? "on" : "off";
        else out[name] = String(el.value);
      });
      return JSON.stringify(out);
    },
    // the device's local date, YYYY-MM-DD (the daily deal's day)
    today: function () {
      var d = new Date(), two = /** @param {number} n */ function (n) { return (n < 10 ? "0" : "") + n; };
      return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
    },
    // the daily deal's text: the platform's share sheet, else the clipboard;
    // done("shared" | "copied" | "cancelled" | "failed")
    /** @param {string} text @param {TextCallback} done */
    share: function (text, done) {
      var copy = function () {
        var clip = navigator.clipboard;
        if (!clip || !clip.writeText) return done("failed");
        clip.writeText(text).then(function () { done("copied"); }, function () { done("failed"); });
      };
      try {
        if (!navigator.share || (navigator.canShare && !navigator.canShare({ text: text }))) return copy();
        navigator.share({ text: text }).then(function () { done("shared"); }, function (e) {
          if (e && e.name === "AbortError") done("cancelled"); else copy();
        });
      } catch (e) { copy(); }
    },
    /** @param {number} ms @param {string} lang */
    time: function (ms, lang) {
      return new Date(ms).toLocaleString(lang, { dateStyle: "short", timeStyle: "short" });
    },
    install: function () {
      var install = window.__bzInstall;
      return JSON.stringify({ canPrompt: Boolean(install.prompt), installed: install.installed });
    },
    onInstall: /** @param {() => void} callback */ function (callback) { addEventListener("bz-install", function () { callback(); }); },
    // web/platform/page.py's PageStorage: localStorage by plain values (what it refuses throws)
    /** @param {string} op @param {any} key @param {string} value */
    store: function (op, key, value) {
      if (op === "get") return localStorage.getItem(key);
      if (op === "set") return localStorage.setItem(key, value);
      if (op === "remove") return localStorage.removeItem(key);
      if (op === "length") return localStorage.length;
      if (op === "key") return localStorage.key(key);
      if (op === "all") { // every item whose key begins with `key`, as one JSON object
        /** @type {Record<string, string | null>} */
        var items = {};
        for (var i = 0; i < localStorage.length; i += 1) {
          var name = localStorage.key(i);
          if (name !== null && name.indexOf(key) === 0) items[name] = localStorage.getItem(name);
        }
        return JSON.stringify(items);
      }
      throw new TypeError("store: no operation " + op);
    },
    // persistent storage granted, or asked for: true/false, null when unknown
    // Two devices (web/platform/link_page.py): WebRTC links and QR images, their modules loaded on
    // first use. Each link is known by a number; results come back through callbacks.
    /** @param {TextCallback} onMessage @param {TextCallback} onState */
    linkNew: function (onMessage, onState) {
      var id = links.next++;
      var entry = /** @type {LinkEntry} */ ({ link: null });
      links[id] = entry;
      entry.ready = import("./web/link-rtc.mjs").then(function (m) {
        var made = new m.Link(function (t) { onMessage(t); }, function (s) { onState(s); });
        entry.link = made;
        return made;
      });
      return id;
    },
    /** @param {number} id @param {string} op @param {string} code @param {(out: string, error: string) => void} done */
    linkCall: function (id, op, code, done) {
      var entry = links[id];
      if (!entry) return done("", "closed");
      entry.ready.then(/** @returns {Promise<string | void>} */ function (link) {
        return op === "offer" ? link.offer() : op === "answer" ? link.answer(code) : link.accept(code);
      }).then(function (out) { done(String(out || ""), ""); },
               /** @param {any} e */ function (e) { done("", String((e && e.message) || e)); });
    },
    /** @param {number} id @param {string} text */
    linkSend: function (id, text) {
      var entry = links[id];
      return Boolean(entry && entry.link && entry.link.send(text));
    },
    /** @param {number} id */
    linkClose: function (id) {
      var entry = links[id];
      delete links[id];
      if (entry) entry.ready.then(function (link) { link.close(); });
    },
    // the camera reads the other device's code (web/link-qr.mjs's scan): done(code, error)
    canScan: function () {
      return Boolean(window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
    },
    /** @param {string} labels @param {(code: string, error: string) => void} done */
    qrScan: function (labels, done) {
      import("./web/link-qr.mjs").then(function (m) { return m.scan(JSON.parse(labels)); })
        .then(function (code) { done(String(code || ""), ""); },
              /** @param {any} e */ function (e) { done("", String((e && e.name) || e || "Error")); });
    },
    /** @param {string} code @param {TextCallback} done */
    qrSvg: function (code, done) {
      import("./web/link-qr.mjs").then(function (m) { done(m.qrSvg(code)); },
                                       function () { done(""); });
    },
    storage: /** @param {boolean} request */ function (request) {
      var storage = navigator.storage;
      if (!storage || !storage.persist) return Promise.resolve(null);
      return (request ? storage.persist() : storage.persisted()).then(Boolean, function () { return null; });
    },
  };
  window.__bzCall = function (name) {
    var fn = /** @type {Record<string, Function | undefined>} */ (api)[name];
    if (!fn) throw new TypeError("__bzCall: no page function " + name);
    return fn.apply(null, [].slice.call(arguments, 1));
  };
})();
