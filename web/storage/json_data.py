"""The shape of JSON data as it comes off storage, files and the wire, typed.

Data read from outside is a ``JsonValue`` until it is checked; the readers below narrow
it with a clear fallback (never a guess), so a module that reads stored or received data
says what it expects in its types instead of trusting what it is given.
"""

from __future__ import annotations

from typing import TypeAlias, TypeGuard

JsonValue: TypeAlias = bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"] | None
JsonObject: TypeAlias = "dict[str, JsonValue]"


def as_object(value: object) -> JsonObject | None:
    """``value`` as a JSON object (None: it is not one)."""
    return value if isinstance(value, dict) else None


def as_list(value: object) -> list[JsonValue] | None:
    """``value`` as a JSON array (None: it is not one)."""
    return value if isinstance(value, list) else None


def get_int(data: JsonObject, key: str, default: int = 0) -> int:
    """An integer field (not a bool, which JSON would also take for a number)."""
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def get_str(data: JsonObject, key: str, default: str = "") -> str:
    value = data.get(key)
    return value if isinstance(value, str) else default


def get_object(data: JsonObject, key: str) -> JsonObject:
    """A nested object (an empty one when it is missing or not an object)."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def is_json(value: object) -> TypeGuard[JsonValue]:
    """``value`` is made only of JSON's kinds (walks lists and objects; keys are text)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, list):
        return all(is_json(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_json(v) for k, v in value.items())
    return False
