"""The game on the table and its course: dealt or adopted from a save, moves carried out
(here, or through the host protocol), the next deal, a new game.

Apart from the table's controller (``web.app``) so that the course of a game reads as
one story: what happens to the table's game, and which messages tell the model so.
"""

from __future__ import annotations

from typing import Protocol

import engine
from engine import IllegalActionError
from engine.playable import PlayableGame
from engine.players import Player
from web.features.daily_deal import DailyDeal
from web.features.guide import Guide
from web.link.pairing import Pairing
from web.link.wire import Refusal
from web.platform.install import DeviceControls
from web.records.records_screens import Records
from web.state.game_setup import Setup, text_of
from web.state.model import (
    DraftDropped,
    HintSet,
    MoveMade,
    ScreenShown,
    SetupKept,
    TableShown,
)
from web.state.seats import Seats
from web.state.table_state import (
    DealStarted,
    DeviceCalled,
    GameDealt,
    GameKept,
    HandoverEnded,
    SaveAdopted,
    ShelfCleared,
)
from web.storage.schema import SavedGame
from web.table import flow, handover
from web.table.adapter import game_decided
from web.table.computer import default_level, make_player
from web.table.dealing import deal_new_game
from web.table.seat_frame import SeatFrame, seat_frame
from web.table.table_parts import TableBase


class GameTable(TableBase, Protocol):
    """What the game's course reads and changes of its table (``web.app.App`` is one)."""

    fixed_seed: int | None
    players: dict[int, Player]
    auto_passes: flow.AutoPasses
    records: Records
    device: DeviceControls
    pairing: Pairing
    guide: Guide
    daily: DailyDeal

    @property
    def game(self) -> PlayableGame: ...
    @game.setter
    def game(self, game: PlayableGame) -> None: ...


class TableGame:
    """The course of one table's game."""

    def __init__(self, app: GameTable) -> None:
        self.app = app

    @property
    def settings(self) -> dict[str, object]:
        """This game's new-game choices (a copy: the model's change only by messages)."""
        return dict(self.app.model.table.setup)

    def adopt(self, save: SavedGame) -> None:
        """Take a checked save (web.storage.schema) as the game on the table."""
        self.app.turns.stop()
        self.app.game = save["game"]
        human = save.get("human", 0)
        self.app.dispatch(
            SaveAdopted(
                human=human,
                deal_number=save.get("deal_number", 1),
                undo_used=save.get("undo_used") is True,
                recorded=save.get("recorded") is True,
                setup=save.get("settings", {}),
                seats=saved_seats(save, self.app.game.rules.players, human),
            )
        )
        self.pass_device(fresh=True)
        self.app.daily.adopt(save.get("daily"))
        self.make_players()
        self.app.guide.adopt(save.get("guided"))
        self.app.dispatch(HintSet(None))
        self.app.dispatch(ScreenShown(None))
        seats = self.app.model.table.seats
        if seats.devices():  # a table hosted here: its devices pair again
            self.app.pairing.resume_hosting(save.get("hosting"), self.app.game, self.settings,
                                            seats)

    def new_game(self, settings: Setup, save: bool = True) -> None:
        game, seats = deal_new_game(settings, self.app.fixed_seed)
        self.put_on_table(game, settings, seats)
        self.pass_device(fresh=True)
        if save:
            self.keep_new_game()

    def put_on_table(self, game: PlayableGame, setup: Setup, seats: Seats) -> None:
        """A new game on the table, shown from its start."""
        self.app.turns.stop()
        self.app.game = game
        self.app.dispatch(GameDealt(seats.first_person(), setup, seats))
        self.app.dispatch(ShelfCleared())
        self.app.dispatch(HintSet(None))
        self.app.dispatch(TableShown())
        self.make_players()

    def keep_new_game(self) -> None:
        """The game just dealt becomes the player's: its setup remembered, saved from now on
        (the start screen's Play takes the game dealt behind it this way)."""
        self.app.dispatch(GameKept())
        self.app.dispatch(SetupKept(self.settings))
        self.pass_for_human()
        self.app.save()

    def make_players(self) -> None:
        """The programs that play the computer's seats (a daily deal's: its own)."""
        app = self.app
        level = text_of(self.settings, "level") or default_level()
        base = app.fixed_seed
        app.players = {
            s: make_player(level, None if base is None else base * 7 + s)
            for s in range(app.game.rules.players)
            if app.model.table.seats.is_computer(s)
        }
        app.players.update(app.daily.players())  # a daily deal's programs (web.features.daily_deal)

    def pass_device(self, fresh: bool = False) -> None:
        """Pass-and-play: call the next person to the device when it is their turn."""
        deal = self.app.game.deal
        nxt = handover.next_holder(
            self.app.model.table.seats,
            self.app.game.current_player,
            self.app.model.table.human,
            deal_over=deal.is_terminal,
            fresh=fresh,
        )
        if nxt is not None:
            self.app.dispatch(DeviceCalled(nxt))
        elif not self.app.model.table.seats.pass_and_play:
            self.app.dispatch(HandoverEnded())

    def save_fields(self) -> dict[str, object]:
        """What a save keeps besides the game (web.storage.schema checks each when it is read)."""
        return {
            "human": self.app.model.table.human,
            "settings": self.settings,
            "deal_number": self.app.model.table.deal_number,
            "undo_used": self.app.model.table.undo_used,
            "recorded": self.app.model.table.recorded,
            "seats": self.app.model.table.seats.to_json(),
            "hosting": self.app.pairing.save_json(),  # other devices' seats (web.link.pairing)
            **self.app.guide.save_fields(),
            **self.app.daily.save_fields(),
        }

    def try_action(self, text: str) -> None:
        """A click on an action control: apply it or show why it is refused."""
        if self.app.pairing.guest_acts(text) or self.app.guide.refuses(text):
            return
        table, deal = self.app.model.table, self.app.game.deal
        if table.busy or table.handover is not None or deal.current_player != table.human:
            self.app.set_notice(("error.rule.not_your_turn", {}), error=True)
            self.app.render()
            return
        try:
            self.apply(text)
        except IllegalActionError as err:
            self.app.set_notice(("rule", {"rule": err.rule}), error=True)
            self.app.dom.shake(text)
            self.app.render()
            return
        except Refusal as refusal:  # the table waits for another device
            self.app.set_notice((f"link.refused.{refusal.reason}", {}), error=True)
            self.app.render()
            return
        self.app.render()
        self.app.turns.kick()

    def apply(self, action: engine.Action | str) -> None:
        """A move of a seat played here; at a hosted table it passes the host protocol,
        which tells the other devices (and refuses it while one of them is away)."""
        text = action if isinstance(action, str) else action.text()
        if not self.app.pairing.play(self.app.game.current_player, text):
            self.apply_here(text)

    def apply_here(self, action: str) -> None:
        """Carry out a checked move: the engine, the automatic passes, records, the save."""
        self.app.game.apply(engine.Action.parse(action))
        self.pass_for_human()
        self.app.records.after_action()
        self.app.dispatch(MoveMade())
        if self.app.game.deal.is_terminal:
            self.app.device.deal_finished()
        self.pass_device()
        self.app.save()

    def pass_for_human(self) -> None:
        """Automatic pass: a person won a trick and has nothing to declare."""
        if not self.app.model.prefs.auto_pass:
            return
        game, seats = self.app.game, self.app.model.table.seats
        while (seat := game.current_player) is not None and seats.is_person(seat):
            if not flow.auto_pass_due(game, seat):
                return
            self.app.auto_passes.note(game)
            game.apply(engine.Action.parse("pass"))

    def game_in_progress(self) -> bool:
        """A started, undecided game the player would lose by starting another."""
        if not self.app.model.table.has_save or game_decided(self.app.game):
            return False
        return self.app.model.table.deal_number > 1 or bool(self.app.game.deal.history)

    def start_new_game(self, setup: Setup) -> None:
        self.app.dispatch(DraftDropped())
        if self.app.guide.starts(setup) or self.app.daily.starts(setup):
            return
        if self.app.pairing.hosts(setup):
            return  # dealt once the other devices are paired (web.link.pairing)
        self.app.pairing.close()  # a game here: this device leaves a table it hosted or joined
        self.new_game(setup)
        self.app.render()
        self.app.focus_hand(0)
        self.app.turns.kick()

    def next_step(self) -> None:
        game = self.app.game
        if not game.deal.is_terminal:
            return
        if game_decided(self.app.game) and self.app.model.overlay != "game":
            self.app.dispatch(ScreenShown("game"))
            self.app.render()
            self.app.focus_first("#bz-overlay .primary, #bz-overlay button")
            return
        if game.is_terminal:
            return
        if self.app.pairing.deal_next():
            return  # dealt once every device has sent its share of the shuffle
        self.app.dispatch(ScreenShown(None))
        game.next_deal()
        self.deal_began()

    def frame_of_seat(self, game: PlayableGame, seat: int) -> SeatFrame:
        """The frame of any seat of a game hosted here (its guests' seats)."""
        deal_number = self.app.model.table.deal_number
        return seat_frame(game, seat, self.app.auto_passes.of(game), deal_number)

    def adopt_hosted(self, game: PlayableGame, setup: Setup, seats: Seats) -> None:
        """The first deal of a table hosted here, dealt by the host protocol: the game on
        the table, kept and saved from now on like any other."""
        self.put_on_table(game, setup, seats)
        self.keep_new_game()
        self.app.render()
        self.app.focus_hand(0)
        self.app.turns.kick()

    def deal_began(self) -> None:
        """The table after the next deal was dealt (here, or by the host protocol)."""
        self.app.dispatch(DealStarted())
        self.app.dispatch(ShelfCleared())
        self.pass_device(fresh=True)
        self.app.save()
        self.app.render()
        self.app.focus_hand()
        self.app.turns.kick()


def saved_seats(data: SavedGame, players: int, human: int) -> Seats:
    """A save's seat kinds; saves from before pass-and-play had one person."""
    if "seats" not in data:
        return Seats.solo(players, human)
    return Seats.from_json(data["seats"], players)
