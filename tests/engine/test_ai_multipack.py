"""The strong level in the six- and eight-pack games: the leaf's worth of the big
combinations (engine/ai/combo_leaf.py) and the normal choice where no world fits."""

from __future__ import annotations

import random

import pytest

import engine.ai.search as search
from engine.actions import declare
from engine.ai.combo_leaf import combo_leaf
from engine.ai.levels import StrongPlayer, normal_action
from engine.ai.world import WorldError
from engine.cards import SPADES, parse_code
from engine.deal import Deal
from engine.game import new_game
from engine.phases import DECLARING
from engine.players import choose, make_player
from engine.variants import make_rules


def position(variant: str, hand: str, trump: int | None = None) -> Deal:
    """Seat 0 holds ``hand`` (filled with nines and eights), seat 1 only nines, eights and
    sevens; the rest of the deck is the stock."""
    rules = make_rules(variant, None)
    left = list(rules.kinds)
    mine = [parse_code(w) for w in hand.split()]
    for code in mine:
        left.remove(code)
    fillers = [c for c in left if c & 7 >= 5]
    for code in fillers[:rules.hand_size - len(mine)]:
        left.remove(code)
        mine.append(code)
    fillers = [c for c in left if c & 7 >= 5]
    other = fillers[:rules.hand_size]
    for code in other:
        left.remove(code)
    deal = Deal.from_codes(rules, 1, [mine, other], left, None)
    deal.trump = trump
    return deal


def test_a_triple_bezique_in_hand_outweighs_one_card_short() -> None:
    whole = combo_leaf(position("six-pack", "QS QS QS JD JD JD"), 0)
    short = combo_leaf(position("six-pack", "QS QS JD JD JD"), 0)
    assert whole > 1500 and short > 0
    assert whole - short > 500  # a Q♠ of a triple is worth hundreds, not a few points


def test_the_leaf_is_a_margin_between_the_seats() -> None:
    deal = position("eight-pack", "QS QS JD AH AH AH", trump=1)
    assert combo_leaf(deal, 1) == pytest.approx(-combo_leaf(deal, 0))


def test_a_declared_combination_counts_no_more_but_the_next_does() -> None:
    deal = position("six-pack", "QS QS QS JD JD JD")
    before = combo_leaf(deal, 0)
    deal.phase, deal.trick_winner, deal.current = DECLARING, 0, 0
    deal.apply(declare(tuple(parse_code(w) for w in ("QS", "QS", "QS", "JD", "JD", "JD"))))
    assert deal.points[0] == 1500
    after = combo_leaf(deal, 0)
    assert 0 < after < before - 1000  # the quadruple is still in the making


def test_trump_fours_and_fives() -> None:
    four = combo_leaf(position("six-pack", "AS AS AS AS", trump=SPADES), 0)
    assert four > 900  # 1000 less the other seat's small chances
    five = combo_leaf(position("eight-pack", "AS AS AS AS AS", trump=SPADES), 0)
    assert five > 2500  # four and five trump aces (3000), less the other seat's chances
    assert combo_leaf(position("six-pack", "AS AS AS AS", trump=None), 0) < four


def test_nothing_once_the_stock_is_out() -> None:
    deal = position("six-pack", "QS QS QS JD JD JD")
    deal.stock = []
    assert combo_leaf(deal, 0) == 0.0


@pytest.mark.parametrize(("variant", "used"), [
    ("six-pack", True), ("eight-pack", True), ("rubicon", False), ("classic", False),
    ("no-trump", False)])
def test_only_six_and_eight_packs_use_it(variant: str, used: bool) -> None:
    player = StrongPlayer(random.Random(0))
    assert (player.combo_for(variant) > 0) == used
    assert StrongPlayer(random.Random(0), combo_weight=0.0).combo_for(variant) == 0.0



@pytest.mark.parametrize(("variant", "normal"), [
    ("six-pack", True), ("eight-pack", True), ("rubicon", False)])
def test_no_world_gives_the_normal_choice(variant: str, normal: bool,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(variant, seed=3)
    players = [make_player("greedy", random.Random(s)) for s in range(2)]
    for _ in range(30):  # into the stock phase, past the first tricks
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    cards = search.candidates(obs)
    prior = normal_action(obs, random.Random(0))
    assert len(cards) > 2 and prior != cards[0]

    def no_world(*_: object, **__: object) -> None:
        raise WorldError("none fits")

    monkeypatch.setattr(search, "sample_drawn", no_world)
    chosen = choose(StrongPlayer(random.Random(0)), obs)
    assert chosen == (prior if normal else cards[0])
