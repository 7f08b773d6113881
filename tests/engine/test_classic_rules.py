"""One test per rule of classic Bezique, each on a hand-built position."""

from __future__ import annotations

import pytest
from deal_positions import build, codes, end_position, play_all

from engine import IllegalActionError
from engine.cards import CLUBS, HEARTS, parse_code

# dealer 1: seat 0 leads the first trick; turn-up 9C: clubs are trumps.
FILL = "7D 8D 9D 7H 8H"


def test_identical_cards_first_played_wins() -> None:
    deal = build(["AS 7D 8D 9D 7H 8H 9H 10D", "AS 7S 8S 9S JH QH KH 10H"])
    play_all(deal, "play AS, play AS")
    assert deal.current_player == 0 and deal.phase == "declare"


def test_third_suit_card_cannot_win_but_a_trump_does() -> None:
    deal = build(["7H 7D 8D 9D 8H 9H 10D JD", "AS 7C 8S 9S JH QH KH 10H"])
    play_all(deal, "play 7H, play AS")
    assert deal.current_player == 0
    play_all(deal, "pass, play 8H, play 7C")
    assert deal.current_player == 1


def test_higher_card_of_the_led_suit_wins() -> None:
    deal = build(["7H 7D 8D 9D 8H 9H 10D JD", "AS 7S 8S 9S JH QH KH 10H"])
    play_all(deal, "play 7H, play JH")
    assert deal.current_player == 1


def test_cannot_declare_after_losing() -> None:
    deal = build(["7H KS QS 9D 8H 9H 10D JD", "AH 7S 8S 9S JH QH KH 10H"])
    play_all(deal, "play 7H, play AH")
    assert deal.current_player == 1
    assert "declare KS QS" not in [a.text() for a in deal.legal_actions()]
    play_all(deal, "pass, play 7S")
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare KS QS")
    assert err.value.rule == "declare_only_after_winning"


def test_cannot_declare_twice_for_one_trick() -> None:
    deal = build(["AH KS QS KD QD 9H 10D JD", "7H 7S 8S 9S JH QH KH 10H"])
    play_all(deal, "play AH, play 7H, declare KS QS")
    assert deal.phase == "play" and deal.current_player == 0
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare KD QD")
    assert err.value.rule == "declare_only_after_winning"


def test_declaration_needs_a_trick_won_in_the_stock_phase_only() -> None:
    deal = build(["AH KS QS KD QD 9H 10D JD", "7H 7S 8S 9S JH QH KH 10H"])
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare KS QS")
    assert err.value.rule == "declare_only_after_winning"


def test_marriage_scores_and_puts_cards_on_the_table() -> None:
    deal = build(["AH KS QS KC QC 9H 10D JD", "7H 7S 8S 9S JH QH KH 10H"])
    play_all(deal, "play AH, play 7H, declare KS QS")
    assert deal.points == [20, 0]
    assert sorted(deal.kinds[i] for i in deal.tables[0]) == sorted(codes("KS QS"))
    play_all(deal, "play 9H, play 10H, pass, play 10S, play AS")  # opponent wins; not us
    assert deal.declarations == [(0, "marriage", 20)]


def test_trump_marriage_scores_40() -> None:
    deal = build(["AH KC QC KS QS 9H 10D JD", "7H 7S 8S 9S JH QH KH 10H"])
    play_all(deal, "play AH, play 7H, declare KC QC")
    assert deal.points[0] == 40


def test_cannot_reuse_a_declared_king_in_a_second_marriage() -> None:
    deal = build(["AH KH QH 10H QD 9H 10D JD", "7H 7S 8S 9S JH 8H KD 10S"], stock_top="QH 9S")
    play_all(deal, "play AH, play 7H, declare KH QH")
    play_all(deal, "play 10H, play 8H")  # seat 0 wins again; now holds a second QH
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare KH QH")
    assert err.value.rule == "card_reused_same_kind"


def test_queen_of_a_declared_bezique_may_serve_in_a_spade_marriage() -> None:
    deal = build(["AH QS JD KS 10H 9H 10D AD", "7H 7S 8S 9S JH 8H KD 10S"])
    play_all(deal, "play AH, play 7H, declare QS JD")
    assert deal.points[0] == 40
    play_all(deal, "play 10H, play 8H, declare KS QS")
    assert deal.points[0] == 60
    assert deal.declarations[-1] == (0, "marriage", 20)


def test_no_marriage_out_of_a_declared_sequence() -> None:
    deal = build(["AC 10C KC QC JC KC AH 10H", "7H 7S 8S 9S JH 8H KD 10S"])
    play_all(deal, "play AH, play 7H, declare AC 10C KC QC JC")
    assert deal.points[0] == 250
    play_all(deal, "play 10H, play 8H")
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare KC QC")
    assert err.value.rule == "card_reused_lower"


def test_trump_sequence_extends_a_declared_trump_marriage_for_250() -> None:
    deal = build(["KC QC AC 10C JC AH 10H 9H", "7H 7S 8S 9S JH 8H KD 10S"])
    play_all(deal, "play AH, play 7H, declare KC QC")
    play_all(deal, "play 10H, play 8H, declare AC 10C KC QC JC")
    assert deal.declarations == [(0, "trump_marriage", 40), (0, "trump_sequence", 250)]
    assert deal.points[0] == 290


def test_plain_suit_sequence_is_no_combination_in_classic() -> None:
    deal = build(["AH 10S KS QS JS AS 10H 9H", "7H 7S 8S 9S JH 8H KD 10D"])
    play_all(deal, "play AH, play 7H")
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare AS 10S KS QS JS")
    assert err.value.rule == "not_a_combination"


def test_four_of_a_kind_with_duplicates() -> None:
    deal = build(["AH KS KS KD KC 10H 9H 8C", "7H 7S 8S 9S JH 8H QD 10D"])
    play_all(deal, "play AH, play 7H, declare KS KS KD KC")
    assert deal.points[0] == 80
    assert deal.declarations == [(0, "four_kings", 80)]


def test_a_second_four_kings_cannot_reuse_a_king() -> None:
    deal = build(["AH KS KH KD KC 10H 9H 8C", "7H 7S 8S 9S JH 8H QD 10D"],
                 stock_top="KS 9D KH 7S")
    play_all(deal, "play AH, play 7H, declare KS KH KD KC")
    play_all(deal, "play 10H, play 8H, pass, play 9H, play JH, pass, play 8S, play 8C")
    # seat 0 now holds KS and KH fresh, plus the four declared kings on the table
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare KS KS KH KH")
    assert err.value.rule == "card_reused_same_kind"


def test_double_bezique_at_once_scores_500() -> None:
    deal = build(["AH QS QS JD JD 10H 9H 8C", "7H 7S 8S 9S JH 8H QD 10D"])
    play_all(deal, "play AH, play 7H, declare QS QS JD JD")
    assert deal.declarations == [(0, "double_bezique", 500)]


def test_double_bezique_added_to_a_single_scores_460() -> None:
    deal = build(["AH QS QS JD JD 10H 9H 8C", "7H 7S 8S 9S JH 8H QD 10D"])
    play_all(deal, "play AH, play 7H, declare QS JD")
    play_all(deal, "play 10H, play 8H, declare QS QS JD JD")
    assert deal.declarations == [(0, "bezique", 40), (0, "double_bezique", 460)]
    assert deal.points[0] == 500


def test_double_bezique_540_house_rule() -> None:
    deal = build(["AH QS QS JD JD 10H 9H 8C", "7H 7S 8S 9S JH 8H QD 10D"],
                 options={"double_bezique_540": True})
    play_all(deal, "play AH, play 7H, declare QS JD")
    play_all(deal, "play 10H, play 8H, declare QS QS JD JD")
    assert deal.points[0] == 540


def test_two_separate_single_beziques_never_make_a_double() -> None:
    deal = build(["AH QS QS JD JD 10H 9H 8C", "7H 7S 8S 9S JH 8H QD 10D"])
    play_all(deal, "play AH, play 7H, declare QS JD")
    play_all(deal, "play 10H, play 8H, declare QS JD")
    assert deal.points[0] == 80
    play_all(deal, "play 9H, play JH")
    assert deal.current_player == 1  # seat 1 took it; let seat 0 win the next
    play_all(deal, "pass, play 7S, play 8C")
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare QS QS JD JD")
    assert err.value.rule == "no_new_card"


def test_seven_of_trumps_exchange_then_show() -> None:
    deal = build(["AH 7C 7C 9H 8H 10H JD QD", "7H 7S 8S 9S JH 8D QH 10D"], turnup="9C")
    play_all(deal, "play AH, play 7H, seven 7C")
    assert deal.kinds[deal.turnup] == parse_code("7C")  # type: ignore[index]
    assert parse_code("9C") in [deal.kinds[i] for i in deal.hands[0]]
    assert deal.points[0] == 10
    play_all(deal, "play 10H, play 8D, seven 7C")
    assert deal.points[0] == 20
    assert [deal.kinds[i] for i in deal.tables[0]] == [parse_code("7C")]
    assert deal.declarations == [(0, "seven", 10), (0, "seven", 10)]
    play_all(deal, "play 9H, play JH")
    with pytest.raises(IllegalActionError):
        deal.apply("seven 7C")


def test_a_seven_turned_up_scores_10_for_the_dealer() -> None:
    deal = build(["AH 9H 8H 10H JD QD KD AD", "7H 7S 8S 9S JH 8D QH 10D"], turnup="7S", dealer=1)
    assert deal.points == [0, 10]
    assert deal.declarations == [(1, "seven_turnup", 10)]


def test_draws_winner_first_and_turnup_last_to_the_loser() -> None:
    deal = build(["AH 9H 8H 10H JD QD KD AD", "7H 7S 8S 9S JH 8D QH 10D"], stock_top="KS QS")
    play_all(deal, "play 7D" if False else "play AH, play 7H, pass")
    assert deal.kinds[deal.hands[0][-1]] == parse_code("KS")
    assert deal.kinds[deal.hands[1][-1]] == parse_code("QS")
    # play out the stock with the first legal card each time; the loser of the last
    # stock trick takes the turn-up
    while deal.can_draw:
        if deal.phase == "declare" and len(deal.stock) == 1:
            winner = deal.current_player
            deal.apply("pass")
            loser = 1 - winner  # type: ignore[operator]
            assert deal.kinds[deal.hands[loser][-1]] == parse_code("9C")
            break
        deal.apply(deal.legal_actions()[-1] if deal.phase == "declare" else deal.legal_actions()[0])
    assert deal.stock_size == 0 and deal.turnup is None


def test_end_phase_must_win_with_the_suit() -> None:
    deal = end_position(["KH", "AH 9H"], trump=CLUBS)
    deal.hands = [deal.hands[0], deal.hands[1]]
    deal.apply("play KH")
    assert [a.text() for a in deal.legal_actions()] == ["play AH"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play 9H")
    assert err.value.rule == "must_win"


def test_end_phase_must_follow_when_it_cannot_win() -> None:
    deal = end_position(["AH 8S", "9H KC"], trump=CLUBS)
    deal.apply("play AH")
    assert [a.text() for a in deal.legal_actions()] == ["play 9H"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play KC")
    assert err.value.rule == "must_follow_suit"


def test_end_phase_void_must_trump() -> None:
    deal = end_position(["AH 8S", "9S 7C"], trump=CLUBS)
    deal.apply("play AH")
    assert [a.text() for a in deal.legal_actions()] == ["play 7C"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play 9S")
    assert err.value.rule == "must_trump"


def test_end_phase_void_without_trump_plays_anything() -> None:
    deal = end_position(["AH 8S", "9S 7D"], trump=CLUBS)
    deal.apply("play AH")
    assert [a.text() for a in deal.legal_actions()] == ["play 9S", "play 7D"]


def test_end_phase_trump_led_must_overtrump() -> None:
    deal = end_position(["10C 8S", "AC 7C"], trump=CLUBS)
    deal.apply("play 10C")
    assert [a.text() for a in deal.legal_actions()] == ["play AC"]


def test_brisques_and_last_trick_arithmetic() -> None:
    deal = end_position(["AH 10S", "7H 9S"], trump=CLUBS)
    deal.won = [[], []]
    deal.played = []
    # the other 60 cards: put them aside as seat 1's tricks without brisques is not
    # possible (they include aces); count exactly what the deal will score instead
    others = [i for i in range(64) if i not in deal.hands[0] + deal.hands[1]]
    deal.won[1] = others
    deal.played = list(others)
    play_all(deal, "play AH, play 7H, play 10S, play 9S")
    assert deal.is_terminal
    brisques_in_others = sum(1 for i in others if deal.kinds[i] & 7 in (0, 1))
    assert deal.card_points == [20, 10 * brisques_in_others]
    assert deal.last_trick_winner == 0
    assert deal.points == [30, 10 * brisques_in_others]
    result = deal.result()
    assert result.totals == deal.points


def test_no_table_play_in_the_end_phase() -> None:
    deal = end_position(["AH 10S", "7H 9S"], trump=CLUBS)
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play table AH")
    assert err.value.rule == "no_table_play_in_end_phase"


def test_play_prefers_the_hidden_copy_and_play_table_takes_the_table_copy() -> None:
    deal = build(["AH QS JD QS 10H 9H 8H 7D", "7H 7S 8S 9S JH 8D QH 10D"])
    play_all(deal, "play AH, play 7H, declare QS JD")
    table_before = list(deal.tables[0])
    legal = [a.text() for a in deal.legal_actions()]
    assert "play table QS" in legal and "play QS" in legal
    assert "play table JD" not in legal  # only a table copy: plain "play JD" takes it
    deal.apply("play QS")
    assert deal.tables[0] == table_before
    play_all(deal, "play 8D")
    if deal.phase == "declare":
        deal.apply("pass")
    if deal.current_player == 0:  # the last QS lies on the table: "play QS" is the only text
        with pytest.raises(IllegalActionError) as err:
            deal.apply("play table QS")
        assert err.value.rule == "play_table_only_copy"
        deal.apply("play QS")
        assert len(deal.tables[0]) == len(table_before) - 1


def test_illegal_actions_leave_the_state_untouched() -> None:
    deal = build(["AH QS JD QS 10H 9H 8H 7D", "7H 7S 8S 9S JH 8D QH 10D"])
    before = deal.to_json()
    for bad in ("play KS", "declare QS JD", "pass", "seven 7C", "vido", "play table AH",
                "fly away", "play XZ", ""):
        with pytest.raises(IllegalActionError):
            deal.apply(bad)
        assert deal.to_json() == before
    assert not [a for a in deal.legal_actions() if a.kind == "declare"]


def test_not_your_turn_is_impossible_by_construction() -> None:
    """Actions carry no seat: the state decides who acts, so only the current seat acts."""
    deal = build(["AH QS JD QS 10H 9H 8H 7D", "7H 7S 8S 9S JH 8D QH 10D"])
    assert deal.current_player == 0
    deal.apply("play AH")
    assert deal.current_player == 1
    with pytest.raises(IllegalActionError):
        deal.apply("play AH")  # seat 1 does not hold AH


def test_legal_actions_are_sorted_and_unique() -> None:
    deal = build(["AH QS JD QS 10H 9H 8H 7D", "7H 7S 8S 9S JH 8D QH 10D"])
    texts = [a.text() for a in deal.legal_actions()]
    assert texts == ["play AH", "play 10H", "play QS", "play JD", "play 9H", "play 8H",
                     "play 7D"]


def test_hearts_helper_constants() -> None:
    assert HEARTS == 1 and CLUBS == 3


def test_observation_reveals_only_what_the_seat_may_know() -> None:
    deal = build(["AH QS JD KS 10H 9H 10D AD", "7H 7S 8S 9S JH 8H KD 10S"],
                 stock_top="KC QC")
    play_all(deal, "play AH, play 7H, declare QS JD")
    mine, theirs = deal.observation(0), deal.observation(1)
    assert sorted(theirs.hand) == sorted(deal.kinds[i] for i in deal.hands[1])
    # the opponent's declared cards are public; his hidden hand and the stock order are not
    assert sorted(theirs.tables[0]) == sorted(codes("QS JD"))
    hidden_text = repr(theirs.to_json())
    assert "KC" not in hidden_text  # seat 0 drew KC: only seat 0 knows it
    assert [e for e in theirs.log if e[0] == "draw" and e[1] == 0] == [("draw", 0, None, False)]
    assert next(e for e in mine.log if e[0] == "draw" and e[1] == 0)[2] == codes("KC")[0]
    assert theirs.hand_sizes == [6, 8] and theirs.stock_size == mine.stock_size
    assert theirs.legal_actions == [] and mine.legal_actions
    assert not hasattr(theirs, "stock") and not hasattr(theirs, "hands")
