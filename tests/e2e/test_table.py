"""The card table played through its page, in real Chromium.

The tests drive the app only through the hooks of docs/design.md (data-action,
data-command, data-summary, data-seat-score), like any script would.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from page_hooks import ENABLED, LONG_TASKS, READY_FOR_INPUT
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page
from positions import (
    declaration_due,
    leave_start_screen,
    load_save,
    mid_deal,
    near_the_end,
    open_save,
    saved_game,
    visit,
    wait_for_input,
)


@pytest.fixture(scope="module")
def table_page(
    browser: Browser, guard_origin: Callable[[BrowserContext], list[str]]
) -> Iterator[tuple[Page, list[str]]]:
    """One page for this module's tests: the app boots once, and each test's visit restarts
    it (tests/e2e/positions.py's restart) with the storage the test wants. Beside it, every
    request of the page that left localhost."""
    context = browser.new_context()
    foreign = guard_origin(context)
    yield context.new_page(), foreign
    context.close()


@pytest.fixture(name="page")
def shared_page(table_page: tuple[Page, list[str]]) -> Iterator[Page]:
    """The module's page as a test's own page starts (viewport, media), failing the test if
    a request leaves localhost or the console reports a CSP violation (as conftest's)."""
    shared, foreign = table_page
    shared.set_viewport_size({"width": 1280, "height": 720})
    shared.emulate_media(reduced_motion="no-preference")
    before = len(foreign)
    refused: list[str] = []

    def on_console(msg: ConsoleMessage) -> None:
        if "Content Security Policy" in msg.text:
            refused.append(msg.text)

    shared.on("console", on_console)
    yield shared
    shared.remove_listener("console", on_console)
    assert not foreign[before:], f"requests left the origin: {foreign[before:]}"
    assert not refused, f"Content-Security-Policy violations: {refused}"


def open_table(page: Page, app_url: str, wait_ready: Callable[..., None], seed: int = 7) -> None:
    """A fresh visit (nothing stored): the start screen, then a new classic game."""
    visit(page, app_url, wait_ready, seed)
    leave_start_screen(page)


def choose_language(page: Page, lang: str) -> None:
    """Pick a language through the menu (the language buttons live behind it)."""
    opened = False
    if page.locator('[data-command="language"]').count() == 0:
        page.click('[data-command="menu"]')
        opened = True
    page.click(f'[data-command="language"][data-lang="{lang}"]')
    if opened:
        page.keyboard.press("Escape")
        page.locator(".menu-panel").wait_for(state="detached")


def summary_shown(page: Page) -> bool:
    return page.locator("[data-summary]").count() > 0


def click_first_legal(page: Page, prefer: tuple[str, ...] = ()) -> str:
    """Click the first legal action (or the first whose text starts with a preferred word)."""
    buttons = page.locator(ENABLED)
    actions = page.eval_on_selector_all(ENABLED, "els => els.map(e => e.dataset.action || '')")
    assert actions, "no legal action offered"
    choice = 0
    for word in prefer:
        hits = [i for i, a in enumerate(actions) if a.split()[0] == word]
        if hits:
            choice = hits[0]
            break
    buttons.nth(choice).click()
    return actions[choice]


def play_until(
    page: Page, done: Callable[[list[str]], bool], prefer: tuple[str, ...] = (), limit: int = 400
) -> list[str]:
    played: list[str] = []
    for _ in range(limit):
        wait_for_input(page)
        if summary_shown(page) or done(played):
            return played
        played.append(click_first_legal(page, prefer))
    raise AssertionError(f"no end after {limit} actions: {played[-10:]}")


def scores(page: Page) -> list[int]:
    els = page.locator("[data-seat-score]")
    out = {}
    for i in range(els.count()):
        el = els.nth(i)
        seat = int(el.get_attribute("data-seat-score") or 0)
        out[seat] = int(el.get_attribute("data-value") or 0)  # the text is locale-formatted
    return [out[k] for k in sorted(out)]


def test_first_visit_plays_in_one_tap_and_a_reload_continues_it(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    """Play: the first screen's primary button deals the remembered setup's game at once."""
    HAND, CARDS = "#bz-me .hand [data-card]", "els => els.map(e => e.dataset.card)"
    visit(page, app_url, wait_ready, seed=5)
    start = page.locator('[data-screen="start"]')
    play = start.locator('.primary[data-command="play"]')
    assert play.inner_text().split("\n")[0] == "Play" and "Bezique" in play.inner_text()
    assert page.locator(ENABLED).count() == 0  # no card behind the start screen
    play.click()
    wait_for_input(page)
    hand = page.eval_on_selector_all(HAND, CARDS)
    assert len(hand) == 8 and page.locator(ENABLED).count() >= 1
    page.reload()
    wait_ready(page)
    assert start.locator('.primary[data-command="continue"]').count() == 1  # kept from the tap
    start.locator('[data-command="continue"]').click()
    wait_for_input(page)
    again = page.eval_on_selector_all(HAND, CARDS)
    assert again == hand


def test_whole_deal_to_summary(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # still pictures
    open_table(page, app_url, wait_ready, seed=11)
    assert page.locator("html").get_attribute("data-app-state") == "ready"
    assert page.locator('[data-command="new-game"]').count() >= 1
    page.click('[data-command="menu"]')
    for lang in ("he", "tr", "ru", "en"):
        assert page.locator(f'[data-command="language"][data-lang="{lang}"]').count() == 1
    page.keyboard.press("Escape")
    played = play_until(page, lambda played: len(played) >= 4)
    # the same deal near its end (a whole deal step by step: tests/web/test_flow.py)
    wait_for_input(page)
    load_save(page, near_the_end(saved_game(page)))
    played += play_until(page, lambda _: False)
    assert len(played) >= 7
    summary = page.locator('[data-summary="deal"]')
    summary.wait_for()
    assert summary.locator('[data-command="next"]').count() == 1
    final = scores(page)
    assert len(final) == 2 and sum(final) > 0
    page.screenshot(path=str(artifacts_dir / "table-summary-desktop.png"))
    summary.locator('[data-command="next"]').click()
    wait_for_input(page)
    assert not summary_shown(page) or page.locator('[data-summary="game"]').count() == 1


def test_declaration_through_the_ui(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    open_save(page, app_url, wait_ready, declaration_due(), seed=3)  # a trick won, a group held
    before = scores(page)[0]
    declared: list[str] = []

    def made_one(played: list[str]) -> bool:
        declared.extend(a for a in played[len(declared) :] if a.startswith(("declare", "seven")))
        return bool(declared)

    play_until(page, made_one, prefer=("declare", "seven"))
    assert declared, "no declaration was offered in the deal"
    # the declared cards lie face up in the human's table area; the score moved
    page.wait_for_function(
        "document.querySelectorAll('#bz-me .declared .card').length > 0 "
        "|| document.querySelector('.stock .turnup') !== null"
    )
    assert scores(page)[0] >= before + 10


def test_reload_resumes_the_same_position(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    open_save(page, app_url, wait_ready, mid_deal("classic", seed=5, moves=8), seed=5)
    play_until(page, lambda played: len(played) >= 2)  # moves this page made and saved
    wait_for_input(page)

    def snapshot() -> dict[str, object]:
        return page.evaluate("""() => ({
          hand: [...document.querySelectorAll('#bz-me .hand [data-card]')].map(e => e.dataset.card),
          table: [...document.querySelectorAll('#bz-me .declared [data-card]')]
                   .map(e => e.dataset.card),
          stock: document.querySelector('[data-stock]')?.dataset.stock,
          scores: [...document.querySelectorAll('[data-seat-score]')].map(e => e.textContent),
          actions: [...document.querySelectorAll('""" + ENABLED + """')]
                     .map(e => e.dataset.action),
        })""")

    before = snapshot()
    page.reload()
    wait_ready(page)
    leave_start_screen(page)
    wait_for_input(page)
    assert snapshot() == before


def test_corrupt_save_is_set_aside(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    open_table(page, app_url, wait_ready, seed=5)
    page.evaluate("localStorage.setItem('bezique.save', '{not json')")
    page.reload()
    wait_ready(page)
    assert page.locator(".notice.error").count() == 1  # said on the start screen
    assert page.locator('[data-screen="start"] [data-command="continue"]').count() == 0
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('bezique.save.broken.'))"
    )
    assert len(kept) == 1
    assert page.evaluate(f"localStorage.getItem('{kept[0]}')") == "{not json"
    leave_start_screen(page)
    wait_for_input(page)
    assert page.locator(ENABLED).count() > 0


def test_illegal_click_is_refused_with_the_reason(
    page: Page, app_url: str, wait_ready: Callable[..., None]
) -> None:
    open_table(page, app_url, wait_ready, seed=5)
    wait_for_input(page)
    # while the human must answer a declare prompt or play, a disabled control explains itself
    disabled = page.locator('#bz [data-action][aria-disabled="true"]')
    if disabled.count() == 0:
        play_until(
            page, lambda _: page.locator('#bz [data-action][aria-disabled="true"]').count() > 0
        )
        disabled = page.locator('#bz [data-action][aria-disabled="true"]')
    before = scores(page)
    disabled.first.click(force=True)  # aria-disabled controls still explain themselves
    notice = page.locator(".notice.error")
    notice.wait_for()
    assert notice.inner_text().strip()
    assert scores(page) == before


def test_keyboard_only_trick(page: Page, app_url: str, wait_ready: Callable[..., None]) -> None:
    open_table(page, app_url, wait_ready, seed=5)  # the player wins this first trick
    wait_for_input(page)
    # Tab until a hand card has focus (every control is reachable by Tab)
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.classList.contains('hcard')"):
            break
    else:
        raise AssertionError("no hand card reachable by Tab")
    first = page.evaluate("document.activeElement.dataset.index")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.index")
    assert first != second
    card = page.evaluate("document.activeElement.dataset.card")
    hand_before = page.locator("#bz-me .hand .card").count()
    page.keyboard.press("Enter")
    # the card leaves the hand for the trick; the AI answers; a trick is complete
    page.wait_for_function(
        "(card) => [...document.querySelectorAll('.trick [data-card]')].some(e => "
        "e.dataset.card === card)",
        arg=card,
    )
    page.wait_for_function(
        "document.querySelectorAll('.trick [data-card]').length === 2"
        " || document.querySelector('[data-command=\"last-trick\"]') !== null"
    )
    assert page.locator("#bz-me .hand .card").count() <= hand_before
    wait_for_input(page)
    if page.locator('[data-action="pass"]').count():
        # won by the player with something to declare: the choice has the focus
        assert page.evaluate("document.activeElement.closest('#bz-prompt') !== null")
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelector('[data-action=\"pass\"]') === null")
    live = page.locator("[aria-live=polite]#bz-live")
    page.wait_for_function("document.getElementById('bz-live').textContent.length > 0")
    assert live.inner_text()


# What happens first once the opponent starts thinking: the menu the player opened, or the
# opponent's move (its "thinking" mark gone). A search that never yields (a frozen page)
# handles the click only after its move. An order, not a time limit, so a slow machine cannot
# break it. The tap comes from inside the page, the moment the mark appears: a tap sent by
# Playwright after seeing the mark can land just as a slow machine's search ends.
ARM_TAP_ON_THINKING = """(tap) => {
  const order = (window.__order = []);
  window.__tapped = false;
  const thinking = () => !!document.querySelector('#bz .seat .thinking');
  const note = (what) => {
    if (!order.some((seen) => seen[0] === what)) order.push([what, Math.round(performance.now())]);
  };
  const look = () => {
    if (!window.__tapped) {
      if (!thinking()) return;
      window.__tapped = true;
      note('tap');
      document.querySelector(tap).click();
    }
    if (!thinking()) note('moved');  // first, in a tie
    if (document.querySelector('.menu-panel')) note('menu');
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true});
  look();
}"""


def _record_long_tasks(name: str, tasks: list[float], artifacts_dir: Path) -> None:
    """Print and keep the long tasks seen: a measured number, never an assertion."""
    ordered = sorted(tasks)
    summary = {
        "count": len(ordered),
        "max_ms": ordered[-1] if ordered else 0,
        "median_ms": ordered[len(ordered) // 2] if ordered else 0,
        "over_200_ms": sum(1 for d in ordered if d > 200),
    }
    print(f"long tasks, {name}: {summary}")
    (artifacts_dir / f"long-tasks-{name}.json").write_text(json.dumps(summary), encoding="utf-8")


def test_the_table_answers_while_the_strong_ai_thinks(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    """The strong level searches for about a second per move, in slices: input gets in."""
    open_table(page, app_url, wait_ready, seed=41)
    page.evaluate(LONG_TASKS)  # a page this module shares: no boot to run an init script in
    page.click('[data-command="new-game"]')
    page.check('input[name="level"][value="strong"]')
    page.click('[data-command="start"]')
    page.evaluate("window.__longtasks = []")
    page.evaluate(ARM_TAP_ON_THINKING, '#bz-bar [data-command="menu"]')
    page.wait_for_function(f"window.__tapped || ({READY_FOR_INPUT})()", timeout=30_000)
    if not page.evaluate("window.__tapped"):
        click_first_legal(page)  # the player leads; the opponent answers
    page.wait_for_function("window.__tapped", timeout=30_000)
    page.locator(".menu-panel").wait_for()
    page.wait_for_function("window.__order.some((seen) => seen[0] === 'menu')")
    order = page.evaluate("window.__order")
    print("first after the click, ms:", order)
    assert order[1][0] == "menu", f"the click waited for the opponent's move: {order}"
    page.keyboard.press("Escape")
    play_until(page, lambda played: len(played) >= 4)  # two tricks: the strong level moved
    _record_long_tasks("strong-play", page.evaluate("window.__longtasks"), artifacts_dir)
    # the hint asks the strong AI too, and answers with a reason
    page.click('[data-command="hint"]')
    page.wait_for_function("document.querySelector('[data-hint] strong') !== null", timeout=30_000)
    assert page.locator("[data-hint]").inner_text().strip()


def test_screenshots_phone_and_desktop(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # still pictures
    page.set_viewport_size({"width": 360, "height": 740})
    open_save(page, app_url, wait_ready, mid_deal("classic", seed=13, moves=7), seed=13)
    wait_for_input(page)
    motion = page.evaluate(
        "(() => { const s = getComputedStyle(document.querySelector('#bz-me .hcard'));"
        " return [s.animationName, s.transitionDuration]; })()"
    )
    assert motion == ["none", "0s"], f"animations not off under reduced motion: {motion}"
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not overflow, "the table is wider than a 360-px phone"
    small = page.evaluate("""() => [...document.querySelectorAll('#bz button')]
        .filter(b => b.offsetParent !== null)
        .map(b => b.getBoundingClientRect())
        .filter(r => r.width < 43.5 || r.height < 43.5).length""")
    assert small == 0, "touch targets under 44 px"
    page.screenshot(path=str(artifacts_dir / "table-360.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts_dir / "table-desktop.png"), full_page=True)


def test_language_switch_mirrors_and_is_remembered(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # still pictures
    page.set_viewport_size({"width": 360, "height": 740})
    open_save(page, app_url, wait_ready, mid_deal("classic", seed=17, moves=5), seed=17)
    english = page.locator('[data-command="new-game"]').first.inner_text()
    choose_language(page, "he")
    html = page.locator("html")
    assert html.get_attribute("lang") == "he" and html.get_attribute("dir") == "rtl"
    assert page.evaluate("localStorage.getItem('bezique.lang')") == "he"
    assert page.locator('[data-command="new-game"]').first.inner_text() != english
    # mirrored: the hand's first card sits at the right end in Hebrew
    xs = page.evaluate(
        "[...document.querySelectorAll('#bz-me .hand .card')].map(e => e.getBoundingClientRect().x)"
    )
    assert xs[0] > xs[-1]
    # card labels inside sentences stay isolated left-to-right
    assert page.locator('#bz-log bdi[dir="ltr"]').count() > 0
    assert not page.evaluate("document.documentElement.scrollWidth > innerWidth")
    page.screenshot(path=str(artifacts_dir / "table-360-he.png"), full_page=True)
    page.reload()
    wait_ready(page)
    assert html.get_attribute("lang") == "he" and html.get_attribute("dir") == "rtl"
    page.click('[data-screen="start"] [data-command="language"][data-lang="en"]')
    assert html.get_attribute("dir") == "ltr"
