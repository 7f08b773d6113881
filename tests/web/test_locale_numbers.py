"""Every number the table shows is written the language's way (1,000 / 1.000 / 1 000).

A whole classic game is played once under CPython against a recording page;
its table, last deal summary, game summary and score sheet are then rendered in each
language and every visible number of four digits or more must carry that
language's grouping, while the ``data-value`` hooks keep plain digits.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fake_page import RecordingPage, play_through
from threads import in_thread

from web import i18n, storage
from web.app import App
from web.i18n.catalogs import use_language
from web.records import sheet
from web.table.adapter import game_decided
from web.view import score_sheet

ROOT = Path(__file__).resolve().parents[2]
UNGROUPED = re.compile(r"(?<![\d.,\u00a0])\d{4,}(?![\d.,\u00a0])")




def visible_text(fragment: str) -> str:
    """Text a reader sees: tags and attributes dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^<>]*>", " ", fragment))




def play(app: App, until_game_summary: bool) -> None:
    play_through(
        app,
        lambda: app.game.deal.is_terminal
        and game_decided(app.game)
        and (not until_game_summary or app.model.overlay == "game"),
    )


def start(variant: str, seed: int) -> tuple[App, RecordingPage]:
    dom = RecordingPage()
    app = App(dom, storage.MemoryStorage(), fast=True, seed=seed)
    app.start()
    app.course.new_game({"variant": variant, "options": {}, "level": "greedy", "dealer": "random"})
    return app, dom


@pytest.fixture(scope="module")
def finished_classic() -> tuple[App, RecordingPage, dict[str, dict[str, str]]]:
    """The last deal's summary and the game summary of one classic game, per language."""

    def run() -> tuple[App, RecordingPage, dict[str, dict[str, str]]]:
        app, dom = start("classic", seed=8)
        play(app, until_game_summary=False)
        shots: dict[str, dict[str, str]] = {}
        for lang in i18n.LANGS:
            use_language(app, lang, save=False)
            app.render()
            shots[lang] = {"deal": dom.regions["bz-overlay"], "scores": dom.regions["bz-scores"]}
        app.course.next_step()
        games = sheet.build_sheet(app.game)
        names = [f"P{s}" for s in range(app.game.rules.players)]
        for lang in i18n.LANGS:
            use_language(app, lang, save=False)
            app.render()
            shots[lang]["game"] = dom.regions["bz-overlay"]
            shots[lang]["sheet"] = score_sheet.render_sheet(games, names, "classic", app.cat)
        return app, dom, shots

    result: tuple[App, RecordingPage, dict[str, dict[str, str]]] = in_thread(run)
    return result


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_scores_and_summaries_are_locale_formatted(
    lang: str, finished_classic: tuple[App, RecordingPage, dict[str, dict[str, str]]]
) -> None:
    app, _, shots = finished_classic
    totals = list(app.game.totals)
    assert max(totals) >= 1000, "the game must end with a four-digit score"
    regions = shots[lang]
    assert 'data-summary="deal"' in regions["deal"] and 'data-summary="game"' in regions["game"]
    for name, fragment in regions.items():
        text = visible_text(fragment)
        assert not UNGROUPED.findall(text), f"{lang} {name}: ungrouped {UNGROUPED.findall(text)}"
    for total in totals:
        shown = i18n.format_number(lang, total)
        for name in ("deal", "scores", "game", "sheet"):
            assert shown in visible_text(regions[name]), f"{lang} {name}: no {shown!r}"
    # hooks keep plain digits
    for seat, total in enumerate(totals):
        assert f'data-seat-score="{seat}" data-value="{total}"' in regions["scores"]
        assert f'data-final-score="{seat}" data-value="{total}"' in regions["game"]


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_bezik_target_stake_and_match_board_are_locale_formatted(lang: str) -> None:
    def run() -> dict[str, str]:
        app, dom = start("bezik", seed=5)
        use_language(app, lang, save=False)
        app.render()
        return dict(dom.regions)

    regions = in_thread(run)
    scores = visible_text(regions["bz-scores"])
    assert i18n.format_number(lang, 3000) in scores
    assert not UNGROUPED.findall(scores)
    assert 'data-value="3000"' in regions["bz-scores"]
    assert re.search(r'data-seat-match="0" data-value="0"', regions["bz-scores"])
