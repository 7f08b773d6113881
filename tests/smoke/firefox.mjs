// Smoke test in Firefox (Debian's firefox-esr), driven by puppeteer-core over WebDriver BiDi.
// The scenario is the one of test_webkit.py (Safari's engine): boot to ready, play a whole
// deal to its summary, switch to Hebrew (lang, dir, mirrored table), reload offline from the
// service worker with the server stopped, resume the saved game, no console error.
// Usage: node --test tests/smoke/firefox.mjs   (BEZIQUE_DIST=folder to serve, default dist/)
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import puppeteer from "puppeteer-core";
import { DIST, FIREFOX, TIMEOUT_MS, call, serve, until } from "./drive.mjs";

/** Wait until the player can act (getting through a start screen or dialog on the way). */
async function untilPlayable(page) {
  return until(
    page,
    async () => {
      const step = await call(page, "step");
      if (step === "error") throw new Error(`boot failed: ${await call(page, "page_errors")}`);
      if (step === "start") await call(page, "advance");
      return step === "play";
    },
    "the player's turn",
  );
}

test("Firefox: boot, a whole deal, Hebrew, offline reload, resume", { timeout: 600_000 }, async () => {
  assert.ok(existsSync(join(DIST, "index.html")), `no built site in ${DIST} (make build)`);
  const server = await serve(DIST);
  const profile = mkdtempSync(join(tmpdir(), "bezique-firefox-"));
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    protocolTimeout: TIMEOUT_MS,
  });
  const errors = [];
  const times = {};
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 915 });
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`page: ${error.message ?? error}`));

    let started = Date.now();
    await page.goto(`${server.url}?fast&seed=11`);
    await untilPlayable(page);
    times.ready_s = (Date.now() - started) / 1000;
    // the service worker's COOP/COEP make the page isolated: Python runs in a worker
    times.thread = await page.evaluate("document.documentElement.dataset.pythonThread");
    assert.equal(times.thread, "worker");
    // ... on the WebAssembly the page compiled and lent it (web/shell-boot.js)
    times.wasm = await page.evaluate("document.documentElement.dataset.pythonWasm");
    assert.equal(times.wasm, "page");

    started = Date.now();
    let clicks = 0;
    await until(
      page,
      async () => {
        const step = await call(page, "step");
        if (step === "summary") return true;
        if (step === "play" || step === "start") {
          await call(page, "advance");
          clicks += 1;
        }
        return false;
      },
      "the deal's summary",
      300_000,
    );
    times.deal_s = (Date.now() - started) / 1000;
    assert.ok(clicks >= 20, `a whole deal takes more than ${clicks} clicks`);
    assert.equal(await page.$$eval('[data-summary] [data-command="next"]', (els) => els.length), 1);
    await call(page, "advance"); // next deal
    await untilPlayable(page);

    assert.equal(await call(page, "hand_direction"), "ltr");
    assert.ok(await call(page, "command", "language", '[data-lang="he"]'), "no Hebrew button");
    await until(page, () => page.evaluate("document.documentElement.lang === 'he'"), "Hebrew");
    await call(page, "dismiss");
    await untilPlayable(page);
    const hebrew = await call(page, "snapshot");
    assert.equal(hebrew.dir, "rtl");
    assert.equal(await call(page, "hand_direction"), "rtl", "the hand is not mirrored");

    await until(page, () => call(page, "controlled"), "a service worker controlling the page");
    const before = await call(page, "snapshot");
    await server.stop();
    started = Date.now();
    await page.reload();
    await untilPlayable(page);
    times.offline_ready_s = (Date.now() - started) / 1000;
    assert.equal(await page.evaluate("document.documentElement.dataset.bootMode"), "cached");
    assert.deepEqual(await call(page, "snapshot"), before, "the saved game did not resume");
    assert.ok(await call(page, "advance"), "no move offered offline");
    await until(page, async () => ["play", "summary"].includes(await call(page, "step")), "a reply");

    assert.deepEqual(await call(page, "page_errors"), []);
    assert.deepEqual(await page.evaluate("window.__bzErrors"), []);
    assert.deepEqual(errors, []);
    console.log(`firefox ${(await browser.version()).trim()}: ${JSON.stringify(times)}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
});
