"""The screens around the table under CPython (issue 29): the new-game form (descriptions,
segmented choices, players' names), the leave dialog, the variant's name as the title,
Bezik's board labels, undo on the table, hand sorting, four-colour suits, the chart."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fake_page import RecordingPage, play_through, started_app

import engine
from web import storage
from web.i18n.catalogs import load_catalog
from web.records import stats
from web.state import names, settings
from web.state.seats import SeatsError
from web.view.card_html import sort_hand

CAT = load_catalog("en")

ROOT = Path(__file__).resolve().parents[2]


boot = started_app


def overlay(dom: RecordingPage) -> str:
    return str(dom.regions["bz-overlay"])


# ------------------------------------------------------------------ new game
@pytest.mark.parametrize("variant", list(engine.VARIANTS))
def test_new_game_form_describes_the_game_and_asks_names(variant: str) -> None:
    app, dom = boot()
    app.command("new-game", None)
    app.commands.on_change("variant", variant)
    html = overlay(dom)
    about = CAT.t(f"options.variant_about.{variant}")
    assert f'id="ng-variant-about">{about}</p>' in html.replace("&#x27;", "'")
    assert 'aria-describedby="ng-variant-about"' in html
    players = engine.make_rules(variant, {}).players
    for seat in range(players):  # a name field per seat, the seat kinds as segments
        assert f'name="name.{seat}"' in html
        assert f'data-seat="{seat}" data-seat-kind="person"' in html
    assert f'maxlength="{names.MAX_NAME}"' in html
    # every choice is a real form control (radios and a switch), no plain select but the game
    assert re.findall(r"<select[^>]*name=\"([^\"]+)\"", html) == ["variant"]
    assert 'class="seg"><input type="radio" name="level"' in html
    assert 'data-command="start"' in html and "ng-actions" in html


def test_player_count_is_segmented_and_keeps_the_seat_list_in_step() -> None:
    app, dom = boot(form={"variant": "no-trump", "opt.players": "4", "seat.0": "person"})
    app.command("new-game", None)
    app.commands.on_change("variant", "no-trump")
    assert 'name="opt.players" value="3" data-change="players"' in overlay(dom)
    app.commands.on_change("players", "4")
    assert 'name="name.3"' in overlay(dom)


def test_names_are_tidied_kept_with_the_settings_and_the_save_and_shown() -> None:
    form = {
        "variant": "classic",
        "seat.0": "person",
        "seat.1": "person",
        "name.0": "  Anna   Maria ",
        "name.1": "",
    }
    app, dom = boot(form=form)
    app.command("new-game", None)
    app.command("start", None)
    assert app.model.overlay is None and app.model.table.seats.pass_and_play
    assert app.model.table.setup["names"] == ["Anna Maria", ""]
    assert "Pass the device to \u2068Anna Maria\u2069" in overlay(dom)  # isolated, named
    app.command("ready", None)
    scores = dom.regions["bz-scores"]
    assert ">\u2068Anna Maria\u2069<" in scores and ">Player 2<" in scores  # no name: the usual one
    stored = json.loads(app.store.getItem(settings.SETTINGS_KEY))
    assert stored["names"] == ["Anna Maria", ""]
    # a reload continues the saved game with its names; the next new game offers them again
    again, dom2 = boot(app.store)
    again.command("continue", None)
    again.command("ready", None)
    assert "Anna Maria" in dom2.regions["bz-scores"]
    again.command("new-game", None)
    assert 'name="name.0" value="Anna Maria"' in overlay(dom2)


def test_a_solo_player_s_name_replaces_you_on_the_scores() -> None:
    app, dom = boot(form={"variant": "classic", "seat.0": "person", "name.0": "Deniz"})
    app.command("new-game", None)
    app.command("start", None)
    scores = dom.regions["bz-scores"]
    assert ">\u2068Deniz\u2069<" in scores and ">The computer<" in scores and ">You<" not in scores


@pytest.mark.parametrize(
    ("typed", "code"),
    [("x" * (names.MAX_NAME + 1), "seats.error.name_long"), ("Bob\x07", "seats.error.name_chars")],
)
def test_a_bad_name_is_refused_with_its_reason_and_nothing_starts(typed: str, code: str) -> None:
    app, dom = boot(form={"variant": "russian", "seat.0": "person", "name.0": typed})
    app.command("new-game", None)
    before = app.game
    app.command("start", None)
    assert app.game is before and app.model.overlay == "dialog"  # the form stays, as typed
    assert app.model.notice == (code, {"count": names.MAX_NAME})
    words = CAT.t(code, count=names.MAX_NAME)
    assert words != code and (code != "seats.error.name_long" or str(names.MAX_NAME) in words)
    # said beside Start, as an alert (the table's notice is under the screen)
    assert f'<p class="notice error ng-problem" role="alert">{words}</p>' in overlay(dom)
    app.command("close", None)
    app.command("new-game", None)  # opened again: a fresh form, no old complaint
    assert "ng-problem" not in overlay(dom)
    with pytest.raises(SeatsError):
        names.check_name(typed)


def test_a_name_of_the_longest_length_is_taken() -> None:
    assert names.check_name(" " + "é" * names.MAX_NAME + " ") == "é" * names.MAX_NAME


def test_a_corrupt_stored_name_loses_nothing_else() -> None:
    store = storage.MemoryStorage()
    good = settings.Settings(variant="bezik", animation="slow", four_colour=True)
    data = json.loads(good.to_json())
    data["names"] = ["Ada", 7, "x" * 500, "Bad\nline"]
    store.setItem(settings.SETTINGS_KEY, json.dumps(data))
    app, _ = boot(store)
    assert app.model.prefs.names == ["Ada", "", "", ""]  # each bad one alone falls back
    assert (app.model.prefs.variant, app.model.prefs.animation, app.model.prefs.four_colour) == (
        "bezik",
        "slow",
        True,
    )
    for bad in ("Ada", {"0": "Ada"}, None, 3):  # not a list at all: no names, the rest kept
        assert settings.Settings.from_data({"names": bad, "sound": False}).names == []
        assert settings.Settings.from_data({"names": bad, "sound": False}).sound is False


def test_a_corrupt_name_in_a_save_shows_the_usual_name() -> None:
    app, _ = boot(form={"variant": "classic", "seat.0": "person", "seat.1": "person"})
    app.command("new-game", None)
    app.command("start", None)
    saved = json.loads(app.store.getItem(storage.SAVE_KEY))
    saved["settings"]["names"] = [["not", "a name"], "Zeynep"]
    app.store.setItem(storage.SAVE_KEY, json.dumps(saved))
    again, dom = boot(app.store)
    again.command("continue", None)
    again.command("ready", None)
    scores = dom.regions["bz-scores"]
    assert ">Player 1<" in scores and ">\u2068Zeynep\u2069<" in scores


def test_changing_the_game_keeps_the_names_typed() -> None:
    app, dom = boot(form={"variant": "classic", "seat.0": "person", "name.0": "Lev"})
    app.command("new-game", None)
    app.commands.on_change("variant", "russian-3")
    html = overlay(dom)
    assert 'name="name.0" value="Lev"' in html and 'name="name.2"' in html


# ------------------------------------------------------------- leave dialog
def test_leaving_asks_with_staying_first_and_staying_returns_to_the_table() -> None:
    app, dom = boot(form={"variant": "classic"})
    app.command("new-game", None)
    app.command("start", None)
    game = app.game
    app.course.try_action(app.game.legal_actions()[0].text())
    app.command("new-game", None)
    app.command("start", None)
    html = overlay(dom)
    assert app.model.overlay == "confirm"
    primary = re.findall(r'class="btn primary[^"]*" data-command="([^"]+)"', html)
    assert primary == ["stay"]
    # the close button at the top stays too; then the two choices, staying first
    assert re.findall(r'data-command="(stay|confirm-new)"', html) == ["stay", "stay", "confirm-new"]
    app.command("stay", None)
    assert app.model.overlay is None and app.game is game and app.model.back == ()
    assert overlay(dom) == "" and app.model.pending_setup is None


# ---------------------------------------------------------------- the title
@pytest.mark.parametrize("variant", list(engine.VARIANTS))
def test_the_header_and_the_document_carry_the_variant_s_name(variant: str) -> None:
    app, dom = boot(form={"variant": variant})
    app.command("new-game", None)
    app.command("start", None)
    name = CAT.t(f"options.variant_short.{variant}")
    assert f'<h1 class="title">{name}</h1>' in dom.regions["bz-bar"]
    assert (dom.title or CAT.t("app.title")) == name  # set_lang set the app's own name first
    if variant != "classic":
        assert name != CAT.t("app.title")


# ---------------------------------------------------------------- bezik board
def test_bezik_board_names_its_rows_and_explains_the_pips() -> None:
    app, dom = boot(form={"variant": "bezik"})
    app.command("new-game", None)
    app.command("start", None)
    html = dom.regions["bz-scores"]
    assert CAT.t("table.game_points_to", count=3000) in html
    assert CAT.t("table.match_points_to", count=16) in html
    said = CAT.t("table.cycle_aria", number=1, total=5)
    assert f'class="mk-cycle" role="img" aria-label="{said}"' in html
    assert html.count('class="tick') == 5 + 2  # the cycle, and the legend's two marks
    assert ">normal<" not in html and CAT.t("table.cycle_sanvuar") in html


def test_a_match_of_normal_games_only_shows_no_cycle() -> None:
    app, dom = boot(form={"variant": "bezik", "opt.match": "4"})
    app.command("new-game", None)
    app.command("start", None)
    assert "mk-cycle" not in dom.regions["bz-scores"]
    assert CAT.t("table.match_points_to", count=4) in dom.regions["bz-scores"]


# ---------------------------------------------------------------- undo
def test_undo_is_one_tap_on_the_table_and_absent_in_pass_and_play() -> None:
    app, dom = boot(form={"variant": "classic"})
    app.command("new-game", None)
    app.command("start", None)
    assert 'data-command="undo" aria-disabled="true"' in dom.regions["bz-bar"]
    play_through(
        app,
        lambda: len(app.game.deal.history) >= 4 and app.game.current_player == 0,
        past_the_end=False,
    )
    before = app.game.to_json()
    app.course.try_action(app.game.legal_actions()[0].text())
    play_through(app, lambda: app.game.current_player == 0, past_the_end=False)
    bar = dom.regions["bz-bar"]
    assert re.search(r'class="btn tool" data-command="undo">', bar)
    app.command("undo", None)  # what the header button sends
    assert app.game.to_json() == before and app.model.table.undo_used
    # two people at the table: no undo, so no button
    people, dom2 = boot(form={"variant": "classic", "seat.0": "person", "seat.1": "person"})
    people.command("new-game", None)
    people.command("start", None)
    assert 'data-command="undo"' not in dom2.regions["bz-bar"]


# ----------------------------------------------------- hand order, four colours
def test_hand_orders() -> None:
    hand = ["9C", "AS", "10H", "KD", "AH", "7S", "QS", "JD"]
    assert sort_hand(hand, "rank") == ["AS", "AH", "10H", "KD", "QS", "JD", "9C", "7S"]
    assert sort_hand(hand, "suit", "D") == ["KD", "JD", "AS", "QS", "7S", "AH", "10H", "9C"]
    assert sort_hand(hand, "suit") == ["AS", "QS", "7S", "AH", "10H", "KD", "JD", "9C"]


def test_hand_sort_and_four_colours_apply_at_once_and_persist() -> None:
    app, dom = boot(form={"variant": "classic"})
    app.command("new-game", None)
    app.command("start", None)
    shown = re.findall(r'data-action="play ([^"]+)"', dom.regions["bz-me"])
    assert shown == sort_hand(shown, "rank")
    app.commands.on_change("setting.hand_sort", "suit")
    app.commands.on_change("setting.four_colour", "true")
    app.commands.on_change("setting.hand_sort", "colour")  # refused, kept
    shown = re.findall(r'data-action="play ([^"]+)"', dom.regions["bz-me"])
    assert shown == sort_hand(shown, "suit", app.painter.view.trump if app.painter.view else None)
    assert dom.look["data-suits"] == "four"
    stored = json.loads(app.store.getItem(settings.SETTINGS_KEY))
    assert stored["hand_sort"] == "suit" and stored["four_colour"] is True
    app.command("settings", None)
    html = overlay(dom)
    assert 'data-change="setting.hand_sort"' in html and 'data-change="setting.four_colour"' in html


def test_the_faces_take_their_club_and_diamond_colour_from_the_page() -> None:
    sprite = (ROOT / "web" / "cards.svg").read_text(encoding="utf-8")
    assert '<path class="pip-c" d=' in sprite and '<path class="pip-d" d=' in sprite
    css = (ROOT / "web" / "screens.css").read_text(encoding="utf-8")
    assert ".pip-c { fill: var(--suit-c); }" in css and ".bz[data-suits=four]" in css


# ---------------------------------------------------------------- statistics
def test_the_chart_has_a_caption_a_scale_a_legend_and_each_bar_s_score() -> None:
    s = stats.empty()
    for won, me in ((True, 1200), (False, 700), (True, 1050)):
        s = stats.add(s, stats.Outcome("classic", "normal", won, me, 900, None, False))
    html = stats.render_stats(s, CAT)
    caption = CAT.t("stats.chart_label", count=3, won=2, lost=1)
    assert f'<figcaption class="chart-caption" aria-hidden="true">{caption}</figcaption>' in html
    assert f'aria-label="{caption}. {CAT.t("stats.chart_legend")}"' in html
    assert '<text class="scale"' in html and ">+300<" in html and ">−300<" in html
    assert "<title>Won: 1,200 to 900</title>" in html and "<title>Lost: 700 to 900</title>" in html
    assert 'class="chart-legend"' in html


def test_the_tagline_promises_no_online_play() -> None:
    for lang in ("en", "he", "tr", "ru"):
        text = load_catalog(lang).t("app.tagline").lower()
        assert not any(w in text for w in ("online", "internetli", "עם אינטרנט", "с интернетом"))
