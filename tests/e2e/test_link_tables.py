"""Two devices, one table, in Chromium: two browser contexts ("devices") boot the app,
pair through the codes as a person passes them (the guest scans the host's QR code with
a camera, the host types the guest's code), and play a whole deal of classic Bezique
to its summary, each move made on the device whose turn it is. Every message the guest's
page received is checked against the deal's record: it names no card of the host's hand
that the guest could not see at that moment. Prints the pairing time and the time from a
move on one device to its appearance on the other (the figures docs/design.md quotes;
nothing here is timed as a pass/fail). Midway the guest's page is cut off (reloaded) and
rejoins with a new code, to the same position. The hostile messages and the forged deck
are tests/web/test_link_*.py's.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pictures
import pytest
from link_pages import (
    CLICK_FIRST,
    camera_args,
    deal_record,
    devices,
    pair,
    play_to_summary,
    received,
    taken,
    write_camera,
)
from page_hooks import MOVE_MARK, STOCK, TURN
from playwright.sync_api import Browser, BrowserType, Page

from tests.web.link_table import leaks_in_messages

pytestmark = pytest.mark.e2e

OWN_HAND = "() => Array.from(document.querySelectorAll('#bz-me .hcard'), e => e.dataset.card)"
# The cards in view and the stock: what another device's move changes.
TABLE_CARDS = ("() => JSON.stringify([Array.from(document.querySelectorAll('#bz [data-card]'),"
               f" e => e.dataset.card), {STOCK}])")
SCORES = ("() => Array.from(document.querySelectorAll('#bz [data-seat-score]'),"
          " e => [e.dataset.seatScore, e.dataset.value]).sort()")


def first_moves(host: Page, guest: Page, count: int) -> list[float]:
    """The first moves, each timed until the other device shows it (seconds)."""
    lags = []
    for _ in range(count):
        mover = next(page for page in (host, guest) if page.evaluate(TURN)) if (
            host.evaluate(TURN) or guest.evaluate(TURN)) else None
        if mover is None:
            time.sleep(0.02)
            continue
        other = guest if mover is host else host
        before, mark = other.evaluate(TABLE_CARDS), mover.evaluate(MOVE_MARK)
        start = time.perf_counter()
        mover.evaluate(CLICK_FIRST)
        other.wait_for_function(f"before => ({TABLE_CARDS})() !== before", arg=before,
                                timeout=30_000)
        lags.append(time.perf_counter() - start)
        taken(mover, mark)
    return lags


@pytest.fixture
def camera_browser(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
                   tmp_path: Path) -> Iterator[tuple[Browser, Path]]:
    """A second Chromium whose camera films a file the test writes (a QR code)."""
    film = tmp_path / "camera.y4m"
    write_camera(film, None)
    args = [*browser_type_launch_args.get("args", []), *camera_args(film)]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser, film
    browser.close()


def rejoin(host: Page, guest: Page) -> None:
    """The guest's page is cut off mid-deal (reloaded): the host's table waits for it and
    offers a new code; the guest, back on the join screen for its seat, pairs again and is
    dealt back into the same position."""
    hand = sorted(guest.evaluate(OWN_HAND))
    guest.reload()
    host.wait_for_selector('html[data-peer-state="waiting"] [data-peer-waiting]')
    host.click('[data-command="pair-show"]')
    offer = host.wait_for_selector('[data-pair-code="offer"][data-seat="1"]').inner_text()
    guest.wait_for_selector('[data-screen="join"] input[data-pair-input]')
    guest.fill("input[data-pair-input]", offer)
    guest.click('[data-command="pair-connect"]')
    answer = guest.wait_for_selector('[data-pair-code="answer"]').inner_text()
    host.fill('input[data-pair-input][data-seat="1"]', answer)
    host.click('[data-command="pair-connect"][data-seat="1"]')
    for page in (host, guest):
        page.wait_for_selector('html[data-peer-state="connected"] #bz-me .hcard')
    # the link is up before the host's first frame comes: until then the guest's page
    # shows its own table under the join screen, so wait for that screen to go
    guest.wait_for_selector('[data-screen="join"]', state="detached")
    same = json.dumps(hand, separators=(",", ":"))
    guest.wait_for_function(f"JSON.stringify(({OWN_HAND})().sort()) === {same!r}")
    assert sorted(guest.evaluate(OWN_HAND)) == hand


def test_a_whole_classic_deal_on_two_devices(browser: Browser,
                                             camera_browser: tuple[Browser, Path],
                                             app_url: str, artifacts_dir: object) -> None:
    """The guest joins by scanning the host's QR code with its camera (the decoder the
    app uses when the platform has no barcode detector), then the deal is played."""
    with devices([browser, camera_browser[0]], app_url) as (host, guest):
        paired = pair(host, [guest], camera=camera_browser[1])
        assert guest.query_selector("[data-scanner]") is None  # the camera is closed
        assert host.query_selector('[data-pair-code="offer"]') is None  # the table shows
        lags = first_moves(host, guest, 12)
        rejoin(host, guest)
        moves = len(lags) + play_to_summary([host, guest])
        # both devices show the same scores, and the guest's deck checked out
        assert guest.evaluate(SCORES) == host.evaluate(SCORES)
        assert guest.query_selector("#bz .notice.error") is None
        assert guest.query_selector('[data-deck-check="ok"]') is not None
        # every message the guest received: a position of the deal, nothing hidden in it
        texts = received(guest)
        states = [t for t in texts if json.loads(t).get("t") == "state"]
        assert len(states) > moves // 2
        assert leaks_in_messages(deal_record(guest), 1, texts) == []
        if pictures.wanted("en", "phone"):
            host.screenshot(path=f"{artifacts_dir}/link-host-en-phone.png")
            guest.screenshot(path=f"{artifacts_dir}/link-guest-en-phone.png")
    print(f"\ntwo devices: paired in {paired:.2f} s; a move shown on the other device after "
          f"{statistics.median(lags) * 1000:.0f} ms (median of {len(lags)}); a whole deal of "
          f"{moves} moves, {len(states)} states to the guest")
