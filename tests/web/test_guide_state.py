"""What the guided first deal shows, as the model's data (web.state.guide_state) and drawn
from it alone (web.view.guideview.dress): where the script stands, the bubble the player
closed, the guided deal going with another game or deal, and the table's view dressed with
the bubble and the scripted move. No page, no table, no event loop."""

from __future__ import annotations

from dataclasses import replace

import engine
from engine.guided import GuidedStep, script_for
from web.i18n.catalogs import load_catalog
from web.state.guide_state import (
    BubbleClosed,
    GuideMoved,
    GuidePlace,
    GuideState,
    off_table,
    showing,
    shown_steps,
    update,
)
from web.state.model import Model, Msg
from web.state.model import update as model_update
from web.state.seats import Seats
from web.state.table_state import DealStarted, GameDealt, MoveTakenBack
from web.table.flow import AutoPasses
from web.table.seat_frame import seat_frame
from web.view import guideview
from web.view.table_view import GuideView, TableView

CAT = load_catalog("en")
EXPLAINS = GuidedStep("trumps", 0, ("9h",))
ASKS = GuidedStep("first_lead", 0, ("As", "Kh"), ask="As")
PLACE = GuidePlace("classic", 0, (EXPLAINS, ASKS), "As", 1, 7)


def run(model: Model, *messages: Msg) -> Model:
    for msg in messages:
        model, _ = model_update(model, msg)
    return model


def a_view(*, current: int = 0, thinking: bool = False) -> TableView:
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    view = seat_frame(game, 0, AutoPasses().of(game), 1).view
    view.current, view.thinking = current, thinking
    return view


# ------------------------------------------------------------------ updates
def test_the_place_and_the_bubble_closed_are_the_models() -> None:
    moved = update(GuideState(), GuideMoved(PLACE))
    assert moved.place == PLACE and moved.bubble_closed == -1
    assert update(moved, GuideMoved(PLACE)) is moved  # the same place: nothing changes
    closed = update(moved, BubbleClosed(0))
    assert closed == GuideState(PLACE, 0)
    assert update(closed, GuideMoved(None)) == GuideState(None, 0)
    # the guide's callers render themselves (the move made, the "Got it" tapped)
    assert model_update(Model(), GuideMoved(PLACE))[1] == []
    assert model_update(Model(), BubbleClosed(3))[1] == []


def test_another_game_or_deal_takes_the_guided_deal_off_the_table() -> None:
    before = run(Model(), GuideMoved(PLACE), BubbleClosed(0))
    for msg in (GameDealt(0, {}, Seats.solo(2)), DealStarted(), MoveTakenBack()):
        assert run(before, msg).guide == GuideState(None, 0)
    assert off_table(GuideState()) == GuideState()


def test_a_closed_explaining_bubble_goes_at_its_move_only() -> None:
    explains = (EXPLAINS, replace(EXPLAINS, moment="marriage"))
    assert shown_steps(explains, 4, -1) == list(explains)
    assert shown_steps(explains, 4, 4) == []  # "Got it" at this move
    assert shown_steps(explains, 5, 4) == list(explains)  # closed at another move
    assert shown_steps((EXPLAINS, ASKS), 4, 4) == [EXPLAINS, ASKS]  # a step that asks stays
    assert showing(GuideState()) == []
    assert showing(GuideState(replace(PLACE, steps=explains, applied=4), 4)) == []


# ------------------------------------------------------------------ the view dressed
def test_no_guided_deal_dresses_nothing() -> None:
    view = a_view()
    view.hint = "Qs"
    guideview.dress(view, GuideState())
    assert view.guide is None and view.hint == "Qs"
    assert guideview.render_bubble(view, CAT) == ""


def test_the_persons_turn_shows_the_step_asked_and_the_scripted_move() -> None:
    view = a_view()
    guideview.dress(view, GuideState(PLACE))
    assert view.hint == "As"
    assert view.guide == GuideView(("trumps", "first_lead"), "classic", 1, 7, "As",
                                   ("9h", "As", "Kh"), done=False)
    bubble = guideview.render_bubble(view, CAT)
    assert 'data-guide-step="trumps"' in bubble and 'data-guide-ask="As"' in bubble
    assert "guided-ok" not in bubble  # a step that asks has no "Got it"


def test_while_the_computer_moves_nothing_is_asked_nor_hinted() -> None:
    for view in (a_view(current=1), a_view(thinking=True)):
        guideview.dress(view, GuideState(PLACE))
        assert view.hint is None
        assert view.guide is not None and view.guide.ask is None
        assert view.guide.moments == ("trumps", "first_lead")


def test_between_steps_and_after_the_script() -> None:
    view = a_view()
    between = replace(PLACE, applied=3, steps=(), scripted="Kh", number=2)
    guideview.dress(view, GuideState(between))
    assert view.guide == GuideView((), "classic", 2, 7, None, (), done=False)
    assert "data-guide-line" in guideview.render_bubble(view, CAT)
    after = replace(PLACE, applied=30, steps=(GuidedStep("free", 30),), scripted=None,
                    number=7)
    view = a_view()
    view.hint = None
    guideview.dress(view, GuideState(after))
    assert view.hint is None and view.guide is not None and view.guide.done
    bubble = guideview.render_bubble(view, CAT)
    assert 'data-guide-moment="free"' in bubble and "guided-ok" in bubble
    guideview.dress(view, GuideState(after, bubble_closed=30))  # "Got it": the bubble goes
    assert guideview.render_bubble(view, CAT) == ""


def test_a_real_scripts_first_place() -> None:
    """A place as the guide makes it from a variant's script: its first step's words."""
    script = script_for("classic")
    at = script.steps[0].at
    first = script.steps_at(at)
    place = GuidePlace(script.variant, at, tuple(first), script.scripted_move(at), 1,
                       len(script.steps))
    view = a_view()
    guideview.dress(view, GuideState(place))
    assert view.guide is not None and first
    assert view.guide.moments == tuple(s.moment for s in first)
    assert f"Step 1 of {len(script.steps)}" in guideview.render_bubble(view, CAT)
