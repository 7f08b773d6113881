"""Seats (person / computer), pass-and-play's hand-over, and their saves, under CPython.

The controller runs against a recording fake page; at every step of a whole
pass-and-play deal the page's HTML is checked against the engine's hands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fake_page import RecordingPage, computer_plays

import engine
from tests.web.hidden_cards import leaks
from web import storage
from web.app import App
from web.state.seats import COMPUTER, PERSON, Seats, SeatsError, fit, render_choices
from web.view.screens import parse_settings

ROOT = Path(__file__).resolve().parents[2]

class EnCat:
    lang = "en"

    def t(self, key: str, **params: Any) -> str:
        return key + "".join(f"|{k}={v}" for k, v in sorted(params.items()))


# ------------------------------------------------------------ configuration


@pytest.mark.parametrize("players", [2, 3, 4])
def test_solo_is_one_person_and_computers(players: int) -> None:
    seats = Seats.solo(players)
    assert seats.kinds == (PERSON,) + (COMPUTER,) * (players - 1)
    assert seats.people_count() == 1 and not seats.pass_and_play
    assert seats.computers() == tuple(range(1, players))


@pytest.mark.parametrize(
    ("kinds", "people"),
    [
        (["person", "person"], (0, 1)),
        (["computer", "person", "person"], (1, 2)),
        (["person", "computer", "person", "computer"], (0, 2)),  # partners against the AI
        (["person", "person", "computer", "computer"], (0, 1)),  # opponents, AI partners
        (["person", "person", "person", "person"], (0, 1, 2, 3)),
    ],
)
def test_any_seat_may_be_a_person(kinds: list[str], people: tuple[int, ...]) -> None:
    seats = Seats.from_json(kinds, len(kinds))
    assert seats.people() == people
    assert seats.people_count() == len(people) and seats.pass_and_play
    assert seats.to_json() == kinds
    assert all(seats.is_person(s) == (s in people) for s in range(len(kinds)))
    assert not seats.is_person(None) and not seats.is_person(len(kinds))


@pytest.mark.parametrize(
    ("data", "players", "code"),
    [
        (["person"], 1, "seats.error.count"),
        (["person", "person"], 3, "seats.error.count"),
        (["person", "robot"], 2, "seats.error.kind"),
        (["person", 1], 2, "seats.error.kind"),
        (["computer", "computer"], 2, "seats.error.no_person"),
        ("person,person", 2, "seats.error.count"),
        (None, 2, "seats.error.count"),
        (["person"] * 5, 5, "seats.error.count"),
    ],
)
def test_bad_seat_lists_are_refused_with_a_reason(data: Any, players: int, code: str) -> None:
    with pytest.raises(SeatsError) as err:
        Seats.from_json(data, players)
    assert err.value.code == code


def test_seats_follow_the_number_of_players() -> None:
    two = Seats.from_json(["person", "person"], 2)
    assert fit(two, 2) is two
    assert fit(two, 3) == Seats.solo(3)
    assert fit(None, 4) == Seats.solo(4)


def test_dialog_form_gives_seats_per_variant() -> None:
    form = {"variant": "russian-4", "seat.0": "person", "seat.1": "computer", "seat.2": "person"}
    settings = parse_settings(form)
    assert settings["seats"] == ["person", "computer", "person", "computer"]
    form = {"variant": "no-trump", "opt.players": "3", "seat.1": "person"}
    assert parse_settings(form)["seats"] == ["person", "person", "computer"]
    with pytest.raises(SeatsError):
        parse_settings({"variant": "classic", "seat.0": "computer"})


@pytest.mark.parametrize("partnerships", [False, True])
def test_dialog_choices_carry_the_hooks(partnerships: bool) -> None:
    html = render_choices(EnCat(), Seats.solo(4), partnerships)
    for seat in range(4):
        for kind in ("person", "computer"):
            assert f'data-seat="{seat}" data-seat-kind="{kind}"' in html
    assert html.count(" checked") == 4
    assert ("seats.partners_note" in html) == partnerships
    assert ("seats.side|number=2" in html) == partnerships


# ------------------------------------------------------------ the controller


def start(kinds: list[str], variant: str = "classic", seed: int = 5) -> tuple[App, RecordingPage]:
    dom = RecordingPage()
    app = App(dom, storage.MemoryStorage(), fast=True, seed=seed)
    app.start()
    settings = {"variant": variant, "options": {}, "level": "greedy", "dealer": "random"}
    app.course.new_game({**settings, "seats": kinds})
    app.render()
    return app, dom


def drive_ai(app: App) -> None:
    """Play the computer seats now (the tests' runtime runs their turns to the end)."""
    seats = app.model.table.seats
    while (seat := app.game.current_player) is not None and not seats.is_person(seat):
        if app.game.deal.is_terminal:
            return
        computer_plays(app, start=True)


def test_solo_game_has_no_handover() -> None:
    app, dom = start(["person", "computer"])
    assert app.model.table.seats.people_count() == 1 and app.model.table.handover is None
    assert "data-handover" not in dom.page()


def test_two_people_play_a_whole_deal_and_never_see_each_other() -> None:
    app, dom = start(["person", "person"])
    game = app.game
    handovers = 0
    steps = 0
    while not game.deal.is_terminal:
        page = dom.page()
        holder = app.model.table.human
        if app.model.table.handover is not None:
            assert "data-handover" in page and 'data-command="ready"' in page
            assert "data-card" not in dom.regions["bz-me"].split('class="hand"')[1]
            assert leaks(game, None, page) == []
            handovers += 1
            app.command("ready", None)
            page = dom.page()
        assert "data-handover" not in page
        assert game.current_player == holder
        assert leaks(game, holder, page) == [], f"step {steps}"
        action = game.legal_actions()[0].text()
        app.course.try_action(action)
        steps += 1
        if app.model.table.handover is not None:
            assert app.model.table.human != holder and app.model.table.human == game.current_player
    assert handovers >= 16  # every trick passes the device at least once
    assert "data-summary" in dom.page() and "data-handover" not in dom.page()


@pytest.mark.parametrize(
    ("variant", "kinds"),
    [
        ("russian-3", ["person", "computer", "person"]),
        ("russian-4", ["person", "computer", "person", "computer"]),
    ],
)
def test_people_and_computers_share_a_table(variant: str, kinds: list[str]) -> None:
    app, dom = start(kinds, variant)
    game = app.game
    assert set(app.players) == {s for s, k in enumerate(kinds) if k == "computer"}
    for _ in range(40):
        if app.model.table.handover is not None:
            assert leaks(game, None, dom.page()) == []
            app.command("ready", None)
        drive_ai(app)
        if game.deal.is_terminal:
            break
        if app.model.table.handover is not None:
            continue
        seat = game.current_player
        assert app.model.table.seats.is_person(seat) and app.model.table.human == seat
        assert leaks(game, seat, dom.page()) == []
        app.course.try_action(game.legal_actions()[0].text())


def test_save_keeps_seat_kinds_and_resume_hides_hands() -> None:
    app, _ = start(["person", "person"])
    app.command("ready", None)
    app.course.try_action(app.game.legal_actions()[0].text())
    data = json.loads(app.store.getItem(storage.SAVE_KEY))
    assert data["seats"] == ["person", "person"]
    assert json.loads(app.store.getItem(storage.SETTINGS_KEY))["seats"] == ["person", "person"]

    dom2 = RecordingPage()
    again = App(dom2, app.store, fast=True, seed=5)
    again.start()
    assert again.model.table.seats.kinds == ("person", "person")
    assert again.model.table.handover == again.game.current_player == again.model.table.human
    assert leaks(again.game, None, dom2.page()) == []  # not even behind the start screen
    again.command("continue", None)
    assert "data-handover" in dom2.page() and leaks(again.game, None, dom2.page()) == []


def test_old_save_without_seats_resumes_as_solo() -> None:
    app, _ = start(["person", "computer"])
    data = json.loads(app.store.getItem(storage.SAVE_KEY))
    del data["seats"]
    app.store.setItem(storage.SAVE_KEY, json.dumps(data))
    again = App(RecordingPage(), app.store, fast=True, seed=5)
    again.start()
    assert again.model.table.seats == Seats.solo(2) and again.model.table.handover is None


def test_corrupt_seats_in_a_save_are_set_aside() -> None:
    app, _ = start(["person", "person"])
    data = json.loads(app.store.getItem(storage.SAVE_KEY))
    data["seats"] = ["computer", "computer"]
    app.store.setItem(storage.SAVE_KEY, json.dumps(data))
    again = App(RecordingPage(), app.store, fast=True, seed=5)
    again.start()
    assert again.model.notice is not None and again.model.notice[0] == "save.unreadable"
    assert again.model.table.seats.kinds == ("person", "person")  # a new game with the last choice
    assert again.model.table.handover == again.game.current_player
    assert any(k.startswith(storage.ASIDE_PREFIX) for k in app.store.data)


def test_engine_game_matches_variant_players() -> None:
    for variant in engine.VARIANTS:
        players = engine.make_rules(variant, {}).players
        assert Seats.solo(players).players == players
