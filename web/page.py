"""The page, reached alike from the main thread or from Python's worker (PyScript's
synchronous proxy of ``window``): the browser-side modules use only this. In a worker two
proxies of one element need not be equal: compare ids."""

from __future__ import annotations

from functools import cache
from typing import Any


def here() -> Any:
    import js

    return js


@cache
def in_worker() -> bool:
    return hasattr(here(), "WorkerGlobalScope")


@cache
def window() -> Any:
    if in_worker():
        from pyscript import window as page_window

        return page_window
    return here().window


def document() -> Any:
    return window().document


def js_object(values: dict[str, Any]) -> Any:
    from pyodide.ffi import to_js

    return window().Object.fromEntries(to_js([[k, v] for k, v in values.items()]))


def report_boot() -> None:
    """html[data-python-thread]; in a worker, the loader's snapshot outcome and warning."""
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
