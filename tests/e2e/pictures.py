"""Which review pictures the end-to-end tests take (in artifacts/).

They are for people to look at: no check reads them, and each costs the browser a paint and
a PNG (the larger part of its work in the layout sweep; about 25 CPU-seconds of a run for
the English and Hebrew ones). So `make test` takes none; `BEZIQUE_SHOTS=few` takes English
and Hebrew (right to left) at a phone's and a desktop's size; `BEZIQUE_SHOTS=all`
(`make shots`) every language at every size the tests visit.
"""

from __future__ import annotations

import os

MODE = os.environ.get("BEZIQUE_SHOTS", "none")
LANGS = ("en", "he", "tr", "ru") if MODE == "all" else ("en", "he")
SIZES = ("phone", "desktop")


def wanted(lang: str = "en", size: str = "phone") -> bool:
    """Whether to take the picture of this language at this size ("phone", "desktop", …)."""
    if MODE == "all":
        return True
    return MODE == "few" and lang in LANGS and size in SIZES
