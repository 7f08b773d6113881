// Two browsers, one table, through the app: Chromium hosts a classic game with the second
// seat on another device, Firefox (Debian's firefox-esr) joins it through the codes (passed
// as text, as a person types them), and the two play the whole deal to its summary, each
// move made on the device whose turn it is. Both show the same scores at the end, the
// guest's deck checks out, and Firefox's page has no error. Firefox also reads the host's
// code back from its QR image, with the decoder its camera would use.
// Usage: node --test tests/smoke/firefox_guest.mjs   (BEZIQUE_DIST=folder, default dist/)
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import puppeteer from "puppeteer-core";
import { CHROMIUM, DIST, FIREFOX, TIMEOUT_MS, call, serve, until } from "./drive.mjs";

const ENABLED = '#bz [data-action]:not([aria-disabled="true"])';
// What the person may do, and the stock: one of them changes with every move. (Choices alone
// may not: a trick won by a card whose twin is drawn from the stock leaves the hand as it was.)
const MOVE_MARK = `JSON.stringify([Array.from(document.querySelectorAll('${ENABLED}'), (e) => e.dataset.action),
  document.querySelector("#bz [data-stock]")?.dataset.stock])`;
const SCORES = `JSON.stringify(Array.from(document.querySelectorAll("#bz [data-seat-score]"),
  (e) => [e.dataset.seatScore, e.dataset.value]).sort())`;
const has = (page, selector) => page.evaluate(`!!document.querySelector(${JSON.stringify(selector)})`);
const text = (page, selector) =>
  until(page, () => page.evaluate(`document.querySelector(${JSON.stringify(selector)})?.textContent`), selector);

async function paste(page, selector, code) {
  await page.evaluate(`document.querySelector(${JSON.stringify(selector)}).value = ${JSON.stringify(code)}`);
}

test("Chromium hosts, Firefox joins: a whole classic deal on two devices", { timeout: 600_000 }, async () => {
  assert.ok(existsSync(join(DIST, "index.html")), `no built site in ${DIST} (make build)`);
  const server = await serve(DIST);
  const profile = mkdtempSync(join(tmpdir(), "bezique-firefox-"));
  const chromium = await puppeteer.launch({ executablePath: CHROMIUM, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"], protocolTimeout: TIMEOUT_MS });
  const firefox = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true,
    userDataDir: profile, protocolTimeout: TIMEOUT_MS });
  const errors = [];
  try {
    const host = await chromium.newPage();
    const guest = await firefox.newPage();
    guest.on("pageerror", (error) => errors.push(`page: ${error.message ?? error}`));
    guest.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    for (const page of [host, guest]) {
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(`${server.url}?fast`);
    }
    for (const page of [host, guest]) {
      await until(page, async () => (await call(page, "step")) !== "loading", "the app");
    }
    let started = Date.now();
    await host.click('[data-command="host-table"]');
    await until(host, () => has(host, '[data-seat="1"][data-seat-kind="device"]'), "the new-game form");
    await host.click('[data-seat="1"][data-seat-kind="device"]');
    await host.click('[data-command="start"]');
    const offer = await text(host, '[data-pair-code="offer"][data-seat="1"]');
    await guest.click('[data-command="join-table"]');
    await until(guest, () => has(guest, "input[data-pair-input]"), "the join screen");
    await paste(guest, "input[data-pair-input]", offer);
    await guest.click('[data-command="pair-connect"]');
    const answer = await text(guest, '[data-pair-code="answer"]');
    await paste(host, 'input[data-pair-input][data-seat="1"]', answer);
    await host.click('[data-command="pair-connect"][data-seat="1"]');
    for (const page of [host, guest]) {
      await until(page, () => has(page, 'html[data-peer-state="connected"] #bz-me .hcard'), "the table");
    }
    const paired = (Date.now() - started) / 1000;
    // the host's code drawn as a QR image and read back in Firefox by the decoder its camera
    // uses (Firefox has no barcode detector: the vendored one)
    const read = await guest.evaluate(`import("./web/link-qr.mjs").then((m) => {
      const rows = m.qrModules(${JSON.stringify(offer)}), scale = 4, border = 4;
      const size = (rows.length + 2 * border) * scale;
      const ctx = new OffscreenCanvas(size, size).getContext("2d");
      ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, size, size); ctx.fillStyle = "#000";
      rows.forEach((row, y) => row.forEach((dark, x) => {
        if (dark) ctx.fillRect((x + border) * scale, (y + border) * scale, scale, scale);
      }));
      return m.readImage(ctx.getImageData(0, 0, size, size));
    })`);
    assert.equal(read, offer.toUpperCase());

    started = Date.now();
    let moves = 0;
    const pages = [host, guest];
    await until(guest, async () => {
      if ((await Promise.all(pages.map((p) => has(p, "[data-summary]")))).every(Boolean)) return true;
      for (const page of pages) {
        if ((await call(page, "step")) !== "play") continue;
        const before = await page.evaluate(MOVE_MARK);
        await page.evaluate(`document.querySelector('${ENABLED}')?.click()`);
        moves += 1;
        const which = page === host ? "the host's" : "the guest's";
        await until(page, async () => (await page.evaluate(MOVE_MARK)) !== before,
          `${which} move ${moves} taken (choices and stock before: ${before})`, 60_000);
        break;
      }
      return false;
    }, "both summaries", 300_000);
    const deal = (Date.now() - started) / 1000;

    assert.ok(moves >= 60, `a whole classic deal takes more than ${moves} moves`);
    assert.equal(await guest.evaluate(SCORES), await host.evaluate(SCORES));
    assert.equal(await has(guest, "#bz .notice.error"), false, "the guest shows an error");
    assert.ok(await has(guest, '[data-deck-check="ok"]'), "the guest did not check the deck");
    assert.deepEqual(await call(guest, "page_errors"), []);
    assert.deepEqual(errors, []);
    console.log(`firefox guest of chromium: codes of ${offer.length} and ${answer.length} characters;` +
      ` paired in ${paired} s; a deal of ${moves} moves in ${deal} s`);
  } finally {
    await chromium.close();
    await firefox.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
});
