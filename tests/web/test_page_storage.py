"""web.platform.page.PageStorage: the start's reads answered from one call to the page
(``read_ahead``), the writes still reaching the page, the page asked again once stopped."""

from __future__ import annotations

import json

import pytest

from web.platform import page


class FakePage:
    """The shell's ``store`` page function over a dict, counting the calls it answers."""

    def __init__(self, items: dict[str, str], disabled: bool = False) -> None:
        self.items = items
        self.disabled = disabled
        self.calls: list[tuple[object, ...]] = []

    def call(self, name: str, *args: object) -> object:
        assert name == "store"
        self.calls.append(args)
        if self.disabled:
            raise RuntimeError("SecurityError: storage is disabled")
        op, key = args[0], str(args[1])
        if op == "all":
            return json.dumps({k: v for k, v in self.items.items() if k.startswith(key)})
        if op == "get":
            return self.items.get(key)
        if op == "set":
            self.items[key] = str(args[2])
            return None
        if op == "remove":
            self.items.pop(key, None)
            return None
        raise AssertionError(op)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakePage:
    shown = FakePage({"bezique.save": "S", "bezique.lang": "he", "other": "x"})
    monkeypatch.setattr(page, "call", shown.call)
    return shown


def test_reads_ahead_in_one_call_and_answers_the_start_from_it(fake: FakePage) -> None:
    store = page.PageStorage()
    store.read_ahead("bezique.")
    assert fake.calls == [("all", "bezique.")]
    assert store.getItem("bezique.save") == "S"
    assert store.getItem("bezique.lang") == "he"
    assert store.getItem("bezique.stats") is None  # not kept: none stored
    assert len(fake.calls) == 1
    assert store.getItem("other") == "x"  # outside the prefix: the page answers
    assert fake.calls[-1] == ("get", "other")


def test_writes_reach_the_page_and_the_items_read(fake: FakePage) -> None:
    store = page.PageStorage()
    store.read_ahead("bezique.")
    store.setItem("bezique.save", "T")
    store.removeItem("bezique.lang")
    assert fake.items["bezique.save"] == "T" and "bezique.lang" not in fake.items
    calls = len(fake.calls)
    assert store.getItem("bezique.save") == "T"
    assert store.getItem("bezique.lang") is None
    assert len(fake.calls) == calls


def test_once_stopped_every_read_asks_the_page(fake: FakePage) -> None:
    store = page.PageStorage()
    store.read_ahead("bezique.")
    fake.items["bezique.save"] = "written by the page since"
    store.stop_reading_ahead()
    assert store.getItem("bezique.save") == "written by the page since"
    assert fake.calls[-1] == ("get", "bezique.save")


def test_a_page_that_cannot_answer_leaves_each_read_to_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    disabled = FakePage({}, disabled=True)
    monkeypatch.setattr(page, "call", disabled.call)
    store = page.PageStorage()
    store.read_ahead("bezique.")  # no error here
    with pytest.raises(RuntimeError):  # the read meets the refusal as it did before
        store.getItem("bezique.save")


def test_a_malformed_answer_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(['{"bezique.save": 3}', "S"])
    monkeypatch.setattr(page, "call", lambda name, *args: next(answers))
    store = page.PageStorage()
    store.read_ahead("bezique.")
    assert store.getItem("bezique.save") == "S"  # asked of the page, not taken from 3
