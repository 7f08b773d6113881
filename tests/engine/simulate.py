"""Random-simulation harness: plays deals and checks every invariant at every step."""

from __future__ import annotations

import json
import os
import random

from engine.deal import Deal
from engine.game import Game, new_game, replay_record
from engine.players import choose, make_player


def sim_deals(default: int) -> int:
    """How many deals a simulation test plays (BEZIQUE_SIM_DEALS scales it down/up)."""
    return int(os.environ.get("BEZIQUE_SIM_DEALS", default))


def check_step(deal: Deal, as_text: bool = True) -> None:
    """Cards, a legal action, clone and JSON round trip (through text when ``as_text``)."""
    deal.check_cards()
    assert deal.legal_actions(), "a legal action exists until the deal ends"
    assert deal.clone() == deal
    data = deal.to_json()
    if as_text:
        data = json.loads(json.dumps(data))
    assert Deal.from_json(data) == deal


def check_totals(deal: Deal) -> None:
    declared = [0] * deal.n
    for seat, _, points in deal.declarations:
        declared[seat] += points
    bonus = [0] * deal.n
    if deal.last_trick_winner is not None:
        bonus[deal.last_trick_winner] += int(deal.extra.get("last_trick_points", 0))
    for seat in range(deal.n):
        assert deal.points[seat] == declared[seat] + deal.card_points[seat] + bonus[seat]


def play_games(variant: str, deals: int, seed: int, options: dict | None = None) -> int:
    """Play whole games until ``deals`` deals were played; returns the deals played."""
    played = 0
    number = 0
    kinds = ("random", "greedy")
    while played < deals:
        rng = random.Random(seed * 7919 + number)
        game = new_game(variant, options, seed=seed * 104729 + number, dealer=number % 2)
        names = [kinds[(number >> k) & 1] for k in range(game.rules.players)]
        players = [make_player(n, random.Random(rng.random())) for n in names]
        number += 1
        while played < deals:
            deal = game.deal
            step = 0
            while not deal.is_terminal:
                check_step(deal, as_text=step % 8 == 0)
                step += 1
                seat = game.current_player
                assert seat is not None
                game.apply(choose(players[seat], game.observation(seat)))
            deal.check_cards()
            check_totals(deal)
            played += 1
            if game.is_terminal:
                break
            game.next_deal()
        check_replay(game)
    return played


def check_replay(game: Game) -> None:
    again = replay_record(json.loads(json.dumps(game.record())))
    assert [r.totals for r in again.results] == [r.totals for r in game.results]
    assert again.totals == game.totals and again.winner == game.winner
