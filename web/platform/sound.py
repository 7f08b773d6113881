"""Short, quiet table sounds, made on the spot with WebAudio (nothing to download).

Four effects: a card played, a trick won, a declaration, the end of a deal.
Each is a few enveloped oscillator tones described as data below, so the
sounds are testable (short, quiet) under CPython and cost no files offline.

Browsers start an AudioContext only after a user gesture: the context is
made on the player's first tap (``unlock``); events before it stay silent.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Tone:
    """One enveloped tone: pitch (Hz, sliding to ``glide`` if set), when, how long, how loud."""

    freq: float
    at: float  # seconds after the effect starts
    seconds: float
    gain: float
    wave: str = "sine"
    glide: float | None = None


EFFECTS: dict[str, tuple[Tone, ...]] = {
    # a soft snap: a quick falling click
    "card": (Tone(900.0, 0.0, 0.06, 0.05, "triangle", glide=260.0),),
    # two rising notes
    "trick": (Tone(587.3, 0.0, 0.09, 0.045), Tone(880.0, 0.08, 0.14, 0.045)),
    # a bright major arpeggio
    "declare": (
        Tone(523.3, 0.0, 0.1, 0.05),
        Tone(659.3, 0.07, 0.1, 0.05),
        Tone(784.0, 0.14, 0.22, 0.05),
    ),
    # a cadence that closes
    "deal": (
        Tone(784.0, 0.0, 0.14, 0.045),
        Tone(659.3, 0.12, 0.14, 0.045),
        Tone(523.3, 0.24, 0.35, 0.05),
    ),
}
GAP = 0.12  # seconds between effects of one move (a card, then the trick it won)
MASTER_GAIN = 0.8


def schedule(names: list[str]) -> list[tuple[float, Tone]]:
    """Each tone of the effects, in order, with its start time from now."""
    plan: list[tuple[float, Tone]] = []
    start = 0.0
    for name in names:
        tones = EFFECTS.get(name, ())
        if not tones:
            continue
        plan.extend((start + tone.at, tone) for tone in tones)
        start += max(tone.at + tone.seconds for tone in tones) + GAP
    return plan


class Sound:
    """No audio (CPython, tests): remembers what would have been played."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.unlocked = False

    def unlock(self) -> None:
        """The player tapped: audio may start from now on."""
        self.unlocked = True

    def play(self, names: list[str]) -> None:
        self.played.extend(n for n in names if n in EFFECTS)


class WebAudio(Sound):
    """The browser's WebAudio, played by the page's shell (index.html's ``audio`` and
    ``tones``, through ``web.platform.page.call``): one call per move, not one per audio node
    (from a
    worker, each is a round trip to the page)."""

    def __init__(self) -> None:
        super().__init__()
        self.ready = False

    def unlock(self) -> None:
        super().unlock()
        try:
            from web.platform.page import call

            self.ready = bool(call("audio", MASTER_GAIN))
        except Exception:  # no audio on this device: play silently
            self.ready = False

    def play(self, names: list[str]) -> None:
        super().play(names)
        if not self.ready or not names:
            return
        try:
            from web.platform.page import call

            plan = [{**asdict(tone), "at": at} for at, tone in schedule(names)]
            call("tones", json.dumps(plan), names[-1])
        except Exception:  # a sound is never worth an error on the table
            return
