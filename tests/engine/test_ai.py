"""The AI: determinization, the end-phase solver, every level in every variant."""

from __future__ import annotations

import random

import pytest
from brute import brute_force

from engine import new_game
from engine.actions import ACCEPT, REFUSE, VIDO, Action
from engine.ai.levels import REASONS, EasyPlayer, NormalPlayer, StrongPlayer, hint
from engine.ai.policy import card_points
from engine.ai.solver import EndGame
from engine.ai.vido import vido_choice, win_chance
from engine.ai.world import Knowledge, sample_world
from engine.deal import Deal
from engine.players import choose, make_player
from engine.variants import VARIANTS, make_rules

VARIANT_SETUPS = [
    ("classic", {}),
    ("russian", {}),
    ("russian-3", {}),
    ("russian-4", {}),
    ("no-trump", {"players": 2}),
    ("no-trump", {"players": 3}),
    ("no-trump", {"players": 4}),
    ("bezik", {}),
]
SETUPS = [(v, o) for v, o in VARIANT_SETUPS if v in VARIANTS]


def _positions(variant: str, options: dict, seed: int, every: int = 7):
    """Observations along a greedy game (one deal), every few moves, with their deals."""
    game = new_game(variant, options, seed=seed)
    players = [make_player("greedy", random.Random(s)) for s in range(game.rules.players)]
    out = []
    step = 0
    while not game.deal.is_terminal:
        seat = game.current_player
        obs = game.observation(seat)
        if step % every == 0:
            out.append((game.deal.clone(), obs))
        game.apply(choose(players[seat], obs))
        step += 1
    return out


def _visible(obs) -> tuple:
    return (obs.to_json(), [list(e) for e in obs.log], obs.won, obs.played, obs.facts, obs.match,
            obs.multipack)


@pytest.mark.parametrize(("variant", "options"), SETUPS)
def test_sampled_worlds_show_the_seat_what_it_saw(variant, options):
    """A sampled world looks, from the seat, exactly like the real deal."""
    rng = random.Random(3)
    checked = 0
    for _deal, obs in _positions(variant, options, seed=11, every=5):
        try:
            world = sample_world(obs, rng)
        except Exception:  # a rare unsatisfiable sample in 3-4 player games
            assert obs.players > 2 or variant == "bezik"
            continue
        world.check_cards()
        mirror = world.observation(obs.seat)
        assert _visible(mirror)[:4] == _visible(obs)[:4]
        assert mirror.legal_actions == obs.legal_actions
        checked += 1
    assert checked >= 10


def _redistribute(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The same deal with the cards ``seat`` cannot see dealt differently."""
    other = deal.clone()
    seen: set[int] = set(other.hands[seat])
    for event_place in (*other.tables, other.played, *other.won):
        seen.update(event_place)
    if other.turnup is not None:
        seen.add(other.turnup)
    for group in other.groups:
        seen.update(group.cards)
    # cards that reached a hand face up (turn-up draws, exchanges) stay put
    kinds = other.kinds
    known_kinds: list[int] = []
    for event in other.log:
        if event[0] == "draw" and event[3]:
            known_kinds.append(event[2])
        if event[0] == "seven" and len(event) > 4 and event[4] is not None:
            known_kinds.append(event[4])
    places: list[tuple[list[int], int]] = []
    for s in range(other.n):
        if s == seat:
            continue
        hand = other.hands[s]
        protected = list(known_kinds)
        for j, i in enumerate(hand):
            if i in seen:
                continue
            if kinds[i] in protected:
                protected.remove(kinds[i])
                continue
            places.append((hand, j))
    places.extend((other.stock, j) for j in range(len(other.stock)))
    places.extend((other.dead, j) for j in range(len(other.dead)))
    ids = [place[j] for place, j in places]
    rng.shuffle(ids)
    for (place, j), card_id in zip(places, ids, strict=True):
        place[j] = card_id
    other.check_cards()
    return other


@pytest.mark.parametrize(("variant", "options"), SETUPS)
def test_decisions_ignore_the_cards_the_seat_cannot_see(variant, options):
    """Redistributing unseen cards never changes a decision (same seed)."""
    rng = random.Random(5)
    positions = _positions(variant, options, seed=21, every=9)
    changed_hidden = 0
    for deal, obs in positions[:8]:
        other = _redistribute(deal, obs.seat, rng)
        changed_hidden += other.hands != deal.hands or other.stock != deal.stock
        obs2 = other.observation(obs.seat)
        obs2.game_scores = list(obs.game_scores)
        obs2.match = obs.match  # filled in by the match layer
        assert _visible(obs2) == _visible(obs)
        for make in (lambda: StrongPlayer(random.Random(9), worlds=2),
                     lambda: NormalPlayer(random.Random(9)),
                     lambda: EasyPlayer(random.Random(9))):
            assert choose(make(), obs) == choose(make(), obs2)
    assert changed_hidden


@pytest.mark.parametrize("variant", ["classic", "russian", "bezik"])
def test_solver_matches_brute_force(variant):
    """Alpha-beta with tables = plain minimax, and its move reaches that value."""
    if variant not in VARIANTS:
        pytest.skip("variant not available")
    rules = make_rules(variant)
    deck = rules.deck()
    values = [card_points(rules, c) for c in range(32)]
    rng = random.Random(17)
    for _ in range(120):
        k = rng.randint(1, 4)
        cards = rng.sample(deck, 2 * k)
        trump = rng.choice([None, 0, 1, 2, 3])
        leader = rng.randrange(2)
        provisional = [0, 0]
        if rng.random() < 0.3:
            provisional[rng.randrange(2)] = 50
        trick: list[tuple[int, int]] = []
        hands = [cards[:k], cards[k:]]
        if rng.random() < 0.4:  # a position with the lead already played
            code = hands[leader].pop(rng.randrange(k))
            trick = [(leader, code)]
            hands[leader].append(code)
            hands[leader].remove(code)

        def make(hands=hands, leader=leader, trick=trick, trump=trump, provisional=provisional):
            return EndGame(hands, leader, trick, trump, values, 10,
                           rules.end_phase_playable, [0, 1], provisional)

        exact = brute_force(make())
        move, value = make().solve()
        assert value == exact
        assert make().value() == exact
        after = make()
        seat = (after.leader + len(after.trick)) % 2
        assert after._play(seat, move, -10**9, 10**9) == exact


@pytest.mark.parametrize(("variant", "options"), SETUPS)
def test_every_level_plays_legally(variant, options):
    for level in ("easy", "normal", "strong"):
        game = new_game(variant, options, seed=4)
        players = []
        for s in range(game.rules.players):
            if level == "strong":
                players.append(StrongPlayer(random.Random(s), worlds=1))
            else:
                players.append(make_player(level, random.Random(s)))
        while not game.deal.is_terminal:
            seat = game.current_player
            obs = game.observation(seat)
            action = choose(players[seat], obs)
            assert action in obs.legal_actions
            game.apply(action)


def test_decide_yields_in_slices():
    """The strong level is a generator that yields while it thinks."""
    game = new_game("classic", seed=8)
    obs = game.observation(game.current_player)
    gen = StrongPlayer(random.Random(1), worlds=4, slice_seconds=0.0).decide(obs)
    steps = 0
    try:
        while True:
            next(gen)
            steps += 1
    except StopIteration as stop:
        assert stop.value in obs.legal_actions
    assert steps >= 4


def test_strong_solves_the_end_phase_exactly():
    """With the stock empty (two players) the strong move is the solver's optimum."""
    for _deal, obs in _positions("classic", {}, seed=31, every=1):
        if obs.end_phase and len(obs.legal_actions) > 1:
            player = StrongPlayer(random.Random(1), worlds=1)
            action = choose(player, obs)
            assert player.last is not None and player.last.exact
            best = max(player.last.scores.values())
            assert player.last.scores[action] == best
            return
    pytest.fail("no end-phase position with a choice")


def test_knowledge_tracks_own_cards_and_unseen():
    for _deal, obs in _positions("classic", {}, seed=5, every=3):
        know = Knowledge(obs)
        assert sum(know.unseen.values()) == (
            sum(obs.hand_sizes) - obs.hand_sizes[obs.seat] + obs.stock_size
            - sum(sum(k.values()) for k in know.known_held))


def _bezik_obs(before: list[int], seat_to_lead: int = 0):
    if "bezik" not in VARIANTS:
        pytest.skip("bezik not available")
    game = new_game("bezik", seed=3)
    deal = game.deal
    deal.extra["game_before"] = list(before)
    obs = deal.observation(deal.current)
    obs.game_scores = list(before)
    return deal, obs


def test_vido_decisions_are_sensible():
    deal, obs = _bezik_obs([2600, 600])
    me = obs.seat
    assert Action(VIDO) in obs.legal_actions
    ahead = [0, 0]
    ahead[me], ahead[1 - me] = 2600, 600
    _, obs = _bezik_obs(ahead)
    assert win_chance(obs) > 0.8
    assert vido_choice(obs) == Action(VIDO)
    assert choose(StrongPlayer(random.Random(1), worlds=2), obs) == Action(VIDO)
    level = [1200, 1250]
    _, obs = _bezik_obs(level)
    assert vido_choice(obs) is None
    assert choose(StrongPlayer(random.Random(1), worlds=2), obs) != Action(VIDO)
    # answering: accept when level, refuse when hopeless
    deal, obs = _bezik_obs([1500, 1500])
    deal.apply(Action(VIDO))
    answer = deal.observation(deal.current)
    assert vido_choice(answer) == Action(ACCEPT)
    deal, obs = _bezik_obs([0, 0])
    caller = deal.current
    deal.extra["game_before"] = [0, 0]
    deal.extra["game_before"][caller] = 2900
    deal.extra["game_before"][1 - caller] = 300
    deal.apply(Action(VIDO))
    answer = deal.observation(deal.current)
    assert win_chance(answer) < 0.1
    assert vido_choice(answer) == Action(REFUSE)


def test_normal_beats_random():
    """A small duplicate match: normal takes more points than random from the same cards."""
    totals = {"normal": 0, "random": 0}
    for seed in range(3):
        for swap in (False, True):
            game = new_game("classic", seed=seed)
            names = ["normal", "random"] if not swap else ["random", "normal"]
            players = [make_player(n, random.Random(seed)) for n in names]
            while not game.deal.is_terminal:
                seat = game.current_player
                game.apply(choose(players[seat], game.observation(seat)))
            for seat, name in enumerate(names):
                totals[name] += game.deal.points[seat]
    assert totals["normal"] > 1.5 * totals["random"]


def test_hint_gives_a_legal_action_and_a_reason():
    for _deal, obs in _positions("classic", {}, seed=2, every=11)[:5]:
        if not obs.legal_actions:
            continue
        action, reason = hint(obs, worlds=2, time_budget=None)
        assert action in obs.legal_actions
        assert reason in REASONS


def test_the_hint_says_why_carte_blanche_is_shown_or_declined() -> None:
    from engine.ai.reasons import reason_for
    from engine.phases import BLANCHE_PHASE

    for seed in range(200):  # a dealt hand without a court card: asked to show it
        game = new_game("rubicon", seed=seed)
        if game.deal.phase == BLANCHE_PHASE:
            break
    else:
        raise AssertionError("no carte blanche in 200 deals")
    obs = game.observation(game.current_player)
    assert reason_for(obs, Action.parse("blanche")) == "shows_blanche"
    assert reason_for(obs, Action.parse("pass")) == "declines_blanche"
    action, reason = hint(obs, worlds=2, time_budget=None)
    assert reason == {"blanche": "shows_blanche", "pass": "declines_blanche"}[action.text()]
