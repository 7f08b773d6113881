"""Stepping through a recorded game trick by trick, every hand face up.

A step is the position after one trick and what followed it (the winner's
declaration or pass, the draws), up to the next lead; step 0 of a deal is the
position as dealt. The steps of a deal are computed when the viewer first
enters it (replaying the record up to that deal), then kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from engine import replay_record
from engine.cards import code_text
from engine.playable import PlayableGame
from web.card_html import RED_SUITS, SUIT_SYMBOL, card_sort_key, label
from web.i18n import Catalog


@dataclass
class Step:
    deal: int
    trick: int  # 0: as dealt
    hands: list[list[str]]
    tables: list[list[str]]
    trick_cards: list[tuple[int, str]] = field(default_factory=list)
    winner: int | None = None
    declarations: list[tuple[int, str, int]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    stock: int = 0
    trump: str | None = None
    turnup: str | None = None
    over: bool = False


def _cut(record: dict[str, Any], deal: int) -> dict[str, Any]:
    """The record up to the start of ``deal`` (its actions removed)."""
    deals = [dict(d) for d in record["deals"][: deal + 1]]
    deals[-1]["actions"] = []
    return {**record, "deals": deals}


def _snapshot(game: PlayableGame, deal_index: int, trick: int, declared_from: int) -> Step:
    deal = game.deal
    kinds = deal.kinds

    def texts(ids: list[int]) -> list[str]:
        return [code_text(kinds[i]) for i in ids]

    trump = deal.trump
    return Step(
        deal=deal_index,
        trick=trick,
        hands=[texts(h) for h in deal.hands],
        tables=[texts(t) for t in deal.tables],
        trick_cards=[(s, code_text(kinds[i])) for s, i, _ in deal.last_trick] if trick else [],
        winner=deal.last_trick_winner if trick else None,
        declarations=[(int(s), str(k), int(p)) for s, k, p in deal.declarations[declared_from:]],
        scores=list(game.scores()),
        stock=int(deal.stock_size),
        trump=None if trump is None else "SHDC"[trump],
        turnup=None if deal.turnup is None else code_text(kinds[deal.turnup]),
        over=bool(deal.is_terminal),
    )


def deal_steps(record: dict[str, Any], deal_index: int) -> list[Step]:
    """The positions of one deal of a (valid) record, trick by trick."""
    game = replay_record(_cut(record, deal_index))
    actions = list(record["deals"][deal_index].get("actions", []))
    steps = [_snapshot(game, deal_index, 0, 0)]
    declared = 0
    pending = False  # a trick was completed since the last step
    since = 0  # actions since the last step
    for text in actions:
        deal = game.deal
        if pending and not deal.trick and text.startswith("play"):
            steps.append(_snapshot(game, deal_index, len(steps), declared))
            declared = len(deal.declarations)
            pending = False
            since = 0
        game.apply(text)
        since += 1
        if not game.deal.trick and game.deal.last_trick:
            pending = True
    if since:
        steps.append(_snapshot(game, deal_index, len(steps), declared))
    return steps


class Viewer:
    """The replay viewer's position in a record."""

    def __init__(self, record: dict[str, Any], human: int | None, title: str = "") -> None:
        self.record = record
        self.human = human
        self.title = title
        self.deals = len(record["deals"])
        self.cache: dict[int, list[Step]] = {}
        self.deal = 0
        self.step = 0

    def steps(self, deal: int) -> list[Step]:
        if deal not in self.cache:
            self.cache[deal] = deal_steps(self.record, deal)
        return self.cache[deal]

    @property
    def current(self) -> Step:
        return self.steps(self.deal)[self.step]

    def forward(self) -> bool:
        if self.step + 1 < len(self.steps(self.deal)):
            self.step += 1
            return True
        if self.deal + 1 < self.deals:
            self.deal += 1
            self.step = 0
            return True
        return False

    def back(self) -> bool:
        if self.step > 0:
            self.step -= 1
            return True
        if self.deal > 0:
            self.deal -= 1
            self.step = len(self.steps(self.deal)) - 1
            return True
        return False

    def at_start(self) -> bool:
        return self.deal == 0 and self.step == 0

    def at_end(self) -> bool:
        return self.deal + 1 == self.deals and self.step + 1 == len(self.steps(self.deal))


# --------------------------------------------------------------- render
def chips(cat: Catalog, cards: list[str], trump: str | None = None) -> str:
    """Cards as small face-up chips (rank letter of the language and suit symbol)."""
    ordered = sorted(cards, key=lambda c: card_sort_key(c, trump))
    return "".join(
        f'<span class="chip {"red" if c[-1] in RED_SUITS else "black"} s-{escape(c[-1])}"'
        ' dir="ltr" '
        f'data-card="{escape(c)}" role="img" aria-label="{escape(cat.card_aria(c))}">'
        f"{escape(label(cat, c))}</span>"
        for c in ordered
    )


def seat_label(cat: Catalog, seat: int, human: int | None, players: int) -> str:
    if human is None:
        return cat.t("replay.seat", number=seat + 1)
    if seat == human:
        return cat.t("table.seat.you")
    if players == 4 and seat % 2 == human % 2:
        return cat.t("table.seat.partner")
    if players == 2:
        return cat.t("table.seat.opponent")
    return cat.t("replay.seat", number=seat + 1)


def render_viewer(viewer: Viewer, cat: Catalog) -> str:
    step = viewer.current
    steps = viewer.steps(viewer.deal)
    players = len(step.hands)
    names = [seat_label(cat, s, viewer.human, players) for s in range(players)]
    position = (cat.t("replay.dealt") if step.trick == 0 else
                cat.t("replay.trick", number=step.trick, total=len(steps) - 1))
    where = cat.t("replay.deal", number=viewer.deal + 1, total=viewer.deals)
    facts = []
    if step.trump:
        facts.append(cat.t("replay.trump", suit=SUIT_SYMBOL[step.trump]))
    if step.turnup:
        facts.append(cat.t("replay.turnup", card=label(cat, step.turnup)))
    facts.append(cat.t("replay.stock", count=step.stock))
    seats = []
    for s in range(players):
        table = (f'<div class="r-table"><span class="r-lbl">{escape(cat.t("replay.declared"))}'
                 f"</span> {chips(cat, step.tables[s], step.trump)}</div>"
                 if step.tables[s] else "")
        seats.append(
            f'<li class="r-seat" data-replay-seat="{s}"><div class="r-name">'
            f'{escape(names[s])} <span class="r-score" data-replay-score="{s}" '
            f'data-value="{step.scores[s]}">{escape(cat.number(step.scores[s]))}</span></div>'
            f'<div class="r-hand" data-replay-hand="{s}">'
            f"{chips(cat, step.hands[s], step.trump) or '—'}</div>{table}</li>"
        )
    trick = ""
    if step.trick_cards:
        played = " ".join(
            f"{escape(names[s])} {chips(cat, [c])}" for s, c in step.trick_cards
        )
        won = (cat.t("replay.won_by", player=names[step.winner])
               if step.winner is not None else "")
        trick = f'<p class="r-trick" data-replay-trick>{played} — {escape(won)}</p>'
    decl = "".join(
        f"<li>{escape(cat.t('replay.declared_by', player=names[s], combination=cat.declaration(k), count=p))}</li>"  # noqa: E501
        for s, k, p in step.declarations
    )
    decl_html = f'<ul class="r-decl">{decl}</ul>' if decl else ""
    prev_dis = ' aria-disabled="true" disabled' if viewer.at_start() else ""
    next_dis = ' aria-disabled="true" disabled' if viewer.at_end() else ""
    return (
        '<div class="dialog replay" role="dialog" aria-modal="true" aria-labelledby="replay-title"'
        f' data-screen="replay" data-replay-deal="{viewer.deal}" data-replay-step="{step.trick}">'
        f'<h2 id="replay-title" tabindex="-1">{escape(cat.t("replay.title"))}</h2>'
        f'<p class="r-where" aria-live="polite">{escape(where)} · {escape(position)}</p>'
        f'<div class="dialog-body" tabindex="0"><p class="r-facts">{escape(" · ".join(facts))}</p>'
        f"{trick}{decl_html}"
        f'<ol class="r-seats">{"".join(seats)}</ol></div>'
        '<div class="dialog-actions r-nav">'
        f'<button type="button" class="btn" data-command="replay-back"{prev_dis}>'
        f'{escape(cat.t("replay.back"))}</button>'
        f'<button type="button" class="btn primary" data-command="replay-forward"{next_dis}>'
        f'{escape(cat.t("replay.forward"))}</button>'
        f'<button type="button" class="btn" data-command="export">'
        f'{escape(cat.t("history.export"))}</button>'
        f'<button type="button" class="btn" data-command="close">'
        f'{escape(cat.t("replay.to_list"))}</button></div></div>'
    )
