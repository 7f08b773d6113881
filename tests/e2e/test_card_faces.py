"""The drawn card faces in the browser: every card's art loads from the sprite with its
corner letters in each language, the corner index stays in view wherever cards overlap
(right-to-left included), and screenshots of 2-, 3- and 4-player tables at phone and
desktop sizes in every language, with the faces and with the simple cards."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page
from test_languages import LANGUAGES, axe_violations, switch_language
from test_table import open_table

from web import i18n
from web.app import load_catalog
from web.card_html import face_html

ROOT = Path(__file__).resolve().parents[2]
START = '[data-command="start-game"], [data-command="start"]'
CARDS = [f"{r}{s}" for s in i18n.SUITS for r in i18n.RANKS]
SIZES = ((360, 640), (1280, 720))

# Every art drawn (its <use> has a box) and every corner index on top at its own spot.
ART_DRAWN = """(sel) => [...document.querySelectorAll(sel + ' .card.face')].filter(c => {
  const use = c.querySelector('.art use');
  const box = use && use.getBBox();
  return !(box && box.width > 10 && box.height > 10);
}).map(c => c.dataset.card)"""
INDEX_HIDDEN = """(sel) => [...document.querySelectorAll(sel)].filter(c => {
  const rk = c.querySelector('.ix .rk');
  c.scrollIntoView({block: 'center', inline: 'center'});  // elementFromPoint sees the viewport
  const r = rk.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit && c.contains(hit));
}).map(c => c.dataset.card)"""

SHEET_FETCHES = """() => performance.getEntriesByType('resource')
  .map(e => e.name).filter(name => name.includes('cards.svg#'))"""
CORNER_ON_THE_LEFT = """() => [...document.querySelectorAll('.hand .card.face')].every(c => {
  const card = c.getBoundingClientRect(), rk = c.querySelector('.ix .rk').getBoundingClientRect();
  return rk.right < card.left + card.width / 2;
})"""


def new_game(page: Page, variant: str) -> None:
    page.click('[data-command="new-game"]')
    page.select_option('select[name="variant"]', variant)
    page.click(START)
    if page.locator('[data-command="confirm-new"]').count():  # leave the game under way
        page.click('[data-command="confirm-new"]')
    page.wait_for_selector(".hand .card.face")


def test_faces_render_read_and_switch(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    """One page for all the checks (a boot costs more than all of them together)."""
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 1280, "height": 720})
    open_table(page, app_url, wait_ready, seed=9)
    every_face_renders_with_its_corner_letters(page, artifacts_dir)
    tables_in_every_language_and_size(page, artifacts_dir)
    simple_cards_and_the_other_back(page, wait_ready, artifacts_dir)


def every_face_renders_with_its_corner_letters(page: Page, artifacts_dir: Path) -> None:
    for lang in LANGUAGES:
        switch_language(page, lang)
        cat = load_catalog(lang)
        gallery = "".join(face_html(card, cat, classes="hcard") for card in CARDS)
        page.evaluate(
            "(html) => { const box = document.getElementById('bz-log');"
            " box.innerHTML = '<div class=\"hand\" id=\"gallery\">' + html + '</div>'; }",
            gallery,
        )
        page.wait_for_function(f"() => ({ART_DRAWN})('#gallery').length === 0", timeout=10_000)
        # drawn from the page's one copy of the sheet: no card fetches (and parses) it again
        assert page.evaluate(SHEET_FETCHES) == [], lang
        corners = page.locator("#gallery .card .ix:not(.ix2) .rk").all_inner_texts()
        wanted = [i18n.rank_label(lang, card[:-1]) for card in CARDS]
        assert corners == wanted
        page.locator("#gallery").screenshot(path=str(artifacts_dir / f"faces-gallery-{lang}.png"))


def tables_in_every_language_and_size(page: Page, artifacts_dir: Path) -> None:
    found = {}
    for lang in LANGUAGES:
        switch_language(page, lang)
        for variant, n in (("classic", 2), ("russian-3", 3), ("russian-4", 4)):
            new_game(page, variant)
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                # new cards' art resolves from the (cached) sprite within a frame or two
                page.wait_for_function(f"() => ({ART_DRAWN})('#bz-table').length === 0")
                page.evaluate("scrollTo(0, 0)")
                page.screenshot(path=str(artifacts_dir / f"faces-{n}p-{lang}-{width}.png"))
                hidden = page.evaluate(f"({INDEX_HIDDEN})('#bz-table .card.face:not(.sm)')")
                assert hidden == [], f"{lang} {n}p {width}px: corner covered on {hidden}"
        # Faces never mirror: the index stays top-left in right-to-left too.
        assert page.evaluate(CORNER_ON_THE_LEFT), lang
        found[lang] = axe_violations(page)
    page.emulate_media(reduced_motion="reduce", color_scheme="dark")
    page.screenshot(path=str(artifacts_dir / "faces-4p-en-dark.png"))
    page.emulate_media(reduced_motion="reduce", color_scheme="light")
    assert not {k: v for k, v in found.items() if v}


def simple_cards_and_the_other_back(
    page: Page, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    stored = json.loads(page.evaluate("localStorage.getItem('bezique.settings')") or "{}")
    for style, back in (("simple", "blue"), ("faces", "red")):
        settings = json.dumps({**stored, "card_style": style, "card_back": back})
        page.evaluate("(s) => localStorage.setItem('bezique.settings', s)", settings)
        page.reload()
        wait_ready(page)
        page.click('[data-screen="start"] [data-command="continue"]')
        root = page.locator("#bz")
        assert root.get_attribute("data-cards") == style
        assert root.get_attribute("data-back") == back
        art = page.locator(".hand .card.face .art").first
        assert art.is_visible() == (style == "faces")
        page.set_viewport_size({"width": 360, "height": 640})
        page.screenshot(path=str(artifacts_dir / f"cards-{style}-{back}-360.png"))
