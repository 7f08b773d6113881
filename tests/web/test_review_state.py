"""The review's part of the model (web.state.review_state) and its drawing
(web.view.review_view): the messages through ``update``, and the screens as pure functions
of that state and a catalog, without a page, a table or an event loop."""

from __future__ import annotations

import pytest

from web import i18n
from web.i18n.catalogs import load_catalog
from web.records.replay import Focus, StepShown
from web.state.model import Focus as FocusEffect
from web.state.model import Model, Msg, Render, ScreenOpened, update
from web.state.review_state import (
    LIST,
    POSITION,
    EntryView,
    MoveShown,
    ReviewAt,
    ReviewAvailable,
    ReviewJobShown,
    ReviewPosition,
    ReviewPositionShown,
    ReviewProblem,
    ReviewState,
    ReviewView,
)
from web.view.review_view import move_html, review_button, review_overlay

EN = load_catalog("en")
ENTRY = EntryView(index=7, loss=30, exact=True, trick=4, played=MoveShown("play KS"),
                  best=MoveShown("play table 9S"))
DONE = ReviewView(entries=(ENTRY,), decisions=12, as_good=9, total=30)


def run(model: Model, *messages: Msg) -> Model:
    for msg in messages:
        model, _ = update(model, msg)
    return model


def position(at_focus: bool = True) -> ReviewPosition:
    """Entry 7's position: seat 0 holds K♠, 9♠ lies on its table; at the decision both
    moves are marked."""
    step = StepShown(
        deal=0, deals=1, trick=3, tricks=12, human=0,
        hands=(("KS", "10H"), ("AD", "JC")), tables=(("9S",), ()),
        trick_cards=((1, "7D"), (0, "8D")), winner=1, playing=(), declarations=(),
        scores=(40, 120), stock=10, trump="S", turnup="7S",
        focus=Focus(0, 7, 0, "play KS", "play table 9S") if at_focus else None,
        at_start=False, at_end=False)
    return ReviewPosition(ReviewAt(entry=7, deal=0, step=4), step)


# ------------------------------------------------------------------ update


def test_whether_the_deal_can_be_reviewed_is_noted_without_a_render() -> None:
    noted, effects = update(Model(), ReviewAvailable(True))
    assert noted.review.available and effects == []
    again, _ = update(noted, ReviewAvailable(True))
    assert again.review is noted.review  # the same fact again changes nothing
    assert not run(noted, ReviewAvailable(False)).review.available


def test_the_jobs_news_draws_the_list_only_when_it_is_shown_and_asked() -> None:
    running = ReviewView(share=0.25)
    behind, effects = update(Model(), ReviewJobShown(running))
    assert behind.review.job == running and effects == []  # the list is not shown
    shown = run(Model(), ScreenOpened(LIST))
    drawn, effects = update(shown, ReviewJobShown(running))
    assert drawn.review.job == running and effects == [Render()]
    quiet, effects = update(shown, ReviewJobShown(ReviewView(share=0.26), draw=False))
    assert quiet.review.job == ReviewView(share=0.26) and effects == []
    dropped, _ = update(drawn, ReviewJobShown(None))
    assert dropped.review.job is None


def test_the_problem_and_the_position_are_the_models_and_drawn() -> None:
    told, effects = update(Model(), ReviewProblem(("review.failed", {"reason": "x"})))
    assert told.review.problem == ("review.failed", {"reason": "x"}) and effects == [Render()]
    at = position()
    shown, effects = update(told, ReviewPositionShown(at))
    assert shown.review.position == at and shown.review.at == at.at and effects == [Render()]
    assert shown.review.problem == told.review.problem  # each message changes its own field
    back = run(shown, ReviewPositionShown(None), ReviewProblem(None))
    assert back.review == ReviewState()


def test_the_models_other_parts_are_left_alone() -> None:
    model = run(Model(), ScreenOpened(LIST, "#review-title"))
    changed = run(model, ReviewAvailable(True), ReviewJobShown(DONE))
    assert (changed.overlay, changed.back, changed.records) == (LIST, (), model.records)
    _, effects = update(model, ScreenOpened(POSITION, "#replay-title"))
    assert FocusEffect("#replay-title") in effects


# ------------------------------------------------------------------ view


def test_the_summarys_button_is_there_only_for_a_deal_to_review() -> None:
    assert review_button(ReviewState(), EN) == ""
    button = review_button(ReviewState(available=True), EN)
    assert 'data-command="review"' in button and ">Review</button>" in button


def test_no_review_screen_over_another_screen() -> None:
    state = ReviewState(job=DONE, position=position())
    for overlay in (None, "game", "history", "replay"):
        assert review_overlay(state, overlay, EN) is None
    assert review_overlay(ReviewState(job=DONE), POSITION, EN) is None  # no position kept


def test_the_list_running_failed_stopped_and_done() -> None:
    running = review_overlay(ReviewState(job=ReviewView(share=0.425)), LIST, EN) or ""
    assert 'data-review-state="running"' in running
    assert 'data-review-progress="0.425"' in running and 'value="42"' in running
    assert 'data-command="review-cancel"' in running
    failed = review_overlay(ReviewState(job=ReviewView(problem="bad card")), LIST, EN) or ""
    assert 'data-review-state="failed"' in failed
    assert "This deal cannot be reviewed: bad card" in failed
    gone = review_overlay(ReviewState(), LIST, EN) or ""
    assert 'data-review-state="failed"' in gone and "The table has moved on" in gone
    done = review_overlay(ReviewState(job=DONE), LIST, EN) or ""
    assert 'data-review-state="done"' in done
    assert ('data-review-entry="7" data-review-loss="30" data-review-kind="exact"' in done)
    assert "Trick 4: you played" in done and "from the table" in done
    assert 'data-review-total="30"' in done and 'data-review-as-good="9"' in done
    assert 'role="alert"' not in done


def test_an_entry_that_could_not_be_opened_is_said_over_the_list() -> None:
    state = ReviewState(job=DONE, problem=("review.failed", {"reason": "no such step"}))
    html = review_overlay(state, LIST, EN) or ""
    assert '<p class="notice error" role="alert">This deal cannot be reviewed: no such step' in html
    assert 'data-review-entry="7"' in html


def test_the_position_marks_both_moves_and_explains_them() -> None:
    state = ReviewState(job=DONE, position=position())
    html = review_overlay(state, POSITION, EN) or ""
    assert 'data-screen="replay"' in html and 'data-review-index="7"' in html
    assert "data-review-legend" in html and "You played:" in html and "Better:" in html
    assert 'data-card="KS" data-review-mark="played"' in html
    assert 'data-card="9S" data-review-mark="best"' in html
    assert "Trick 4 of 12: your move" in html
    assert 'data-command="export"' not in html and ">Back to the review</button>" in html
    # a step away from the decision: no marks, no legend
    away = review_overlay(ReviewState(job=DONE, position=position(at_focus=False)),
                          POSITION, EN) or ""
    assert "data-review-mark" not in away and "data-review-legend" not in away
    # the job dropped meanwhile: the position still shows, its legend gone
    dropped = review_overlay(ReviewState(position=position()), POSITION, EN) or ""
    assert 'data-review-index="7"' in dropped and "data-review-legend" not in dropped


def test_moves_in_words() -> None:
    assert move_html(EN, MoveShown("play KS")) == '<bdi dir="ltr">K♠</bdi>'
    assert move_html(EN, MoveShown("play table 9S")) == '<bdi dir="ltr">9♠</bdi> from the table'
    declared = move_html(EN, MoveShown("declare QS JD", "bezique"))
    assert declared == 'declaring Bezique <bdi dir="ltr">Q♠ J♦</bdi>'
    assert move_html(EN, MoveShown("declare QS JD")) == 'declaring  <bdi dir="ltr">Q♠ J♦</bdi>'
    assert move_html(EN, MoveShown("seven 7S")).startswith("the seven exchanged")
    assert move_html(EN, MoveShown("pass")) == "a pass"
    assert move_html(EN, MoveShown("blanche")) == "carte blanche"
    assert move_html(EN, MoveShown("<odd>")) == "&lt;odd&gt;"
    assert move_html(EN, MoveShown("")) == ""


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGS if lang != "en"])
def test_a_language_switch_rewords_the_same_state(lang: str) -> None:
    cat = load_catalog(lang)
    state = ReviewState(available=True, job=DONE, problem=("review.failed", {"reason": "x"}),
                        position=position())
    for overlay in (LIST, POSITION):
        english, other = review_overlay(state, overlay, EN), review_overlay(state, overlay, cat)
        assert english and other and english != other
        assert "{" not in other and "review." not in other
    assert review_button(state, cat) != review_button(state, EN)
