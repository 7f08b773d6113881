"""Phones and installing, in real Chromium: the manifest, the install command, iOS's steps,
the notch, touch, and the request for persistent storage.

Few browser sessions on purpose (the suite's time budget): one phone page checks iOS's steps,
the notch in portrait and landscape and the touch rules; one page plays a deal to check the
persistence request, the settings' storage section and the install command.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

from page_hooks import ENABLED, READY_FOR_INPUT, TURN
from playwright.sync_api import Browser, Page
from positions import late_in_the_deal, load_save
from test_table import visit

WaitFn = Callable[..., None]
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1"
)
TIMEOUT_MS = 60_000

# A beforeinstallprompt as Chromium fires it; prompt() and userChoice are the player's answer.
FAKE_INSTALL_PROMPT = """() => {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  window.__prompted = 0;
  event.prompt = async () => { window.__prompted += 1; };
  event.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""
# navigator.storage as a browser that says no: counts the requests.
PERSIST_SPY = """
window.__persistCalls = 0;
Object.defineProperty(navigator, "storage", { configurable: true, value: {
  persisted: async () => false,
  persist: async () => { window.__persistCalls += 1; return false; },
  estimate: async () => ({ usage: 0, quota: 1e9 }),
}});
"""


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def fresh_table(page: Page, app_url: str, wait_ready: WaitFn, seed: int = 11) -> None:
    visit(page, app_url, wait_ready, seed)
    to_the_table(page)


def to_the_table(page: Page) -> None:
    """Through a start screen (continue, else new game) and the new-game dialog, to the table."""
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
                break
        else:
            break
    page.wait_for_function(TURN, timeout=TIMEOUT_MS)


def open_menu(page: Page) -> None:
    page.locator('[data-command="menu"]').first.click()
    page.locator(".menu-list").first.wait_for(timeout=TIMEOUT_MS)


def close_overlay(page: Page) -> None:
    page.locator('#bz-overlay [data-command="close"]').first.click()


# Every visible box of the app that shows something (text, a card, a control), in page
# coordinates; the felt's own containers are left out (they may fill the whole screen).
CONTENT_BOXES = """(fixedOnly) => {
  const out = [];
  for (const el of document.querySelectorAll("#bz *")) {
    if (el.closest(".sr-only")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") continue;
    const inFixed = !!el.closest(".overlay");
    if (fixedOnly !== inFixed) continue;
    const leafy =
      el.matches("button, [data-action], [data-command], .card, img, svg, input, select") ||
      [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!leafy) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const dx = fixedOnly ? 0 : scrollX, dy = fixedOnly ? 0 : scrollY;
    out.push({ what: el.outerHTML.slice(0, 80), left: r.left + dx, top: r.top + dy,
               right: r.right + dx, bottom: r.bottom + dy });
  }
  return out;
}"""


def outside_safe_area(page: Page, insets: dict[str, int], fixed: bool = False) -> list[Any]:
    """Boxes that reach into an inset band: the notch, the corners, the home indicator."""
    size = page.evaluate(
        "(f) => f ? [innerWidth, innerHeight]"
        " : [document.documentElement.scrollWidth, document.documentElement.scrollHeight]",
        fixed,
    )
    width, height = size
    boxes = page.evaluate(CONTENT_BOXES, fixed)
    assert boxes, "nothing found to check"
    return [
        b
        for b in boxes
        if b["top"] < insets.get("top", 0) - 0.5
        or b["bottom"] > height - insets.get("bottom", 0) + 0.5
        or b["left"] < insets.get("left", 0) - 0.5
        or b["right"] > width - insets.get("right", 0) + 0.5
    ]


def small_targets(page: Page) -> list[Any]:
    targets: list[Any] = page.evaluate("""() => [...document.querySelectorAll(
        '#bz [data-action], #bz [data-command], #bz button, #bz select')]
      .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => { const r = el.getBoundingClientRect();
                     return { what: el.outerHTML.slice(0, 80), w: r.width, h: r.height }; })
      .filter((t) => t.w < 44 - 0.5 || t.h < 44 - 0.5)""")
    # An overlapped hand (issue 29): every card at least 44 px wide, and what a finger can
    # hit of it, the strip up to the next card, at least 16 px (a fuller hand overlaps more
    # rather than shrink its cards; test_hand_phone measures every step of a deal).
    targets += page.evaluate("""() => {
      const cards = [...document.querySelectorAll('#bz-me .hand [data-card]')]
        .map((el) => [el, el.getBoundingClientRect()]);
      const out = [];
      for (let i = 0; i < cards.length; i++) {
        const [el, a] = cards[i], b = i + 1 < cards.length ? cards[i + 1][1] : null;
        const what = el.outerHTML.slice(0, 80);
        if (a.width < 44 - 0.5) out.push({ what, w: a.width, h: a.height });
        if (!b || Math.abs(a.top - b.top) > 1) continue;  // the next card is on another row
        const strip = Math.abs(b.left - a.left);
        if (strip < 16 - 0.5) out.push({ what, w: strip, h: a.height });
      }
      return out;
    }""")
    return targets


def test_manifest_describes_the_app_with_screenshots_and_shortcuts(
    dist_dir: Path, add_screenshots: Callable[[Path], None]
) -> None:
    add_screenshots(dist_dir)  # taken from the table when `make build` did not
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text("utf-8"))
    assert len(manifest["description"]) > 40
    assert (manifest["lang"], manifest["dir"]) == ("en", "ltr")
    shots = {shot["form_factor"]: shot for shot in manifest["screenshots"]}
    assert set(shots) == {"narrow", "wide"}
    for shot in shots.values():
        width, height = (int(n) for n in shot["sizes"].split("x"))
        assert png_size(dist_dir / shot["src"]) == (width, height), shot
        assert shot["type"] == "image/png" and shot["label"]
    assert shots["narrow"]["sizes"] == "390x844" and shots["wide"]["sizes"] == "1280x720"
    urls = {shortcut["name"]: shortcut["url"] for shortcut in manifest["shortcuts"]}
    assert urls == {"Continue": "./?start=continue", "New game": "./?start=new"}
    for shortcut in manifest["shortcuts"]:
        for icon in shortcut["icons"]:
            assert (dist_dir / icon["src"]).is_file()


def test_shortcuts_open_a_new_game_or_continue(
    page: Page, app_url: str, wait_ready: WaitFn
) -> None:
    fresh_table(page, app_url, wait_ready, seed=5)
    page.locator(ENABLED).first.click()
    page.wait_for_function(TURN, timeout=TIMEOUT_MS)
    cards = "[...document.querySelectorAll('#bz-me .hand [data-card]')].map((e) => e.dataset.card)"
    hand = page.evaluate(cards)
    page.goto(app_url + "?start=new&fast")
    wait_ready(page)
    page.locator('[data-command="start"], [data-command="start-game"]').first.wait_for()
    page.goto(app_url + "?start=continue&fast")
    wait_ready(page)
    page.wait_for_function(TURN, timeout=TIMEOUT_MS)  # straight to the saved game
    assert page.locator('[role="dialog"]').count() == 0
    assert page.evaluate(cards) == hand


def test_ios_steps_notch_and_touch_on_a_phone(
    browser: Browser, app_url: str, wait_ready: WaitFn, artifacts_dir: Path
) -> None:
    context = browser.new_context(
        user_agent=IPHONE,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    try:
        page = context.new_page()
        fresh_table(page, app_url, wait_ready, seed=3)
        for _ in range(3):
            page.locator(ENABLED).first.click()
            page.wait_for_function(TURN, timeout=TIMEOUT_MS)
        cdp = context.new_cdp_session(page)

        # iPhone 15 in portrait: the Dynamic Island above, the home indicator below.
        portrait = {"top": 59, "bottom": 34}
        cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": portrait})
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=str(artifacts_dir / "notch-portrait.png"))
        assert outside_safe_area(page, portrait) == []
        assert small_targets(page) == []
        card = page.locator("#bz-me .hand [data-card]").first
        style = card.evaluate(
            "(el) => [getComputedStyle(el).touchAction, getComputedStyle(el).userSelect]"
        )
        assert style == ["manipulation", "none"], style

        # iOS, not installed: the menu shows the two steps with the icon, in each language.
        open_menu(page)
        steps = page.locator('[data-install="ios"]')
        steps.wait_for()
        assert page.locator('[data-command="install"]').count() == 0
        assert steps.locator("img.app-icon").count() == 1 and steps.locator("ol li").count() == 2
        page.screenshot(path=str(artifacts_dir / "install-ios-menu.png"))
        assert outside_safe_area(page, portrait, fixed=True) == []
        page.locator('#bz-overlay [data-command="language"][data-lang="he"]').first.click()
        page.wait_for_function("document.documentElement.lang === 'he'")
        steps.wait_for()
        assert "למסך הבית" in (steps.text_content() or "")
        page.screenshot(path=str(artifacts_dir / "install-ios-menu-he.png"))
        close_overlay(page)

        # Landscape: the notch on a side, the home indicator below.
        landscape = {"left": 59, "right": 59, "bottom": 21}
        page.set_viewport_size({"width": 844, "height": 390})
        cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": landscape})
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=str(artifacts_dir / "notch-landscape.png"))
        assert outside_safe_area(page, landscape) == []
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        page.screenshot(path=str(artifacts_dir / "notch-landscape-end.png"))

        # Installed (standalone): neither the steps nor an install command, even if a
        # browser fired its prompt.
        # iOS tells a home-screen app by navigator.standalone (Chromium has no such flag).
        page.add_init_script("Object.defineProperty(navigator, 'standalone', {value: true})")
        page.reload()
        wait_ready(page)
        to_the_table(page)
        page.evaluate(FAKE_INSTALL_PROMPT)
        open_menu(page)
        assert page.locator('[data-install="ios"]').count() == 0
        assert page.locator('[data-command="install"]').count() == 0
    finally:
        context.close()


def test_persistence_after_the_first_deal_then_install(
    page: Page, app_url: str, wait_ready: WaitFn, artifacts_dir: Path
) -> None:
    page.add_init_script(PERSIST_SPY)
    page.emulate_media(reduced_motion="reduce")  # a whole deal: no card waits for its slide
    fresh_table(page, app_url, wait_ready, seed=11)
    assert page.evaluate("window.__persistCalls") == 0  # not on a first visit
    load_save(page, late_in_the_deal("classic", seed=11))  # the first deal's end, quickly
    assert page.evaluate("window.__persistCalls") == 0
    for _ in range(200):
        page.wait_for_function(READY_FOR_INPUT, timeout=TIMEOUT_MS)
        if page.locator("[data-summary]").count():
            break
        page.locator(ENABLED).first.click()
    page.locator('[data-summary="deal"]').wait_for()
    page.wait_for_function("window.__persistCalls === 1", timeout=TIMEOUT_MS)
    assert page.evaluate("localStorage.getItem('bezique.storage.asked')") == "1"
    page.locator('[data-summary] [data-command="next"]').click()
    to_the_table(page)
    page.reload()  # asked once per device, not once per visit (the spy counts from 0 again)
    wait_ready(page)
    to_the_table(page)
    assert page.evaluate("window.__persistCalls") == 0

    # The settings say the saves are not protected, and offer the request and a backup.
    open_menu(page)
    page.locator('[data-command="settings"]').first.click()
    status = page.locator("[data-storage]")
    status.wait_for()
    assert status.get_attribute("data-storage") == "not-kept"
    assert page.locator('.storage [data-command="export"]').count() == 1
    page.locator('[data-command="persist"]').click()
    page.wait_for_function("window.__persistCalls === 1", timeout=TIMEOUT_MS)
    page.locator(".storage .note").wait_for()
    page.screenshot(path=str(artifacts_dir / "settings-storage.png"))
    close_overlay(page)

    # Chromium's install prompt: kept by the shell, offered in the menu, used once.
    assert page.evaluate(FAKE_INSTALL_PROMPT) is True  # the shell keeps it for the menu
    open_menu(page)
    install = page.locator('[data-command="install"]')
    install.wait_for()
    page.screenshot(path=str(artifacts_dir / "install-menu.png"))
    install.click()
    page.wait_for_function("window.__prompted === 1", timeout=TIMEOUT_MS)
    page.wait_for_function("window.__persistCalls === 2", timeout=TIMEOUT_MS)  # on install
    page.wait_for_function(
        "!document.querySelector('[data-command=\"install\"]')", timeout=TIMEOUT_MS
    )
