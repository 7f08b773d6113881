"""The wire format between host and guests: versioned JSON objects, strictly checked.

Why strict: a guest's device is not trusted, and neither is a host's message to a guest.
Every message is one JSON object ``{"v": 1, "t": <type>, ...}`` with exactly the fields its
type names, each of the expected JSON type and size; anything else is refused with a
reason code (``Refusal``) that the table shows from the catalogs, and nothing changes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

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


def _int(value: Any) -> bool:
    return type(value) is int and 0 <= value < 2**31


def _seat(value: Any) -> bool:
    return type(value) is int and 0 <= value < 8


def _hex64(value: Any) -> bool:
    return isinstance(value, str) and HEX64.fullmatch(value) is not None


def _token(value: Any) -> bool:
    return isinstance(value, str) and TOKEN.fullmatch(value) is not None


def _action(value: Any) -> bool:
    return (isinstance(value, str) and 0 < len(value) <= MAX_ACTION_CHARS
            and value.isprintable())


def _dict(value: Any) -> bool:
    return isinstance(value, dict)


def _seat_map(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    def ok(value: Any) -> bool:
        return isinstance(value, dict) and len(value) <= 8 and all(
            k.isdigit() and len(k) == 1 and check(v) for k, v in value.items())
    return ok


def _opt_token(value: Any) -> bool:
    return value is None or _token(value)


def _seats(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= 8 and all(_seat(s) for s in value)


def _reason(value: Any) -> bool:
    return value in REASONS


def _rule(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 64


# What a guest may send: type -> its fields and their checks.
GUEST_MESSAGES: dict[str, dict[str, Callable[[Any], bool]]] = {
    "hello": {"seat": _seat, "token": _opt_token},
    "commit": {"seat": _seat, "deal": _int, "hash": _hex64},
    "reveal": {"seat": _seat, "deal": _int, "secret": _hex64},
    "act": {"seat": _seat, "n": _int, "action": _action},
    "leave": {"seat": _seat},
}

# What a host may send to a guest.
HOST_MESSAGES: dict[str, dict[str, Callable[[Any], bool]]] = {
    "seat": {"seat": _seat},  # the seat this channel is for: the guest answers with hello
    "welcome": {"seat": _seat, "token": _token, "variant": _rule, "options": _dict,
                "players": _seat},
    "commit": {"deal": _int, "hash": _hex64},
    "reveal": {"deal": _int, "secret": _hex64, "hashes": _seat_map(_hex64)},
    "state": {"n": _int, "deal": _int, "obs": _dict, "frame": _dict},
    "record": {"deal": _int, "record": _dict, "secrets": _seat_map(_hex64)},
    "refused": {"reason": _reason, "rule": _rule},
    "paused": {"waiting": _seats},
    "resumed": {},
    "closed": {},  # the host left the table (a game of its own): nobody will deal again
}


@dataclass(frozen=True)
class Message:
    """A checked message: its type and its fields (``v`` and ``t`` removed)."""

    kind: str
    fields: Mapping[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"duplicate key {key!r}")
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"not JSON: {name}")


def decode(text: Any, catalog: Mapping[str, Mapping[str, Callable[[Any], bool]]],
           limit: int) -> Message:
    """Parse and check one message against ``catalog`` (Refusal if it does not fit)."""
    if not isinstance(text, str):
        raise Refusal("malformed")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise Refusal("too_large")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates,
                          parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refusal("malformed") from None
    if not isinstance(data, dict):
        raise Refusal("malformed")
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise Refusal("version")
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in catalog:
        raise Refusal("unknown_type")
    spec = catalog[kind]
    fields = {k: v for k, v in data.items() if k not in ("v", "t")}
    if set(fields) != set(spec) or not all(spec[k](fields[k]) for k in spec):
        raise Refusal("malformed")
    return Message(kind, fields)


def encode(kind: str, **fields: Any) -> str:
    """One message as compact JSON text."""
    return json.dumps({"v": VERSION, "t": kind, **fields}, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False)
