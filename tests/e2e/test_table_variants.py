"""Three- and four-handed deals and a bezik vido, played through the page."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page
from positions import SAVE, late_in_the_deal, open_save
from test_table import (  # noqa: F401 (shared_page, table_page: this module's tests share a page)
    leave_start_screen,
    open_table,
    play_until,
    scores,
    shared_page,
    table_page,
    visit,
    wait_for_input,
)

from engine import new_game
from web.i18n.catalogs import load_catalog
from web.platform.dom import FIT_STEPS


def start_variant(page: Page, variant: str, options: dict[str, str] | None = None) -> None:
    page.click('[data-command="new-game"]')
    page.select_option('select[name="variant"]', variant)
    page.wait_for_function(
        "(v) => document.querySelector('select[name=variant]').value === v", arg=variant
    )
    for name, value in (options or {}).items():
        page.select_option(f'select[name="opt.{name}"]', value)
    page.click('[data-command="start"]')
    wait_for_input(page)


def test_three_handed_deal_to_summary(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # still pictures
    page.set_viewport_size({"width": 360, "height": 740})
    open_save(page, app_url, wait_ready, late_in_the_deal("russian-3", seed=21), seed=21)
    assert page.locator("#bz-opps .seat").count() == 2
    assert page.locator("[data-seat-score]").count() == 3
    page.screenshot(path=str(artifacts_dir / "table-3-players-360.png"), full_page=True)
    play_until(page, lambda _: False, limit=100)
    page.locator('[data-summary="deal"]').wait_for()
    assert len(scores(page)) == 3


# One evaluation, so no redraw comes between: the side seats' frames and widths, then the
# same after a "thinking" note (as web/view/render.py writes it) is put below one seat's header.
SIDE_SEATS_WITH_A_NOTE = """(notes) => {
  const sides = () =>
    [...document.querySelectorAll('#bz-opps .seat')].map(s => s.getBoundingClientRect());
  const row = document.getElementById('bz-centre').getBoundingClientRect().height;
  const before = sides();
  const head = document.querySelector('#bz-opps .seat[data-pos=end] .seat-head');
  const span = document.createElement('span');
  span.className = 'thinking';
  head.after(span);
  const thinking = notes.map(note => {
    span.textContent = note;
    const box = span.getBoundingClientRect();
    const name = head.querySelector('.name').getBoundingClientRect();
    return {note, widths: sides().map(r => r.width), own_line: box.top >= name.bottom - 1,
            inside: box.width + 1 >= span.scrollWidth};
  });
  span.remove();
  return {row, heights: before.map(r => r.height), widths: before.map(r => r.width), thinking};
}"""


def test_side_seats_hug_their_cards_and_keep_their_width_while_thinking(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    """On a wide screen the side seats' frames hug their cards (the row is as tall as the
    centre), and a seat's "thinking" note takes a line of its own without widening its
    column, so the centre does not shift whenever a seat starts to think."""
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 1280, "height": 720})
    open_save(page, app_url, wait_ready, late_in_the_deal("russian-3", seed=21), seed=21)
    assert page.locator("#bz-opps .seat").count() == 2
    notes = [load_catalog(lang).t("table.opponent_thinking") for lang in ("en", "he", "tr", "ru")]
    seen = page.evaluate(SIDE_SEATS_WITH_A_NOTE, notes)
    page.screenshot(path=str(artifacts_dir / "table-3-players-1280.png"))
    assert all(h < seen["row"] * 0.7 for h in seen["heights"]), seen
    for each in seen["thinking"]:  # every language's note, its own line, no column wider
        assert each["widths"] == seen["widths"] and each["own_line"] and each["inside"], each
    # on a phone the column may grow to hold the note, but the note always fits in it
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_function("document.fonts.status === 'loaded'")
    narrow = page.evaluate(SIDE_SEATS_WITH_A_NOTE, notes)
    assert all(each["inside"] and each["own_line"] for each in narrow["thinking"]), narrow


def test_four_handed_deal_to_summary(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # still pictures
    page.set_viewport_size({"width": 360, "height": 740})
    open_save(page, app_url, wait_ready, late_in_the_deal("russian-4", seed=22), seed=22)
    assert page.locator("#bz-opps .seat").count() == 3
    assert page.locator("[data-side-score]").count() == 2
    assert not page.evaluate("document.documentElement.scrollWidth > innerWidth")
    page.screenshot(path=str(artifacts_dir / "table-4-players-360.png"), full_page=True)
    fits: list[float] = []  # the card-size step after every action
    fit_now = "getComputedStyle(document.getElementById('bz')).getPropertyValue('--fit')"

    def note_fit(_: list[str]) -> bool:
        fits.append(float(page.evaluate(fit_now)))
        return False  # play on to the summary

    play_until(page, note_fit, limit=100)
    # a full trick wraps in the centre: it never squeezes every card down to the last step
    assert min(fits) > FIT_STEPS[-1], sorted(set(fits))
    summary = page.locator('[data-summary="deal"]')
    summary.wait_for()
    assert summary.locator(".sides").count() == 1
    assert len(scores(page)) == 4


def bezik_with_vido_called() -> object:
    """A bezik match where the computer (seat 1) called vido at its first lead."""
    game = new_game("bezik", seed=4, dealer=0)
    assert game.current_player == 1
    game.apply("vido")
    assert game.current_player == 0
    return game


def bezik_save_with_vido_called() -> str:
    game = bezik_with_vido_called()
    return json.dumps(
        {
            "format": "bezique-save",
            "version": 1,
            "game": game.to_json(),
            "human": 0,
            "deal_number": 1,
            "settings": {"variant": "bezik", "options": {}, "level": "normal", "dealer": "random"},
        }
    )


def test_bezik_vido_called_and_refused(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # still pictures
    visit(page, app_url, wait_ready, seed=23, stored={SAVE: bezik_save_with_vido_called()})
    leave_start_screen(page)
    wait_for_input(page)
    assert page.locator(".markoz").count() == 1
    refuse = page.locator('[data-action="refuse"]')
    assert page.locator('[data-action="accept"]').count() == 1
    page.screenshot(path=str(artifacts_dir / "table-bezik-vido.png"), full_page=True)
    refuse.click()
    page.locator('[data-summary="deal"]').wait_for()
    page.click('[data-command="next"]')
    game_summary = page.locator('[data-summary="game"]')
    game_summary.wait_for()
    # the caller wins the game at the stake before the call (rubikon doubles it: the
    # refuser has under 1500): the same match points as the engine gives
    expected = bezik_with_vido_called()
    expected.apply("refuse")  # type: ignore[attr-defined]
    points = expected.points  # type: ignore[attr-defined]
    assert points[0] == 0 and points[1] > 0
    assert page.locator('[data-seat-match="1"]').inner_text().strip() == str(points[1])
    assert page.locator('[data-seat-match="0"]').inner_text().strip() == "0"
    game_summary.locator('[data-command="next"]').click()
    wait_for_input(page)
    assert page.locator("[data-summary]").count() == 0


def test_bezik_vido_called_by_the_player(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    open_table(page, app_url, wait_ready, seed=24)
    start_variant(page, "bezik")
    # the human leads first in a seeded game: vido is offered beside the cards
    vido = page.locator('[data-action="vido"]')
    vido.wait_for()
    assert vido.get_attribute("aria-disabled") is None
    vido.click()
    wait_for_input(page)
    stake = page.locator("[data-stake]")
    summary = page.locator("[data-summary]")
    assert summary.count() == 1 or stake.get_attribute("data-stake") == "2"
