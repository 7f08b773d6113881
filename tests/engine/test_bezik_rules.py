"""Turkish Bezik deal rules (docs/rules.md, ``bezik``), one test per rule on built deals."""

from __future__ import annotations

from collections import Counter

import pytest
from test_bezik_support import RULES, build, codes, names, passive, play_all, play_out, texts

from engine import IllegalActionError, new_game
from engine.cards import DIAMONDS, HEARTS, SPADES, parse_code
from engine.deal import Deal
from engine.facts import BezikFacts, Completion
from engine.match import Match
from engine.variants.bezik import group_state, must_take

FILL0 = "9C 9C 9C 9D 9D"


def _facts(deal: Deal, seat: int) -> BezikFacts:
    """The bezik facts ``seat`` sees."""
    facts = deal.observation(seat).facts
    assert facts is not None
    return facts


# ----- the deal ---------------------------------------------------------------
def test_deck_deal_and_stock() -> None:
    deck = Counter(RULES.deck())
    assert len(RULES.deck()) == 96 and len(deck) == 24 and set(deck.values()) == {4}
    game = new_game("bezik", seed=3, dealer=0)
    assert isinstance(game, Match)
    deal = game.deal
    assert [len(h) for h in deal.hands] == [9, 9] and deal.stock_size == 78
    assert deal.turnup is None and deal.trump is None
    assert deal.current_player == 1  # the non-dealer leads
    assert not any(parse_code(t) & 7 in (6, 7) for t in ("9S",))  # nines are the lowest rank
    assert all(c & 7 <= 5 for c in RULES.deck())  # no eights or sevens


def test_identical_card_leaves_the_trick_to_the_leader() -> None:
    deal = build("9S " + FILL0 + " 9H 9H JH", "9S 9S 10S JC JC JC JD JD JD")
    play_all(deal, "play 9S, play 9S")
    assert deal.phase == "declare" and deal.current_player == 0


def test_higher_card_of_the_suit_takes() -> None:
    deal = build("9S " + FILL0 + " 9H 9H JH", "9S 9S 10S JC JC JC JD JD JD")
    play_all(deal, "play 9S, play 10S")
    assert deal.current_player == 1


def test_no_trump_before_a_marriage_so_another_suit_never_takes() -> None:
    deal = build("9S " + FILL0 + " 9H 9H JH", "AH 9S 10S JC JC JC JD JD JD")
    play_all(deal, "play 9S, play AH")
    assert deal.current_player == 0


def test_pass_after_every_stock_trick_and_no_play_before_it() -> None:
    deal = build("9S " + FILL0 + " 9H 9H JH", "9S 9S 10S JC JC JC JD JD JD")
    play_all(deal, "play 9S, play JC")
    assert texts(deal) == ["pass"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play 9C")
    assert err.value.rule == "declare_or_pass"


# ----- trumps and the score table ---------------------------------------------
def test_first_marriage_fixes_trumps_and_scores_40_then_plain_20_and_trump_takes() -> None:
    deal = build("KH QH KS QS 9C 9C 9C 9D 9D", "JD JD JD 9H 9H JS JS 9S 9S")
    play_all(deal, "play 9C, play JD, declare KH QH")
    assert deal.trump == HEARTS
    play_all(deal, "play 9C, play JD, declare KS QS")
    assert deal.declarations == [(0, "trump_marriage", 40), (0, "marriage", 20)]
    play_all(deal, "play 9C, play 9H")
    assert deal.current_player == 1  # a trump takes a plain lead


def test_first_sequence_fixes_trumps_at_250() -> None:
    deal = build("AD 10D KD QD JD 9C 9C 9C 9C", "JS JS JS 9H 9H 9S 9S 9S JH")
    play_all(deal, "play 9C, play JS, declare AD 10D KD QD JD")
    assert deal.declarations == [(0, "trump_sequence", 250)]
    assert deal.trump == DIAMONDS and deal.extra["trump_sequence"]


def test_plain_sequence_150_after_trumps() -> None:
    deal = build("KH QH AS 10S KS QS JS 9C 9C", "JD JD JD 9H 9H 9D 9D 9D JH")
    play_all(deal, "play 9C, play JD, declare KH QH, play 9C, play JD, declare AS 10S KS QS JS")
    assert deal.declarations[-1] == (0, "sequence", 150)


@pytest.mark.parametrize(("cards", "trump", "name", "value"), [
    ("JS JH JD JC", None, "four_jacks", 40),
    ("JS JS JS JS", None, "four_jacks", 40),
    ("JS JS JS JS", HEARTS, "four_jacks", 40),
    ("JH JH JH JH", HEARTS, "four_jacks_trump", 400),
    ("QS QS QH QD", HEARTS, "four_queens", 60),
    ("QH QH QH QH", HEARTS, "four_queens_trump", 600),
    ("KC KC KS KD", None, "four_kings", 80),
    ("KH KH KH KH", HEARTS, "four_kings_trump", 800),
    ("AS AH AD AC", HEARTS, "four_aces", 100),
    ("AS AS AS AS", HEARTS, "four_aces_suit", 500),
    ("AH AH AH AH", None, "four_aces_suit", 500),
    ("AH AH AH AH", HEARTS, "four_aces_trump", 1000),
    ("AH AH AH AS", HEARTS, "four_aces", 100),
    ("QS JD", None, "bezik", 50),
    ("QS JD", SPADES, "bezik", 50),
    ("QS QS JD JD", None, "double_bezik", 500),
    ("QS QS QS JD JD JD", HEARTS, "triple_bezik", 1500),
    ("KS QS", SPADES, "trump_marriage", 40),
    ("KS QS", HEARTS, "marriage", 20),
    ("KS QS", None, "trump_marriage", 40),
    ("AS 10S KS QS JS", None, "trump_sequence", 250),
    ("AS 10S KS QS JS", HEARTS, "sequence", 150),
])
def test_score_table(cards: str, trump: int | None, name: str, value: int) -> None:
    combo = RULES.classify(codes(cards), trump)
    assert combo is not None and (combo.name, combo.value) == (name, value)


@pytest.mark.parametrize("cards", ["KS KS QS QS", "QS QS QS QS JD JD JD JD", "7S 7S", "AS AS AS"])
def test_no_such_combination(cards: str) -> None:
    assert RULES.classify(list(codes(cards)), None) is None


def test_only_the_first_marriage_fixes_trumps() -> None:
    marriage, bezik = RULES.classify(codes("KS QS"), None), RULES.classify(codes("QS JD"), None)
    assert marriage is not None and marriage.fixes_trump == SPADES
    assert bezik is not None and bezik.fixes_trump is None
    four = RULES.classify(codes("AS AS AS AS"), None)
    assert four is not None and four.fixes_trump is None


# ----- re-use and absorption ------------------------------------------------------
def test_marriage_to_sequence_full_value_and_marriage_absorbed() -> None:
    deal = build("KH QH AH 10H JH 9C 9C 9C 9C", "JD JD JD 9S 9S 9S 9D 9D JS")
    play_all(deal, "play 9C, play JD, declare KH QH, play 9C, play JD, declare AH 10H KH QH JH")
    assert names(deal) == ["trump_marriage", "trump_sequence"] and deal.points[0] == 290
    assert [g.alive for g in deal.groups] == [False, True]
    assert [group_state(deal, i) for i in range(2)] == ["absorbed", "intact"]
    assert len(deal.tables[0]) == 5


def test_no_marriage_from_a_declared_sequence_or_with_a_declared_king() -> None:
    deal = build("AH 10H KH QH JH QH 9C 9C 9C", "JD JD JD 9S 9S 9S 9D 9D JS")
    play_all(deal, "play 9C, play JD, declare AH 10H KH QH JH, play 9C, play JD")
    # the hidden QH would need the declared KH: lower in its own class
    assert "declare KH QH" not in texts(deal)
    with pytest.raises(IllegalActionError) as err:
        deal.apply("declare KH QH")
    assert err.value.rule in ("card_reused_lower", "card_not_held")


def test_double_bezik_on_a_single_scores_500_and_absorbs_it() -> None:
    deal = build("QS JD QS JD 9C 9C 9C 9C 9H", "JS JS JS 9S 9S 9S 9D 9D JH")
    play_all(deal, "play 9C, play JS, declare QS JD, play 9C, play JS, declare QS QS JD JD")
    assert deal.declarations == [(0, "bezik", 50), (0, "double_bezik", 500)]
    assert [g.alive for g in deal.groups] == [False, True]


def test_triple_from_two_singles_and_a_new_pair() -> None:
    deal = build("QS JD QS JD QS JD 9C 9C 9C", "JS JS JS 9S 9S 9S 9D 9D JH")
    play_all(deal, "play 9C, play JS, declare QS JD, play 9C, play JS, declare QS JD")
    assert names(deal) == ["bezik", "bezik"] and len(deal.tables[0]) == 4
    play_all(deal, "play 9C, play JS, declare QS QS QS JD JD JD")
    assert deal.declarations[-1] == (0, "triple_bezik", 1500)
    assert [g.alive for g in deal.groups] == [False, False, True]
    assert len(deal.tables[0]) == 6


def test_two_singles_on_the_table_never_make_a_double() -> None:
    deal = build("QS JD QS JD 9C 9C 9C 9C 9H", "JS JS JS 9S 9S 9S 9D 9D JH")
    play_all(deal, "play 9C, play JS, declare QS JD, play 9C, play JS, declare QS JD")
    play_all(deal, "play 9C, play JS")
    assert "declare QS QS JD JD" not in texts(deal)


def test_bezik_queen_also_in_a_spade_marriage_and_four_queens() -> None:
    deal = build("QS JD KS QS QS QH 9C 9C 9C", "JH JH JH 9S 9S 9S 9D 9D JC")
    play_all(deal, "play 9C, play JH, declare QS JD, play 9C, play JH, declare KS QS")
    play_all(deal, "play 9C, play JH, declare QS QS QS QH")
    assert names(deal) == ["bezik", "trump_marriage", "four_queens"]
    first_qs = deal.groups[0].cards[0]
    assert len(deal.card_groups[first_qs]) == 3


# ----- groups on the table -----------------------------------------------------
def _three_queen_groups() -> Deal:
    """Seat 0: marriage KS QS (40, trumps spades), bezik with that QS, four queens."""
    deal = build("KS QS QS QS QH JD 9C 9C 9C", "JH JH JH 9H 9H 9D 9D 9D JC",)
    play_all(deal, "play 9C, play JH, declare KS QS, play 9C, play JH, declare QS JD")
    play_all(deal, "play 9C, play JH, declare QS QS QS QH")
    return deal


def test_play_table_takes_the_copy_in_the_fewest_live_groups_then_the_first_laid() -> None:
    deal = _three_queen_groups()
    first, second, third = (g.cards for g in deal.groups)
    qs_in_three = first[1]
    assert qs_in_three in second and qs_in_three in third
    play_all(deal, "play QS")  # no hidden QS: a table copy
    played = deal.trick[0][1]
    assert played != qs_in_three and played == next(c for c in third if c != qs_in_three)


def test_playing_a_table_card_breaks_its_groups_which_keep_their_points() -> None:
    deal = _three_queen_groups()
    before = list(deal.points)
    play_all(deal, "play QH")  # no hidden QH: the table copy
    assert [group_state(deal, i) for i in range(3)] == ["intact", "intact", "broken"]
    assert deal.points == before


def test_a_group_with_no_card_on_the_table_is_gone() -> None:
    deal = build("QS JD 9C 9C 9C 9C 9H 9H 9H", "JS JS JS 9S 9S 9S 9D 9D JH")
    play_all(deal, "play 9C, play JS, declare QS JD, play QS, play JS, pass")
    assert group_state(deal, 0) == "broken"
    play_all(deal, "play JD, play JS, pass")
    assert group_state(deal, 0) == "gone" and deal.points[0] == 50


def test_lead_from_another_group_rescores_only_the_highest_intact_group() -> None:
    deal = _three_queen_groups()
    play_all(deal, "play QS")
    # the led QS breaks four queens; marriage (40) and bezik (50) hold another QS: bezik
    assert deal.declarations[-1] == (0, "bezik_led", 50)


def test_lead_of_the_groups_own_card_is_no_rescore() -> None:
    deal = build("QS JD 9C 9C 9C 9C 9H 9H 9H", "JS JS JS 9S 9S 9S 9D 9D JH")
    play_all(deal, "play 9C, play JS, declare QS JD, play QS")
    assert names(deal) == ["bezik"]


# ----- completion -------------------------------------------------------------------
def test_completion_scores_again_and_makes_the_group_intact() -> None:
    deal = build("KH QH KH KH 9C 9C 9C 9C 9D", "JD JD JD 9S 9S 9S 9D 9D JS")
    play_all(deal, "play 9C, play JD, declare KH QH, play table KH, play JD")
    assert group_state(deal, 0) == "broken" and deal.current_player == 0
    play_all(deal, "declare KH QH")
    assert deal.declarations[-1] == (0, "trump_marriage_completed", 40)
    assert group_state(deal, 0) == "intact" and len(deal.groups) == 1
    # repeatable
    play_all(deal, "play table KH, play JD, declare KH QH")
    assert names(deal) == ["trump_marriage", "trump_marriage_completed", "trump_marriage_completed"]
    assert deal.points[0] == 120 and group_state(deal, 0) == "intact"
    deal.check_cards()


def test_completion_preferred_over_a_new_declaration() -> None:
    deal = build("KH QH KH QH 9C 9C 9C 9C 9D", "JD JD JD 9S 9S 9S 9D 9D JS")
    play_all(deal, "play 9C, play JD, declare KH QH, play table KH, play JD, declare KH QH")
    assert deal.declarations[-1] == (0, "trump_marriage_completed", 40)
    hidden = [deal.kinds[i] for i in deal.hands[0]]
    assert parse_code("QH") in hidden  # the second queen stayed in the hand


def test_completion_needs_a_card_still_on_the_table() -> None:
    deal = build("QS JD QS JD 9C 9C 9C 9C 9H", "JS JS JS 9S 9S 9S 9D 9D JH", top="9D 9D 9H 9H")
    play_all(deal, "play 9C, play JS, declare QS JD, play table QS, play JS, pass")
    play_all(deal, "play table JD, play JS")
    assert group_state(deal, 0) == "gone"
    play_all(deal, "declare QS JD")  # a new bezik, not a completion
    assert deal.declarations[-1] == (0, "bezik", 50) and len(deal.groups) == 2


# ----- dönük ---------------------------------------------------------------------------
DONUK0 = "QS QS JD 9C 9C 10D 9H 9H 9H"


def test_donuk_lead_kept_is_final() -> None:
    deal = build(DONUK0, "KS 9D AH AH JC JC JC 9S 9S")
    play_all(deal, "play 9C, play AH, declare QS JD, play QS, play JC")
    assert deal.declarations[-1] == (0, "bezik_led", 50)
    assert deal.current_player == 0 and deal.extra["provisional"] == []
    assert _facts(deal, 1).donuk == ()


def test_donuk_lead_taken_then_a_later_trick_makes_it_final() -> None:
    deal = build(DONUK0, "KS 9D AH AH JC JC JC 9S 9S")
    play_all(deal, "play 9C, play AH, declare QS JD, play QS, play KS")
    assert deal.current_player == 1
    assert _facts(deal, 1).donuk == (0,)
    assert deal.extra["provisional"] == [[0, 0, "bezik", 50]]
    play_all(deal, "pass, play 9D, play 10D")
    assert deal.current_player == 0 and deal.extra["provisional"] == []
    assert ("donuk_cleared", 0) in deal.log
    play_out(deal)
    assert "bezik_taken_back" not in names(deal)


def _donuk_at_the_last_stock_trick() -> Deal:
    """Seat 0 dönük on the last stock trick; seat 1 then holds nine aces (no trumps)."""
    deal = build("QS QS JD 9C 9C 9D 9D 9H 9H", "KS AS AS AH AH AD AD AC AC",
                 top="9S AH AH 9S", stock=4)
    play_all(deal, "play 9C, play AH, declare QS JD, play QS, play KS")
    return deal


def test_donuk_never_cleared_is_taken_back_at_the_end() -> None:
    deal = _donuk_at_the_last_stock_trick()
    play_all(deal, "pass")
    assert deal.in_end_phase and _facts(deal, 0).donuk == (0,)
    play_out(deal)
    assert deal.declarations == [
        (0, "bezik", 50), (0, "bezik_led", 50), (0, "bezik_taken_back", -50)]
    assert deal.last_trick_winner == 1 and deal.extra["last_trick_points"] == 0
    assert deal.points[0] == 50 + 20  # the bezik and one brisk (the AH of trick 1)


def test_donuk_taken_back_after_a_refused_vido() -> None:
    deal = _donuk_at_the_last_stock_trick()
    play_all(deal, "pass, vido, refuse")
    assert deal.is_terminal and deal.extra["refused"] == 1
    assert deal.declarations[-1] == (0, "bezik_taken_back", -50)
    assert deal.points == [50, 0] and deal.card_points == [0, 0]


def test_completion_is_never_donuk() -> None:
    deal = build("KH QH KH 9C 9C 9C 9C 9D 9D", "JD JD JD AH 9S 9S 9D 9D JS")
    play_all(deal, "play 9C, play JD, declare KH QH, play table KH, play JD, declare KH QH")
    assert deal.extra["provisional"] == [] and deal.extra["lead_rescore"] is None


# ----- end phase ------------------------------------------------------------------
def _ids(text: str) -> tuple[list[int], list[int]]:
    kinds = codes(text)
    return list(range(len(kinds))), kinds


@pytest.mark.parametrize(("hand", "led", "trump", "allowed", "rule"), [
    ("9S AS 9H", "10S", HEARTS, "AS", "must_win"),            # take with a higher card
    ("9S JS AH", "10S", HEARTS, "9S JS", "must_follow_suit"),  # cannot take: follow, no trump
    ("9D AH 9H", "10S", HEARTS, "AH 9H", "must_win"),         # void: take with a trump
    ("9D AC", "10S", HEARTS, "9D AC", ""),                    # void, no trump: any card
    ("9D AH", "10S", None, "9D AH", ""),                      # no trumps: only the suit takes
    ("9H KH", "AH", HEARTS, "9H KH", "must_follow_suit"),     # an ace led cannot be taken
])
def test_end_phase_obligation(hand: str, led: str, trump: int | None, allowed: str,
                              rule: str) -> None:
    kinds = codes(hand) + codes(led)
    hand_ids = list(range(len(kinds) - 1))
    ids, why = must_take(hand_ids, kinds, [len(kinds) - 1], trump)
    assert sorted(kinds[i] for i in ids) == sorted(codes(allowed)) and why == rule


def test_end_phase_has_nine_tricks_with_declared_cards_back_in_hand() -> None:
    deal = build("KH QH 9C 9C 9C 9C 9D 9D 9D", "JD JD JD 9S 9S 9S 9H 9S JS", stock=2)
    play_all(deal, "play 9C, play JD, declare KH QH")
    assert deal.in_end_phase and deal.tables == [[], []] and len(deal.hands[0]) == 9
    with pytest.raises(IllegalActionError):
        deal.apply("declare KH QH")


# ----- end of the deal -----------------------------------------------------------------
def test_last_trick_250_with_a_trump_sequence() -> None:
    deal = build("AD 10D KD QD JD 9C 9C 9C 9C", "JS JS JS 9H 9H 9S 9S 9S JH")
    play_all(deal, "play 9C, play JS, declare AD 10D KD QD JD")
    play_out(deal)
    assert deal.extra["last_trick_points"] == 250


def test_last_trick_40_with_trumps_only() -> None:
    deal = build("KH QH 9C 9C 9C 9C 9D 9D 9D", "JD JD JD 9S 9S 9S 9H 9S JS")
    play_all(deal, "play 9C, play JD, declare KH QH")
    play_out(deal)
    assert deal.extra["last_trick_points"] == 40 and deal.trump == HEARTS


def test_last_trick_0_without_trumps() -> None:
    deal = build("9C 9C 9C 9C 9D 9D 9D 9D 9H", "JD JD JD 9S 9S 9S 9H 9S JS")
    play_out(deal)
    assert deal.trump is None and deal.extra["last_trick_points"] == 0
    winner = deal.last_trick_winner
    assert winner is not None
    explained = [sum(p for s, _, p in deal.declarations if s == seat) + deal.card_points[seat]
                 for seat in range(2)]
    assert explained == deal.points


def _to_last_trick() -> Deal:
    deal = build("KH QH 9C 9C 9C 9C 9D 9D 9D", "JD JD JD 9S 9S 9S 9H 9S JS")
    play_all(deal, "play 9C, play JD, declare KH QH")
    play_out(deal, stop_at_last=True)
    return deal


def test_target_reached_with_the_last_trick_ends_without_brisks() -> None:
    deal = _to_last_trick()
    clone = deal.clone()
    play_out(clone)
    winner = clone.last_trick_winner
    assert winner is not None
    for short, counted in ((0, False), (1, True)):
        # exactly enough (or one point short) before the deal for the last trick's 40
        again = deal.clone()
        before = [0, 0]
        before[winner] = 3000 - deal.points[winner] - 40 - short
        again.extra["game_before"] = before
        play_out(again)
        assert again.extra["brisks_counted"] is counted
        assert (again.card_points == [0, 0]) is not counted
        assert again.last_trick_winner == winner


def test_brisks_count_when_the_other_player_is_also_at_the_target() -> None:
    deal = _to_last_trick()
    deal.extra["game_before"] = [3000, 3000]
    play_out(deal)
    assert deal.extra["brisks_counted"] is True
    assert sum(deal.card_points) == 20 * sum(
        1 for w in deal.won for i in w if deal.kinds[i] & 7 in (0, 1))


def test_brisks_count_when_the_last_trick_winner_stays_under() -> None:
    deal = _to_last_trick()
    play_out(deal)
    assert deal.extra["brisks_counted"] is True
    assert sum(deal.card_points) == 640


# ----- vido inside a deal ----------------------------------------------------------
def test_vido_only_at_a_turn_to_lead() -> None:
    deal = build(DONUK0, "KS 9D AH AH JC JC JC 9S 9S")
    assert "vido" in texts(deal)
    play_all(deal, "play 9C")
    assert "vido" not in texts(deal)
    with pytest.raises(IllegalActionError) as err:
        deal.apply("vido")
    assert err.value.rule == "vido_only_on_lead"
    play_all(deal, "play AH")
    assert "vido" not in texts(deal)  # declaring, not leading
    play_all(deal, "pass")
    assert "vido" in texts(deal) and deal.current_player == 0


def test_vido_accept_doubles_and_the_caller_leads_then_only_kontr() -> None:
    deal = build(DONUK0, "KS 9D AH AH JC JC JC 9S 9S")
    play_all(deal, "vido")
    assert deal.phase == "answer" and deal.current_player == 1
    assert texts(deal) == ["accept", "refuse"]
    with pytest.raises(IllegalActionError) as err:
        deal.apply("play 9D")
    assert err.value.rule == "answer_vido_first"
    play_all(deal, "accept")
    assert deal.extra["stake"] == 2 and deal.current_player == 0 and deal.phase == "play"
    assert "vido" not in texts(deal)  # the first caller may not call kontr vido
    with pytest.raises(IllegalActionError) as err:
        deal.apply("vido")
    assert err.value.rule == "vido_not_allowed"
    play_all(deal, "play 9C, play JC, pass")  # seat 1 takes and leads
    assert "vido" in texts(deal)
    play_all(deal, "vido, accept")
    assert deal.extra["stake"] == 4 and deal.extra["vidos"] == [[0, "accepted"], [1, "accepted"]]
    assert "vido" not in texts(deal)
    play_all(deal, "play 9D, play 10D, pass")
    assert "vido" not in texts(deal)  # after kontr vido nobody calls


def test_accept_or_refuse_needs_a_vido() -> None:
    deal = build(DONUK0, "KS 9D AH AH JC JC JC 9S 9S")
    for word in ("accept", "refuse"):
        with pytest.raises(IllegalActionError) as err:
            deal.apply(word)
        assert err.value.rule == "no_vido_pending"


def test_refusal_ends_the_deal_with_nothing_more_scored() -> None:
    deal = build(DONUK0, "KS 9D AH AH JC JC JC 9S 9S")
    play_all(deal, "play 9C, play AH, declare QS JD, vido, refuse")
    assert deal.is_terminal and deal.points == [50, 0]
    assert deal.extra["refused"] == 0 and deal.extra["last_trick_points"] == 0
    assert deal.legal_actions() == []
    deal.check_cards()


def test_observation_facts_show_groups_and_donuk() -> None:
    deal = build(DONUK0, "KS 9D AH AH JC JC JC 9S 9S")
    play_all(deal, "play 9C, play AH, declare QS JD, play table QS, play KS")
    facts = deal.observation(0).facts
    assert facts is not None
    assert facts.group_states == ("broken",) and facts.donuk == ()
    assert facts.stake == 1 and facts.vido_pending is None
    assert passive(deal).text() == "pass"


def test_observation_lists_completions_with_their_points() -> None:
    deal = build("KH QH KH 9C 9C 9C 9C 9D 9D", "JD JD JD AH 9S 9S 9D 9D JS")
    play_all(deal, "play 9C, play JD, declare KH QH, play table KH, play JD")
    assert _facts(deal, 0).completions == (Completion("declare KH QH", 0, 40),)
    assert _facts(deal, 1).completions == ()


def test_two_singles_and_one_hidden_queen_make_a_double() -> None:
    deal = build("QS JD QS JD QS 9C 9C 9C 9H", "JS JS JS 9S 9S 9S 9D 9D JH")
    play_all(deal, "play 9C, play JS, declare QS JD, play 9C, play JS, declare QS JD")
    play_all(deal, "play 9C, play JS, declare QS QS JD JD")
    assert deal.declarations[-1] == (0, "double_bezik", 500)
    assert [g.alive for g in deal.groups] == [False, False, True]
    assert not any(deal.kinds[i] == parse_code("QS") for i in deal.hands[0])
