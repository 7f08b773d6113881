"""Malformed and hostile messages from a guest: each refused with its reason, the host's
table exactly as it was."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from tests.web.link_table import LinkedTable
from web.link.fair_deck import commitment
from web.link.link_host import HERE, REMOTE
from web.link.wire import MAX_GUEST_BYTES, encode


def _playing() -> LinkedTable:
    table = LinkedTable("russian-3", {}, [HERE, REMOTE, REMOTE], seed=5)
    table.join_all()
    table.deliver(table.host.start_deal())
    # play until it is seat 1's turn, so seat 2 is out of turn and seat 1 may act
    for _ in range(200):
        game = table.host.game
        assert game is not None
        if game.current_player == 1 and not game.deal_over:
            return table
        table.step()
    raise AssertionError("seat 1 never had the turn")


def _illegal(table: LinkedTable) -> str:
    guest = table.guests[1]
    assert guest.obs is not None
    legal = set(guest.obs["legal_actions"])
    other = table.host.game.observation(2).hand  # type: ignore[union-attr]
    from engine.cards import code_text

    return next(f"play {code_text(c)}" for c in other if f"play {code_text(c)}" not in legal)


def _act(table: LinkedTable, **change: object) -> str:
    fields: dict[str, object] = {"seat": 1, "n": table.host.n,
                                 "action": table.guests[1].obs["legal_actions"][0]}  # type: ignore[index]
    fields.update(change)
    return encode("act", **fields)


HOSTILE: dict[str, tuple[int, Callable[[LinkedTable], object], str]] = {
    # name: (channel seat, message, reason)
    "not json": (1, lambda t: "{not json", "malformed"),
    "not text": (1, lambda t: b'{"v":1}', "malformed"),
    "a list": (1, lambda t: "[1, 2, 3]", "malformed"),
    "a number": (1, lambda t: "12", "malformed"),
    "empty": (1, lambda t: "", "malformed"),
    "too large": (1, lambda t: " " * (MAX_GUEST_BYTES + 1), "too_large"),
    "too large in bytes": (1, lambda t: _act(t, action="é" * 60) + " " * 1900, "too_large"),
    "no version": (1, lambda t: json.dumps({"t": "act", "seat": 1}), "version"),
    "future version": (1, lambda t: _act(t).replace('"v":1', '"v":2'), "version"),
    "version as bool": (1, lambda t: _act(t).replace('"v":1', '"v":true'), "version"),
    "unknown type": (1, lambda t: encode("deal_me_aces", seat=1), "unknown_type"),
    "host's type": (1, lambda t: encode("state", n=0, deal=0, obs={}), "unknown_type"),
    "extra field": (1, lambda t: _act(t, peek=2), "malformed"),
    "missing field": (1, lambda t: encode("act", seat=1, action="pass"), "malformed"),
    "seat as string": (1, lambda t: _act(t, seat="1"), "malformed"),
    "n as bool": (1, lambda t: _act(t, n=True), "malformed"),
    "n as float": (1, lambda t: _act(t, n=1.0), "malformed"),
    "NaN": (1, lambda t: _act(t).replace('"n":', '"n":NaN,"x":'), "malformed"),
    "duplicate key": (1, lambda t: _act(t).replace('{"v":1', '{"v":1,"seat":2'), "malformed"),
    "deeply nested": (1, lambda t: "[" * 1000 + "]" * 1000, "malformed"),
    "action not printable": (1, lambda t: _act(t, action="play\x00QS"), "malformed"),
    "action too long": (1, lambda t: _act(t, action="play " * 20), "malformed"),
    "other seat named": (1, lambda t: _act(t, seat=2), "wrong_seat"),
    "host's seat channel": (0, lambda t: _act(t, seat=0), "wrong_seat"),
    "no such seat": (7, lambda t: _act(t, seat=7), "wrong_seat"),
    "out of turn": (2, lambda t: _act(t, seat=2), "not_your_turn"),
    "stale state": (1, lambda t: _act(t, n=t.host.n - 1), "stale"),
    "future state": (1, lambda t: _act(t, n=t.host.n + 5), "stale"),
    "illegal card": (1, lambda t: _act(t, action=_illegal(t)), "illegal"),
    "gibberish action": (1, lambda t: _act(t, action="win now"), "illegal"),
    "commit mid-deal": (1, lambda t: encode("commit", seat=1, deal=0, hash="0" * 64),
                        "already_committed"),
    "reveal mid-deal": (1, lambda t: encode("reveal", seat=1, deal=0, secret="0" * 64),
                        "not_now"),
    "hello with forged token": (1, lambda t: encode("hello", seat=1, token="f" * 32),
                                "bad_token"),
    "hello with no token": (1, lambda t: encode("hello", seat=1, token=None), "bad_token"),
    "hash not hex": (1, lambda t: encode("commit", seat=1, deal=0, hash="Z" * 64),
                     "malformed"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_message_refused_state_unchanged(name: str) -> None:
    table = _playing()
    seat, build, reason = HOSTILE[name]
    text = build(table)
    before = table.host.snapshot()
    guests_before = {s: json.dumps(g.obs) for s, g in table.guests.items()}
    replies = table.host.receive(seat, text)
    assert [json.loads(r.text)["t"] for r in replies] == ["refused"]
    assert replies[0].seat == seat
    assert json.loads(replies[0].text)["reason"] == reason
    assert table.host.snapshot() == before
    table.deliver(replies) if seat in table.guests else None
    if seat in table.guests:
        assert table.guests[seat].refusal is not None
        assert table.guests[seat].refusal[0] == reason  # type: ignore[index]
    assert {s: json.dumps(g.obs) for s, g in table.guests.items()} == guests_before


def test_there_are_twenty_or_more() -> None:
    assert len(HOSTILE) >= 20


def test_commit_round_refusals() -> None:
    """During the commit round: no action, no second commitment, no false reveal."""
    table = LinkedTable("classic", {}, [HERE, REMOTE, ], seed=2)
    table.join_all()
    host = table.host
    host.start_deal()  # the host's commitment goes out; the guest has not answered
    snapshot = host.snapshot()
    for text, reason in [
        (encode("act", seat=1, n=host.n, action="pass"), "not_now"),
        (encode("commit", seat=1, deal=3, hash="a" * 64), "wrong_deal"),
        (encode("reveal", seat=1, deal=0, secret="b" * 64), "not_now"),
    ]:
        replies = host.receive(1, text)
        assert json.loads(replies[0].text)["reason"] == reason
        assert host.snapshot() == snapshot
    host.receive(1, encode("commit", seat=1, deal=0, hash=commitment("c" * 64)))
    assert host.phase == "revealing"
    snapshot = host.snapshot()
    replies = host.receive(1, encode("reveal", seat=1, deal=0, secret="d" * 64))
    assert json.loads(replies[0].text)["reason"] == "bad_reveal"
    assert host.snapshot() == snapshot
    host.receive(1, encode("reveal", seat=1, deal=0, secret="c" * 64))
    assert host.phase == "playing"


def test_guest_drops_hostile_host_messages() -> None:
    """The guest checks the host's messages as strictly: a bad one changes nothing."""
    table = _playing()
    guest = table.guests[1]
    before = json.dumps(guest.obs), guest.n
    for text in ["{", encode("state", n=0, deal=0, obs={"seat": 1}),
                 encode("state", n=guest.n + 1, deal=0, obs={"seat": 2}),
                 encode("welcome", seat=2, token="a" * 32, variant="classic", options={},
                        players=2),
                 encode("refused", reason="because", rule=""),
                 encode("state", n=1, deal=0, obs={"seat": 1}, extra=1)]:
        assert guest.receive(text) == []
        assert guest.problem
        guest.problem = ""
    assert (json.dumps(guest.obs), guest.n) == before
