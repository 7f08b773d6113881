"""The wire format between host and guests: versioned JSON objects, strictly checked.

Why strict: a guest's device is not trusted, and neither is a host's message to a guest.
Every message is one JSON object ``{"v": 1, "t": <type>, ...}`` with exactly the fields its
type names, each of the expected JSON type and size; anything else is refused with a
reason code (``Refusal``) that the table shows from the catalogs, and nothing changes.
A message that fits is read into its typed class (``Hello``, ``State``, ...): what follows
the check works with those, never with the raw JSON.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Self, TypeVar

from web.storage.json_data import JsonObject, JsonValue, as_object

VERSION = 1
# A guest sends actions and short handshakes; a host sends observations and, at a deal's
# end, the deal's record. Bigger than these is refused before it is parsed.
MAX_GUEST_BYTES = 2048
MAX_HOST_BYTES = 256 * 1024
MAX_ACTION_CHARS = 64
HEX64 = re.compile(r"[0-9a-f]{64}")
TOKEN = re.compile(r"[0-9a-f]{32}")

# Reason codes a refusal carries (catalog keys ``link.refused.<code>``).
REASONS = (
    "too_large", "malformed", "version", "unknown_type", "wrong_seat", "bad_token",
    "not_joined", "not_now", "wrong_deal", "already_committed", "bad_reveal", "stale",
    "not_your_turn", "illegal", "paused", "left",
)


class Refusal(Exception):
    """A message refused: its reason code (``REASONS``) and, for an illegal action, the
    engine's rule."""

    def __init__(self, reason: str, rule: str = "") -> None:
        super().__init__(reason if not rule else f"{reason}: {rule}")
        self.reason = reason
        self.rule = rule


def _malformed() -> Refusal:
    return Refusal("malformed")


# ----- the readers of fields: a value of the expected JSON type and size, or Refusal --------
def _count(value: JsonValue) -> int:
    """A state or deal number (not a bool, which JSON would also take for a number)."""
    if type(value) is int and 0 <= value < 2**31:
        return value
    raise _malformed()


def _seat(value: JsonValue) -> int:
    if type(value) is int and 0 <= value < 8:
        return value
    raise _malformed()


def _hex64(value: JsonValue) -> str:
    if isinstance(value, str) and HEX64.fullmatch(value) is not None:
        return value
    raise _malformed()


def _token(value: JsonValue) -> str:
    if isinstance(value, str) and TOKEN.fullmatch(value) is not None:
        return value
    raise _malformed()


def _opt_token(value: JsonValue) -> str | None:
    return None if value is None else _token(value)


def _action(value: JsonValue) -> str:
    if isinstance(value, str) and 0 < len(value) <= MAX_ACTION_CHARS and value.isprintable():
        return value
    raise _malformed()


def _object(value: JsonValue) -> JsonObject:
    found = as_object(value)
    if found is None:
        raise _malformed()
    return found


def _seat_hashes(value: JsonValue) -> dict[int, str]:
    """Hex digests (or secrets) by seat, each seat one digit on the wire."""
    found = as_object(value)
    if found is None or len(found) > 8 or not all(
            k.isdigit() and len(k) == 1 for k in found):
        raise _malformed()
    try:
        return {int(k): _hex64(v) for k, v in found.items()}
    except ValueError:  # a digit int() does not read (a superscript two, say)
        raise _malformed() from None


def _seats(value: JsonValue) -> tuple[int, ...]:
    if isinstance(value, list) and len(value) <= 8:
        return tuple(_seat(s) for s in value)
    raise _malformed()


def _reason(value: JsonValue) -> str:
    if isinstance(value, str) and value in REASONS:
        return value
    raise _malformed()


def _rule(value: JsonValue) -> str:
    if isinstance(value, str) and len(value) <= 64:
        return value
    raise _malformed()


# ----- the messages ------------------------------------------------------------------------
@dataclass(frozen=True)
class WireMessage:
    """A checked message of type ``kind``: its fields (``v`` and ``t`` aside) are the
    dataclass's, in the order they go on the wire."""

    kind: ClassVar[str]

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        """The message from fields named as the class's (Refusal: a value does not fit)."""
        raise NotImplementedError


# What a guest may send.
@dataclass(frozen=True)
class Hello(WireMessage):
    """A guest on its seat's channel: its token (None the first time)."""

    kind: ClassVar[str] = "hello"
    seat: int
    token: str | None

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_seat(fields["seat"]), _opt_token(fields["token"]))


@dataclass(frozen=True)
class Commit(WireMessage):
    """A guest's commitment to its share of deal ``deal``'s shuffle."""

    kind: ClassVar[str] = "commit"
    seat: int
    deal: int
    hash: str

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_seat(fields["seat"]), _count(fields["deal"]), _hex64(fields["hash"]))


@dataclass(frozen=True)
class Reveal(WireMessage):
    """A guest's share of the shuffle, once every commitment is in."""

    kind: ClassVar[str] = "reveal"
    seat: int
    deal: int
    secret: str

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_seat(fields["seat"]), _count(fields["deal"]), _hex64(fields["secret"]))


@dataclass(frozen=True)
class Act(WireMessage):
    """A guest's move, made on state number ``n``."""

    kind: ClassVar[str] = "act"
    seat: int
    n: int
    action: str

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_seat(fields["seat"]), _count(fields["n"]), _action(fields["action"]))


@dataclass(frozen=True)
class Leave(WireMessage):
    kind: ClassVar[str] = "leave"
    seat: int

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_seat(fields["seat"]))


GuestMessage = Hello | Commit | Reveal | Act | Leave


# What a host may send to a guest.
@dataclass(frozen=True)
class SeatNamed(WireMessage):
    """The seat this channel is for: the guest answers with hello."""

    kind: ClassVar[str] = "seat"
    seat: int

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_seat(fields["seat"]))


@dataclass(frozen=True)
class Welcome(WireMessage):
    """The guest is seated: its token for a rejoin, and the game's choices."""

    kind: ClassVar[str] = "welcome"
    seat: int
    token: str
    variant: str
    options: JsonObject
    players: int

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_seat(fields["seat"]), _token(fields["token"]), _rule(fields["variant"]),
                   _object(fields["options"]), _seat(fields["players"]))


@dataclass(frozen=True)
class HostCommit(WireMessage):
    """The host's commitment to its share of deal ``deal``'s shuffle."""

    kind: ClassVar[str] = "commit"
    deal: int
    hash: str

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_count(fields["deal"]), _hex64(fields["hash"]))


@dataclass(frozen=True)
class HostReveal(WireMessage):
    """The host's share, and every device's commitment it holds (by seat)."""

    kind: ClassVar[str] = "reveal"
    deal: int
    secret: str
    hashes: dict[int, str]

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_count(fields["deal"]), _hex64(fields["secret"]),
                   _seat_hashes(fields["hashes"]))


@dataclass(frozen=True)
class State(WireMessage):
    """State number ``n``: the seat's observation and its frame ({}: none), each still
    JSON (the guest checks them where it reads them)."""

    kind: ClassVar[str] = "state"
    n: int
    deal: int
    obs: JsonObject
    frame: JsonObject

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_count(fields["n"]), _count(fields["deal"]), _object(fields["obs"]),
                   _object(fields["frame"]))


@dataclass(frozen=True)
class DealRecord(WireMessage):
    """A deal's end: the game's record and every share of its shuffle (by seat)."""

    kind: ClassVar[str] = "record"
    deal: int
    record: JsonObject
    secrets: dict[int, str]

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_count(fields["deal"]), _object(fields["record"]),
                   _seat_hashes(fields["secrets"]))


@dataclass(frozen=True)
class Refused(WireMessage):
    """The guest's last message refused: its reason code and, for a move, the rule."""

    kind: ClassVar[str] = "refused"
    reason: str
    rule: str

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_reason(fields["reason"]), _rule(fields["rule"]))


@dataclass(frozen=True)
class Paused(WireMessage):
    """The table waits for the devices of these seats."""

    kind: ClassVar[str] = "paused"
    waiting: tuple[int, ...]

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls(_seats(fields["waiting"]))


@dataclass(frozen=True)
class Resumed(WireMessage):
    kind: ClassVar[str] = "resumed"

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls()


@dataclass(frozen=True)
class Closed(WireMessage):
    """The host left the table (a game of its own): nobody will deal again."""

    kind: ClassVar[str] = "closed"

    @classmethod
    def read(cls, fields: JsonObject) -> Self:
        return cls()


HostMessage = (SeatNamed | Welcome | HostCommit | HostReveal | State | DealRecord | Refused
               | Paused | Resumed | Closed)

M = TypeVar("M", bound=WireMessage)


def _catalog(*classes: type[M]) -> dict[str, type[M]]:
    return {cls.kind: cls for cls in classes}


# type -> its class, whose fields name what the message must hold
GUEST_MESSAGES: dict[str, type[GuestMessage]] = _catalog(Hello, Commit, Reveal, Act, Leave)
HOST_MESSAGES: dict[str, type[HostMessage]] = _catalog(
    SeatNamed, Welcome, HostCommit, HostReveal, State, DealRecord, Refused, Paused, Resumed,
    Closed)


def _no_duplicates(pairs: list[tuple[str, JsonValue]]) -> JsonObject:
    data: JsonObject = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"duplicate key {key!r}")
        data[key] = value
    return data


def _no_constant(name: str) -> JsonValue:
    raise ValueError(f"not JSON: {name}")


def decode(text: object, catalog: Mapping[str, type[M]], limit: int) -> M:
    """Parse and check one message against ``catalog``: the message read into its class
    (Refusal if it does not fit)."""
    if not isinstance(text, str):
        raise Refusal("malformed")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise Refusal("too_large")
    try:
        parsed: JsonValue = json.loads(text, object_pairs_hook=_no_duplicates,
                                       parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refusal("malformed") from None
    data = as_object(parsed)
    if data is None:
        raise Refusal("malformed")
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise Refusal("version")
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in catalog:
        raise Refusal("unknown_type")
    cls = catalog[kind]
    fields = {k: v for k, v in data.items() if k not in ("v", "t")}
    if set(fields) != {f.name for f in dataclasses.fields(cls)}:
        raise Refusal("malformed")
    return cls.read(fields)


def encode(kind: str, **fields: object) -> str:
    """One message as compact JSON text (its fields in the order given: the wire's)."""
    return json.dumps({"v": VERSION, "t": kind, **fields}, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False)
