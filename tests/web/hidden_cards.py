"""What a page may show of a pass-and-play game: the shared privacy check.

Used by the CPython unit tests (tests/web/test_seats.py) and the browser test
(tests/e2e/test_pass_and_play.py), which both compare the cards a page
shows with what the engine says is public or belongs to the person holding
the device.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from engine.cards import code_text

CARD_ATTR = re.compile(r'data-card="([^"]+)"')
PLAY_ATTR = re.compile(r'data-action="play ([^" ]+)"')


def _text(code: Any) -> str:
    return code_text(code) if isinstance(code, int) else str(code)


HANDOVER_TRICK = re.compile(r"<section[^>]*data-last-trick.*?</section>", re.S)


def last_trick(game: Any) -> Counter[str]:
    """The cards of the deal's last completed trick."""
    obs = game.deal.observation(0)
    plays: list[str] = []
    last: list[str] = []
    for ev in obs.log:
        if ev and ev[0] == "play":
            plays.append(_text(ev[2]))
        elif ev and ev[0] == "trick":
            last, plays = plays[-obs.players :], []
    return Counter(last)


def public_cards(game: Any) -> Counter[str]:
    """Face-up cards anyone may see: declared tables, the trick (and the last one), turn-up."""
    obs = game.deal.observation(0)
    seen: Counter[str] = Counter()
    for table in obs.tables:
        seen.update(_text(c) for c in table)
    seen.update(_text(c) for _, c, *_ in obs.trick)
    seen.update(last_trick(game))  # the last completed trick stays on show
    if obs.turnup is not None and obs.stock_size > 0:
        seen[_text(obs.turnup)] += 1
    return seen


def hand_of(game: Any, seat: int) -> Counter[str]:
    return Counter(_text(c) for c in game.deal.observation(seat).hand)


def leaks(game: Any, viewer: int | None, html: str) -> list[str]:
    """Cards the page shows beyond the public ones and `viewer`'s hand (None: no hand).

    Counted per copy, since Bezique decks hold two or more copies of a card.
    """
    problems = [  # the hand-over screen shows the last trick again, and nothing else
        f"{card} on the hand-over screen, not in the last trick"
        for section in HANDOVER_TRICK.findall(html)
        for card, n in Counter(CARD_ATTR.findall(section)).items()
        if n > last_trick(game)[card]
    ]
    html = HANDOVER_TRICK.sub("", html)
    allowed = public_cards(game)
    mine = hand_of(game, viewer) if viewer is not None else Counter()
    allowed.update(mine)
    problems += [
        f"{card} shown {n}x, {allowed[card]} visible"
        for card, n in Counter(CARD_ATTR.findall(html)).items()
        if n > allowed[card]
    ]
    problems += [
        f"play {card} offered, neither public nor the viewer's"
        for card in set(PLAY_ATTR.findall(html))
        if not allowed[card]
    ]
    return problems
