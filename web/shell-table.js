// @ts-check
// The table's defaults, refused at once (a worker sees events after dispatch); and
// html[data-pending]: input and renders web/platform/dom.py has not finished (tests wait for it).
(function () {
  var html = document.documentElement;
  var handKeys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
  window.__bzBusy = function () {
    html.dataset.pending = String((Number(html.dataset.pending) || 0) + 1);
  };
  /** @param {Event} e */
  var count = function (e) {
    var t = /** @type {Element} */ (e.target);
    if (html.dataset.appState === "ready" && t.closest && t.closest("#bz")) window.__bzBusy();
  };
  window.__bzSettled = function () {
    var left = (Number(html.dataset.pending) || 0) - 1;
    if (left > 0) html.dataset.pending = String(left); else delete html.dataset.pending;
  };
  addEventListener("click", function (e) {
    count(e);
    var t = /** @type {Element | null} */ (e.target);
    var el = t && t.closest ? t.closest("[data-action],[data-command]") : null;
    if (el && el.tagName !== "A" && el.closest("#bz")) e.preventDefault();
  }, true);
  addEventListener("keydown", function (e) {
    count(e);
    var t = /** @type {Element | null} */ (e.target);
    if (t && t.classList && t.classList.contains("hcard") && handKeys.indexOf(e.key) >= 0) {
      e.preventDefault();
    }
  }, true);
  addEventListener("change", count, true);
  addEventListener("resize", function () {
    if (html.dataset.appState === "ready" && document.getElementById("bz")) window.__bzBusy();
  });
})();
// Focus frames are for keyboard players. The app moves the focus itself (to the hand when
// a screen closes, back to a card after a render); Chromium draws such focus as if it came
// from keys when no key was pressed yet. html[data-input] says what the player used last
// ("keys", "mouse" or "touch"; a touch screen starts as "touch"), and __bzFocus focuses
// without a frame unless that was a key (app.css hides the frame too where the browser
// ignores the option).
(function () {
  var html = document.documentElement;
  if (matchMedia("(pointer: coarse)").matches) html.dataset.input = "touch";
  addEventListener("pointerdown", function (e) {
    html.dataset.input = e.pointerType === "mouse" ? "mouse" : "touch";
  }, true);
  addEventListener("keydown", function (e) {
    if (["Shift", "Control", "Alt", "Meta"].indexOf(e.key) < 0) html.dataset.input = "keys";
  }, true);
  window.__bzFocus = function (el) {
    var by = html.dataset.input, target = /** @type {HTMLElement} */ (el);
    if (!by || by === "keys") target.focus(); else target.focus({ focusVisible: false });
  };
})();
// web/platform/dom.py's page work, one call each (from a worker, every DOM call is a round trip).
(function () {
  var fitting = false;
  var fitAt = 0, growing = false, waiting = false; // fitAt: the step that fitted last
  /** A hand card's place: left, top, the card, its box. @typedef {[number, number, HTMLElement, DOMRect]} Place */
  /** @typedef {Record<string, Place>} Places */
  /** @typedef {{state: string | null, winner: string | null, keys: string[], cells: Element[]}} Trick */
  /** The table before a patch (`before`), for its cards' travels once it is patched (`after`).
   * @typedef {{hand: Places, stock: DOMRect | null, backs: Record<string, number>, trick: Trick,
   *   trickBoxes: {box: DOMRect, card: Element | null}[], seats: Record<string, DOMRect | null>}} Seen */
  /** @typedef {{hand: number} | {sel: string}} FocusKey */
  /** web/platform/dom.py's patch_all.
   * @typedef {{regions: Record<string, string>, players: number, flip: boolean, travel: number,
   *   fit: string, modal: boolean, keepBar: boolean}} PatchJob */
  // Sliding cards overflow their boxes: measured then, the table would shrink for a moment.
  // Only cards count: a call-out's seconds over its seat change no layout, and waiting for
  // it would leave a hand that a new row pushed down cut off meanwhile.
  /** @param {HTMLElement} root */
  var moving = function (root) {
    if (!root.getAnimations) return [];
    return root.getAnimations({ subtree: true }).filter(function (a) {
      if (a.playState !== "running" || !a.effect) return false;
      var target = /** @type {KeyframeEffect} */ (a.effect).target;
      if (!target || !target.closest || !target.closest(".card")) return false;
      if (a.effect.getComputedTiming().iterations === Infinity) return false;
      return /** @type {KeyframeEffect} */ (a.effect).getKeyframes().some(function (k) { return "transform" in k || "translate" in k; });
    });
  };
  var fit = (window.__bzFit = /** @param {string} steps @param {boolean} [grow] */ function (steps, grow) {
    var root = document.getElementById("bz");
    var table = document.getElementById("bz-table");
    if (!root || !table || waiting) return;
    var box = root, tableBox = table;
    var busy = moving(root);
    if (busy.length) { // measure once they land
      waiting = true;
      Promise.all(busy.map(function (a) { return a.finished.catch(function () {}); }))
        .then(function () { waiting = false; fit(steps); });
      return;
    }
    var overflows = function () {
      return [box, tableBox].concat([].slice.call(tableBox.querySelectorAll(".seat, .centre")))
        .some(function (b) { return b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1; });
    };
    var list = String(steps).split(",");
    /** @param {number} k */
    var fits = function (k) { box.style.setProperty("--fit", list[k]); return !overflows(); };
    // The largest step that fits, from the last one (each try is a layout): smaller at
    // once, larger in a task of its own.
    var at = Math.min(fitAt, list.length - 1);
    if (grow) {
      var was = at;
      while (at > 0 && fits(at - 1)) at--;
      root.style.setProperty("--fit", list[at]);
      if (at === was) return;
    } else if (fits(at)) {
      if (at > 0 && !growing) {
        growing = true;
        /** @type {(then: () => void, options: IdleRequestOptions) => void} */ (window.requestIdleCallback || setTimeout)(function () {
          growing = false;
          fit(steps, true);
        }, { timeout: 500 });
      }
    } else {
      while (at < list.length - 1 && !fits(++at)) { /* smaller */ }
    }
    fitAt = at;
    var bar = /** @type {HTMLElement} */ (document.getElementById("bz-bar")).getBoundingClientRect();
    root.style.setProperty("--bar-top", Math.round(bar.bottom) + "px");
    point(root);
  });
  // A bubble's arrow (web/view/guideview.py) points at the card data-point-at names (selectors
  // separated by ";", tried in turn: the move asked, else a card the step is about).
  /** @param {HTMLElement} root */
  var point = function (root) {
    /** @type {HTMLElement | null} */
    var bubble = root.querySelector("[data-point-at]");
    if (!bubble) return;
    /** @type {Element | null} */
    var target = null;  // the first of its selectors that finds a card
    /** @type {string} */ (bubble.getAttribute("data-point-at")).split(";").some(function (sel) {
      return (target = root.querySelector(sel));
    });
    bubble.toggleAttribute("data-pointed", !!target);  // no card to point at: no arrow
    if (!target) return;
    var box = bubble.getBoundingClientRect(), card = /** @type {Element} */ (target).getBoundingClientRect();
    var x = Math.max(18, Math.min(box.width - 18, card.left + card.width / 2 - box.left));
    bubble.style.setProperty("--arrow-x", Math.round(x) + "px");
  };
  // Hand cards by card and copy number ("QS#2"): where each one is now (for FLIP).
  /** @param {Element} region @returns {Places} */
  var places = function (region) {
    /** @type {Places} */
    var out = {};
    /** @type {Record<string, number>} */
    var seen = {};
    /** @type {NodeListOf<HTMLElement>} */ (region.querySelectorAll(".hcard")).forEach(function (el) {
      var card = el.getAttribute("data-card") || "";
      seen[card] = (seen[card] || 0) + 1;
      var box = el.getBoundingClientRect();
      out[card + "#" + seen[card]] = [box.left, box.top, el, box];
    });
    return out;
  };
  // Slide the cards that stayed from their old place to the new one.
  /** @param {Element} region @param {Places} before */
  var flip = function (region, before) {
    var after = places(region);
    if (Object.keys(after).sort().join() === Object.keys(before).sort().join()) return;
    var moved = [];
    for (var key in after) {
      if (!before[key]) continue;
      var dx = before[key][0] - after[key][0], dy = before[key][1] - after[key][1];
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      var el = after[key][2];
      el.style.transition = "none";
      el.style.transform = "translate(" + Math.round(dx) + "px, " + Math.round(dy) + "px)";
      moved.push(el);
    }
    if (!moved.length) return;
    region.getBoundingClientRect(); // one reflow: the inverted places take effect
    moved.forEach(function (el) { el.style.transition = "transform 240ms ease"; el.style.transform = ""; });
  };
  // Cards travel (job.travel: milliseconds, 0 under reduced motion or with animations
  // off): a played card from its seat (the player's from its place in the hand), a drawn
  // card from the stock, a won trick swept to its winner. Python's render says who played
  // each trick card (data-seat), which one is new (data-fresh) and who won (data-winner);
  // the places are measured here, before and after the regions change.
  /** @param {DOMRect} box */
  var centreOf = function (box) { return [box.left + box.width / 2, box.top + box.height / 2]; };
  /** @param {Element} root @param {string} seat @param {boolean} me */
  var seatBox = function (root, seat, me) {
    var el = root.querySelector('.seat[data-seat="' + seat + '"]');
    if (!el) return null;
    // an opponent's card leaves from (or goes to) the top card of its hand's backs
    var part = el.classList.contains("me") ? (me ? el.querySelector(".hand") : null) : el.querySelector(".backs .card:last-child");
    return (part || el).getBoundingClientRect();
  };
  /** @param {Element} root @returns {Trick} */
  var trickCells = function (root) {
    var trick = root.querySelector("#bz-centre .trick");
    /** @type {Element[]} */
    var cells = trick ? [].slice.call(trick.querySelectorAll(".tcell")) : [];
    return {
      state: trick ? trick.getAttribute("data-trick") : null,
      winner: trick ? trick.getAttribute("data-winner") : null,
      keys: cells.map(function (c) { return c.getAttribute("data-seat") + ":" + (c.querySelector("[data-card]") || c).getAttribute("data-card"); }),
      cells: cells,
    };
  };
  /** @param {Element} root @returns {Seen} */
  var before = function (root) {
    var stock = root.querySelector("#bz-centre .stock .card.back");
    /** @type {Record<string, number>} */
    var backs = {};
    root.querySelectorAll("#bz-opps .seat").forEach(function (s) {
      backs[/** @type {string} */ (s.getAttribute("data-seat"))] = s.querySelectorAll(".backs .card").length;
    });
    var me = /** @type {HTMLElement} */ (document.getElementById("bz-me"));
    var trick = trickCells(root);
    return {
      hand: places(me),
      stock: stock ? stock.getBoundingClientRect() : null,
      backs: backs,
      trick: trick,
      trickBoxes: trick.cells.map(function (c) {
        var card = c.querySelector(".card");
        return { box: (card || c).getBoundingClientRect(), card: card };
      }),
      seats: /** @type {Element[]} */ ([].slice.call(root.querySelectorAll(".seat[data-seat]"))).reduce(function (out, s) {
        var seat = /** @type {string} */ (s.getAttribute("data-seat"));
        out[seat] = seatBox(root, seat, false);
        return out;
      }, /** @type {Record<string, DOMRect | null>} */ ({})),
    };
  };
  /** @param {Element} root */
  var layer = function (root) {
    var fly = document.getElementById("bz-fly");
    if (!fly) {
      fly = document.createElement("div");
      fly.id = "bz-fly";
      fly.className = "fly";
      fly.setAttribute("aria-hidden", "true");
      fly.inert = true;
      root.appendChild(fly);
    }
    return fly;
  };
  // A copy of a card for the fly layer, at `box`: a look only (no hooks, no name, no focus).
  /** @param {Element} root @param {Element} el @param {DOMRect} box */
  var copyAt = function (root, el, box) {
    var copy = /** @type {HTMLElement} */ (el.cloneNode(true));
    /** @type {Attr[]} */ ([].slice.call(copy.attributes)).forEach(function (a) {
      if (/^(id|tabindex|role|data-|aria-)/.test(a.name)) copy.removeAttribute(a.name);
    });
    copy.style.left = box.left + "px";
    copy.style.top = box.top + "px";
    copy.style.setProperty("--w", box.width + "px");
    copy.style.width = box.width + "px";
    copy.style.height = box.height + "px";
    layer(root).appendChild(copy);
    return copy;
  };
  // A card that lands inside a clipped box (a seat, the hand): its copy flies above the
  // table from `from` to the card's place, and the card shows once the copy is there.
  /** @param {Element} root @param {Element} el @param {DOMRect | null} from @param {number} ms @param {number} delay */
  var flyTo = function (root, el, from, ms, delay) {
    var to = el.getBoundingClientRect();
    if (!from || !to.width) return;
    var copy = copyAt(root, el, to), a = centreOf(from), b = centreOf(to);
    var scale = Math.max(0.3, Math.min(1.5, from.width / to.width));
    copy.animate(
      [{ transform: "translate(" + Math.round(a[0] - b[0]) + "px, " + Math.round(a[1] - b[1]) + "px) scale(" + scale.toFixed(2) + ")" },
        { transform: "none" }],
      { duration: ms, delay: delay, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", fill: "backwards" }
    ).finished.catch(function () {}).then(function () { copy.remove(); });
    el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms + delay });
  };
  // From `from` (a box) to where `el` lies now.
  /** @param {Element} el @param {DOMRect | null} from @param {number} ms @param {number} [delay] */
  var arrive = function (el, from, ms, delay) {
    if (!from) return;
    var to = el.getBoundingClientRect();
    if (!to.width) return;
    var a = centreOf(from), b = centreOf(to);
    var scale = Math.max(0.3, Math.min(1.5, from.width / to.width));
    el.animate(
      [{ transform: "translate(" + Math.round(a[0] - b[0]) + "px, " + Math.round(a[1] - b[1]) + "px) scale(" + scale.toFixed(2) + ")" },
        { transform: "none" }],
      { duration: ms, delay: delay || 0, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", fill: "backwards" }
    );
  };
  /** @param {Element} root @param {Seen} seen @param {number} ms */
  var after = function (root, seen, ms) {
    var me = /** @type {HTMLElement} */ (document.getElementById("bz-me"));
    var mySeat = (me.querySelector(".seat.me") || me).getAttribute("data-seat");
    var now = trickCells(root);
    // the trick just won leaves for its winner (a copy of each card flies; the table moves on)
    var old = seen.trick;
    var same = now.keys.join() === old.keys.join() && now.state === old.state;
    if (old.state === "done" && old.winner !== null && !same) {
      var to = seatBox(root, old.winner, old.winner === mySeat);
      if (to) {
        var b = centreOf(to);
        seen.trickBoxes.forEach(function (was, k) {
          if (!was.card || !was.box.width) return;
          var copy = copyAt(root, was.card, was.box), a = centreOf(was.box);
          copy.classList.add("swept");
          var go = copy.animate(
            [{ transform: "none", opacity: 1 },
              { transform: "translate(" + Math.round(b[0] - a[0]) + "px, " + Math.round(b[1] - a[1]) + "px) scale(0.45)", opacity: 0.15 }],
            { duration: ms, delay: k * 30, easing: "cubic-bezier(0.4, 0, 0.7, 0.6)", fill: "both" }
          );
          go.finished.catch(function () {}).then(function () { copy.remove(); });
        });
      }
    }
    // a card just played comes from its seat (the player's from the hand)
    /** @type {Record<string, number>} */
    var played = {}; // the player's cards just played, by card
    now.cells.forEach(function (cell, k) {
      if (!cell.hasAttribute("data-fresh") || old.keys.indexOf(now.keys[k]) >= 0) return;
      var seat = /** @type {string} */ (cell.getAttribute("data-seat"));
      var card = cell.querySelector("[data-card]");
      /** @type {DOMRect | null} */
      var from = null;
      if (seat === mySeat) {
        var name = String(card && card.getAttribute("data-card"));
        var was = seen.hand[name + "#1"];
        from = was ? was[3] : null;
        played[name] = (played[name] || 0) + 1;
      }
      arrive(cell, from || seen.seats[seat], ms);
    });
    // drawn cards come from the stock: the player's face up, the others' face down; a new
    // deal's hands too (the stock was empty at the last deal's end: take today's)
    var stockCard = root.querySelector("#bz-centre .stock .card.back");
    var stockBox = seen.stock || (stockCard ? stockCard.getBoundingClientRect() : null);
    if (stockBox) {
      var mine = places(me), fresh = 0;
      for (var key in mine) {
        if (!mine[key][2].classList.contains("drawn")) continue;
        // a card that was in the hand is new all the same where its twin was just played
        var cardName = key.split("#")[0];
        if (seen.hand[key] && !played[cardName]) continue;
        if (seen.hand[key]) played[cardName] -= 1;
        flyTo(root, mine[key][2], stockBox, ms, 60 * fresh++);
      }
      root.querySelectorAll("#bz-opps .seat").forEach(function (s) {
        var had = seen.backs[/** @type {string} */ (s.getAttribute("data-seat"))];
        var cards = s.querySelectorAll(".backs .card");
        if (had === undefined || cards.length <= had || (had > 0 && cards.length - had > 3)) return;
        for (var i = had; i < cards.length; i++) flyTo(root, cards[i], stockBox, ms, 60 * (i - had));
      });
    }
  };
  // What has the keyboard focus, as a way to find it again after the patch.
  /** @param {Element} root @returns {FocusKey | null} */
  var focusKey = function (root) {
    var a = document.activeElement;
    if (!a || a.tagName === "BODY" || !root.contains(a)) return null;
    if (a.classList.contains("hcard") && a.getAttribute("data-index") !== null) return { hand: Number(a.getAttribute("data-index")) };
    /** @param {string} name @param {string} value */
    var q = function (name, value) { return "[" + name + '="' + CSS.escape(value) + '"]'; };
    var names = ["data-action", "data-command"];
    for (var i = 0; i < names.length; i++) {
      var value = a.getAttribute(names[i]);
      if (value !== null) {
        var lang = a.getAttribute("data-lang");
        return { sel: q(names[i], value) + (lang ? q("data-lang", lang) : "") };
      }
    }
    var name = a.getAttribute("name");
    return name ? { sel: q("name", name) } : null;
  };
  /** @param {Element} root @param {FocusKey} key */
  var restore = function (root, key) {
    if ("hand" in key) {
      var cards = root.querySelectorAll(".hcard");
      if (cards.length) window.__bzFocus(cards[Math.max(0, Math.min(key.hand, cards.length - 1))]);
      return;
    }
    var el = root.querySelector(key.sel) || root.querySelector(".hcard[tabindex='0']");
    if (el) window.__bzFocus(el);
  };
  var BEHIND = ["bz-bar", "bz-scores", "bz-table", "bz-prompt", "bz-notice", "bz-log"];
  // One render: {regions: {id: html}, players, flip, fit, modal, keepBar}; only changed
  // regions come. `modal`: the overlay is a modal screen, and what it covers is inert (but
  // the header bar where `keepBar`, for the menu).
  window.__bzPatch = function (json) {
    /** @type {PatchJob} */
    var job = JSON.parse(json);
    var root = /** @type {HTMLElement} */ (document.getElementById("bz"));
    var focus = focusKey(root);
    var ids = Object.keys(job.regions);
    var seen = job.travel > 0 && ids.length ? before(root) : null;
    ids.forEach(function (id) {
      var el = /** @type {HTMLElement} */ (document.getElementById(id)), html = job.regions[id];
      var before = job.flip && id === "bz-me" ? places(el) : null;
      // nodes marked data-keep (a call-out running its animation) survive the patch
      /** @type {Record<string, Element>} */
      var kept = {};
      el.querySelectorAll("[data-keep]").forEach(function (n) { kept[/** @type {string} */ (n.getAttribute("data-keep"))] = n; });
      el.innerHTML = html;
      el.querySelectorAll("[data-keep]").forEach(function (n) {
        var old = kept[/** @type {string} */ (n.getAttribute("data-keep"))];
        if (old) n.replaceWith(old);
      });
      if (before) flip(el, before);
      if (id !== "bz-overlay") return;
      window.__bzWarm.keep(html);
      if (html) {
        // summaries and the menu leave the header bar usable above them
        root.style.setProperty("--bar-h", /** @type {HTMLElement} */ (document.getElementById("bz-bar")).offsetHeight + "px");
        el.removeAttribute("hidden");
      } else {
        el.setAttribute("hidden", "");
      }
      var modal = Boolean(html && job.modal), keepBar = Boolean(job.keepBar);
      BEHIND.forEach(function (region) {
        var node = /** @type {HTMLElement} */ (document.getElementById(region));
        if (modal && !(keepBar && region === "bz-bar")) node.setAttribute("inert", "");
        else node.removeAttribute("inert");
      });
    });
    var table = /** @type {HTMLElement} */ (document.getElementById("bz-table"));
    if (table.getAttribute("data-n") !== String(job.players)) table.setAttribute("data-n", String(job.players));
    if (!ids.length) return;
    if (seen) after(root, seen, job.travel);
    if (!fitting) {
      fitting = true; // once before the next frame, however many patches come first
      requestAnimationFrame(function () { fitting = false; fit(job.fit); point(root); });
    }
    var active = document.activeElement;
    if (focus && (!active || active.tagName === "BODY" || !active.isConnected)) restore(root, focus);
  };
})();
// Table sounds (web/platform/sound.py describes the tones): made only after the player's first tap.
(function () {
  /** @typedef {{at: number, wave: OscillatorType, freq: number, glide: number, gain: number, seconds: number}} Tone */
  /** @type {{ctx: AudioContext, out: GainNode} | null} */
  var audio = null;
  window.__bzAudio = function (gain) {
    try {
      if (!audio) {
        var Context = window.AudioContext || window.webkitAudioContext;
        if (!Context) return false;
        var ctx = new Context(), out = ctx.createGain();
        out.gain.value = gain;
        out.connect(ctx.destination);
        audio = { ctx: ctx, out: out };
      }
      if (audio.ctx.state === "suspended") audio.ctx.resume();
      return true;
    } catch (e) {
      audio = null;
      return false;
    }
  };
  window.__bzTones = function (json, last) {
    if (!audio) return;
    var sound = audio, ctx = audio.ctx, now = ctx.currentTime + 0.01;
    /** @type {Tone[]} */ (JSON.parse(json)).forEach(function (t) {
      var t0 = now + t.at, osc = ctx.createOscillator(), env = ctx.createGain();
      osc.type = t.wave;
      osc.frequency.setValueAtTime(t.freq, t0);
      if (t.glide) osc.frequency.exponentialRampToValueAtTime(t.glide, t0 + t.seconds);
      env.gain.setValueAtTime(0.0001, t0);
      env.gain.exponentialRampToValueAtTime(t.gain, t0 + 0.008);
      env.gain.exponentialRampToValueAtTime(0.0001, t0 + t.seconds);
      osc.connect(env);
      env.connect(sound.out);
      osc.start(t0);
      osc.stop(t0 + t.seconds + 0.02);
    });
    document.documentElement.dataset.lastSound = last;
  };
})();
