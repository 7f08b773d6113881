// Two browsers, one table: Chromium as host and Firefox (Debian's firefox-esr) as guest pair
// through the text codes of web/link-rtc.mjs (no ICE server, host candidates only) and
// exchange messages. Prints the codes' sizes, the pairing time and a message's time.
// Usage: node --test tests/smoke/link_firefox.mjs
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const FIREFOX = process.env.BEZIQUE_FIREFOX ?? "/usr/bin/firefox-esr";
const CHROMIUM = process.env.BEZIQUE_CHROMIUM ?? "/usr/bin/chromium";
const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; connect-src 'self'">
<script type="module" src="link_harness.mjs"></script></head><body></body></html>`;

function serve(dir) {
  const types = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript" };
  const server = createServer((req, res) => {
    const name = new URL(req.url, "http://x").pathname.slice(1) || "index.html";
    try {
      if (name.includes("..")) throw new Error("outside");
      const body = readFileSync(join(dir, name));
      res.writeHead(200, { "content-type": types[name.slice(name.lastIndexOf("."))] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404); res.end();
    }
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

async function until(page, expression, timeout = 30_000) {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > end) throw new Error("timed out: " + expression);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("Chromium host, Firefox guest: pair by text codes, talk both ways", { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "bezique-link-"));
  mkdirSync(join(dir, "web"));
  mkdirSync(join(dir, "runtime", "qr"), { recursive: true });
  for (const name of ["link-rtc.mjs", "link-qr.mjs"]) copyFileSync(join(repo, "web", name), join(dir, "web", name));
  for (const name of ["index.js", "decode.js"]) {
    copyFileSync(join(repo, "node_modules", "qr", name), join(dir, "runtime", "qr", name));
  }
  copyFileSync(join(repo, "tests/e2e/link_harness.mjs"), join(dir, "link_harness.mjs"));
  writeFileSync(join(dir, "index.html"), PAGE);
  const server = await serve(dir);
  const url = `http://127.0.0.1:${server.address().port}/index.html`;
  const profile = mkdtempSync(join(tmpdir(), "bezique-firefox-"));
  const chromium = await puppeteer.launch({ executablePath: CHROMIUM, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  const firefox = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX,
    headless: true, userDataDir: profile });
  try {
    const host = await chromium.newPage();
    const guest = await firefox.newPage();
    for (const page of [host, guest]) {
      await page.goto(url);
      await until(page, "document.documentElement.dataset.ready === '1'");
    }
    const started = Date.now();
    const offer = await host.evaluate("duo.host()");
    const answer = await guest.evaluate(`duo.guest(${JSON.stringify(offer)})`);
    await host.evaluate(`duo.accept(${JSON.stringify(answer)})`);
    await until(host, "document.documentElement.dataset.peerState === 'connected'");
    await until(guest, "document.documentElement.dataset.peerState === 'connected'");
    const paired = Date.now() - started;
    for (let k = 0; k < 10; k++) await host.evaluate(`duo.send(${JSON.stringify(JSON.stringify({ k }))})`);
    await until(guest, "duo.state.received.length === 10");
    await guest.evaluate("duo.send('back')");
    await until(host, "duo.state.received.includes('back')");
    const got = (await guest.evaluate("duo.state.received")).map((t) => JSON.parse(t).k);
    assert.deepEqual(got, [...Array(10).keys()]);
    // the host's code as a QR image, read back in Firefox by the vendored decoder
    assert.equal((await guest.evaluate(`duo.qrRoundTrip(${JSON.stringify(offer)})`)).text, offer);
    console.log(`firefox guest: offer ${offer.length} chars, answer ${answer.length} chars; paired in ${paired} ms`);
  } finally {
    await chromium.close();
    await firefox.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
});
