"""The learned leaf evaluation, the n-player exact end phase in the search, AI bench."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from brute import _brute_play

from engine import new_game
from engine.ai import evaluate
from engine.ai.bench import ai_figures
from engine.ai.search import pimc, running_score
from engine.ai.solver import EndGame
from engine.ai.world import Knowledge, sample_world
from engine.cards import JACK, KING, QUEEN, kind_code, rank_of
from engine.cli import ARENA_ALL
from engine.deal import Deal
from engine.observation import Observation
from engine.players import choose, make_player

QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)


def _midgame(variant: str, seed: int, moves: int = 25) -> Deal:
    game = new_game(variant, seed=seed)
    players = [make_player("greedy", random.Random(s)) for s in range(game.rules.players)]
    for _ in range(moves):
        seat = game.current_player
        assert seat is not None
        game.apply(choose(players[seat], game.observation(seat)))
    return game.deal


def test_every_variant_has_a_model_of_the_right_shape() -> None:
    for variant in ARENA_ALL:
        weights = evaluate.model_for(variant)
        assert weights is not None and len(weights) == len(evaluate.FEATURES), variant
        assert any(abs(w) > 1e-6 for w in weights)


@pytest.mark.parametrize("variant", ["classic", "russian-3", "russian-4", "bezik"])
def test_relative_features_are_symmetric_between_sides(variant: str) -> None:
    deal = _midgame(variant, seed=5)
    per_seat = [evaluate.relative_features(deal, s) for s in range(deal.n)]
    total = [sum(x[k] for x in per_seat) for k in range(len(evaluate.FEATURES))]
    if deal.rules.partnerships:
        assert per_seat[0] == per_seat[2]
        assert per_seat[0] == [-v for v in per_seat[1]]
    else:  # the seats' views sum to zero: one seat's gain is the others' loss
        assert all(abs(v) < 1e-9 for v in total)
    weights = evaluate.model_for(variant)
    assert weights is not None
    values = [evaluate.predicted_rest(deal, s, weights) for s in range(deal.n)]
    assert abs(sum(values)) < 1e-6 or deal.rules.partnerships


def test_a_missing_or_foreign_model_file_means_no_model(tmp_path, monkeypatch) -> None:
    bad = tmp_path / "models.json"
    bad.write_text('{"features": ["other"], "models": {"classic": [1.0]}}')
    monkeypatch.setattr(evaluate, "MODEL_FILE", bad)
    monkeypatch.setattr(evaluate, "_SHIPPED", None)
    assert evaluate.model_for("classic") is None
    monkeypatch.setattr(evaluate, "MODEL_FILE", tmp_path / "missing.json")
    monkeypatch.setattr(evaluate, "_SHIPPED", None)
    assert evaluate.models() == {}


def _end_position(variant: str, cards: int) -> Observation:
    for seed in range(20):
        game = new_game(variant, seed=seed)
        players = [make_player("greedy", random.Random(s)) for s in range(game.rules.players)]
        while not game.deal.is_terminal:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if (obs.end_phase and max(obs.hand_sizes) <= cards and len(obs.legal_actions) > 1
                    and obs.trick):
                return obs
            game.apply(choose(players[seat], obs))
    raise AssertionError("no end position found")


@pytest.mark.parametrize("variant", ["russian-3", "russian-4"])
def test_search_values_small_n_player_end_phases_exactly(variant: str) -> None:
    """With the solver on, each candidate's score in a world is its exact value there."""
    obs = _end_position(variant, 3)
    seed = 4
    gen = pimc(obs, seed, worlds=1, solve_cards=3)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        result = stop.value
    world = sample_world(obs, random.Random(seed * 7919), Knowledge(obs))
    base = running_score(world, obs.seat)
    assert len(result.scores) == len(obs.legal_actions) > 1
    for action, score in result.scores.items():
        game = EndGame.from_deal(world, obs.seat)
        assert score == base + _brute_play(game, obs.seat, action.codes[0])


def test_bench_times_every_level() -> None:
    figures = ai_figures("russian-4", count=2)
    for level in ("easy", "normal", "strong"):
        assert figures[f"{level}_median_ms_per_move"] >= 0
    assert figures["ai_positions"] == 2


def _minimax(deal: Deal, root: int, before: list[int] | None = None) -> float:
    """Exact value by the real engine (its own finish_deal): root's final margin; with the
    game totals ``before`` the deal, plus or minus the win stake where the deal ends the
    game (the Game's own winner rule on the totals after it)."""
    from engine.ai.search import side_score
    from engine.ai.solver import WIN_STAKE
    from engine.game import game_winner

    pairs = deal.rules.partnerships
    if deal.current is None:
        if before is None:
            return side_score(deal, root)
        totals = [b + p for b, p in zip(before, deal.points, strict=True)]
        winner = game_winner(deal.rules, totals, deal.last_trick_winner)
        mine = root % 2 if pairs else root
        stake = 0 if winner is None else (WIN_STAKE if winner == mine else -WIN_STAKE)
        return side_score(deal, root) + stake
    values = []
    for action in deal.legal_actions():
        child = deal.clone()
        child.apply(action)
        values.append(_minimax(child, root, before))
    own = deal.current % 2 == root % 2 if pairs else deal.current == root
    return max(values) if own else min(values)


def test_bezik_solver_withdraws_brisks_when_only_the_winner_reaches_the_target() -> None:
    checked = bites = 0
    for seed in range(40):
        game = new_game("bezik", seed=seed)
        players = [make_player("greedy", random.Random(s)) for s in range(2)]
        deal = game.deal
        while not deal.is_terminal and not (deal.in_end_phase and len(deal.hands[0]) <= 3
                                            and deal.phase == "play" and not deal.trick):
            seat = game.current_player
            assert seat is not None
            game.apply(choose(players[seat], game.observation(seat)))
            deal = game.deal
        if deal.is_terminal or deal.trump is None or deal.extra["trump_sequence"]:
            continue
        target = int(deal.extra["target"])
        for gap in (40, 10, 300):  # seat 0 reaches the target only with the last trick
            deal.extra["game_before"] = [target - deal.points[0] - gap,
                                         target - deal.points[1] - 2000]
            root = deal.current
            assert root is not None
            exact = _minimax(deal, root) - running_score(deal, root)
            game_value = EndGame.from_deal(deal, root)
            assert game_value.value() == exact, (seed, gap)
            bites += game_value.target_rule is not None
            checked += 1
        if checked >= 12:
            break
    assert checked >= 6 and bites >= 3


def test_worlds_where_an_opponent_passed_over_a_good_declaration_weigh_less() -> None:
    from engine.ai.world import PASS_LIKELIHOOD, sample_weighted

    weights: set[float] = set()
    for seed in range(6):
        game = new_game("classic", seed=seed)
        players = [make_player("greedy", random.Random(s)) for s in range(2)]
        passes = 0
        while not game.deal.is_terminal and passes < 6:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            passes = sum(1 for e in obs.log if e[0] == "pass" and e[1] == 1)
            if seat == 0 and passes >= 4:
                know = Knowledge(obs)
                for k in range(12):
                    weights.add(sample_weighted(obs, random.Random(k), know)[1])
                break
            game.apply(choose(players[seat], obs))
        if 1.0 in weights and len(weights) > 1:
            break
    assert 1.0 in weights and any(w < 1.0 for w in weights)
    for w in weights:  # one factor per pass that the world makes unlikely
        assert any(abs(w - PASS_LIKELIHOOD ** k) < 1e-9 for k in range(8))


def test_bezik_chance_to_win_comes_from_the_learned_evaluation() -> None:
    from engine.ai.levels import StrongPlayer

    game = new_game("bezik", seed=2)
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    facts = obs.facts
    assert facts is not None
    assert evaluate.rest_spread("bezik", 1.0) is not None
    chances = []
    for before in ((0, 0), (2600, 0), (0, 2600)):
        # the seat's own first
        obs.facts = replace(facts, game_before=before if seat == 0 else before[::-1])
        player = StrongPlayer(random.Random(1), worlds=8)
        gen = player.chance(obs, 5)
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            chances.append(stop.value)
    even, ahead, behind = chances
    assert 0.3 < even < 0.7 and ahead > 0.85 and behind < 0.15


def _run(gen):
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def test_adaptive_allocation_drops_clear_losers_and_keeps_the_choice() -> None:
    same = dropped = total = 0
    for seed in (1, 2, 3):
        game = new_game("classic", seed=seed)
        players = [make_player("greedy", random.Random(s)) for s in range(2)]
        step = 0
        while not game.deal.is_terminal and step < 60:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if step % 10 == 0 and obs.phase == "play" and not obs.end_phase and len(
                    obs.legal_actions) > 3:
                full = _run(pimc(obs, 9, worlds=12, horizon=4, prune=0.0))
                fast = _run(pimc(obs, 9, worlds=12, horizon=4, prune=3.0))
                assert fast.worlds == full.worlds == 12 and not full.dropped
                assert fast.action not in fast.dropped
                same += fast.action == full.action
                dropped += len(fast.dropped)
                total += 1
            game.apply(choose(players[seat], obs))
            step += 1
    print(f"adaptive: {total} positions, {dropped} moves dropped, {same} same choice")
    assert total >= 8 and dropped >= total // 2  # work saved on many positions
    assert same >= total - 1  # and (almost) always the same move


def test_a_model_from_before_the_table_features_reads_with_zero_weights(
        tmp_path, monkeypatch) -> None:
    old = list(evaluate.FEATURES[:2 * len(evaluate.BASE)])
    path = tmp_path / "models.json"
    path.write_text(json.dumps({"features": old, "models": {"classic": [1.0] * len(old)}}))
    monkeypatch.setattr(evaluate, "MODEL_FILE", path)
    monkeypatch.setattr(evaluate, "_SHIPPED", None)
    weights = evaluate.model_for("classic")
    assert weights == [1.0] * len(old) + [0.0] * (len(evaluate.FEATURES) - len(old))
    monkeypatch.setattr(evaluate, "_SHIPPED", None)


def test_later_features_count_the_halves_of_combinations() -> None:
    deal = _midgame("russian", seed=3, moves=60)
    names = evaluate.FEATURES
    kinds = deal.kinds
    for seat in range(deal.n):
        held = [kinds[i] for i in deal.hands[seat] + deal.tables[seat]]
        x = evaluate.seat_features(deal, seat, 0.5)
        assert x[names.index("bezique_cards")] == held.count(QS) + held.count(JD)
        assert x[names.index("kings_queens")] == sum(1 for c in held if rank_of(c) in (KING, QUEEN))
        assert x[names.index("kings_queens*stock")] == 0.5 * x[names.index("kings_queens")]


@pytest.mark.parametrize("variant", ["russian", "russian-3", "russian-4"])
def test_predicted_rest_is_the_model_over_the_relative_features(variant: str) -> None:
    deal = _midgame(variant, seed=3, moves=70)
    weights = [((k * 7919) % 13 - 6) / 3.0 for k in range(len(evaluate.FEATURES))]
    for seat in range(deal.n):
        x = evaluate.relative_features(deal, seat)
        expected = sum(w * v for w, v in zip(weights, x, strict=True))
        assert abs(evaluate.predicted_rest(deal, seat, weights) - expected) < 1e-6


@pytest.mark.parametrize("variant", ["classic", "russian", "russian-4"])
def test_end_phase_solver_plays_for_the_game_near_the_target(variant: str) -> None:
    """With the game totals before the deal, the solver's value is the real engine's
    margin plus the stake of the game's outcome (the tie rule, pending brisques and the
    last trick included): some of these positions decide the game, some do not."""
    from engine.ai.solver import WIN_STAKE

    checked = decided = 0
    for seed in range(60):
        game = new_game(variant, seed=seed)
        players = [make_player("greedy", random.Random(s)) for s in range(game.rules.players)]
        deal = game.deal
        cards = 4 if deal.n == 2 else 2
        while not deal.is_terminal and not (deal.in_end_phase and deal.phase == "play"
                                            and max(len(h) for h in deal.hands) <= cards):
            seat = game.current_player
            assert seat is not None
            game.apply(choose(players[seat], game.observation(seat)))
            deal = game.deal
        root = deal.current
        if root is None:
            continue
        target = deal.rules.target
        for gap in (0, 10, 30, 80):  # each side at or short of the target
            pair = 2 if deal.rules.partnerships else 1  # a side's total is its seats'
            before = [(target - gap * (1 + (s % 2 + seed) % 2)) // pair - deal.points[s]
                      for s in range(deal.n)]
            exact = _minimax(deal, root, before) - running_score(deal, root)
            solver = EndGame.from_deal(deal, root, before)
            assert solver.value() == exact, (seed, gap)
            decided += abs(exact) > WIN_STAKE / 2
            checked += 1
        if checked >= 24:
            break
    assert checked >= 12 and 0 < decided < checked


def test_no_stakes_where_the_deal_cannot_end_the_game_or_without_a_game() -> None:
    deal = _midgame("russian", 3, moves=0)
    far = [0] * deal.n
    while not (deal.in_end_phase and deal.phase == "play"):
        deal.apply(deal.legal_actions()[0])
    assert EndGame.from_deal(deal, 0, far).stakes is None
    assert EndGame.from_deal(deal, 0).stakes is None
    three = _end_position("russian-3", 3)
    world = sample_world(three, random.Random(1))
    assert EndGame.from_deal(world, three.seat, [990] * 3).stakes is None  # 3 sides


def test_no_stakes_while_a_hand_is_too_big_to_solve_them_in_time() -> None:
    from engine.ai.solver import STAKES_CARDS

    deal = _midgame("russian", 5, moves=0)
    while not (deal.in_end_phase and deal.phase == "play"):
        deal.apply(deal.legal_actions()[0])
    near = [deal.rules.target - p - 5 for p in deal.points]
    assert max(map(len, deal.hands)) > STAKES_CARDS
    assert EndGame.from_deal(deal, 0, near).stakes is None
    # both at the target already, the last trick deciding: no path in the key, any size
    reached = [deal.rules.target - p for p in deal.points]
    settled = EndGame.from_deal(deal, 0, reached).stakes
    assert settled is not None and settled.settled
    while max(map(len, deal.hands)) > STAKES_CARDS:
        deal.apply(deal.legal_actions()[0])
    assert EndGame.from_deal(deal, 0, near).stakes is not None


def test_with_every_side_at_the_target_strong_plays_the_rules_until_the_end_phase() -> None:
    """Russian's tie rule gives the game to the last trick then: the search's points no
    longer matter, the normal level's choice stands until the stock is nearly out; from
    there the search values each move by the chance of taking the last trick."""
    from engine.ai.levels import normal_action
    from engine.ai.search import decided_by_last_trick

    game = new_game("russian", seed=7)
    players = [make_player("greedy", random.Random(s)) for s in range(2)]
    checked = searched = 0
    while not game.deal.is_terminal:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        if obs.phase == "play" and not obs.end_phase and len(obs.legal_actions) > 2:
            assert not decided_by_last_trick(obs)
            obs.game_scores = [game.rules.target + p for p in obs.points]
            assert decided_by_last_trick(obs)
            prior = normal_action(obs, random.Random(0))
            result = _run(pimc(obs, 3, worlds=8, horizon=4, prior=prior, play_to_win=True,
                               last_trick_below=16, last_trick_bonus=10.0))
            if obs.stock_size > 16:
                assert result.action == prior and result.worlds == 0
                checked += 1
            else:  # near the stock's end: the chance of the last trick, searched
                assert result.worlds == 8 and set(result.scores) == {
                    a for a in obs.legal_actions if a.kind in ("play", "play_table")}
                chances = dict(result.scores)
                chances[prior] -= 10.0
                assert all(-1e-9 <= c <= 100 + 1e-9 for c in chances.values())
                assert result.action == prior or chances[result.action] > chances[prior] + 10
                searched += 1
        game.apply(choose(players[seat], game.observation(seat)))
    assert checked >= 5 and searched >= 3


@pytest.mark.parametrize("variant", ["russian", "no-trump"])
def test_the_game_chance_is_the_exact_outcome_near_the_target(variant: str) -> None:
    """A world's value is 100, 0 or 50 as the real engine's minimax wins, loses or goes on
    with the game: both sides at the target (gap -5: the last trick decides) or short of
    it (reaching the target, the tie rule)."""
    from engine.ai.search import _game_chance
    from engine.ai.solver import WIN_STAKE

    seen: dict[int, set[float]] = {-5: set(), 5: set(), 25: set(), 60: set()}
    for seed in range(60):
        deal = _midgame(variant, seed, moves=0)
        while not (deal.in_end_phase and deal.phase == "play" and max(map(len, deal.hands)) <= 3):
            deal.apply(deal.legal_actions()[seed % len(deal.legal_actions())])
        root = deal.current
        assert root is not None
        for gap, outcomes in seen.items():
            before = [deal.rules.target - gap * (1 + (s + seed) % 2) - p
                      for s, p in enumerate(deal.points)]
            exact = _minimax(deal, root, before)
            want = 100.0 if exact > WIN_STAKE / 2 else (0.0 if exact < -WIN_STAKE / 2 else 50.0)
            assert _game_chance(deal.clone(), root, random.Random(0), before) == want, seed
            outcomes.add(want)
        if seed > 12 and set().union(*seen.values()) == {0.0, 50.0, 100.0}:
            break
    assert seen[-5] == {0.0, 100.0}  # settled: never goes on
    assert set().union(*seen.values()) == {0.0, 50.0, 100.0}


def test_near_the_target_the_late_stock_can_be_searched_for_the_game() -> None:
    """``game_reach``: with a side that close to the target, late in the stock, moves are
    worth their chance to win the game (percent of worlds), not points."""
    from engine.ai.levels import normal_action

    game = new_game("no-trump", seed=4)
    players = [make_player("greedy", random.Random(s)) for s in range(2)]
    searched = 0
    while not game.deal.is_terminal and searched < 3:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        if obs.phase == "play" and 0 < obs.stock_size <= 16 and len(obs.legal_actions) > 2:
            obs.game_scores = [game.rules.target - 150, game.rules.target - 180]
            prior = normal_action(obs, random.Random(0))
            results = {reach: _run(pimc(obs, 3, worlds=6, horizon=4, prior=prior,
                                        prior_bonus=30, play_to_win=True, last_trick_below=16,
                                        last_trick_bonus=10.0, game_reach=reach))
                       for reach in (200, 0)}
            assert results[200].worlds == results[0].worlds == 6
            chances = dict(results[200].scores)
            chances[prior] -= 10.0
            assert all(-1e-9 <= c <= 100 + 1e-9 for c in chances.values())
            assert results[200].scores != results[0].scores  # points, not chances
            searched += 1
        game.apply(choose(players[seat], obs))
    assert searched == 3


def test_a_last_trick_solve_past_its_node_limit_is_played_out_by_the_policy(
        monkeypatch) -> None:
    """A long solve would hold the page: past LAST_TRICK_NODES the policy finishes the
    deal and its last trick counts (0 or 100, as a solved world's)."""
    from engine.ai import search
    from engine.ai.solver import TooLong

    deal = _midgame("no-trump", 3, moves=0)
    while not (deal.in_end_phase and deal.phase == "play"):
        deal.apply(deal.legal_actions()[0])
    before = [deal.rules.target + 5 - p for p in deal.points]
    game = EndGame.from_deal(deal, deal.current or 0, before)
    game.max_nodes = 5
    with pytest.raises(TooLong):
        game._search(-1, 1)
    monkeypatch.setattr(search, "LAST_TRICK_NODES", 5)
    played = deal.clone()
    chance = search._game_chance(played, 0, random.Random(1), before)
    assert played.current is None and chance == (100.0 if played.last_trick_winner == 0
                                                 else 0.0)


@pytest.mark.parametrize(("variant", "bonus"), [("russian", 30.0), ("no-trump", 60.0),
                                               ("bezik", 100.0)])
def test_the_normal_choice_leads_by_the_variants_head_start(variant: str, bonus: float) -> None:
    from engine.ai.levels import StrongPlayer, normal_action

    game = new_game(variant, seed=11)
    players = [make_player("normal", random.Random(s)) for s in range(2)]
    checked = 0
    while checked < 3:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        if obs.phase == "play" and obs.stock_size > 20 and len(obs.legal_actions) > 2:
            strong = StrongPlayer(random.Random(checked), worlds=4)
            without = StrongPlayer(random.Random(checked), worlds=4, prior_bonus=0.0)
            choose(strong, obs)
            choose(without, obs)
            assert strong.last is not None and without.last is not None
            prior = normal_action(obs, random.Random(0))
            plain = without.last
            assert strong.last.scores[prior] == pytest.approx(plain.scores[prior] + bonus)
            checked += 1
        game.apply(choose(players[seat], obs))
    assert StrongPlayer(prior_bonus=5.0).bonus_for(variant) == 5.0  # an explicit one stands
