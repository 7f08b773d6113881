"""The typed engine ↔ table contract: typed log events, typed facts,
and the remembered declarable combinations answering as computed afresh."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import new_game
from engine.cards import notation_key
from engine.deal import Deal
from engine.log_events import LogEvent, PlayEvent, SeatEvent, log_events
from engine.observation import event_lists

VARIANTS = ("classic", "russian", "russian-3", "russian-4", "no-trump", "bezik")
TYPED = LogEvent.__args__  # the NamedTuple classes of the union


def _played(variant: str, seed: int) -> Deal:
    game = new_game(variant, seed=seed)
    rng = random.Random(seed)
    while not game.deal.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    return game.deal


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_logged_event_is_typed_and_saves_as_before(variant: str) -> None:
    """The deal writes typed events; a saved deal reads them back typed; their JSON lists
    are the plain tuples' (what saves held before the events were typed)."""
    deal = _played(variant, seed=4)
    assert deal.log and all(isinstance(event, TYPED) for event in deal.log)
    restored = Deal.from_json(deal.to_json(), deal.rules)
    assert all(isinstance(event, TYPED) for event in restored.log)
    assert restored.log == deal.log
    assert event_lists(deal.log) == event_lists(tuple(event) for event in deal.log)
    plays = [e for e in deal.log if isinstance(e, PlayEvent)]
    assert plays and all(e.kind == "play" and e == ("play", e.seat, e.code, e.from_table)
                         for e in plays)
    tricks = [e for e in deal.log if isinstance(e, SeatEvent) and e.kind == "trick"]
    assert tricks[-1].seat == deal.last_trick_winner
    assert log_events(event_lists(deal.log)) == deal.log


def test_bezik_facts_are_the_deal_state_they_show() -> None:
    """The typed facts (what the AI and the table read) give the deal's own bezik state, and
    the game's target comes from the match."""
    game = new_game("bezik", seed=2)
    rng = random.Random(2)
    seen = 0
    while not game.deal.is_terminal:
        extra = game.deal.extra
        for seat in range(2):
            obs = game.observation(seat)
            facts, match = obs.facts, obs.match
            assert facts is not None and match is not None
            assert facts.stake == extra["stake"] and list(facts.game_before) == extra["game_before"]
            assert [list(call.to_json()) for call in facts.vidos] == extra["vidos"]
            assert facts.vido_pending == extra["vido_pending"]
            assert facts.trump_sequence == extra["trump_sequence"]
            assert [[p.seat, p.name, p.points] for p in facts.provisional] == [
                [p[0], p[2], p[3]] for p in extra["provisional"]]
            assert match == game.match_facts()
            assert obs.target == match.target == facts.target == extra["target"]
            seen += 1
        game.apply(rng.choice(game.legal_actions()))
    assert seen > 10
    classic = new_game("classic", seed=1).observation(0)
    assert classic.facts is None and classic.match is None and classic.target is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_declarable_combinations_answer_as_computed_afresh(variant: str) -> None:
    """``Ruleset.declarable`` (remembered per holding) lists what the candidates, in their
    order, deduplicated and classified, give."""
    rules = new_game(variant, seed=0).rules
    rng = random.Random(7)
    deck = rules.deck()
    for _ in range(200):
        held = rng.sample(deck, rng.randint(6, 20))
        for trump in (None, rng.randrange(4)):
            expected = []
            seen: set[tuple[int, ...]] = set()
            for codes in rules._candidates(Counter(held), trump):
                key = tuple(sorted(codes, key=notation_key))
                if key in seen:
                    continue
                seen.add(key)
                combo = rules.classify(key, trump)
                if combo is not None:
                    expected.append((key, combo))
            got = rules.declarable(held, trump)
            assert [(codes, combo) for codes, combo, _ in got] == expected
            assert all(action.codes == codes for codes, _, action in got)
            assert rules.declarable(list(reversed(held)), trump) is got  # one holding, one answer
