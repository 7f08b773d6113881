"""The settings model: defaults, the strict loader, changes from the settings screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from web import storage
from web.state import settings
from web.state.settings import Settings
from web.view.screens import SETTING_CONTROLS

ROOT = Path(__file__).resolve().parents[2]

def test_defaults_of_a_first_visit() -> None:
    s = Settings()
    assert s.auto_pass is True and s.sound is True and s.confirm_new_game is True
    assert s.animation == "normal" and s.card_size == "medium"
    assert s.game_setup() == {"variant": "classic", "options": {}, "level": "", "dealer": "random"}


def test_round_trip() -> None:
    s = Settings(auto_pass=False, animation="off", card_size="large", variant="bezik")
    assert Settings.from_json(s.to_json()) == s


@pytest.mark.parametrize(
    "text",
    [None, "", "{not json", "[]", "null", "42", '"x"', "[" * 5000, '{"auto_pass": {"a": 1}}'],
)
def test_garbage_gives_the_defaults(text: str | None) -> None:
    assert Settings.from_json(text) == Settings()


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("auto_pass", 1),  # an int is not a bool
        ("auto_pass", "true"),
        ("sound", None),
        ("animation", "warp"),  # not one of the choices
        ("animation", 1),
        ("card_size", ["large"]),
        ("confirm_new_game", 0),
        ("variant", "poker"),
        ("level", "grandmaster"),
        ("dealer", "nobody"),
        ("options", ["target", 1000]),
        ("options", {"target": [1]}),
    ],
)
def test_each_wrong_field_falls_back_alone(field: str, bad: object) -> None:
    data = {"auto_pass": False, "animation": "slow", "sound": False, field: bad}
    loaded = Settings.from_json(json.dumps(data))
    assert getattr(loaded, field) == getattr(Settings(), field)
    kept = {k: v for k, v in data.items() if k != field}
    for name, value in kept.items():
        assert getattr(loaded, name) == value  # the good fields are kept


def test_older_stored_game_setup_is_read() -> None:
    """Before the settings screen, bezique.settings held only the new-game choices."""
    old = {"variant": "russian-3", "options": {"target": 1000}, "level": "easy", "dealer": "you"}
    loaded = Settings.from_json(json.dumps(old))
    assert loaded.game_setup() == old
    assert loaded.auto_pass is True


def test_with_value_takes_form_values_strictly() -> None:
    s = Settings()
    assert s.with_value("auto_pass", "false") and s.auto_pass is False
    assert s.with_value("animation", "off") and s.animation == "off"
    assert not s.with_value("animation", "warp") and s.animation == "off"
    assert not s.with_value("sound", "maybe") and s.sound is True
    assert not s.with_value("no_such_field", "1")


def test_store_round_trip_and_corrupt_store() -> None:
    store = storage.MemoryStorage()
    assert settings.load(store) == Settings()
    s = Settings(sound=False)
    assert settings.save(store, s)
    assert settings.load(store) == s
    store.setItem(settings.SETTINGS_KEY, "\x00garbage")
    assert settings.load(store) == Settings()


def test_every_control_names_a_field_and_has_words() -> None:
    en = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    names = set(Settings.__dataclass_fields__)
    for control in SETTING_CONTROLS:
        assert control.name in names
        assert control.label in en
        spec = Settings.__dataclass_fields__[control.name]
        for value in spec.metadata.get("choices", ()):
            assert f"{control.label}.{value}" in en
