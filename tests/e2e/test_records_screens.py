"""Undo, the score sheet, statistics, history, replays, export and import in the browser.

One page session goes through everything (boots are the expensive part). The
figures are checked against the engine run here under CPython: the score sheet
against ``engine.cli.summary`` of the saved game, the statistics against the
finished games' saves, an export through ``python -m engine replay``.
Games are finished fast from saves built with the engine one or two moves before
the end of a game.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pictures
import pytest
from playwright.sync_api import Browser, Page
from rendered import open_shell, record_records_screens, replay
from test_languages import axe_violations
from test_table import (
    choose_language,
    click_first_legal,
    leave_start_screen,
    scores,
    summary_shown,
    wait_for_input,
)

import engine
from engine.cli import summary

ROOT = Path(__file__).resolve().parents[2]
SAVE_KEY = "bezique.save"
LEVEL = "easy"
LANGS = ("en", "he", "tr", "ru")
LIVE_LANGS = ("en", "he")  # the booted app's sweep; every language: drawn by CPython
SIZES = {"phone": (360, 640), "desktop": (1280, 800)}
RECORDS_SCREENS = ("score-sheet", "stats", "history", "replay")
FITS = ("document.scrollingElement.scrollHeight <= innerHeight + 1"
        " && document.scrollingElement.scrollWidth <= innerWidth + 1")
FITS_NEXT_FRAME = f"() => new Promise(r => requestAnimationFrame(() => r({FITS})))"


def near_end_save(seed: int, most_left: bool) -> dict[str, Any]:
    """A classic game 6 to 15 moves before its end, seat 0 to move and someone already
    at the target (so the game ends with this deal whatever the computer plays)."""
    rng = random.Random(seed)
    game = engine.new_game("classic", {}, seed=seed, dealer=1)
    while not game.is_terminal:
        while not game.deal.is_terminal:
            game.apply(rng.choice(game.legal_actions()).text())
        if not game.is_terminal:
            game.next_deal()
    save = game.to_json()
    actions = save["record"]["deals"][-1]["actions"]
    cuts = range(len(actions) - 15, len(actions) - 5)
    for keep in cuts if most_left else reversed(cuts):
        cut = json.loads(json.dumps(save))
        cut["record"]["deals"][-1]["actions"] = actions[:keep]
        probe = engine.Game.from_json(cut)
        if probe.current_player == 0 and max(probe.scores()) >= 1000:
            return {
                "format": "bezique-save", "version": 1, "game": cut, "human": 0,
                "settings": {"variant": "classic", "options": {}, "level": LEVEL,
                             "dealer": "random"},
                "deal_number": len(cut["record"]["deals"]),
            }
    raise AssertionError(f"seed {seed}: no near-end position")


def saved_game(page: Page) -> Any:
    return engine.Game.from_json(json.loads(page.evaluate(f"localStorage['{SAVE_KEY}']"))["game"])


def load_save(page: Page, app_url: str, wait_ready: Callable[..., None], save: Any) -> None:
    page.evaluate("s => localStorage.setItem('bezique.save', s)", json.dumps(save))
    page.goto(app_url + "?fast&seed=7")
    wait_ready(page)
    leave_start_screen(page)


def hand(page: Page) -> list[str]:
    return sorted(page.eval_on_selector_all("#bz-me [data-card]",
                                            "els => els.map(e => e.dataset.card)"))


def open_screen(page: Page, command: str) -> None:
    page.click('#bz-bar [data-command="menu"]')  # the records screens are in the menu
    page.click(f'#bz-overlay .menu-panel [data-command="{command}"]')
    page.wait_for_selector(f'[data-screen="{command}"]')


def close_screen(page: Page) -> None:
    page.click('#bz-overlay [data-command="close"]')
    page.wait_for_function("!document.querySelector('#bz-overlay [data-screen]')")


def sheet_figures(page: Page) -> list[dict[str, Any]]:
    """Per deal on the sheet: its index, each seat's deal total and card points."""
    return page.evaluate("""() => [...document.querySelectorAll('[data-sheet-deal]')].map(d => ({
        index: +d.dataset.sheetDeal, running: d.dataset.running === 'true',
        totals: [...d.querySelectorAll('[data-sheet-total]')].map(e => +e.dataset.value),
        card_points: [...d.querySelectorAll('[data-sheet-card-points]')]
                       .map(e => +e.dataset.value)}))""")


def expected_sheet(game: Any) -> list[dict[str, Any]]:
    deals = [{"index": i, "running": False, "totals": d["totals"],
              "card_points": d["card_points"]} for i, d in enumerate(summary(game)["deals"])]
    if not game.deal.is_terminal:
        deals.append({"index": len(deals), "running": True, "totals": game.deal.points,
                      "card_points": game.deal.card_points})
    return deals


def stat(page: Page, name: str) -> int:
    value = page.get_attribute(f'[data-stats-group="classic/{LEVEL}"] [data-stat="{name}"]',
                               "data-value")
    return int(value or 0)


def finish_game(page: Page) -> None:
    """Play the last moves; through the deal summary to the game summary."""
    for _ in range(20):
        wait_for_input(page)
        if summary_shown(page):
            break
        click_first_legal(page)
    if page.locator('[data-summary="deal"]').count():
        page.click('[data-summary="deal"] [data-command="next"]')
    page.wait_for_selector('[data-summary="game"]')


def outcome(game: Any) -> tuple[bool, int]:
    return game.winner == 0, game.totals[0]


def test_records_end_to_end(
    page: Page, app_url: str, wait_ready: Callable[..., None], artifacts_dir: Path,
    tmp_path: Path,
) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 360, "height": 640})
    # The first boot opens a game in its last deal (set before the app starts).
    page.add_init_script(
        "if (!sessionStorage.getItem('records-seeded')) {"
        " sessionStorage.setItem('records-seeded', '1'); localStorage.clear();"
        f" localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps(near_end_save(25, True)))});"
        " }"
    )
    page.goto(app_url + "?fast&seed=7")
    wait_ready(page)
    leave_start_screen(page)

    # ---- score sheet mid-game against the engine's figures
    open_screen(page, "score-sheet")
    game = saved_game(page)
    assert len(game.results) >= 1 and not game.deal.is_terminal
    assert sheet_figures(page) == expected_sheet(game)
    close_screen(page)

    # ---- undo: the position and the scores as before the move, the deal unchanged
    wait_for_input(page)
    before = (hand(page), scores(page), saved_game(page).to_json())
    click_first_legal(page, prefer=("play",))
    wait_for_input(page)
    assert saved_game(page).to_json() != before[2]
    page.click('#bz-bar [data-command="menu"]')
    page.click('#bz-overlay [data-command="undo"]')
    page.wait_for_function("document.querySelector('#bz-notice [role=alert]') !== null")
    assert (hand(page), scores(page), saved_game(page).to_json()) == before

    # ---- statistics start empty; two finished games change them by exactly their results
    open_screen(page, "stats")
    assert page.locator("[data-stats-group]").count() == 0
    close_screen(page)
    finish_game(page)
    game = saved_game(page)
    assert game.is_terminal
    shown = [int(page.get_attribute(f'[data-final-score="{s}"]', "data-value") or -1)
             for s in (0, 1)]
    assert shown == game.totals
    assert sheet_figures(page) == expected_sheet(game)  # the whole sheet in the summary
    with page.expect_download() as info:
        page.click('[data-summary="game"] [data-command="export"]')
    exported = tmp_path / "exported.json"
    info.value.save_as(exported)
    replayed = subprocess.run([sys.executable, "-m", "engine", "replay", str(exported)],
                              cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(replayed.stdout)["game"]["totals"] == shown
    open_screen(page, "stats")
    assert (stat(page, "played"), stat(page, "won"), stat(page, "undo_games")) == (0, 0, 1)
    close_screen(page)

    # the second game: a reload into another near-end save, finished without undo
    load_save(page, app_url, wait_ready, near_end_save(30, False))
    open_screen(page, "stats")  # across the reload
    assert stat(page, "undo_games") == 1 and stat(page, "played") == 0
    close_screen(page)
    finish_game(page)
    won2, score2 = outcome(saved_game(page))
    open_screen(page, "stats")
    assert stat(page, "played") == 1
    assert stat(page, "won") == won2 and stat(page, "lost") == 1 - won2
    assert stat(page, "best_score") == score2 and stat(page, "average") == score2
    assert stat(page, "streak") == won2 and stat(page, "undo_games") == 1
    assert page.get_attribute("svg.stats-chart", "data-chart-bars") == "1"
    close_screen(page)
    # ---- history: both games; import a selfplay record, refuse a broken one
    records = tmp_path / "selfplay"
    subprocess.run([sys.executable, "-m", "engine", "selfplay", "--variant", "russian",
                    "--games", "1", "--seed", "5", "--players", "random",
                    "--save-records", str(records)], cwd=ROOT, check=True, capture_output=True)
    open_screen(page, "history")
    assert page.locator("[data-history-entry]").count() == 2
    assert page.locator('[data-history-entry="1"] [data-undo-used]').count() == 1  # game 1
    assert page.locator('[data-history-entry="0"] [data-undo-used]').count() == 0
    with page.expect_file_chooser() as chooser:
        page.click('#bz-overlay [data-command="import"]')
    chooser.value.set_files(str(records / "game-0001.json"))
    page.wait_for_selector('[data-screen="replay"]')
    record = json.loads((records / "game-0001.json").read_text(encoding="utf-8"))
    for seat, cards in enumerate(record["deals"][0]["hands"]):
        shown_hand = page.eval_on_selector_all(f'[data-replay-hand="{seat}"] [data-card]',
                                               "els => els.map(e => e.dataset.card)")
        assert sorted(shown_hand) == sorted(cards)
    page.click('[data-command="replay-forward"]')
    page.wait_for_selector('[data-replay-step="1"] [data-replay-trick]')
    page.click('[data-command="replay-back"]')
    page.wait_for_selector('[data-replay-step="0"]')
    page.click('#bz-overlay [data-command="close"]')  # back to the list
    page.wait_for_selector('[data-screen="history"]')
    assert page.locator("[data-history-entry]").count() == 3
    save_before = page.evaluate(f"localStorage['{SAVE_KEY}']")
    broken = record | {"deals": [record["deals"][0] | {"actions": ["play 7Z"]}]}
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.click('#bz-overlay [data-command="import"]')
    chooser.value.set_files(str(bad))
    page.wait_for_selector('[data-screen="history"] [role="alert"]')
    assert page.locator("[data-history-entry]").count() == 3
    assert page.evaluate(f"localStorage['{SAVE_KEY}']") == save_before
    close_screen(page)

    # ---- every new screen in English and Hebrew on a phone: fits, axe-clean, pictures (the
    # other languages and the desktop: test_the_records_screens_fit_in_every_language)
    found: dict[str, Any] = {}
    for lang in LIVE_LANGS:
        choose_language(page, lang)
        for screen in ("summary", *RECORDS_SCREENS):
            if screen == "summary":  # the game summary with the whole sheet, unfolded
                page.click('[data-summary="game"] .sheet-in-summary > summary')
                page.wait_for_selector('[data-summary="game"] [data-sheet-deal]')
            elif screen == "replay":
                open_screen(page, "history")
                page.click('[data-command="history-open"][data-index="1"]')
                page.wait_for_selector('[data-screen="replay"]')
                page.click('[data-command="replay-forward"]')
                page.wait_for_selector('[data-replay-step="1"]')
            else:
                open_screen(page, screen)
            assert page.evaluate(FITS), f"{screen}/{lang}/phone scrolls the page"
            if pictures.wanted(lang, "phone"):
                page.screenshot(path=str(artifacts_dir / f"records-{screen}-{lang}-phone.png"))
            found[f"{screen}/{lang}"] = axe_violations(page)
            if screen == "replay":
                page.click('#bz-overlay [data-command="close"]')
                page.wait_for_selector('[data-screen="history"]')
            if screen != "summary":
                close_screen(page)
    assert not any(found.values()), found


@pytest.fixture(scope="module")
def shell(browser: Browser, app_url: str) -> Iterator[Page]:
    """One page of the real shell and CSS, no Python: the app's calls are replayed into it."""
    context = browser.new_context(service_workers="block")
    yield open_shell(context, app_url)
    context.close()


def test_the_records_screens_fit_in_every_language(shell: Page, artifacts_dir: Path) -> None:
    """The live sweep above at both sizes in every language: the real app in CPython
    finishes the same two games and opens each records screen over the last one's summary,
    and the page of the real shell and CSS shows each at each size."""
    saves = [json.dumps(near_end_save(25, True)), json.dumps(near_end_save(30, False))]
    frames = record_records_screens(saves, LANGS, RECORDS_SCREENS)
    problems: list[str] = []
    opened = 0
    for frame in frames:
        replay(shell, frame.calls)
        if frame.step != 1:
            continue
        screen, lang = frame.where.split("/")
        assert shell.evaluate("lang => document.documentElement.lang === lang", lang), frame.where
        if screen == "summary":
            # opened by hand: the shell has no Python, so a click there would wait on a page
            # that never settles
            shell.locator('[data-summary="game"] details.sheet-in-summary').evaluate(
                "details => { details.open = true; }")
            assert shell.locator('[data-summary="game"] [data-sheet-deal]').count(), frame.where
        elif screen == "replay":
            assert shell.locator('[data-screen="replay"]').count() == 1, frame.where
            assert shell.locator('[data-replay-step="1"]').count() == 1, frame.where
        else:
            assert shell.locator(f'[data-screen="{screen}"]').count() == 1, frame.where
        for size, (width, height) in SIZES.items():
            shell.set_viewport_size({"width": width, "height": height})
            if not shell.evaluate(FITS_NEXT_FRAME):
                problems.append(f"{screen}/{lang}/{size} scrolls the page")
            if pictures.wanted(lang, size):
                shell.screenshot(path=str(artifacts_dir / f"records-{screen}-{lang}-{size}.png"))
        opened += 1
    assert opened == len(LANGS) * (1 + len(RECORDS_SCREENS))
    assert problems == [], problems
