"""Each prompt choice that lays cards down is numbered, and the player's cards it would lay
down carry its mark (web/view/choices.py): the hand's copies first, then the table's."""

from __future__ import annotations

import re

from web.i18n.catalogs import load_catalog
from web.view import choices
from web.view.flowview import render_prompt
from web.view.render import render_hand
from web.view.table_view import ActionView, SeatView, TableCardView, TableView


def declaring_view() -> TableView:
    me = SeatView(
        seat=0, rel=0, is_human=True, hand_count=5,
        table_cards=[TableCardView("QS", action="play table QS", uid=7)],
    )
    them = SeatView(seat=1, rel=1, is_human=False, hand_count=8)
    prompts = [
        ActionView("declare KC QC", "declare", ["KC", "QC"], "marriage", 20),
        ActionView("declare QH QD QC QS", "declare", ["QH", "QD", "QC", "QS"], "four_queens", 60),
        ActionView("pass", "pass"),
    ]
    return TableView(
        variant="bezik", num_players=2, human=0, seats=[me, them],
        hand=["KC", "QC", "QC", "QH", "QD", "9S"], hand_actions={},
        legal=[p.action for p in prompts], trump="C", turnup=None, stock=40, trick=[],
        phase="declare", current=0, target=3000, prompts=prompts,
    )


def test_each_choice_marks_its_own_cards_hand_copies_first() -> None:
    view = declaring_view()
    assert choices.numbered(view) == {"declare KC QC": 1, "declare QH QD QC QS": 2}
    hand, table = choices.card_marks(view)
    assert hand == [
        " in-choice c1",
        " in-choice c1 c2",  # one copy of Q♣ serves both choices
        "",  # the other copy serves neither
        " in-choice c2",
        " in-choice c2",
        "",
    ]
    assert table == {0: " in-choice c2"}  # four queens takes Q♠ again from the table


def test_the_buttons_and_the_cards_carry_the_same_numbers() -> None:
    view = declaring_view()
    cat = load_catalog("en")
    prompt = render_prompt(view, cat)
    assert re.findall(r'data-choice="(\d)"', prompt) == ["1", "2"]
    assert 'data-action="pass"' in prompt and prompt.count("data-choice") == 2
    hand = render_hand(view, cat)
    assert len(re.findall(r'class="[^"]*\bhcard\b[^"]*\bin-choice c1 c2\b', hand)) == 1
    assert len(re.findall(r'class="[^"]*\btcard\b[^"]*\bin-choice c2\b', hand)) == 1


def test_no_marks_without_a_choice_that_lays_cards_down() -> None:
    view = declaring_view()
    view.prompts = [p for p in view.prompts if p.kind == "pass"]
    assert choices.card_marks(view) == (["", "", "", "", "", ""], {0: ""})
    assert "in-choice" not in render_hand(view, load_catalog("en"))
