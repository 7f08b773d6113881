"""A host and its guests in one process, joined by in-memory channels (a test helper).

Every message the host sends a guest passes ``leaked_cards`` first: the cards it names
must be the guest's own or public at that moment.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

from engine.cards import code_text, parse_code
from engine.errors import NotationError
from engine.game import replay_record
from engine.playable import PlayableGame
from web.link.link_guest import GuestSession
from web.link.link_host import COMPUTER, REMOTE, HostTable, Send


def card_words(data: Any) -> Iterable[str]:
    """Every card name in a JSON value (strings split into words, keys included)."""
    if isinstance(data, str):
        for word in data.split():
            try:
                yield code_text(parse_code(word))
            except (NotationError, ValueError, KeyError):
                continue
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from card_words(key)
            yield from card_words(value)
    elif isinstance(data, list):
        for value in data:
            yield from card_words(value)


def visible_to(host: HostTable, seat: int) -> set[str]:
    """The cards ``seat`` may know now: its hand and everything face up."""
    return set() if host.game is None else seen_by(host.game, seat)


def seen_by(game: PlayableGame, seat: int) -> set[str]:
    """The cards ``seat`` may know in ``game``'s position: its hand and everything face up."""
    obs = game.observation(seat)
    seen = {code_text(c) for c in obs.hand}
    for table in obs.tables:
        seen.update(code_text(c) for c in table)
    seen.update(code_text(c) for _, c, _ in obs.trick)
    seen.update(code_text(c) for _, c, _ in obs.last_trick)
    if obs.turnup is not None:
        seen.add(code_text(obs.turnup))
    # shown before and public since: cards played to tricks, declared groups' cards
    seen.update(code_text(c) for c in obs.played)
    for group in obs.groups:
        seen.update(code_text(c) for c in group.cards)
    return seen


def leaked_cards(host: HostTable, send: Send) -> list[str]:
    """Cards in a message to a guest that are neither its own nor public (the record at
    a deal's end shows the whole deal on purpose, once it is over)."""
    data = json.loads(send.text)
    if data["t"] == "record":
        assert host.game is not None and host.game.deal_over
        return []
    allowed = visible_to(host, send.seat)
    return sorted({w for w in card_words(data) if w not in allowed})


# What a state message's observation is matched on: the position as the seat sees it.
POSITION_KEYS = ("phase", "current_player", "hand", "hand_sizes", "stock_size", "trick",
                 "tables", "points", "declarations")


def leaks_in_messages(record: dict[str, Any], seat: int, texts: list[str]) -> list[str]:
    """The messages a guest received during a deal's first deal of ``record``, checked as a
    browser test sees them: each state's observation must be one the seat had at some step
    of the deal (replayed from the record), and every card the message names must be the
    seat's own or public at that step. Returns the problems found (none: no leak)."""
    deal = record["deals"][0]
    steps: list[tuple[dict[str, Any], set[str]]] = []
    for k in range(len(deal["actions"]) + 1):
        prefix = dict(record, deals=[dict(deal, actions=deal["actions"][:k])])
        game = replay_record(prefix)
        obs = game.observation(seat).to_json()
        steps.append(({key: obs.get(key) for key in POSITION_KEYS}, seen_by(game, seat)))
    problems = []
    for index, text in enumerate(texts):
        data = json.loads(text)
        if data.get("t") != "state" or data.get("deal") != 0:
            continue
        position = {key: data["obs"].get(key) for key in POSITION_KEYS}
        allowed = [seen for obs, seen in steps if obs == position]
        if not allowed:
            problems.append(f"message {index}: a position the deal never had")
            continue
        words = set(card_words(data))
        if all(words - seen for seen in allowed):
            problems.append(f"message {index}: {sorted(words - allowed[-1])}")
    return problems


class LinkedTable:
    """Host plus guests, delivering messages at once (or holding those of a cut guest)."""

    def __init__(self, variant: str, options: dict[str, Any], seats: list[str],
                 seed: int = 1) -> None:
        self.rng = random.Random(seed)
        self.host = HostTable(variant, options, seats, entropy=self._hex)
        self.guests = {s: GuestSession(s, entropy=self._hex)
                       for s, kind in enumerate(seats) if kind == REMOTE}
        self.cut: set[int] = set()
        self.log: list[Send] = []
        self.leaks: list[str] = []

    def _hex(self) -> str:
        return self.rng.randbytes(32).hex()

    def deliver(self, sends: list[Send]) -> None:
        """Hand each message to its guest, and the guests' replies to the host."""
        queue = list(sends)
        while queue:
            send = queue.pop(0)
            if send.seat in self.cut:
                continue
            self.log.append(send)
            self.leaks += [f"seat {send.seat}: {c}" for c in leaked_cards(self.host, send)]
            for reply in self.guests[send.seat].receive(send.text):
                queue += self.host.receive(send.seat, reply)

    def join_all(self) -> None:
        for seat, guest in self.guests.items():
            self.deliver(self.host.receive(seat, guest.hello()))

    def step(self) -> None:
        """One move of whoever's turn it is, chosen at random among the legal ones."""
        game = self.host.game
        assert game is not None
        seat = game.current_player
        assert seat is not None
        if self.host.seats[seat] == REMOTE:
            guest = self.guests[seat]
            assert guest.obs is not None and guest.obs["current_player"] == seat
            action = self.rng.choice(guest.obs["legal_actions"])
            self.deliver(self.host.receive(seat, guest.act(action)))
            assert guest.refusal is None, guest.refusal
        else:
            action = self.rng.choice(game.legal_actions()).text()
            self.deliver(self.host.act(seat, action))

    def play_deal(self, limit: int = 2000) -> None:
        game = self.host.game
        assert game is not None
        for _ in range(limit):
            if game.deal_over:
                return
            self.step()
        raise AssertionError("the deal did not end")


__all__ = ["COMPUTER", "LinkedTable", "card_words", "leaked_cards", "leaks_in_messages", "seen_by",
           "visible_to"]
