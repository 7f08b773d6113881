"""What happened and why, under CPython: other seats' scoring called out at their seats,
the statistics' change on the game-over screen, the hand-over screen's last trick, the
log of the table's own passes and the player's turned-up seven.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fake_page import RecordingPage, computer_plays
from threads import in_thread

import engine
from web import i18n, storage
from web.app import App
from web.i18n.catalogs import load_catalog
from web.records import stats
from web.state.callout_queue import Callouts, callouts_from
from web.table import flow
from web.view import ending
from web.view.callouts import callout_text

CATS = {lang: load_catalog(lang) for lang in i18n.LANGS}
SEVEN_TURNUP_SEED = 24  # classic: a seven is turned up at the first deal


# ------------------------------------------------------------ call-outs from the log


def test_each_variants_scoring_events_become_callouts_named_by_the_catalogs() -> None:
    from engine.cards import parse_code
    from engine.log_events import log_events

    def codes(*names: str) -> tuple[int, ...]:
        return tuple(parse_code(n) for n in names)

    events: list[flow.TableEvent] = [
        flow.TurnupSevenEvent("seven_turnup", 1, 10),
        *log_events([
            ["play", 1, parse_code("AS"), False],
            ["trick", 1],
            ["declare", 1, "marriage", 20, codes("KH", "QH")],  # classic, russian, no-trump
            ["draw", 1, None, False],
            ["seven", 1, parse_code("7D"), True, parse_code("AD"), 10],  # exchanged, points
            ["declare", 2, "four_aces", 100, codes("AS", "AH", "AD", "AC")],  # 3- and 4-handed
            ["declare", 1, "double_bezique", 500, ()],
            ["declare", 1, "bezik_completed", 40, ()],  # bezik: a group completed again
            ["trumps", 1, 2],
            ["rescore_led", 1, "trump_marriage", 40],  # bezik: scored again on the lead
            ["donuk", 1],
            ["taken_back", 1, "trump_marriage", -40],  # bezik: a dönük player's points lost
            ["pass", 0],
        ]),
        flow.SeatEvent(flow.AUTO_PASS, 0),
        *log_events([["deal_over"]]),
    ]
    got = [(c.seat, c.kind, c.points) for c in callouts_from(events)]
    assert got == [
        (1, "seven_turnup", 10),
        (1, "marriage", 20),
        (1, "seven", 10),
        (2, "four_aces", 100),
        (1, "double_bezique", 500),
        (1, "bezik_completed", 40),
        (1, "trump_marriage_led", 40),
        (1, "trump_marriage_taken_back", -40),
    ]
    en = CATS["en"]
    texts = [callout_text(en, c) for c in callouts_from(events)]
    assert texts[:3] == ["Seven turned up +10", "Marriage +20", "Seven of trumps +10"]
    assert texts[-1] == "Trump marriage, taken back (dönük) −40"
    for lang, cat in CATS.items():
        for callout in callouts_from(events):
            text = callout_text(cat, callout)
            name = cat.declaration(callout.kind)
            assert name != callout.kind and "{" not in text, (lang, text)
            assert name in text and str(abs(callout.points)) in text, (lang, text)


@pytest.mark.parametrize("variant", sorted(engine.VARIANTS))
def test_real_deals_of_every_variant_call_out_every_scoring_event(variant: str) -> None:
    """Seeded deals played by rule: each declaration and seven is called out, with its points
    as the engine scored them, and every kind has a name in every language."""
    found = 0
    for seed in range(6):
        game = engine.new_game(variant, {}, seed=seed, dealer=1)
        rng = random.Random(seed)
        while not game.deal.is_terminal:
            legal = game.legal_actions()
            scoring = [a for a in legal if a.kind in ("declare", "seven")]
            game.apply(rng.choice(scoring or legal))
        log = flow.table_log(game, game.deal.observation(0).log)
        callouts = callouts_from(log)
        scored = [
            (int(ev[1]), int(ev[3]) if ev[0] == "declare" else 10)
            for ev in log
            if ev[0] in ("declare", "seven", "seven_turnup")
        ]
        assert [(c.seat, c.points) for c in callouts if c.points > 0][: len(scored)] or not scored
        assert {(c.seat, c.points) for c in callouts} >= set(scored)
        declared = sum(points for _, _, points in game.deal.declarations)
        assert sum(c.points for c in callouts) == declared  # every point said, once
        for callout in callouts:
            for lang, cat in CATS.items():
                assert cat.declaration(callout.kind) != callout.kind, (lang, callout.kind)
        found += len(callouts)
    assert found >= 3


def test_callouts_wait_while_covered_stack_and_leave_after_their_time() -> None:
    from engine.log_events import log_events

    def kinds(queue: Callouts) -> list[str]:
        return [c.kind for c in queue.shown]

    queue = Callouts().add(
        log_events([["declare", 1, "marriage", 20, ()], ["declare", 0, "bezique", 40, ()]])
    )
    assert queue.show(0.0, viewer=0, visible=False).shown == ()  # covered: the clock waits
    queue = queue.show(5.0, viewer=0, visible=True)
    # the viewer's own: not said
    assert [(c.seat, c.kind) for c in queue.shown] == [(1, "marriage")]
    queue = queue.add(log_events([["seven", 1, 15, True, 0, 10]]))  # 7H exchanged for AS
    queue = queue.show(6.0, viewer=0, visible=True)
    assert kinds(queue) == ["marriage", "seven"]
    assert queue.next_change(6.0) == pytest.approx(5.0 + 2.7 - 6.0)
    assert kinds(queue.show(7.8, viewer=0, visible=True)) == ["seven"]
    assert queue.show(7.8, viewer=0, visible=True).show(9.0, viewer=0, visible=True).shown == ()
    # pass-and-play: a person's own waits for the next person to hold the device
    queue = Callouts().add(log_events([["declare", 0, "marriage", 20, ()]]))
    assert queue.show(10.0, viewer=0, visible=True, keep_own=True).shown == ()
    seen = queue.show(10.0, viewer=0, visible=True, keep_own=True)
    assert [c.seat for c in seen.show(11.0, viewer=1, visible=True, keep_own=True).shown] == [0]
    more = Callouts(made=4).add(log_events([["seven", 1, 15, True, 0, 10]]))
    assert [c.key for c in more.items] == [5]  # keys go on from the last one made


def callout_pair(dom: RecordingPage) -> tuple[str, str]:
    return dom.regions.get("bz-opps", ""), dom.regions.get("bz-scores", "")


def test_the_computers_declaration_is_called_out_at_its_seat_with_its_points() -> None:
    def run() -> tuple[Any, str, str, list[str]]:
        dom = RecordingPage()
        app = App(dom, storage.MemoryStorage(), fast=True, seed=6)
        app.start()
        app.course.new_game({"variant": "classic", "options": {}, "level": "greedy"})
        app.render()
        for _ in range(400):
            game = app.game
            if game.deal.is_terminal:
                break
            before = len(game.deal.log)
            if game.current_player == app.model.table.human:
                legal = [a.text() for a in game.legal_actions()]
                app.course.try_action(next((a for a in legal if a == "pass"), legal[0]))
            else:
                computer_plays(app, start=True)
            new = game.deal.log[before:]
            declared = [ev for ev in new if ev[0] in ("declare", "seven") and ev[1] == 1]
            if declared:
                opps, scores = callout_pair(dom)
                return declared[-1], opps, scores, list(dom.said)
        raise AssertionError("the computer never declared")

    event, opps, scores, said = in_thread(run)
    cat = CATS["en"]
    kind = "seven" if event[0] == "seven" else event[2]
    points = event[5] if event[0] == "seven" else event[3]
    name = cat.declaration(kind)
    seat = re.search(r'<section class="seat[^"]*" data-pos="top" data-seat="1".*?</section>', opps)
    assert seat is not None
    assert f'data-callout="{kind}" data-points="{points}"' in seat.group(0)
    assert name in seat.group(0) and f"+{points}" in seat.group(0)
    assert re.search(rf'data-seat-score="1"[^<]*</span><bdi class="gain"[^>]*>\+{points}<', scores)
    assert any(name in line for line in said)  # the live region says it too


# --------------------------------------------------------------- statistics' change


def outcome(won: bool, score: int, best: tuple[str, int] | None = None) -> stats.Outcome:
    return stats.Outcome("classic", "greedy", won, score, 900, best)


def changes(results: list[stats.Outcome]) -> list[stats.StatsChange]:
    data = stats.empty()
    out = []
    for o in results:
        after = stats.add(data, o)
        out.append(
            stats.StatsChange(
                data["groups"].get(o.key), after["groups"][o.key], o.won, o.score,
                o.best_declaration, o.undo,
            )
        )
        data = after
    return out


def test_statistics_change_says_new_best_streak_and_games_won() -> None:
    cat = CATS["en"]
    first, second, third, lost = changes([
        outcome(True, 1010, ("marriage", 20)),
        outcome(True, 1200, ("bezique", 40)),
        outcome(True, 1100),
        outcome(False, 700),
    ])
    assert ending.change_lines(cat, first) == ["Games won: 1 of 1"]
    assert ending.change_lines(cat, second) == [
        "New best score: 1,200!",
        "New best declaration: Bezique, 40 points",
        "2 wins in a row",
        "Your longest winning streak yet!",
        "Games won: 2 of 2",
    ]
    assert ending.change_lines(cat, third) == [
        "3 wins in a row", "Your longest winning streak yet!", "Games won: 3 of 3",
    ]
    assert ending.change_lines(cat, lost) == [
        "Your streak of 3 wins has ended.", "Games won: 3 of 4",
    ]
    undo = changes([stats.Outcome("classic", "greedy", True, 1100, 900, None, undo=True)])[0]
    assert ending.change_lines(cat, undo) == [cat.t("ending.undo")]
    for lang, other in CATS.items():
        for change in (first, second, third, lost, undo):
            for line in ending.change_lines(other, change):
                assert line.strip() and "{" not in line and "ending." not in line, (lang, line)
    html = ending.render_change(cat, second)
    assert "data-stats-change" in html and "<li>2 wins in a row</li>" in html


# ------------------------------------------------------------- the hand-over screen


def test_hand_over_screen_shows_the_last_trick_and_who_took_it() -> None:
    dom = RecordingPage()
    app = App(dom, storage.MemoryStorage(), fast=True, seed=5)
    app.start()
    app.course.new_game({"variant": "classic", "options": {}, "level": "greedy",
                  "seats": ["person", "person"]})
    app.render()
    checked = 0
    for _ in range(120):
        game = app.game
        if game.deal.is_terminal or checked >= 3:
            break
        if app.model.table.handover is not None:
            overlay = dom.regions["bz-overlay"]
            tricks = [ev for ev in game.deal.log if ev[0] == "trick"]
            if tricks:
                plays = [ev for ev in game.deal.log if ev[0] == "play"]
                last = plays[: len(tricks) * 2][-2:]
                section = re.search(r"<section[^>]*data-last-trick.*?</section>", overlay, re.S)
                assert section is not None
                cell = r'data-seat="(\d)"><span class="card[^"]*"[^>]*data-card="([^"]+)"'
                shown = re.findall(cell, section.group(0))
                assert shown == [(str(ev[1]), engine.cards.code_text(ev[2])) for ev in last]
                taker = app.painter.who(int(tricks[-1][1]))
                assert f"Last trick: {taker} took it" in section.group(0)
                checked += 1
            else:
                assert "data-last-trick" not in overlay
            app.command("ready", None)
        legal = [a.text() for a in game.legal_actions()]
        app.course.try_action(legal[0])
    assert checked >= 3


# ----------------------------------------------------- the table's own pass, the seven


def test_the_tables_own_pass_says_nothing_to_declare() -> None:
    def run() -> tuple[int, list[list[Any]], str]:
        dom = RecordingPage()
        app = App(dom, storage.MemoryStorage(), fast=True, seed=11)
        app.start()
        app.course.new_game({"variant": "classic", "options": {}, "level": "greedy"})
        app.render()
        for _ in range(400):
            game = app.game
            if game.deal.is_terminal or app.auto_passes.of(game):
                break
            if game.current_player == app.model.table.human:
                app.course.try_action(game.legal_actions()[0].text())
            else:
                computer_plays(app, start=True)
        app.render()
        frame = app.model.table.frame
        assert frame is not None
        return len(app.auto_passes.of(app.game)), frame.events, dom.regions["bz-log"]

    autos, events, log = in_thread(run)
    assert autos == 1
    assert [ev[0] for ev in events].count("auto_pass") == 1
    assert "Nothing to declare." in log
    human_passes = [ev for ev in events if ev[0] == "pass" and ev[1] == 0]
    assert log.count("You passed.") <= len(human_passes)  # only the player's own choices


def test_the_players_turned_up_seven_is_told_in_the_you_form() -> None:
    def run() -> tuple[list[int], str]:
        dom = RecordingPage()
        app = App(dom, storage.MemoryStorage(), fast=True, seed=SEVEN_TURNUP_SEED)
        app.start()
        setup = {"variant": "classic", "options": {}, "level": "greedy", "dealer": "you"}
        app.course.new_game(setup)
        app.render()
        return [int(x) for x in app.game.scores()], dom.regions["bz-notice"]

    scores, notice = in_thread(run)
    assert scores[0] == 10, "the seed should turn up a seven for the player as dealer"
    cat = CATS["en"]
    assert cat.t("log.you_seven_turnup", count=10) in notice
    assert "(You)" not in notice and 'data-toast="seven-turnup"' in notice
