"""The guided first deal at the table (web.features.guide, web.view.guideview), under CPython: each
variant's prepared deal played through the App as a player would, bubble by bubble; the
moves it refuses, the computer held by an explaining bubble, leaving and resuming, and a
guided game kept out of the statistics."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fake_page import RecordingPage, computer_plays, started_app

from engine.guided import GUIDED_VARIANTS, moments_wanted, script_for
from web import i18n, storage
from web.app import App
from web.i18n.catalogs import load_catalog
from web.records import stats
from web.view.guideview import moment_key, render_bubble
from web.view.table_page import table_view
from web.view.table_view import GuideView


def click(app: App, command: str, **attrs: str) -> None:
    app.commands.on_click(None, command, {f"data-{k}": v for k, v in attrs.items()})


def bubble(dom: RecordingPage) -> str:
    return dom.regions.get("bz-prompt", "")


def shown_moments(dom: RecordingPage) -> list[str]:
    return re.findall(r'data-guide-moment="([^"]+)"', bubble(dom))


def follow_script(app: App, dom: RecordingPage, lang: str = "en") -> list[str]:
    """Play the guided deal as the bubbles ask, to the bubble after its script; the
    moments shown, in order. Every bubble's words are the language's own."""
    script = script_for(app.game.rules.name)
    cat = load_catalog(lang)
    seen: list[str] = []
    for _ in range(5 * len(script.moves)):
        moments = shown_moments(dom)
        for moment in moments:
            if not seen or seen[-1] != moment or moment in ("free",):
                seen.append(moment)
        if "free" in moments:
            assert 'data-command="guided-ok"' in bubble(dom)
            click(app, "guided-ok")
            return seen
        if 'data-command="guided-ok"' in bubble(dom):
            click(app, "guided-ok")
        elif app.game.current_player == app.model.table.human and not app.model.table.busy:
            wanted = app.guide.scripted()
            assert wanted is not None
            if moments and 'data-guide-ask' in bubble(dom):
                assert f'data-guide-ask="{wanted}"' in bubble(dom)
            for key in (moment_key(script.variant, m) for m in moments):
                text = cat.t(key)
                assert text != key and re.sub(r"\[\[[^\]]*\]\]", "", text)[:12] in re.sub(
                    r"<[^>]+>", "", bubble(dom)).replace("&#x27;", "'")
            app.commands.on_click(wanted, None, {})
        computer_plays(app)
    raise AssertionError(f"the guided deal did not reach its end: {seen}")


@pytest.mark.parametrize("variant", GUIDED_VARIANTS)
def test_each_variants_guided_deal_played_through(variant: str) -> None:
    app, dom = started_app()
    click(app, "guided", variant=variant)
    assert app.guide.active and app.game.rules.name == variant
    assert dom.regions["bz-overlay"] == ""  # the table, not the start screen
    seen = follow_script(app, dom)
    script = script_for(variant)
    assert [m for m in seen if m != "free"] == [s.moment for s in script.steps]
    assert seen[-1] == "free"
    assert set(moments_wanted(variant)) <= set(seen)
    # on its own now: the bubble gone, any legal move taken
    assert shown_moments(dom) == [] and "data-guide-line" not in bubble(dom)
    assert app.guide.scripted() is None


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_moment_has_words_in_every_language(lang: str) -> None:
    cat = load_catalog(lang)
    own = json.loads((storage_root() / f"{lang}.json").read_text(encoding="utf-8"))
    for variant in GUIDED_VARIANTS:
        for step in [*script_for(variant).steps]:
            key = moment_key(variant, step.moment)
            assert key in own, (lang, variant, key)
            view_html = render_bubble(bubble_view(variant, step.moment, step.ask), cat)
            assert f'data-guide-moment="{step.moment}"' in view_html
            assert "guided." not in view_html  # no key shown for want of words


def storage_root() -> Any:
    from web.i18n.catalogs import I18N_DIR

    return I18N_DIR


def bubble_view(variant: str, moment: str, ask: str | None) -> Any:
    app, _ = started_app()
    click(app, "guided", variant=variant)
    view = table_view(app.model, app.cat)
    view.guide = GuideView((moment,), variant, 1, 7, ask)
    return view


def test_another_move_is_refused_and_changes_nothing() -> None:
    app, dom = started_app()
    click(app, "guided", variant="classic")
    wanted = app.guide.scripted()
    other = next(a.text() for a in app.game.legal_actions() if a.text() != wanted)
    before = list(app.game.deal.history)
    app.commands.on_click(other, None, {})
    assert app.game.deal.history == before
    assert app.model.notice == ("guided.follow", {})
    assert "guided deal, play the highlighted card" in dom.regions["bz-notice"]
    app.commands.on_click(wanted, None, {})
    assert len(app.game.deal.history) == len(before) + 1


def test_the_scripted_card_is_highlighted_and_the_rest_dimmed() -> None:
    app, dom = started_app()
    click(app, "guided", variant="classic")
    first = script_for("classic").steps[0]  # trick_won: play AD
    for _ in range(200):
        if app.guide.applied() == first.at and app.game.current_player == app.model.table.human:
            break
        if app.game.current_player == app.model.table.human:
            app.commands.on_click(app.guide.scripted(), None, {})
        computer_plays(app)
    hand = dom.regions["bz-me"]
    hinted = re.findall(r'class="[^"]*hinted[^"]*"[^>]*data-action="([^"]+)"', hand) or \
        re.findall(r'data-action="([^"]+)"[^>]*class="[^"]*hinted', hand)
    assert f'data-guide-ask="{first.ask}"' in bubble(dom)
    assert "data-point-at" in bubble(dom)
    assert first.ask in hand and " hinted" in hand
    assert hinted == [] or hinted == [first.ask]


def test_an_explaining_bubble_holds_the_computer_until_got_it() -> None:
    app, dom = started_app()
    click(app, "guided", variant="rubicon")  # trumps fixed by the computer: explained
    step = next(s for s in script_for("rubicon").steps if s.ask is None)
    for _ in range(2000):
        if app.guide.applied() == step.at:
            break
        if 'data-command="guided-ok"' in bubble(dom):
            click(app, "guided-ok")
        elif app.game.current_player == app.model.table.human and not app.model.table.busy:
            app.commands.on_click(app.guide.scripted(), None, {})
        computer_plays(app)
    computer_plays(app, start=True)
    assert app.guide.applied() == step.at and app.guide.holds()
    assert shown_moments(dom) == [step.moment]
    click(app, "guided-ok")
    computer_plays(app)
    assert not app.guide.holds()


def test_leave_and_resume() -> None:
    store = storage.MemoryStorage()
    app, dom = started_app(store)
    click(app, "guided", variant="bezik")
    for _ in range(6):
        if app.game.current_player == app.model.table.human:
            app.commands.on_click(app.guide.scripted(), None, {})
        computer_plays(app)
    made = list(app.game.deal.history)
    click(app, "guided-leave")
    assert 'data-screen="start"' in dom.regions["bz-overlay"]
    assert json.loads(storage.get_text(store, storage.SAVE_KEY) or "{}")["guided"] == "bezik"
    # the next visit: the start screen's Continue goes on where it was
    again, dom2 = started_app(store)
    assert again.guide.active and again.game.deal.history == made
    click(again, "continue")
    computer_plays(again, start=True)
    assert again.guide.scripted() == script_for("bezik").scripted_move(
        len(again.game.deal.history))
    assert "data-guide" in bubble(dom2)
    # and from the rules screen it starts afresh (the game in progress asked about first)
    click(again, "rules")
    click(again, "guided", variant="bezik")
    assert 'data-screen="confirm"' in dom2.regions["bz-overlay"]
    click(again, "confirm-new")
    assert again.guide.active and again.game.deal.history == []


def test_a_guided_game_is_kept_in_the_history_but_not_counted() -> None:
    store = storage.MemoryStorage()
    app, dom = started_app(store)
    click(app, "guided", variant="rubicon")  # a multi-pack game is its one deal
    follow_script(app, dom)
    for _ in range(400):
        if app.game.deal.is_terminal:
            break
        if app.game.current_player == app.model.table.human and not app.model.table.busy:
            app.commands.on_click(app.game.legal_actions()[0].text(), None, {})
        computer_plays(app)
    assert app.game.is_terminal
    assert storage.get_text(store, "bezique.history")
    assert stats.load(store)["groups"] == {}


def test_a_save_naming_no_guided_variant_is_set_aside() -> None:
    store = storage.MemoryStorage()
    app, _ = started_app(store)
    click(app, "guided", variant="classic")
    save = json.loads(storage.get_text(store, storage.SAVE_KEY) or "{}")
    save["guided"] = "chess"
    storage.set_text(store, storage.SAVE_KEY, json.dumps(save))
    again, dom = started_app(store)
    assert not again.guide.active
    assert 'class="notice error"' in dom.regions["bz-overlay"]


def test_the_hint_waits_for_the_end_of_the_script() -> None:
    app, _ = started_app()
    click(app, "guided", variant="classic")
    click(app, "hint")
    computer_plays(app)
    assert app.model.hint is None  # the highlighted card is the guide's own hint


def test_skip_plays_the_scripted_moves_to_the_next_step() -> None:
    app, dom = started_app()
    click(app, "guided", variant="eight-pack")  # 341 moves
    steps = script_for("eight-pack").steps
    assert steps[0].at > 0 and 'data-command="guided-skip"' in bubble(dom)
    click(app, "guided-skip")
    assert app.guide.applied() == steps[0].at
    assert shown_moments(dom) == [steps[0].moment]  # the bubble: no skipping past it
    assert 'data-command="guided-skip"' not in bubble(dom)
    click(app, "guided-skip")  # refused while a step's bubble shows
    assert app.guide.applied() == steps[0].at
    app.commands.on_click(app.guide.scripted(), None, {})  # the step's own move
    computer_plays(app)
    while 'data-command="guided-ok"' in bubble(dom):
        click(app, "guided-ok")
        computer_plays(app)
    click(app, "guided-skip")
    computer_plays(app)
    assert app.guide.applied() == steps[1].at and shown_moments(dom) == [steps[1].moment]
    # the moves it made are the script's, kept as any other
    assert app.game.deal.history == list(script_for("eight-pack").moves[:steps[1].at])


def test_the_guided_deal_offers_no_undo_and_refuses_one() -> None:
    """The script sets every move, so there is nothing to take back: undo would only put
    a game of its own on the table and end the guide."""
    app, dom = started_app()
    click(app, "guided", variant="classic")
    app.commands.on_click(app.guide.scripted(), None, {})
    computer_plays(app)
    assert app.guide.active and len(app.game.deal.history) >= 2
    assert 'data-command="undo"' in dom.regions["bz-bar"]  # the button, greyed
    assert 'data-command="undo" aria-disabled="true"' in dom.regions["bz-bar"]
    before = list(app.game.deal.history)
    click(app, "undo")
    assert app.guide.active and app.game.deal.history == before
