"""The daily deal: one seeded deal per (date, variant), the same on every device, offline.

The seed is a hash of the ISO date and the variant's name (``daily_seed``), so two devices
deal the same cards on the same date and other cards the next day, without a server. The
player sits at ``DAILY_SEAT`` against the strong level with a fixed world count and no time
budget (``daily_opponent``): a deterministic program, so its answers depend only on the
cards and on the moves made, never on the device's speed.

Duplicate scoring (``computer_in_seat``) plays the same deal with the strong level in the
player's seat. Held equal between the player's deal and the computer's: the cards (the same
seed through ``engine.new_game``), the dealer, the seat, the opponents' program (class,
worlds, every tuning constant) and each opponent's random generator's seed. What differs
is only who sits in the player's seat; the opponents' moves may then differ because they
answer different play, as in a duplicate tournament.

Only the first deal of the game is the daily deal (Bezik's match and the multi-pack
sessions too); its result is the seat's (side's) points in that deal. Nothing here holds a
word the player reads: the share text's words come from the catalogs (``daily.share.*``).
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .deal import Deal
from .errors import RecordError
from .game import new_game, side_of, side_totals
from .log_events import Kind, SeatEvent
from .playable import PlayableGame
from .variants import VARIANTS

if TYPE_CHECKING:  # the AI is imported when the day's program first plays, not with the app
    from .ai.strong_level import StrongPlayer

DAILY_SEAT = 0
DAILY_WORLDS = 16  # the opponent's worlds per move (the strong level's CPython default)
_SALT = "bezique-daily-v1"


def _iso(day: _dt.date | str) -> str:
    if isinstance(day, str):
        try:
            return _dt.date.fromisoformat(day).isoformat()
        except ValueError:
            raise RecordError(f"not a date (YYYY-MM-DD): {day!r}") from None
    return day.isoformat()


def daily_seed(day: _dt.date | str, variant: str) -> int:
    """The day's seed for a variant: the 64-bit FNV-1a hash of salt, ISO date and name
    (written out here: hashlib would add to what the page downloads)."""
    if variant not in VARIANTS:
        raise RecordError(f"unknown variant {variant!r}")
    value = 0xCBF29CE484222325
    for byte in f"{_SALT}:{_iso(day)}:{variant}".encode():
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def daily_game(day: _dt.date | str, variant: str) -> PlayableGame:
    """The day's game (its first deal is the daily deal), the dealer fixed at seat 1."""
    game: PlayableGame = new_game(variant, seed=daily_seed(day, variant), dealer=1)
    return game


COMPUTER_STREAM = 7  # the random stream of the strong level in the player's seat (seats: 0-3)


def _program(day: _dt.date | str, variant: str, stream: int) -> StrongPlayer:
    """The strong level with fixed worlds and no time budget, its random generator seeded by
    the day's seed and ``stream`` (so the same in both duplicate runs)."""
    from .ai.strong_level import StrongPlayer

    seed = daily_seed(day, variant)
    return StrongPlayer(random.Random(seed * 8 + stream), worlds=DAILY_WORLDS, time_budget=None)


def daily_opponent(day: _dt.date | str, variant: str, seat: int) -> StrongPlayer:
    """The program at ``seat``, against the player."""
    return _program(day, variant, seat)


def computer_seat_player(day: _dt.date | str, variant: str) -> StrongPlayer:
    """The strong level playing the player's seat in the duplicate run."""
    return _program(day, variant, COMPUTER_STREAM)


@dataclass(frozen=True)
class DailyResult:
    """One daily deal's outcome for a seat: its side's points, the others' best, and each
    trick of the deal in order, True where the seat's side took it."""

    date: str
    variant: str
    seat: int
    points: int
    others: int  # the best other side's points in the deal
    tricks: tuple[bool, ...]

    @property
    def won(self) -> bool:
        return self.points > self.others

    def to_json(self) -> dict[str, Any]:
        return {"date": self.date, "variant": self.variant, "seat": self.seat,
                "points": self.points, "others": self.others,
                "tricks": "".join("1" if t else "0" for t in self.tricks)}

    @classmethod
    def from_json(cls, data: Any) -> DailyResult:
        try:
            tricks = str(data["tricks"])
            if set(tricks) - {"0", "1"}:
                raise ValueError("tricks must be 0s and 1s")
            return cls(_iso(str(data["date"])), str(data["variant"]), int(data["seat"]),
                       int(data["points"]), int(data["others"]),
                       tuple(c == "1" for c in tricks))
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed daily result: {err}") from None


def deal_result(deal: Deal, day: _dt.date | str, variant: str,
                seat: int = DAILY_SEAT) -> DailyResult:
    """A finished daily deal's result for ``seat``."""
    if not deal.is_terminal:
        raise RecordError("the daily deal is not finished")
    pairs = deal.rules.partnerships
    sides = side_totals(deal.points, pairs)
    mine = side_of(seat, pairs)
    tricks = tuple(side_of(e.seat, pairs) == mine for e in deal.log
                   if isinstance(e, SeatEvent) and e.kind == Kind.TRICK)
    others = max(p for s, p in enumerate(sides) if s != mine)
    return DailyResult(_iso(day), variant, seat, sides[mine], others, tricks)


def computer_in_seat(day: _dt.date | str, variant: str, seat: int = DAILY_SEAT
                     ) -> Generator[float, None, DailyResult]:
    """Duplicate scoring: the daily deal with the strong level in ``seat`` against the
    same opponents; a generator yielding between the AI's slices (the page runs it in the
    background like ``decide()``) the share of the deal's cards played so far, 0 to 1."""
    game = daily_game(day, variant)
    n = game.rules.players
    players = [computer_seat_player(day, variant) if s == seat
               else daily_opponent(day, variant, s) for s in range(n)]
    deal = game.deal
    cards = max(1, len(deal.stock) + sum(len(hand) for hand in deal.hands))
    while not deal.is_terminal:
        current = game.current_player
        assert current is not None
        share = min(1.0, sum(len(won) for won in deal.won) / cards)
        gen = players[current].decide(game.observation(current))
        try:
            while True:
                next(gen)
                yield share
        except StopIteration as stop:
            game.apply(stop.value)
        yield share
    return deal_result(deal, day, variant, seat)


@dataclass(frozen=True)
class Streak:
    """Consecutive days with a daily deal finished: the running one and the longest."""

    current: int
    best: int


def streak(days_played: Sequence[_dt.date | str], today: _dt.date | str) -> Streak:
    """The streak over the dates daily deals were finished (any variant; repeats and
    order do not matter). The current streak ends today, or yesterday while today's deal
    is still to play; a day after ``today`` (a clock set back) is ignored."""
    end = _dt.date.fromisoformat(_iso(today))
    days = sorted({_dt.date.fromisoformat(_iso(d)) for d in days_played}, reverse=True)
    days = [d for d in days if d <= end]
    best = run = 0
    previous: _dt.date | None = None
    for day in days:
        run = run + 1 if previous is not None and previous - day == _dt.timedelta(1) else 1
        best = max(best, run)
        previous = day
    current = 0
    expect = end if days and days[0] == end else end - _dt.timedelta(1)
    for day in days:
        if day != expect:
            break
        current += 1
        expect -= _dt.timedelta(1)
    return Streak(current, best)


@dataclass(frozen=True)
class ShareData:
    """What the share text shows; the words and the squares come from the catalogs
    (``daily.share.text``, ``daily.share.won``, ``daily.share.lost``)."""

    date: str
    variant: str
    points: int
    computer: int | None  # the computer's points from the same seat, when known
    tricks: tuple[bool, ...]

    def squares(self, won: str, lost: str) -> str:
        """The line of squares, one per trick, with the catalog's two symbols."""
        return "".join(won if t else lost for t in self.tricks)


def share_data(result: DailyResult, computer: DailyResult | None = None) -> ShareData:
    return ShareData(result.date, result.variant, result.points,
                     None if computer is None else computer.points, result.tricks)
