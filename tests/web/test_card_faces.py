"""The drawn card faces: every card has its symbol in the sprite, every language its
corner letters, the generated files are current, and the faces stay small."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from tool_loader import load_tool

from web import i18n
from web.i18n.catalogs import load_catalog
from web.state import settings
from web.view import card_faces
from web.view.card_html import back_html, face_html

ROOT = Path(__file__).resolve().parents[2]
SVG_NS = "{http://www.w3.org/2000/svg}"
CARDS = [f"{r}{s}" for s in i18n.SUITS for r in i18n.RANKS]
SPRITE = ROOT / card_faces.SPRITE
BACK_FILES = [ROOT / "web" / f"card-back-{name}.svg" for name in settings.CARD_BACKS]


def ids_and_refs(path: Path) -> tuple[set[str], set[str]]:
    root = ET.parse(path).getroot()
    ids = {el.get("id", "") for el in root.iter()} - {""}
    refs = {el.get("href", "")[1:] for el in root.iter() if el.get("href", "").startswith("#")}
    refs |= set(re.findall(r"url\(#([^)]+)\)", path.read_text(encoding="utf-8")))
    return ids, refs


def test_sprite_has_a_symbol_for_every_card_and_no_dangling_reference() -> None:
    ids, refs = ids_and_refs(SPRITE)
    root = ET.parse(SPRITE).getroot()
    symbols = {el.get("id"): el for el in root.iter(f"{SVG_NS}symbol")}
    for card in CARDS:
        symbol = symbols[f"c-{card}"]
        assert symbol.get("viewBox") == "0 0 100 140"
        assert len(list(symbol.iter())) > 2, f"{card} draws nothing"
    assert refs <= ids, f"dangling references: {refs - ids}"
    assert not root.findall(f".//{SVG_NS}text"), "no letter is drawn in the sprite"


@pytest.mark.parametrize("path", BACK_FILES, ids=lambda p: p.name)
def test_backs_are_complete_svgs(path: Path) -> None:
    ids, refs = ids_and_refs(path)
    assert refs <= ids
    assert ET.parse(path).getroot().get("viewBox") == "0 0 100 140"


def test_generated_files_are_current() -> None:
    assert load_tool("make_card_faces").main(["--check"]) == 0


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_card_shows_its_art_and_the_languages_corner_letters(lang: str) -> None:
    cat = load_catalog(lang)
    for card in CARDS:
        rank, suit = card[:-1], card[-1]
        html = face_html(card, cat)
        assert f'<use href="#c-{card}">' in html  # the page's copy of web/cards.svg
        assert 'aria-hidden="true" focusable="false"' in html  # the art is decorative
        letters = i18n.rank_label(lang, rank)
        corner = re.search(r'<span class="ix"[^>]*><span class="rk[^"]*">([^<]+)</span>', html)
        assert corner is not None and corner.group(1) == letters, (lang, card)
        assert f'<span class="su">{i18n.SUIT_SYMBOLS[suit]}</span>' in html
        assert f'aria-label="{cat.card_aria(card)}"' in html  # the accessible name stays
        assert 'dir="ltr"' in html  # a face is never mirrored in right-to-left
    assert 'aria-hidden="true"' in back_html()


def test_russian_courts_use_russian_letters() -> None:
    cat = load_catalog("ru")
    assert '<span class="rk">Д</span>' in face_html("QS", cat)
    assert '<span class="rk">Т</span>' in face_html("AH", cat)


def test_look_falls_back_to_faces_and_blue() -> None:
    assert card_faces.look("simple", "red") == {"data-cards": "simple", "data-back": "red"}
    assert card_faces.look("fancy", None) == {"data-cards": "faces", "data-back": "blue"}
    assert card_faces.look(None, "red") == card_faces.look("faces", "red")


def test_card_faces_fit_their_size_budget() -> None:
    """The drawn faces stay small (raw bytes: the whole app's size is measured gzipped,
    tests/tools/test_shipped_size.py)."""
    svg = {p.name: p.stat().st_size for p in (SPRITE, *BACK_FILES)}
    print(f"card SVGs {sum(svg.values()):,} bytes")
    assert svg["cards.svg"] < 64_000
    assert sum(svg.values()) < 72_000


def test_the_settings_screen_offers_card_style_and_back() -> None:
    from web.state.settings import Settings
    from web.view import screens

    names = [c.name for c in screens.SETTING_CONTROLS]
    assert "card_style" in names and "card_back" in names
    for lang in i18n.LANGS:
        cat = load_catalog(lang)
        controls = screens.SETTING_CONTROLS
        html = "".join(screens.setting_control(c, Settings(), cat) for c in controls)
        choices = (("card_style", settings.CARD_STYLES), ("card_back", settings.CARD_BACKS))
        for name, values in choices:
            for value in values:
                assert f'name="{name}" value="{value}"' in html
                assert cat.has(f"settings.{name}.{value}")
    chosen = Settings()
    assert chosen.with_value("card_style", "simple") and chosen.with_value("card_back", "red")
    assert not chosen.with_value("card_back", "green")
    page = card_faces.page_look(chosen, log_open=False)
    assert {k: page[k] for k in ("data-cards", "data-back")} == card_faces.look("simple", "red")
