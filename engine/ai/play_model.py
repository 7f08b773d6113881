"""How likely another seat's choice is, given the hand a sampled world gives it.

The strong level's worlds deal the unseen cards at random. A world in which the other
seat threw an ace while it held three sevens, or passed with a marriage in hand, explains
what was seen less well than one in which that choice was the seat's natural one, so it
should count for less. This module gives each observed choice a probability under a
simple model of play, read from a full ``Deal`` at the moment of the choice (cheap: the
rollout policy's keep values, no observation built):

- a card is played with a probability that falls with what it is worth keeping (a
  softmax over the legal cards, ``temperature`` keep-value points per factor e), raised
  by ``take`` plus ``per_point`` per point on the trick when it takes the trick;
- a pass, where the seat could have declared a combination worth ``v``, has the
  probability ``exp(-v / pass_scale)``;
- a share ``floor`` of every choice is spread evenly, so no world becomes impossible.

The world's weight is the product over the other seats' choices, raised to ``power``:
below 1 it trusts the model less, so that a few worlds do not carry the whole search
(of 40 worlds of a classic deal about 4 count at power 1, about 12 at 0.5). The other
numbers are fitted by maximum likelihood to the strong level's own choices in self-play,
where the hands are known (``tools/fit_play_model.py``; figures in docs/ai.md).

The weights do bring the worlds nearer the true hands, but the search weighed by them lost
in the arena (fewer worlds count), and one world drawn by weight from several (``draws``)
gained at most a point or two, as little as perfect knowledge of the hands is worth to
this search; so the strong level does not use the model: ``StrongPlayer(play_model=...)``
and the arena's ``pm_`` settings (``tools/arena_ab.py``) switch it on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..actions import DECLARE, PASS, PLAY, PLAY_TABLE, SEVEN, Action
from ..deal import Deal
from ..phases import DECLARING, PLAYING
from ..tricks import beats
from .policy import DEFAULT_WEIGHTS, declare_value, keep_values, trick_standing


@dataclass(frozen=True, slots=True)
class PlayModel:
    """The model's numbers: the defaults are the fit to the strong level's classic
    self-play (``tools/fit_play_model.py --variant classic --games 8 --test-games 4``)."""

    temperature: float = 3.0
    take: float = 8.0
    per_point: float = 1.5
    floor: float = 0.1
    pass_scale: float = 80.0
    power: float = 1.0
    draws: int = 1  # above 1: draw this many worlds, search one drawn by weight


PLAY_MODEL = PlayModel()


def choice_likelihood(deal: Deal, action: Action, model: PlayModel = PLAY_MODEL) -> float:
    """The probability of ``action`` by the seat to move in ``deal`` (1 for a choice the
    model does not weigh: a declaration, a seven, the end phase of two players)."""
    seat = deal.current
    if seat is None:
        return 1.0
    if deal.phase == DECLARING:
        if action.kind != PASS:
            return 1.0
        best = 0
        for other in deal.legal_actions():
            if other.kind in (DECLARE, SEVEN):
                best = max(best, declare_value(deal.rules, other, deal.trump))
        if not best:
            return 1.0
        return model.floor + (1.0 - model.floor) * math.exp(-best / model.pass_scale)
    if deal.phase != PLAYING or action.kind not in (PLAY, PLAY_TABLE):
        return 1.0
    if deal.n == 2 and deal.in_end_phase:
        return 1.0  # both hands are known to both seats there: nothing to learn
    return _card_likelihood(deal, seat, action.codes[0], action.kind == PLAY_TABLE, model)


def _card_likelihood(deal: Deal, seat: int, code: int, from_table: bool,
                     model: PlayModel) -> float:
    kinds = deal.kinds
    if deal.in_end_phase and deal.trick:
        ids, _ = deal.rules.end_phase_playable(deal.hands[seat], kinds,
                                               [i for _, i, _ in deal.trick], deal.trump)
        options = {(kinds[i], False) for i in ids}
    else:
        options = {(kinds[i], False) for i in deal.hands[seat]}
    options.update((kinds[i], True) for i in deal.tables[seat])
    if (code, from_table) not in options or len(options) == 1:
        return 1.0
    keep = keep_values(deal, seat, DEFAULT_WEIGHTS)
    trump = deal.trump
    best: int | None = None  # the card to beat to take the trick (None: no trick to take)
    bonus = 0.0
    if deal.trick:
        top, win_seat, points = trick_standing(deal)
        if not (deal.rules.partnerships and win_seat % 2 == seat % 2):
            best, bonus = top, model.take + model.per_point * float(points)

    def utility(option: tuple[int, bool]) -> float:
        kind, table = option
        u = -keep.get(kind, 0.0) - (0.0 if table else DEFAULT_WEIGHTS.table)
        if best is not None and beats(kind, best, trump):
            u += bonus
        return u / model.temperature

    values = {option: utility(option) for option in options}
    highest = max(values.values())
    total = sum(math.exp(v - highest) for v in values.values())
    chosen = math.exp(values[(code, from_table)] - highest) / total
    return model.floor / len(options) + (1.0 - model.floor) * chosen
