"""Installing and keeping saves: the decisions of web.platform.device and the commands of
web.platform.install."""

from __future__ import annotations

import json
from dataclasses import replace
from html import escape
from pathlib import Path

import pytest

from web import storage
from web.i18n import Catalog
from web.i18n.catalogs import load_catalog
from web.platform.device import ASKED_KEY, Device, is_ios
from web.platform.install import DeviceControls
from web.platform.runtime import ManualRuntime
from web.state.device_facts import DeviceState, should_ask_persistence
from web.state.model import Model, Msg, Render, update
from web.view import platform_view

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1"
)
IPAD_AS_MAC = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.5 Safari/605.1.15"
)
ANDROID = (
    "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36"
)


def test_ios_is_recognised_including_ipados_as_a_mac() -> None:
    assert is_ios(IPHONE)
    assert is_ios(IPAD_AS_MAC, max_touch_points=5)
    assert not is_ios(IPAD_AS_MAC, max_touch_points=0)  # a real Mac
    assert not is_ios(ANDROID, max_touch_points=5)


@pytest.mark.parametrize(
    ("state", "offer"),
    [
        (DeviceState(can_prompt=True), "prompt"),
        (DeviceState(can_prompt=True, standalone=True), None),
        (DeviceState(can_prompt=True, installed=True), None),
        (DeviceState(ios=True), "ios"),
        (DeviceState(ios=True, standalone=True), None),
        (DeviceState(), None),
    ],
)
def test_install_offer(state: DeviceState, offer: str | None) -> None:
    assert state.install_offer == offer


def test_persistence_is_asked_once_and_never_when_kept() -> None:
    assert should_ask_persistence(DeviceState(persisted=False), asked_before=False)
    assert not should_ask_persistence(DeviceState(persisted=False), asked_before=True)
    assert not should_ask_persistence(DeviceState(persisted=True), asked_before=False)
    assert not should_ask_persistence(DeviceState(persisted=None), asked_before=False)


class FakeDevice(Device):
    """Answers like a browser would: the prompt's outcome and persist()'s grant are set."""

    def __init__(self, state: DeviceState, accept: bool = True, grant: bool = True) -> None:
        super().__init__(state)
        self.accept = accept
        self.grant = grant
        self.prompts = 0

    async def prompt_install(self) -> bool:
        self.prompts += 1
        self.current = replace(self.current, can_prompt=False, installed=self.accept)
        return self.accept

    async def request_persistence(self) -> bool | None:
        self.persist_requests += 1
        self.current = replace(self.current, persisted=self.grant)
        return self.grant


class FakeApp:
    """A table as the controls see it: its storage, its runtime and its model."""

    def __init__(self) -> None:
        self.store = storage.MemoryStorage()
        self.renders = 0
        self.runtime = ManualRuntime()  # a browser request runs to its end at once
        self.model = Model()

    def dispatch(self, msg: Msg) -> None:
        self.model, effects = update(self.model, msg)
        self.renders += sum(isinstance(effect, Render) for effect in effects)


def controls_of(app: FakeApp, device: Device) -> DeviceControls:
    """The controls, with the page's facts read into the model as the table's start does."""
    controls = DeviceControls(app, device)
    controls.read()
    return controls


def storage_section(model: Model, cat: Catalog) -> str:
    """The settings' storage section as the table draws it from the model."""
    return platform_view.storage_section(model.device, model.storage_note, cat)


def test_first_finished_deal_asks_for_persistence_once() -> None:
    app = FakeApp()
    device = FakeDevice(DeviceState(persisted=False), grant=False)
    controls = controls_of(app, device)
    controls.deal_finished()
    controls.deal_finished()
    assert device.persist_requests == 1
    assert app.store.getItem(ASKED_KEY) == "1"
    # Declined: the settings offer the request again, by hand, and say what happened.
    cat = load_catalog("en")
    html = storage_section(app.model, cat)
    assert 'data-storage="not-kept"' in html and 'data-command="persist"' in html
    assert 'data-command="export"' in html
    assert controls.command("persist")
    assert device.persist_requests == 2
    assert escape(cat.t("storage.denied")) in storage_section(app.model, cat)


def test_install_command_prompts_then_asks_for_persistence_and_hides() -> None:
    app = FakeApp()
    device = FakeDevice(DeviceState(can_prompt=True, persisted=False))
    controls = controls_of(app, device)
    cat = load_catalog("en")
    assert 'data-command="install"' in platform_view.install_items(controls.state(), cat)
    assert controls.command("install")
    assert device.prompts == 1 and device.persist_requests == 1
    assert platform_view.install_items(controls.state(), cat) == ""
    assert 'data-storage="kept"' in storage_section(app.model, cat)
    assert 'data-command="persist"' not in storage_section(app.model, cat)


def test_ios_shows_the_steps_in_every_language() -> None:
    controls = controls_of(FakeApp(), FakeDevice(DeviceState(ios=True)))
    for lang in ("en", "he", "tr", "ru"):
        cat = load_catalog(lang)
        html = platform_view.install_items(controls.state(), cat)
        assert 'data-install="ios"' in html and "icon-192.png" in html
        for key in ("install.ios_title", "install.ios_share", "install.ios_add"):
            assert escape(cat.t(key)) in html
        assert 'data-command="install"' not in html


def test_catalogs_word_every_device_key() -> None:
    keys = {"install.command", "install.ios_title", "install.ios_share", "install.ios_add"}
    english = json.loads((I18N / "en.json").read_text("utf-8"))
    keys |= {key for key in english if key.startswith("storage.")}
    for lang in ("he", "tr", "ru"):
        data = json.loads((I18N / f"{lang}.json").read_text("utf-8"))
        for key in keys:
            assert isinstance(data.get(key), str) and data[key].strip(), (lang, key)
            assert data[key] != english[key], f"{lang}: {key} left in English"
