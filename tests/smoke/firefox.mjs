// Smoke test in Firefox (Debian's firefox-esr), driven by puppeteer-core over WebDriver BiDi.
// The scenario is the one of test_webkit.py (Safari's engine): boot to ready, play a whole
// deal to its summary, switch to Hebrew (lang, dir, mirrored table), reload offline from the
// service worker with the server stopped, resume the saved game, no console error.
// Usage: node --test tests/smoke/firefox.mjs   (BEZIQUE_DIST=folder to serve, default dist/)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const FIREFOX = process.env.BEZIQUE_FIREFOX ?? "/usr/bin/firefox-esr";
const DIST = resolve(process.env.BEZIQUE_DIST ?? join(repo, "dist"));
const PYTHON = existsSync(join(repo, ".venv/bin/python")) ? join(repo, ".venv/bin/python") : "python3";
// Generous: on a loaded 2-core machine a cold boot can take a minute (about 5 s when idle).
const TIMEOUT_MS = 240_000;

/** The page functions of page.js by name (shared with the WebKit driver). */
function pageFunctions() {
  const text = readFileSync(join(here, "page.js"), "utf-8");
  const fns = {};
  for (const part of text.split(/^\/\/ @fn /m).slice(1)) {
    const name = part.slice(0, part.indexOf("\n")).trim();
    fns[name] = part.slice(part.indexOf("\n") + 1).replace(/^\/\/.*$/gm, "").trim();
  }
  return fns;
}
const FN = pageFunctions();
const call = (page, name, ...args) => page.evaluate(`(${FN[name]})(...${JSON.stringify(args)})`);

function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

/** tools/serve.py on a free port, in a child process the test can stop. */
async function serve(dir) {
  const port = await freePort();
  const child = spawn(PYTHON, [join(repo, "tools/serve.py"), "--dir", dir, "--port", String(port)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}/`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = () =>
    new Promise((ok) => {
      if (child.exitCode !== null) return ok();
      child.once("exit", ok);
      child.kill();
    });
  return { url, stop };
}

async function until(page, test, what, timeout = TIMEOUT_MS) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}; page shows ${await call(page, "step")}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
