"""Baseline players: ``random`` and ``greedy``.

A player sees only an ``Observation``. ``decide`` is a generator so that slow
players can yield between slices of thinking (the browser keeps responding);
these baselines decide at once. ``choose`` runs a decision to its end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .actions import DECLARE, PASS, PLAY, PLAY_TABLE, SEVEN, Action
from .cards import ACE, JACK, KING, QUEEN, TEN, kind_code, rank_of, suit_of
from .cards import SEVEN as SEVEN_RANK
from .observation import Observation
from .rules import Ruleset
from .tricks import beats, winning_code

if TYPE_CHECKING:
    from .deal import Deal

Decision = Generator[None, None, Action]


class Player(Protocol):
    name: str

    def decide(self, obs: Observation) -> Decision: ...


@runtime_checkable
class Sighted(Protocol):
    """A player the arena shows the real deal before it decides (the cheater bound)."""

    def see(self, deal: Deal) -> None: ...


def decided(action: Action) -> Decision:
    """A decision made at once: a generator that yields nothing and returns ``action``."""
    yield from ()
    return action


def choose(player: Player, obs: Observation) -> Action:
    """Run a player's decision to completion."""
    gen = player.decide(obs)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value  # type: ignore[no-any-return]


class RandomPlayer:
    """Uniformly random legal actions, from a generator it is given."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, obs: Observation) -> Decision:
        return decided(self.rng.choice(obs.legal_actions))


QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)


def keep_value(obs: Observation, code: int) -> float:
    """How much a card is worth keeping: brisques, trumps and combination cards."""
    rank, suit = rank_of(code), suit_of(code)
    value = {ACE: 11.0, TEN: 10.0, KING: 4.0, QUEEN: 3.0, JACK: 2.0}.get(rank, 0.0)
    if suit == obs.trump:
        value += 8 + (6 - rank)
    held = Counter(obs.hand)
    held.update(obs.tables[obs.seat])
    if code in (QS, JD):
        value += 12
    if rank in (KING, QUEEN):
        partner = kind_code(QUEEN if rank == KING else KING, suit)
        if held[partner] or partner not in obs.played or obs.played.count(partner) < 2:
            value += 5 if suit != obs.trump else 9
    if rank in (ACE, KING, QUEEN, JACK):
        same_rank = sum(n for c, n in held.items() if rank_of(c) == rank)
        value += 3 * max(0, same_rank - 1)
    if rank == SEVEN_RANK and suit == obs.trump:
        value += 6
    return value


class GreedyPlayer:
    """A sensible rule-based player: declares the best combination it can, keeps
    bezique cards, trumps and brisques, takes brisques cheaply, and in the end
    phase wins tricks with its lowest winning card."""

    name = "greedy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def decide(self, obs: Observation) -> Decision:
        return decided(self.pick(obs))

    def pick(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        special = variant_choice(obs)
        if special is not None and special in legal:
            return special
        declares = [a for a in legal if a.kind in (DECLARE, SEVEN)]
        if declares:
            return max(declares, key=lambda a: declaration_worth(obs, a))
        plays = [a for a in legal if a.kind in (PLAY, PLAY_TABLE)]
        if not plays:
            others = [a for a in legal if a.kind != PASS]
            return PASS_ACTION if PASS_ACTION in legal else (others or legal)[0]
        if not obs.trick:
            return self._lead(obs, plays)
        return self._follow(obs, plays)

    def _lead(self, obs: Observation, plays: list[Action]) -> Action:
        if obs.end_phase:
            return max(plays, key=lambda a: (lead_strength(obs, a.codes[0]), -_table_first(a)))
        return min(plays, key=lambda a: (keep_value(obs, a.codes[0]), _table_first(a)))

    def _follow(self, obs: Observation, plays: list[Action]) -> Action:
        best = winning_code(
            [c for _, c, _ in obs.trick], list(range(len(obs.trick))), obs.trump
        )
        on_trick = sum(
            10 for _, c, _ in obs.trick if rank_of(c) in (ACE, TEN)
        )
        winners = [a for a in plays if beats(a.codes[0], best, obs.trump)]
        if winners and (obs.end_phase or on_trick):
            cheapest = min(winners, key=lambda a: (keep_value(obs, a.codes[0]), _table_first(a)))
            if obs.end_phase or keep_value(obs, cheapest.codes[0]) < 14 + on_trick:
                return cheapest
        if winners and not obs.end_phase:
            cheap = [a for a in winners if keep_value(obs, a.codes[0]) < 6]
            if cheap:
                return min(cheap, key=lambda a: keep_value(obs, a.codes[0]))
        return min(plays, key=lambda a: (keep_value(obs, a.codes[0]), _table_first(a)))


PASS_ACTION = Action(PASS)


def _table_first(action: Action) -> int:
    """Prefer playing table copies (they reveal nothing new)."""
    return 0 if action.kind == PLAY_TABLE else 1


def lead_strength(obs: Observation, code: int) -> float:
    rank, suit = rank_of(code), suit_of(code)
    value = 8.0 - rank
    if rank == ACE:
        value += 4
    if suit == obs.trump:
        value -= 3
    return value


_RULES_CACHE: dict[str, Ruleset] = {}


def rules_of(obs: Observation) -> Ruleset:
    """The ruleset an observation was made under, built once per variant and options."""
    from .variants import make_rules

    key = obs.variant + repr(sorted(obs.options.items()))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = make_rules(obs.variant, obs.options)
    return rules


def declaration_worth(obs: Observation, action: Action) -> int:
    """Points a declaration would score, read from the combination table of the obs."""
    rules = rules_of(obs)
    if action.kind == SEVEN:
        return 10
    combo = rules.classify(action.codes, obs.trump)
    return 0 if combo is None else combo.value


def variant_choice(obs: Observation) -> Action | None:
    """A variant's own baseline pick among its special actions (bezik's vido), if it has
    one: a ruleset may define ``baseline_choice(obs)``."""
    if all(a.kind in (PLAY, PLAY_TABLE, DECLARE, SEVEN, PASS) for a in obs.legal_actions):
        return None
    choice = getattr(rules_of(obs), "baseline_choice", None)
    return choice(obs) if callable(choice) else None


PLAYERS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


def _ai_level(level: str) -> Callable[[random.Random], Player]:
    """The AI levels of ``engine.ai`` (imported on first use: no import cycle)."""

    def make(rng: random.Random) -> Player:
        from .ai.levels import LEVELS

        return LEVELS[level](rng)

    return make


PLAYERS.update({level: _ai_level(level) for level in ("easy", "normal", "strong")})


def make_player(name: str, rng: random.Random) -> Player:
    try:
        return PLAYERS[name](rng)
    except KeyError:
        known = ", ".join(sorted(PLAYERS))
        raise ValueError(f"unknown player {name!r}; known: {known}") from None
