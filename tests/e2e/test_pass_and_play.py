"""Pass-and-play in the browser: two people share one device from a deal's start to its end.

At every step the whole document is compared with the engine's game (read
back from the save): while the hand-over screen shows, no hand is in the
page; while a person plays, only that person's hidden cards are. The deal's first tricks
are played from its start, then the same deal a few tricks from its end is loaded (the whole
deal, step by step, is tests/web/test_seats.py's, on the app's own page). Then the
new screens are photographed in every language at phone and desktop sizes
and checked with axe-core.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pictures
from page_hooks import ENABLED
from playwright.sync_api import Page
from positions import SAVE, begin
from test_languages import LANGUAGES, axe_violations, switch_language
from test_table import open_table, visit

import engine
from tests.web.hidden_cards import leaks

ROOT = Path(__file__).resolve().parents[2]
START = '[data-command="start-game"], [data-command="start"]'
STEP = """() => {
  const enabled = document.querySelector('""" + ENABLED + """');
  const ready = !!(document.querySelector('[data-handover]') || enabled
                   || document.querySelector('[data-summary]'));
  return ready ? [document.documentElement.outerHTML, localStorage.getItem('bezique.save')]
               : null;
}"""


def choose_people(page: Page, people: list[int]) -> None:
    page.click('[data-command="new-game"]')
    for seat in people:
        page.check(f'[data-seat="{seat}"][data-seat-kind="person"]')
    page.click(START)


def snapshot(page: Page) -> tuple[str, Any]:
    handle = page.wait_for_function(STEP, timeout=30_000)
    html, save = handle.json_value()
    return html, engine.Game.from_json(json.loads(save)["game"])


def near_the_end(save: dict[str, Any]) -> dict[str, Any]:
    """The saved game played on by the engine until the deal's end phase, where the person
    to play holds at most three cards; the device goes to that person."""
    game = engine.Game.from_json(save["game"])
    rng = random.Random(0)
    while not (game.deal.in_end_phase and len(game.deal.hands[game.current_player]) <= 3):
        assert not game.deal.is_terminal, "the deal ended before its last tricks"
        game.apply(rng.choice(game.legal_actions()))
    return {**save, "game": game.to_json(), "human": game.current_player}


def test_two_people_pass_the_device_from_a_deals_start_to_its_end_then_screens(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_table(page, app_url, wait_ready, seed=21)
    choose_people(page, [0, 1])
    handovers = plays = 0
    holder: int | None = None
    late = False
    for _ in range(400):
        html, game = snapshot(page)
        if 'data-summary="deal"' in html:
            break
        if plays >= 6 and not late and "data-handover" in html:
            # the same deal near its end, opened from the start screen: the device goes to
            # the person to play first
            save = near_the_end(json.loads(page.evaluate(f"localStorage['{SAVE}']")))
            visit(page, app_url, wait_ready, seed=21, stored={SAVE: json.dumps(save)})
            begin(page)
            late, holder = True, None
            continue
        seat = game.current_player
        if "data-handover" in html:
            assert leaks(game, None, html) == [], "a hand shows under the hand-over screen"
            hand = html.split('class="hand"')[1].split("</section>")[0]
            assert "data-card" not in hand, "the hand-over screen leaves a hand card"
            handovers += 1
            holder = seat
            page.click('[data-command="ready"]')
            continue
        # A person plays only after the device was handed to them.
        assert seat == holder, f"seat {seat} plays without a hand-over (holder {holder})"
        assert leaks(game, seat, html) == [], f"step {plays}"
        buttons = page.locator(ENABLED)
        buttons.first.click()
        plays += 1
    else:
        raise AssertionError("the deal did not end")
    assert game.deal.is_terminal and late and handovers >= 6 and plays >= 10
    page.screenshot(path=str(artifacts_dir / "pass-and-play-summary.png"))
    seat_dialog_and_handover_screens_in_every_language(page, artifacts_dir)


def seat_dialog_and_handover_screens_in_every_language(page: Page, artifacts_dir: Path) -> None:
    found: dict[str, Any] = {}
    for lang in LANGUAGES:
        switch_language(page, lang)
        page.click('[data-command="new-game"]')
        page.select_option('select[name="variant"]', "russian-4")
        page.wait_for_selector('[data-seat="3"][data-seat-kind="person"]')
        page.check('[data-seat="2"][data-seat-kind="person"]')
        for width, height in ((360, 640), (1280, 720)):
            page.set_viewport_size({"width": width, "height": height})
            if pictures.wanted(lang, "phone" if width < 900 else "desktop"):
                page.screenshot(path=str(artifacts_dir / f"seats-dialog-{lang}-{width}.png"))
        found[f"dialog/{lang}"] = axe_violations(page)
        page.click(START)
        if page.locator('[data-command="confirm-new"]').count():  # leave the game under way
            page.click('[data-command="confirm-new"]')
        page.wait_for_selector("[data-handover]")
        text = page.locator("[data-handover]").inner_text()
        assert "1" in text  # Player 1 is called to the device first
        for width, height in ((360, 640), (1280, 720)):
            page.set_viewport_size({"width": width, "height": height})
            if pictures.wanted(lang, "phone" if width < 900 else "desktop"):
                page.screenshot(path=str(artifacts_dir / f"handover-{lang}-{width}.png"))
        found[f"handover/{lang}"] = axe_violations(page)
        page.click('[data-command="ready"]')
        page.wait_for_selector(".hand .card.face")
        if pictures.wanted(lang, "desktop"):
            page.screenshot(path=str(artifacts_dir / f"pass-and-play-4p-{lang}-1280.png"))
    bad = {k: v for k, v in found.items() if v}
    assert not bad, bad
