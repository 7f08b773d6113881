"""The player's settings: a typed model with defaults and a strict loader.

Stored as one JSON object under ``bezique.settings``. The loader takes each
field only when the stored value has exactly the field's type (``True`` is
not an int here) and, for a field with choices, one of them; anything else
falls back to the default, field by field. So a corrupt or hand-edited entry
can never break the app: at worst a setting returns to its default.

Adding a setting is one line in ``Settings`` (``choices`` in the field's
metadata when only some values are valid, ``clean`` when a stored value may be
mended part by part, like the players' names: read as a ``Rule``); the settings
screen lists what it shows in ``web.view.screens.SETTING_CONTROLS``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import Field, asdict, dataclass, field, fields
from typing import TypeVar

from web.state import names
from web.state.game_setup import GameSetup, OptionValue
from web.storage import SETTINGS_KEY as SETTINGS_KEY  # its one home: web.storage
from web.storage import KeyValue
from web.storage.json_data import JsonValue

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
CARD_SIZES = ("small", "medium", "large")
DEALER_CHOICES = ("you", "opponent", "random")
HAND_SORTS = ("rank", "suit")  # the hand by rank across suits, or by suit (trumps first)
# The cards' look (web/view/card_faces.py draws them): drawn faces or plain CSS cards (for
# small screens and high contrast), and the colour of the backs. The first is the default.
CARD_STYLES = ("faces", "simple")
CARD_BACKS = ("blue", "red")

# How long the computer's moves and the finished trick stay on screen, by speed.
PAUSE_SCALE = {"off": 0.35, "fast": 0.55, "normal": 1.0, "slow": 1.7}


T = TypeVar("T")


@dataclass(frozen=True)
class Rule:
    """What a field takes beyond its type, kept in its metadata (the settings screen reads
    ``choices`` there too): one of ``choices``, a value ``check`` passes; ``clean`` mends
    a stored value first (a bad part dropped alone)."""

    choices: tuple[str, ...] | None = None
    check: Callable[[object], bool] | None = None
    clean: Callable[[object], object] | None = None


def _choice(*values: str) -> dict[str, tuple[str, ...]]:
    return {"choices": values}


def _check(fn: Callable[[object], bool], clean: Callable[[object], object] | None = None
           ) -> dict[str, Callable[[object], object]]:
    return {"check": fn} if clean is None else {"check": fn, "clean": clean}


def rule_of(f: Field[T]) -> Rule:
    """A field's rule from its metadata (none: any value of its type)."""
    choices, check, clean = (f.metadata.get(k) for k in ("choices", "check", "clean"))
    return Rule(
        tuple(str(c) for c in choices) if isinstance(choices, tuple) else None,
        check if callable(check) else None,
        clean if callable(clean) else None,
    )


def _variant_ok(value: object) -> bool:
    import engine

    return value in engine.VARIANTS


def _level_ok(value: object) -> bool:
    from web.table.computer import levels

    return value == "" or value in levels()


def _seats_ok(value: object) -> bool:
    from web.state.seats import KINDS

    return isinstance(value, list) and len(value) <= 4 and all(kind in KINDS for kind in value)


def _names_ok(value: object) -> bool:
    return isinstance(value, list) and len(value) <= 4 and all(
        names.clean_name(name) == name for name in value
    )


def _options_ok(value: object) -> bool:
    """House rules: a flat object of scalar values (checked per variant at game start)."""
    return isinstance(value, dict) and all(
        isinstance(k, str) and (v is None or type(v) in (bool, int, str)) for k, v in value.items()
    )


@dataclass
class Settings:
    """Everything the player chooses once and keeps; defaults are a first visit's."""

    # The last new-game choices, offered again by the new-game dialog.
    variant: str = field(default="classic", metadata=_check(_variant_ok))
    options: dict[str, OptionValue] = field(default_factory=dict, metadata=_check(_options_ok))
    level: str = field(default="", metadata=_check(_level_ok))  # "": the default level
    dealer: str = field(default="random", metadata=_choice(*DEALER_CHOICES))
    seats: list[str] = field(default_factory=list, metadata=_check(_seats_ok))  # []: the usual
    # Typed names by seat ("": the usual name); a bad stored one is dropped alone.
    names: list[str] = field(
        default_factory=list, metadata=_check(_names_ok, clean=names.clean_names)
    )
    # Table preferences.
    auto_pass: bool = True  # pass for the player after a trick with nothing to declare
    animation: str = field(default="normal", metadata=_choice(*ANIMATION_SPEEDS))
    sound: bool = True
    card_size: str = field(default="medium", metadata=_choice(*CARD_SIZES))
    confirm_new_game: bool = True
    card_style: str = field(default=CARD_STYLES[0], metadata=_choice(*CARD_STYLES))
    card_back: str = field(default=CARD_BACKS[0], metadata=_choice(*CARD_BACKS))
    hand_sort: str = field(default="rank", metadata=_choice(*HAND_SORTS))
    four_colour: bool = False  # clubs green, diamonds blue: four suits told apart at a glance

    # ------------------------------------------------------------ loading
    @classmethod
    def from_data(cls, data: object) -> Settings:
        """Settings from parsed JSON, taking only the fields that are exactly right."""
        settings = cls()
        if not isinstance(data, Mapping):
            return settings
        for f in fields(cls):
            if f.name not in data:
                continue
            value: object = data[f.name]
            clean = rule_of(f).clean
            if clean is not None:
                value = clean(value)
            if valid(f, getattr(settings, f.name), value):
                setattr(settings, f.name, _copy(value))
        return settings

    @classmethod
    def from_json(cls, text: str | None) -> Settings:
        if not text:
            return cls()
        try:
            data: JsonValue = json.loads(text)
        except (ValueError, RecursionError):
            return cls()
        return cls.from_data(data)

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"), sort_keys=True)

    # ------------------------------------------------------------ changing
    def with_value(self, name: str, raw: object) -> bool:
        """Set one field from a form value ("true"/"false" for switches); False if refused."""
        f = next((f for f in fields(self) if f.name == name), None)
        if f is None:
            return False
        current = getattr(self, name)
        value = raw
        if isinstance(current, bool) and isinstance(raw, str):
            if raw not in ("true", "false"):
                return False
            value = raw == "true"
        if not valid(f, current, value):
            return False
        setattr(self, name, _copy(value))
        return True

    def game_setup(self) -> GameSetup:
        """The new-game choices in the shape the controller's new_game takes."""
        setup: GameSetup = {
            "variant": self.variant,
            "options": dict(self.options),
            "level": self.level,
            "dealer": self.dealer,
        }
        if self.seats:
            setup["seats"] = list(self.seats)
        if any(self.names):
            setup["names"] = list(self.names)
        return setup

    def remember_setup(self, setup: Mapping[str, object]) -> None:
        """Keep a started game's choices as the next new game's defaults (valid ones only)."""
        fresh = Settings.from_data(setup)
        for name in ("variant", "options", "level", "dealer", "seats", "names"):
            if name in setup:
                setattr(self, name, getattr(fresh, name))

    def pause_scale(self) -> float:
        return PAUSE_SCALE.get(self.animation, 1.0)


def valid(f: Field[T], default: object, value: object) -> bool:
    """Exactly the field's type (bool is not int), within its choices or check."""
    if type(value) is not type(default):
        return False
    rule = rule_of(f)
    if rule.choices is not None and value not in rule.choices:
        return False
    return rule.check is None or bool(rule.check(value))


def _copy(value: T) -> T:
    """A value kept apart from the one given (a list or an object copied)."""
    return copy.copy(value)


def load(store: KeyValue) -> Settings:
    """The stored settings (defaults for whatever is missing or wrong)."""
    from web import storage

    return Settings.from_json(storage.get_text(store, SETTINGS_KEY))


def save(store: KeyValue, settings: Settings) -> bool:
    from web import storage

    return storage.set_text(store, SETTINGS_KEY, settings.to_json())
