"""The one-way core: ``web.state.model.update`` as plain functions (no page, storage or loop).

Each test gives a model and a message and reads the new model and the effects; the
runtime that carries the effects out (``App.dispatch``) is the end-to-end tests' part.
"""

from __future__ import annotations

from web.state.model import (
    CLOSED_FOCUS,
    DraftChanged,
    DraftDropped,
    Focus,
    FocusHand,
    FreshScreen,
    HintSet,
    KeepStartScreen,
    LogToggled,
    MenuLeft,
    Model,
    MoveMade,
    NewGameAsked,
    NoticeSet,
    Render,
    ResumePlay,
    RulesVariantChosen,
    SaveSettings,
    ScreenClosed,
    ScreenOpened,
    ScreenShown,
    SettingChanged,
    SettingsLoaded,
    SetupKept,
    TableShown,
    update,
)
from web.state.settings import Settings


# ----------------------------------------------------------------- settings
def test_settings_loaded_once_are_the_models() -> None:
    stored = Settings(sound=False, animation="fast")
    model, effects = update(Model(), SettingsLoaded(stored))
    assert model.prefs == stored and effects == []


def test_a_changed_setting_is_saved_and_rendered_and_the_old_model_stays() -> None:
    before = Model()
    after, effects = update(before, SettingChanged("sound", "false"))
    assert after.prefs.sound is False and before.prefs.sound is True
    assert effects == [SaveSettings(after.prefs), Render()]
    after, effects = update(after, SettingChanged("animation", "fast"))
    assert after.prefs.animation == "fast" and after.prefs.sound is False


def test_a_refused_setting_changes_nothing() -> None:
    model = Model()
    for name, value in (("sound", "maybe"), ("animation", "warp"), ("nothing", "x")):
        assert update(model, SettingChanged(name, value)) == (model, [])


def test_a_started_games_setup_becomes_the_next_default_and_is_saved() -> None:
    """...and the next start opens on Continue: the shell is given that screen to keep."""
    setup = {"variant": "russian", "options": {"target": 1500}, "level": "strong"}
    before = Model()
    model, effects = update(before, SetupKept(setup))
    assert (model.prefs.variant, model.prefs.level) == ("russian", "strong")
    assert model.prefs.options == {"target": 1500} and before.prefs.variant == "classic"
    assert effects == [SaveSettings(model.prefs), KeepStartScreen()]


# ----------------------------------------------------------- the screen stack
def test_a_screen_opens_over_the_table_with_its_title_focused() -> None:
    model, effects = update(Model(), ScreenOpened("rules"))
    assert (model.overlay, model.back) == ("rules", ())
    assert effects == [Render(), Focus("#bz-overlay #rules-title, #bz-overlay h2")]
    _, effects = update(Model(), ScreenOpened("menu", "#bz-overlay .menu-list .btn"))
    assert effects[-1] == Focus("#bz-overlay .menu-list .btn")


def test_screens_opened_from_the_start_screen_return_to_it() -> None:
    model, _ = update(Model(), ScreenShown("start"))
    model, _ = update(model, ScreenOpened("settings"))
    assert (model.overlay, model.back) == ("settings", ("start",))
    model, effects = update(model, ScreenClosed())
    assert (model.overlay, model.back) == ("start", ())
    assert effects == [Render(), Focus(CLOSED_FOCUS)]  # the table stays covered


def test_the_menu_is_left_behind_and_closing_onto_the_table_resumes_play() -> None:
    model, _ = update(Model(), ScreenOpened("menu"))
    assert model.back == ()  # over the table: nothing below
    model, _ = update(model, MenuLeft())
    assert model.overlay is None
    model, _ = update(Model(), ScreenOpened("rules"))
    model, _ = update(model, ScreenOpened("menu"))
    assert model.back == ("rules",)  # the menu over a screen goes back to it
    model, _ = update(model, MenuLeft())
    assert (model.overlay, model.back) == ("rules", ())
    assert update(model, MenuLeft()) == (model, [])  # no menu open: nothing to leave
    model, effects = update(model, ScreenClosed())
    assert model.overlay is None
    assert effects == [Render(), Focus(CLOSED_FOCUS), FocusHand(), ResumePlay()]


def test_asking_before_a_new_game_keeps_the_form_until_the_dialog_is_left() -> None:
    setup = {"variant": "bezik"}
    draft = {"variant": "bezik", "level": "easy"}
    model, _ = update(Model(), ScreenOpened("dialog"))
    model, effects = update(model, NewGameAsked(setup, draft))
    assert (model.overlay, model.back) == ("confirm", ("dialog",))
    assert model.pending_setup == setup and model.dialog_draft == draft
    assert effects == [Render(), Focus("#bz-overlay .primary")]
    model, _ = update(model, ScreenClosed())  # back to the form: it keeps what was typed
    assert model.overlay == "dialog" and model.dialog_draft == draft
    model, _ = update(model, ScreenClosed())  # the form closed: its choices go
    assert model.overlay is None and model.pending_setup is None and model.dialog_draft is None


def test_drafts_change_and_drop_and_the_table_shown_clears_the_stack() -> None:
    model, effects = update(Model(), DraftChanged({"variant": "russian"}, "select", "russian"))
    assert model.dialog_draft == {"variant": "russian"} and model.dialog_variant == "russian"
    assert effects == [Render(), Focus("select")]
    model, _ = update(model, DraftChanged({"variant": "russian", "players": "3"}, "input"))
    assert model.dialog_variant == "russian"  # the number of players leaves the variant
    model, _ = update(model, DraftDropped())
    assert model.dialog_draft is None and model.dialog_variant is None
    model, _ = update(Model(), ScreenShown("start"))
    model, _ = update(model, ScreenOpened("dialog"))
    model, effects = update(model, TableShown())
    assert (model.overlay, model.back, effects) == (None, (), [])


# ------------------------------------------------------- what the table tells
def test_notices_and_hints_are_data_until_a_move_clears_them() -> None:
    model, effects = update(Model(), NoticeSet(("rule", {"rule": "must_follow"}), error=True))
    assert model.notice == ("rule", {"rule": "must_follow"}) and model.notice_error
    assert effects == []  # the sender renders once, with its other changes
    model, _ = update(model, HintSet(("", "")))  # the computer thinks
    model, _ = update(model, HintSet(("play QS", "keeps_bezique")))
    assert model.hint == ("play QS", "keeps_bezique")
    model, _ = update(model, MoveMade())
    assert model.notice is None and model.hint is None


def test_the_log_drawer_toggles_and_its_button_keeps_the_focus() -> None:
    model, effects = update(Model(), LogToggled())
    assert model.log_open and effects == [Render(), Focus('#bz-log [data-command="log"]')]
    model, effects = update(model, LogToggled())
    assert not model.log_open and effects == [Render(), Focus('#bz-bar [data-command="log"]')]


def test_a_fresh_screen_forgets_the_forms_of_before() -> None:
    model, _ = update(Model(), DraftChanged({"variant": "bezik"}, "select", "bezik"))
    model, _ = update(model, RulesVariantChosen("russian"))
    model, effects = update(model, FreshScreen("rules"))
    assert model.overlay == "rules" and model.rules_variant is None
    assert model.dialog_draft is None and model.dialog_variant is None
    assert effects == [Render(), Focus("#bz-overlay #rules-title, #bz-overlay h2")]


def test_the_rules_screen_shows_a_known_variant_or_the_games() -> None:
    model, effects = update(Model(), RulesVariantChosen("bezik"))
    assert model.rules_variant == "bezik"
    assert effects == [Render(), Focus('#bz-overlay select[name="rules-variant"]')]
    model, _ = update(model, RulesVariantChosen("chess"))
    assert model.rules_variant is None
