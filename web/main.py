"""PyScript entry point: start the table on the page's loop (the real work is in
web.launch and web.app)."""

from web.launch import main
from web.platform.runtime import PageRuntime

RUNTIME = PageRuntime()  # the page's loop, kept by this module global with its tasks
RUNTIME.spawn(main(RUNTIME))
