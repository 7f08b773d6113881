"""What the engine answers for the table, so the table never works out a rule again:
each variant's scoring items (the rules screens), the points a seven scores (carried by
its log event), whether a card takes the trick's lead (the hint) and the vido stakes."""

from __future__ import annotations

from deal_positions import build, play_all

from engine import VARIANTS, Deal, new_game
from engine.cards import parse_code
from engine.match import Match
from engine.tricks import takes_lead


# ----- score items --------------------------------------------------------------
def test_score_items_name_every_combination_and_the_card_points_of_each_variant() -> None:
    classic = VARIANTS["classic"].score_items()
    assert classic["trump_sequence"] == 250 and classic["bezique"] == 40
    assert classic["seven"] == 10 and classic["brisk"] == 10
    russian = VARIANTS["russian"].score_items()
    assert russian["card.A"] == 11 and russian["card.10"] == 10 and russian["card.K"] == 4
    assert russian["card.9"] == 0 and "brisk" not in russian and russian["two_sevens"] == 20
    assert VARIANTS["russian-3"].score_items()["triple_bezique"] == 1500
    assert "seven" not in VARIANTS["no-trump"].score_items()
    bezik = VARIANTS["bezik"].score_items()
    assert bezik["brisk"] == 20 and bezik["four_aces_suit"] == 500 and "seven" not in bezik
    for cls in VARIANTS.values():
        items = cls.score_items()
        assert all(items[name] == points for name, points in cls.combination_points.items())


# ----- the seven's points in its event --------------------------------------------
def test_a_seven_event_carries_the_points_it_scored() -> None:
    deal = build(["AH 7C 7C 9H 8H 10H JD QD", "7H 7S 8S 9S JH 8D QH 10D"], turnup="9C")
    play_all(deal, "play AH, play 7H, seven 7C")
    event = next(e for e in deal.log if e[0] == "seven")
    assert event[0] == "seven" and event[3] is True and event[5] == deal.rules.seven_points == 10
    assert deal.points[0] == event[5]


def test_a_saved_seven_event_without_its_points_is_read_with_them() -> None:
    deal = build(["AH 7C 7C 9H 8H 10H JD QD", "7H 7S 8S 9S JH 8D QH 10D"], turnup="9C")
    play_all(deal, "play AH, play 7H, seven 7C")
    at = next(i for i, e in enumerate(deal.log) if e[0] == "seven")
    data = deal.to_json()
    data["log"][at] = data["log"][at][:5]  # as a save from before the points were logged
    assert Deal.from_json(data, deal.rules).log[at] == deal.log[at]
    data["log"][at] = data["log"][at][:4]  # older still: no exchanged turn-up either
    assert Deal.from_json(data, deal.rules).log[at] == (*deal.log[at][:4], None, 10)


# ----- taking the lead of a trick -------------------------------------------------
def test_takes_lead_is_the_trick_rule_the_deal_uses() -> None:
    ah, kh, ts, seven_c = (parse_code(t) for t in ("AH", "KH", "10S", "7C"))
    assert takes_lead([], kh, None)  # a lead always does
    assert not takes_lead([ah], kh, None) and takes_lead([kh], ah, None)
    assert not takes_lead([ah], ah, None)  # identical cards: the first wins
    assert takes_lead([ah], seven_c, trump=3) and not takes_lead([ah], ts, trump=3)
    assert not takes_lead([ah, seven_c], kh, trump=3)  # three hands: the best so far counts


def test_an_observation_says_whether_a_card_would_take_the_lead() -> None:
    deal = build(["AH 7C 7C 9H 8H 10H JD QD", "7H 7S 8S 9S JH 8D QH 10D"], turnup="9C")
    play_all(deal, "play 10H")
    obs = deal.observation(1)
    assert obs.takes_lead(parse_code("10D")) is False  # no heart, no trump
    assert obs.takes_lead(parse_code("JH")) is False  # a lower heart
    deal = build(["AH 7C 7C 9H 8H 10H JD QD", "7H 7S 8S 9S JH 8D QH 10D"], turnup="9C")
    play_all(deal, "play 8H")
    assert deal.observation(1).takes_lead(parse_code("QH"))


# ----- vido stakes ----------------------------------------------------------------
def test_games_without_vido_have_no_stakes() -> None:
    game = new_game("classic", seed=1)
    assert game.vido_stakes(game.current_player or 0) is None


def test_vido_stakes_of_a_call_and_of_an_answer_match_what_a_refusal_scores() -> None:
    match = new_game("bezik", seed=1, dealer=0)
    assert isinstance(match, Match)
    caller = match.current_player
    assert caller is not None
    assert match.vido_stakes(1 - caller) is None  # not that seat's turn
    call = match.vido_stakes(caller)
    assert call is not None and call.role == "call" and call.caller == caller
    assert (call.stake, call.stake_after, call.kontr) == (1, 2, False)
    before = match.to_json()
    assert match.to_json() == before  # asking changes nothing
    match.apply("vido")
    answer = match.vido_stakes(1 - caller)
    assert answer is not None and answer.role == "answer" and answer.caller == caller
    assert answer.refused_points == call.refused_points
    match.apply("refuse")
    assert match.current_game.match_points == call.refused_points
    assert match.current_game.winner == caller
