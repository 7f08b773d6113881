"""A guest's session: it shows what the host sends about its own seat and sends actions.

The guest trusts nothing: every host message is checked like the host checks a guest's,
the host's reveal must match the host's commitment, and at a deal's end the record must
replay and its deck be the one every secret makes (``fair_deck``). The session keeps its
token and its secret in ``to_json`` so a reloaded page can rejoin and still reveal.
"""

from __future__ import annotations

import secrets as random_source
from collections.abc import Callable

from web.storage.json_data import JsonObject, as_list, as_object, get_object, get_str
from web.table.seat_frame import SeatFrame

from .fair_deck import HOST_KEY, commitment, verify_deal
from .frame_wire import KnownEvents, frame_from_json
from .wire import (
    HOST_MESSAGES,
    MAX_HOST_BYTES,
    Closed,
    DealRecord,
    HostCommit,
    HostMessage,
    HostReveal,
    Paused,
    Refusal,
    Refused,
    SeatNamed,
    State,
    Welcome,
    decode,
    encode,
)


class GuestSession:
    """One guest device's side of a table, for one seat."""

    def __init__(self, seat: int | None = None,
                 entropy: Callable[[], str] | None = None) -> None:
        self.seat = seat  # None until the host names it (its first message on a channel)
        self.entropy = entropy or (lambda: random_source.token_hex(32))
        self.token: str | None = None
        self.variant = ""
        self.options: JsonObject = {}
        self.players = 0
        self.obs: JsonObject | None = None
        self.frame: SeatFrame | None = None  # what its table draws (web.table.seat_frame)
        self.known: KnownEvents | None = None  # its events as sent and as read
        self.n = -1
        self.deal = -1
        self.secret = ""
        self.host_hash = ""
        self.hashes: dict[int, str] = {}
        self.host_secret = ""
        self.first_hand: dict[int, list[str]] = {}  # per deal: the hand first shown
        self.refusal: tuple[str, str] | None = None  # the host's last refusal
        self.problem = ""  # what was wrong with the host's last message
        self.waiting: list[int] = []
        self.host_left = False  # the host closed the table: it will not come back
        self.verdicts: dict[int, str] = {}  # per deal: "" fair, else why not
        # the last deal whose deck was fair, and its record (the whole game up to it)
        self.records: dict[int, JsonObject] = {}
        self.fresh_deal = False

    # ----- what the guest sends ---------------------------------------------------
    def hello(self) -> str:
        return encode("hello", seat=self.seat, token=self.token)

    @property
    def at(self) -> int:
        """This device's seat (a message before the host named it is refused)."""
        if self.seat is None:
            raise Refusal("not_joined")
        return self.seat

    @property
    def joined(self) -> bool:
        """The host has welcomed this device to its seat."""
        return self.token is not None and bool(self.variant)

    def act(self, action: str) -> str:
        """The message for an action (the host decides whether it stands)."""
        return encode("act", seat=self.seat, n=self.n, action=action)

    def leave(self) -> str:
        return encode("leave", seat=self.seat)

    # ----- what the host sends -------------------------------------------------------
    def receive(self, text: object) -> list[str]:
        """A host message: the replies to send. A message that does not fit is dropped
        and named in ``problem``; the session stays as it was."""
        try:
            message = decode(text, HOST_MESSAGES, MAX_HOST_BYTES)
            return self._handle(message)
        except Refusal as refusal:
            self.problem = refusal.reason
            return []

    def _handle(self, message: HostMessage) -> list[str]:
        if isinstance(message, SeatNamed):
            if self.seat is not None and message.seat != self.seat:
                raise Refusal("wrong_seat")  # a rejoin keeps its seat
            self.seat = message.seat
            return [self.hello()]
        if self.seat is None:
            raise Refusal("not_joined")
        if isinstance(message, Welcome):
            if message.seat != self.seat:
                raise Refusal("wrong_seat")
            self.token = message.token
            self.variant = message.variant
            self.options = dict(message.options)
            self.players = message.players
            return []
        if isinstance(message, HostCommit):
            return self._commit(message.deal, message.hash)
        if isinstance(message, HostReveal):
            return self._reveal(message)
        if isinstance(message, State):
            return self._state(message)
        if isinstance(message, DealRecord):
            return self._record(message)
        if isinstance(message, Refused):
            self.refusal = (message.reason, message.rule)
            return []
        if isinstance(message, Paused):
            self.waiting = list(message.waiting)
            return []
        if isinstance(message, Closed):
            self.host_left = True
            return []
        self.waiting = []  # resumed
        return []

    def _commit(self, deal: int, digest: str) -> list[str]:
        if deal < self.deal or (deal == self.deal and digest != self.host_hash):
            raise Refusal("wrong_deal")
        if deal > self.deal:  # a new deal: a new secret (a repeat keeps the first one)
            self.deal, self.host_hash, self.secret = deal, digest, self.entropy()
            self.hashes, self.host_secret = {}, ""
        return [encode("commit", seat=self.seat, deal=deal, hash=commitment(self.secret))]

    def _reveal(self, message: HostReveal) -> list[str]:
        hashes = dict(message.hashes)
        if message.deal != self.deal or not self.secret:
            raise Refusal("wrong_deal")
        if commitment(message.secret) != self.host_hash:
            raise Refusal("bad_reveal")
        if hashes.get(self.at) != commitment(self.secret):
            raise Refusal("bad_reveal")
        self.hashes, self.host_secret = hashes, message.secret
        self.fresh_deal = True  # the next state is the deal as dealt
        return [encode("reveal", seat=self.seat, deal=self.deal, secret=self.secret)]

    def _state(self, message: State) -> list[str]:
        obs = message.obs
        if message.n < self.n or obs.get("seat") != self.seat:
            raise Refusal("stale" if message.n < self.n else "wrong_seat")
        frame = frame_from_json(message.frame, self.known) if message.frame else None
        if frame is not None and frame.view.human != self.seat:
            raise Refusal("wrong_seat")
        self.n, self.obs, self.frame = message.n, dict(obs), frame
        if frame is not None:
            self.known = (as_list(message.frame["events"]) or [], frame.events)
        hand = obs.get("hand")
        if self.fresh_deal and message.deal == self.deal and isinstance(hand, list):
            self.first_hand[self.deal] = sorted(str(c) for c in hand)  # as dealt
        self.fresh_deal = False
        self.refusal = None
        return []

    def _record(self, message: DealRecord) -> list[str]:
        deal, record, secrets = message.deal, message.record, dict(message.secrets)
        hashes = dict(self.hashes)
        if deal != self.deal or not self.host_hash:
            raise Refusal("wrong_deal")
        hashes[HOST_KEY] = self.host_hash
        verdict = "secret" if secrets.get(self.at) != self.secret else ""
        verdict = verdict or verify_deal(record, deal, hashes, secrets)
        if (not verdict and deal in self.first_hand  # the deal just played: the record's last
                and last_hand(record, self.at) != self.first_hand[deal]):
            verdict = "hand"
        self.verdicts[deal] = verdict
        if not verdict:
            self.records = {deal: record}
        return []

    # ----- saves ---------------------------------------------------------------------
    def to_json(self) -> dict[str, object]:
        """What a reloaded page needs to rejoin and still check this deal's deck: the seat,
        the token, this deal's secret and every device's commitment to it."""
        return {"seat": self.seat, "token": self.token, "deal": self.deal,
                "secret": self.secret, "host_hash": self.host_hash,
                "hashes": {str(s): h for s, h in self.hashes.items()}}

    @classmethod
    def from_json(cls, data: JsonObject) -> GuestSession:
        """A kept session (``to_json``'s; ValueError: one without its seat)."""
        seat = data.get("seat")
        if type(seat) is not int:
            raise ValueError("a kept guest session names its seat")
        guest = cls(seat)
        token = data.get("token")
        guest.token = token if isinstance(token, str) else None
        deal = data.get("deal", -1)
        guest.deal = deal if type(deal) is int else -1
        guest.secret = get_str(data, "secret")
        guest.host_hash = get_str(data, "host_hash")
        guest.hashes = {int(s): str(h) for s, h in get_object(data, "hashes").items()}
        return guest


def last_hand(record: JsonObject, seat: int) -> list[str]:
    """The cards ``seat`` was dealt in the record's last deal (the one just played), sorted;
    [] where the record holds no such hand."""
    deals = as_list(record.get("deals")) or []
    last = as_object(deals[-1]) if deals else None
    hands = as_list(last.get("hands")) if last is not None else None
    hand = as_list(hands[seat]) if hands is not None and seat < len(hands) else None
    cards = [c for c in hand or [] if isinstance(c, str)]
    return sorted(cards) if hand is not None and len(cards) == len(hand) else []
