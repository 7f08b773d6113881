"""The one random-simulation harness: seeded games of any variant, cheap invariants at every
step, the deep checks (clone, JSON round trip, observations) on a sample of steps.

How many deals: a few per variant by default (`make test`, and under Pyodide);
`BEZIQUE_SIM_LONG=1` (`make test-long`) plays 2,000 and more per variant; `BEZIQUE_SIM_DEALS=N`
sets the count of every simulation. Deep checks run at every step of every `DEEP_DEAL`-th deal
(the first included), every `DEEP_STEP`-th step of the others and at every deal's end;
`BEZIQUE_SIM_FULL=1` runs them at every step. No processes: the simulations run in the
test's own process (pytest-xdist spreads the tests over the cores).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.actions import DECLARE, PASS, SEVEN
from engine.deal import Deal
from engine.game import Game, new_game, replay_record
from engine.players import choose, make_player
from engine.variants import make_rules

LONG = bool(os.environ.get("BEZIQUE_SIM_LONG"))
FULL = bool(os.environ.get("BEZIQUE_SIM_FULL"))
LONG_DEALS = 2000
DEEP_DEAL = 20
DEEP_STEP = 16
# Every simulation test carries this mark: `make test-long` runs them alone, long.
simulation = pytest.mark.simulation


def sim_deals(quick: int, long: int = LONG_DEALS) -> int:
    """Deals a simulation plays: `quick` by default, `long` under BEZIQUE_SIM_LONG, or
    BEZIQUE_SIM_DEALS when set."""
    if os.environ.get("BEZIQUE_SIM_DEALS"):
        return int(os.environ["BEZIQUE_SIM_DEALS"])
    return long if LONG else quick


def share(deals: int, part: float) -> int:
    """Part of a variant's deals for one of its option sets (at least one deal)."""
    return max(1, round(deals * part))


class Eager:
    """A random player that declares whenever it can (to exercise the declaration rules)."""

    name = "eager"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: Any) -> Any:
        legal = obs.legal_actions
        declares = [a for a in legal if a.kind in (DECLARE, SEVEN)]
        if declares and self.rng.random() < 0.85:
            return self.rng.choice(declares)
        plays = [a for a in legal if a.kind != PASS] or legal
        return self.rng.choice(plays if self.rng.random() < 0.9 else legal)
        yield  # pragma: no cover


def make_sim_player(kind: str, rng: random.Random) -> Any:
    return Eager(rng) if kind == "eager" else make_player(kind, rng)


def check_copies(deal: Deal, legal: list[Any] | None = None, as_text: bool = True) -> None:
    """A clone and a JSON round trip (through text when `as_text`) give the same deal."""
    assert deal.clone() == deal
    data = deal.to_json()
    data = json.loads(json.dumps(data)) if as_text else data
    again = Deal.from_json(data, make_rules(data["variant"], data["options"]))
    assert again == deal
    if legal is not None:
        assert again.legal_actions() == legal


def check_observations(deal: Deal, legal: list[Any]) -> None:
    """The seat to act (and its partner in fours) sees its own hand and the legal actions,
    nobody's hidden cards, and others' draws from the stock only as draws."""
    seat = deal.current_player
    assert seat is not None
    viewers = {seat, (seat + 2) % deal.n} if deal.rules.partnerships else {seat}
    for viewer in viewers:
        obs = deal.observation(viewer)
        assert Counter(obs.hand) == Counter(deal.kinds[i] for i in deal.hands[viewer])
        assert obs.legal_actions == (legal if viewer == seat else [])
        assert "hands" not in obs.to_json()
        for event in obs.log:
            if event[0] == "draw" and event[1] != viewer and not event[3]:
                assert event[2] is None


def check_step(deal: Deal, deep: bool) -> list[Any]:
    """Cheap checks at every step (cards, a legal action); the deep ones when `deep`."""
    deal.check_cards()
    legal = deal.legal_actions()
    assert legal, "a legal action exists until the deal ends"
    if deep:
        check_copies(deal, legal)
        check_observations(deal, legal)
    return legal


def check_replay(game: Game) -> Game:
    """The game's record, through JSON text, replays to the same results and winner."""
    again = replay_record(json.loads(json.dumps(game.record())))
    assert [r.to_json() for r in again.results] == [r.to_json() for r in game.results]
    assert again.totals == game.totals and again.winner == game.winner
    return again


def lineup(kinds: tuple[str, ...]) -> Callable[[int, int, random.Random], list[str]]:
    """Seats drawn from `kinds` at random, game by game."""
    return lambda number, seats, rng: [rng.choice(kinds) for _ in range(seats)]


# The default seats: an eager declarer, a random and a greedy player, drawn game by game.
MIXED = lineup(("eager", "random", "greedy"))


def games(
    variant: str, seed: int, options: dict[str, Any] | None = None,
    kinds: Callable[[int, int, random.Random], list[str]] | None = None,
) -> Iterator[tuple[Game, list[Any]]]:
    """Seeded new games of a variant with their players, one after another."""
    kinds = kinds or MIXED
    seats = make_rules(variant, options).players
    number = 0
    while True:
        rng = random.Random(seed * 7919 + number)
        game = new_game(variant, options, seed=seed * 104729 + number, dealer=number % seats)
        names = kinds(number, seats, rng)
        yield game, [make_sim_player(n, random.Random(rng.random())) for n in names]
        number += 1


def play_deal(
    game: Game, players: list[Any], deep_deal: bool,
    each_step: Callable[[Deal], None] = lambda deal: None,
) -> int:
    """Play the game's current deal to its end, checking each step (`each_step` too);
    returns its steps."""
    deal = game.deal
    step = 0
    while not deal.is_terminal:
        each_step(deal)
        check_step(deal, FULL or deep_deal or step % DEEP_STEP == 0)
        step += 1
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))
    deal.check_cards()
    check_copies(deal)
    return step


def play(
    variant: str, deals: int, seed: int, options: dict[str, Any] | None = None, *,
    kinds: Callable[[int, int, random.Random], list[str]] | None = None,
    deal_end: Callable[[Deal], None] = lambda deal: None,
    game_end: Callable[[Game], None] = check_replay,
    each_step: Callable[[Deal], None] = lambda deal: None,
) -> Counter[str]:
    """Play whole games until `deals` deals were played, checking every step (deeply on a
    sample), each deal's end (`deal_end`) and each game's (`game_end`, which also gets the
    last, unfinished one) and, before each action, `each_step`. Returns counts of what was
    exercised."""
    stats: Counter[str] = Counter()
    for game, players in games(variant, seed, options, kinds):
        while True:
            stats["steps"] += play_deal(game, players, stats["deals"] % DEEP_DEAL == 0,
                                        each_step)
            deal = game.deal
            deal_end(deal)
            stats["deals"] += 1
            stats["declarations"] += len(deal.declarations)
            stats.update(name for _, name, _ in deal.declarations)
            stats["trumps_fixed"] += deal.trump is not None
            if game.is_terminal or stats["deals"] >= deals:
                break
            game.next_deal()
        game_end(game)
        stats["games"] += 1
        if stats["deals"] >= deals:
            return stats
    raise AssertionError("unreachable")  # pragma: no cover
