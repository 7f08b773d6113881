"""The table's flow under CPython: the controller against a recording fake page.

Positions are built with the engine itself (seeded games, played by rule), so
each case below is a real deal: automatic pass, the finished trick, vido and
kontr vido texts, the turned-up seven, no-trump groups by physical copy, the
hint's highlight, the numbers, the rematch and the sounds.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from fake_page import RecordingPage, computer_plays, new_app
from threads import in_thread

import engine
from web import storage
from web.app import App
from web.state.model import HintSet
from web.state.table_state import TrickSettled
from web.table import flow
from web.table.adapter import build_view
from web.view.render import assign_groups, render_game_summary
from web.view.table_page import table_view

ROOT = Path(__file__).resolve().parents[2]
SEVEN_TURNUP_SEED = 24  # classic, dealer = seat 1 (the computer): a seven is turned up


def make_app(
    variant: str = "classic", seed: int = 5, options: Any = None
) -> tuple[App, RecordingPage]:
    return new_app(variant, seed, options)


def prompt_actions(dom: RecordingPage) -> list[str]:
    return re.findall(r'data-action="([^"]+)"', dom.regions.get("bz-prompt", ""))


def play_deal(app: App, dom: RecordingPage, seen: list[list[str]], policy: Any = None) -> None:
    """Play the deal to its end: the human takes the policy's choice (first legal)."""

    for _ in range(3000):
        if app.game.deal.is_terminal:
            return
        if app.game.current_player == app.model.table.human and not app.model.table.busy:
            app.render()
            seen.append(prompt_actions(dom))
            legal = [a.text() for a in app.game.legal_actions()]
            app.course.try_action(policy(legal) if policy else legal[0])
        computer_plays(app)


# ------------------------------------------------------------ automatic pass


def count_pass_only(auto: bool) -> tuple[int, int, int]:
    """(prompts offering only pass, prompts offering a declaration, human turns) in a deal."""

    def run() -> tuple[int, int, int]:
        app, dom = new_app(seed=11, store=stored_settings(auto_pass=auto))
        seen: list[list[str]] = []
        play_deal(app, dom, seen)
        only_pass = sum(1 for acts in seen if acts == ["pass"])
        declare = sum(1 for acts in seen if any(a.startswith(("declare", "seven")) for a in acts))
        return only_pass, declare, len(seen)

    return in_thread(run)  # type: ignore[no-any-return]


def stored_settings(**values: Any) -> storage.MemoryStorage:
    """A storage holding these settings (read once, when the table starts)."""
    store = storage.MemoryStorage()
    store.setItem(storage.SETTINGS_KEY, json.dumps(values))
    return store


def test_auto_pass_removes_every_pass_only_prompt() -> None:
    before, declared_before, _ = count_pass_only(False)
    after, declared_after, _ = count_pass_only(True)
    assert before >= 3, "the deal should have had pass-only prompts without auto-pass"
    assert after == 0
    assert declared_after >= 1 and declared_after == declared_before  # still offered


def test_auto_pass_never_passes_for_the_computer_or_when_a_declaration_exists() -> None:
    game = engine.new_game("classic", {}, seed=11, dealer=1)
    rng = random.Random(1)
    checked = 0
    while not game.deal.is_terminal:
        seat = game.current_player
        legal = game.legal_actions()
        if game.deal.phase == "declare":
            due = flow.auto_pass_due(game, seat)
            assert due == (len(legal) == 1)
            assert not flow.auto_pass_due(game, 1 - seat)
            checked += 1
        game.apply(rng.choice(legal))
    assert checked > 5


# ------------------------------------------------------------ the last trick


def test_finished_trick_goes_aside_and_can_be_peeked_until_the_next_trick() -> None:
    app, dom = in_thread(lambda: make_app(seed=5))
    seen: list[list[str]] = []

    def first_trick() -> None:
        while not flow.tricks_done(app.model.table.frame.events)[0]:
            if app.game.current_player == app.model.table.human and not app.model.table.busy:
                app.course.try_action(app.game.legal_actions()[0].text())
            computer_plays(app)

    in_thread(first_trick)
    del seen
    app.render()
    centre = dom.regions["bz-centre"]
    if app.game.deal.trick:  # the computer already led the next trick: nothing to peek
        assert 'data-command="last-trick"' not in centre
        return
    assert 'data-trick="done"' in centre and "trick-caption" in centre
    assert 'data-command="last-trick"' not in centre  # still in the centre
    app.dispatch(TrickSettled(1))  # the timer's moment is up
    app.render()
    centre = dom.regions["bz-centre"]
    assert 'data-trick="aside"' in centre and 'data-command="last-trick"' in centre
    assert centre.count('class="tcell') == 0  # aside: the centre is free
    app.command("last-trick", None)
    centre = dom.regions["bz-centre"]
    assert 'data-trick="peek"' in centre and centre.count('class="tcell') == 2
    assert 'aria-pressed="true"' in centre and "Last trick, taken by" in centre
    app.command("last-trick", None)
    assert 'data-trick="aside"' in dom.regions["bz-centre"]
    app.command("last-trick", None)
    while app.game.deal.phase == "declare":  # a declaration (or pass) first: still peekable
        app.course.try_action(app.game.legal_actions()[0].text())
        assert 'data-command="last-trick"' in dom.regions["bz-centre"]
    # the next trick starts: the last one can no longer be peeked at
    app.course.try_action(next(a.text() for a in app.game.legal_actions() if a.kind == "play"))
    centre = dom.regions["bz-centre"]
    assert 'data-trick="live"' in centre and 'data-command="last-trick"' not in centre


# --------------------------------------------------------------------- vido


def bezik_at(predicate: Any, seed: int = 3) -> Any:
    """A bezik match (human = seat 0 leads first) played by rule until predicate(game)."""
    game = engine.new_game("bezik", {}, seed=seed, dealer=1)
    rng = random.Random(seed)
    for _ in range(2000):
        if predicate(game):
            return game
        legal = [a for a in game.legal_actions() if a.kind not in ("vido", "refuse")]
        game.apply(rng.choice(legal))
    raise AssertionError("position not reached")


def test_vido_call_explains_itself() -> None:
    app, dom = in_thread(lambda: make_app("bezik"))
    assert app.game.current_player == 0 and "vido" in prompt_actions(dom)
    prompt = dom.regions["bz-prompt"]
    question = re.search(r'<p class="question">(.*?)</p>', prompt)
    assert question and question.group(1).strip(), "a lone vido button with no question"
    assert "from ×1 to ×2" in prompt and "Call vido: stake ×2" in prompt
    assert re.search(r"you win the game now: \d+ match points?", prompt), prompt


def test_kontr_vido_question_answer_and_log() -> None:
    def kontr_pending(game: Any) -> bool:
        deal = game.deal
        if not game.deal.extra.get("vidos"):  # seat 0 calls vido at once, seat 1 accepts
            if game.current_player == 0 and "vido" in {a.kind for a in game.legal_actions()}:
                game.apply("vido")
                game.apply("accept")
            return False
        return (
            game.current_player == 1
            and deal.phase == "play"
            and not deal.trick
            and "vido" in {a.kind for a in game.legal_actions()}
        )

    game = bezik_at(kontr_pending)
    game.apply("vido")  # the computer's kontr vido: the human answers
    refused = game.clone()
    refused.apply("refuse")
    points = refused.current_game.match_points

    app, dom = in_thread(lambda: make_app("bezik"))
    app.game = game
    app.course.make_players()
    app.render()
    prompt = dom.regions["bz-prompt"]
    assert "The computer calls kontr vido" in prompt
    assert "from ×2 to ×4" in prompt and "four" not in prompt and "twice" not in prompt
    assert "Accept: stake ×4" in prompt
    word = "match point" if points == 1 else "match points"
    assert f"the caller wins it: {points} {word}" in prompt
    assert "The computer called kontr vido!" in dom.regions["bz-log"]
    app.course.try_action("accept")
    assert "You accepted the kontr vido." in dom.regions["bz-log"]
    assert app.game.deal.extra["stake"] == 4
    assert 'data-stake="4"' in dom.regions["bz-scores"]


def test_kontr_vido_log_after_an_earlier_deal() -> None:
    """An accepted vido of an earlier deal of the same game makes this one a kontr vido."""
    game = engine.new_game("bezik", {}, seed=3, dealer=1)
    game.apply("vido")
    game.apply("accept")
    rng = random.Random(4)
    while not game.deal.is_terminal:
        game.apply(rng.choice([a for a in game.legal_actions() if a.kind != "vido"]))
    if game.game_over:
        pytest.skip("the game ended in its first deal")
    game.next_deal()
    for _ in range(200):
        if game.current_player == 1 and "vido" in {a.kind for a in game.legal_actions()}:
            break
        game.apply(rng.choice([a for a in game.legal_actions() if a.kind != "vido"]))
    game.apply("vido")
    game.apply("accept")
    log = flow.table_log(game, game.deal.observation(0).log)
    assert [ev[0] for ev in log if "vido" in ev[0]] == ["kontr_vido", "kontr_vido_accepted"]


# ----------------------------------------------------------- turned-up seven


def test_dealers_turned_up_seven_is_logged_announced_shown_and_in_the_summary() -> None:
    app, dom = in_thread(lambda: make_app(seed=SEVEN_TURNUP_SEED))
    assert app.game.deal.turnup is not None and app.game.scores()[1] == 10
    line = app.cat.t("log.seven_turnup", player=app.painter.who(1), count=10)
    assert line in dom.regions["bz-log"]
    assert (
        line in dom.regions["bz-notice"] and 'data-toast="seven-turnup"' in dom.regions["bz-notice"]
    )
    assert any(line in said for said in dom.said)
    in_thread(lambda: play_deal(app, dom, []))
    app.render()
    assert 'data-toast="seven-turnup"' not in dom.regions["bz-notice"]
    summary = dom.regions["bz-overlay"]
    assert "Seven turned up 10" in summary


# ------------------------------------------------------- no-trump groups


def no_trump_shared_kind() -> Any:
    """A no-trump deal where a group's own copy was played while another group of the
    same seat still holds a copy of that card."""
    for seed in range(60):
        game = engine.new_game("no-trump", {}, seed=seed, dealer=1)
        rng = random.Random(seed)
        while not game.deal.is_terminal:
            legal = game.legal_actions()
            decl = [a for a in legal if a.kind == "declare"]
            table = [a for a in legal if a.kind == "play_table"]
            if decl:
                act = decl[0]
            elif table and rng.random() < 0.5:
                act = table[0]
            else:
                act = rng.choice(legal)
            game.apply(act)
            deal = game.deal
            for group in deal.groups:
                on = [c for c in group.cards if c in deal.tables[group.seat]]
                if not group.alive or not on or len(on) == len(group.cards):
                    continue
                kinds_on = {deal.kinds[c] for c in deal.tables[group.seat]}
                if all(deal.kinds[c] in kinds_on for c in group.cards):
                    return game, group
    raise AssertionError("no such position in 60 deals")


def test_no_trump_group_broken_by_physical_copy() -> None:
    game, group = no_trump_shared_kind()
    view = build_view(game, group.seat)
    boxes = assign_groups(view.seats[group.seat])
    for g, cards in boxes:
        if g is None:
            continue
        assert cards, f"{g.kind} shows as a label with no cards"
        assert g.intact == (len(cards) == len(g.cards)) or not g.intact
    broken = [g for g, _ in boxes if g is not None and not g.intact]
    assert broken, "the group whose copy was played must show as broken"


# --------------------------------------------------------------------- hint


def test_hint_highlights_the_card_and_clears_after_the_move() -> None:
    app, dom = in_thread(lambda: make_app(seed=5))
    play = next(a.text() for a in app.game.legal_actions() if a.kind == "play")
    app.dispatch(HintSet((play, "lead")))
    app.render()
    hand = dom.regions["bz-me"]
    hinted = re.findall(r'class="card face[^"]*hinted[^"]*"[^>]*data-action="([^"]+)"', hand)
    assert hinted == [play]
    app.course.try_action(play)
    assert "hinted" not in dom.regions["bz-me"]


def test_hint_highlights_a_declaration_button_and_its_cards() -> None:
    view_app, dom = in_thread(lambda: make_app(seed=11))
    seen: list[list[str]] = []

    def until_declare() -> None:
        for _ in range(3000):
            app = view_app
            acts = [a.text() for a in app.game.legal_actions()]
            if app.game.current_player == 0 and any(a.startswith("declare") for a in acts):
                return
            if app.game.current_player == 0 and not app.model.table.busy:
                app.course.try_action(acts[0])
            computer_plays(app)

    in_thread(until_declare)
    del seen
    declare = next(a.text() for a in view_app.game.legal_actions() if a.kind == "declare")
    view_app.dispatch(HintSet((declare, "declares_best")))
    view_app.render()
    prompt = dom.regions["bz-prompt"]
    assert re.search(r'class="btn act k-declare hinted"[^>]*data-action="' + declare, prompt)
    hand = dom.regions["bz-me"].split('class="hand"', 1)[1]
    hinted = re.findall(r'class="card face[^"]*hinted[^"]*"[^>]*data-card="([^"]+)"', hand)
    shown = view_app.painter.view
    in_hand = Counter(shown.hand if shown else []) & Counter(declare.split()[1:])
    assert Counter(hinted) == in_hand and hinted


# -------------------------------------------------- numbers, rematch, sound


def test_deal_and_game_numbers() -> None:
    app, dom = in_thread(lambda: make_app(seed=5))
    assert 'data-deal="1"' in dom.regions["bz-scores"] and "Deal 1" in dom.regions["bz-scores"]
    in_thread(lambda: play_deal(app, dom, []))
    app.course.next_step()
    assert 'data-deal="2"' in dom.regions["bz-scores"]
    _, bdom = in_thread(lambda: make_app("bezik"))
    assert 'data-deal="1" data-game="1"' in bdom.regions["bz-scores"]


def test_rematch_starts_the_same_setup_again() -> None:
    app, _ = in_thread(lambda: make_app("russian", options={"target": 1500}))
    view = table_view(app.model, app.cat)
    assert 'data-command="rematch"' in render_game_summary(view, app.cat)
    old = app.game
    app.course.try_action(app.game.legal_actions()[0].text())
    app.command("rematch", None)
    assert app.game is not old and app.game.rules.name == "russian"
    assert app.game.rules.options.get("target") == 1500
    assert not app.game.deal.history and app.model.overlay is None


def test_sounds_follow_the_events_and_the_setting() -> None:
    app, dom = in_thread(lambda: make_app(seed=5))
    in_thread(lambda: play_deal(app, dom, []))
    app.render()
    played = set(app.painter.sound.played)
    assert {"card", "trick", "deal"} <= played
    from web.platform import sound

    for name, tones in sound.EFFECTS.items():
        length = max(t.at + t.seconds for t in tones)
        assert length <= 0.6 and all(t.gain <= 0.08 for t in tones), name
    quiet, qdom = in_thread(lambda: new_app(seed=5, store=stored_settings(sound=False)))
    in_thread(lambda: play_deal(quiet, qdom, []))
    assert quiet.painter.sound.played == []


def test_undo_takes_back_the_move_before_an_automatic_pass() -> None:
    from web.features import take_back

    app, dom = in_thread(lambda: make_app(seed=11))

    def until_auto_pass() -> None:
        for _ in range(3000):
            log = app.game.deal.log
            mine = app.game.current_player == 0 and not app.model.table.busy
            if mine and log and log[-1][0] == "draw" and ["pass", 0] in log[-4:]:
                return
            if mine:
                app.course.try_action(app.game.legal_actions()[0].text())
            computer_plays(app)

    in_thread(until_auto_pass)
    assert take_back.take_back(app)
    app.render()
    assert prompt_actions(dom) != ["pass"]
    assert app.game.deal.phase != "declare" or len(app.game.legal_actions()) > 1


def test_a_bezik_game_ending_says_its_match_points_and_why() -> None:
    """A refused vido ends the game at once: the summary names the winner's match points
    and the reasons (a normal game, refused, the loser under the rubikon), read from the
    match's typed facts."""
    app, _dom = in_thread(lambda: make_app("bezik", seed=3))
    game = app.game
    while engine.Action.parse("vido") not in game.legal_actions():
        game.apply(game.legal_actions()[0])
    caller = game.current_player
    game.apply("vido")
    game.apply("refuse")
    facts = game.match_facts()
    assert facts is not None and facts.game_winner == caller and facts.game_points == 2
    view = build_view(game, app.model.table.human)
    assert view.game_over and view.match is not None
    assert view.match.game_why == "normal,refused,rubikon"
    html = render_game_summary(view, app.cat)
    assert 'class="why"' in html
    for part in ("normal", "refused", "rubikon"):
        assert app.cat.t(f"summary.why.{part}") in html
