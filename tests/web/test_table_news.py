"""What a new frame brings (web.state.table_news), as plain functions: the model gets the
frame, and the events to say, the sounds, the call-outs' timer, the trick to settle and
the prompt's focus come back as effects; no page, no table, no event loop."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import engine
from engine.playable import PlayableGame
from web.state.model import Model, Render, SettingChanged, update
from web.state.seats import Seats
from web.state.table_news import (
    CalloutsDue,
    FocusPrompt,
    FrameSeen,
    PlaySounds,
    RenderLater,
    SayEvents,
    SettleTrick,
)
from web.table.flow import tricks_done
from web.table.seat_frame import SeatFrame, seat_frame


def a_model(sound: bool = True) -> Model:
    model = Model()
    model = replace(model, table=replace(model.table, seats=Seats.solo(2)))
    return update(model, SettingChanged("sound", "true" if sound else "false"))[0]


def frame_when(game: PlayableGame, done: Callable[[SeatFrame], bool]) -> SeatFrame:
    """Play until seat 0's frame is as asked: a declaration where there is one, else a
    legal move chosen at random (seeded)."""
    rng = random.Random(1)
    for _ in range(400):
        frame = seat_frame(game, 0)
        if done(frame):
            return frame
        legal = game.legal_actions()
        if not legal:
            game.next_deal()
            continue
        game.apply(next((a for a in legal if a.text().startswith("declare")), rng.choice(legal)))
    raise AssertionError("never reached")


def seen(model: Model, frame: SeatFrame, now: float = 0.0) -> tuple[Model, list[object]]:
    changed, effects = update(model, FrameSeen(frame, now))
    return changed, list(effects)


def test_new_events_are_said_once_and_played_when_sound_is_on() -> None:
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    game.apply(game.legal_actions()[0])
    first = seat_frame(game, 0)
    model, effects = seen(a_model(), first)
    assert effects[0] == SayEvents(first.events, 0)
    assert model.table.said == len(first.events) and model.table.frame == first
    assert seen(model, first)[1] == []  # the same frame again: nothing new
    game.apply(game.legal_actions()[0])
    later = seat_frame(game, 0)
    _, effects = seen(model, later)
    assert SayEvents(later.events, len(first.events)) in effects
    assert any(isinstance(e, PlaySounds) and "card" in e.names for e in effects)
    quiet = update(model, SettingChanged("sound", "false"))[0]
    assert not any(isinstance(e, PlaySounds) for e in seen(quiet, later)[1])


def test_a_shorter_log_is_a_new_deal_said_from_its_start() -> None:
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    game.apply(game.legal_actions()[0])
    first = seat_frame(game, 0)
    model, _ = seen(a_model(), frame_when(game, lambda f: len(f.events) > len(first.events) + 4))
    _, effects = seen(model, first)
    assert effects[0] == SayEvents(first.events, 0)


def test_a_finished_trick_is_settled_once() -> None:
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    done = frame_when(game, lambda f: tricks_done(f.events)[0] == 1 and not f.view.trick)
    model, effects = seen(a_model(), done)
    assert SettleTrick(1) in effects and model.table.shelf.settling == 1
    assert SettleTrick(1) not in seen(model, done)[1]


def test_a_prompt_that_appears_takes_the_focus_once() -> None:
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    asked = frame_when(game, lambda f: f.view.phase == "declare" and f.view.current == 0)
    model, effects = seen(a_model(), asked)
    assert FocusPrompt() in effects and model.table.prompted
    assert FocusPrompt() not in seen(model, asked)[1]
    handed = replace(model, table=replace(model.table, handover=0, prompted=False))
    assert FocusPrompt() not in seen(handed, asked)[1]  # behind the hand-over screen


def test_the_hands_focus_stays_within_the_hand() -> None:
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    frame = seat_frame(game, 0)
    model = a_model()
    far = replace(model, table=replace(model.table, hand_focus=40))
    assert seen(far, frame)[0].table.hand_focus == len(frame.view.hand) - 1
    hidden = replace(far, table=replace(far.table, handover=1))
    assert seen(hidden, frame)[0].table.hand_focus == 0


def test_another_seats_declaration_is_called_out_with_one_timer() -> None:
    game = engine.new_game("classic", {}, seed=5, dealer=1)
    scored = frame_when(game, lambda f: any(e.kind == "declare" and e.seat == 1 for e in f.events))
    model, effects = seen(a_model(), scored, now=10.0)
    timers = [e for e in effects if isinstance(e, RenderLater)]
    assert [c.seat for c in model.table.callouts.shown] == [1] and len(timers) == 1
    assert model.table.callouts.timer_due == timers[0].due
    again, effects = seen(model, scored, now=10.5)
    assert not any(isinstance(e, RenderLater) for e in effects)  # the one pending comes first
    assert update(again, CalloutsDue(timers[0].due + 1))[1] == []  # not the pending one
    ran, effects = update(again, CalloutsDue(timers[0].due))
    assert effects == [Render()] and ran.table.callouts.timer_due is None
    gone, _ = seen(ran, scored, now=timers[0].due)
    assert gone.table.callouts.shown == ()
    covered = replace(a_model(), overlay="menu")
    assert seen(covered, scored, now=10.0)[0].table.callouts.shown == ()  # the clock waits
