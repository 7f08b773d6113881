"""A deal's state: its fields, the facts read from them, the scoring rulesets call.

Why apart: the deal is three concerns over one state (playing it, what may be played,
its saved form); each lives in its own module over these fields (``engine.deal``,
``engine.deal_moves``, ``engine.deal_saves``), none needing the others.
"""

from __future__ import annotations

from typing import Any

from .log_events import DealEvent, Kind
from .observation import Event, Group
from .phases import DECLARING, OVER
from .rules import Ruleset


class DealBase:
    """The fields of a deal (set by ``Deal.__init__`` or ``DealSaves.from_json``)."""

    rules: Ruleset
    n: int
    kinds: list[int]  # the kind code of each physical card id
    dealer: int
    hands: list[list[int]]  # hidden cards, per seat
    tables: list[list[int]]  # declared cards still on the table, per seat
    stock: list[int]  # its top at the end
    turnup: int | None
    trump: int | None
    dead: list[int]  # left in the stock when a round of draws no longer fits
    trick: list[tuple[int, int, bool]]  # (seat, card id, from the table)
    last_trick: list[tuple[int, int, bool]]
    leader: int
    current: int | None
    phase: str
    won: list[list[int]]
    played: list[int]
    points: list[int]
    card_points: list[int]
    declarations: list[tuple[int, str, int]]
    groups: list[Group]
    card_groups: dict[int, list[int]]  # card id → indexes of its groups
    scored_sevens: list[int]
    trick_winner: int | None  # the stock-phase trick's winner, while he declares
    last_trick_winner: int | None
    history: list[str]  # the actions' texts
    log: list[Event]
    _views: list[list[Event]] | None  # each seat's log (see Deal.seat_log)
    _viewed: int  # events of self.log already in the seats' lists
    extra: dict[str, Any]  # the ruleset's own state (JSON-friendly)

    # ----- basic facts ---------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    @property
    def can_draw(self) -> bool:
        """Whether a stock-phase round of draws still fits (each player one card)."""
        return len(self.stock) + (self.turnup is not None) >= self.n

    @property
    def in_end_phase(self) -> bool:
        return not self.can_draw and self.phase != DECLARING

    def code(self, card_id: int) -> int:
        return self.kinds[card_id]

    # ----- what the rulesets call: scoring, ending early, a rewritten event --
    def score_declaration(self, seat: int, name: str, points: int) -> None:
        self.declarations.append((seat, name, points))
        self.points[seat] += points

    def add_card_points(self, seat: int, points: int) -> None:
        self.card_points[seat] += points
        self.points[seat] += points

    def add_last_trick(self, seat: int, points: int) -> None:
        self.extra["last_trick_points"] = points
        self.points[seat] += points

    def finish_early(self) -> None:
        """End the deal now (a refused vido): no more tricks are played."""
        self.phase = OVER
        self.current = None
        self.log.append(DealEvent(Kind.DEAL_OVER))

    def replace_last_event(self, event: Event) -> None:
        """Rewrite the last event (bezik completes a declaration in place). The seats' lists
        are rebuilt the next time someone looks: the old ones stay as earlier observations
        saw them."""
        self.log[-1] = event
        self._views = None
