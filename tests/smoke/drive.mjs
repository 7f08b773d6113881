// What the Node smoke drivers share: the page functions of page.js, tools/serve.py on a free
// port, and waiting on a page. (firefox.mjs: Firefox alone; firefox_guest.mjs: Firefox as a
// guest at a table hosted by Chromium.)
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, "..", "..");
export const FIREFOX = process.env.BEZIQUE_FIREFOX ?? "/usr/bin/firefox-esr";
export const CHROMIUM = process.env.BEZIQUE_CHROMIUM ?? "/usr/bin/chromium";
export const DIST = resolve(process.env.BEZIQUE_DIST ?? join(repo, "dist"));
const PYTHON = existsSync(join(repo, ".venv/bin/python")) ? join(repo, ".venv/bin/python") : "python3";
// Generous: on a loaded 2-core machine a cold boot can take a minute (about 5 s when idle).
export const TIMEOUT_MS = 240_000;

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
export const call = (page, name, ...args) => page.evaluate(`(${FN[name]})(...${JSON.stringify(args)})`);

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
export async function serve(dir) {
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

/** Polls `test` until it returns something true (that value), or fails naming `what`. */
export async function until(page, test, what, timeout = TIMEOUT_MS) {
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
