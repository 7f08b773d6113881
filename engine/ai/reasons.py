"""Why the AI plays a move, in one catalog code (``hint.<code>``): the hint's reason."""

from __future__ import annotations

from ..actions import ACCEPT, BLANCHE, DECLARE, PASS, REFUSE, SEVEN, VIDO, Action
from ..cards import ACE, JACK, KING, QUEEN, TEN, kind_code, rank_of, suit_of
from ..observation import Observation
from ..phases import BLANCHE_PHASE
from .normal_level import JD, QS, Counting, trick_state
from .search import SearchResult
from .vido import vido_choice
from .world import rules_for

# ----- hints ------------------------------------------------------------------
REASONS = (
    "declares_best", "keeps_bezique", "wins_brisque", "saves_trumps", "forces_trump",
    "discards_low", "sequence_ready", "endgame_optimal", "exchange_seven", "wins_to_declare",
    "leads_master", "feeds_partner", "calls_vido", "accepts_vido", "accepts_vido_match",
    "refuses_vido",
    "waits_to_declare", "win_trick", "shows_blanche", "declines_blanche",
)


def reason_for(obs: Observation, action: Action, result: SearchResult | None = None) -> str:
    """A catalog key suffix (``hint.<code>``) that explains ``action`` in one line."""
    kind = action.kind
    if kind == VIDO:
        return "calls_vido"
    if kind == ACCEPT:  # where the game alone would refuse, the match made it accept
        return "accepts_vido_match" if vido_choice(obs) == Action(REFUSE) else "accepts_vido"
    if kind == REFUSE:
        return "refuses_vido"
    if kind == SEVEN:
        return "exchange_seven"
    if kind == DECLARE:
        return "declares_best"
    if kind == BLANCHE:
        return "shows_blanche"
    if kind == PASS:
        return "declines_blanche" if obs.phase == BLANCHE_PHASE else "waits_to_declare"
    if result is not None and result.exact:
        return "endgame_optimal"
    code = action.codes[0]
    count = Counting(obs)
    if obs.trick:
        _best, win_seat, _points = trick_state(obs)
        if obs.takes_lead(code):
            if any(rank_of(c) in (ACE, TEN) for _, c, _ in obs.trick):
                return "wins_brisque"
            if count.declarable_value():
                return "wins_to_declare"
            return "win_trick"
        if rules_for(obs).partnerships and win_seat % 2 == obs.seat % 2:
            return "feeds_partner"
        return "discards_low"
    if obs.end_phase:
        if suit_of(code) == obs.trump:
            return "forces_trump"
        return "leads_master"
    hand_trumps = [c for c in count.held if suit_of(c) == obs.trump]
    if (count.held[QS] or count.held[JD]) and code not in (QS, JD):
        return "keeps_bezique"
    if obs.trump is not None and len(hand_trumps) >= 3 and suit_of(code) != obs.trump:
        seq = sum(1 for r in (ACE, TEN, KING, QUEEN, JACK) if count.held[kind_code(r, obs.trump)])
        return "sequence_ready" if seq >= 3 else "saves_trumps"
    return "discards_low"
