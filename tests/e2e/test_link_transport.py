"""The two-devices transport in Chromium: two browser contexts pair through the codes as
text (no ICE server, host candidates only, under the app's CSP), then exchange messages.

Prints the code's size and the pairing and message times (the numbers docs/design.md
quotes); nothing here is timed as a pass/fail.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator

import pytest
from conftest import ROOT, Site, serve_folder, site_build
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
{csp}
<title>link</title>
<script type="module" src="link_harness.mjs"></script>
</head><body></body></html>
"""

# QR capacity in alphanumeric characters at level M, versions 1-15.
QR_ALNUM_M = [20, 38, 61, 90, 122, 154, 178, 221, 262, 311, 366, 419, 483, 528, 600]


def qr_version(chars: int) -> int:
    return next(v for v, cap in enumerate(QR_ALNUM_M, 1) if chars <= cap)


@pytest.fixture(scope="module")
def link_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    root = tmp_path_factory.mktemp("link")
    (root / "web").mkdir()
    for name in ("link-rtc.mjs", "link-qr.mjs"):
        shutil.copy(ROOT / "web" / name, root / "web" / name)
    qr_dir = root / site_build.QR_DIR
    qr_dir.mkdir(parents=True)
    for name in site_build.QR_FILES:  # the same files the build vendors
        shutil.copy(site_build.NODE_MODULES / "qr" / name, qr_dir / name)
    shutil.copy(ROOT / "tests" / "e2e" / "link_harness.mjs", root / "link_harness.mjs")
    bare = PAGE.format(csp="")
    policy = site_build.content_security_policy(bare)
    (root / "index.html").write_text(PAGE.format(
        csp=f'<meta http-equiv="Content-Security-Policy" content="{policy}">'), encoding="utf-8")
    site = serve_folder(root)
    yield site
    site.stop()


def _device(browser: Browser, url: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'")
    return page


def test_two_contexts_pair_by_text_and_talk(browser: Browser, link_site: Site) -> None:
    url = f"http://127.0.0.1:{link_site.server.server_address[1]}/index.html"
    host, guest = _device(browser, url), _device(browser, url)
    started = time.perf_counter()
    offer = host.evaluate("duo.host()")
    answer = guest.evaluate("(code) => duo.guest(code)", offer)
    host.evaluate("(code) => duo.accept(code)", answer)
    host.wait_for_function("document.documentElement.dataset.peerState === 'connected'")
    guest.wait_for_function("document.documentElement.dataset.peerState === 'connected'")
    paired = time.perf_counter() - started
    assert all((c.isalnum() and c.isupper()) or c.isdigit() for c in offer + answer)
    full = host.evaluate("duo.sdp()")
    assert "typ host" in full and "srflx" not in full and "relay" not in full
    # the rebuilt description says what the original said about the connection
    rebuilt = guest.evaluate("(code) => duo.decode(code)", offer)
    assert rebuilt["type"] == "offer"
    for attr in ("a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:"):
        original = next(x for x in full.splitlines() if x.startswith(attr))
        assert original in rebuilt["sdp"].splitlines()
    # messages both ways, in order; the time a message takes from one page to the other
    latencies = []
    for k in range(20):
        sent = host.evaluate("(k) => { const t = performance.timeOrigin + performance.now();"
                             " duo.send(JSON.stringify({k, t})); return t; }", k)
        guest.wait_for_function(f"duo.state.received.length === {k + 1}")
        arrived = guest.evaluate("performance.timeOrigin + duo.state.times.at(-1)")
        latencies.append(arrived - sent)
    guest.evaluate("duo.send('back')")
    host.wait_for_function("duo.state.received.includes('back')")
    assert [int(__import__('json').loads(t)["k"]) for t in
            guest.evaluate("duo.state.received")] == list(range(20))
    # a closed guest is seen by the host as waiting
    guest.evaluate("duo.close()")
    host.wait_for_function("document.documentElement.dataset.peerState === 'waiting'",
                           timeout=30_000)
    latencies.sort()
    print(f"\npairing code: offer {len(offer)} chars ({len(offer) * 5 // 8} bytes, QR "
          f"version {qr_version(len(offer))} alphanumeric M), answer {len(answer)} chars "
          f"(QR version {qr_version(len(answer))}); full SDP {len(full)} bytes")
    print(f"pairing (offer, answer, accept, both open): {paired * 1000:.0f} ms")
    print(f"message host -> guest: median {latencies[10]:.2f} ms, max {latencies[-1]:.2f} ms")


def test_code_as_qr_reads_back(browser: Browser, link_site: Site) -> None:
    """The QR image path: a real offer drawn as a QR code and read by the vendored decoder."""
    url = f"http://127.0.0.1:{link_site.server.server_address[1]}/index.html"
    page = _device(browser, url)
    offer = page.evaluate("duo.host()")
    result = page.evaluate("(c) => duo.qrRoundTrip(c)", offer)
    assert result["text"] == offer
    version = (result["modules"] - 17) // 4
    assert version == qr_version(len(offer))
    print(f"\nQR of the offer: version {version}, {result['modules']} modules a side, "
          f"SVG {result['svg']} bytes")
    page.close()


def test_bad_codes_are_refused(browser: Browser, link_site: Site) -> None:
    url = f"http://127.0.0.1:{link_site.server.server_address[1]}/index.html"
    page = _device(browser, url)
    offer = page.evaluate("duo.host()")
    for bad in ["", "HELLO", offer[:-10], offer + "AAAA", "1" * 80]:
        error = page.evaluate("(c) => { try { duo.decode(c); return ''; }"
                              " catch (e) { return String(e.message); } }", bad)
        assert error, bad
    assert page.evaluate("(c) => duo.decode(c).type", offer.lower()) == "offer"
