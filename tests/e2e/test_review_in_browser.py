"""The review after a deal in Chromium: a deal finished at the table, Review on its summary,
the progress while it runs, the planted end-phase mistake listed with its exact loss, and
its entry opening the replay viewer with the move played and the better one marked.

The deal is tests/support/review_deals.py's (a classic deal with a known end-phase mistake),
loaded as a save one move of the person's before its end. The review searches 4 worlds a
decision here (the test-only knob ``data-review-worlds``, honoured with ``?fast`` only): the
test is about the screen; tools/bench_review_browser.py times the real review.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pictures
from page_hooks import ENABLED
from playwright.sync_api import Page
from positions import open_save
from review_deals import SEAT, planted_deal
from test_languages import axe_violations

import engine

WORLDS = 4
SIZES = {"phone": (360, 640), "desktop": (1280, 720)}


def before_the_last_move() -> Any:
    """The planted deal cut before the person's last move (the computer then ends it)."""
    record = json.loads(json.dumps(planted_deal().record))
    actions = record["deals"][-1]["actions"]
    probe = engine.replay_record({**record, "deals": [{**record["deals"][-1], "actions": []}]})
    last = 0
    for index, text in enumerate(actions):
        if probe.current_player == SEAT:
            last = index
        probe.apply(text)
    record["deals"][-1]["actions"] = actions[:last]
    return engine.replay_record(record)


# The language switched under an open screen (the menu behind it is inert): a control made
# for the click only, as positions.py's restart does.
LANGUAGE = """(lang) => {
  const button = document.createElement('button');
  button.hidden = true;
  button.dataset.command = 'language';
  button.dataset.lang = lang;
  document.getElementById('bz').append(button);
  button.click();
  button.remove();
}"""


def language(page: Page, lang: str) -> None:
    page.evaluate(LANGUAGE, lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def shoot(page: Page, artifacts: Path, name: str) -> None:
    """The screen at a phone's and a desktop's size, English and Hebrew (when pictures are
    wanted: tests/e2e/pictures.py)."""
    if pictures.MODE == "none":
        return
    for lang in pictures.LANGS:
        language(page, lang)
        for size, (width, height) in SIZES.items():
            if pictures.wanted(lang, size):
                page.set_viewport_size({"width": width, "height": height})
                page.screenshot(path=str(artifacts / f"review-{name}-{lang}-{size}.png"))
    language(page, "en")
    page.set_viewport_size({"width": 360, "height": 640})


def test_review_a_finished_deal_and_open_its_mistake(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    planted = planted_deal()
    page.set_viewport_size({"width": 360, "height": 640})
    open_save(page, app_url, wait_ready, before_the_last_move())
    page.locator(ENABLED).first.click()  # the person's last card; the computer ends the deal
    review = page.locator('[data-summary="deal"] [data-command="review"]')
    review.wait_for(timeout=30_000)
    shoot(page, artifacts_dir, "summary")
    review.evaluate(f"button => button.setAttribute('data-review-worlds', '{WORLDS}')")
    review.click()
    screen = page.locator('[data-screen="review"]')
    assert screen.get_attribute("data-review-state") == "running"
    assert page.locator("[data-review-progress]").count() == 1
    assert page.locator('[data-command="review-cancel"]').count() == 1
    shoot(page, artifacts_dir, "running")  # while it runs, if the pictures are quick enough
    page.locator('[data-screen="review"][data-review-state="done"]').wait_for(timeout=60_000)
    entry = page.locator(f'[data-review-entry="{planted.mistake}"]')
    assert entry.get_attribute("data-review-kind") == "exact"
    assert entry.get_attribute("data-review-loss") == str(round(planted.loss))
    for index in planted.best_moves:  # the known best moves: not listed
        assert page.locator(f'[data-review-entry="{index}"]').count() == 0
    assert not axe_violations(page)
    shoot(page, artifacts_dir, "list")

    page.locator(f'[data-review-entry="{planted.mistake}"]').click()
    viewer = page.locator(f'[data-screen="replay"][data-review-index="{planted.mistake}"]')
    viewer.wait_for()
    hand = viewer.locator(f'[data-replay-hand="{SEAT}"]')
    played = planted.played.split()[-1]
    assert hand.locator(f'[data-card="{played}"][data-review-mark~="played"]').count() == 1
    best = hand.locator('[data-review-mark~="best"]')
    assert best.count() == 1 and f"play {best.get_attribute('data-card')}" in planted.best
    assert viewer.locator("[data-review-legend]").is_visible()
    assert not axe_violations(page)
    shoot(page, artifacts_dir, "position")

    viewer.locator('[data-command="replay-back"]').click()
    assert page.locator("[data-review-mark]").count() == 0
    page.locator('[data-screen="replay"] [data-command="close"]').click()
    page.locator('[data-screen="review"][data-review-state="done"]').wait_for()
    page.locator('[data-screen="review"] [data-command="close"]').click()
    page.locator('[data-summary="deal"] [data-command="next"]').wait_for()
