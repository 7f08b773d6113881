"""The page, reached alike from the main thread or from Python's worker (PyScript's
synchronous proxy of ``window``): the browser-side modules use only this. In a worker two
proxies of one element need not be equal: compare ids."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache

from web.platform.js_types import JsObject
from web.storage.json_data import JsonObject, as_object, get_object


def here() -> JsObject:
    import js

    return js


@cache
def in_worker() -> bool:
    return hasattr(here(), "WorkerGlobalScope")


@cache
def _xworker() -> JsObject:
    """PyScript's worker module's handle on the page, which the `pyscript` package itself
    reads the page from (that package loads lazily in a worker, see web/python-loader.mjs)."""
    import polyscript  # type: ignore[import-not-found]

    return polyscript.xworker


@cache
def window() -> JsObject:
    if in_worker():
        return _xworker().window
    return here().window


def document() -> JsObject:
    return window().document


def js_object(values: Mapping[str, object]) -> JsObject:
    from pyodide.ffi import to_js

    return window().Object.fromEntries(to_js([[k, v] for k, v in values.items()]))


@cache
def _door() -> JsObject:
    if in_worker():
        return here().__bzDoor(_xworker())  # see web/python-loader.mjs
    return getattr(window(), "__bzCall")


def call(name: str, *args: object) -> JsObject:
    """One of the shell's page functions (index.html's ``__bzCall``).

    Why: from a worker, every page object that reaches Python costs about twenty round trips
    (Pyodide probes the proxy it makes), where a string or a number costs one. So the page
    work of the busy paths (boot, render, input) goes through this one function, fetched once,
    with plain values in and out (and a proxy where one must go: a callback, a promise)."""
    return _door()(name, *args)


@cache
def facts() -> JsonObject:
    """What the page tells once at start: the address's query parameters, the language <html>
    was given, reduced motion, standalone (installed), the user agent and touch points."""
    return as_object(json.loads(str(call("facts")))) or {}


def params() -> dict[str, str]:
    """The address's query parameters (``facts``' ``params``, from URLSearchParams: strings;
    e.g. ``?fast``, ``?seed=N``)."""
    found = get_object(facts(), "params")
    return {name: value for name, value in found.items() if isinstance(value, str)}


def kept_tap() -> str:
    """The command of a tap on the shell's kept start screen ("play" or "continue"; "" for
    none), taken from the shell, which then replays nothing: the app starts with it."""
    return str(call("keptTap"))


def set_html(attrs: dict[str, str | None]) -> None:
    """Attributes of <html> (None removes one); ``title`` sets the document's title."""
    call("html", json.dumps(attrs))


def report_boot() -> None:
    """html[data-python-thread]; in a worker, the loader's snapshot and bytecode outcome
    (html[data-python-bytecode]: used, unused or restored), where its WebAssembly was
    compiled (html[data-python-wasm]: page or own) and warning."""
    attrs: dict[str, str | None] = {"data-python-thread": "worker" if in_worker() else "main"}
    boot: JsObject = getattr(here(), "__bzPythonBoot", None) if in_worker() else None
    path = getattr(boot, "path", None)
    why = getattr(boot, "why", None)
    for name in ("bytecode", "wasm"):
        value = getattr(boot, name, None)
        if isinstance(value, str):
            attrs[f"data-python-{name}"] = value
    if isinstance(path, str):
        attrs["data-python-boot"] = path
        if isinstance(why, str) and why:
            attrs["data-python-boot-why"] = why[:300]
    set_html(attrs)
    if isinstance(path, str) and isinstance(why, str) and why:
        window().console.warn(f"Python snapshot not used ({why}): started Python normally.")


class PageStorage:
    """The page's localStorage (``web.storage.KeyValue``) through ``call``: a string per
    round trip, where a proxy of localStorage costs about twenty for each method it hands
    over (the saved game, the settings and the language are read at every start). What the
    browser refuses (quota, storage disabled) raises here as it would there."""

    def __init__(self) -> None:
        self._prefix = ""
        self._read: dict[str, str] | None = None  # what read_ahead read, kept up to date

    def read_ahead(self, prefix: str) -> None:
        """Read every item whose key begins with ``prefix`` in one call; ``getItem`` answers
        from them until ``stop_reading_ahead``. Why: a start reads eight keys before the
        first table, and from a worker each read is a round trip of 1-7 ms. If the page
        cannot answer (storage disabled), each read asks the page as before."""
        try:
            items = json.loads(str(call("store", "all", prefix)))
        except Exception:  # storage disabled: getItem meets (and reports) it itself
            return
        if isinstance(items, dict) and all(isinstance(v, str) for v in items.values()):
            self._prefix, self._read = prefix, items

    def stop_reading_ahead(self) -> None:
        self._read = None

    def _ahead(self, key: str) -> dict[str, str] | None:
        """The items read ahead, if ``key`` is among them (its prefix); else None."""
        return self._read if self._read is not None and key.startswith(self._prefix) else None

    def getItem(self, key: str) -> str | None:
        if (read := self._ahead(key)) is not None:
            return read.get(key)
        value = call("store", "get", key)
        return value if isinstance(value, str) else None

    def setItem(self, key: str, value: str) -> None:
        call("store", "set", key, value)
        if (read := self._ahead(key)) is not None:
            read[key] = value

    def removeItem(self, key: str) -> None:
        call("store", "remove", key)
        if (read := self._ahead(key)) is not None:
            read.pop(key, None)

    @property
    def length(self) -> int:
        return int(call("store", "length"))

    def key(self, index: int) -> str | None:
        value = call("store", "key", index)
        return value if isinstance(value, str) else None
