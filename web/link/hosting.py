"""A table hosted on this device for players on other devices (two devices, one table).

Why a module of its own: the table's controller plays a hosted game like any other (the
engine's game, saved and recorded here); what hosting adds is the pairing of each other
device's seat, the link to it, and the rule that every move, this device's too, passes
the host protocol (``web.link.link_host.HostTable``) so that each guest hears of it.

The host's engine is the only authority. A guest's message goes to ``HostTable.receive``,
which checks it and, for a move, carries it out through the table's own apply (so it is
saved and recorded like a move made here); whatever it sends back goes out on the links.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.playable import PlayableGame
from web.link.link_host import COMPUTER, HERE, REMOTE, HostTable, Send
from web.link.wire import Refusal
from web.state.seats import Seats
from web.storage.json_data import JsonObject, JsonValue

CONNECTED, WAITING, OFFERING = "connected", "waiting", "offering"


class LinkHandle(Protocol):
    """One link to one other device (``web.link.transport``)."""

    def offer(self, done: Callable[[str, str], None]) -> None: ...
    def answer(self, code: str, done: Callable[[str, str], None]) -> None: ...
    def accept(self, code: str, done: Callable[[str, str], None]) -> None: ...
    def send(self, text: str) -> bool: ...
    def close(self) -> None: ...


class Transport(Protocol):
    def new_link(self, on_message: Callable[[str], None],
                 on_state: Callable[[str], None]) -> LinkHandle: ...


class HostApp(Protocol):
    """What hosting asks of the table's controller."""

    def apply_here(self, action: str) -> None: ...
    def frame_for(self, seat: int) -> JsonObject: ...
    def link_dealt(self, game: PlayableGame, first: bool) -> None: ...
    def link_changed(self) -> None: ...


@dataclass
class SeatLink:
    """One other device's seat: its link, the code shown for it, and how it stands."""

    handle: LinkHandle | None = None
    offer: str = ""  # the host's code for this seat ("" while it is being made)
    state: str = OFFERING  # offering | connected | waiting
    problem: str = ""  # a catalog key: why the last code typed for it did not pair
    lost: bool = False  # it was connected and dropped: the table waits for it


def protocol_seats(seats: Seats) -> list[str]:
    """The table's seat kinds as the host protocol names them."""
    return [REMOTE if s in seats.devices() else COMPUTER if seats.is_computer(s) else HERE
            for s in range(seats.players)]


class Hosting:
    """The host's side of a table shared with other devices."""

    def __init__(self, app: HostApp, transport: Transport, variant: str,
                 options: Mapping[str, JsonValue], seats: Seats, dealer: int,
                 entropy: Callable[[], str] | None = None) -> None:
        self.app = app
        self.transport = transport
        self.table = HostTable(variant, dict(options), protocol_seats(seats), dealer=dealer,
                               entropy=entropy)
        self.table.apply_move = app.apply_here
        self.table.frame_of = app.frame_for
        self.links: dict[int, SeatLink] = {s: SeatLink() for s in seats.devices()}
        self.dealt = -1  # the last deal number the table was told of
        self.game: PlayableGame | None = None  # the game the table was given (a rematch's)

    @classmethod
    def resume(cls, app: HostApp, transport: Transport, data: object, game: PlayableGame,
               seats: Seats, entropy: Callable[[], str] | None = None) -> Hosting:
        """The table saved by a host page that was reloaded: every device pairs again and
        gets its seat back (ValueError: a save whose table does not fit its game)."""
        hosting = cls(app, transport, game.rules.name, dict(game.rules.options), seats, 0,
                      entropy)
        hosting.table = HostTable.restore(data, game.rules.name, dict(game.rules.options),
                                          game)
        if protocol_seats(seats) != hosting.table.seats:
            raise ValueError("hosting: the seats do not fit the save's")
        hosting.table.apply_move = app.apply_here
        hosting.table.frame_of = app.frame_for
        hosting.dealt, hosting.game = hosting.table.deal_number, game
        for link in hosting.links.values():
            link.lost = True
        return hosting

    # ----- pairing ---------------------------------------------------------------
    def invite(self, seat: int) -> None:
        """A fresh link and code for ``seat`` (its first pairing, or pairing again)."""
        old = self.links[seat]
        if old.handle is not None:
            old.handle.close()
        link = SeatLink(lost=old.lost or old.state != OFFERING)
        self.links[seat] = link
        link.handle = self.transport.new_link(lambda text: self.on_message(seat, text),
                                              lambda state: self.on_state(seat, state))

        def offered(code: str, error: str) -> None:
            if self.links.get(seat) is link:
                link.offer, link.problem = code, ("pair.problem.offer" if error else "")
                self.app.link_changed()

        link.handle.offer(offered)

    def invite_all(self) -> None:
        for seat in self.links:
            self.invite(seat)

    def accept(self, seat: int, code: str) -> None:
        """The guest's code for ``seat``, typed, pasted or scanned on this device."""
        link = self.links.get(seat)
        if link is None or link.handle is None:
            return
        code = code.strip()
        if not code:
            link.problem = "pair.problem.empty"
            self.app.link_changed()
            return

        def accepted(_: str, error: str) -> None:
            link.problem = "pair.problem.code" if error else ""
            self.app.link_changed()

        link.handle.accept(code, accepted)

    # ----- the links' events ---------------------------------------------------------
    def on_state(self, seat: int, state: str) -> None:
        link = self.links.get(seat)
        if link is None:
            return
        if state == CONNECTED and link.state != CONNECTED:
            link.state, link.problem = CONNECTED, ""
            self.send(self.table.opened(seat))
        elif state != CONNECTED and link.state == CONNECTED:
            link.state = WAITING
            self.send(self.table.disconnected(seat))
            self.invite(seat)  # a fresh code at once, for the device to pair again
        self.app.link_changed()

    def on_message(self, seat: int, text: str) -> None:
        """A guest's message: the host protocol decides; a deal dealt is the table's."""
        self.send(self.table.receive(seat, text))
        self.after()

    # ----- the table's own moves and deals -----------------------------------------
    def play(self, seat: int, action: str) -> None:
        """A move of a seat played here (a person or the computer): Refusal if the table
        waits for a device, or it is not that seat's turn; the engine's error if illegal."""
        self.send(self.table.act(seat, action))

    def start(self) -> None:
        """Deal the first deal, or the next one, once every device is here."""
        if self.table.waiting:
            return
        try:
            self.send(self.table.start_deal())
        except Refusal:
            return  # not now (a deal being dealt, or under way)
        self.after()

    def after(self) -> None:
        """Tell the table of a deal the protocol dealt (the first one: the game itself);
        deal as soon as the last device joined."""
        table = self.table
        if table.phase == "joining" and not table.waiting and all(
                link.state == CONNECTED for link in self.links.values()):
            self.start()
            return
        game = table.game
        if game is not None and table.phase == "playing" and table.deal_number != self.dealt:
            first = game is not self.game  # the first deal of a game (a rematch's too)
            self.dealt, self.game = table.deal_number, game
            self.app.link_dealt(game, first)
        else:
            self.app.link_changed()

    def rematch(self) -> None:
        """A new game at this table once the game is over, with the same devices."""
        try:
            self.send(self.table.rematch())
        except Refusal:
            return  # not over yet, or a device is away (its notice says so)
        self.after()

    def give_to_computer(self, seat: int) -> None:
        """A device that left (or will not come back): the computer plays its seat."""
        link = self.links.pop(seat, None)
        if link is None:
            return
        if link.handle is not None:
            link.handle.close()
        self.send(self.table.give_to_computer(seat))
        self.after()

    def send(self, sends: Sequence[Send]) -> None:
        for item in sends:
            link = self.links.get(item.seat)
            if link is not None and link.handle is not None:
                link.handle.send(item.text)

    # ----- what the table shows ----------------------------------------------------------
    @property
    def waiting(self) -> list[int]:
        """Seats whose device the table waits for (empty: play on)."""
        return [s for s, link in self.links.items() if link.state != CONNECTED]

    @property
    def playing(self) -> bool:
        """The first deal was dealt: the table is under way."""
        return self.dealt >= 0

    def close(self) -> None:
        """The host leaves: the devices are told (their tables say so), then let go."""
        self.send(self.table.closing())
        for link in self.links.values():
            if link.handle is not None:
                link.handle.close()
