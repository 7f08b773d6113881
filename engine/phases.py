"""The phases of a deal (what ``Deal.phase`` holds).

A leaf module: the deal, the rulesets that change its phase (bezik's vido) and the
players all name them without importing one another.
"""

from __future__ import annotations

PLAYING = "play"
DECLARING = "declare"
ANSWERING = "answer"  # bezik: the opponent must accept or refuse a vido
BLANCHE_PHASE = "blanche"  # multi-pack: a seat shows carte blanche or passes
OVER = "over"
