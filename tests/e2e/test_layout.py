"""One screen that never scrolls: whole deals with 2, 3 and 4 players, every screen,
four languages, phone to desktop (issue 10's layout).

The deals are played by the real app in CPython and drawn, step by step, in one page of the
real shell and CSS (tests/e2e/rendered.py): at every step the viewport takes one of the sizes
below in turn (all of them at the first step) and the page is checked (nothing scrolls, every
control lies in the viewport, every hand card and prompt button can be tapped); each deal's
summary in each language at each size. One live sweep of the booted app opens each screen
(start, new game, menu, settings, rules, the confirmation, the log drawer) at each size: the
start screen in each language, the confirmation in Russian, the others in English; the app in
CPython opens those in the other languages, drawn in the shell page and checked the same way.
Pictures (phone, tall phone, landscape phone, desktop) go to artifacts/ (tests/e2e/pictures.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pictures
import pytest
from page_hooks import ENABLED, READY_FOR_INPUT
from playwright.sync_api import Browser, Page
from rendered import open_shell, record_deal, record_screens, replay
from test_languages import axe_violations
from test_table import visit

LANGS = ("en", "he", "tr", "ru")
SIZES = ((360, 640), (390, 844), (768, 1024), (1280, 720))
EXTRA_SIZES = ((320, 568), (844, 390))  # the smallest phone, a phone on its side
SHOTS = {(360, 640): "phone", (390, 844): "tall", (844, 390): "landscape", (1280, 720): "desktop"}
NEXT_FRAME = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"

# What is wrong with the page as it is now: the document scrolls, a control lies outside
# the viewport (or outside the scrolling box that holds it), a card or a prompt button
# cannot be tapped at its centre when it can be played, or a dialog is larger than
# the screen.
PROBLEMS = """(tapCheck) => {
  const bad = [];
  const W = innerWidth, H = innerHeight, doc = document.scrollingElement;
  if (doc.scrollHeight > H + 1) bad.push(`page scrolls down: ${doc.scrollHeight} > ${H}`);
  if (doc.scrollWidth > W + 1) bad.push(`page scrolls sideways: ${doc.scrollWidth} > ${W}`);
  const inside = (r, b) => r.left >= b.left - 1 && r.right <= b.right + 1
                          && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  const screen = {left: 0, top: 0, right: W, bottom: H};
  const name = (el) => (el.dataset.command || el.dataset.action || el.name || el.tagName)
                       + ' ' + (el.textContent || '').trim().slice(0, 24);
  const controls = '#bz button, #bz select, #bz input, #bz [data-action]';
  for (const el of document.querySelectorAll(controls)) {
    if (el.closest('[inert], [hidden], .sr-only') || !el.getClientRects().length) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // visually hidden inputs (switches' own)
    let box = el.parentElement, scroller = null;
    while (box && box.id !== 'bz') {
      const o = getComputedStyle(box).overflowY;
      if ((o === 'auto' || o === 'scroll') && box.scrollHeight > box.clientHeight) {
        scroller = box;
        break;
      }
      box = box.parentElement;
    }
    if (scroller) {
      const s = scroller.getBoundingClientRect();
      if (!inside(s, screen)) bad.push(`scroll box of ${name(el)} outside the screen`);
      if (r.left < s.left - 1 || r.right > s.right + 1) bad.push(`${name(el)} cut off sideways`);
    } else if (!inside(r, screen)) {
      const at = JSON.stringify([r.left, r.top, r.right, r.bottom]);
      bad.push(`${name(el)} outside the screen ${at}`);
    }
  }
  for (const t of document.querySelectorAll('#bz-overlay .summary .tablewrap')) {
    if (t.scrollWidth > t.clientWidth + 1) bad.push(`score table cut off sideways`);
  }
  for (const d of document.querySelectorAll('#bz-overlay .dialog, #bz-overlay .summary')) {
    const r = d.getBoundingClientRect();
    if (!inside(r, screen)) bad.push(`dialog ${d.className} larger than the screen`);
  }
  if (tapCheck && !document.querySelector('#bz-overlay:not([hidden])')) {
    // every card that can be played now, and every prompt button (while a prompt asks,
    // e.g. declare or pass, it may lie over the hand's cards like a bottom sheet)
    const live = '#bz-me .hcard:not([aria-disabled="true"]), #bz-prompt [data-action]';
    for (const el of document.querySelectorAll(live)) {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || hit.closest('[data-action]') !== el) {
        const over = hit ? `${hit.tagName}#${hit.id}.${hit.className}` : 'nothing';
        bad.push(`${name(el)} cannot be tapped (${over} is there)`);
      }
    }
  }
  return bad;
}"""

# Two frames on, then PROBLEMS: in one round trip to the page.
AFTER_TWO_FRAMES = f"""async (tapCheck) => {{
  for (let i = 0; i < 2; i++) await ({NEXT_FRAME})();
  return ({PROBLEMS})(tapCheck);
}}"""


class Checker:
    """Resizes the page, checks it, keeps what went wrong and the table heights seen."""

    def __init__(self, page: Page, artifacts: Path) -> None:
        self.page = page
        self.artifacts = artifacts
        self.problems: list[str] = []
        self.heights: dict[str, int] = {}

    def at(self, size: tuple[int, int], where: str, tap: bool = False) -> None:
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        # The app fits the cards when the resize event reaches Python (a moment later when
        # Python runs in a worker: wait for it, see conftest's SETTLED), then in the frame
        # after: judge the page once that frame has passed, not the frame the size changed in.
        self.page.wait_for_function("() => true")
        found = self.page.evaluate(AFTER_TWO_FRAMES, tap)
        self.problems.extend(f"{where} {size[0]}x{size[1]}: {p}" for p in found)

    def sizes(
        self,
        where: str,
        sizes: tuple[tuple[int, int], ...] = SIZES,
        tap: bool = False,
        shot: str = "",
        lang: str = "en",
    ) -> None:
        for size in sizes:
            self.at(size, where, tap)
            if shot and size in SHOTS and pictures.wanted(lang, SHOTS[size]):
                self.page.screenshot(path=str(self.artifacts / f"layout-{shot}-{SHOTS[size]}.png"))


def language(page: Page, lang: str) -> None:
    """Through the menu (or the open screen's own language buttons), then back."""
    pick = f"#bz-overlay [data-command=language][data-lang={lang}]"
    menu = "#bz-bar [data-command=menu]"
    steps = [pick] if page.locator(pick).count() else [menu, pick, menu]
    for selector in steps:  # each click once the one before is handled (a worker's pace)
        page.wait_for_function("sel => !!document.querySelector(sel)", arg=selector)
        page.evaluate("sel => document.querySelector(sel).click()", selector)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def open_screen(page: Page, command: str) -> None:
    if command in ("new-game", "menu", "log"):
        page.click(f'#bz-bar [data-command="{command}"]')
    else:
        page.click('#bz-bar [data-command="menu"]')
        page.click(f'#bz-overlay [data-command="{command}"]')


def close_screen(page: Page, command: str) -> None:
    if command == "log":
        page.click('#bz-log [data-command="log"]')
    else:
        page.keyboard.press("Escape")  # every screen closes with Escape
    page.wait_for_function(
        "!document.querySelector('#bz-overlay .dialog') && "
        "document.getElementById('bz').dataset.log !== 'open'"
    )


SCREENS = ("menu", "new-game", "settings", "rules", "log")
# What shows when each screen is open.
OPEN = {"menu": ".menu-panel", "log": "#bz[data-log=open]"}
AXE_LANGS = ("en", "he")


def every_screen(check: Checker, page: Page, found: dict[str, Any], lang: str) -> None:
    """Each screen over the booted app's table in a language at each size, and axe."""
    language(page, lang)
    for command in SCREENS:
        open_screen(page, command)
        check.sizes(f"{command}/{lang}", SIZES + EXTRA_SIZES, shot=f"{command}-{lang}", lang=lang)
        if lang in AXE_LANGS:
            page.set_viewport_size({"width": 360, "height": 640})
            found[f"{command}/{lang}"] = axe_violations(page)
        close_screen(page, command)


DEALS = {2: ("classic", 7), 3: ("russian-3", 7), 4: ("russian-4", 7)}


@pytest.fixture(scope="module")
def shell(browser: Browser, app_url: str) -> Iterator[Page]:
    """One page of the real shell and CSS, no Python: the deals are replayed into it."""
    context = browser.new_context(service_workers="block")
    yield open_shell(context, app_url)
    context.close()


@pytest.mark.parametrize("players", sorted(DEALS))
def test_every_step_of_a_deal_fits_every_size(
    shell: Page, players: int, artifacts_dir: Path
) -> None:
    variant, seed = DEALS[players]
    deal = record_deal(variant, seed, LANGS[players - 1 :] + LANGS[: players - 1])
    check = Checker(shell, artifacts_dir)
    every = SIZES + EXTRA_SIZES
    for frame in deal.frames:
        replay(shell, frame.calls)
        # every size at the deal's start and for its summaries, else one size a step in
        # turn: each size still sees a good share of the deal's moments, hands and languages
        all_sizes = frame.step == 0 or frame.last
        check.sizes(frame.where, every if all_sizes else (every[frame.step % len(every)],),
                    tap=not frame.last)
        if frame.step == 0:
            assert shell.locator("#bz-opps .seat").count() == players - 1
        if frame.step == 8:
            check.sizes(frame.where, tuple(SHOTS), shot=f"table-{players}p")
        if frame.last:
            assert shell.locator("[data-summary]").count(), frame.where
            if frame.where.endswith(LANGS):
                lang = frame.where.rsplit(" ", 1)[1]
                check.sizes(frame.where, tuple(SHOTS), shot=f"summary-{players}p-{lang}", lang=lang)
    assert sum(1 for f in deal.frames if not f.last) >= 8
    assert check.problems == [], "\n".join(check.problems[:40])


def test_the_booted_apps_screens_fit_every_size_and_language(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 360, "height": 640})
    visit(page, app_url, wait_ready, seed=7, stored={"bezique.settings": '{"level": "easy"}'})
    check = Checker(page, artifacts_dir)
    found: dict[str, Any] = {}

    # the start screen of a first visit, in each language (its own language buttons)
    assert page.locator('[data-screen="start"] [data-command="continue"]').count() == 0
    for lang in LANGS:
        page.click(f'[data-screen="start"] [data-command="language"][data-lang="{lang}"]')
        check.sizes(f"start/{lang}", SIZES + EXTRA_SIZES, shot=f"start-{lang}", lang=lang)
        if lang in ("en", "he"):
            found[f"start/{lang}"] = axe_violations(page)
    page.click('[data-screen="start"] [data-command="language"][data-lang="en"]')

    # the confirmation (a game under way), in another language; then every screen
    language(page, "ru")
    page.click('[data-command="new-game"]')
    page.click('#bz-overlay [data-command="start"]')
    page.wait_for_function(READY_FOR_INPUT, timeout=30_000)
    page.locator(ENABLED).first.click()  # a game under way: a new one asks first
    page.wait_for_function(READY_FOR_INPUT, timeout=30_000)
    page.click('[data-command="new-game"]')
    page.click('#bz-overlay [data-command="start"]')
    page.wait_for_function("!!document.querySelector('[data-screen=confirm]')")
    check.sizes("confirm/ru", SIZES + EXTRA_SIZES, shot="confirm-ru", lang="ru")
    found["confirm/ru"] = axe_violations(page)
    page.click('#bz-overlay [data-command="confirm-new"]')
    page.wait_for_function(READY_FOR_INPUT, timeout=30_000)
    every_screen(check, page, found, "en")  # the other languages: the test below

    assert check.problems == [], "\n".join(check.problems[:40])
    assert not {k: v for k, v in found.items() if v}, found


def test_every_screen_fits_every_size_in_the_other_languages(
    shell: Page, artifacts_dir: Path
) -> None:
    """The booted app's sweep of its screens (above, in English) in the other languages: the
    real app in CPython opens each screen over its table, and the page of the real shell
    and CSS shows it at each size; axe where the live sweep would have run it."""
    langs = LANGS[1:]
    frames = record_screens(langs, SCREENS)
    check = Checker(shell, artifacts_dir)
    found: dict[str, Any] = {}
    opened = 0
    for frame in frames:
        replay(shell, frame.calls)
        if frame.step != 1:
            continue
        screen, lang = frame.where.split("/")
        assert shell.evaluate("lang => document.documentElement.lang === lang", lang), frame.where
        shown = OPEN.get(screen, "#bz-overlay .dialog")
        assert shell.locator(shown).count() == 1, f"{frame.where}: {shown} not shown"
        check.sizes(frame.where, SIZES + EXTRA_SIZES, shot=f"{screen}-{lang}", lang=lang)
        if lang in AXE_LANGS:
            shell.set_viewport_size({"width": 360, "height": 640})
            found[frame.where] = axe_violations(shell)
        opened += 1
    assert opened == len(langs) * len(SCREENS)
    assert check.problems == [], "\n".join(check.problems[:40])
    assert not {k: v for k, v in found.items() if v}, found
