"""What happened and why, in Chromium: the computer's declaration called out at its seat
(with its points rising into its score, and in the live region), and the game-over
screen's first view saying who won (scrolled to its top, the deal tables folded).

Positions are built with the engine (tests/e2e/positions.py) so each test starts a move
or two before its moment.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from page_hooks import ENABLED
from playwright.sync_api import Page
from positions import begin, open_save
from test_table import wait_for_input
from test_table_flow import EASY, classic_nearly_won

import engine

# Everything the live region says, kept (the next move replaces its text).
SAID = """window.__said = [];
new MutationObserver(() => {
  const live = document.getElementById("bz-live"), text = live && live.textContent;
  if (text && window.__said[window.__said.length - 1] !== text) window.__said.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});"""


# Each call-out as first drawn: what it says, where, and the points beside the score.
CALLOUTS = """window.__callouts = [];
new MutationObserver(() => {
  document.querySelectorAll(".callout:not([data-seen])").forEach(c => {
    c.setAttribute("data-seen", "");
    const seat = c.closest(".seat");
    const r = c.getBoundingClientRect(), s = seat.getBoundingClientRect();
    const gain = document.querySelector(
      `[data-seat-score="${seat.dataset.seat}"] + .gain`);
    window.__callouts.push({kind: c.dataset.callout, points: c.dataset.points,
      text: c.textContent, seat: seat.dataset.seat, pos: seat.dataset.pos,
      box: {x: r.x, y: r.y, width: r.width, height: r.height},
      seatBox: {x: s.x, y: s.y, width: s.width, height: s.height},
      pointerEvents: getComputedStyle(c.parentElement).pointerEvents,
      gain: gain ? gain.textContent : null});
  });
}).observe(document, {subtree: true, childList: true});"""


def computer_declares_next() -> Any:
    """Classic: the computer (seat 1) just won a trick and holds a declaration; the
    table's computer player at this level ("greedy") always declares its best."""
    for seed in range(40):
        game = engine.new_game("classic", {}, seed=seed, dealer=0)
        rng = random.Random(seed)
        while not game.deal.is_terminal and game.deal.can_draw:
            legal = game.legal_actions()
            if game.current_player == 1 and any(a.kind == "declare" for a in legal):
                return game
            game.apply(rng.choice([a for a in legal if a.kind not in ("declare", "seven")]))
    raise AssertionError("no position found")


def test_the_computers_declaration_is_called_out_at_its_seat(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.add_init_script(SAID)
    page.add_init_script(CALLOUTS)
    game = computer_declares_next()
    before = int(game.scores()[1])
    open_save(page, app_url, wait_ready, game, seed=5, stored=EASY)  # it declares at once
    page.wait_for_function("window.__callouts.length > 0", timeout=10_000)
    seen = page.evaluate("window.__callouts")[0]  # as first drawn (a slow page may be past it)
    kind, points = seen["kind"], int(seen["points"])
    names = {
        "marriage": "Marriage", "trump_marriage": "Trump marriage", "bezique": "Bezique",
        "four_aces": "Four aces", "four_kings": "Four kings", "four_queens": "Four queens",
        "four_jacks": "Four jacks", "double_bezique": "Double bezique",
        "trump_sequence": "Trump sequence",
    }
    assert seen["seat"] == "1" and seen["pos"] == "top"
    assert seen["text"].split() == [*names[kind].split(), f"+{points}"]
    assert points > 0
    assert seen["gain"] == f"+{points}"  # rising into the computer's score
    score = page.locator('[data-seat-score="1"]')
    assert int(score.get_attribute("data-value") or 0) >= before + points
    # over the seat, readable, never in the way of a tap
    box, seat_box = seen["box"], seen["seatBox"]
    assert box["width"] > 40 and box["height"] > 14
    assert seat_box["y"] - 2 <= box["y"]
    assert box["y"] + box["height"] <= seat_box["y"] + seat_box["height"] + 2
    assert seen["pointerEvents"] == "none"
    said = page.evaluate("window.__said")
    assert any(names[kind] in text for text in said), said  # said for screen readers
    wait_for_input(page)
    page.wait_for_function("!document.querySelector('.callout')", timeout=8_000)  # it leaves


def assert_result_first(page: Page) -> None:
    summary = page.locator('[data-summary="game"]')
    summary.wait_for()
    page.wait_for_timeout(100)  # the focus has landed
    assert summary.evaluate("e => e.scrollTop") == 0
    winner = page.locator('[data-summary="game"] .winner').bounding_box()
    view = page.viewport_size
    assert winner and view and winner["height"] > 0
    assert winner["y"] >= 0 and winner["y"] + winner["height"] <= view["height"]
    assert summary.locator("[data-final-score]").count() == 2
    assert not summary.locator("details.sheet-in-summary").evaluate("d => d.open")
    assert summary.locator("[data-sheet-deal]").count() >= 1  # folded, not gone
    rematch = summary.locator('[data-command="rematch"]').bounding_box()
    assert rematch and rematch["y"] + rematch["height"] <= view["height"]


def test_game_over_opens_on_the_result(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_save(page, app_url, wait_ready, classic_nearly_won(), seed=5, stored=EASY)
    for _ in range(60):
        wait_for_input(page)
        if page.locator('[data-summary="game"]').count():
            break
        nxt = page.locator('[data-summary="deal"] [data-command="next"]')
        if nxt.count():
            nxt.click()
            continue
        page.locator(ENABLED).first.click()
    assert_result_first(page)
    result = page.get_attribute('[data-summary="game"]', "data-result")
    assert result in ("won", "lost")
    assert page.locator("[data-stats-change] li").last.inner_text().startswith("Games won: ")
    # desktop: the same game reopened after a reload lands on its result too
    page.set_viewport_size({"width": 1280, "height": 720})
    page.reload()
    wait_ready(page)
    begin(page)
    page.locator('[data-summary="deal"] [data-command="next"]').click()
    assert_result_first(page)
