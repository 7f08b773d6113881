"""The review after a deal at the table (web/features/review_screen.py), the app without a browser.

The review runs as a task of the tests' runtime; the screen's ``gap`` between slices makes
the runtime's clock stop after each slice, so a test sees the progress, clicks between
slices, and cancels. The deals: tests/support/review_deals.py's planted end-phase mistake
(its exact loss known from the solver) and a stock-phase bezique card thrown away.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fake_page import RecordingPage, computer_plays, manual, new_app, play_through
from review_deals import SEAT, planted_deal, thrown_bezique

import tests.web.test_two_devices as two_devices
from engine import VARIANTS, replay_record
from engine.playable import PlayableGame
from web import i18n, storage
from web.app import App
from web.features.review_screen import RENDER_EVERY
from web.i18n.catalogs import load_catalog, use_language
from web.records.replay import Focus, Viewer, deal_steps, shown_step
from web.state.review_state import EntryView, MoveShown, ReviewView
from web.view.replay_view import render_step
from web.view.review_view import render_review

WORLDS = 4  # the estimates' worlds here: the tests check what the screen says, not strength
GAP = 0.01  # the tests' runtime stops between slices (of one step of the engine each)


def table_at_the_end(game: PlayableGame, lang: str = "en") -> tuple[App, RecordingPage]:
    """An app whose table shows ``game`` (its deal finished) and its deal summary."""
    dom = RecordingPage()
    app = App(dom, storage.MemoryStorage(), fast=True, seed=5)
    app.start()
    if lang != "en":
        use_language(app, lang)
    app.course.adopt({"game": game, "human": SEAT, "deal_number": 1,
               "settings": {"variant": game.rules.name, "options": {}, "level": "normal"}})
    app.review.worlds, app.review.gap, app.review.slice = WORLDS, GAP, 0.0
    app.render()
    return app, dom


def planted_table() -> tuple[App, RecordingPage]:
    return table_at_the_end(replay_record(planted_deal().record))


def click(app: App, command: str, **attrs: str) -> None:
    el = {f"data-{k.replace('_', '-')}": v for k, v in attrs.items()}
    app.commands.on_click(None, command, el)


def overlay(dom: RecordingPage) -> str:
    return dom.regions.get("bz-overlay", "")


def finish(app: App) -> None:
    manual(app).run_until_idle()


def entries(dom: RecordingPage) -> dict[int, dict[str, str]]:
    """The list's entries: index → their loss and kind."""
    return {int(m[0]): {"loss": m[1], "kind": m[2]} for m in re.findall(
        r'data-review-entry="(\d+)" data-review-loss="(\d+)" data-review-kind="(\w+)"',
        overlay(dom))}


def test_the_deal_summary_has_review_and_the_table_in_play_has_none() -> None:
    app, dom = new_app("classic", level="greedy")
    assert 'data-command="review"' not in dom.page()
    play_through(app, lambda: app.game.deal.is_terminal)
    app.render()
    assert 'data-summary="deal"' in overlay(dom)
    assert 'data-command="review"' in overlay(dom)


@pytest.mark.parametrize("variant", sorted(set(VARIANTS) - {"classic"}))
def test_review_on_the_summary_of_every_variant(variant: str) -> None:
    app, dom = new_app(variant, level="greedy")
    play_through(app, lambda: app.game.deal.is_terminal)
    app.render()
    assert 'data-command="review"' in overlay(dom)
    app.review.worlds, app.review.gap, app.review.slice = 1, GAP, 0.0
    click(app, "review")
    finish(app)
    assert 'data-review-state="done"' in overlay(dom)


def test_progress_then_the_planted_mistake_with_its_exact_loss_and_no_best_move() -> None:
    planted = planted_deal()
    app, dom = planted_table()
    app.review.gap = RENDER_EVERY  # the bar is drawn again after each slice
    click(app, "review")
    assert 'data-screen="review"' in overlay(dom)
    assert 'data-command="review-cancel"' in overlay(dom)
    shares = []
    runtime = manual(app)
    while runtime.step():
        found = re.search(r'data-review-progress="([\d.]+)"', overlay(dom))
        if found:
            shares.append(float(found[1]))
    assert len(set(shares)) > 3 and shares == sorted(shares) and 0 < shares[-1] <= 1
    assert 'data-review-state="done"' in overlay(dom)
    listed = entries(dom)
    assert listed[planted.mistake] == {"loss": str(round(planted.loss)), "kind": "exact"}
    assert not set(planted.best_moves) & set(listed)  # the known best moves: no entry
    losses = [int(e["loss"]) for e in listed.values()]
    assert losses == sorted(losses, reverse=True)  # largest first
    review = app.review.job.review if app.review.job else None
    assert review is not None
    assert f'data-review-total="{round(review.total_loss)}"' in overlay(dom)
    assert f'data-review-as-good="{len(review.as_good)}"' in overlay(dom)
    for index in planted.best_moves:
        assert any(d.index == index for d in review.as_good)


def test_the_table_stays_usable_closing_keeps_it_running_and_reopening_shows_it() -> None:
    app, dom = planted_table()
    click(app, "review")
    runtime = manual(app)
    for _ in range(3):
        runtime.step()
    click(app, "close")  # between two slices: the click gets in
    assert app.model.overlay is None and 'data-summary="deal"' in overlay(dom)
    assert runtime.pending  # still reviewing behind the summary
    before = app.frames.painted
    for _ in range(3):
        runtime.step()
    assert app.frames.painted == before  # nothing drawn for a screen that is not shown
    click(app, "review")
    assert 'data-review-state="running"' in overlay(dom)
    finish(app)
    click(app, "close")
    click(app, "review")  # the result kept for this deal: at once
    assert 'data-review-state="done"' in overlay(dom) and not manual(app).pending


def test_cancel_closes_the_analysis() -> None:
    app, dom = planted_table()
    click(app, "review")
    runtime = manual(app)
    runtime.step()
    job = app.review.job
    assert job is not None and job.reviewing is not None
    reviewing = job.reviewing
    click(app, "review-cancel")
    assert app.review.job is None and app.model.overlay is None
    assert 'data-summary="deal"' in overlay(dom)
    with pytest.raises(StopIteration):
        next(reviewing)  # closed
    finish(app)
    assert 'data-screen="review"' not in overlay(dom)


def test_the_next_deal_stops_the_review_and_the_computer_plays_on() -> None:
    app, dom = new_app("classic", level="greedy")
    play_through(app, lambda: app.game.deal.is_terminal)
    app.review.worlds, app.review.gap, app.review.slice = WORLDS, GAP, 0.0
    click(app, "review")
    manual(app).step()
    job = app.review.job
    assert job is not None and job.reviewing is not None
    reviewing = job.reviewing
    click(app, "close")
    click(app, "next")  # the next deal is dealt at once; the review does not hold it
    assert app.model.table.deal_number == 2 and not app.game.deal.is_terminal
    computer_plays(app, start=True)
    assert app.game.current_player == app.model.table.human or app.game.deal.is_terminal
    manual(app).run_until_idle()
    assert app.review.job is None
    with pytest.raises(StopIteration):
        next(reviewing)
    assert 'data-command="review"' not in dom.page()


def test_an_entry_opens_the_position_with_both_moves_marked() -> None:
    planted = planted_deal()
    app, dom = planted_table()
    click(app, "review")
    finish(app)
    click(app, "review-open", index=str(planted.mistake))
    page = overlay(dom)
    assert 'data-screen="replay"' in page and f'data-review-index="{planted.mistake}"' in page
    assert "data-review-legend" in page and 'data-command="export"' not in page
    hand = re.search(rf'data-replay-hand="{SEAT}">(.*?)</div>', page)
    assert hand is not None
    played_card = planted.played.split()[-1]
    marks = dict(re.findall(r'data-card="(\w+)" data-review-mark="([\w ]+)"', hand[1]))
    assert marks[played_card] == "played"
    best = [card for card, mark in marks.items() if mark == "best"]
    assert len(best) == 1 and f"play {best[0]}" in planted.best
    # Back and Forward go on from there, and come back to the marks
    click(app, "replay-back")
    assert "data-review-mark" not in overlay(dom)
    click(app, "replay-forward")
    assert 'data-review-mark="played"' in overlay(dom)
    click(app, "replay-forward")
    assert "data-review-index" not in overlay(dom) and 'data-screen="replay"' in overlay(dom)
    click(app, "close")  # back to the list, not to the history
    assert 'data-screen="review"' in overlay(dom) and app.model.overlay == "review"
    click(app, "close")
    assert app.model.overlay is None and 'data-summary="deal"' in overlay(dom)


def test_a_thrown_away_bezique_card_in_the_stock_phase_is_listed() -> None:
    """As tests/engine/test_review.py: after declaring the bezique, seat 0 leads its Q♠
    from the table; the screen lists that move, estimated, with the card named."""
    game, planted_at = thrown_bezique(seed=3)
    app, dom = table_at_the_end(game)
    app.review.worlds = 16
    click(app, "review")
    finish(app)
    assert entries(dom)[planted_at]["kind"] == "estimated"
    entry = re.search(rf'data-review-entry="{planted_at}".*?</button>', overlay(dom))
    assert entry is not None and "Q♠" in entry[0]


def test_a_record_that_does_not_replay_is_said_and_nothing_is_lost() -> None:
    app, dom = planted_table()
    game = app.game
    broken = json.loads(json.dumps(game.record()))
    broken["deals"][-1]["actions"][3] = "play QS QS"

    def bad_record() -> dict[str, Any]:
        return broken

    game.record = bad_record  # type: ignore[method-assign]
    click(app, "review")
    finish(app)
    assert 'data-review-state="failed"' in overlay(dom)
    assert "data-review-problem" in overlay(dom) and "cannot be reviewed" in overlay(dom)
    click(app, "close")
    assert app.game is game and game.deal.is_terminal
    assert 'data-summary="deal"' in overlay(dom)


def test_no_entries_says_the_moves_were_as_good_as_the_best() -> None:
    html = render_review(load_catalog("en"), ReviewView(decisions=12, as_good=9))
    assert "data-review-none" in html and "9 of your 12 decisions were" in html


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_state_of_the_screen_is_worded_in_every_language(lang: str) -> None:
    cat = load_catalog(lang)
    entry = EntryView(12, 30, True, 14, MoveShown("play 10H"), MoveShown("play 9S"))
    views = [ReviewView(share=0.42), ReviewView(problem="x"),
             ReviewView(entries=(entry,), decisions=30, as_good=1, total=30),
             ReviewView(decisions=2, as_good=2), ReviewView()]
    for view in views:
        html = render_review(cat, view)
        assert "{" not in html and "review." not in html, html
    assert 'data-review-progress="0.420"' in render_review(cat, views[0])
    assert "\u221230" in render_review(cat, views[2])


def test_the_viewer_opens_at_a_decision_inside_a_trick_and_at_a_lead() -> None:
    record = planted_deal().record
    actions = record["deals"][0]["actions"]
    steps = deal_steps(record, 0)
    lead = steps[5].at  # a lead: its position is the trick's own step
    inside = lead + 1  # the card that follows it: a position added between two steps
    for index in (lead, inside):
        viewer = Viewer(record, SEAT, focus=Focus(0, index, SEAT, f"{actions[index]}",
                                                  f"{actions[index]}"))
        assert viewer.at_focus() and viewer.current.at == index
        ats = [s.at for s in viewer.steps(0)]
        assert ats == sorted(ats) and len(ats) == len(steps) + (index == inside)
        html = render_step(shown_step(viewer), load_catalog("en"), "<ul data-review-legend></ul>")
        assert "data-review-legend" in html
        assert ("data-replay-playing" in html) == (index == inside)


def test_host_and_guest_each_review_their_own_seat() -> None:
    """Two devices at one table: the host reviews its seat from its game, the guest its own
    seat from the host's record of the deal (checked against the fair deck)."""
    net, host, host_dom, guest, guest_dom = two_devices.classic_pair()
    two_devices.play_deal(net, host, {1: guest})
    two_devices.settle(net, host, guest)
    host.render()
    guest.render()
    for app, dom, seat in ((host, host_dom, 0), (guest, guest_dom, 1)):
        assert 'data-command="review"' in overlay(dom)
        app.review.worlds, app.review.gap, app.review.slice = 1, GAP, 0.0
        click(app, "review")
        finish(app)
        assert 'data-review-state="done"' in overlay(dom)
        job = app.review.job
        assert job is not None and job.seat == seat and job.review is not None
        assert job.key[0] == ("here" if app is host else "guest")
        mistakes = job.review.mistakes
        if mistakes:  # its position, from that seat
            click(app, "review-open", index=str(mistakes[0].index))
            assert f'data-review-index="{mistakes[0].index}"' in overlay(dom)
        click(app, "close")
        click(app, "close")
        assert app.model.overlay is None and 'data-summary="deal"' in overlay(dom)
