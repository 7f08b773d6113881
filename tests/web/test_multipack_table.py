"""The multi-pack games (rubicon, six-pack, eight-pack) at the table, under CPython: the
new-game options, carte blanche asked and shown, stacked groups, the settlement and the
session total with its next game, the score sheet, undo, hints, history, statistics,
replays, export and import, pass-and-play, and the rules screens' numbers."""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fake_page import RecordingPage, computer_plays, new_app, play_through

import engine
from engine.cards import code_text
from engine.log_events import log_events
from web import i18n, storage
from web.app import App
from web.i18n.catalogs import load_catalog
from web.records import history, stats
from web.state.callout_queue import callouts_from
from web.view import hint_view
from web.view.callouts import callout_text

CAT = load_catalog("en")
ROOT = Path(__file__).resolve().parents[2]


def overlay(dom: RecordingPage) -> str:
    return str(dom.regions["bz-overlay"])


def number(text: str) -> int:
    return int(re.sub(r"\D", "", text))


# ------------------------------------------------------------------ new game
def test_new_game_offers_the_session_and_four_tens() -> None:
    app, dom = new_app("classic")
    app.command("new-game", None)
    app.commands.on_change("variant", "rubicon")
    html = overlay(dom)
    assert 'name="opt.four_tens"' in html and "Four tens score 90" in html
    assert 'name="opt.games" value="1"' in html and ">1 game<" in html
    assert ">3 games<" in html and ">No limit<" in html


# ------------------------------------------------------------- carte blanche
def test_carte_blanche_is_asked_shown_logged_and_called_out() -> None:
    app, dom = new_app("rubicon", seed=4)  # seat 0 is dealt no king, queen or jack
    assert app.game.deal.phase == "blanche" and app.game.current_player == app.model.table.human
    prompt = str(dom.regions["bz-prompt"])
    assert 'data-action="blanche"' in prompt and 'data-action="pass"' in prompt
    assert "Show it as carte blanche for 50 points" in prompt
    app.course.try_action("blanche")
    assert ("carte_blanche" in [d[1] for d in app.game.deal.declarations if d[0] == 0])
    assert app.game.deal.points[0] == 50
    assert any("carte blanche" in line for line in app.painter.view.log)
    said = callouts_from(log_events(app.game.deal.observation(1).log))
    assert [(c.seat, c.kind, c.points) for c in said] == [(0, "carte_blanche", 50)]
    assert callout_text(CAT, said[0]) == "Carte blanche +50"


def test_the_opponents_carte_blanche_shows_its_cards() -> None:
    app, dom = new_app("rubicon", seed=43)  # seat 1 (the baseline AI) may show carte blanche

    app.turns.kick()
    computer_plays(app)
    assert app.game.deal.phase != "blanche"
    shown = app.game.observation(app.model.table.human).multipack
    assert shown is not None and shown.shown[1]
    opps = str(dom.regions["bz-opps"])
    assert 'data-shown="1"' in opps and "Shown:" in opps


def test_the_hint_names_carte_blanche() -> None:
    app, _ = new_app("rubicon", seed=4)
    assert hint_view.action_html(app.cat, "blanche") == "Show carte blanche"


# ----------------------------------------------------------- stacked groups
def multiple_bezique(variant: str, seed: int, copies: int) -> Any:
    """A deal where seat 0 has just declared ``copies`` Q♠ and J♦ together (swapped into
    its hand from the stock) and is to play."""
    game = engine.new_game(variant, {}, seed=seed, dealer=1)
    rng = random.Random(seed)
    deal = game.deal
    while not (game.current_player == 0 and deal.phase == "declare"
               and len(deal.stock) < len(deal.kinds) - 2 * len(deal.hands[0]) - 16):
        game.apply(rng.choice(game.legal_actions()))
    hand, stock, kinds = deal.hands[0], deal.stock, deal.kinds
    wanted = ["QS"] * copies + ["JD"] * copies
    for text in wanted:
        give = next(i for i, c in enumerate(hand) if code_text(kinds[c]) not in ("QS", "JD"))
        take = next(i for i, c in enumerate(stock) if code_text(kinds[c]) == text)
        hand[give], stock[take] = stock[take], hand[give]
    game.apply("declare " + " ".join(wanted))
    while game.current_player != 0 or game.deal.phase != "play":
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_quintuple_bezique_lies_as_two_stacked_cards_with_counts() -> None:
    app, dom = new_app("eight-pack")
    app.game = multiple_bezique("eight-pack", 1, 5)
    app.render()
    me = str(dom.regions["bz-me"])
    group = re.search(r'data-kind="quintuple_bezique".*?</div>', me)
    assert group is not None
    cards = re.findall(r'data-card="([A-Z0-9]+)"', group.group(0))
    assert cards == ["QS", "JD"]
    assert group.group(0).count('<span class="stack-n" aria-hidden="true">×5</span>') == 2
    assert "queen of spades, on the table, 5 copies" in group.group(0)
    play = next(a.text() for a in app.game.legal_actions() if a.text().endswith(" QS"))
    app.course.try_action(play)  # one copy of the stack is played: four are left, the group broken
    me = str(dom.regions["bz-me"])
    assert ">×4</span>" in me and ">×5</span>" in me and "broken" in me


# ------------------------------------------------------- settlement, session
def test_the_settlement_and_the_session_total_and_its_next_game() -> None:
    app, dom = new_app("six-pack", options={"games": 2})
    play_through(app, lambda: app.model.overlay == "game")
    session = app.game.session_facts()
    settled = session.last
    assert settled is not None and session.games == 1 and not session.over
    html = overlay(dom)
    assert f'data-settled-points="{settled.points}"' in html
    assert f'data-session-points="{settled.winner or 0}" data-value="{settled.points}"' in html
    assert "Game 1 of 2" in html and 'data-command="next"' in html
    for seat, rounded in enumerate(settled.rounded):
        assert f'data-rounded="{seat}">{CAT.number(rounded)}<' in html
    if settled.rubiconed:
        assert 'data-settlement="rubiconed"' in html and "rubicon bonus of 1,500" in html
    first_dealer = app.game.deal.dealer
    # "next" (as play_through steps on) starts game 2 of the session, the other one dealing
    play_through(app, lambda: app.model.overlay is None)
    assert not app.game.deal.is_terminal and app.game.deal.dealer != first_dealer
    assert "Game 2 of 2" in str(dom.regions["bz-scores"])
    play_through(app, lambda: app.game.is_terminal and app.model.overlay == "game")
    html = overlay(dom)
    session = app.game.session_facts()
    assert session.over and 'data-command="rematch"' in html
    for seat, points in enumerate(session.points):
        assert f'data-session-points="{seat}" data-value="{points}"' in html
    # the score sheet: each game's settlement and the session after it
    sheet = html[html.index("sheet-in-summary"):]
    assert len(re.findall(r'data-sheet-session="0"', sheet)) == 2
    last = re.findall(r'data-sheet-session="(\d)" data-value="(\d+)"', sheet)[-2:]
    assert [int(v) for _, v in last] == list(session.points)
    settled_cells = re.findall(r'data-sheet-settlement="(\d)" data-value="(\d+)"', sheet)
    assert sum(int(v) for _, v in settled_cells) == sum(session.points)


def test_a_drawn_game_says_so() -> None:
    from engine.facts import Settlement
    from web.view.settlement import winner_line

    app, _ = new_app("rubicon")
    drawn = Settlement(None, 0, False, (500, 500), (500, 500), True, 0, 0)
    assert winner_line(app.painter.view, drawn, CAT) == CAT.t("summary.mp.drawn")


def test_the_rubicon_states_its_brisques() -> None:
    app, dom = new_app("rubicon", seed=6)
    play_through(app, lambda: app.model.overlay == "game")
    settled = app.game.session_facts().last
    html = overlay(dom)
    if settled.brisques_bonus:
        assert "320 more for them" in html
    elif settled.brisques_counted:
        assert "Aces and tens were counted" in html
    else:
        assert "Aces and tens were not counted." in html
    assert 'data-command="rematch"' in html  # a session of one game: it is over


# ------------------------------------------------ undo, records, pass-and-play
@pytest.mark.parametrize("variant", ["rubicon", "eight-pack"])
def test_undo_history_stats_replay_export_and_import(variant: str) -> None:
    app, dom = new_app(variant, seed=7)
    play_through(app, lambda: len(app.game.deal.history) >= 10 and app.game.current_player == 0)
    before = app.game.to_json()
    app.course.try_action(app.game.legal_actions()[0].text())
    play_through(app, lambda: app.game.current_player == 0)
    app.command("undo", None)
    assert app.game.to_json() == before and app.model.table.undo_used
    play_through(app, lambda: app.game.is_terminal)
    entries = history.load(app.store)
    assert len(entries) == 1 and entries[0]["variant"] == variant
    assert entries[0]["totals"] == list(app.game.session_facts().points)  # the settlement
    assert entries[0]["record"] == app.game.record()
    assert stats.load(app.store)["groups"][f"{variant}/greedy"]["undo"]["played"] == 1
    for name in ("score-sheet", "stats", "history"):
        app.command(name, None)
        assert f'data-screen="{name}"' in overlay(dom)
        app.command("close", None)
    app.command("export", None)
    _, text = dom.downloads[-1]
    assert json.loads(text) == app.game.record()
    replayed = engine.replay_record(json.loads(text))
    assert replayed.session_facts() == app.game.session_facts()
    dom.file_text = text
    app.command("history", None)
    app.command("import", None)
    assert 'data-screen="replay"' in overlay(dom)
    app.command("replay-forward", None)
    assert 'data-replay-step="1"' in overlay(dom)


def test_pass_and_play_hands_the_device_over() -> None:
    form = {"variant": "six-pack", "seat.0": "person", "seat.1": "person"}
    dom = RecordingPage(form)
    app = App(dom, storage.MemoryStorage(), fast=True, seed=5)
    app.start()
    app.command("new-game", None)
    app.command("start", None)
    assert app.model.table.seats.pass_and_play
    assert "Pass the device to" in overlay(dom)
    app.command("ready", None)
    assert len(re.findall(r'class="card face[^"]*hcard', str(dom.regions["bz-me"]))) == 12


# ------------------------------------------------------------------ rules
@pytest.mark.parametrize(
    ("variant", "figures"),
    [
        ("rubicon", {"decl.quadruple_bezique": 4500, "decl.carte_blanche": 50,
                     "rules.table.multipack.rubicon": 1000,
                     "rules.table.multipack.brisques_bonus": 320}),
        ("six-pack", {"decl.four_trump_aces": 1000, "decl.carte_blanche": 250,
                      "rules.table.multipack.rubicon": 3000}),
        ("eight-pack", {"decl.quintuple_bezique": 9000, "decl.five_trump_aces": 2000,
                        "rules.table.multipack.rubicon": 5000}),
    ],
)
def test_rules_tables_carry_the_engines_numbers(variant: str, figures: dict[str, int]) -> None:
    rows = {label: values[0] for label, values in i18n.score_table_points(variant)}
    rows |= {label: values[0] for label, values in
             i18n.score_table_points(f"{variant}.settlement")}
    for label, value in figures.items():
        assert rows[label] == value
    assert ("decl.carte_blanche" in rows) == (variant != "eight-pack")
    html = i18n.rules_html(CAT, variant)
    assert "Points for declarations" in html and "Settlement" in html


@pytest.mark.needs_processes
def test_an_exported_session_replays_on_the_command_line(tmp_path: Path) -> None:
    app, dom = new_app("rubicon", seed=9, options={"games": 2})
    play_through(app, lambda: app.game.is_terminal)
    app.command("export", None)
    path = tmp_path / "session.json"
    path.write_text(dom.downloads[-1][1], encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    replayed = json.loads(out.stdout)
    assert replayed["session"] == app.game.session_facts().to_json()
    assert len(replayed["deals"]) == 2


def test_the_hint_in_the_carte_blanche_choice() -> None:
    app, _ = new_app("rubicon", seed=4, level="easy")
    asyncio.run(app.hints.show())
    box = hint_view.hint_box(app.model.hint, app.model.hint_combination, app.cat)
    shown, reasons = "Show carte blanche" in box, [CAT.t(f"hint.reason.{r}") for r in (
        "shows_blanche", "declines_blanche")]
    assert shown or "Pass" in box
    assert reasons[0 if shown else 1] in box  # why showing it (or declining) pays


@pytest.mark.parametrize(("variant", "points_row"), [("rubicon", True), ("six-pack", False)])
def test_the_deal_summary_of_a_one_deal_game(variant: str, points_row: bool) -> None:
    from web.view import render

    app, _ = new_app(variant, seed=3)
    play_through(app, lambda: app.game.deal.is_terminal, past_the_end=False)
    view = app.painter.view
    assert view.deal_summary is not None
    html = render.render_deal_summary(view, view.deal_summary, CAT)
    assert "Game score" not in html  # the deal's total is the game's
    assert ("Aces and tens" in html) == points_row  # never counted with six or eight packs
