"""Which review pictures the end-to-end tests take (in artifacts/).

They are for people to look at: no check reads them, and each costs the browser a paint and
a PNG (the larger part of its work in the layout sweep). By default: English and Hebrew
(right to left), at a phone's and a desktop's size. With BEZIQUE_SHOTS=all (`make shots`):
every language at every size the test visits.
"""

from __future__ import annotations

import os

ALL = os.environ.get("BEZIQUE_SHOTS") == "all"
LANGS = ("en", "he", "tr", "ru") if ALL else ("en", "he")
SIZES = ("phone", "desktop")


def wanted(lang: str = "en", size: str = "phone") -> bool:
    """Whether to take the picture of this language at this size ("phone", "desktop", …)."""
    return ALL or (lang in LANGS and size in SIZES)
