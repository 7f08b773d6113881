"""localStorage access that never raises (storage full, disabled, private mode).

What is read back is checked by web.storage.schema before use; web.storage.keeper writes the save.
A save is versioned JSON (``encode``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from typing import Protocol

from web.storage.json_data import JsonValue

KEY_PREFIX = "bezique."  # every key the app keeps begins so (the shell's own do not)
SAVE_KEY = "bezique.save"
LANG_KEY = "bezique.lang"
SETTINGS_KEY = "bezique.settings"
BROKEN = ".broken."  # <key>.broken.<stamp>: a value set aside (web.storage.schema)
ASIDE_PREFIX = SAVE_KEY + BROKEN
FORMAT = "bezique-save"
VERSION = 1


class KeyValue(Protocol):
    """localStorage's interface (also a dict-backed fake in tests)."""

    @property
    def length(self) -> int: ...

    def key(self, index: int) -> str | None: ...

    def getItem(self, key: str) -> object: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...


class MemoryStorage:
    """A dict with the Web Storage API, for tests and private browsing."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, index: int) -> str | None:
        names = list(self.data)
        return names[index] if 0 <= index < len(names) else None

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


def _get(store: KeyValue, key: str) -> str | None:
    try:
        value = store.getItem(key)
    except Exception:  # storage disabled by the browser
        return None
    # Web Storage returns a string or null (Pyodide's jsnull, not None).
    return value if isinstance(value, str) else None


def _set(store: KeyValue, key: str, value: str) -> bool:
    try:
        store.setItem(key, value)
    except Exception:  # quota or disabled storage: play on without saving
        return False
    return True


def encode(game_json: JsonValue, extra: Mapping[str, object]) -> str:
    return json.dumps(
        {"format": FORMAT, "version": VERSION, "game": game_json, **extra}, separators=(",", ":")
    )


def remove(store: KeyValue, key: str) -> None:
    with contextlib.suppress(Exception):  # storage disabled: nothing to remove
        store.removeItem(key)


def keys(store: KeyValue) -> list[str]:
    """Every key in the store ([] when the browser refuses to list them)."""
    try:
        count = int(store.length)
        names = [store.key(i) for i in range(count)]
    except Exception:
        return []
    return [n for n in names if isinstance(n, str)]


def get_text(store: KeyValue, key: str) -> str | None:
    return _get(store, key)


def set_text(store: KeyValue, key: str, value: str) -> bool:
    return _set(store, key, value)
