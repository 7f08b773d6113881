"""Python's entry point (run by PyScript in a worker, by the shell on the page's thread):
start the table on the page's loop (the real work is in web.launch and web.app)."""

from web.launch import main
from web.platform.runtime import PageRuntime

RUNTIME = PageRuntime()  # the page's loop, kept by this module global with its tasks
RUNTIME.spawn(main(RUNTIME))
