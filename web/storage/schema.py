"""Everything read back from storage is checked here before the app uses it.

Why: a stored value that is valid JSON but wrong inside (a list where a name belongs,
a seat that does not exist, a save nested thousands deep) must never stop the app
from starting or be written back. Each storage key has an ``Entry``: how to parse its
text and the ``Shape`` its value must have. ``load`` returns the checked value, or,
when the check fails, moves the text aside (``<key>.broken.<stamp>``, the newest
``KEEP_BROKEN`` kept for the player to export) and reports a ``Problem`` whose
``notice`` is the catalog key of what the player is told.

Adding a key (other modules do this at import time)::

    from web.storage import schema
    STATS = schema.register("bezique.stats", schema.Obj({
        "games": schema.Int(0, 10**9),
        "by_variant": schema.MapOf(schema.Int(0, 10**9), keys=schema.Str(max_len=20)),
    }, optional={"by_variant"}))
    loaded = schema.load(store, STATS)   # loaded.value is checked (and typed), or None

Shapes are strict: ``Int`` refuses ``True`` and ``1.0``, ``Str`` refuses numbers, an
``Obj`` field is checked by its own shape and ``Custom`` takes any function that returns
the clean value or raises ``Invalid`` (or ``ValueError``/``TypeError``/``RecordError``).

Shapes are typed: ``Shape[T]`` checks JSON into a ``T`` (``Int`` an int, ``Obj`` a JSON
object, ``Custom(fn, first)`` what ``fn`` returns), and ``load``/``check`` given the
``Entry`` that ``register`` returned give the value its type (given the key alone:
``object``, for code that only needs the check).
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, NotRequired, TypedDict, TypeVar, cast, overload

import engine
from engine import safejson
from engine.errors import RecordError
from engine.guided import GUIDED_VARIANTS
from web import storage
from web.i18n import LANGS
from web.state.seats import KINDS, MAX_SEATS, Seats, SeatsError
from web.storage import KeyValue
from web.storage.json_data import JsonObject, JsonValue, as_object, is_json

KEEP_BROKEN = 3  # set-aside copies kept per key (older ones are removed)
MAX_TEXT = 2_000_000  # characters; a save is about 10 kB

T = TypeVar("T")
S = TypeVar("S")
T_co = TypeVar("T_co", covariant=True)


class Invalid(ValueError):
    """A stored value that does not have its shape; ``path`` says where (``$.game.rng``)."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


# ----------------------------------------------------------------- shapes
class Shape(Generic[T_co]):
    """A check of one JSON value: ``check`` returns the clean value (typed ``T_co``) or
    raises Invalid."""

    def check(self, value: JsonValue, path: str = "$") -> T_co:
        raise NotImplementedError


@dataclass(frozen=True)
class Unchecked(Shape[JsonValue]):
    """A JSON value of any kind, as it is (use sparingly: the consumer must check it)."""

    def check(self, value: JsonValue, path: str = "$") -> JsonValue:
        return value


@dataclass(frozen=True)
class Int(Shape[int]):
    lo: int
    hi: int

    def check(self, value: JsonValue, path: str = "$") -> int:
        if type(value) is not int:
            raise Invalid(path, f"expected a whole number, got {type(value).__name__}")
        if not self.lo <= value <= self.hi:
            raise Invalid(path, f"{value} is outside {self.lo}..{self.hi}")
        return value


@dataclass(frozen=True)
class Bool(Shape[bool]):
    def check(self, value: JsonValue, path: str = "$") -> bool:
        if type(value) is not bool:
            raise Invalid(path, f"expected true or false, got {type(value).__name__}")
        return value


@dataclass(frozen=True)
class Str(Shape[str]):
    max_len: int = 200

    def check(self, value: JsonValue, path: str = "$") -> str:
        if type(value) is not str:
            raise Invalid(path, f"expected text, got {type(value).__name__}")
        if len(value) > self.max_len:
            raise Invalid(path, f"text longer than {self.max_len}")
        if not value.isprintable() and value.strip():
            raise Invalid(path, "control or unpaired characters in text")
        return value


@dataclass(frozen=True)
class OneOf(Shape[T_co]):
    """Exactly one of a few JSON values (type included: 1 is not True)."""

    values: tuple[T_co, ...]

    def check(self, value: JsonValue, path: str = "$") -> T_co:
        for allowed in self.values:
            if type(value) is type(allowed) and value == allowed:
                return allowed
        raise Invalid(path, f"not one of {list(self.values)!r}")


@dataclass(frozen=True)
class ListOf(Shape[list[T_co]]):
    item: Shape[T_co]
    max_len: int = 1000

    def check(self, value: JsonValue, path: str = "$") -> list[T_co]:
        if not isinstance(value, list):
            raise Invalid(path, f"expected a list, got {type(value).__name__}")
        if len(value) > self.max_len:
            raise Invalid(path, f"more than {self.max_len} items")
        return [self.item.check(v, f"{path}[{i}]") for i, v in enumerate(value)]


@dataclass(frozen=True)
class MapOf(Shape[dict[str, T_co]]):
    """An object with free keys (each checked by ``keys``) and values of one shape."""

    item: Shape[T_co]
    keys: Shape[str] = field(default_factory=Str)
    max_len: int = 1000

    def check(self, value: JsonValue, path: str = "$") -> dict[str, T_co]:
        if not isinstance(value, dict):
            raise Invalid(path, f"expected an object, got {type(value).__name__}")
        if len(value) > self.max_len:
            raise Invalid(path, f"more than {self.max_len} entries")
        return {
            self.keys.check(k, f"{path}.<key>"): self.item.check(v, f"{path}.{k}")
            for k, v in value.items()
        }


def _fields(
    fields: Mapping[str, Shape[object]], optional: frozenset[str] | set[str],
    keep_unknown: bool, value: JsonValue, path: str,
) -> dict[str, object]:
    """An object's named fields, each checked by its shape, in the shapes' order (the
    unknown ones after them, as read, with ``keep_unknown``; else dropped)."""
    if not isinstance(value, dict):
        raise Invalid(path, f"expected an object, got {type(value).__name__}")
    clean: dict[str, object] = {}
    for name, shape in fields.items():
        if name not in value:
            if name in optional:
                continue
            raise Invalid(f"{path}.{name}", "missing")
        clean[name] = shape.check(value[name], f"{path}.{name}")
    if keep_unknown:
        clean.update((k, v) for k, v in value.items() if k not in fields)
    return clean


@dataclass(frozen=True)
class Obj(Shape[JsonObject]):
    """An object with named fields, still JSON once checked; unknown fields are dropped,
    or kept unchecked with ``keep_unknown`` (fields another module owns and checks
    itself). A field whose shape makes something else of it (a ``Custom`` that builds
    a class) belongs in ``Fields``."""

    fields: Mapping[str, Shape[object]]
    optional: frozenset[str] | set[str] = frozenset()
    keep_unknown: bool = False

    def check(self, value: JsonValue, path: str = "$") -> JsonObject:
        clean = _fields(self.fields, self.optional, self.keep_unknown, value, path)
        checked = as_object(clean) if is_json(clean) else None
        if checked is None:
            raise Invalid(path, "a field's shape made it other than JSON (use Fields)")
        return checked


@dataclass(frozen=True)
class Fields(Shape[dict[str, object]]):
    """An object with named fields whose shapes may make other values of them (a list of
    results built into a class): the ``Custom`` that follows it gives the whole its type."""

    fields: Mapping[str, Shape[object]]
    optional: frozenset[str] | set[str] = frozenset()
    keep_unknown: bool = False

    def check(self, value: JsonValue, path: str = "$") -> dict[str, object]:
        return _fields(self.fields, self.optional, self.keep_unknown, value, path)


@dataclass(frozen=True)
class Custom(Shape[T_co], Generic[S, T_co]):
    """A shape checked by a function ``fn`` of the value ``first`` checked."""

    fn: Callable[[S], T_co]
    first: Shape[S]

    def check(self, value: JsonValue, path: str = "$") -> T_co:
        checked = self.first.check(value, path)
        try:
            return self.fn(checked)
        except Invalid:
            raise
        except Exception as err:  # any failure on foreign data means "not valid"
            raise Invalid(path, str(err)[:200] or type(err).__name__) from None


def custom(fn: Callable[[JsonValue], T]) -> Custom[JsonValue, T]:
    """A shape checked by a function of the JSON value as it is."""
    return Custom(fn, Unchecked())


# ----------------------------------------------------------------- entries
Notice = str | Callable[[Invalid], str]


@dataclass(frozen=True)
class Entry(Generic[T_co]):
    """One storage key: its shape, whether its text is JSON, the notice when it fails
    (a catalog key, or a function of the failure that returns one)."""

    key: str
    shape: Shape[T_co]
    json: bool = True
    notice: Notice = "storage.reset"

    def notice_for(self, bad: Invalid) -> str:
        return self.notice(bad) if callable(self.notice) else self.notice

    def parse(self, text: str) -> T_co:
        """The checked value of stored text (Invalid when it is not right)."""
        if len(text) > MAX_TEXT:
            raise Invalid("$", f"{len(text)} characters is too long")
        if not self.json:
            return self.shape.check(text)
        try:
            value: JsonValue = safejson.loads(text)
        except RecordError as err:
            raise Invalid("$", str(err)) from None
        return self.shape.check(value)


REGISTRY: dict[str, Entry[object]] = {}


def register(
    key: str, shape: Shape[T], *, json: bool = True, notice: Notice = "storage.reset"
) -> Entry[T]:
    """Declare a storage key and its shape (again: replaces it, e.g. a stricter shape)."""
    entry = Entry(key, shape, json, notice)
    REGISTRY[key] = entry
    return entry


@dataclass(frozen=True)
class Problem:
    """A stored value that failed its check and was moved aside."""

    key: str
    where: str  # the key it now lives under ("" if storage refused the copy)
    why: str  # "<path>: <reason>", for logs
    notice: str  # catalog key of what the player is told


@dataclass(frozen=True)
class Loaded(Generic[T_co]):
    value: T_co | None  # the checked value; None when missing or set aside
    problem: Problem | None = None


def _entry(key: str | Entry[T]) -> Entry[object]:
    return REGISTRY[key] if isinstance(key, str) else key


@overload
def check(key: Entry[T], text: str) -> T: ...
@overload
def check(key: str, text: str) -> object: ...
def check(key: str | Entry[T], text: str) -> object:
    """The checked value of ``text`` for a registered key or entry (Invalid if wrong);
    an ``Entry`` gives it its type."""
    return _entry(key).parse(text)


@overload
def load(store: KeyValue, key: Entry[T]) -> Loaded[T]: ...
@overload
def load(store: KeyValue, key: str) -> Loaded[object]: ...
def load(store: KeyValue, key: str | Entry[T]) -> Loaded[object]:
    """Read and check one key (an ``Entry`` gives the value its type); a value that fails
    is moved aside, never used or lost."""
    entry = _entry(key)
    text = storage.get_text(store, entry.key)
    if text is None:
        return Loaded(None)
    try:
        return Loaded(entry.parse(text))
    except Invalid as bad:
        return Loaded(
            None, set_aside(store, entry.key, str(bad), entry.notice_for(bad), text)
        )


def set_aside(store: KeyValue, key: str, why: str, notice: str, text: str | None = None) -> Problem:
    """Move a key's text to ``<key>.broken.<stamp>`` and keep only the newest few."""
    where = keep_copy(store, key, text)
    storage.remove(store, key)
    return Problem(key, where, why, notice)


def keep_copy(store: KeyValue, key: str, text: str | None = None) -> str:
    """Copy a key's text to ``<key>.broken.<stamp>`` (the key stays); returns the copy's key
    ("" when there was nothing or storage refused even after older copies made room)."""
    if text is None:
        text = storage.get_text(store, key)
    if text is None:
        return ""
    stamp = int(time.time() * 1000)
    while storage.get_text(store, f"{key}{storage.BROKEN}{stamp}") is not None:
        stamp += 1  # two in the same millisecond: each keeps its own copy
    where = f"{key}{storage.BROKEN}{stamp}"
    if not storage.set_text(store, where, text):
        prune(store, key, keep=0)  # storage full: older broken copies make room
        if not storage.set_text(store, where, text):
            where = ""
    prune(store, key)
    return where


def broken_keys(store: KeyValue, key: str) -> list[str]:
    """The set-aside copies of a key, oldest first."""
    prefix = key + storage.BROKEN
    found = [k for k in storage.keys(store) if k.startswith(prefix)]

    def stamp(k: str) -> int:
        tail = k[len(prefix) :]
        return int(tail) if tail.isdigit() else 0

    return sorted(found, key=stamp)


def prune(store: KeyValue, key: str, keep: int = KEEP_BROKEN) -> None:
    """Remove all but the newest ``keep`` set-aside copies of a key."""
    old = broken_keys(store, key)
    for name in old[: max(0, len(old) - keep)]:
        storage.remove(store, name)


def load_all(store: KeyValue, checked: Iterable[str] = ()) -> list[Problem]:
    """Check every registered key now (the app's start) but those just ``checked``: what
    fails is set aside at once, whichever module reads it later."""
    done = set(checked)
    keys = [key for key in list(REGISTRY) if key not in done]
    return [p for p in (load(store, key).problem for key in keys) if p is not None]


def start_fresh(store: KeyValue, keys: Iterable[str] | None = None) -> list[Problem]:
    """Move every registered key's data aside (the boot screen's "start fresh")."""
    return [
        set_aside(store, key, "start fresh", "storage.reset")
        for key in (keys if keys is not None else list(REGISTRY))
        if storage.get_text(store, key) is not None
    ]


# ----------------------------------------------------------------- the app's own keys
def _options_fit(setup: JsonObject) -> JsonObject:
    """A setup's house rules must be ones its variant accepts (engine's strict check)."""
    options = as_object(setup.get("options"))
    if options is not None:
        variant = setup.get("variant", "classic")
        engine.make_rules(variant if isinstance(variant, str) else "", options)
    return setup


def _level(value: str) -> str:
    from engine.players import PLAYERS

    if value != "" and value not in PLAYERS:
        raise Invalid("$.level", f"no AI level {value!r}")
    return value


def _scalar(value: JsonValue) -> bool | int | str | None:
    """A house rule's value: true/false, a number or a word (None: the default)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise Invalid("$.options", f"an option is true/false, a number or a word, not {value!r}"[:120])


SCALAR = custom(_scalar)

# The new-game choices as the app keeps them (web.state.settings may add fields: kept as they are;
# web.state.game_setup.GameSetup names them).
SETUP = Custom(
    _options_fit,
    Obj(
        {
            "variant": OneOf(tuple(engine.VARIANTS)),
            "options": MapOf(SCALAR, keys=Str(40), max_len=20),
            "level": Custom(_level, Str(20)),
            "dealer": OneOf(("you", "opponent", "random")),
            "seats": ListOf(OneOf(KINDS), max_len=MAX_SEATS),
        },
        optional={"variant", "options", "level", "dealer", "seats"},
        keep_unknown=True,
    ),
)

LANG = register(storage.LANG_KEY, OneOf(LANGS), json=False)
SETTINGS = register(storage.SETTINGS_KEY, SETUP)


class SavedGame(TypedDict):
    """A checked save (``bezique.save``): the game replayed, the rest as written
    (web.storage.keeper writes it; fields another module owns, like ``hosting``, kept as read)."""

    format: str
    version: int
    game: engine.Game  # replayed from its record under this version's rules
    human: NotRequired[int]  # the person's seat (missing: 0)
    settings: NotRequired[JsonObject]  # the game's setup (SETUP)
    deal_number: NotRequired[int]
    undo_used: NotRequired[bool]
    recorded: NotRequired[bool]
    guided: NotRequired[str]  # a guided deal's game (web.features.guide)
    daily: NotRequired[str]  # a daily deal's date (web.features.daily_deal)
    seats: NotRequired[JsonValue]  # the seat kinds (checked against the game's players)
    hosting: NotRequired[JsonValue]  # a table hosted here (web.link.pairing checks it)


def _game_fits(save: JsonObject) -> SavedGame:
    """The saved game replays under this version's rules; its seat and deal exist."""
    record = save["game"]
    # not an object: the engine's own refusal, as for any save it cannot take
    game = engine.Game.from_json(record if isinstance(record, dict) else {})
    players = game.rules.players
    human = save.get("human", 0)
    if isinstance(human, int) and human >= players:
        raise Invalid("$.human", f"no seat {human} in a {players}-player game")
    if "seats" in save:
        try:
            Seats.from_json(save["seats"], players)
        except SeatsError as err:
            raise Invalid("$.seats", err.code) from None
    # Every field was just checked by the Obj below, the game replayed: a SavedGame.
    return cast(SavedGame, {**save, "game": game})


def _iso_date(value: str) -> str:
    """A date written YYYY-MM-DD (a daily deal's)."""
    if len(value) != 10 or datetime.date.fromisoformat(value).isoformat() != value:
        raise Invalid("$.daily", f"not a date written YYYY-MM-DD: {value!r}")
    return value


def _save_notice(bad: Invalid) -> str:
    if bad.path == "$.version":
        return "save.old_version"
    return "save.corrupt" if bad.path in ("$", "$.format") else "save.unreadable"


SAVE = register(
    storage.SAVE_KEY,
    Custom(
        _game_fits,
        Obj(
            {
                "format": OneOf((storage.FORMAT,)),
                "version": OneOf((storage.VERSION,)),
                "game": Unchecked(),  # checked by replaying it (engine.Game.from_json)
                "human": Int(0, 3),
                "settings": SETUP,
                "deal_number": Int(1, 100_000),
                "undo_used": Bool(),
                "recorded": Bool(),
                "guided": OneOf(GUIDED_VARIANTS),  # a guided deal's game (web.features.guide)
                # a daily deal's date (web.features.daily_deal)
                "daily": Custom(_iso_date, Str(10)),
            },
            optional={"human", "settings", "deal_number", "undo_used", "recorded", "guided",
                      "daily"},
            keep_unknown=True,
        ),
    ),
    notice=_save_notice,
)
