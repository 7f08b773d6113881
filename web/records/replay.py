"""Stepping through a recorded game trick by trick, every hand face up.

A step is the position after one trick and what followed it (the winner's
declaration or pass, the draws), up to the next lead; step 0 of a deal is the
position as dealt. The steps of a deal are computed when the viewer first
enters it (replaying the record up to that deal), then kept.

The review after a deal (web/features/review_screen.py) opens the viewer at one decision: a
``Focus`` names the action; the position just before it joins the deal's steps (where it
falls inside a trick or between a trick and the next lead) and shows the move played and
the better one marked on the cards, Back and Forward going on from there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import RecordError, replay_record
from engine.cards import code_text
from engine.playable import PlayableGame
from web.storage.json_data import JsonObject, JsonValue, as_list


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
    at: int = 0  # the deal's actions made before this position
    playing: list[tuple[int, str]] = field(default_factory=list)  # the trick under way
    position: bool = False  # a decision's position added for the review (not a trick's step)


@dataclass(frozen=True)
class Focus:
    """A decision to show: the position before action ``index`` of deal ``deal``, with the
    action played there and the one the review prefers."""

    deal: int
    index: int
    seat: int
    played: str
    best: str


def _deals(record: JsonObject) -> list[JsonObject]:
    """A record's deals (RecordError when they are not a list of objects)."""
    deals = as_list(record.get("deals"))
    objects = [d for d in deals or [] if isinstance(d, dict)]
    if deals is None or len(objects) != len(deals):
        raise RecordError("a record's deals are a list of objects")
    return objects


def _actions(record: JsonObject, deal: int) -> list[str]:
    """One deal's actions as written (RecordError when they are not a list of texts)."""
    actions = as_list(_deals(record)[deal].get("actions", []))
    texts = [a for a in actions or [] if isinstance(a, str)]
    if actions is None or len(texts) != len(actions):
        raise RecordError(f"deal {deal}'s actions are a list of texts")
    return texts


def _cut(record: JsonObject, deal: int) -> JsonObject:
    """The record up to the start of ``deal`` (its actions removed)."""
    kept = [dict(d) for d in _deals(record)[: deal + 1]]
    kept[-1]["actions"] = []
    deals: list[JsonValue] = [*kept]
    return {**record, "deals": deals}


def _snapshot(game: PlayableGame, deal_index: int, trick: int, declared_from: int,
              at: int = 0) -> Step:
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
        at=at,
        playing=[(s, code_text(kinds[i])) for s, i, _ in deal.trick],
    )


def deal_steps(record: JsonObject, deal_index: int) -> list[Step]:
    """The positions of one deal of a (valid) record, trick by trick."""
    game = replay_record(_cut(record, deal_index))
    actions = _actions(record, deal_index)
    steps = [_snapshot(game, deal_index, 0, 0)]
    declared = 0
    pending = False  # a trick was completed since the last step
    since = 0  # actions since the last step
    for at, text in enumerate(actions):
        deal = game.deal
        if pending and not deal.trick and text.startswith("play"):
            steps.append(_snapshot(game, deal_index, len(steps), declared, at))
            declared = len(deal.declarations)
            pending = False
            since = 0
        game.apply(text)
        since += 1
        if not game.deal.trick and game.deal.last_trick:
            pending = True
    if since:
        steps.append(_snapshot(game, deal_index, len(steps), declared, len(actions)))
    return steps


def _completes_trick(game: PlayableGame, text: str) -> bool:
    """The action just applied was the card that completed a trick."""
    return text.startswith("play") and not game.deal.trick and bool(game.deal.last_trick)


def position_step(record: JsonObject, deal_index: int, index: int) -> Step:
    """The position of one deal just before its action ``index`` (inside a trick, the
    cards of the trick so far in ``playing``); ``trick`` counts the tricks completed."""
    game = replay_record(_cut(record, deal_index))
    actions = _actions(record, deal_index)
    if not 0 <= index < len(actions):
        raise IndexError(f"deal {deal_index} has no action {index}")
    tricks = declared = 0
    for text in actions[:index]:
        game.apply(text)
        if _completes_trick(game, text):
            tricks += 1
            declared = len(game.deal.declarations)
    step = _snapshot(game, deal_index, tricks, declared, index)
    step.position = True
    return step


def tricks_before(record: JsonObject, deal_index: int) -> list[int]:
    """For each action of a deal, the tricks completed before it (one replay)."""
    game = replay_record(_cut(record, deal_index))
    counts: list[int] = []
    tricks = 0
    for text in _actions(record, deal_index):
        counts.append(tricks)
        game.apply(text)
        if _completes_trick(game, text):
            tricks += 1
    return counts


class Viewer:
    """The replay viewer's position in a record."""

    def __init__(self, record: JsonObject, human: int | None, title: str = "",
                 focus: Focus | None = None) -> None:
        self.record = record
        self.human = human
        self.title = title
        self.deals = len(_deals(record))
        self.cache: dict[int, list[Step]] = {}
        self.deal = 0
        self.step = 0
        self.focus = focus
        if focus is not None:  # open at the decision's position
            self.deal = focus.deal
            self.step = next(i for i, s in enumerate(self.steps(focus.deal))
                             if s.at == focus.index)

    def steps(self, deal: int) -> list[Step]:
        if deal not in self.cache:
            steps = deal_steps(self.record, deal)
            focus = self.focus
            if focus is not None and focus.deal == deal and all(s.at != focus.index
                                                                for s in steps):
                where = sum(1 for s in steps if s.at < focus.index)
                steps.insert(where, position_step(self.record, deal, focus.index))
            self.cache[deal] = steps
        return self.cache[deal]

    @property
    def current(self) -> Step:
        return self.steps(self.deal)[self.step]

    def at_focus(self) -> bool:
        """The step shown is the focused decision's position."""
        focus = self.focus
        return (focus is not None and self.deal == focus.deal
                and self.current.at == focus.index)

    def tricks(self) -> int:
        """The tricks of the deal shown (its steps but the first and the added position)."""
        return sum(1 for s in self.steps(self.deal) if not s.position) - 1

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


@dataclass(frozen=True)
class StepShown:
    """The viewer's step as plain data: everything its screen draws, so that a model can
    hold it (the review's position) while the viewer's worked-out steps stay a cache."""

    deal: int
    deals: int
    trick: int  # 0: as dealt
    tricks: int  # the tricks of the deal shown
    human: int | None  # the seat the names are told from (None: seats by number)
    hands: tuple[tuple[str, ...], ...]
    tables: tuple[tuple[str, ...], ...]
    trick_cards: tuple[tuple[int, str], ...]
    winner: int | None
    playing: tuple[tuple[int, str], ...]
    declarations: tuple[tuple[int, str, int], ...]
    scores: tuple[int, ...]
    stock: int
    trump: str | None
    turnup: str | None
    focus: Focus | None  # the review's decision, when this step is its position
    at_start: bool
    at_end: bool


def shown_step(viewer: Viewer) -> StepShown:
    """The step the viewer is at, as data (its deal's steps worked out if not yet)."""
    step = viewer.current
    return StepShown(
        deal=viewer.deal,
        deals=viewer.deals,
        trick=step.trick,
        tricks=viewer.tricks(),
        human=viewer.human,
        hands=tuple(tuple(hand) for hand in step.hands),
        tables=tuple(tuple(table) for table in step.tables),
        trick_cards=tuple(step.trick_cards),
        winner=step.winner,
        playing=tuple(step.playing),
        declarations=tuple(step.declarations),
        scores=tuple(step.scores),
        stock=step.stock,
        trump=step.trump,
        turnup=step.turnup,
        focus=viewer.focus if viewer.at_focus() else None,
        at_start=viewer.at_start(),
        at_end=viewer.at_end(),
    )
