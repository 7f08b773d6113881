"""Russian-family rules (docs/rules.md: ``russian``, ``russian-3``, ``russian-4``, ``no-trump``),
one test per rule, each on a hand-built position."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine import IllegalActionError, RecordError
from engine.cards import (
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    NINE,
    SEVEN,
    SPADES,
    TEN,
    code_text,
    parse_code,
    rank_of,
    suit_of,
)
from engine.cli import main as cli_main
from engine.cli import summary
from engine.deal import Deal
from engine.game import new_game, replay_record
from engine.phases import DECLARING
from engine.variants import VARIANTS, make_rules

# ----- positions ------------------------------------------------------------


def codes(cards: str | Sequence[str]) -> list[int]:
    words = cards.split() if isinstance(cards, str) else list(cards)
    return [parse_code(w) for w in words]


def build(
    variant: str,
    hands: Sequence[str],
    turnup: str | None = "9C",
    stock_top: str = "",
    options: dict[str, Any] | None = None,
) -> Deal:
    """A fresh deal, seat 0 to lead (the last seat deals). Hands shorter than eight are
    filled with cards that form no combination (nines, eights, plain sevens, tens); the
    stock starts with ``stock_top``, then more such cards (harmless draws), then the rest."""
    rules = make_rules(variant, options)
    left = list(rules.kinds)
    hand_codes = [codes(h) for h in hands]
    top = codes(stock_top)
    turn = None if turnup is None else codes(turnup)[0]
    for code in [c for h in hand_codes for c in h] + top + ([] if turn is None else [turn]):
        left.remove(code)
    trump = None if turn is None else suit_of(turn)

    def harmless(code: int) -> int:
        rank = rank_of(code)
        if rank in (NINE, EIGHT):
            return 0
        if rank == SEVEN and suit_of(code) != trump:
            return 1
        return 2 if rank == TEN else 3

    left.sort(key=harmless)
    for cards in hand_codes:
        while len(cards) < rules.hand_size:
            cards.append(left.pop(0))
    return Deal.from_codes(rules, rules.players - 1, hand_codes, top + left, turn)


def win(deal: Deal, seat: int) -> None:
    """Put the deal where ``seat`` has just won a stock-phase trick (may declare)."""
    deal.phase = DECLARING
    deal.trick_winner = deal.current = seat
    deal.check_cards()


def declare(deal: Deal, seat: int, cards: str) -> int:
    """``seat`` wins a trick and declares; returns the points the declaration scored."""
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


def texts(deal: Deal) -> list[str]:
    return [a.text() for a in deal.legal_actions()]


def end_position(variant: str, hands: Sequence[str], trump: int | None, leader: int = 0,
                 options: dict[str, Any] | None = None) -> Deal:
    """An end-phase deal: these hands, every other card already in seat 0's tricks."""
    rules = make_rules(variant, options)
    deal = build(variant, [""] * rules.players, turnup="9C" if rules.has_turnup else None,
                 options=options)
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
    deal.tables = [[] for _ in hands]
    deal.stock, deal.dead, deal.turnup, deal.trump = [], [], None, trump
    deal.played = list(free)
    deal.won = [list(free)] + [[] for _ in hands[1:]]
    deal.leader = deal.current = leader
    deal.check_cards()
    return deal


def seats(variant: str, first: str, *others: str, options: dict[str, Any] | None = None,
          turnup: str | None = "9H") -> Deal:
    """A deal where seat 0 holds ``first`` (filled up) and the others ``others`` or filler."""
    players = make_rules(variant, options).players
    hands = [first, *others] + [""] * (players - 1 - len(others))
    return build(variant, hands, turnup=turnup, options=options)


# ----- the registry and the deck ---------------------------------------------


@pytest.mark.parametrize(
    ("variant", "options", "players", "cards", "stock", "target"),
    [
        ("russian", None, 2, 64, 47, 1000),
        ("russian", {"target": 1500}, 2, 64, 47, 1500),
        ("russian-3", None, 3, 96, 71, 1500),
        ("russian-4", None, 4, 96, 63, 1500),
        ("no-trump", None, 2, 128, 112, 1000),
        ("no-trump", {"players": 3}, 3, 128, 104, 1500),
        ("no-trump", {"players": 4}, 4, 128, 96, 1500),
        ("no-trump", {"players": 3, "target": 1000}, 3, 128, 104, 1000),
    ],
)
def test_table_sizes_and_targets(variant: str, options: dict[str, Any] | None, players: int,
                                 cards: int, stock: int, target: int) -> None:
    game = new_game(variant, options, seed=5)
    rules = game.rules
    assert rules.players == players and len(rules.kinds) == cards and rules.target == target
    assert game.deal.stock_size == stock
    assert (game.deal.turnup is not None) == (variant != "no-trump")
    assert all(len(h) == 8 for h in game.deal.hands)
    assert rules.partnerships == (players == 4)
    assert rules.tie_break == "last_trick"
    assert make_rules(variant, rules.options).options == rules.options  # records re-validate


def test_registered_and_options_checked() -> None:
    assert {"russian", "russian-3", "russian-4", "no-trump"} <= set(VARIANTS)
    for variant, options in [("russian", {"target": 2000}), ("russian-3", {"target": 1000}),
                             ("russian", {"tie_break": "coin"}), ("no-trump", {"players": 5}),
                             ("russian-3", {"double_bezique_540": True}),
                             ("russian-4", {"players": 2})]:
        with pytest.raises(RecordError):
            make_rules(variant, options)
    assert make_rules("russian", {"tie_break": "higher_score"}).tie_break == "higher_score"


def test_no_trump_has_no_turnup() -> None:
    rules = make_rules("no-trump")
    with pytest.raises(RecordError):
        Deal.from_codes(rules, 1, [codes("8D 8D 8D 8D 9D 9D 9D 9D")] * 2, [], parse_code("9C"))


# ----- card points and the last trick ----------------------------------------


def test_card_points_go_to_the_trick_winner_as_the_trick_is_won() -> None:
    deal = build("russian", ["AS KH JD 9H", "10S 7C QD 8D"])
    deal.apply("play AS")
    deal.apply("play 10S")
    assert deal.card_points == [21, 0] and deal.points == [21, 0]
    deal.apply("pass")
    deal.apply("play KH")
    deal.apply("play 7C")  # clubs are trumps: seat 1 takes K (4) + 7 (0)
    assert deal.card_points == [21, 4]
    deal.apply("pass")
    deal.apply("play QD")
    deal.apply("play JD")
    assert deal.card_points == [21, 9]
    deal.apply("pass")
    deal.apply("play 8D")
    deal.apply("play 9H")  # nines, eights and sevens are worth nothing
    assert deal.card_points == [21, 9]


def test_last_trick_scores_ten_and_the_totals_are_explained() -> None:
    deal = end_position("russian", ["AH", "10H"], trump=CLUBS)
    deal.apply("play AH")
    deal.apply("play 10H")
    assert deal.is_terminal
    result = deal.result()
    assert result.card_points == [21, 0] and result.last_trick == 0 and result.totals == [31, 0]
    assert "trumps" not in result.to_json()


# ----- the declaration table ---------------------------------------------------

RUSSIAN_TABLE = [
    ("7H 7H", "two_sevens", 20),
    ("KS QS", "marriage", 20),
    ("KH QH", "trump_marriage", 40),
    ("KS KS QS QS", "double_marriage", 40),
    ("KH KH QH QH", "double_trump_marriage", 80),
    ("QS JD", "bezique", 40),
    ("QS QS JD JD", "double_bezique", 500),
    ("JS JH JD JC", "four_jacks", 40),
    ("QS QH QD QC", "four_queens", 60),
    ("KS KH KD KC", "four_kings", 80),
    ("AS AH AD AC", "four_aces", 100),
    ("AS AS AH AD", "four_aces", 100),
    ("AS 10S KS QS JS", "sequence", 100),
    ("AH 10H KH QH JH", "trump_sequence", 250),
]


@pytest.mark.parametrize(("cards", "name", "points"), RUSSIAN_TABLE)
def test_russian_declarations(cards: str, name: str, points: int) -> None:
    deal = seats("russian", cards)
    assert f"declare {cards}" in _declares(deal, 0)
    assert declare(deal, 0, cards) == points
    assert deal.declarations[-1] == (0, name, points)
    assert deal.turnup is not None and deal.kinds[deal.turnup] == parse_code("9H")


def _declares(deal: Deal, seat: int) -> list[str]:
    win(deal, seat)
    found = [t for t in texts(deal) if t.startswith("declare")]
    return [" ".join(w for w in t.split()) for t in found]


@pytest.mark.parametrize("cards", ["KS QH", "KS KS QS", "7S 7S", "9S 9H 9C 9C", "10S 10H 10D 10C",
                                   "AS 10S KS QS", "QS JS", "QH JD", "7H"])
def test_russian_non_combinations(cards: str) -> None:
    deal = seats("russian", cards)
    assert refused(deal, 0, f"declare {cards}") == "not_a_combination"


TRIPLE_TABLE = [
    ("KS KS KS QS QS QS", "triple_marriage", 100),
    ("KH KH KH QH QH QH", "triple_trump_marriage", 300),
    ("QS QS QS JD JD JD", "triple_bezique", 1500),
    ("QS QS JD JD", "double_bezique", 500),
    ("KH KH KH KS", "four_kings", 80),
    ("JD JD JD JS", "four_jacks", 40),
    ("7H 7H", "two_sevens", 20),
    ("AS 10S KS QS JS", "sequence", 100),
]


@pytest.mark.parametrize("variant", ["russian-3", "russian-4"])
@pytest.mark.parametrize(("cards", "name", "points"), TRIPLE_TABLE)
def test_three_pack_declarations(variant: str, cards: str, name: str, points: int) -> None:
    deal = seats(variant, cards)
    assert declare(deal, 0, cards) == points
    assert deal.declarations[-1] == (0, name, points)


def test_no_quadruples_and_no_triples_with_two_packs() -> None:
    three = make_rules("russian-3")
    assert three.classify(codes("KS KS KS KS QS QS QS QS"), HEARTS) is None
    assert three.classify(codes("QS QS QS QS JD JD JD JD"), HEARTS) is None
    assert three.classify(codes("7H 7H 7H"), HEARTS) is None
    two = make_rules("russian")
    assert two.classify(codes("KS KS KS QS QS QS"), HEARTS) is None
    assert two.classify(codes("QS QS QS JD JD JD"), HEARTS) is None


# ----- trump sevens ------------------------------------------------------------


def test_seven_exchange_then_show_each_scores_once() -> None:
    deal = seats("russian", "7H 7H")
    win(deal, 0)
    assert "seven 7H" in texts(deal)
    deal.apply("seven 7H")
    assert deal.points[0] == 10 and deal.kinds[deal.turnup or 0] == parse_code("7H")
    assert parse_code("9H") in [deal.kinds[i] for i in deal.hands[0]]
    win(deal, 0)
    deal.apply("seven 7H")  # the turn-up is a seven now: shown onto the table
    assert deal.points[0] == 20
    assert [deal.kinds[i] for i in deal.tables[0]] == [parse_code("7H")]
    win(deal, 0)
    assert not any(t.startswith(("seven", "declare 7H")) for t in texts(deal))
    assert refused(deal, 0, "seven 7H") == "seven_not_held"


def test_two_trump_sevens_together_score_twenty_without_exchange() -> None:
    deal = seats("russian", "7H 7H")
    assert declare(deal, 0, "7H 7H") == 20
    assert deal.kinds[deal.turnup or 0] == parse_code("9H")
    assert sorted(deal.kinds[i] for i in deal.tables[0]) == codes("7H 7H")
    assert len(deal.scored_sevens) == 2
    win(deal, 0)
    assert not any(t.startswith(("seven", "declare 7H")) for t in texts(deal))


def test_two_sevens_only_from_the_hidden_hand() -> None:
    deal = seats("russian-3", "7H 7H", turnup="7H")
    assert deal.declarations == [(2, "seven_turnup", 10)]  # the dealer scores a turned-up seven
    win(deal, 0)
    deal.apply("seven 7H")  # shown (the turn-up is already a seven)
    assert refused(deal, 0, "declare 7H 7H") == "seven_not_held"
    assert "declare 7H 7H" not in texts(deal)


def test_three_trump_sevens() -> None:
    deal = seats("russian-3", "7H 7H 7H")
    assert refused(deal, 0, "declare 7H 7H 7H") == "not_a_combination"
    assert declare(deal, 0, "7H 7H") == 20
    win(deal, 0)
    deal.apply("seven 7H")  # the third one: exchanged for the turn-up
    assert deal.points[0] == 30 and deal.kinds[deal.turnup or 0] == parse_code("7H")
    assert len(deal.scored_sevens) == 3


def test_sevens_of_other_suits_are_nothing() -> None:
    deal = seats("russian", "7S 7S")
    assert refused(deal, 0, "seven 7S") == "not_trump_seven"
    assert refused(deal, 0, "declare 7S 7S") == "not_a_combination"


# ----- beziques: the 460 rule is for two packs ----------------------------------


@pytest.mark.parametrize(("variant", "option", "second"), [
    ("russian", False, 460), ("russian", True, 500),
    ("russian-3", None, 500), ("russian-4", None, 500), ("no-trump", None, 500),
])
def test_double_bezique_added_to_a_single(variant: str, option: bool | None, second: int) -> None:
    options = None if option is None else {"double_bezique_540": option}
    rules = make_rules(variant, options)
    turnup = "9H" if rules.has_turnup else None
    deal = seats(variant, "QS QS JD JD", options=options, turnup=turnup)
    assert declare(deal, 0, "QS JD") == 40
    assert declare(deal, 0, "QS QS JD JD") == second
    assert deal.declarations[-1][1] == "double_bezique"


def test_double_bezique_at_once_or_over_another_class_scores_500() -> None:
    deal = seats("russian", "KS QS QS JD JD")
    assert declare(deal, 0, "KS QS") == 20  # the QS has scored, but in a marriage
    assert declare(deal, 0, "QS QS JD JD") == 500


def test_two_singles_never_make_a_double_with_two_packs() -> None:
    deal = seats("russian", "QS QS JD JD")
    assert declare(deal, 0, "QS JD") == 40
    assert declare(deal, 0, "QS JD") == 40  # the second pair: a new single
    assert refused(deal, 0, "declare QS QS JD JD") == "no_new_card"


def test_triple_bezique_from_a_double_or_from_two_singles() -> None:
    deal = seats("russian-3", "QS QS QS JD JD JD")
    assert declare(deal, 0, "QS QS JD JD") == 500
    assert declare(deal, 0, "QS QS QS JD JD JD") == 1500
    deal = seats("russian-3", "QS QS QS JD JD JD")
    assert declare(deal, 0, "QS JD") == 40
    assert declare(deal, 0, "QS JD") == 40
    assert declare(deal, 0, "QS QS QS JD JD JD") == 1500
    assert sorted(deal.kinds[i] for i in deal.tables[0]) == sorted(codes("QS QS QS JD JD JD"))
    # a double over two singles needs a card from the hand; with three packs there is one
    deal = seats("russian-3", "QS QS QS JD JD")
    declare(deal, 0, "QS JD")
    declare(deal, 0, "QS JD")
    assert declare(deal, 0, "QS QS JD JD") == 500
    assert sorted(deal.kinds[i] for i in deal.tables[0]) == sorted(codes("QS QS QS JD JD"))


# ----- re-use chains --------------------------------------------------------------


def test_marriage_to_double_to_triple_marriage_full_values() -> None:
    deal = seats("russian-3", "KS KS KS QS QS QS")
    assert declare(deal, 0, "KS QS") == 20
    assert declare(deal, 0, "KS KS QS QS") == 40
    assert declare(deal, 0, "KS KS KS QS QS QS") == 100
    assert [d[1] for d in deal.declarations] == ["marriage", "double_marriage", "triple_marriage"]


def test_russian_marriage_to_double_marriage_scores_full_value() -> None:
    deal = seats("russian", "KH KH QH QH")
    assert declare(deal, 0, "KH QH") == 40
    assert declare(deal, 0, "KH KH QH QH") == 80


def test_triple_marriage_from_two_separate_marriages_and_a_new_pair() -> None:
    deal = seats("russian-3", "KD KD KD QD QD QD")
    assert declare(deal, 0, "KD QD") == 20
    assert declare(deal, 0, "KD QD") == 20
    assert declare(deal, 0, "KD KD KD QD QD QD") == 100


@pytest.mark.parametrize("first", ["KS QS", "KS KS QS QS"])
def test_marriage_or_double_marriage_to_sequence(first: str) -> None:
    deal = seats("russian", "AS 10S JS KS KS QS QS")
    declare(deal, 0, first)
    assert declare(deal, 0, "AS 10S KS QS JS") == 100
    assert deal.declarations[-1][1] == "sequence"


def test_trump_marriage_to_trump_sequence() -> None:
    deal = seats("russian", "AH 10H KH QH JH")
    assert declare(deal, 0, "KH QH") == 40
    assert declare(deal, 0, "AH 10H KH QH JH") == 250


def test_trump_sequence_to_triple_trump_marriage() -> None:
    deal = seats("russian-3", "AH 10H KH QH JH KH KH QH", "QH")
    assert declare(deal, 0, "AH 10H KH QH JH") == 250
    deal.hands[0].append(deal.hands[1].pop(0))  # hand seat 0 a third QH
    assert declare(deal, 0, "KH KH KH QH QH QH") == 300


def test_equal_values_never_take_each_others_cards() -> None:
    deal = seats("russian-3", "AS 10S KS QS JS KS KS QS", "QS")
    assert declare(deal, 0, "AS 10S KS QS JS") == 100
    deal.hands[0].append(deal.hands[1].pop(0))
    # the quint's K and Q may not serve in a plain triple marriage (also 100)
    assert refused(deal, 0, "declare KS KS KS QS QS QS") == "card_reused_lower"
    deal = seats("russian-3", "KS KS KS QS QS QS AS 10S", "JS")
    assert declare(deal, 0, "KS KS KS QS QS QS") == 100
    deal.hands[0].append(deal.hands[1].pop(0))
    assert refused(deal, 0, "declare AS 10S KS QS JS") == "card_reused_lower"


def test_no_lower_or_same_kind_reuse() -> None:
    deal = seats("russian", "AS 10S KS QS JS")
    declare(deal, 0, "AS 10S KS QS JS")
    assert refused(deal, 0, "declare KS QS") == "card_reused_lower"
    deal = seats("russian", "KS QS QS")
    declare(deal, 0, "KS QS")
    assert refused(deal, 0, "declare KS QS") == "card_reused_same_kind"
    deal = seats("russian", "KH QH KH QH")
    declare(deal, 0, "KH KH QH QH")
    assert refused(deal, 0, "declare KH QH") == "card_reused_lower"
    deal = seats("russian", "KS KH KD KC KS")
    declare(deal, 0, "KS KH KD KC")
    assert refused(deal, 0, "declare KS KS KH KD") == "card_reused_same_kind"


def test_other_classes_reuse_freely() -> None:
    deal = seats("russian", "QS JD KS QH QD QC")
    assert declare(deal, 0, "QS JD") == 40
    assert declare(deal, 0, "KS QS") == 20  # the bezique's QS in a spade marriage
    assert declare(deal, 0, "QS QH QD QC") == 60  # and in four queens
    assert sorted(deal.kinds[i] for i in deal.tables[0]) == sorted(codes("QS JD KS QH QD QC"))


def test_a_further_pair_after_a_triple_is_a_new_single() -> None:
    deal = nt(["KS KS KS QS QS QS KS QS"])  # four packs: a fourth pair exists
    assert declare(deal, 0, "KS KS KS QS QS QS") == 300  # the first marriage: trump column
    assert refused(deal, 0, "declare KS KS KS KS QS QS QS QS") == "not_a_combination"
    assert declare(deal, 0, "KS QS") == 40  # only the new pair, as a single
    on_table = [deal.kinds[i] for i in deal.tables[0]]
    assert on_table.count(parse_code("KS")) == 4
    deal = seats("russian-3", "KS KS KS QS QS QS")
    declare(deal, 0, "KS KS KS QS QS QS")
    assert refused(deal, 0, "declare KS QS") == "card_reused_lower"


# ----- end phase: follow suit, else trump, else anything; nobody must win ------


def test_end_phase_follow_suit_without_duty_to_win() -> None:
    deal = end_position("russian", ["10S", "AS 9S 7C"], trump=CLUBS)
    deal.apply("play 10S")
    assert texts(deal) == ["play AS", "play 9S"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play 7C")
    assert err.value.rule == "must_follow_suit"
    deal.apply("play 9S")


def test_end_phase_void_must_trump_but_not_overtrump() -> None:
    deal = end_position("russian-3", ["AS", "AC 8H", "7C KC KH"], trump=CLUBS)
    deal.apply("play AS")
    assert texts(deal) == ["play AC"]
    deal.apply("play AC")
    assert texts(deal) == ["play KC", "play 7C"]  # a losing trump is allowed
    deal.apply("play 7C")


def test_end_phase_void_and_no_trump_plays_anything() -> None:
    deal = end_position("russian", ["AS", "KH QD"], trump=CLUBS)
    deal.apply("play AS")
    assert texts(deal) == ["play KH", "play QD"]


def test_end_phase_must_trump_even_when_partner_wins() -> None:
    deal = end_position("russian-4", ["AS", "7S", "7C KH", "8S"], trump=CLUBS)
    deal.apply("play AS")
    deal.apply("play 7S")
    assert texts(deal) == ["play 7C"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play KH")
    assert err.value.rule == "must_trump"


def test_no_declarations_and_cards_back_in_hand_in_the_end_phase() -> None:
    deal = seats("russian-3", "KS QS")
    declare(deal, 0, "KS QS")
    keep = 2  # two cards in the stock plus the turn-up: one more round of draws
    extra = deal.stock[:-keep]
    deal.stock = deal.stock[-keep:]
    deal.played += extra
    deal.won[0] += extra
    deal.check_cards()
    play = [deal.hands[s][0] for s in range(3)]
    for seat, card_id in enumerate(play):
        deal.apply(f"play {_text(deal, card_id)}")
        assert seat < 2 or deal.phase == DECLARING
    winner = deal.current
    assert winner is not None
    deal.apply("pass")
    draws = [e for e in deal.log if e[0] == "draw"][-3:]
    assert [e[1] for e in draws] == [winner, (winner + 1) % 3, (winner + 2) % 3]
    assert draws[-1][3] is True  # the turn-up goes to the player before the winner
    assert deal.in_end_phase and not deal.tables[0] and deal.turnup is None
    assert not any(t.startswith(("declare", "seven", "play table")) for t in texts(deal))
    deal.check_cards()


def _text(deal: Deal, card_id: int) -> str:
    return code_text(deal.kinds[card_id])


# ----- partnerships ------------------------------------------------------------------


def test_partners_declare_only_from_their_own_cards() -> None:
    deal = seats("russian-4", "KS KH KD KC", "", "QH")
    declare(deal, 0, "KS KH KD KC")
    assert refused(deal, 2, "declare KH QH") == "card_not_held"
    assert not any(t.startswith("declare") for t in texts(deal))


def test_observation_hides_every_other_hand_partner_included() -> None:
    game = new_game("russian-4", seed=3)
    rng = random.Random(3)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    deal = game.deal
    for viewer in range(4):
        obs = deal.observation(viewer)
        assert sorted(obs.hand) == sorted(deal.kinds[i] for i in deal.hands[viewer])
        for other in range(4):
            if other == viewer:
                continue
            # change another seat's hidden cards: this seat must see no difference
            twin = deal.clone()
            twin.hands[other] = list(twin.hands[other])
            swap = next(i for i in twin.stock if twin.kinds[i] not in
                        {twin.kinds[j] for j in twin.hands[other]})
            pos = twin.stock.index(swap)
            twin.stock[pos], twin.hands[other][0] = twin.hands[other][0], swap
            twin.check_cards()
            assert twin.observation(viewer) == obs


@pytest.mark.parametrize(("totals", "last", "tie_break", "winner"), [
    ([800, 700, 800, 900], 3, "last_trick", 1),   # sides 1600 : 1600
    ([800, 700, 800, 900], 2, "last_trick", 0),
    ([900, 700, 800, 900], 1, "last_trick", 1),   # the last trick beats the higher side
    ([900, 700, 800, 900], 1, "higher_score", 0),
    ([800, 700, 800, 900], 1, "higher_score", 1),  # exact tie: the last trick's side
    ([800, 100, 800, 100], 1, "last_trick", 0),   # only one side reached 1500
    ([700, 100, 700, 100], 0, "last_trick", None),
])
def test_partnership_tie_break_compares_sides(totals: list[int], last: int, tie_break: str,
                                              winner: int | None) -> None:
    game = new_game("russian-4", {"tie_break": tie_break}, seed=1)
    game.totals = totals
    assert game.decide_winner(last) == winner


@pytest.mark.parametrize(("variant", "totals", "last", "tie_break", "winner"), [
    ("russian", [1100, 1200], 0, "last_trick", 0),
    ("russian", [1100, 1200], 0, "higher_score", 1),
    ("russian", [1200, 1200], 1, "higher_score", 1),
    ("russian", [1100, 900], 1, "last_trick", 0),
    ("russian-3", [1600, 1550, 1400], 2, "last_trick", 0),
    ("russian-3", [1600, 1600, 100], 2, "last_trick", 0),
    ("russian-3", [1600, 1550, 1400], 1, "last_trick", 1),
    ("russian-3", [1600, 1600, 100], 1, "higher_score", 1),
])
def test_individual_tie_break(variant: str, totals: list[int], last: int, tie_break: str,
                              winner: int | None) -> None:
    game = new_game(variant, {"tie_break": tie_break}, seed=1)
    game.totals = totals
    assert game.decide_winner(last) == winner


def test_partnership_scores_and_replay_sides(tmp_path: Any, capsys: Any) -> None:
    records = tmp_path / "rec"
    assert cli_main(["selfplay", "--variant", "russian-4", "--players", "greedy", "--games", "3",
                     "--seed", "4", "--save-records", str(records)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["ok"] and sum(played["wins"]) == 3 and len(played["wins"]) == 2
    totals = [0, 0, 0, 0]
    for path in sorted(records.iterdir()):
        assert cli_main(["replay", str(path)]) == 0
        out = json.loads(capsys.readouterr().out)
        game = out["game"]
        assert game["sides"] == [game["totals"][0] + game["totals"][2],
                                 game["totals"][1] + game["totals"][3]]
        assert game["winner"] in (0, 1) and game["sides"][game["winner"]] >= 1500
        for deal in out["deals"]:
            assert deal["sides"] == [deal["totals"][0] + deal["totals"][2],
                                     deal["totals"][1] + deal["totals"][3]]
        totals = [a + b for a, b in zip(totals, game["totals"], strict=True)]
    assert [round(t / 3, 1) for t in totals] == played["mean_scores"]


# ----- no-trump -------------------------------------------------------------------------

NT = "no-trump"


def nt(hands: Sequence[str], players: int = 2) -> Deal:
    return build(NT, list(hands) + [""] * (players - len(hands)), turnup=None,
                 options={"players": players})


def test_no_trump_tricks_go_to_the_highest_card_of_the_suit_led() -> None:
    deal = nt(["7S", "8C"])
    assert deal.trump is None
    deal.apply("play 7S")
    deal.apply("play 8C")  # another suit never wins while there are no trumps
    assert deal.current_player == 0 and deal.phase == DECLARING


def test_first_marriage_fixes_trumps_and_scores_as_trump() -> None:
    deal = nt(["KH QH", "KS QS"])
    assert declare(deal, 0, "KH QH") == 40
    assert deal.trump == HEARTS and deal.declarations[-1] == (0, "trump_marriage", 40)
    assert declare(deal, 1, "KS QS") == 20
    assert deal.trump == HEARTS and deal.declarations[-1] == (1, "marriage", 20)


@pytest.mark.parametrize(("cards", "name", "points"), [
    ("KC KC QC QC", "double_trump_marriage", 80),
    ("KC KC KC QC QC QC", "triple_trump_marriage", 300),
])
def test_double_or_triple_marriage_fixes_trumps(cards: str, name: str, points: int) -> None:
    deal = nt([cards], players=3)
    assert declare(deal, 0, cards) == points
    assert deal.trump == CLUBS and deal.declarations[-1][1] == name


def test_quint_before_trumps_is_plain_and_raised_later() -> None:
    deal = nt(["AS 10S KS QS JS KS QS JS"])
    assert declare(deal, 0, "AS 10S KS QS JS") == 100
    assert deal.trump is None and deal.declarations[-1][1] == "sequence"
    assert declare(deal, 0, "KS QS") == 40  # new copies: the first marriage fixes spades
    assert deal.trump == SPADES
    assert declare(deal, 0, "AS 10S KS QS JS") == 250  # raised with the spare JS
    assert deal.declarations[-1][1] == "trump_sequence"


def test_raising_a_quint_needs_a_card_from_the_hand() -> None:
    deal = nt(["AS 10S KS QS JS KS QS"])
    declare(deal, 0, "AS 10S KS QS JS")
    declare(deal, 0, "KS QS")
    assert refused(deal, 0, "declare AS 10S KS QS JS") == "no_new_card"


@pytest.mark.parametrize("cards", ["QS JD", "KS KH KD KC", "AS 10S KS QS JS", "QS QS JD JD"])
def test_bezique_fours_and_quints_never_fix_trumps(cards: str) -> None:
    deal = nt([cards])
    declare(deal, 0, cards)
    assert deal.trump is None


def test_no_trump_sevens_are_worth_nothing() -> None:
    deal = nt(["7H 7H KH QH"])
    assert refused(deal, 0, "seven 7H") == "seven_no_trumps"
    assert refused(deal, 0, "declare 7H 7H") == "not_a_combination"
    declare(deal, 0, "KH QH")
    assert deal.trump == HEARTS
    assert refused(deal, 0, "seven 7H") == "seven_no_trumps"
    assert refused(deal, 0, "declare 7H 7H") == "not_a_combination"


def test_no_trump_end_phase_without_trumps() -> None:
    deal = end_position(NT, ["AS 9S", "KH 7C", "8D 9D"], trump=None, options={"players": 3})
    deal.apply("play AS")
    assert texts(deal) == ["play KH", "play 7C"]
    deal.apply("play 7C")
    deal.apply("play 8D")
    assert deal.current_player == 0  # nothing trumps: the ace of the suit led wins


def test_no_trump_end_phase_with_trumps_fixed() -> None:
    deal = end_position(NT, ["AS", "KH 7C"], trump=CLUBS)
    deal.apply("play AS")
    assert texts(deal) == ["play 7C"]


@pytest.mark.parametrize(("players", "rounds", "dead"), [(2, 56, 0), (3, 34, 2), (4, 24, 0)])
def test_no_trump_draws_and_dead_cards(players: int, rounds: int, dead: int) -> None:
    game = new_game(NT, {"players": players}, seed=players)
    deal = game.deal
    rng = random.Random(players)
    seen_end = False
    while not deal.is_terminal:
        deal.check_cards()
        if deal.in_end_phase and not seen_end:
            seen_end = True
            assert len(deal.dead) == dead and not deal.stock
            assert all(len(h) + len(t) == 8 for h, t in zip(deal.hands, deal.tables, strict=True))
            for seat in range(players):
                obs = deal.observation(seat).to_json()
                assert obs["stock_size"] == 0 and "dead" not in obs
        game.apply(rng.choice(game.legal_actions()))
    assert seen_end
    draws = [e for e in deal.log if e[0] == "draw"]
    assert len(draws) == rounds * players
    assert len(deal.dead) == dead
    deal.check_cards()
    assert "trumps" in deal.result().to_json()


def test_no_trump_replay_reports_trumps_per_deal() -> None:
    game = new_game(NT, {"players": 4}, seed=8)
    rng = random.Random(8)
    while not game.is_terminal:
        while not game.deal.is_terminal:
            actions = game.legal_actions()
            declares = [a for a in actions if a.kind == "declare"]
            game.apply(declares[0] if declares else rng.choice(actions))
        if not game.is_terminal:
            game.next_deal()
    again = replay_record(json.loads(json.dumps(game.record())))
    out = summary(again)
    assert out["game"]["totals"] == game.totals and out["game"]["winner"] == game.winner
    assert "sides" in out["game"]
    trumps = [d["trumps"] for d in out["deals"]]
    assert any(t in ("S", "H", "D", "C") for t in trumps)
    for entry, result in zip(out["deals"], game.results, strict=True):
        assert entry == result.to_json() | {"sides": entry["sides"]}


def test_selfplay_and_arena_run_every_russian_variant(capsys: Any) -> None:
    for variant, extra in [("russian", []), ("russian-3", []), ("russian-4", []),
                           (NT, ["--option", "players=3"])]:
        assert cli_main(["selfplay", "--variant", variant, "--players", "random", "--games",
                         "1", *extra]) == 0
        assert json.loads(capsys.readouterr().out)["ok"]
        assert cli_main(["arena", "--variant", variant, "--a", "greedy", "--b", "random",
                         "--deals", "1", *extra]) == 0
        assert json.loads(capsys.readouterr().out)["ok"]


def test_no_trump_quint_cards_in_a_first_triple_marriage_fix_trumps() -> None:
    deal = nt(["AD 10D KD QD JD KD KD QD", "QD"], players=3)
    assert declare(deal, 0, "AD 10D KD QD JD") == 100 and deal.trump is None
    assert refused(deal, 0, "declare KD KD QD QD") == "card_reused_lower"  # not from the quint
    deal.hands[0].append(deal.hands[1].pop(0))  # a third QD
    assert declare(deal, 0, "KD KD KD QD QD QD") == 300  # 300 > 100: the quint's K-Q serve
    assert deal.trump == DIAMONDS and deal.declarations[-1][1] == "triple_trump_marriage"


@pytest.mark.parametrize(("variant", "options"), [
    ("russian", None), ("russian-3", None), ("russian-4", None),
    (NT, {"players": 2}), (NT, {"players": 3}), (NT, {"players": 4}),
])
def test_saved_game_resumes_identically(variant: str, options: dict[str, Any] | None) -> None:
    game = new_game(variant, options, seed=21, dealer=1)
    rng = random.Random(21)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    twin = type(game).from_json(json.loads(json.dumps(game.to_json())))
    assert twin.deal == game.deal and twin.scores() == game.scores()
    assert twin.observation(0) == game.observation(0)
    while not game.is_terminal:
        if game.deal_over:
            game.next_deal()
            twin.next_deal()
            assert twin.deal == game.deal  # the shuffle continues from the saved generator
            continue
        action = rng.choice(game.legal_actions())
        game.apply(action)
        twin.apply(action)
    assert twin.is_terminal and twin.totals == game.totals and twin.winner == game.winner
