"""This device as a guest at a table hosted on another device (two devices, one table).

Why a module of its own: a guest holds no game. It draws what the host sends about its
own seat (``web.link.link_guest.GuestSession`` checks every message), sends the player's
moves for the host's engine to judge, and checks the deck of every finished deal. The
table's controller asks this module what to draw and where a move goes.
"""

from __future__ import annotations

import json
from typing import Protocol

from web import storage
from web.link.hosting import CONNECTED, OFFERING, WAITING, LinkHandle, Transport
from web.link.link_guest import GuestSession
from web.storage import KeyValue, schema
from web.storage.json_data import JsonObject

ANSWERING = "answering"
# The seat this device holds at another device's table: a reloaded page rejoins with it.
GUEST_KEY = "bezique.guest"


def _session(data: JsonObject) -> JsonObject:
    """A kept guest session: its seat, token and deal's share (as GuestSession keeps them;
    ``schema.Obj`` checked it is an object first)."""
    GuestSession.from_json(data)
    return data


GUEST = schema.register(GUEST_KEY, schema.Custom(_session, schema.Obj({
    "seat": schema.Int(0, 7), "token": schema.Str(32), "deal": schema.Int(-1, 100_000),
    "secret": schema.Str(64), "host_hash": schema.Str(64),
    "hashes": schema.MapOf(schema.Str(64), keys=schema.Str(1), max_len=8)},
    optional={"hashes"})))


def kept_session(store: KeyValue) -> GuestSession | None:
    """The guest session a page left before it was reloaded (None: none, or set aside)."""
    loaded = schema.load(store, GUEST)
    return None if loaded.value is None else GuestSession.from_json(loaded.value)


def keep_session(store: KeyValue, session: GuestSession | None) -> None:
    """Keep (or, with None, forget) this device's seat at another device's table."""
    if session is None or session.token is None:
        storage.remove(store, GUEST_KEY)
    else:
        storage.set_text(store, GUEST_KEY, json.dumps(session.to_json()))


class GuestApp(Protocol):
    """What joining asks of the table's controller."""

    def link_changed(self) -> None: ...


class Joining:
    """The guest's side: the link to the host and the session over it."""

    def __init__(self, app: GuestApp, transport: Transport,
                 session: GuestSession | None = None) -> None:
        self.app = app
        self.transport = transport
        self.session = session or GuestSession()
        self.handle: LinkHandle | None = None
        self.answer = ""  # this device's code for the host ("" until made)
        self.state = OFFERING  # offering (no code yet) | answering | connected | waiting
        self.problem = ""  # a catalog key: why the host's code did not pair

    def pair(self, code: str) -> None:
        """The host's code, typed, pasted or scanned: answer it with this device's code."""
        code = code.strip()
        if not code:
            self.problem = "pair.problem.empty"
            self.app.link_changed()
            return
        if self.handle is not None:
            self.handle.close()
        self.answer, self.problem, self.state = "", "", OFFERING
        handle = self.transport.new_link(self.on_message, self.on_state)
        self.handle = handle

        def answered(answer: str, error: str) -> None:
            if self.handle is not handle:
                return
            if error:
                self.problem = "pair.problem.code"
            else:
                self.answer, self.state = answer, ANSWERING
            self.app.link_changed()

        handle.answer(code, answered)

    def rejoin(self) -> None:
        """Pair again after the link dropped: a new code from the host, the same seat (the
        session keeps its token, so the host gives this device its seat back)."""
        if self.handle is not None:
            self.handle.close()
            self.handle = None
        self.answer, self.problem, self.state = "", "", OFFERING

    def on_state(self, state: str) -> None:
        if state == CONNECTED:
            self.state = CONNECTED
        elif self.state == CONNECTED:
            self.state = WAITING
        self.app.link_changed()

    def on_message(self, text: str) -> None:
        for reply in self.session.receive(text):
            self.send(reply)
        self.app.link_changed()

    def act(self, action: str) -> bool:
        """Send the player's move (the host's engine judges it); False when not linked."""
        if self.state != CONNECTED or self.session.seat is None:
            return False
        self.session.refusal = None
        return self.send(self.session.act(action))

    def send(self, text: str) -> bool:
        return bool(self.handle is not None and self.handle.send(text))

    def leave(self) -> None:
        if self.state == CONNECTED and self.session.seat is not None:
            self.send(self.session.leave())
        if self.handle is not None:
            self.handle.close()
            self.handle = None

    @property
    def seated(self) -> bool:
        """The host has dealt this device a seat's view: its table can be drawn."""
        return self.session.joined and self.session.obs is not None
