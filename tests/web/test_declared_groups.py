"""Declared groups on the table: never an empty box, a broken group explained.

Synthetic seats for the shared-card case (a group whose every card lies in an earlier
box), and real positions of every variant played by the engine.
"""

from __future__ import annotations

import random
import re

import pytest

import engine
from web.i18n.catalogs import load_catalog
from web.table.adapter import build_view
from web.view.render import render_groups
from web.view.table_view import GroupView, SeatView, TableCardView, TableView

GROUP = re.compile(r'<div class="group ([a-z]+)"[^>]*>(.*?)</span></div>')


def boxes(html: str) -> list[tuple[str, str]]:
    return GROUP.findall(html)


def seat_with_a_shared_card() -> SeatView:
    """A bezique (Q♠ J♦) and a broken marriage whose one card left, Q♠, is the bezique's."""
    return SeatView(
        seat=1,
        rel=1,
        is_human=False,
        hand_count=5,
        table_cards=[TableCardView("QS", uid=7), TableCardView("JD", uid=9)],
        groups=[
            GroupView("bezique", ["QS", "JD"], True, 40, uids=[7, 9]),
            GroupView("marriage", ["KS", "QS"], False, 20, uids=[7]),
        ],
    )


def table(seat: SeatView, variant: str = "classic") -> TableView:
    me = SeatView(seat=0, rel=0, is_human=True, hand_count=5)
    return TableView(
        variant=variant, num_players=2, human=0, seats=[me, seat], hand=[], hand_actions={},
        legal=[], trump="H", turnup=None, stock=10, trick=[], phase="play", current=0,
        target=1000,
    )


@pytest.mark.parametrize("lang", ["en", "he", "tr", "ru"])
def test_a_group_whose_cards_lie_in_another_box_gets_no_empty_box(lang: str) -> None:
    cat = load_catalog(lang)
    seat = seat_with_a_shared_card()
    html = render_groups(seat, table(seat), cat, small=True)
    found = boxes(html)
    assert len(found) == 1, html  # the bezique's box, no empty marriage box
    state, inner = found[0]
    assert state == "intact" and inner.count("data-card=") == 2, html
    # the marriage is named in that box, with its broken state and what that means
    assert cat.declaration("marriage") in inner and cat.t("table.group_broken") in inner
    assert cat.t("table.group_broken_help") in html and 'title="' in html


def test_bezik_explains_that_a_broken_group_can_be_completed() -> None:
    cat = load_catalog("en")
    seat = seat_with_a_shared_card()
    html = render_groups(seat, table(seat, "bezik"), cat, small=True)
    assert cat.t("table.group_broken_help_bezik") in html


@pytest.mark.parametrize("variant", ["classic", "russian-3", "russian-4", "no-trump", "bezik"])
def test_every_box_of_real_positions_holds_a_card(variant: str) -> None:
    """Engine-played deals (declaring whenever it can): at every step, every seat's boxes
    hold cards, and each broken one says what broken means."""
    cat = load_catalog("en")
    seen_broken = 0
    for seed in range(6):
        game = engine.new_game(variant, {}, seed=seed, dealer=1)
        rng = random.Random(seed)
        for _ in range(120):
            if game.is_terminal or game.deal.is_terminal:
                break
            view = build_view(game, 0)
            for seat in view.seats:
                html = render_groups(seat, view, cat, small=not seat.is_human)
                for state, inner in boxes(html):
                    assert "data-card=" in inner, (variant, seed, html)
                    if state == "broken":
                        seen_broken += 1
                        assert 'class="sr-only"' in inner, html
            legal = game.legal_actions()
            declare = [a for a in legal if a.kind == "declare"]
            game.apply(rng.choice(declare) if declare else rng.choice(legal))
    if variant != "russian-4":
        assert seen_broken, f"no broken group met in {variant}: the test saw nothing"
