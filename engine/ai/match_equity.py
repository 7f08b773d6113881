"""Bezik vido weighed by the match: the chance to win the match, not the game's points.

``vido.vido_choice`` counts match points as if every point were worth the same. In a
match they are not: at 3–0 in a match to 4, a game at stake 1 already decides the match,
so a vido only hands the other player a kontr that lets him win everything at stake 4; a
refusal early in a game costs double (the refusing player is rubikon, under 1500). The
strong level answers and calls by the match's equity instead:

- the equity of a score is the chance to win the match from it, each later game won by
  either player with even chances and ending at the stakes measured between strong
  players (``LATER_STAKES``);
- answering: accept when playing the game out at double stake is worth at least the
  refusal, whose points are known exactly now;
- calling: only where ``vido.vido_choice`` would (a clear lead), and only if the call is
  worth more than playing on, whichever answer the other player chooses.
"""

from __future__ import annotations

from functools import lru_cache

from ..actions import ACCEPT, REFUSE, VIDO, Action
from ..facts import MatchFacts
from ..match import BASE_POINTS, SCHEDULE
from ..observation import Observation
from ..variants.bezik import RUBIKON_LIMIT, TARGET
from .vido import CALL_ABOVE, vido_choice, win_chance

# The stake × rubikon a game ended at between strong players weighing only the game, and
# how often (72 games of 30 matches to 4: docs/ai.md). Most were worth 2: a vido accepted,
# or refused early in the game, when the refusing player is rubikon.
LATER_STAKES = ((1, 0.06), (2, 0.83), (4, 0.11))


def _next_pos(kind: str, cycle_pos: int, cycle_len: int) -> int:
    """The next game's place in the schedule. A sanvuar game nearly always sees a vido
    between strong players, which starts the schedule again."""
    if cycle_len == 1 or kind == "sanvuar":
        return 0
    return (cycle_pos + 1) % cycle_len


@lru_cache(maxsize=4096)
def equity(mine: int, theirs: int, to: int, cycle_pos: int, cycle_len: int) -> float:
    """The chance to win the match from these match points, before the game at
    ``cycle_pos`` of the schedule starts."""
    if mine >= to:
        return 1.0
    if theirs >= to:
        return 0.0
    kind = SCHEDULE[cycle_pos] if cycle_len > 1 else "normal"
    base = BASE_POINTS[kind]
    after = _next_pos(kind, cycle_pos, cycle_len)
    total = 0.0
    for stake, share in LATER_STAKES:
        worth = base * stake
        total += share * 0.5 * (equity(mine + worth, theirs, to, after, cycle_len)
                                + equity(mine, theirs + worth, to, after, cycle_len))
    return total


class MatchView:
    """One seat's match score and the current game's terms, for equities of outcomes."""

    def __init__(self, obs: Observation, match: MatchFacts) -> None:
        me = obs.seat
        self.mine, self.theirs = match.points[me], match.points[1 - me]
        self.to = match.to
        self.base = BASE_POINTS[match.kind]
        self.stake = match.stake
        self.after = _next_pos(match.kind, match.cycle_pos, match.cycle_len)
        self.cycle_len = match.cycle_len
        totals = obs.game_scores or list(match.game_scores)
        rubikon_possible = match.target == TARGET
        self.i_am_rubikon = rubikon_possible and totals[me] < RUBIKON_LIMIT
        self.they_are_rubikon = rubikon_possible and totals[1 - me] < RUBIKON_LIMIT

    def won(self, points: int) -> float:
        return equity(self.mine + points, self.theirs, self.to, self.after, self.cycle_len)

    def lost(self, points: int) -> float:
        return equity(self.mine, self.theirs + points, self.to, self.after, self.cycle_len)

    def played_out(self, stake: int, p: float) -> float:
        """The game played to its end at ``stake``, won with chance ``p``."""
        worth = self.base * stake
        return p * self.won(worth) + (1.0 - p) * self.lost(worth)

    def refused_by_me(self) -> float:
        return self.lost(self.base * self.stake * (2 if self.i_am_rubikon else 1))

    def refused_by_them(self) -> float:
        return self.won(self.base * self.stake * (2 if self.they_are_rubikon else 1))


def match_vido_choice(obs: Observation, chance: float | None = None) -> Action | None:
    """vido / accept / refuse weighed by the match (``vido_choice`` outside a match)."""
    if obs.match is None:
        return vido_choice(obs, chance)
    legal = obs.legal_actions
    accept, refuse, vido = Action(ACCEPT), Action(REFUSE), Action(VIDO)
    if accept not in legal and vido not in legal:
        return None
    p = win_chance(obs) if chance is None else chance
    view = MatchView(obs, obs.match)
    if accept in legal:
        if refuse not in legal:
            return accept
        keep = view.played_out(view.stake * 2, p) >= view.refused_by_me()
        return accept if keep else refuse
    if p < CALL_ABOVE:
        return None
    answered = min(view.played_out(view.stake * 2, p), view.refused_by_them())
    return vido if answered > view.played_out(view.stake, p) else None
