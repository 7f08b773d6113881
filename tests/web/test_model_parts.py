"""The records screens' state, the device's facts and the features' parts in the model
(web.state.records_state, device_facts, review_state, daily_state, guide_state), changed
only by messages through ``update``: no page, no table, no event loop."""

from __future__ import annotations

from web.records.replay import StepShown
from web.state.daily_state import DailyShown, ShareDone
from web.state.device_facts import DeviceChanged, DeviceState, StorageNoted, TabRoleChanged
from web.state.guide_state import BubbleClosed
from web.state.model import Focus, Model, Msg, Render, update
from web.state.records_state import (
    RecordProblem,
    RecordsClosed,
    RecordsOpened,
    ReplayAt,
    ReplayShown,
    StatsResetAsked,
)
from web.state.review_state import ReviewAt, ReviewPosition, ReviewPositionShown, ReviewProblem

PROBLEM = ("history.import_malformed", {"reason": "no deals"})


def run(model: Model, *messages: Msg) -> Model:
    for msg in messages:
        model, _ = update(model, msg)
    return model


def test_a_reset_to_confirm_stays_only_on_the_statistics() -> None:
    asked = run(Model(), StatsResetAsked(), RecordsOpened("stats"))
    assert asked.records.confirm_reset and asked.overlay == "stats"
    assert not run(asked, RecordsOpened("history")).records.confirm_reset
    assert not run(asked, RecordsClosed()).records.confirm_reset


def test_a_problem_is_said_on_the_history_and_goes_with_it() -> None:
    told = run(Model(), RecordProblem(PROBLEM), RecordsOpened("history"))
    assert told.records.problem == PROBLEM and told.overlay == "history"
    assert run(told, RecordsOpened("stats")).records.problem is None
    assert run(told, RecordsClosed()).records.problem is None


def test_the_records_screens_use_the_one_screen_stack() -> None:
    over_summary = run(Model(), RecordsOpened("game"), RecordsOpened("history"))
    assert (over_summary.overlay, over_summary.back) == ("history", ("game",))
    closed, effects = update(over_summary, RecordsClosed())
    assert (closed.overlay, closed.back) == ("game", ())
    assert Render() in effects and any(isinstance(e, Focus) for e in effects)


def test_the_replay_position_is_the_models_and_a_move_renders() -> None:
    import engine
    from web.i18n.catalogs import load_catalog
    from web.records.replay import Viewer, shown_step
    from web.view.records_view import records_screen

    game = engine.new_game("classic", {}, seed=5, dealer=1)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    viewer = Viewer(game.record(), 0)
    viewer.forward()
    at = ReplayAt("g1", viewer.deal, viewer.step, shown_step(viewer))
    shown, effects = update(Model(), ReplayShown(at))
    assert shown.records.replay == at and effects == [Render()]
    assert run(shown, RecordsClosed()).records.replay is None
    # the replay screen is drawn from the model's step alone
    html = records_screen(shown.records, "replay", load_catalog("en"), names=[], when=str)
    assert html is not None and 'data-command="replay-back"' in html


def test_the_devices_facts_are_the_models_and_a_change_renders() -> None:
    facts = DeviceState(can_prompt=True, persisted=False)
    changed, effects = update(Model(), DeviceChanged(facts))
    assert changed.device.install_offer == "prompt" and effects == [Render()]
    noted, _ = update(changed, StorageNoted("storage.denied"))
    assert noted.storage_note == "storage.denied" and noted.device == facts


def test_the_daily_screen_and_its_share_and_the_reviews_problem_are_the_models() -> None:
    shared = run(Model(), DailyShown("2026-12-04", "classic"), ShareDone("failed", "text"))
    assert shared.daily.shown == ("2026-12-04", "classic")
    assert (shared.daily.share_status, shared.daily.share_text) == ("failed", "text")
    # the same day's screen again keeps what became of the share; another day's drops it
    assert run(shared, DailyShown("2026-12-04", "classic")).daily.share_status == "failed"
    other = run(shared, DailyShown("2026-12-05", "classic"))
    assert (other.daily.share_status, other.daily.share_text) == (None, None)
    told = run(Model(), ReviewProblem(("review.failed", {"reason": "x"})))
    assert told.review.problem == ("review.failed", {"reason": "x"})
    assert run(told, ReviewProblem(None)).review.problem is None


def test_the_tabs_role_is_the_models() -> None:
    watching, effects = update(Model(), TabRoleChanged(False))
    assert not watching.plays_here and effects == []
    assert run(watching, TabRoleChanged(True)).plays_here


def test_the_reviews_position_is_the_models() -> None:
    at = ReviewAt(entry=12, deal=0, step=5)
    step = StepShown(deal=0, deals=1, trick=3, tricks=12, human=0, hands=((), ()),
                     tables=((), ()), trick_cards=(), winner=None, playing=(), declarations=(),
                     scores=(0, 0), stock=0, trump="S", turnup=None, focus=None,
                     at_start=False, at_end=False)
    shown, effects = update(Model(), ReviewPositionShown(ReviewPosition(at, step)))
    assert shown.review.at == at and effects == [Render()]
    assert run(shown, ReviewPositionShown(None)).review.at is None


def test_the_guided_bubble_closed_is_the_models() -> None:
    closed, effects = update(Model(), BubbleClosed(7))
    assert closed.guide.bubble_closed == 7 and effects == []
