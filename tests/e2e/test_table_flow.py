"""The table's flow in real Chromium: automatic pass, the last trick, the hint's highlight,
the turned-up seven, kontr vido, no-trump groups and the rematch.

Two page sessions: one plays a classic deal's first tricks from its first card, then the
same deal near its end (loaded as a save); the other loads positions built with the engine
(saved games) to reach rare moments at once.
Screenshots of each new state, phone and desktop, in every language, go to artifacts/.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pictures
from page_hooks import ENABLED
from playwright.sync_api import Page
from positions import begin, declaration_due, load_save, near_the_end, open_save, saved_game
from test_languages import axe_violations
from test_table import visit, wait_for_input

import engine

ROOT = Path(__file__).resolve().parents[2]
SEVEN_TURNUP_SEED = 24  # classic, the computer deals and turns up a seven
LANGS = pictures.LANGS  # the flow's pictures (tests/e2e/pictures.py)
SIZES = {"phone": (360, 640), "desktop": (1280, 720)}
# the quick computer player: the tests are about the table, not the AI
EASY = {"bezique.settings": '{"level": "easy"}'}


def boot(page: Page, app_url: str, wait_ready: Callable[..., None], seed: int) -> None:
    visit(page, app_url, wait_ready, seed, stored=EASY)
    begin(page)


def language(page: Page, lang: str) -> None:
    """Switch the language (its buttons may sit behind the menu)."""
    opened = False
    if page.locator('[data-command="language"]').count() == 0:
        page.click('[data-command="menu"]')
        opened = True
    page.evaluate(
        "lang => document.querySelector(`[data-command=language][data-lang=${lang}]`).click()",
        lang,
    )
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    if opened and page.locator('[data-command="language"]').count():
        page.keyboard.press("Escape")


def shoot_all(page: Page, artifacts: Path, name: str) -> None:
    """The current state at phone and desktop size in each of LANGS (back to English),
    with no serious or critical axe-core violation."""
    started = time.monotonic()
    found = axe_violations(page)
    assert not found, f"{name}: {found}"
    for lang in LANGS:
        language(page, lang)
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.screenshot(path=str(artifacts / f"flow-{name}-{size}-{lang}.png"))
    language(page, "en")
    print(f"screenshots {name}: {time.monotonic() - started:.1f} s")


def prompt_actions(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#bz-prompt [data-action]", "els => els.map(e => e.dataset.action)"
    )


# ------------------------------------------------------------ a classic deal


def test_a_classic_deal_flows(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # still pictures
    page.set_viewport_size({"width": 360, "height": 640})
    boot(page, app_url, wait_ready, SEVEN_TURNUP_SEED)
    wait_for_input(page)
    # the dealer's 10 for the turned-up seven: a toast and a log line
    toast = page.locator('[data-toast="seven-turnup"]')
    assert toast.count() == 1 and "10" in toast.inner_text()
    assert toast.inner_text().strip() in page.locator("#bz-log").inner_text()
    assert page.locator("[data-deal]").first.get_attribute("data-deal") == "1"
    shoot_all(page, artifacts_dir, "seven-toast")
    # the hint points at the card (or choice) on the table
    page.click('[data-command="hint"]')
    page.wait_for_selector(".hinted", timeout=30_000)
    hinted = page.locator(".hinted").first.get_attribute("data-action")
    shoot_all(page, artifacts_dir, "hint")
    page.locator(f'[data-action="{hinted}"]').first.click()
    page.wait_for_function("document.querySelectorAll('.hinted').length === 0")

    pass_only = declared = peeks = 0
    late = False
    for _ in range(200):
        wait_for_input(page)
        if page.locator("[data-summary]").count():
            break
        actions = prompt_actions(page)
        pass_only += actions == ["pass"]
        declared += any(a.startswith(("declare", "seven")) for a in actions)
        shelf = page.locator('[data-command="last-trick"]')
        if not peeks and not actions and page.locator('[data-trick="done"]').count():
            shelf.wait_for(timeout=10_000)  # the finished trick goes aside after a moment
        if not peeks and shelf.count() and not actions:
            shelf.click()
            peek = page.locator('[data-trick="peek"]')
            peek.wait_for()
            assert peek.locator("[data-card]").count() == 2
            assert "Last trick" in peek.inner_text()
            shoot_all(page, artifacts_dir, "last-trick")
            peeks += 1
        offered = page.eval_on_selector_all(ENABLED, "els => els.map(e => e.dataset.action)")
        choice = next((i for i, a in enumerate(offered) if a != "pass"), 0)
        action = offered[choice] or ""
        page.locator(ENABLED).nth(choice).click()
        if peeks == 1 and action.startswith("play"):
            # the next trick started: nothing left to peek at
            page.wait_for_function("!document.querySelector('[data-trick=\"peek\"]')")
            peeks += 1
            # the same deal a few tricks from its end (the whole deal's flow, click by click,
            # is tests/web/test_flow.py's): the end and its summary
            wait_for_input(page)
            load_save(page, near_the_end(saved_game(page)))
            late = True
    assert pass_only == 0, "a prompt offered nothing but pass"
    assert peeks == 2 and late
    summary = page.locator('[data-summary="deal"]')
    summary.wait_for()
    assert "Seven turned up" in summary.inner_text()


# ----------------------------------------------------- positions from the engine


def kontr_vido_pending() -> Any:
    """Bezik: the human's vido was accepted; now the computer calls kontr vido."""
    game = engine.new_game("bezik", {}, seed=3, dealer=1)
    game.apply("vido")
    game.apply("accept")
    rng = random.Random(3)
    while not (game.current_player == 1 and "vido" in {a.kind for a in game.legal_actions()}):
        game.apply(
            rng.choice([a for a in game.legal_actions() if a.kind not in ("vido", "refuse")])
        )
    game.apply("vido")
    return game


def no_trump_broken_group() -> Any:
    """No-trump: a group whose own copy was played while the seat still shows that card."""
    for seed in range(60):
        game = engine.new_game("no-trump", {}, seed=seed, dealer=1)
        rng = random.Random(seed)
        while not game.deal.is_terminal:
            legal = game.legal_actions()
            decl = [a for a in legal if a.kind == "declare"]
            table = [a for a in legal if a.kind == "play_table"]
            game.apply(
                decl[0] if decl else table[0] if table and rng.random() < 0.5 else rng.choice(legal)
            )
            deal = game.deal
            if game.current_player != 0:
                continue
            for group in deal.groups:
                if group.seat != 0 or not group.alive:
                    continue
                on = [c for c in group.cards if c in deal.tables[0]]
                kinds = {deal.kinds[c] for c in deal.tables[0]}
                if (
                    on
                    and len(on) < len(group.cards)
                    and all(deal.kinds[c] in kinds for c in group.cards)
                ):
                    return game
    raise AssertionError("no position found")


def classic_nearly_won() -> Any:
    """A classic game whose current deal will end it: a score is past 1,000 already."""
    game = engine.new_game("classic", {}, seed=2, dealer=1)
    rng = random.Random(2)
    while True:
        if game.deal.is_terminal:
            game.next_deal()
        game.apply(rng.choice(game.legal_actions()))
        deal = game.deal
        if (
            max(game.scores()) >= 1000
            and not deal.is_terminal
            and game.current_player == 0
            and len(deal.hands[0]) <= 2  # a trick or two from the end: quick to finish
        ):
            return game


def test_vido_groups_and_rematch_from_saved_positions(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 360, "height": 640})

    # a won trick with a declaration: the choice is offered, with pass beside it
    open_save(page, app_url, wait_ready, declaration_due(), seed=5, stored=EASY)
    actions = prompt_actions(page)
    assert "pass" in actions and any(a.startswith("declare") for a in actions), actions
    assert page.locator("#bz-prompt .question").inner_text().strip()

    # kontr vido: the question states the real stakes, the answer and the log say kontr
    load_save(page, kontr_vido_pending())
    question = page.locator("#bz-prompt .question").inner_text()
    assert "kontr vido" in question and "from ×2 to ×4" in question and "match point" in question
    assert page.locator('[data-action="accept"]').inner_text().strip().endswith("×4")
    assert "called kontr vido!" in page.locator("#bz-log").inner_text()
    shoot_all(page, artifacts_dir, "kontr-vido")
    page.click('[data-action="accept"]')
    page.wait_for_function(
        "document.getElementById('bz-log').textContent.includes('accepted the kontr vido')"
    )
    assert page.locator('[data-stake="4"]').count() == 1

    # no-trump: a group whose own card was played shows as broken, never as an empty label
    load_save(page, no_trump_broken_group())
    groups = page.evaluate(
        """() => [...document.querySelectorAll('#bz-me .group:not(.loose)')].map(g => ({
             broken: g.classList.contains('broken'),
             cards: g.querySelectorAll('.gcards [data-card]').length}))"""
    )
    assert groups and all(g["cards"] > 0 for g in groups), groups
    assert any(g["broken"] for g in groups), groups
    shoot_all(page, artifacts_dir, "no-trump-broken")

    # the end of a game offers a rematch with the same settings
    load_save(page, classic_nearly_won())
    for _ in range(60):
        wait_for_input(page)
        nxt = page.locator('[data-summary="deal"] [data-command="next"]')
        if page.locator('[data-summary="game"]').count():
            break
        if nxt.count():
            nxt.click()
            continue
        page.locator(ENABLED).first.click()
    rematch = page.locator('[data-summary="game"] [data-command="rematch"]')
    rematch.wait_for()
    shoot_all(page, artifacts_dir, "game-summary")
    rematch.click()
    page.wait_for_function("!document.querySelector('[data-summary]')")
    assert page.locator("[data-deal]").first.get_attribute("data-deal") == "1"
    assert all(
        int(x) < 1000
        for x in page.eval_on_selector_all(
            "[data-seat-score]", "els => els.map(e => e.dataset.value || e.textContent)"
        )
    )
