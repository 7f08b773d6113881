"""Multi-pack rules (docs/rules.md: ``rubicon``, ``six-pack``, ``eight-pack``), one test per
rule, each on a hand-built position."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from engine import IllegalActionError, RecordError
from engine.cards import HEARTS, SPADES, parse_code, rank_of, suit_of
from engine.cli import main as cli_main
from engine.deal import Deal
from engine.game import Game, new_game, replay_record, summary
from engine.log_events import Kind
from engine.phases import BLANCHE_PHASE, DECLARING, PLAYING
from engine.session import Session
from engine.variants import VARIANTS, make_rules
from engine.variants.multipack import Rubicon

MULTI = ("rubicon", "six-pack", "eight-pack")
FILLER_RANKS = ("9", "8", "7")


def codes(cards: str | Sequence[str]) -> list[int]:
    words = cards.split() if isinstance(cards, str) else list(cards)
    return [parse_code(w) for w in words]


def build(variant: str, hands: Sequence[str], stock_top: str = "",
          options: dict[str, Any] | None = None, blanche: bool = False) -> Deal:
    """A fresh deal, seat 0 to lead (seat 1 deals). Short hands are filled with nines,
    eights and sevens plus one jack (so no carte blanche unless ``blanche``: then the
    choices are left to the test); the stock starts with ``stock_top``, then the rest of
    the deck, low cards first."""
    rules = make_rules(variant, options)
    left = list(rules.kinds)
    hand_codes = [codes(h) for h in hands]
    top = codes(stock_top)
    for code in [c for h in hand_codes for c in h] + top:
        left.remove(code)
    left.sort(key=lambda c: 0 if rank_of(c) >= 5 else 1)  # 9, 8, 7 first
    for cards in hand_codes:
        if not blanche and len(cards) < rules.hand_size:
            jack = parse_code("JC")
            left.remove(jack)
            cards.append(jack)
        while len(cards) < rules.hand_size:
            cards.append(left.pop(0))
    return Deal.from_codes(rules, 1, hand_codes, top + left, None)


def win(deal: Deal, seat: int) -> None:
    """Put the deal where ``seat`` has just won a stock-phase trick (may declare)."""
    deal.phase = DECLARING
    deal.trick_winner = deal.current = seat
    deal.check_cards()


def declare(deal: Deal, seat: int, cards: str) -> int:
    """``seat`` wins a trick and declares; the points the declaration scored."""
    win(deal, seat)
    before = deal.points[seat]
    deal.apply(f"declare {cards}")
    deal.check_cards()
    return deal.points[seat] - before


def refused(deal: Deal, seat: int, action: str) -> str:
    win(deal, seat)
    snapshot = deal.to_json()
    with pytest.raises(IllegalActionError) as err:
        deal.apply(action)
    assert deal.to_json() == snapshot, "a rejected action leaves the state unchanged"
    return err.value.rule


def play_trick(deal: Deal, lead: str, answer: str) -> None:
    """Seat ``deal.current`` leads ``lead``, the other answers; the winner passes."""
    deal.apply(f"play {lead}")
    deal.apply(f"play {answer}")
    if deal.phase == DECLARING:
        deal.apply("pass")


def end_position(variant: str, hands: Sequence[str], trump: int | None,
                 leader: int = 0) -> Deal:
    """An end-phase deal: these hands, every other card already in seat 0's tricks."""
    deal = build(variant, ["", ""])
    free = list(range(len(deal.kinds)))
    chosen = []
    for cards in hands:
        ids = []
        for code in codes(cards):
            card_id = next(i for i in free if deal.kinds[i] == code)
            free.remove(card_id)
            ids.append(card_id)
        chosen.append(ids)
    deal.hands = chosen
    deal.tables = [[], []]
    deal.stock, deal.dead, deal.trump = [], [], trump
    deal.played = list(free)
    deal.won = [list(free), []]
    deal.leader = deal.current = leader
    deal.phase = PLAYING
    deal.check_cards()
    return deal


# ----- the registry, the deck, the options ---------------------------------------------


@pytest.mark.parametrize(("variant", "cards", "hand", "stock"), [
    ("rubicon", 128, 9, 110), ("six-pack", 192, 12, 168), ("eight-pack", 256, 15, 226)])
def test_table_sizes(variant: str, cards: int, hand: int, stock: int) -> None:
    game = new_game(variant, seed=1)
    assert isinstance(game, Session)
    deal = game.deal
    assert len(deal.kinds) == cards and deal.turnup is None and deal.trump is None
    assert [len(h) for h in deal.hands] == [hand, hand]
    assert len(deal.stock) == stock
    assert deal.leader == 1 - deal.dealer
    assert not deal.rules.trump_sevens


def test_options_are_checked() -> None:
    assert make_rules("rubicon").options == {"four_tens": False, "games": 1}
    assert make_rules("six-pack", {"games": 7}).options["games"] == 7
    assert make_rules("eight-pack", {"games": 0}).options["games"] == 0
    for bad in (-1, 1001, 1.0, True, "2"):
        with pytest.raises(RecordError):
            make_rules("rubicon", {"games": bad})
    with pytest.raises(RecordError):
        make_rules("rubicon", {"four_tens": 1})
    with pytest.raises(RecordError):
        make_rules("rubicon", {"target": 1000})
    assert set(VARIANTS) >= set(MULTI)


def test_score_items_list_every_declaration_and_carte_blanche() -> None:
    rubicon = VARIANTS["rubicon"].score_items()
    assert rubicon["carte_blanche"] == 50 and rubicon["brisk"] == 10
    assert rubicon["quadruple_bezique"] == 4500 and "quintuple_bezique" not in rubicon
    assert rubicon["four_tens"] == 90 and "four_trump_aces" not in rubicon
    six = VARIANTS["six-pack"].score_items()
    assert six["carte_blanche"] == 250 and "brisk" not in six
    assert six["four_trump_tens"] == 900 and "five_trump_aces" not in six
    eight = VARIANTS["eight-pack"].score_items()
    assert "carte_blanche" not in eight and eight["quintuple_bezique"] == 9000
    assert eight["five_trump_jacks"] == 800
    assert VARIANTS["rubicon"].settlement_items() == {
        "last_trick": 50, "game_bonus": 500, "rubicon": 1000, "rubicon_bonus": 1000,
        "brisques_bonus": 320}


# ----- declaration values ----------------------------------------------------------------

VALUES = [
    # variant, cards, trump (None: not fixed yet), record name, points
    ("rubicon", "KH QH", SPADES, "marriage", 20),
    ("rubicon", "KS QS", SPADES, "trump_marriage", 40),
    ("rubicon", "KH QH", None, "trump_marriage", 40),
    ("rubicon", "AH 10H KH QH JH", SPADES, "sequence", 150),
    ("rubicon", "AS 10S KS QS JS", SPADES, "trump_sequence", 250),
    ("rubicon", "AH 10H KH QH JH", None, "trump_sequence", 250),
    ("rubicon", "QS JD", None, "bezique", 40),
    ("rubicon", "QS QS JD JD", None, "double_bezique", 500),
    ("rubicon", "QS QS QS JD JD JD", None, "triple_bezique", 1500),
    ("rubicon", "QS QS QS QS JD JD JD JD", None, "quadruple_bezique", 4500),
    ("rubicon", "AS AH AD AC", None, "four_aces", 100),
    ("rubicon", "AH AH AH AH", HEARTS, "four_aces", 100),
    ("rubicon", "KS KS KH KC", None, "four_kings", 80),
    ("rubicon", "QS QH QD QC", None, "four_queens", 60),
    ("rubicon", "JS JH JD JD", None, "four_jacks", 40),
    ("six-pack", "AH AH AH AH", HEARTS, "four_trump_aces", 1000),
    ("six-pack", "10H 10H 10H 10H", HEARTS, "four_trump_tens", 900),
    ("six-pack", "KH KH KH KH", HEARTS, "four_trump_kings", 800),
    ("six-pack", "QH QH QH QH", HEARTS, "four_trump_queens", 600),
    ("six-pack", "JH JH JH JH", HEARTS, "four_trump_jacks", 400),
    ("six-pack", "AH AH AH AH", None, "four_aces", 100),
    ("six-pack", "AH AH AH AH", SPADES, "four_aces", 100),
    ("six-pack", "QS QS QS QS JD JD JD JD", None, "quadruple_bezique", 4500),
    ("eight-pack", "QS QS QS QS QS JD JD JD JD JD", None, "quintuple_bezique", 9000),
    ("eight-pack", "AH AH AH AH AH", HEARTS, "five_trump_aces", 2000),
    ("eight-pack", "10H 10H 10H 10H 10H", HEARTS, "five_trump_tens", 1800),
    ("eight-pack", "KH KH KH KH KH", HEARTS, "five_trump_kings", 1600),
    ("eight-pack", "QH QH QH QH QH", HEARTS, "five_trump_queens", 1200),
    ("eight-pack", "JH JH JH JH JH", HEARTS, "five_trump_jacks", 800),
    ("eight-pack", "KH KH KH KH", HEARTS, "four_trump_kings", 800),
]


@pytest.mark.parametrize(("variant", "cards", "trump", "name", "points"), VALUES)
def test_every_declaration_value(variant: str, cards: str, trump: int | None, name: str,
                                 points: int) -> None:
    deal = build(variant, [cards, ""])
    deal.trump = trump
    assert declare(deal, 0, cards) == points
    assert deal.declarations[-1] == (0, name, points)


def test_four_tens_only_under_the_option() -> None:
    cards = "10S 10H 10D 10C"
    assert make_rules("rubicon").classify(codes(cards), None) is None
    deal = build("rubicon", [cards, ""], options={"four_tens": True})
    assert declare(deal, 0, cards) == 90
    assert deal.declarations[-1] == (0, "four_tens", 90)


@pytest.mark.parametrize(("variant", "cards", "trump"), [
    ("rubicon", "KH KH QH QH", HEARTS),  # no double marriage
    ("rubicon", "QS QS QS QS QS JD JD JD JD JD", None),  # no quintuple with four packs
    ("six-pack", "QS QS QS QS QS JD JD JD JD JD", None),
    ("six-pack", "AH AH AH AH AH", HEARTS),  # no fives with six packs
    ("eight-pack", "AH AH AH AH AH", None),  # fives need trumps
    ("eight-pack", "AS AH AD AC AC", HEARTS),
    ("rubicon", "7H 7H", HEARTS),  # sevens score nothing
    ("rubicon", "9S 9H 9D 9C", None),
    ("six-pack", "10S 10H 10D 10C", HEARTS),
])
def test_non_combinations(variant: str, cards: str, trump: int | None) -> None:
    assert make_rules(variant).classify(codes(cards), trump) is None


# ----- trumps ----------------------------------------------------------------------------


def test_before_trumps_a_trick_goes_to_the_higher_card_of_the_suit_led() -> None:
    deal = build("rubicon", ["9H 8S 9D", "10H AS 10D"])
    play_trick(deal, "9H", "10H")
    assert deal.last_trick_winner == 1
    play_trick(deal, "AS", "8S")  # seat 1 leads
    assert deal.last_trick_winner == 1
    play_trick(deal, "10D", "9D")
    assert deal.last_trick_winner == 1
    other = build("rubicon", ["AS", "10H"])
    play_trick(other, "AS", "10H")  # another suit: the leader's card
    assert other.last_trick_winner == 0


def test_first_marriage_fixes_trumps_and_scores_forty() -> None:
    deal = build("rubicon", ["KD QD KH QH", ""])
    assert declare(deal, 0, "KD QD") == 40
    assert deal.trump == suit_of(parse_code("KD"))
    assert [e for e in deal.log if e[0] == Kind.TRUMPS] == [(Kind.TRUMPS, 0, deal.trump)]
    assert declare(deal, 0, "KH QH") == 20
    assert [d[1] for d in deal.declarations] == ["trump_marriage", "marriage"]


def test_first_sequence_fixes_trumps_and_scores_250() -> None:
    deal = build("rubicon", ["AC 10C KC QC JC KH QH", ""])
    assert declare(deal, 0, "AC 10C KC QC JC") == 250
    assert deal.declarations[-1] == (0, "trump_sequence", 250)
    assert deal.trump == suit_of(parse_code("AC"))
    assert declare(deal, 0, "KH QH") == 20


@pytest.mark.parametrize("cards", ["QS JD", "AS AH AD AC", "QS QS JD JD"])
def test_beziques_and_fours_never_fix_trumps(cards: str) -> None:
    deal = build("six-pack", [cards, ""])
    declare(deal, 0, cards)
    assert deal.trump is None


# ----- re-use -----------------------------------------------------------------------------


def test_marriage_extended_to_its_sequence() -> None:
    deal = build("six-pack", ["AH 10H KH QH JH AS 10S KS QS JS", ""])
    assert declare(deal, 0, "KH QH") == 40  # fixes hearts
    assert declare(deal, 0, "AH 10H KH QH JH") == 250
    assert declare(deal, 0, "KS QS") == 20
    assert declare(deal, 0, "AS 10S KS QS JS") == 150


def test_no_marriage_out_of_a_declared_sequence() -> None:
    deal = build("rubicon", ["AH 10H KH QH JH", ""])
    declare(deal, 0, "AH 10H KH QH JH")
    assert refused(deal, 0, "declare KH QH") == "card_reused_lower"


def test_beziques_grow_to_their_full_values() -> None:
    deal = build("rubicon", ["QS QS QS QS JD JD JD JD", ""])
    assert declare(deal, 0, "QS JD") == 40
    assert declare(deal, 0, "QS QS JD JD") == 500
    assert declare(deal, 0, "QS QS QS QS JD JD JD JD") == 4500
    assert refused(deal, 0, "declare QS QS QS JD JD JD") == "card_reused_lower"


def test_two_singles_and_a_new_pair_make_a_triple() -> None:
    deal = build("rubicon", ["QS QS QS JD JD JD", ""])
    declare(deal, 0, "QS JD")
    declare(deal, 0, "QS JD")
    assert declare(deal, 0, "QS QS QS JD JD JD") == 1500


def test_two_singles_alone_never_make_a_double() -> None:
    deal = build("rubicon", ["QS QS JD JD", ""])
    declare(deal, 0, "QS JD")
    declare(deal, 0, "QS JD")
    assert refused(deal, 0, "declare QS QS JD JD") == "no_new_card"


def test_four_to_trump_four_to_trump_five() -> None:
    deal = build("eight-pack", ["KH KH KH KH KH KS KD QH", ""])
    assert declare(deal, 0, "KS KH KH KD") == 80
    assert declare(deal, 0, "KH QH") == 40  # hearts are trumps
    assert declare(deal, 0, "KH KH KH KH") == 800
    assert declare(deal, 0, "KH KH KH KH KH") == 1600
    assert refused(deal, 0, "declare KH KH KH KH") == "card_reused_same_kind"


def test_a_card_never_counts_twice_in_one_kind() -> None:
    deal = build("rubicon", ["KS KH KD KC KS KH KD", ""])
    declare(deal, 0, "KS KH KD KC")
    # three new kings and one of the declared: a second four kings needs four new ones
    assert refused(deal, 0, "declare KS KS KH KD") == "card_reused_same_kind"


def test_other_classes_reuse_freely() -> None:
    deal = build("rubicon", ["QS JD QH QD QC KS", ""])
    declare(deal, 0, "QS JD")
    assert declare(deal, 0, "QS QH QD QC") == 60
    assert declare(deal, 0, "KS QS") == 40


# ----- a combination declared again -----------------------------------------------------


def four_kings_broken() -> Deal:
    """Seat 0 declared four kings and played the K♠ of them to a trick."""
    deal = build("rubicon", ["KS KH KD KC KS KH", "8H 8D"])
    declare(deal, 0, "KS KH KD KC")
    deal.apply("pass") if deal.phase == DECLARING else None
    deal.current = deal.leader = 0
    deal.phase = PLAYING
    deal.apply("play table KS")
    deal.apply("play 8H")
    return deal


def test_a_replaced_card_scores_the_combination_again() -> None:
    deal = four_kings_broken()
    assert deal.last_trick_winner == 0
    before = deal.points[0]
    deal.apply("declare KS KH KD KC")
    assert deal.points[0] - before == 80
    assert deal.declarations[-1] == (0, "four_kings", 80)
    assert len(deal.tables[0]) == 4  # three old kings and the new K♠
    deal.check_cards()


def test_the_replacement_must_be_identical() -> None:
    deal = four_kings_broken()
    deal.phase = DECLARING
    hidden_ks = next(i for i in deal.hands[0] if deal.kinds[i] == parse_code("KS"))
    deal.hands[0].remove(hidden_ks)  # only a K♥ left to replace the played K♠
    deal.hands[1].append(hidden_ks)
    assert refused(deal, 0, "declare KS KH KD KC") == "card_not_held"
    assert refused(deal, 0, "declare KH KH KD KC") == "card_reused_same_kind"


def test_a_repeat_is_taken_once_per_break() -> None:
    deal = four_kings_broken()
    deal.apply("declare KS KH KD KC")
    assert refused(deal, 0, "declare KS KH KD KC") == "card_reused_same_kind"


def test_an_absorbed_marriage_is_not_declared_again() -> None:
    deal = build("rubicon", ["AH 10H KH QH JH QH", "8S 8D"])
    declare(deal, 0, "KH QH")
    declare(deal, 0, "AH 10H KH QH JH")
    deal.current = deal.leader = 0
    deal.phase = PLAYING
    deal.apply("play table QH")
    deal.apply("play 8S")
    assert refused(deal, 0, "declare KH QH") == "card_reused_same_kind"
    assert declare(deal, 0, "AH 10H KH QH JH") == 250


def test_a_four_made_before_trumps_scores_as_it_stands_now() -> None:
    """Re-declared, four aces count as what they are now: plain aces stay plain (rubicon),
    four aces of the suit that became trumps are four trump aces (six packs)."""
    deal = build("rubicon", ["AS AH AD AC AS KH QH", "8S 8D"])
    declare(deal, 0, "AS AH AD AC")
    declare(deal, 0, "KH QH")  # hearts trumps now
    deal.current = deal.leader = 0
    deal.phase = PLAYING
    deal.apply("play table AS")
    deal.apply("play 8S")
    assert declare(deal, 0, "AS AH AD AC") == 100
    assert deal.declarations[-1][1] == "four_aces"
    six = build("six-pack", ["AH AH AH AH AH KH QH", "8S 8D"])
    assert declare(six, 0, "AH AH AH AH") == 100
    declare(six, 0, "KH QH")
    six.current = six.leader = 0
    six.phase = PLAYING
    six.apply("play table AH")
    six.apply("play 8S")
    assert declare(six, 0, "AH AH AH AH") == 1000
    assert six.declarations[-1][1] == "four_trump_aces"


def test_a_double_bezique_declared_again() -> None:
    deal = build("rubicon", ["QS QS QS JD JD", "8S 8D"])
    declare(deal, 0, "QS QS JD JD")
    deal.current = deal.leader = 0
    deal.phase = PLAYING
    deal.apply("play table QS")
    deal.apply("play 8D")
    assert declare(deal, 0, "QS QS JD JD") == 500


# ----- carte blanche ------------------------------------------------------------------


def blank_deal(variant: str = "rubicon", stock_top: str = "9C KD",
               other: str = "") -> Deal:
    return build(variant, ["AS 10S 9S 8S 7S AH 10H 9H 8H", other or "KS QS JD KH QH"],
                 stock_top=stock_top, blanche=True)


def test_carte_blanche_shows_the_hand_for_fifty() -> None:
    deal = blank_deal()
    assert deal.phase == BLANCHE_PHASE and deal.current == 0
    assert [a.text() for a in deal.legal_actions()] == ["blanche", "pass"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play AS")
    assert err.value.rule == "blanche_or_pass"
    deal.apply("blanche")
    assert deal.points == [50, 0] and deal.declarations == [(0, "carte_blanche", 50)]
    assert deal.phase == PLAYING and deal.current == 0
    seen = deal.observation(1).multipack
    assert seen is not None
    assert sorted(seen.shown[0]) == sorted(deal.kinds[i] for i in deal.hands[0])
    assert deal.observation(1).hand != deal.observation(0).hand
    assert deal.log[-1][0] == Kind.BLANCHE


def test_carte_blanche_again_after_each_plain_draw_until_a_court_card() -> None:
    deal = blank_deal(stock_top="9C 8D KD 7D")  # seat 0 draws 9C, then KD
    deal.apply("blanche")
    play_trick(deal, "AS", "KS")  # seat 0 wins (the suit led, higher)
    assert deal.phase == BLANCHE_PHASE and deal.current == 0
    deal.apply("blanche")
    assert deal.points[0] == 100
    assert deal.declarations == [(0, "carte_blanche", 50)] * 2
    facts = deal.observation(1).multipack
    assert facts is not None and parse_code("9C") in facts.shown[0]
    assert parse_code("AS") not in facts.shown[0]  # played: no longer in the hand
    assert deal.log[-1] == (Kind.BLANCHE, 0, 50, (parse_code("9C"),))
    play_trick(deal, "AH", "QS")  # seat 0 wins again and draws the K♦
    assert deal.phase == PLAYING
    facts = deal.observation(1).multipack
    assert facts is not None and facts.blanche_rights == (False, False)
    assert parse_code("KD") not in facts.shown[0]


def test_a_drawn_court_card_ends_carte_blanche() -> None:
    deal = blank_deal(stock_top="KD 9C")
    deal.apply("blanche")
    play_trick(deal, "AS", "KS")
    assert deal.phase == PLAYING
    facts = deal.observation(0).multipack
    assert facts is not None and facts.blanche_rights == (False, False)


def test_pass_ends_carte_blanche() -> None:
    deal = blank_deal(stock_top="9C 8D")
    deal.apply("pass")
    assert deal.points == [0, 0] and deal.phase == PLAYING
    play_trick(deal, "AS", "KS")
    assert deal.phase == PLAYING


def test_both_blank_choose_in_order_from_the_leader() -> None:
    deal = build("six-pack", ["AS 10S 9S", "AH 10H 9H"], blanche=True)
    assert deal.current == 0
    deal.apply("pass")
    assert deal.phase == BLANCHE_PHASE and deal.current == 1
    deal.apply("blanche")
    assert deal.points == [0, 250]
    assert deal.current == 0 and deal.phase == PLAYING


def test_no_carte_blanche_with_a_court_card_or_eight_packs() -> None:
    assert build("rubicon", ["AS", ""]).phase == PLAYING
    deal = build("eight-pack", ["AS 10S 9S", "AH"], blanche=True)
    assert deal.phase == PLAYING
    with pytest.raises(IllegalActionError) as err:
        deal.apply("blanche")
    assert err.value.rule == "blanche_not_allowed"


def test_blanche_is_refused_in_other_variants() -> None:
    game = new_game("classic", seed=1)
    with pytest.raises(IllegalActionError) as err:
        game.apply("blanche")
    assert err.value.rule == "blanche_not_allowed"


# ----- the end phase ----------------------------------------------------------------------


def test_end_phase_must_follow_and_win_with_trumps() -> None:
    deal = end_position("rubicon", ["9S", "10S 7S AH"], trump=HEARTS)
    deal.apply("play 9S")
    assert [a.text() for a in deal.legal_actions()] == ["play 10S"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play 7S")
    assert err.value.rule == "must_win"


def test_end_phase_void_must_trump() -> None:
    deal = end_position("rubicon", ["9S", "AH 7D"], trump=HEARTS)
    deal.apply("play 9S")
    assert [a.text() for a in deal.legal_actions()] == ["play AH"]


def test_end_phase_without_trumps_follow_else_anything() -> None:
    deal = end_position("rubicon", ["9S 8S", "7S AH 10D"], trump=None)
    deal.apply("play 9S")
    assert [a.text() for a in deal.legal_actions()] == ["play 7S"]
    deal.apply("play 7S")
    deal.apply("play 8S")
    assert {a.text() for a in deal.legal_actions()} == {"play AH", "play 10D"}


# ----- the end of the deal: brisques, settlement ----------------------------------------


def finish(variant: str, points: list[int], brisques: tuple[int, int]) -> Deal:
    """A deal whose last trick seat 0 takes, with ``points`` scored before it and
    ``brisques`` aces among each seat's tricks (the rest are low cards)."""
    deal = end_position(variant, ["9C", "8C"], trump=None)
    ace = parse_code("AC")
    aces = [i for i in deal.won[0] if deal.kinds[i] == ace][: brisques[0] + brisques[1]]
    low = [i for i in deal.won[0] if rank_of(deal.kinds[i]) not in (0, 1)]
    others = [i for i in deal.won[0] if rank_of(deal.kinds[i]) in (0, 1) and i not in aces]
    deal.won = [aces[: brisques[0]] + low, aces[brisques[0]:] + others]
    deal.points = list(points)
    deal.check_cards()
    deal.apply("play 9C")
    deal.apply("play 8C")
    assert deal.is_terminal and deal.last_trick_winner == 0
    return deal


def brisques_in(deal: Deal, seat: int) -> int:
    return sum(1 for i in deal.won[seat] if rank_of(deal.kinds[i]) in (0, 1))


def test_rubicon_brisques_not_counted_when_both_reach_the_rubicon() -> None:
    deal = finish("rubicon", [1500, 1200], (3, 3))
    assert deal.points == [1550, 1200]
    result = deal.result()
    assert result.extra["brisques_counted"] is False
    assert result.extra["settlement"] == {"winner": 0, "points": 300 + 500, "rubiconed": False}


def test_rubicon_brisques_counted_to_escape_the_rubicon() -> None:
    deal = finish("rubicon", [1500, 950], (0, 0))
    counted_1 = brisques_in(deal, 1) * 10
    assert counted_1 >= 50  # the low side's tricks hold aces and tens
    assert deal.result().extra["brisques_counted"] is True
    assert deal.points == [1550 + brisques_in(deal, 0) * 10, 950 + counted_1]
    assert deal.card_points == [brisques_in(deal, 0) * 10, counted_1]


def test_rubicon_brisques_counted_for_a_tie() -> None:
    deal = finish("rubicon", [1150, 1200], (0, 0))
    assert deal.result().extra["brisques_counted"] is True


def test_rubicon_brisques_not_counted_when_they_do_not_lift() -> None:
    deal = finish("rubicon", [1500, 300], (0, 0))
    assert deal.result().extra["brisques_counted"] is False
    assert deal.result().extra["settlement"] == {
        "winner": 0, "points": 1500 + 300 + 1000 + 320, "rubiconed": True}


@pytest.mark.parametrize(("variant", "totals", "counted", "winner", "points", "rubiconed"), [
    ("rubicon", [1290, 1010], False, 0, 1200 - 1000 + 500, False),
    ("rubicon", [1290, 990], False, 0, 1200 + 900 + 1000 + 320, True),
    ("rubicon", [1290, 990], True, 0, 1200 + 900 + 1000, True),
    ("rubicon", [999, 1001], False, 1, 1000 + 900 + 1000 + 320, True),
    ("rubicon", [1230, 1230], True, None, 0, False),
    ("six-pack", [4560, 3010], False, 0, 4500 - 3000 + 1000, False),
    ("six-pack", [4560, 2990], False, 0, 4500 + 2900 + 1500, True),
    ("eight-pack", [7000, 5050], False, 0, 7000 - 5000 + 1000, False),
    ("eight-pack", [4990, 6080], False, 1, 6000 + 4900 + 1500, True),
    ("eight-pack", [600, 600], False, None, 0, False),
])
def test_settlement(variant: str, totals: list[int], counted: bool, winner: int | None,
                    points: int, rubiconed: bool) -> None:
    rules = make_rules(variant)
    assert isinstance(rules, Rubicon)
    settled = rules.settle(totals, counted)
    assert (settled.winner, settled.points, settled.rubiconed) == (winner, points, rubiconed)
    assert settled.rounded == tuple(t // 100 * 100 for t in totals)


def test_a_drawn_game_scores_nothing_in_the_session() -> None:
    deal = finish("six-pack", [1000, 1250], (0, 0))
    assert deal.points == [1250, 1250]
    assert deal.result().extra["settlement"] == {"winner": None, "points": 0,
                                                 "rubiconed": False}


# ----- the session ------------------------------------------------------------------------


def play_random(game: Game, rng: random.Random) -> None:
    while not game.deal.is_terminal:
        game.apply(rng.choice(game.legal_actions()))


def test_a_session_of_games_with_the_dealer_alternating() -> None:
    game = new_game("rubicon", {"games": 3}, seed=5)
    assert isinstance(game, Session)
    rng = random.Random(2)
    dealers = []
    total = [0, 0]
    while True:
        dealers.append(game.deal.dealer)
        play_random(game, rng)
        assert game.game_over and game.totals == game.results[-1].totals
        facts = game.session_facts()
        last = facts.last
        assert last is not None and game.game_winner == last.winner
        if last.winner is not None:
            total[last.winner] += last.points
        assert list(facts.points) == total
        if game.is_terminal:
            break
        assert not game.match_over
        game.next_deal()
        assert game.totals == [0, 0] and game.game_winner is None
    assert dealers == [0, 1, 0]
    assert facts.over and facts.games == 3 and game.match_over
    assert game.winner == (None if total[0] == total[1] else int(total[1] > total[0]))
    with pytest.raises(IllegalActionError):
        game.next_deal()


def test_an_open_ended_session_never_ends_by_itself() -> None:
    game = new_game("eight-pack", {"games": 0}, seed=1)
    rng = random.Random(1)
    for _ in range(2):
        play_random(game, rng)
        assert not game.is_terminal and game.winner is None
        game.next_deal()
    assert game.session_facts().planned == 0


def test_session_records_replay_to_the_settlements(tmp_path: Any, capsys: Any) -> None:
    game = new_game("rubicon", {"games": 2}, seed=9)
    rng = random.Random(4)
    play_random(game, rng)
    game.next_deal()
    play_random(game, rng)
    record = game.record()
    again = replay_record(json.loads(json.dumps(record)))
    assert isinstance(again, Session)
    assert again.session_facts() == game.session_facts()
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert cli_main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == summary(game)
    assert out["session"] == {"points": list(game.points), "games": 2}
    for deal, settled in zip(out["deals"], game.settlements, strict=True):
        assert deal["settlement"] == settled.to_json()
        assert set(deal) >= {"trumps", "brisques_counted", "declarations", "totals"}
        assert sum(p for _, _, p in deal["declarations"]) + sum(deal["card_points"]) + (
            game.rules.last_trick_points) == sum(deal["totals"])
    # a third game after the session's end is refused
    record["deals"].append(record["deals"][0])
    path.write_text(json.dumps(record))
    assert cli_main(["replay", str(path)]) == 3
    capsys.readouterr()


@pytest.mark.parametrize("change", [
    lambda r: r["deals"][0].update(turnup="9H"),
    lambda r: r["deals"][0]["hands"][0].pop(),
    lambda r: r["options"].update(games=-2),
    lambda r: r["deals"][0].update(actions=[1, 2]),
    lambda r: r["deals"][0]["stock"].append("AS"),
])
def test_malformed_session_records_exit_3(change: Any, tmp_path: Any, capsys: Any) -> None:
    game = new_game("six-pack", seed=2)
    record = game.record()
    change(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert cli_main(["replay", str(path)]) == 3
    assert json.loads(capsys.readouterr().out)["ok"] is False


def test_saves_and_clones_keep_the_session() -> None:
    game = new_game("six-pack", {"games": 2}, seed=3)
    rng = random.Random(3)
    play_random(game, rng)
    game.next_deal()
    for _ in range(7):
        game.apply(rng.choice(game.legal_actions()))
    other = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert isinstance(other, Session)
    assert other.session_facts() == game.session_facts()
    assert other.deal == game.deal
    copy = game.clone()
    assert copy.session_facts() == game.session_facts()


# ----- what the AI's sampled worlds know of carte blanche ---------------------------------


def test_worlds_hold_the_shown_cards_and_respect_the_choices() -> None:
    from engine.ai.world import sample_world

    shown = blank_deal(stock_top="9C 8D KD 7D")
    shown.apply("blanche")
    play_trick(shown, "AS", "KS")
    shown.apply("blanche")  # the 9C
    play_trick(shown, "AH", "QS")  # seat 0 draws the KD: no question
    declined = blank_deal()
    declined.apply("pass")
    rng = random.Random(5)
    for deal in (shown, declined):
        obs = deal.observation(1)
        for _ in range(12):
            world = sample_world(obs, rng)
            hand = [world.kinds[i] for i in world.hands[0]]
            if deal is shown:  # the shown cards, and a court card for the one not shown
                facts = obs.multipack
                assert facts is not None
                rest = Counter(hand)
                rest.subtract(facts.shown[0])
                assert all(v >= 0 for v in rest.values())
                assert [rank_of(c) in (2, 3, 4) for c in rest.elements()] == [True]
            else:
                assert not any(rank_of(c) in (2, 3, 4) for c in hand)


def test_bench_counts_random_deals_of_each_new_variant() -> None:
    from engine.cli import MULTI_PACK, _random_deals_per_second

    assert set(MULTI_PACK) == set(MULTI)
    assert _random_deals_per_second("eight-pack", 0.0) > 0


def test_selfplay_and_arena_play_the_new_variants(capsys: Any) -> None:
    for variant in MULTI:
        assert cli_main(["selfplay", "--variant", variant, "--games", "1", "--seed", "3",
                         "--players", "greedy"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["ok"] and out["deals"] == 1 and sum(out["wins"]) <= 1
    assert cli_main(["arena", "--variant", "rubicon", "--a", "greedy", "--b", "random",
                     "--games", "1", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["deals"] == 2
    assert cli_main(["selfplay", "--variant", "rubicon", "--option", "games=0",
                     "--players", "greedy"]) != 0
    capsys.readouterr()


def test_the_end_phase_solve_is_capped_and_falls_back() -> None:
    """Past the node limit the strong level searches sampled worlds instead and the normal
    level plays by its rules: both still answer with a legal card."""
    from engine.ai import search
    from engine.players import choose, make_player

    game = new_game("eight-pack", seed=20_007)
    greedy = [make_player("greedy", random.Random(s)) for s in range(2)]
    deal = game.deal
    while not (deal.in_end_phase and deal.phase == PLAYING):
        seat = game.current_player
        assert seat is not None
        game.apply(choose(greedy[seat], game.observation(seat)))
    assert search.solve_limit(deal) == search.MULTI_PACK_NODES
    assert search.solve_limit(new_game("classic").deal) is None
    saved = search.MULTI_PACK_NODES
    search.MULTI_PACK_NODES = 5
    try:
        obs = game.observation(deal.current or 0)
        for level in ("normal", "strong"):
            assert choose(make_player(level, random.Random(1)), obs) in obs.legal_actions
    finally:
        search.MULTI_PACK_NODES = saved
