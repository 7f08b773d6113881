"""The player's hand on touch phones (issue 29): every card large enough to see and to tap
at every step of a deal, the same size from turn to turn, a prompt that leaves the hand in
view and marks its cards, and no focus frame after a tap.

Fast and still the whole deal: each variant's seeded deal is played by the engine here; the
real app in CPython takes its positions the way a player's tab takes a save posted by
another (web/storage/keeper.py), and the calls it makes to the shell are replayed into a page of the
real shell and CSS on each phone (tests/e2e/rendered.py: no Python boots there). The booted
app on the phones shows a prompt's position, live, and lays its hand out the same as the
replay does.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from page_hooks import TURN
from playwright.sync_api import Browser, BrowserContext, Page
from positions import load_save
from rendered import open_shell, record_positions

import engine
from engine.cards import code_text
from web import storage

PHONES = ((360, 640), (390, 844))
VARIANTS = ("classic", "russian", "russian-3", "russian-4", "no-trump", "bezik")
MIN_WIDTH = 44  # px: a card a finger can find
MIN_SHOWING = 16  # px of each card not covered by its neighbour
BOOT_MS = 90_000  # a boot after a reload can take this long on a busy machine (conftest's)
NEXT_FRAME = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"

# Each card of the player's hand (and the player's own cards on the table, still theirs to
# play): its size and how much of it a tap reaches, found by probing the page across the
# card's middle (what lies on top there is what a finger hits).
HAND_GEOMETRY = """() => {
  const out = [];
  const cards = document.querySelectorAll('#bz-me .hand .hcard, #bz-me .declared .tcard');
  for (const el of cards) {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height * 0.6;
    const mine = (x) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && hit.closest('.card') === el;
    };
    // every 4 px across the card, then pixel by pixel where what lies on top changes
    let showing = 0;
    const x0 = Math.ceil(r.left) + 0.5;
    let prev = mine(x0), at = x0;
    if (prev) showing += 1;
    for (let x = x0 + 4; x < r.right + 3.5; x += 4) {
      const end = Math.min(x, r.right - 0.5), now = end <= at ? prev : mine(end);
      if (now === prev) { if (now) showing += end - at; }
      else for (let p = at + 1; p <= end; p++) if (mine(p)) showing += 1;
      prev = now; at = end;
    }
    out.push({card: el.dataset.card || '', table: el.classList.contains('tcard'),
              width: r.width, height: r.height, showing: Math.round(showing),
              inside: r.left >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1});
  }
  const doc = document.scrollingElement;
  const scrolls = doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1;
  return {cards: out, scrolls, prompt: !!document.querySelector('#bz-prompt [data-action]')};
}"""

HAND_CARDS = "() => [...document.querySelectorAll('#bz-me .hand .hcard')].map(e => e.dataset.card)"


def save_text(game: Any) -> str:
    return storage.encode(
        game.to_json(),
        {"human": 0, "settings": {"variant": game.rules.name, "level": "greedy"}},
    )


def human_steps(variant: str, seed: int) -> Iterator[tuple[Any, str, list[str], bool, Any]]:
    """Every position of one seeded deal where the player (seat 0) acts: the game, its
    save, the hidden hand, whether the stock is still there, and the position's shape for
    the hand (cards in hand, the player's cards on the table, the kinds of choices).
    Everyone declares whenever they can (the largest tables); nobody calls a vido (it would
    end the deal early)."""
    game = engine.new_game(variant, {}, seed=seed, dealer=1)
    rng = random.Random(seed)
    while not game.deal_over:
        actions = [str(a) for a in game.legal_actions()]
        if game.current_player == 0:
            deal = game.deal
            hand = [code_text(deal.kinds[i]) for i in deal.hands[0]]
            kinds = sorted({a.split()[0] for a in actions})
            shape = (len(hand), len(deal.tables[0]), kinds)
            yield game.clone(), save_text(game), hand, not deal.in_end_phase, shape
        declare = [a for a in actions if a.split()[0] in ("declare", "seven")]
        calm = [a for a in actions if a != "vido"] or actions
        game.apply(rng.choice(declare or calm))


def shown(page: Page, hand: list[str]) -> None:
    """Wait until the page shows the position, laid out and fitted."""
    page.wait_for_function(
        f"(want) => ({TURN})() && JSON.stringify(({HAND_CARDS})().sort()) === want",
        arg=json.dumps(sorted(hand), separators=(",", ":")),
        timeout=15_000,
    )
    page.evaluate(NEXT_FRAME)
    page.evaluate(NEXT_FRAME)


# The app's calls replayed, two frames on (the cards fitted), the page measured: in one round
# trip to the page.
REPLAY_AND_MEASURE = f"""async (calls) => {{
  for (const c of calls) window.__bzCall(...c);
  for (let i = 0; i < 2; i++) await ({NEXT_FRAME})();
  return {{turn: ({TURN})(), hand: ({HAND_CARDS})(), found: ({HAND_GEOMETRY})()}};
}}"""


def replayed(page: Page, calls: list[list[Any]], hand: list[str]) -> dict[str, Any]:
    """The position drawn in a shell page by the app's calls: its HAND_GEOMETRY."""
    drawn = page.evaluate(REPLAY_AND_MEASURE, calls)
    assert drawn["turn"] and sorted(drawn["hand"]) == sorted(hand), (drawn["hand"], hand)
    found: dict[str, Any] = drawn["found"]
    return found


def phone_context(browser: Browser, size: tuple[int, int], **options: Any) -> BrowserContext:
    return browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
        **options,
    )


@pytest.fixture
def phones(browser: Browser, app_url: str) -> Iterator[dict[tuple[int, int], Page]]:
    """A touch phone of each size, each in its own context, the app booting in each."""
    contexts = [phone_context(browser, size) for size in PHONES]
    try:
        pages = {size: context.new_page() for size, context in zip(PHONES, contexts, strict=True)}
        for page in pages.values():
            page.set_default_timeout(BOOT_MS)
            page.goto(app_url + "?fast&seed=3")
        yield pages
    finally:
        for context in contexts:
            context.close()


@pytest.fixture(scope="module")
def shells(browser: Browser, app_url: str) -> Iterator[dict[tuple[int, int], Page]]:
    """A touch phone of each size showing the real shell and CSS, no Python: the app's
    drawing calls, made in CPython, are replayed into it."""
    contexts = [phone_context(browser, size, service_workers="block") for size in PHONES]
    try:
        yield {size: open_shell(c, app_url) for size, c in zip(PHONES, contexts, strict=True)}
    finally:
        for context in contexts:
            context.close()


def problems_in(found: dict[str, Any], where: str) -> list[str]:
    problems = [f"{where}: the page scrolls"] if found["scrolls"] else []
    for card in found["cards"]:
        what = f"{where} {'table ' if card['table'] else ''}{card['card']}"
        if card["width"] < MIN_WIDTH:
            problems.append(f"{what}: {card['width']:.1f} px wide")
        if card["showing"] < MIN_SHOWING:
            problems.append(f"{what}: {card['showing']} px showing")
        if not card["inside"]:
            problems.append(f"{what}: outside the screen")
    return problems


def chosen_steps(shapes: list[Any]) -> list[int]:
    """Each shape of the hand the first time it comes (cards in hand, the player's cards on
    the table, the kinds of choice), every fourth step besides, and the last: about half
    the steps, and every layout of the hand among them."""
    return [
        index
        for index, shape in enumerate(shapes)
        if shape not in shapes[:index] or index % 4 == 0 or index == len(shapes) - 1
    ]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_card_of_the_hand_shows_at_every_step_on_phones(
    shells: dict[tuple[int, int], Page], variant: str
) -> None:
    steps = list(human_steps(variant, seed=11))
    chosen = chosen_steps([shape for *_, shape in steps])
    drawn = record_positions([steps[index][1] for index in chosen])
    problems: list[str] = []
    widths: dict[tuple[int, int], Counter[float]] = {size: Counter() for size in PHONES}
    largest = 0
    for index, calls in zip(chosen, drawn, strict=True):
        _, _, hand, stock, _ = steps[index]
        for size, page in shells.items():
            found = replayed(page, calls, hand)
            problems += problems_in(found, f"{variant} step {index} {size[0]}x{size[1]}")
            held = [c["width"] for c in found["cards"] if not c["table"]]
            if stock and held:
                widths[size][round(held[0], 1)] += 1
            largest = max(largest, len(found["cards"]))
    assert len(chosen) >= len(steps) // 3
    assert problems == [], "\n".join(problems[:30])
    for size, seen in widths.items():
        assert len(seen) == 1, f"{variant} {size}: the hand's cards change size {dict(seen)}"
    assert largest >= (9 if variant == "bezik" else 8)


def shape_of(found: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Each card's place in a HAND_GEOMETRY, to the half pixel."""
    return [
        (c["card"], c["table"], round(c["width"] * 2), round(c["height"] * 2), c["showing"] // 2)
        for c in found["cards"]
    ] + [found["prompt"], found["scrolls"]]


# Per prompt choice: its action and the cards marked as its own (hand and table), whether
# they stand raised, and whether any card of the hand is greyed.
CHOICE_MARKS = """() => {
  const lifted = (el) => getComputedStyle(el).translate !== 'none'
                         && getComputedStyle(el).translate !== '0px';
  const out = {};
  for (const b of document.querySelectorAll('#bz-prompt [data-choice]')) {
    const n = b.dataset.choice;
    const cards = [...document.querySelectorAll('#bz-me .c' + n)];
    out[n] = {action: b.dataset.action, cards: cards.map(c => c.dataset.card),
              raised: cards.map(lifted)};
  }
  const others = [...document.querySelectorAll('#bz-me .hcard:not(.in-choice)')];
  return {choices: out, othersRaised: others.some(lifted),
          greyed: [...document.querySelectorAll('#bz-me .hcard')]
            .some(c => /brightness\\(0\\.[0-7]/.test(getComputedStyle(c).filter))};
}"""
FOCUS_FRAME = "() => !!document.querySelector('#bz :focus-visible')"


def declaring(variant: str, seed: int) -> Any:
    """The first position of the seeded deal where the player may declare two ways."""
    for game, _, _, _, _ in human_steps(variant, seed):
        if sum(str(a).startswith("declare") for a in game.legal_actions()) >= 2:
            return game
    raise AssertionError("no position with two declarations")


def test_a_prompt_keeps_the_hand_in_view_and_marks_each_choices_cards_without_focus_frames(
    phones: dict[tuple[int, int], Page],
    shells: dict[tuple[int, int], Page],
    wait_ready: Callable[..., None],
) -> None:
    page = phones[PHONES[0]]
    wait_ready(page)
    game = declaring("bezik", seed=11)
    load_save(page, game)  # the start screen left with a tap's click
    page.evaluate(NEXT_FRAME)
    page.evaluate(NEXT_FRAME)
    found = page.evaluate(HAND_GEOMETRY)
    assert found["prompt"] and len(found["cards"]) == 8  # one played, none drawn yet
    assert problems_in(found, "prompt 360x640") == []
    # the replayed page (the test above) lays the hand out as the booted app does
    hand = [c["card"] for c in found["cards"] if not c["table"]]
    again = replayed(shells[PHONES[0]], record_positions([save_text(game)])[0], hand)
    assert shape_of(again) == shape_of(found)
    marks = page.evaluate(CHOICE_MARKS)
    assert len(marks["choices"]) == 2, marks
    for choice in marks["choices"].values():
        assert sorted(choice["cards"]) == sorted(choice["action"].split()[1:]), choice
        assert all(choice["raised"]), choice
    assert not marks["othersRaised"] and not marks["greyed"], marks
    # the app put the focus on the hand itself: no frame for a player who taps
    assert not page.evaluate(FOCUS_FRAME)

    # a keyboard player on the second choice: only its cards stand up, with a focus frame
    page.keyboard.press("Tab")
    page.evaluate("() => document.querySelector('#bz-prompt [data-choice=\"2\"]').focus()")
    assert page.evaluate(FOCUS_FRAME)
    second = page.evaluate(CHOICE_MARKS)["choices"]
    assert all(second["2"]["raised"]) and set(second["1"]["cards"]) - set(second["2"]["cards"])
    only_first = set(second["1"]["cards"]) - set(second["2"]["cards"])
    lifted = page.evaluate(
        """(cards) => [...document.querySelectorAll('#bz-me .c1:not(.c2)')]
             .filter(c => cards.includes(c.dataset.card))
             .map(c => getComputedStyle(c).translate)""",
        sorted(only_first),
    )
    assert lifted and all(t in ("none", "0px") for t in lifted), lifted

    # a tap answers the prompt; the focus the app moves afterwards draws no frame
    page.locator('#bz-prompt [data-action="pass"]').tap()
    page.wait_for_function(
        "() => !document.querySelector('#bz-prompt [data-action=\"pass\"]')"
        " && !!document.querySelector('#bz-me .hcard.playable')",
        timeout=15_000,
    )
    page.locator("#bz-me .hcard.playable").first.tap()
    page.wait_for_function(TURN, timeout=15_000)
    assert not page.evaluate(FOCUS_FRAME)

    # the card-size setting works on a touch screen too, and a larger hand still fits
    page = phones[PHONES[1]]
    wait_ready(page)
    default = 0.17 * PHONES[1][0]  # 17vw: the hand's medium card on this phone (app.css)
    page.evaluate("() => localStorage.setItem('bezique.settings', '{\"card_size\": \"large\"}')")
    load_save(page, declaring("bezik", seed=11))
    page.evaluate(NEXT_FRAME)
    found = page.evaluate(HAND_GEOMETRY)
    assert problems_in(found, "large cards 390x844") == []
    assert found["cards"][0]["width"] > default * 1.1, found["cards"][0]
