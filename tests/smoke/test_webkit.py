"""Smoke test in WebKitGTK, Safari's engine: MiniBrowser driven by Selenium's WebKitGTK driver.

The scenario is the one of firefox.mjs (page functions shared through page.js): boot to ready,
play a whole deal to its summary, switch to Hebrew (lang, dir, mirrored table), reload offline
from the service worker with the server stopped, resume the saved game, no console error.

Needs a display: `make test` runs it under `xvfb-run`. BEZIQUE_DIST names the folder to serve
(default dist/, written by `make build`).

Where WebKit differs:
- WebKitWebDriver speaks classic WebDriver only (no BiDi `webSocketUrl`, no log endpoint),
  and MiniBrowser ignores --enable-write-console-messages-to-stdout in automation mode, so the
  console cannot be read from outside. The shell's first script keeps every error the page
  meets (window errors, unhandled rejections, console.error) in `window.__bzErrors`, from
  before anything else runs; the test reads that journal.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
DRIVER = "/usr/bin/WebKitWebDriver"
TIMEOUT_S = 240.0  # generous: on a loaded 2-core machine a cold boot can take minutes


def page_functions() -> dict[str, str]:
    """The page functions of page.js by name (shared with the Firefox driver)."""
    text = (HERE / "page.js").read_text("utf-8")
    functions: dict[str, str] = {}
    for part in re.split(r"^// @fn ", text, flags=re.M)[1:]:
        name, _, body = part.partition("\n")
        functions[name.strip()] = re.sub(r"^//.*$", "", body, flags=re.M).strip()
    return functions


FN = page_functions()


def serve(root: Path) -> tuple[str, Callable[[], None]]:
    """tools/serve.py's server for `root` on a free port, in a thread; returns (url, stop)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bezique_serve", ROOT / "tools" / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    server = module.make_server(root, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stopped = False

    def stop() -> None:
        nonlocal stopped
        if not stopped:
            stopped = True
            server.shutdown()
            server.server_close()
            thread.join(timeout=10)

    return f"http://localhost:{server.server_address[1]}/", stop


class Page:
    """The few things the scenario does with a page."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def call(self, name: str, *args: Any) -> Any:
        return self.driver.execute_script(f"return ({FN[name]})(...arguments)", *args)

    def js(self, expression: str) -> Any:
        return self.driver.execute_script(f"return {expression}")

    def until(self, test: Callable[[], Any], what: str, timeout: float = TIMEOUT_S) -> Any:
        """Poll `test` until it holds. WebKitWebDriver can answer a script with "Could not
        parse script result" while the page is busy (seen once in a CI run): such a poll
        counts as a miss, and the deadline still holds."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = test()
            except WebDriverException as error:
                if "Could not parse script result" not in str(error):
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}; page: {self.call('step')}")
            time.sleep(0.05)

    def until_playable(self) -> None:
        """Until the player can act (through a start screen or dialog on the way)."""

        def playable() -> bool:
            step = self.call("step")
            assert step != "error", f"boot failed: {self.call('page_errors')}"
            if step == "start":
                self.call("advance")
            return bool(step == "play")

        self.until(playable, "the player's turn")


@pytest.fixture
def driver() -> Iterator[Any]:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        pytest.fail("WebKitGTK needs a display: run under xvfb-run (make test does)")
    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    log = ROOT / "build" / "webkit-driver.log"
    log.parent.mkdir(exist_ok=True)
    browser = webdriver.WebKitGTK(
        options=options, service=Service(executable_path=DRIVER, log_output=str(log))
    )
    try:
        browser.set_window_size(412, 915)
        yield browser
    finally:
        browser.quit()


def test_webkit_boot_deal_hebrew_offline_resume(driver: Any) -> None:
    dist = Path(os.environ.get("BEZIQUE_DIST", ROOT / "dist")).resolve()
    assert (dist / "index.html").is_file(), f"no built site in {dist} (make build)"
    url, stop = serve(dist)
    page = Page(driver)
    times: dict[str, float] = {}
    try:
        started = time.monotonic()
        driver.get(url + "?fast&seed=11")
        page.until_playable()
        times["ready_s"] = round(time.monotonic() - started, 1)
        # WebKit keeps Python on the main thread (index.html's pythonThread)
        thread = driver.execute_script("return document.documentElement.dataset.pythonThread")
        assert thread == "main", thread

        started = time.monotonic()
        clicks = 0

        def summary() -> bool:
            nonlocal clicks
            step = page.call("step")
            if step in ("play", "start"):
                page.call("advance")
                clicks += 1
            return bool(step == "summary")

        page.until(summary, "the deal's summary", timeout=300)
        times["deal_s"] = round(time.monotonic() - started, 1)
        assert clicks >= 20, f"a whole deal takes more than {clicks} clicks"
        assert page.js("document.querySelectorAll('[data-summary] [data-command=\"next\"]').length")
        page.call("advance")  # the next deal
        page.until_playable()

        assert page.call("hand_direction") == "ltr"
        assert page.call("command", "language", '[data-lang="he"]'), "no Hebrew button"
        page.until(lambda: page.js("document.documentElement.lang === 'he'"), "Hebrew")
        page.call("dismiss")
        page.until_playable()
        assert page.call("snapshot")["dir"] == "rtl"
        assert page.call("hand_direction") == "rtl", "the hand is not mirrored"

        page.until(lambda: page.call("controlled"), "a service worker controlling the page")
        before = page.call("snapshot")
        stop()
        started = time.monotonic()
        driver.refresh()
        page.until_playable()
        times["offline_ready_s"] = round(time.monotonic() - started, 1)
        assert page.js("document.documentElement.dataset.bootMode") == "cached"
        assert page.call("snapshot") == before, "the saved game did not resume"
        assert page.call("advance"), "no move offered offline"
        page.until(lambda: page.call("step") in ("play", "summary"), "a reply")

        assert page.call("page_errors") == []
        assert page.js("window.__bzErrors") == []
        version = driver.capabilities.get("browserVersion", "?")
        print(f"webkitgtk {version}: {json.dumps(times)}")
    finally:
        stop()
