"""Bezik vido: call, kontr and answer from an estimated chance to win the game.

The chance is a normal approximation of the final game score difference:
the game totals so far, plus the expected rest of this deal (from rollouts
when the strong level supplies them), with a spread that grows with the
points still to be played for. Match-point arithmetic then decides:

- accepting doubles the stake: worth it when ``2·(2p − 1) > −1``, i.e. p > 1/4
  (refusing concedes the game at the old stake);
- calling when the chance is clearly good: the opponent either refuses
  (a sure win now) or plays on at double stake (p > 1/2 gains); a margin
  keeps the call for clear leads because an accepted call hands the
  opponent the kontr.
"""

from __future__ import annotations

import math

from ..actions import ACCEPT, REFUSE, VIDO, Action
from ..observation import Observation
from ..variants.bezik import TARGET as BEZIK_TARGET

ACCEPT_ABOVE = 0.25
CALL_ABOVE = 0.72
DEAL_SPREAD = 900.0  # assumed standard deviation of one bezik deal's score difference


def win_chance(obs: Observation, expected_rest: float = 0.0, rest_spread: float | None = None
               ) -> float:
    """Chance that ``obs.seat`` wins the game (two players)."""
    me = obs.seat
    target = BEZIK_TARGET if obs.target is None else obs.target
    facts = obs.facts
    if facts is not None and len(facts.game_before) == 2:
        before = facts.game_before
        totals = [before[0] + obs.points[0], before[1] + obs.points[1]]
    elif obs.game_scores:
        totals = list(obs.game_scores)
    else:
        totals = list(obs.points)
    mine, theirs = totals[me], totals[1 - me]
    lead = mine - theirs + expected_rest
    # deals still needed (roughly) before someone reaches the target
    to_go = max(0.0, target - max(mine, theirs))
    deals_left = to_go / 1500.0
    spread = math.sqrt((rest_spread if rest_spread is not None else DEAL_SPREAD * 0.6) ** 2
                       + (DEAL_SPREAD ** 2) * deals_left + 1.0)
    # reaching the target first also matters: the nearer player is favoured
    z = lead / spread
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def vido_choice(obs: Observation, chance: float | None = None) -> Action | None:
    """vido / accept / refuse when one of them is legal and wise, else None."""
    legal = obs.legal_actions
    accept, refuse, vido = Action(ACCEPT), Action(REFUSE), Action(VIDO)
    if accept not in legal and vido not in legal:
        return None
    p = win_chance(obs) if chance is None else chance
    if accept in legal:
        return accept if p > ACCEPT_ABOVE or refuse not in legal else refuse
    if vido in legal and p >= CALL_ABOVE:
        return vido
    return None
