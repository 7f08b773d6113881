"""Every interface language in the browser: direction, a trick played, nothing cut off
or overflowing on a 360-px phone, screenshots, and axe-core accessibility checks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from positions import late_in_the_deal, load_save
from test_table import (  # noqa: F401 (shared_page, table_page: this module's tests share a page)
    choose_language,
    open_table,
    play_until,
    shared_page,
    table_page,
    wait_for_input,
)

LANGUAGES = {"he": "rtl", "tr": "ltr", "ru": "ltr", "en": "ltr"}
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

# Elements whose own text is clipped (scrollWidth beyond their box while they hide or
# scroll overflow) or which stick out of the viewport.
CUT_OFF = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('body *')) {
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!text) continue;
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (!r.width || cs.visibility === 'hidden' || cs.display === 'none') continue;
    if (el.closest('[hidden], .sr-only, .visually-hidden')) continue;
    if (cs.position === 'absolute' && (cs.clip !== 'auto' || cs.clipPath !== 'none')) continue;
    let clipped = el.scrollWidth > el.clientWidth + 1 && cs.overflowX !== 'visible';
    let box = el.parentElement;
    while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') {
      box = box.parentElement;
    }
    if (box && box !== document.body) {
      const b = box.getBoundingClientRect();
      clipped = clipped || r.right > b.right + 1 || r.left < b.left - 1;
    }
    const outside = r.right > innerWidth + 1 || r.left < -1;
    if (clipped || outside) bad.push(el.tagName + ' ' + (el.className || '') + ': '
                                     + el.textContent.trim().slice(0, 40));
  }
  return bad;
}"""


def switch_language(page: Page, lang: str) -> None:
    choose_language(page, lang)
    html = page.locator("html")
    assert html.get_attribute("lang") == lang
    assert html.get_attribute("dir") == LANGUAGES[lang]


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Serious or critical axe-core violations (WCAG 2 A/AA, contrast 4.5:1 included)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Not a <script> tag: the app's CSP refuses inline scripts (tests/e2e/conftest.py).
        page.evaluate("(source) => { (0, eval)(source); }", AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}})"
    )
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"][:3]]}
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_each_language_plays_a_trick_without_overflow(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    """One page (a boot proves nothing here): a trick played in each language in turn."""
    page.emulate_media(reduced_motion="reduce")
    open_table(page, app_url, wait_ready, seed=23)
    for lang in sorted(LANGUAGES):
        page.set_viewport_size({"width": 360, "height": 740})
        switch_language(page, lang)
        played = play_until(page, lambda moves: len(moves) >= 2)  # a card led, a trick done
        assert any(move.startswith("play") for move in played), (lang, played)
        wait_for_input(page)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), lang
        assert page.evaluate(CUT_OFF) == [], lang
        page.screenshot(path=str(artifacts_dir / f"lang-{lang}-360.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 860})
        assert page.evaluate(CUT_OFF) == [], lang
        page.screenshot(path=str(artifacts_dir / f"lang-{lang}-desktop.png"), full_page=True)


def test_accessibility_in_every_language(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    """No serious or critical axe-core violation on the start screen (the new-game
    dialog), the table and the deal summary, in each language."""
    page.emulate_media(reduced_motion="reduce")
    open_table(page, app_url, wait_ready, seed=29)
    found: dict[str, list[dict[str, Any]]] = {}
    for lang in LANGUAGES:
        switch_language(page, lang)
        wait_for_input(page)
        found[f"table/{lang}"] = axe_violations(page)
        page.locator('[data-command="new-game"]').first.click()
        found[f"new-game/{lang}"] = axe_violations(page)
        page.locator('[data-command="close"]').first.click()
    load_save(page, late_in_the_deal("classic", seed=29))  # the deal's end, quickly
    play_until(page, lambda moves: False, prefer=("declare", "play"))
    assert page.locator('[data-summary="deal"]').count() == 1
    for lang in LANGUAGES:
        switch_language(page, lang)
        found[f"summary/{lang}"] = axe_violations(page)
    assert {k: v for k, v in found.items() if v} == {}


def test_keyboard_focus_is_always_visible(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    """Tabbing through the table, every focused control shows a focus outline."""
    open_table(page, app_url, wait_ready, seed=31)
    wait_for_input(page)
    seen = 0
    for _ in range(12):
        page.keyboard.press("Tab")
        style = page.evaluate("""() => {
          const el = document.activeElement;
          if (!el || el === document.body) return null;
          const cs = getComputedStyle(el);
          return {tag: el.tagName, outline: cs.outlineStyle, width: parseFloat(cs.outlineWidth),
                  shadow: cs.boxShadow};
        }""")
        if style is None:
            continue
        seen += 1
        visible = (style["outline"] != "none" and style["width"] >= 2) or style["shadow"] != "none"
        assert visible, style
    assert seen >= 6
