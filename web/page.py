"""The page's JavaScript world, reached the same way from the main thread or a worker.

Why: on a cross-origin isolated page Python runs in a worker (PyScript's ``worker``
attribute) so its start-up and the AI never block the page; PyScript then hands the worker
the page's ``window`` and ``document`` as synchronous proxies (Atomics). Without isolation
Python runs on the main thread and ``js`` is the page itself. The browser-side modules
(``web.dom``, ``web.app.main``, ``web.device``, ``web.sound``, ``web.tabs``) reach the page
only through this module, so the same code runs in both modes.

Things that differ between the modes and are handled here or by the shell (index.html):
- a listener in a worker runs after the event's dispatch, so ``preventDefault`` from Python
  is too late: the shell prevents the defaults synchronously (see ``bzDefaults`` there);
- equality of two proxies of one page object is not reliable in a worker: compare ids;
- Web Locks and BroadcastChannel exist in workers too: ``web.tabs`` uses the thread's own
  (``here()``), so the lock lives and dies with Python.
"""

from __future__ import annotations

from functools import cache
from typing import Any


def here() -> Any:
    """This thread's own global scope (the page's window, or the worker's scope)."""
    import js

    return js


@cache
def in_worker() -> bool:
    """Whether Python runs in a worker (then the page is reached through proxies)."""
    return hasattr(here(), "WorkerGlobalScope")  # (PyScript gives workers a `document`)


@cache
def window() -> Any:
    """The page's ``window``, from either thread."""
    if in_worker():
        from pyscript import window as page_window

        return page_window
    return here().window


def document() -> Any:
    return window().document


def js_object(values: dict[str, Any]) -> Any:
    """A plain page-side JavaScript object (options for Blob, Intl, locks...)."""
    from pyodide.ffi import to_js

    return window().Object.fromEntries(to_js([[k, v] for k, v in values.items()]))


def js_array(values: list[Any]) -> Any:
    from pyodide.ffi import to_js

    return window().Array.of(*[to_js(v) for v in values])


def is_null(value: Any) -> bool:
    """JS null/undefined arrive as None or Pyodide's ``jsnull``."""
    if value is None:
        return True
    try:
        from pyodide.ffi import jsnull
    except ImportError:  # older Pyodide: null is None
        return False
    return value is jsnull


def thread_name() -> str:
    return "worker" if in_worker() else "main"


def report_boot() -> None:
    """Show on the page how Python started: which thread, and the snapshot's outcome.

    In a worker the interpreter module (web/python-loader.mjs) cannot reach the page, so it
    leaves its outcome in the worker's globals and it is copied here (and its console
    warning repeated on the page's console, where the page's tests and tools read it).
    """
    html = document().documentElement
    html.setAttribute("data-python-thread", thread_name())
    if not in_worker():
        return
    boot: Any = getattr(here(), "__bzPythonBoot", None)
    if boot is None or is_null(boot):
        return
    path, why = str(boot.path), boot.why
    html.setAttribute("data-python-boot", path)
    if isinstance(why, str) and why:
        html.setAttribute("data-python-boot-why", why[:300])
        window().console.warn(f"Python snapshot not used ({why}): started Python normally.")
