"""A seat's frame (``web.table.seat_frame.SeatFrame``) as JSON, and back, strictly.

Why strict: the frame comes from the host, which a guest does not trust. It is read by
the types the frame's classes declare (dataclasses, NamedTuples, lists, tuples, unions
with None): a field missing or unknown, a value of another type, a list longer than a
table can hold, a text longer than a card's or a name's, anything nested deeper than a
frame is, is refused (``Refusal("malformed")``) and the guest's table stays as it was.
A card of another seat would read as well-formed: privacy is the host's duty, and its
tests (tests/web/test_two_devices.py) check every frame sent for other seats' cards.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import TypeVar, Union

from engine import RecordError
from engine.log_events import SeatEvent, log_event
from web.storage.json_data import JsonObject, JsonValue, as_list, as_object
from web.table.flow import AUTO_PASS, KONTR, TURNUP_SEVEN, VIDO_EVENTS, TableEvent, TurnupSevenEvent
from web.table.seat_frame import SeatFrame

from .wire import Refusal

MAX_ITEMS = 2000  # the longest list of a frame: an eight-pack deal's log (about 1,000), with room
MAX_TEXT = 200
MAX_DEPTH = 8
# The table's own kinds of event (web.table.flow.table_log); the engine's are the log's own.
TABLE_EVENT_CLASSES: dict[str, type[TableEvent]] = {
    TURNUP_SEVEN: TurnupSevenEvent,
    AUTO_PASS: SeatEvent,
    **{KONTR + kind: SeatEvent for kind in VIDO_EVENTS},
}


# The events of the last frame written or read, as JSON and as events: a frame repeats the
# deal's log so far, and only what follows the part already done needs writing or reading
# (each state would otherwise go through the whole log again).
KnownEvents = tuple[list[JsonValue], tuple[TableEvent, ...]]
T = TypeVar("T")


def frame_to_json(frame: SeatFrame, known: KnownEvents | None = None) -> JsonObject:
    """The frame as JSON values (the view's call-outs are this device's: left out);
    ``known``: the events of the frame written before, reused where the log repeats them."""
    view = as_object(_encode(frame.view))
    assert view is not None  # a dataclass: an object
    view.pop("callouts", None)
    done: list[JsonValue] = []
    if known is not None and frame.events[:len(known[1])] == known[1]:
        done = known[0]
    return {"view": view,
            "events": done + [_encode(event) for event in frame.events[len(done):]]}


def frame_from_json(data: JsonObject, known: KnownEvents | None = None) -> SeatFrame:
    """A frame from JSON values, checked by its declared types (Refusal if it does not fit);
    ``known``: the events of the frame read before, reused where the log repeats them."""
    from web.view.table_view import TableView

    try:
        if set(data) != {"view", "events"}:
            raise ValueError("frame")
        found = as_object(data["view"])
        view = None if found is None else dict(found)
        if view is None or "callouts" in view:
            raise ValueError("view")
        view["callouts"] = []  # this device's own (read as an empty list, whatever its type)
        events = as_list(data["events"])
        if events is None or len(events) > MAX_ITEMS:
            raise ValueError("events")
        done: tuple[TableEvent, ...] = ()
        if known is not None and events[:len(known[0])] == known[0]:
            done = known[1]
        return SeatFrame(_read(TableView, view, 0),
                         done + tuple(_event(e) for e in events[len(done):]))
    except (ValueError, TypeError, KeyError, RecursionError, RecordError):
        raise Refusal("malformed") from None


def _encode(value: object) -> JsonValue:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):  # a NamedTuple too: its items in order
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"not a frame's value: {value!r}")


def _event(data: JsonValue) -> TableEvent:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError("event")
    cls = TABLE_EVENT_CLASSES.get(data[0]) or type(log_event(data))  # RecordError: no kind
    return _read(cls, data, 1)


@cache
def _hints(cls: type) -> dict[str, object]:
    return typing.get_type_hints(cls)


def _read(cls: type[T], data: JsonValue, depth: int) -> T:
    """``data`` read as an instance of ``cls`` (ValueError when it is not one)."""
    value = _decode(cls, data, depth)
    if not isinstance(value, cls):
        raise ValueError(f"not a {cls.__name__}")
    return value


def _decode(tp: object, data: JsonValue, depth: int) -> object:
    """``data`` read as type ``tp`` (ValueError when it is not one, or a type this reader
    does not know)."""
    if depth > MAX_DEPTH:
        raise ValueError("too deep")
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        for option in options:
            if option is not type(None):
                return _decode(option, data, depth)
        raise ValueError("union")
    if tp is bool:
        if type(data) is not bool:
            raise ValueError("bool")
        return data
    if tp is int:
        if type(data) is not int or abs(data) > 2**53:
            raise ValueError("int")
        return data
    if tp is str:
        if not isinstance(data, str) or len(data) > MAX_TEXT or not data.isprintable():
            raise ValueError("str")
        return data
    if origin in (list, tuple):
        if not isinstance(data, list) or len(data) > MAX_ITEMS:
            raise ValueError("list")
        args = typing.get_args(tp)
        if origin is list:
            return [_decode(args[0], v, depth + 1) for v in data]
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, depth + 1) for v in data)
        if len(args) != len(data):
            raise ValueError("tuple length")
        return tuple(_decode(a, v, depth + 1) for a, v in zip(args, data, strict=True))
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        if not isinstance(data, dict) or len(data) > MAX_ITEMS:
            raise ValueError("dict")
        return {_decode(key_type, k, depth + 1): _decode(value_type, v, depth + 1)
                for k, v in data.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        names = [f.name for f in dataclasses.fields(tp)]
        if not isinstance(data, dict) or set(data) != set(names):
            raise ValueError(f"{tp.__name__} fields")
        return tp(**{n: _decode(hints[n], data[n], depth + 1) for n in names})
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = _hints(tp)
        if not isinstance(data, list) or len(data) != len(tp._fields):
            raise ValueError(f"{tp.__name__} items")
        make: Callable[..., object] = tp  # a NamedTuple: its fields in order
        return make(*(_decode(hints[n], v, depth + 1)
                      for n, v in zip(tp._fields, data, strict=True)))
    raise ValueError(f"no reading for {tp!r}")
