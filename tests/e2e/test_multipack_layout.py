"""The multi-pack games' table (rubicon, six-pack, eight-pack) at phone and desktop sizes:
hands of 12 and 15 cards, a quadruple and a quintuple bezique on the table (ten cards
stacked as Q♠ ×5 J♦ ×5), the end-of-game settlement and the rules screen, in all four
languages.

Drawn by the real app in CPython and replayed into one page of the real shell and CSS
(tests/e2e/rendered.py): no Python boots in the page. Checks that can fail: the page
never scrolls and every control is on the screen and tappable (test_layout's PROBLEMS),
each hand card keeps a strip wide enough to read and tap, the hand stays inside the
screen, a stacked group is one card per kind with its count, and no region of the table
lies over another.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pictures
import pytest
from playwright.sync_api import Browser, Page
from rendered import Frame, RecordingShell, ReplayDom, open_shell, replay
from test_layout import Checker
from threads import in_thread

import engine
from engine.cards import code_text
from web import storage
from web.app import App
from web.i18n.catalogs import use_language

LANGS = ("en", "he", "tr", "ru")
SIZES = ((320, 568), (360, 640), (390, 844), (1280, 720))
SHOTS = {(360, 640): "phone", (1280, 720): "desktop"}
MIN_STRIP = 16  # px of each overlapped hand card left in view: its rank and suit, a tap

# Each hand card's strip in view (to the next card's edge, or its whole width for the
# last), the hand's box against the screen, and the table regions' boxes laid over others.
HAND_AND_REGIONS = """() => {
  const cards = [...document.querySelectorAll('#bz-me .hand .hcard')];
  const rects = cards.map(c => c.getBoundingClientRect());
  const rtl = getComputedStyle(document.querySelector('#bz-me .hand')).direction === 'rtl';
  // left to right each card lies under the next, its left strip in view; right to left
  // each lies under the one before (app.css's z-index), its left strip in view too
  const strips = rects.map((r, i) => {
    if (rtl) return i === 0 ? r.width : rects[i - 1].left - r.left;
    return i === rects.length - 1 ? r.width : rects[i + 1].left - r.left;
  });
  // each card is tapped where it shows: the middle of its strip, a third down
  const untappable = cards.filter((c, i) => {
    const r = rects[i], x = r.left + strips[i] / 2;
    const hit = document.elementFromPoint(x, r.top + r.height / 3);
    return !hit || hit.closest('.hcard') !== c;
  }).map(c => c.dataset.card);
  for (const b of document.querySelectorAll('#bz-prompt [data-action]')) {  // the prompt's
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit.closest('[data-action]') !== b) untappable.push(b.dataset.action);
  }
  const outside = rects.filter(r => r.left < -1 || r.right > innerWidth + 1
                                   || r.bottom > innerHeight + 1).length;
  const ids = ['bz-opps', 'bz-centre', 'bz-me'];
  const boxes = ids.map(id => document.getElementById(id))
                   .filter(e => e && e.getClientRects().length)
                   .map(e => [e.id, e.getBoundingClientRect()]);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, ra] = boxes[i], [b, rb] = boxes[j];
    const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (x > 2 && y > 2) overlaps.push(`${a} over ${b} by ${Math.round(y)}px`);
  }
  const stacks = [...document.querySelectorAll('.declared .group[data-kind$="bezique"] .gcards')]
    .map(g => [...g.querySelectorAll('.card')].map(
      c => c.dataset.card + (c.querySelector('.stack-n')?.textContent || '')));
  return {count: cards.length, minStrip: Math.min(...strips), width: rects[0]?.width || 0,
          outside, overlaps, stacks, untappable};
}"""


def prepared(variant: str, seed: int, copies: int = 0) -> Any:
    """A game of ``variant`` where the person (seat 0) is to play. With ``copies``: first
    played (declarations preferred) until seat 0 has won a trick well into the stock, then
    ``copies`` Q♠ and J♦ are swapped into its hand from the stock and declared together
    (a quadruple or quintuple bezique), and play goes on to its next card."""
    game = engine.new_game(variant, {}, seed=seed, dealer=1)
    rng = random.Random(seed)

    def step() -> None:
        legal = game.legal_actions()
        declares = [a for a in legal if a.kind in ("declare", "blanche")]
        game.apply(declares[0] if declares else rng.choice(legal))

    if copies:
        deal = game.deal
        while not (game.current_player == 0 and deal.phase == "declare"
                   and len(deal.stock) < len(deal.kinds) - 2 * len(deal.hands[0]) - 16):
            step()
        hand, stock, kinds = deal.hands[0], deal.stock, deal.kinds
        wanted = ["QS"] * copies + ["JD"] * copies
        for text in wanted:
            give = next(i for i, c in enumerate(hand) if code_text(kinds[c]) not in ("QS", "JD"))
            take = next(i for i, c in enumerate(stock) if code_text(kinds[c]) == text)
            hand[give], stock[take] = stock[take], hand[give]
        name = "declare " + " ".join(wanted)
        game.apply(next(a for a in game.legal_actions() if a.text() == name))
    while game.current_player != 0 or game.deal.phase not in ("play", "blanche"):
        step()
    return game


def finished(variant: str, seed: int) -> Any:
    """A game of ``variant`` played by the engine to the end of its one deal."""
    game = engine.new_game(variant, {"games": 2}, seed=seed, dealer=1)
    rng = random.Random(seed)
    while not game.deal.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    return game


def record() -> list[Frame]:
    """The app showing each position in each language: a frame per (position, language)."""

    def run() -> list[Frame]:
        shell = RecordingShell()
        app = App(ReplayDom(shell), storage.MemoryStorage(), fast=True, seed=3)
        app.start()
        positions = {
            "hand12": prepared("six-pack", 4),
            "hand15": prepared("eight-pack", 4),
            "quadruple": prepared("six-pack", 3, copies=4),
            "quintuple": prepared("eight-pack", 1, copies=5),
            "rubicon": prepared("rubicon", 4, copies=2),
        }
        frames: list[Frame] = []

        async def go() -> None:
            # carte blanche: the person asked (rubicon, seed 4), the computer's shown cards
            for where, seed in (("blanche", 4), ("shown", 43)):
                app.course.new_game({"variant": "rubicon", "options": {}, "level": "greedy"},
                             save=False)
                app.game = engine.new_game("rubicon", {}, seed=seed, dealer=1)
                if where == "shown":
                    app.game.apply("blanche")  # what the baseline computer chooses
                for lang in LANGS:
                    use_language(app, lang, save=False)
                    app.render()
                    frames.append(Frame(f"{where}/{lang}", shell.taken(), 0))
            for where, game in positions.items():
                app.course.new_game({"variant": game.rules.name, "options": {}, "level": "greedy"},
                             save=False)
                app.game = game
                for lang in LANGS:
                    use_language(app, lang, save=False)
                    app.render()
                    frames.append(Frame(f"{where}/{lang}", shell.taken(), 0))
            # kept as the player's setup: the new-game dialog opens on it below
            app.course.new_game({"variant": "six-pack", "options": {"games": 2}, "level": "greedy"})
            app.game = finished("six-pack", 11)
            app.render()
            app.course.next_step()  # the deal's summary, then the game's: the settlement
            for lang in LANGS:
                use_language(app, lang, save=False)
                app.render()
                frames.append(Frame(f"settlement/{lang}", shell.taken(), 1, last=True))
            app.command("close", None)
            app.command("new-game", None)  # six-pack's: the session's games, four tens
            for lang in LANGS:
                use_language(app, lang, save=False)
                app.render()
                frames.append(Frame(f"newgame/{lang}", shell.taken(), 3, last=True))
            app.command("close", None)
            app.command("menu", None)
            app.command("rules", None)
            for lang in LANGS:
                use_language(app, lang, save=False)
                app.render()
                frames.append(Frame(f"rules/{lang}", shell.taken(), 2, last=True))

        asyncio.run(go())
        return frames

    return in_thread(run)


@pytest.fixture(scope="module")
def shell(browser: Browser, app_url: str) -> Iterator[Page]:
    context = browser.new_context(service_workers="block")
    yield open_shell(context, app_url)
    context.close()


def test_big_hands_and_stacked_groups_fit_from_the_smallest_phone(
    shell: Page, artifacts_dir: Path
) -> None:
    check = Checker(shell, artifacts_dir)
    problems: list[str] = []
    seen: dict[str, Any] = {}
    for frame in record():
        # each frame is the same moment in another language: a call-out still running keeps
        # its node through a patch (data-keep), which would show the last language's words
        shell.evaluate("document.querySelectorAll('[data-keep]')"
                       ".forEach(n => n.removeAttribute('data-keep'))")
        replay(shell, frame.calls)
        lang = frame.where.rsplit("/", 1)[1]
        name = frame.where.replace("/", "-")
        for size in SIZES:
            # the centre of an overlapped card is its neighbour's: the strips are checked below
            check.at(size, frame.where)
            if frame.where.startswith("rules"):  # the picture shows a score table
                shell.evaluate("document.querySelector('#bz-overlay .score-table')"
                               "?.scrollIntoView({block: 'start'})")
            if size in SHOTS and pictures.wanted(lang, SHOTS[size]):
                shell.screenshot(path=str(artifacts_dir / f"multipack-{name}-{SHOTS[size]}.png"))
            if frame.last:
                continue
            found = shell.evaluate(HAND_AND_REGIONS)
            seen[f"{frame.where} {size[0]}x{size[1]}"] = found
            where = f"{frame.where} {size[0]}x{size[1]}"
            if found["minStrip"] < MIN_STRIP:
                problems.append(f"{where}: a hand card shows only {found['minStrip']:.1f}px")
            if found["outside"]:
                problems.append(f"{where}: {found['outside']} hand cards outside the screen")
            problems.extend(f"{where}: {o}" for o in found["overlaps"])
            problems.extend(f"{where}: {c} cannot be tapped" for c in found["untappable"])
        if frame.where.startswith("settlement"):
            assert shell.locator("[data-settlement]").count() == 1, frame.where
            assert shell.locator('[data-command="next"]').count() == 1  # the session's game 2
        if frame.where.startswith("newgame"):
            assert shell.locator('#bz-overlay [name="opt.games"]').count() == 9
            assert shell.locator('#bz-overlay [name="opt.four_tens"]').count() == 1
        if frame.where.startswith("rules"):
            assert shell.locator('[data-rules="six-pack"]').count() == 1
    problems.extend(check.problems)
    assert problems == [], "\n".join(problems[:40])
    assert seen["hand12/en 320x568"]["count"] == 12
    assert seen["hand15/en 320x568"]["count"] == 15
    # ten cards of a quintuple bezique lie as two stacked cards with their counts
    assert ["QS×5", "JD×5"] in seen["quintuple/en 360x640"]["stacks"]
    assert ["QS×4", "JD×4"] in seen["quadruple/ru 1280x720"]["stacks"]
    assert seen["hand12/he 320x568"]["minStrip"] >= MIN_STRIP  # right to left as well
