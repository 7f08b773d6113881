"""Devices for the two-devices browser tests: pages that boot the app, pair through the
codes as a person passes them (text typed into the other page), and play a deal to its
summary, each page moving on its own turn. Every message a page receives over its data
channels is kept in ``window.__received`` (an init script), so a test can check that no
message to a guest named another seat's hidden card.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from page_hooks import ENABLED, MOVE_MARK, TURN
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

PHONE = {"width": 360, "height": 640}
# Keeps every message the page's data channels deliver, before the app reads it.
RECEIVED = """
const described = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
  configurable: true,
  get() { return described.get.call(this); },
  set(handler) {
    described.set.call(this, (event) => {
      (window.__received ||= []).push(String(event.data));
      handler(event);
    });
  },
});
"""
# Clicks the first thing the person may do (the page's own click: no waiting for motion).
CLICK_FIRST = (f"() => {{ const e = document.querySelector('{ENABLED}');"
               " if (e) e.click(); return !!e; }")
SUMMARY = "[data-summary]"
# The QR symbol of a code as the app draws it (web/link-qr.mjs), module by module.
QR_MODULES = "code => import('./web/link-qr.mjs').then(m => m.qrModules(code))"
CAMERA = 480  # the fake camera's frame, pixels a side


@contextmanager
def devices(browsers: list[Browser], app_url: str, viewport: dict[str, int] | None = None,
            lang: str | None = None) -> Iterator[list[Page]]:
    """A phone (or ``viewport``) from each browser, each its own context, booted to the
    start screen (in ``lang`` when given)."""
    contexts = [browser.new_context(viewport=viewport or PHONE, service_workers="block")
                for browser in browsers]
    pages = []
    for context in contexts:
        context.add_init_script(RECEIVED)
        if lang is not None:
            context.add_init_script(f"localStorage.getItem('bezique.lang') || "
                                    f"localStorage.setItem('bezique.lang', '{lang}');")
        page = context.new_page()
        page.goto(f"{app_url}?fast")
        pages.append(page)
    try:
        for page in pages:
            page.wait_for_selector("html[data-app-state=ready]", timeout=120_000)
        yield pages
    finally:
        for context in contexts:
            context.close()


def write_camera(path: Path, modules: list[list[bool]] | None) -> None:
    """What a fake camera films (Chromium's --use-file-for-fake-video-capture, a Y4M
    file): a QR symbol's modules black on white, or a white page (None)."""
    frame = bytearray(b"\xff" * CAMERA * CAMERA)
    if modules:
        scale = CAMERA * 3 // 4 // len(modules)
        top = (CAMERA - scale * len(modules)) // 2
        for y, row in enumerate(modules):
            for x, dark in enumerate(row):
                if dark:
                    for dy in range(scale):
                        start = (top + y * scale + dy) * CAMERA + top + x * scale
                        frame[start:start + scale] = bytes(scale)
    chroma = b"\x80" * (CAMERA // 2) ** 2 * 2
    header = f"YUV4MPEG2 W{CAMERA} H{CAMERA} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + b"FRAME\n" + bytes(frame) + chroma)


def camera_args(path: Path) -> list[str]:
    """Chromium's flags for a camera that films ``path`` (granted without asking)."""
    return ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={path}"]


def pair(host: Page, guests: list[Page], variant: str = "classic",
         camera: Path | None = None) -> float:
    """The host sets up a table with a seat for each guest's device; each guest joins
    with the host's code and the host takes the guest's code back. Returns the seconds.
    With ``camera``, the first guest scans the host's code: the host's QR symbol is
    filmed by that guest's fake camera."""
    start = time.perf_counter()
    if host.query_selector('[data-command="host-table"]'):
        host.click('[data-command="host-table"]')
    else:  # at a table: the menu's new game, its seat kinds
        host.click('[data-command="menu"]')
        host.click('.menu-list [data-command="new-game"]')
    host.select_option('select[name="variant"]', variant)
    for seat in range(1, len(guests) + 1):
        host.check(f'[data-seat="{seat}"][data-seat-kind="device"]')
    host.click('[data-command="start"]')
    if host.query_selector('[data-command="confirm-new"]'):  # leave the running game
        host.click('[data-command="confirm-new"]')
    for seat, guest in enumerate(guests, 1):
        offer = host.wait_for_selector(f'[data-pair-code="offer"][data-seat="{seat}"]')
        code = offer.inner_text()
        guest.click('[data-command="join-table"]')
        if camera is not None and seat == 1:
            write_camera(camera, host.evaluate(QR_MODULES, code))
            guest.click('[data-command="pair-scan"]')
        else:
            guest.fill("input[data-pair-input]", code)
            guest.click('[data-command="pair-connect"]')
        answer = guest.wait_for_selector('[data-pair-code="answer"]').inner_text()
        host.fill(f'input[data-pair-input][data-seat="{seat}"]', answer)
        host.click(f'[data-command="pair-connect"][data-seat="{seat}"]')
    host.wait_for_selector('html[data-peer="host"][data-peer-state="connected"] #bz-me .hcard')
    for guest in guests:
        guest.wait_for_selector('html[data-peer="guest"][data-peer-state="connected"]'
                                " #bz-me .hcard")
    return time.perf_counter() - start


def play_to_summary(pages: list[Page], limit: int = 400) -> int:
    """Whoever's turn it is plays the first thing offered, until every page shows the
    deal's summary. Returns the number of moves made."""
    moves = 0
    deadline = time.monotonic() + 240
    while not all(page.query_selector(SUMMARY) for page in pages):
        assert moves < limit and time.monotonic() < deadline, "the deal did not end"
        mover = next((page for page in pages if page.evaluate(TURN)), None)
        if mover is None:  # a move on its way between devices
            time.sleep(0.05)
            continue
        before = mover.evaluate(MOVE_MARK)
        if mover.evaluate(CLICK_FIRST):
            moves += 1
            taken(mover, before)
    return moves


def taken(page: Page, before: str) -> None:
    """Wait until the page shows the move its click made (``before``: its MOVE_MARK then)."""
    try:
        page.wait_for_function(f"before => ({MOVE_MARK})() !== before", arg=before,
                               polling=50, timeout=30_000)
    except PlaywrightTimeout:
        raise AssertionError(f"the move was not taken (choices and stock: {before})") from None


def received(page: Page) -> list[str]:
    """The messages a page's data channels delivered."""
    return list(page.evaluate("window.__received || []"))


def deal_record(page: Page) -> dict[str, object]:
    """The record a guest received at the end of the first deal."""
    for text in received(page):
        data = json.loads(text)
        if data.get("t") == "record" and data.get("deal") == 0:
            return dict(data["record"])
    raise AssertionError("no record of the deal reached the guest")


def host_save(host: Page) -> dict[str, object]:
    return dict(json.loads(host.wait_for_function(
        "localStorage.getItem('bezique.save')").json_value()))
