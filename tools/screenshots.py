"""The manifest's screenshots, taken from the real table of a built site.

Why made by the build: install dialogs (Chromium's richer install UI) show them, and pictures
made by hand go stale as the table changes. The build boots the built site in headless
Chromium, plays a few moves of a seeded game and captures a phone (390x844, "narrow") and a
desktop (1280x720, "wide") picture into web/screenshots/. They are cached under
build/screenshots/<hash of the site's files and of this script>, so a build whose inputs did
not change costs nothing. They are not precached by the service worker (only install
dialogs fetch them, online).

Usage: python tools/screenshots.py [--dist dist]   (tools/build.py runs it after a build)
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import shutil
import sys
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ holds scripts
from dev_env import cache_root

ROOT = Path(__file__).resolve().parent.parent
CACHE = cache_root() / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
OUT_DIR = "web/screenshots"
# name -> (width, height): the manifest's "sizes" and "form_factor" match these.
SHOTS = {"narrow": (390, 844), "wide": (1280, 720)}
SEED = 11
MOVES = 7  # the player's clicks before the picture: cards in the trick and some declared
BOOT_TIMEOUT_MS = 180_000
# The page has no input waiting for Python (index.html counts it in html[data-pending]).
SETTLED = "() => !document.documentElement.hasAttribute('data-pending')"


def _tool(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"bezique_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def input_hash(dist: Path) -> str:
    """The site's precached files (screenshots aside) and this script."""
    entries = _tool("build").precache_entries(dist)
    listing = json.dumps([[e["url"], e["revision"]] for e in entries], separators=(",", ":"))
    digest = hashlib.sha256(listing.encode())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


def _capture(dist: Path, into: Path) -> None:
    """Boot the site and take the pictures (needs Playwright and Debian's Chromium)."""
    from playwright.sync_api import sync_playwright

    server = _tool("serve").make_server(dist, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://localhost:{server.server_address[1]}/?fast&seed={SEED}"
    enabled = _tool("page_hooks").ENABLED
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            width, height = SHOTS["narrow"]
            context = browser.new_context(
                viewport={"width": width, "height": height},
                locale="en-US",
                reduced_motion="reduce",
                service_workers="block",  # nothing to cache: one look at the table
            )
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(
                "document.documentElement.dataset.appState === 'ready'", timeout=BOOT_TIMEOUT_MS
            )

            def settle() -> None:
                """Python (in a worker, a moment later) has handled every click and resize."""
                page.wait_for_function(SETTLED, timeout=BOOT_TIMEOUT_MS)

            def players_turn() -> None:
                """Through a start screen and the new-game dialog, to the player's turn."""
                for _ in range(4):
                    for selector in (
                        '[data-command="continue"]',
                        '[data-command="start"]',
                        '[data-command="start-game"]',
                        '[data-screen="start"] [data-command="new-game"]',
                    ):
                        button = page.locator(f"{selector}:visible")
                        if button.count():
                            button.first.click()
                            settle()
                            break
                    else:
                        break
                page.wait_for_function(
                    f"() => !!document.querySelector('{enabled}')", timeout=BOOT_TIMEOUT_MS
                )

            players_turn()
            for _ in range(MOVES):
                page.locator(enabled).first.click()
                settle()
                players_turn()
            into.mkdir(parents=True, exist_ok=True)
            for name, (width, height) in SHOTS.items():
                page.set_viewport_size({"width": width, "height": height})
                settle()
                page.wait_for_timeout(300)  # layout settles (no animation: reduced motion)
                page.screenshot(path=str(into / f"{name}.png"))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


def add_screenshots(dist: Path, cache: Path = CACHE, take: bool = True) -> tuple[bool, Path]:
    """Put the screenshots into dist/web/screenshots; returns (taken now, cache folder).

    With take=False only cached pictures are copied (nothing when there are none).
    """
    folder = cache / input_hash(dist)
    taken = False
    if not all((folder / f"{name}.png").is_file() for name in SHOTS):
        if not take:
            return False, folder
        partial = folder.with_suffix(".partial")
        shutil.rmtree(partial, ignore_errors=True)
        _capture(dist, partial)
        shutil.rmtree(folder, ignore_errors=True)
        partial.rename(folder)
        taken = True
    out = dist / OUT_DIR
    out.mkdir(parents=True, exist_ok=True)
    for name in SHOTS:
        shutil.copyfile(folder / f"{name}.png", out / f"{name}.png")
    return taken, folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Take the manifest's screenshots.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="built site")
    args = parser.parse_args(argv)
    taken, folder = add_screenshots(args.dist.resolve())
    print(f"screenshots: {'taken' if taken else 'cached'} ({folder.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
