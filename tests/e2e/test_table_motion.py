"""The trick on the table: each card in front of the seat that played it (two, three and
four hands, phone and desktop, left to right and right to left), declared groups that are
never empty and never overlap, and cards that travel (played from their seat, the trick
swept to its winner) except under reduced motion.

Positions come from the engine (a save loaded into the page): the person plays the last
card of a trick in the stock phase, can win it, and some declared group is broken.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from positions import open_save

import engine
from web.table.adapter import build_view
from web.table.flow import auto_pass_due

WaitFn = Callable[..., None]


def last_to_play_and_winning(variant: str, seed: int) -> tuple[Any, str]:
    """A stock-phase position where seat 0 plays the trick's last card and one of its cards
    wins it, with at least two declared groups on the table, one of them broken; and that
    card's action."""
    for tries in range(400):
        game = engine.new_game(variant, {}, seed=seed + tries, dealer=1)
        rng = random.Random(seed + tries)
        n = game.rules.players
        for _ in range(300):
            deal = game.deal
            if game.is_terminal or deal.is_terminal:
                break
            if game.current_player == 0 and len(deal.trick) == n - 1 and deal.phase == "play":
                groups = [g for s in build_view(game, 0).seats for g in s.groups]
                if len(groups) >= 2 and any(not g.intact for g in groups):
                    for action in game.legal_actions():
                        probe = game.clone()
                        probe.apply(action)
                        if probe.current_player == 0 and not probe.deal.is_terminal:
                            return game, action.text()
            legal = game.legal_actions()
            declare = [a for a in legal if a.kind == "declare"]
            game.apply(rng.choice(declare) if declare else rng.choice(legal))
    raise AssertionError(f"no position for {variant}")


# Where each trick card lies: of all the trick's cards, the one a seat played must lie
# furthest towards that seat (from the trick's centre), and on that seat's side of it.
PLACES = """() => {
  const trick = document.querySelector('#bz-centre .trick');
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const t = centre(trick.getBoundingClientRect());
  const cards = [...trick.querySelectorAll('.tcell')].map((cell) => ({
    seat: cell.dataset.seat,
    at: centre(cell.querySelector('[data-card]').getBoundingClientRect()),
  }));
  return cards.map((card) => {
    const seat = document.querySelector(`.seat[data-seat="${card.seat}"]`);
    const s = centre(seat.getBoundingClientRect());
    const d = [s[0] - t[0], s[1] - t[1]], length = Math.hypot(d[0], d[1]);
    const towards = (c) => ((c.at[0] - t[0]) * d[0] + (c.at[1] - t[1]) * d[1]) / length;
    return {seat: card.seat, own: towards(card),
            others: cards.filter((c) => c !== card).map(towards)};
  });
}"""

# The declared groups of every seat: each holds a card, and no two boxes meet.
GROUPS = """() => {
  const out = {empty: 0, overlaps: [], groups: 0, broken: 0, explained: 0};
  for (const declared of document.querySelectorAll('.declared')) {
    const boxes = [...declared.querySelectorAll('.group')];
    out.groups += boxes.length;
    for (const g of boxes) {
      if (!g.querySelector('.gcards [data-card]')) out.empty += 1;
      if (g.classList.contains('broken')) {
        out.broken += 1;
        if (g.title && g.querySelector('.sr-only').textContent.trim()) out.explained += 1;
      }
    }
    const rects = boxes.map((g) => g.getBoundingClientRect());
    rects.forEach((a, i) => rects.slice(i + 1).forEach((b) => {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0.5 && y > 0.5) out.overlaps.push([x, y]);
    }));
  }
  return out;
}"""

# Every travel the shell starts from now on: what moved and its first and last keyframes.
WATCH_TRAVEL = """() => {
  window.__travel = [];
  const seen = new WeakSet();
  const note = (el, kind) => el.getAnimations().forEach((a) => {
    if (seen.has(a)) return;
    seen.add(a);
    const k = a.effect.getKeyframes();
    window.__travel.push({kind, seat: el.dataset.seat || null, ms: a.effect.getTiming().duration,
      face: el.classList.contains('face'),
      from: k[0].transform || '', to: k[k.length - 1].transform || ''});
  });
  new MutationObserver(() => {
    document.querySelectorAll('#bz-centre .tcell[data-fresh]').forEach((c) => note(c, 'play'));
    document.querySelectorAll('#bz-fly > .card.swept').forEach((c) => note(c, 'sweep'));
    document.querySelectorAll('#bz-fly > .card:not(.swept)').forEach((c) => note(c, 'draw'));
  }).observe(document.getElementById('bz'), {childList: true, subtree: true});
}"""


def translation(transform: str) -> tuple[float, float]:
    """(dx, dy) of a 'translate(Xpx, Ypx) ...' keyframe."""
    inside = transform.split("translate(", 1)[1].split(")", 1)[0]
    x, y = (float(part.strip().removesuffix("px")) for part in inside.split(","))
    return x, y


def check_places(page: Page, count: int) -> None:
    places = page.evaluate(PLACES)
    assert len(places) == count, places
    for card in places:
        assert card["own"] > 0, card  # moved from the trick's centre towards its seat
        assert all(card["own"] > other + 4 for other in card["others"]), card


def play_the_winning_card_and_peek(page: Page, action: str) -> None:
    page.locator(f'#bz-me .hand [data-action="{action}"]').first.click()
    shelf = page.locator('[data-command="last-trick"]')
    shelf.wait_for(timeout=15_000)  # the won trick is put aside: the person's turn again
    shelf.click()
    page.locator('[data-trick="peek"]').wait_for()


CASES = [
    ("classic", 2, 11, {"width": 360, "height": 640}, True, "he"),
    ("classic", 2, 11, {"width": 1280, "height": 720}, False, "en"),
    ("russian-3", 3, 12, {"width": 360, "height": 640}, True, "he"),
    ("russian-3", 3, 12, {"width": 1280, "height": 720}, False, "en"),
    ("russian-4", 4, 13, {"width": 390, "height": 844}, True, "he"),
    ("russian-4", 4, 13, {"width": 360, "height": 640}, True, "en"),
    ("russian-4", 4, 13, {"width": 1280, "height": 720}, False, "he"),
]


@pytest.fixture(scope="module")
def device_pages(browser: Browser) -> Iterator[Callable[[bool], Page]]:
    """A page of a touch phone and one of a desktop, each kept across the cases: the app
    boots once in each, and each case restarts it with its own save (positions.visit)."""
    pages: dict[bool, Page] = {}

    def page_for(touch: bool) -> Page:
        if touch not in pages:
            context = browser.new_context(has_touch=touch, is_mobile=touch,
                                          reduced_motion="reduce")
            pages[touch] = context.new_page()
        return pages[touch]

    yield page_for
    for page in pages.values():
        page.context.close()


@pytest.mark.parametrize(("variant", "players", "seed", "size", "touch", "lang"), CASES)
def test_trick_cards_lie_in_front_of_their_seats(
    device_pages: Callable[[bool], Page],
    app_url: str,
    wait_ready: WaitFn,
    artifacts_dir: Path,
    variant: str,
    players: int,
    seed: int,
    size: dict[str, int],
    touch: bool,
    lang: str,
) -> None:
    """Each trick card lies towards the seat that played it (a right-to-left table mirrors
    the seats and their cards together); declared groups hold cards and never overlap;
    under reduced motion nothing travels."""
    game, action = last_to_play_and_winning(variant, seed)
    page = device_pages(touch)
    page.set_viewport_size(size)
    open_save(page, app_url, wait_ready, game, seed=seed, stored={"bezique.lang": lang})
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#bz-centre .tcell").count() == players - 1
    check_places(page, players - 1)
    groups = page.evaluate(GROUPS)
    assert groups["groups"] >= 2 and groups["broken"] >= 1, groups
    assert groups["empty"] == 0 and groups["overlaps"] == [], groups
    assert groups["explained"] == groups["broken"], groups
    page.evaluate(WATCH_TRAVEL)
    play_the_winning_card_and_peek(page, action)
    check_places(page, players)
    name = f"trick-{variant}-{size['width']}-{lang}.png"
    page.screenshot(path=str(artifacts_dir / name))
    assert page.evaluate("window.__travel") == []  # reduced motion: nothing travels
    assert not page.evaluate("document.documentElement.scrollHeight > innerHeight + 1")


def travel_of_winning_card(page: Page, app_url: str, wait_ready: WaitFn, game: Any,
                           action: str, seed: int) -> list[dict[str, Any]]:
    """Every travel of the person's move ``action`` that wins the trick, in the saved
    ``game`` opened in ``page``, once all have landed."""
    open_save(page, app_url, wait_ready, game, seed=seed)
    # the new game's deal-in (before the save came) has landed: only this move's travel counts
    page.wait_for_function("document.querySelectorAll('#bz-fly > .card').length === 0")
    page.evaluate(WATCH_TRAVEL)
    page.locator(f'#bz-me .hand [data-action="{action}"]').first.click()
    page.locator('[data-command="last-trick"]').wait_for(timeout=15_000)
    page.wait_for_function("document.querySelectorAll('#bz-fly > .card').length === 0")
    travel: list[dict[str, Any]] = page.evaluate("window.__travel")
    return travel


def test_cards_travel_from_their_seat_and_the_trick_to_its_winner(
    page: Page, app_url: str, wait_ready: WaitFn
) -> None:
    """A played card comes from the seat that played it (the person's from below), the
    won trick leaves towards its winner, the cards drawn come down from the stock, and all
    land within 400 ms."""
    game, action = last_to_play_and_winning("russian-3", 12)
    page.set_viewport_size({"width": 1280, "height": 720})
    travel = travel_of_winning_card(page, app_url, wait_ready, game, action, 12)
    plays = [t for t in travel if t["kind"] == "play"]
    sweeps = [t for t in travel if t["kind"] == "sweep"]
    assert [t["seat"] for t in plays] == ["0"], travel  # the person's card, once
    assert translation(plays[0]["from"])[1] > 20, plays  # it came up from the hand
    assert plays[0]["to"] == "none", plays
    assert len(sweeps) == 3, travel  # the whole trick went to its winner: the person, below
    assert all(translation(t["to"])[1] > 20 for t in sweeps), [t["to"] for t in sweeps]
    mine = [t for t in travel if t["kind"] == "draw" and t["face"]]  # from the stock, above
    assert len(mine) == 1 and translation(mine[0]["from"])[1] < -20, travel
    backs = [t for t in travel if t["kind"] == "draw" and not t["face"]]
    assert len(backs) == 2, travel  # each computer drew one, face down
    assert all(0 < t["ms"] <= 400 for t in travel), travel


def wins_and_draws_the_twin(seed: int) -> tuple[Any, str]:
    """A classic position where seat 0 wins the trick with its last card, has nothing to
    declare, and draws the other copy of the card it played; and that card's action."""
    for tries in range(2000):
        game = engine.new_game("classic", {}, seed=seed + tries, dealer=1)
        rng = random.Random(seed + tries)
        for _ in range(60):
            deal = game.deal
            if deal.is_terminal or not deal.stock:
                break
            if game.current_player == 0 and deal.phase == "play" and len(deal.trick) == 1:
                hand = build_view(game, 0).hand
                for action in game.legal_actions():
                    probe = game.clone()
                    probe.apply(action)
                    if not auto_pass_due(probe, 0):
                        continue
                    probe.apply(engine.Action.parse("pass"))
                    if sorted(build_view(probe, 0).hand) == sorted(hand):
                        return game, action.text()
            legal = game.legal_actions()
            game.apply(next((a for a in legal if a.kind == "pass"), rng.choice(legal)))
    raise AssertionError("no position where the twin is drawn")


def test_the_twin_of_the_card_played_comes_from_the_stock(
    page: Page, app_url: str, wait_ready: WaitFn
) -> None:
    """A card played and its twin drawn leave the hand as it was; the twin still comes
    down from the stock, so the player sees the draw."""
    game, action = wins_and_draws_the_twin(31)
    page.set_viewport_size({"width": 360, "height": 640})
    travel = travel_of_winning_card(page, app_url, wait_ready, game, action, 31)
    mine = [t for t in travel if t["kind"] == "draw" and t["face"]]
    assert len(mine) == 1 and translation(mine[0]["from"])[1] < -20, travel
