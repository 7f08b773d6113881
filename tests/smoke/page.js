// Page-side functions of the smoke scenario shared by the non-Chromium engines.
// Both drivers (firefox.mjs: puppeteer-core over WebDriver BiDi; test_webkit.py: Selenium)
// split this file on the "// @fn NAME" lines and call each function expression in the page,
// so the scenario is written once. Only the stable hooks of docs/design.md are used
// (data-app-state, data-action, data-command, data-summary, data-seat-score), so the table's
// look can change under them.

// @fn step
// What the page shows now: "error" | "loading" | "summary" (a deal or game summary) |
// "play" (an action of the player is enabled) | "start" (a start screen or new-game dialog) |
// "wait" (the computer is thinking).
() => {
  const state = document.documentElement.dataset.appState;
  if (state !== "ready") return state || "loading";
  // Python (in a worker, a moment later) has not yet handled every click: not yet its result.
  if (document.documentElement.hasAttribute("data-pending")) return "wait";
  const visible = (el) => !!el && el.getClientRects().length > 0;
  const any = (selector) => [...document.querySelectorAll(selector)].some(visible);
  if (any("[data-summary]")) return "summary";
  if (any('[data-screen="start"], [data-command="continue"], [data-command="start"], [data-command="start-game"]')) {
    return "start";
  }
  if (any('[data-action]:not([aria-disabled="true"])')) return "play";
  return "wait";
}

// @fn advance
// Clicks what moves the game on: a summary's "next", a start screen's "continue", a dialog's
// "start", a start screen's "new game" (no saved game), else the first enabled action.
// Returns what it clicked (null: nothing to click).
() => {
  const visible = (el) => !!el && el.getClientRects().length > 0;
  const pick = (selector) => [...document.querySelectorAll(selector)].find(visible);
  const el =
    pick('[data-summary] [data-command="next"]') ||
    pick('[data-command="continue"]') ||
    pick('[data-command="start"]') ||
    pick('[data-command="start-game"]') ||
    pick('[data-screen="start"] [data-command="new-game"]') ||
    pick('[data-action]:not([aria-disabled="true"])');
  if (!el) return null;
  el.click();
  return el.dataset.action || `command ${el.dataset.command}`;
}

// @fn command
// Clicks a command, opening the menu first when it sits behind data-command="menu" (the menu
// opens once Python has handled the click: a moment later when Python runs in a worker).
async (name, extra) => {
  const visible = (el) => !!el && el.getClientRects().length > 0;
  const selector = `[data-command="${name}"]${extra || ""}`;
  const find = () => [...document.querySelectorAll(selector)].find(visible);
  let el = find();
  if (!el) {
    const menu = [...document.querySelectorAll('[data-command="menu"]')].find(visible);
    if (menu) menu.click();
    for (let i = 0; i < 200 && !(el = find()); i++) await new Promise((ok) => setTimeout(ok, 50));
    el = el || document.querySelector(selector);
  }
  if (!el) return false;
  el.click();
  return true;
}

// @fn dismiss
// Closes the menu or a settings screen left open by a command (the table is under it).
() => {
  const visible = (el) => !!el && el.getClientRects().length > 0;
  const close = [...document.querySelectorAll('#bz-overlay [data-command="close"]')].find(visible);
  if (close && !close.closest("[data-summary]")) close.click();
  return !!close;
}

// @fn snapshot
// The position as the table shows it (compared across the offline reload).
() => ({
  lang: document.documentElement.lang,
  dir: document.documentElement.dir,
  hand: [...document.querySelectorAll("#bz-me .hand [data-card]")].map((e) => e.dataset.card),
  scores: [...document.querySelectorAll("[data-seat-score]")].map((e) => e.dataset.value ?? e.textContent),
  actions: [...document.querySelectorAll('[data-action]:not([aria-disabled="true"])')].map(
    (e) => e.dataset.action,
  ),
})

// @fn hand_direction
// Which way the hand runs on screen: a right-to-left page mirrors it.
() => {
  const cards = [...document.querySelectorAll("#bz-me .hand [data-card]")];
  if (cards.length < 2) return null;
  return cards[0].getBoundingClientRect().left < cards[1].getBoundingClientRect().left ? "ltr" : "rtl";
}

// @fn controlled
// A service worker controls the page and holds every file (the offline reload needs both).
() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)
  && document.documentElement.dataset.offline === "ready"

// @fn page_errors
// Errors the page showed itself: the shell's boot failure, Python tracebacks.
() => [
  ...[...document.querySelectorAll(".py-error")].map((e) => e.textContent),
  ...(document.documentElement.dataset.bootError ? [document.documentElement.dataset.bootError] : []),
]
