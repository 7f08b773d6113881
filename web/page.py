"""The page, reached the same way from the main thread or from Python's worker.

Why: on a cross-origin isolated page Python runs in a worker (PyScript hands it the page's
``window`` as a synchronous proxy), else on the main thread. The browser-side modules reach
the page only through here, so the same code runs in both. In a worker, listeners run after
the event's dispatch (index.html refuses the defaults at once) and two proxies of one page
object need not be equal (compare ids).
"""

from __future__ import annotations

from functools import cache
from typing import Any


def here() -> Any:
    """This thread's own global scope (Web Locks, BroadcastChannel: web/tabs.py)."""
    import js

    return js


@cache
def in_worker() -> bool:
    return hasattr(here(), "WorkerGlobalScope")  # (PyScript gives workers a `document`)


@cache
def window() -> Any:
    if in_worker():
        from pyscript import window as page_window

        return page_window
    return here().window


def document() -> Any:
    return window().document


def js_object(values: dict[str, Any]) -> Any:
    """A plain page-side JavaScript object (options for Blob, Intl...)."""
    from pyodide.ffi import to_js

    return window().Object.fromEntries(to_js([[k, v] for k, v in values.items()]))


def js_array(values: list[Any]) -> Any:
    from pyodide.ffi import to_js

    return window().Array.of(*[to_js(v) for v in values])


def report_boot() -> None:
    """html[data-python-thread]; in a worker also the snapshot's outcome, which the loader
    (web/python-loader.mjs) leaves in the worker's globals, and its warning."""
    html = document().documentElement
    html.setAttribute("data-python-thread", "worker" if in_worker() else "main")
    boot: Any = getattr(here(), "__bzPythonBoot", None) if in_worker() else None
    path = getattr(boot, "path", None)
    if not isinstance(path, str):
        return
    html.setAttribute("data-python-boot", path)
    why = getattr(boot, "why", None)
    if isinstance(why, str) and why:
        html.setAttribute("data-python-boot-why", why[:300])
        window().console.warn(f"Python snapshot not used ({why}): started Python normally.")
