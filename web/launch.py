"""The app launched in the page: the PyScript entry's work (the page's services made,
the table started), and the AI's modules imported while the player looks at the table.

Apart from the table's controller (``web.app``): this is the one place that knows the
browser's services by name; the table gets them through its constructor.
"""

from __future__ import annotations

import contextlib

from web import storage
from web.app import App
from web.platform.runtime import PageRuntime, Runtime

WORKER_SLICE = 0.05  # the AI's thinking between yields in a worker (web/table/ai_runner.py)


AI_MODULES = (
    "engine.ai",
    "engine.ai.world",
    "engine.ai.policy",
    "engine.ai.solver",
    "engine.ai.search",
    "engine.ai.vido",
    "engine.ai.match_equity",
    "engine.ai.normal_level",
    "engine.ai.reasons",
    "engine.ai.strong_level",
    "engine.ai.levels",
    "engine.ai.review",
)


async def prewarm(runtime: Runtime) -> None:
    """Import the AI's modules one per slice while the player looks at the table.

    Compiling them on the AI's first move would be one long task of several
    hundred milliseconds in Pyodide.
    """
    import importlib

    for name in AI_MODULES:
        await runtime.sleep(0.05)
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


async def main(runtime: PageRuntime) -> None:
    """The entry's work (web/main.py): build the page skeleton, start the app on the page's
    ``runtime``."""
    from web.platform import page
    from web.platform.dom import BrowserDom
    from web.platform.link_page import PageTransport
    from web.platform.tabs import BrowserTabs
    from web.table import ai_runner

    page.report_boot()
    if page.in_worker():
        ai_runner.SLICE_BUDGET = WORKER_SLICE
    dom = BrowserDom(runtime)
    try:
        from web.platform.device import BrowserDevice

        params = page.params()
        raw_seed = str(params.get("seed", ""))
        tabs = BrowserTabs(runtime)
        store = page.PageStorage()
        if await tabs.claim():  # the player's tab: no other tab writes the game now
            store.read_ahead(storage.KEY_PREFIX)
        app = App(
            dom,
            store,
            fast="fast" in params,
            seed=int(raw_seed) if raw_seed.isdigit() else None,
            device=BrowserDevice(),
            tabs=tabs,
            launch=params.get("start") or page.kept_tap() or None,
            runtime=runtime,
            transport=PageTransport(),
        )
        app.start()
        store.stop_reading_ahead()
        runtime.spawn(prewarm(runtime))  # the AI's modules, while the player looks
        _APPS.append(app)
    except Exception:
        dom.set_state("error")
        raise


_APPS: list[App] = []
