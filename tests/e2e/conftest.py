"""Shared end-to-end fixtures: one build of dist/, one local server, a guarded page.

Why in-process servers: the tests count what the browser really downloads (server side),
and a private server can be stopped to prove the app no longer needs it.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pictures
import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Request
from tool_loader import load_tool

ROOT = Path(__file__).resolve().parents[2]


# Waits poll every 16 ms instead of Playwright's default, every animation frame: a frame
# asked for is a frame drawn, and in the software-drawn headless page that costs about a
# tenth of a CPU-second per second of waiting (measured: 0.8-1.3 CPU-s in 8 s against 0.2).
POLL_MS = 16
_FUNCTION_RE = re.compile(r"\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)")
_wait_for_function = Page.wait_for_function


def _wait_for_function_under_csp(self: Page, expression: str, **kwargs: Any) -> Any:
    """Page.wait_for_function, with a bare expression turned into an arrow function.

    Why: Playwright polls a bare expression with eval(), which the app's CSP (no
    'unsafe-eval') refuses; a function is called directly and is not affected.
    """
    if not _FUNCTION_RE.match(expression):
        expression = f"() => ({expression})"
    kwargs.setdefault("polling", POLL_MS)
    return _wait_for_function(self, expression, **kwargs)


Page.wait_for_function = _wait_for_function_under_csp  # type: ignore[method-assign]


def _only_wanted_pictures(take: Callable[..., bytes]) -> Callable[..., bytes]:
    """A review picture (into artifacts/) only where tests/e2e/pictures.py wants pictures
    at all: `make test` takes none (each costs the browser a paint and a PNG, and no check
    reads them); a picture elsewhere (the manifest's, tools/screenshots.py) always."""

    def screenshot(self: Any, *args: Any, **kwargs: Any) -> bytes:
        path = kwargs.get("path")
        if path is not None and pictures.MODE == "none" and Path(path).parent == ARTIFACTS:
            return b""
        return take(self, *args, **kwargs)

    return screenshot


Page.screenshot = _only_wanted_pictures(Page.screenshot)  # type: ignore[method-assign]
Locator.screenshot = _only_wanted_pictures(Locator.screenshot)  # type: ignore[method-assign]

site_build = load_tool("build")
site_serve = load_tool("serve")
site_screenshots = load_tool("screenshots")

# Python may run in a worker, where the table handles a click a moment after it: the shell
# counts the input not yet handled in html[data-pending] (index.html). A wait for the table
# waits for that too, and so does every action on the page, as if the handlers ran at once.
SETTLED = site_screenshots.SETTLED


def _wait_settled_then(self: Page, expression: str, **kwargs: Any) -> Any:
    if not _FUNCTION_RE.match(expression):
        expression = f"() => ({expression})"
    return _wait_for_function_under_csp(
        self, f"(arg) => ({SETTLED})() && ({expression})(arg)", **kwargs
    )


Page.wait_for_function = _wait_settled_then  # type: ignore[method-assign]


def _settle(page: Page) -> None:
    with contextlib.suppress(Exception):  # the action navigated or closed the page
        _wait_for_function(page, SETTLED, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)


def _then_settle(cls: type, name: str) -> None:
    action = getattr(cls, name)

    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = action(self, *args, **kwargs)
        _settle(self if isinstance(self, Page) else self.page)
        return result

    setattr(cls, name, run)


for _cls in (Locator, Page):
    for _name in ("click", "dblclick", "tap", "press", "check", "uncheck", "select_option",
                  "fill"):
        _then_settle(_cls, _name)


_goto = Page.goto


def _goto_table_from_snapshot(self: Page, url: str, **kwargs: Any) -> Any:
    """Page.goto; a table test's page (`?fast`) boots Python from its snapshot over the network.

    Why: each test's browser context is a first visit, which boots Python without the
    snapshot (web/python-loader.mjs); that costs every table test a second or more of CPU.
    The boot itself, first visits included, is tested by pages without `?fast`
    (test_platform, test_reliability's boot tests).
    """
    if "?fast" in url and "snapshot=" not in url:
        url += "&snapshot=network"
    return _goto(self, url, **kwargs)


Page.goto = _goto_table_from_snapshot  # type: ignore[method-assign]


class _SettlingKeyboard:
    """page.keyboard whose key presses wait for the table like the actions above."""

    def __init__(self, page: Page, keyboard: Any) -> None:
        self._page = page
        self._keyboard = keyboard

    def __getattr__(self, name: str) -> Any:
        return getattr(self._keyboard, name)

    def press(self, *args: Any, **kwargs: Any) -> None:
        self._keyboard.press(*args, **kwargs)
        _settle(self._page)


_keyboard = Page.keyboard


Page.keyboard = property(  # type: ignore[assignment,method-assign]
    lambda self: _SettlingKeyboard(self, _keyboard.fget(self))  # type: ignore[attr-defined]
)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # V8 compiles Pyodide's WebAssembly with its baseline compiler only: the optimizing
    # tier's background compiles of the hot functions cost more CPU than these short pages
    # gain from them (measured per module alone: the boot-heavy reliability tests 41.5 ->
    # 35.7 CPU-s, the table's 37.0 -> 32.8, the platform's 89 -> 83; the whole stage 446 ->
    # 407). Only the tests' browser: the app and the benches run in an ordinary one.
    "--js-flags=--liftoff-only",
]
ARTIFACTS = ROOT / "artifacts"
BOOT_TIMEOUT_MS = 90_000
LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1"}
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-extension", "devtools"}
CSP_REPORT_PATH = "/__csp-report"
# Every Content-Security-Policy violation any served page reports (report-uri), all sites.
CSP_REPORTS: list[str] = []


# The modules' CPU-seconds, each alone in one process (2026-12-03, with the flag above and no
# review pictures), the longest first: the two workers take the long ones while the short
# ones are left to share at the end, so neither waits long for the other. A module's tests
# stay together (they share a booted page). A module missing here would come last.
MODULE_COST = {
    "test_platform": 67, "test_layout": 50, "test_table": 40, "test_reliability": 36,
    "test_hand_phone": 33, "test_table_flow": 33, "test_records_screens": 11,
    "test_devices": 25, "test_table_motion": 25, "test_languages": 24,
    "test_multipack_layout": 19, "test_pass_and_play": 19, "test_moments_called_out": 16,
    "test_warm_start": 15, "test_table_variants": 15, "test_faces_drawn": 12,
    "test_screens_phone": 12, "test_link_transport": 7, "test_link_tables": 30,
    "test_link_three": 45, "test_guided_in_browser": 40, "test_daily_table": 20,
    "test_review_in_browser": 8,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/e2e is an end-to-end test; the costly modules come first."""
    for item in items:
        if "tests/e2e" in item.nodeid.replace("\\", "/") or "e2e" in str(item.path.parent):
            item.add_marker(pytest.mark.e2e)
    items.sort(key=lambda item: -MODULE_COST.get(item.path.stem, 0))


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or (parts.hostname or "") in LOCAL_HOSTS


@dataclass
class Site:
    """A folder served by tools/serve.py's server in a background thread."""

    root: Path
    server: ThreadingHTTPServer
    thread: threading.Thread
    requests: Counter[str] = field(default_factory=Counter)
    # responses with a body: a revalidation (304) is a request but no download
    downloads: Counter[str] = field(default_factory=Counter)
    bytes_sent: Counter[str] = field(default_factory=Counter)  # on the wire (gzip or not)
    bytes_content: Counter[str] = field(default_factory=Counter)  # the files' own sizes

    @property
    def url(self) -> str:
        return f"http://localhost:{self.server.server_address[1]}/"

    def reset_counts(self) -> None:
        self.requests.clear()
        self.downloads.clear()
        self.bytes_sent.clear()
        self.bytes_content.clear()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


def serve_folder(root: Path, *, isolate: bool = True) -> Site:
    """Start serving `root` on a free port; requests and body bytes are counted per path.

    Bodies are counted twice: as sent (compressed when the browser accepts gzip) and as the
    file's own size (what the service worker sees after the browser decompresses).
    """
    isolate_pages = isolate
    requests: Counter[str] = Counter()
    downloads: Counter[str] = Counter()
    sent: Counter[str] = Counter()
    content: Counter[str] = Counter()

    class CountingHandler(site_serve.Handler):
        csp_report_path = CSP_REPORT_PATH
        isolate = isolate_pages

        def do_POST(self) -> None:
            """The browser's CSP violation reports (the only POST the app ever causes)."""
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode("utf-8", "replace")
            if urlsplit(self.path).path == CSP_REPORT_PATH:
                CSP_REPORTS.append(body)
            self.send_response(204)
            self.end_headers()

        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            path = urlsplit(self.path).path
            requests[path] += 1
            super().log_request(code, size)

        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            path = urlsplit(self.path).path
            downloads[path] += 1
            sent[path] += len(data)
            content[path] += len(data) if self.identity_size is None else self.identity_size
            outputfile.write(data)

    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a: CountingHandler(*a, directory=str(root))
    )
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return Site(root, server, thread, requests, downloads, sent, content)


STUB_MAIN = "from pyscript import document\ndocument.documentElement.dataset.appState = 'ready'\n"


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once per test session, exactly as `make build` writes dist/.

    It goes to a private temporary folder, so test runs in parallel (or a running
    `make play`) never see each other's half-written dist/.
    Debugging aid: BEZIQUE_E2E_STUB_MAIN=1 swaps web/main.py for one that only marks the app
    ready, to look at the platform apart from the table UI.
    """
    out = tmp_path_factory.mktemp("dist")
    site_build.build(out)
    # The manifest's screenshots when `make build` made them for these files (test_devices
    # takes them when missing; the other tests do not need them).
    site_screenshots.add_screenshots(out, take=False)
    if os.environ.get("BEZIQUE_E2E_STUB_MAIN") == "1":
        (out / "web" / "main.py").write_text(STUB_MAIN, encoding="utf-8")
        site_build.write_service_worker(out)
    return out


@pytest.fixture(scope="session")
def site(dist_dir: Path) -> Iterator[Site]:
    served = serve_folder(dist_dir)
    yield served
    served.stop()


@pytest.fixture
def serve_copy(dist_dir: Path, tmp_path: Path) -> Iterator[Callable[[], Site]]:
    """A private copy of dist/ on its own server (for tests that change or stop it)."""
    sites: list[Site] = []

    def make(*, isolate: bool = True) -> Site:
        root = tmp_path / f"site{len(sites)}"
        shutil.copytree(dist_dir, root)
        sites.append(serve_folder(root, isolate=isolate))
        return sites[-1]

    yield make
    for served in sites:
        with contextlib.suppress(OSError):
            served.stop()


@pytest.fixture(scope="session")
def base_url(site: Site) -> str:
    """pytest-base-url's fixture: page.goto("/") opens the app."""
    return site.url


@pytest.fixture(scope="session")
def app_url(site: Site) -> str:
    return site.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def _guard_origin(context: BrowserContext) -> list[str]:
    """Record every request that would leave the machine (service worker ones included)."""
    foreign: list[str] = []

    def on_request(request: Request) -> None:
        if not is_local(request.url):
            foreign.append(request.url)

    context.on("request", on_request)
    return foreign


@pytest.fixture(autouse=True)
def csp_in_force() -> Iterator[None]:
    """Every test runs under the CSP (header and meta tag) and fails on any violation.

    The servers send `report-uri`, so violations from every page, worker and context of
    the test reach CSP_REPORTS, whichever way the test made its browser context.
    """
    start = len(CSP_REPORTS)
    yield
    if len(CSP_REPORTS) == start:
        time.sleep(0.2)  # a report of the test's last moment may still be on its way
    fresh = CSP_REPORTS[start:]
    del CSP_REPORTS[start:]
    assert not fresh, f"Content-Security-Policy violations: {fresh}"


@pytest.fixture
def csp_reports() -> list[str]:
    """The CSP violation reports received so far (a test that provokes one on purpose
    removes it, so the check after the test sees only unexpected ones)."""
    return CSP_REPORTS


@pytest.fixture
def page(page: Page) -> Iterator[Page]:
    """pytest-playwright's page, failing the test if any request leaves localhost
    or the console reports a CSP violation."""
    foreign = _guard_origin(page.context)
    refused: list[str] = []
    page.on(
        "console",
        lambda msg: refused.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    yield page
    assert not foreign, f"requests left the origin: {foreign}"
    assert not refused, f"Content-Security-Policy violations: {refused}"


def _wait_ready(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the app is ready (or fail at once, with the reason, if boot failed)."""
    page.wait_for_function(
        "['ready', 'error'].includes(document.documentElement.dataset.appState)",
        timeout=timeout_ms,
    )
    state = page.evaluate("({...document.documentElement.dataset})")
    assert state.get("appState") == "ready", f"boot failed: {state}"


def _wait_controlled(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until a service worker controls the page and holds every file (html[data-offline])."""
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
        " && document.documentElement.dataset.offline === 'ready'",
        timeout=timeout_ms,
    )
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


@pytest.fixture(scope="session")
def wait_ready() -> Callable[..., None]:
    """`wait_ready(page)`: until html[data-app-state=ready]; fails fast on 'error'."""
    return _wait_ready


@pytest.fixture(scope="session")
def wait_controlled() -> Callable[..., None]:
    """`wait_controlled(page)`: until a service worker controls the page (offline-safe)."""
    return _wait_controlled


@pytest.fixture(scope="session")
def guard_origin() -> Callable[[BrowserContext], list[str]]:
    """`guard_origin(context)` -> list that fills with any non-local request URL."""
    return _guard_origin


def _add_screenshots(out: Path) -> None:
    """tools/screenshots.add_screenshots, taking them when not cached.

    In a thread: Playwright's sync API refuses to run in the test's thread once
    pytest-playwright's loop is running.
    """
    failed: list[BaseException] = []

    def take() -> None:
        try:
            site_screenshots.add_screenshots(out)
        except BaseException as exc:  # re-raised below, in the test's thread
            failed.append(exc)

    shots = threading.Thread(target=take)
    shots.start()
    shots.join()
    if failed:
        raise failed[0]


@pytest.fixture(scope="session")
def add_screenshots() -> Callable[[Path], None]:
    """`add_screenshots(dist)`: the manifest's screenshots into a built site."""
    return _add_screenshots


@pytest.fixture(scope="session")
def site_build_module() -> Any:
    """tools/build.py as a module (e.g. write_service_worker to publish a new version)."""
    return site_build
