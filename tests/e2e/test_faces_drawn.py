"""The drawn card faces in the browser: every card's art loads from the sprite with its
corner letters in each language, the corner index stays in view wherever cards overlap
(right-to-left included), and screenshots of 2-, 3- and 4-player tables at phone and
desktop sizes in every language, with the faces and with the simple cards.

The tables are opened by the real app in CPython and drawn in one page of the real shell and
CSS (tests/e2e/rendered.py): what is checked here is the drawing, which needs no boot."""

from __future__ import annotations

from pathlib import Path

import pictures
from playwright.sync_api import Browser, Page
from rendered import Frame, open_shell, record_tables, replay
from test_languages import LANGUAGES, axe_violations

from web import i18n
from web.i18n.catalogs import load_catalog
from web.view.card_html import face_html

ROOT = Path(__file__).resolve().parents[2]
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


VARIANTS = (("classic", 2), ("russian-3", 3), ("russian-4", 4))
NEXT_FRAME = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def test_faces_render_read_and_switch(browser: Browser, app_url: str, artifacts_dir: Path) -> None:
    """One shell page for all the checks."""
    context = browser.new_context(service_workers="block",
                                  viewport={"width": 1280, "height": 720})
    try:
        page = open_shell(context, app_url)
        tables = record_tables(tuple(LANGUAGES), tuple(v for v, _ in VARIANTS))
        found = {}
        for lang in LANGUAGES:
            frames = [f for f in tables if f.where.endswith("/" + lang)]
            replay(page, frames[0].calls)
            assert page.evaluate("document.documentElement.dir") == LANGUAGES[lang]
            every_face_renders_with_its_corner_letters(page, lang, artifacts_dir)
            found[lang] = tables_at_every_size(page, lang, frames, artifacts_dir)
        assert not {k: v for k, v in found.items() if v}
        page.emulate_media(reduced_motion="reduce", color_scheme="dark")
        page.screenshot(path=str(artifacts_dir / "faces-4p-en-dark.png"))
        page.emulate_media(reduced_motion="reduce", color_scheme="light")
        simple_cards_and_the_other_back(page, artifacts_dir)
    finally:
        context.close()


def every_face_renders_with_its_corner_letters(page: Page, lang: str, artifacts_dir: Path) -> None:
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
    if pictures.wanted(lang):
        page.locator("#gallery").screenshot(path=str(artifacts_dir / f"faces-gallery-{lang}.png"))


def tables_at_every_size(page: Page, lang: str, frames: list[Frame],
                         artifacts_dir: Path) -> list[dict[str, object]]:
    """Each variant's new table at each size: every art drawn, every corner index in view;
    the axe-core violations of the last."""
    for frame, (_, n) in zip(frames, VARIANTS, strict=True):
        replay(page, frame.calls)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(NEXT_FRAME)
            # new cards' art resolves from the (cached) sprite within a frame or two
            page.wait_for_function(f"() => ({ART_DRAWN})('#bz-table').length === 0")
            page.evaluate("scrollTo(0, 0)")
            if pictures.wanted(lang, "phone" if width < 900 else "desktop"):
                page.screenshot(path=str(artifacts_dir / f"faces-{n}p-{lang}-{width}.png"))
            hidden = page.evaluate(f"({INDEX_HIDDEN})('#bz-table .card.face:not(.sm)')")
            assert hidden == [], f"{lang} {n}p {width}px: corner covered on {hidden}"
    # Faces never mirror: the index stays top-left in right-to-left too.
    assert page.evaluate(CORNER_ON_THE_LEFT), lang
    return axe_violations(page)


def simple_cards_and_the_other_back(page: Page, artifacts_dir: Path) -> None:
    """The look a player chose earlier (stored settings) is the table's from the start."""
    page.set_viewport_size({"width": 360, "height": 640})
    for style, back in (("simple", "blue"), ("faces", "red")):
        (frame,) = record_tables(("en",), ("classic",),
                                 settings={"card_style": style, "card_back": back})
        replay(page, frame.calls)
        page.evaluate(NEXT_FRAME)
        root = page.locator("#bz")
        assert root.get_attribute("data-cards") == style
        assert root.get_attribute("data-back") == back
        art = page.locator(".hand .card.face .art").first
        assert art.is_visible() == (style == "faces")
        page.screenshot(path=str(artifacts_dir / f"cards-{style}-{back}-360.png"))
