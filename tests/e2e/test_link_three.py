"""Three devices, one table, in Chromium: Russian three-handed Bezique hosted on one
browser context with the other two seats on two more ("devices"), paired through the
codes and played to the deal's summary, each move on the device whose turn it is. Every
message each guest received is checked against the deal's record: none names a card of
another seat's hand that the guest could not see at that moment.
"""

from __future__ import annotations

import json

import pictures
import pytest
from link_pages import deal_record, devices, pair, play_to_summary, received
from playwright.sync_api import Browser

from tests.web.link_table import leaks_in_messages

pytestmark = pytest.mark.e2e

SCORES = ("() => Array.from(document.querySelectorAll('#bz [data-seat-score]'),"
          " e => [e.dataset.seatScore, e.dataset.value]).sort()")


def test_a_whole_russian_three_handed_deal_on_three_devices(
        browser: Browser, app_url: str, artifacts_dir: object) -> None:
    with devices([browser] * 3, app_url) as pages:
        host, guests = pages[0], pages[1:]
        paired = pair(host, guests, "russian-3")
        moves = play_to_summary(pages)
        record = deal_record(guests[0])
        assert record["variant"] == "russian-3"
        for seat, guest in enumerate(guests, 1):
            assert guest.evaluate(SCORES) == host.evaluate(SCORES)
            assert guest.query_selector("#bz .notice.error") is None
            assert guest.query_selector('[data-deck-check="ok"]') is not None
            texts = received(guest)
            assert sum(json.loads(t).get("t") == "state" for t in texts) > moves // 2
            assert deal_record(guest) == record
            assert leaks_in_messages(record, seat, texts) == []
        if pictures.wanted("en", "phone"):
            for seat, page in enumerate(pages):
                page.screenshot(path=f"{artifacts_dir}/link-three-{seat}-en-phone.png")
    print(f"\nthree devices: paired in {paired:.2f} s; a deal of {moves} moves")
