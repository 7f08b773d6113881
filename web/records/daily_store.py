"""The daily deals' results kept on the device, under ``bezique.daily``.

Why a key of its own: a daily deal's result is kept the moment its first deal ends (the
game may go on for many deals), it is never counted twice (a result kept is never
replaced: the same deal played again changes nothing), and the computer's result from the
same seat is kept beside it so that it is played out only once. Read through
``web.storage.schema`` (checked, a wrong value set aside with ``daily.storage_reset``); read
lazily, the first time a daily screen needs it, never again at the app's start.
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, replace

from engine.daily import DailyResult, Streak, streak
from engine.variants import VARIANTS
from web import storage
from web.storage import KeyValue, schema
from web.storage.json_data import JsonObject

DAILY_KEY = "bezique.daily"
FORMAT = "bezique-daily"
VERSION = 1
KEEP = 2000  # results kept in each list, the oldest dropped first (years of daily play)
MAX_TRICKS = 200  # the longest deal, eight-pack's 256 cards between two, has 128


@dataclass(frozen=True)
class DailyRecord:
    """The player's finished daily deals and the computer's results, oldest first."""

    played: tuple[DailyResult, ...] = ()
    computer: tuple[DailyResult, ...] = ()

    def result(self, day: str, variant: str) -> DailyResult | None:
        return _find(self.played, day, variant)

    def computer_result(self, day: str, variant: str) -> DailyResult | None:
        return _find(self.computer, day, variant)

    def with_played(self, result: DailyResult) -> DailyRecord:
        """The record with a finished deal kept; one kept already stays as it was."""
        if self.result(result.date, result.variant) is not None:
            return self
        return replace(self, played=(*self.played, result)[-KEEP:])

    def with_computer(self, result: DailyResult) -> DailyRecord:
        if self.computer_result(result.date, result.variant) is not None:
            return self
        return replace(self, computer=(*self.computer, result)[-KEEP:])

    def streak(self, today: str) -> Streak:
        return streak([r.date for r in self.played], today)

    def days(self) -> int:
        """Days with a daily deal finished (any variant)."""
        return len({r.date for r in self.played})

    def compared(self) -> tuple[int, int, int]:
        """Against the computer in the player's seat, where its result is known: the deals
        the player scored more, the same, less."""
        better = same = worse = 0
        computer = {(r.date, r.variant): r for r in self.computer}  # one look-up a deal
        for mine in self.played:
            theirs = computer.get((mine.date, mine.variant))
            if theirs is None:
                continue
            if mine.points > theirs.points:
                better += 1
            elif mine.points == theirs.points:
                same += 1
            else:
                worse += 1
        return better, same, worse

    def to_json(self) -> JsonObject:
        return {"format": FORMAT, "version": VERSION,
                "played": [r.to_json() for r in self.played],
                "computer": [r.to_json() for r in self.computer]}


def _find(results: tuple[DailyResult, ...], day: str, variant: str) -> DailyResult | None:
    return next((r for r in results if r.date == day and r.variant == variant), None)


def load(store: KeyValue) -> tuple[DailyRecord, schema.Problem | None]:
    """The stored record (empty when there is none), and the problem of a wrong one, set
    aside by ``web.storage.schema``: the caller tells it (``daily.storage_reset``)."""
    loaded = schema.load(store, DAILY_KEY)
    record = loaded.value if isinstance(loaded.value, DailyRecord) else DailyRecord()
    return record, loaded.problem


def save(store: KeyValue, record: DailyRecord) -> bool:
    return storage.set_text(store, DAILY_KEY, json.dumps(record.to_json(), separators=(",", ":")))


# ------------------------------------------------------------------ checking
def _result(value: JsonObject) -> DailyResult:
    result = DailyResult.from_json(value)
    if result.date != value["date"]:
        raise schema.Invalid("$.date", "not a date written YYYY-MM-DD")
    return result


RESULT = schema.Custom(_result, schema.Obj({
    "date": schema.Str(10),
    "variant": schema.OneOf(tuple(VARIANTS)),
    "seat": schema.Int(0, 3),
    "points": schema.Int(-1_000_000, 10_000_000),
    "others": schema.Int(-1_000_000, 10_000_000),
    "tricks": schema.Str(MAX_TRICKS),
}))


def _results(value: object) -> tuple[DailyResult, ...]:
    """A list just checked by ``ListOf(RESULT)``, as the results it holds."""
    items = value if isinstance(value, list) else []
    results = tuple(r for r in items if isinstance(r, DailyResult))
    if not isinstance(value, list) or len(results) != len(items):
        raise schema.Invalid("$", "not a list of daily results")
    return results


def _record(value: dict[str, object]) -> DailyRecord:
    record = DailyRecord(_results(value["played"]), _results(value["computer"]))
    for name, results in (("played", record.played), ("computer", record.computer)):
        keys = [(r.date, r.variant) for r in results]
        if len(set(keys)) != len(keys):
            raise schema.Invalid(f"$.{name}", "a daily deal is there twice")
        if any(_dt.date.fromisoformat(r.date).year < 2000 for r in results):
            raise schema.Invalid(f"$.{name}", "a date before the app existed")
    return record


ENTRY = schema.register(
    DAILY_KEY,
    schema.Custom(_record, schema.Fields({
        "format": schema.OneOf((FORMAT,)),
        "version": schema.OneOf((VERSION,)),
        "played": schema.ListOf(RESULT, KEEP),
        "computer": schema.ListOf(RESULT, KEEP),
    })),
    notice="daily.storage_reset",
)
