"""A new game from the new-game screen's choices: the variant, its house rules, the
dealer and the seats, each fallen back to a default when a stored choice no longer fits.

Apart from the table's controller so that it reads as one rule: what a setup deals.
"""

from __future__ import annotations

import random

import engine
from engine import RecordError
from engine.playable import PlayableGame
from web.state.game_setup import Setup, options_of
from web.state.seats import Seats, SeatsError, fit


def deal_new_game(
    setup: Setup, fixed_seed: int | None
) -> tuple[PlayableGame, Seats]:
    """The game a setup deals and who sits where (``fixed_seed``: tests' repeatable deals,
    the human leading first)."""
    variant = setup.get("variant", "classic")
    if variant not in engine.VARIANTS:
        variant = "classic"
    specs = engine.VARIANTS[variant].option_specs
    options = {k: v for k, v in options_of(setup).items() if k in specs}
    try:
        players = engine.make_rules(variant, options).players
    except RecordError:  # a house rule stored for another version: the variant's defaults
        options, players = {}, engine.make_rules(variant, {}).players
    dealer = choose_dealer(setup, players, fixed_seed)
    seed = fixed_seed if fixed_seed is not None else random.randrange(2**31)
    game = engine.new_game(variant, options, seed=seed, dealer=dealer)
    try:
        chosen: Seats | None = Seats.from_json(setup.get("seats"), players)
    except SeatsError:
        chosen = None
    return game, fit(chosen, players)


def choose_dealer(setup: Setup, players: int, fixed_seed: int | None) -> int:
    """The first dealer the setup asks for (tests' repeatable deals: the last seat)."""
    choice = setup.get("dealer", "random")
    if choice == "you":
        return 0
    if choice == "opponent" or fixed_seed is not None:
        return players - 1
    return random.randrange(players)


def setup_seats(setup: Setup) -> Seats | None:
    """The seats a setup chose (None: none that fit its variant)."""
    variant = setup.get("variant", "classic")
    if variant not in engine.VARIANTS:
        return None
    try:
        players = engine.make_rules(variant, options_of(setup)).players
        return Seats.from_json(setup.get("seats"), players)
    except (RecordError, SeatsError):
        return None


def prepared_setup(setup: Setup, variant: str, seats: Seats,
                   **choices: object) -> dict[str, object]:
    """The setup of a deal the app prepares (the guided deal, the daily deal): the
    player's choices kept, the variant's usual rules, these seats, no typed names."""
    prepared = {**setup, "variant": variant, "options": {}, "seats": seats.to_json(),
                **choices}
    prepared.pop("names", None)
    return prepared
