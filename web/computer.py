"""Who plays the other seats, and the hint.

The engine's players (``engine.players``) decide through a generator that
yields between slices of thinking; ai_runner drives it without freezing the
page.  The levels offered are the engine's: easy/normal/strong once the AI
exists, else its baselines (random/greedy).
"""

from __future__ import annotations

import random
from typing import Any

from web.ai_runner import drive

PREFERRED = ("easy", "normal", "strong")
BROWSER_SLICE = 0.01
STRENGTH = ("strong", "normal", "greedy", "easy", "random")
# Reason codes reason_for() gives when the player has no explain() of its own.
REASONS = (
    "best_declaration",
    "exchange_seven",
    "nothing_to_declare",
    "vido",
    "accept",
    "refuse",
    "lead",
    "win_trick",
    "play_low",
)


def _registry() -> dict[str, Any]:
    try:
        from engine import players
    except ImportError:
        return {}
    return dict(getattr(players, "PLAYERS", {}))


def levels() -> list[str]:
    """The AI levels to offer in the new-game dialog."""
    known = _registry()
    wanted = [lv for lv in PREFERRED if lv in known]
    return wanted or [lv for lv in ("random", "greedy") if lv in known] or sorted(known)


def best_level() -> str:
    known = _registry()
    return next((lv for lv in STRENGTH if lv in known), "random")


def default_level() -> str:
    lv = levels()
    if "normal" in lv:
        return "normal"
    return lv[-1] if lv else "random"


def make_player(level: str, seat: int, game: Any, seed: int | None = None) -> Any:
    """A player for a seat; unknown levels fall back to the strongest available."""
    from engine import players

    known = _registry()
    name = level if level in known else best_level()
    rng = random.Random(seed if seed is not None else random.randrange(2**31))
    player = players.make_player(name, rng)
    # Pyodide runs the search several times slower than CPython: yield more often so
    # that one slice (plus the unit of work that overruns it) stays far below 200 ms.
    if isinstance(getattr(player, "slice_seconds", None), float):
        player.slice_seconds = min(player.slice_seconds, BROWSER_SLICE)  # type: ignore[attr-defined]
    return player


async def hint_for(game: Any, obs: Any, seat: int) -> tuple[Any, str]:
    """What the strongest available player would do for this seat, and a reason code."""
    player = make_player(best_level(), seat, game)
    action = await drive(player.decide(obs))
    explain = getattr(player, "explain", None)
    reason = None
    if callable(explain):
        try:
            reason = explain(obs, action)
        except Exception:
            reason = None
    if not isinstance(reason, str):
        reason = reason_for(obs, action)
    return action, reason


def reason_for(obs: Any, action: Any) -> str:
    """A reason code (catalog hint.<code>) read from the action and the position."""
    kind = getattr(action, "kind", "")
    if kind == "declare":
        return "best_declaration"
    if kind == "seven":
        return "exchange_seven"
    if kind == "pass":
        return "nothing_to_declare"
    if kind in ("vido", "accept", "refuse"):
        return kind
    if kind in ("play", "play_table"):
        if not obs.trick:
            return "lead"
        return "win_trick" if obs.takes_lead(action.codes[0]) else "play_low"
    return "play_low"
