"""The page boundary's one type: an object of the browser's JavaScript, as Python sees it.

Why it is ``Any``: Pyodide hands Python proxies (``pyodide.ffi.JsProxy``) of the page's
objects (window, document, elements, events, promises, the shell's functions) and of Python
callables lent to the page (``create_proxy``); their attributes are looked up in JavaScript
at run time, so no Python type can say what they hold. Named once here, the untyped stays at
this boundary only, and the places that touch the page are found by this name.
"""

from __future__ import annotations

from typing import Any, TypeAlias

JsObject: TypeAlias = Any
