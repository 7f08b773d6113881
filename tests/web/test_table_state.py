"""The table's facts about its game (web/state/table_state.py), changed only by messages through
``web.state.model.update``: plain functions, no page, no storage, no event loop."""

from __future__ import annotations

from web.state.model import HintSet, Model, update
from web.state.seats import Seats
from web.state.table_state import (
    DealStarted,
    DeviceCalled,
    EventsSaid,
    GameDealt,
    GameKept,
    GameRecorded,
    HandFocused,
    HandoverEnded,
    MoveTakenBack,
    SaveAdopted,
    SetupChosen,
)


def run(model: Model, *msgs: object) -> Model:
    for msg in msgs:
        model, effects = update(model, msg)  # type: ignore[arg-type]
        assert effects == []  # the table's facts ask for nothing: the event renders once
    return model


def test_a_new_game_clears_the_last_games_marks_but_not_the_save_flag() -> None:
    model = run(Model(), GameKept(), MoveTakenBack(), GameRecorded(), DealStarted())
    table = model.table
    assert table.has_save and table.undo_used and table.recorded and table.deal_number == 2
    dealt = GameDealt(human=1, setup={"variant": "rubicon"}, seats=Seats.solo(2, 1))
    table = run(model, dealt).table
    assert (table.human, table.deal_number, table.undo_used, table.recorded) == (1, 1, False, False)
    assert table.has_save  # the player's game is still there to continue
    assert table.setup == {"variant": "rubicon"} and table.seats.first_person() == 1


def test_a_save_adopted_brings_its_marks_and_its_choices_over_the_remembered_ones() -> None:
    seats = Seats(("computer", "person", "person"))
    saved = SaveAdopted(
        human=2, deal_number=4, undo_used=True, recorded=False, setup={"level": "easy"}, seats=seats
    )
    table = run(Model(), SetupChosen({"variant": "classic", "level": "strong"}), saved).table
    assert (table.human, table.deal_number, table.undo_used, table.recorded) == (2, 4, True, False)
    assert table.setup == {"variant": "classic", "level": "easy"} and table.seats == seats


def test_calling_the_device_to_a_person_hides_the_hint_and_shows_their_seat() -> None:
    model = run(Model(), HintSet(("play QS", "best_chance")), DeviceCalled(1))
    assert model.table.human == 1 and model.table.handover == 1 and model.hint is None
    model = run(model, HandoverEnded())
    assert model.table.handover is None and model.table.human == 1


def test_the_hand_focus_is_never_before_the_first_card() -> None:
    assert run(Model(), HandFocused(3)).table.hand_focus == 3
    assert run(Model(), HandFocused(-2)).table.hand_focus == 0


def test_the_model_before_a_message_is_left_as_it_was() -> None:
    before = Model()
    after = run(before, DeviceCalled(1), DealStarted())
    assert before.table.handover is None and before.table.deal_number == 1
    assert after.table.handover == 1 and after.table.deal_number == 2


def test_the_shelf_peeks_at_one_trick_and_a_newer_trick_ends_the_peek() -> None:
    from web.state.table_state import ShelfCleared, TrickPeeked, TrickSettled

    model = Model()
    assert model.table.shelf.state(1, live=False) == "done"
    model = run(model, TrickSettled(1), TrickPeeked(1))
    assert model.table.shelf.state(1, live=False) == "peek"
    assert model.table.shelf.state(1, live=True) == "live"  # a card of the next trick played
    assert model.table.shelf.state(2, live=False) == "done"  # the next trick won: not peeked
    assert run(model, TrickSettled(2)).table.shelf.state(2, live=False) == "aside"
    assert run(model, TrickPeeked(1)).table.shelf.state(1, live=False) == "aside"
    assert run(model, ShelfCleared()).table.shelf.state(0, live=False) == "none"


def test_a_computer_turn_of_an_older_generation_changes_nothing() -> None:
    from web.state.table_state import ComputerFinished, ComputerStarted, ComputerStopped

    model = run(Model(), ComputerStarted())
    assert model.table.busy and model.table.generation == 0
    stopped = run(model, ComputerStopped(), ComputerStarted())  # a new turn after a new game
    assert stopped.table.generation == 1 and stopped.table.busy
    assert run(stopped, ComputerFinished(0)).table.busy  # the old turn ends: not this one
    assert not run(stopped, ComputerFinished(1)).table.busy
    assert run(Model(), ComputerStopped(after=7)).table.generation == 8  # a restart goes on


def test_the_events_said_are_counted_in_the_model_and_a_new_deal_starts_at_none() -> None:
    said = run(Model(), EventsSaid(9))
    assert said.table.said == 9
    assert run(said, DealStarted()).table.said == 0
    assert run(said, GameDealt(0, {}, Seats.solo(2))).table.said == 0
