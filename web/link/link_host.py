"""The host's session: its engine is the only authority over a table shared with guests.

Each remote seat talks over its own channel; the host knows which seat a channel is, so a
message that names another seat is refused. A guest's action is checked for turn and
freshness here and for legality by the engine; whatever is refused changes nothing and
is answered with a reason code. Each guest receives only its own seat's observation.
"""

from __future__ import annotations

import json
import secrets as random_source
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine import IllegalActionError, NotationError, new_game
from engine.cards import code_text
from engine.playable import PlayableGame
from web.storage.json_data import JsonObject, JsonValue, as_list, as_object

from .fair_deck import HOST_KEY, commitment, deal_seed
from .wire import (
    GUEST_MESSAGES,
    MAX_GUEST_BYTES,
    Act,
    Commit,
    GuestMessage,
    Hello,
    Refusal,
    Reveal,
    decode,
    encode,
)
from .wire import TOKEN as TOKEN_TEXT

HERE, COMPUTER, REMOTE = "here", "computer", "remote"
# The phases of a table: guests joining, a deal's commit round, its reveal round, play.
JOINING, COMMITTING, REVEALING, PLAYING = "joining", "committing", "revealing", "playing"


@dataclass(frozen=True)
class Send:
    """One message for the guest at ``seat``."""

    seat: int
    text: str


def seat_view(game: PlayableGame, seat: int) -> JsonObject:
    """What ``seat`` may know, as JSON: the engine's observation of that seat plus the
    scores and the last trick everyone saw."""
    obs = game.observation(seat)
    data: JsonObject = obs.to_json()
    data["game_scores"] = [*obs.game_scores]
    data["last_trick"] = [[s, code_text(c), t] for s, c, t in obs.last_trick]
    data["deal_over"] = game.deal_over
    data["game_over"] = game.is_terminal
    return data


class HostTable:
    """A table whose seats are here, the computer's, or another device's."""

    def __init__(self, variant: str, options: Mapping[str, JsonValue], seats: Sequence[str],
                 dealer: int = 0, entropy: Callable[[], str] | None = None) -> None:
        self.variant = variant
        self.options: JsonObject = dict(options)
        self.seats = list(seats)
        self.dealer = dealer
        self.entropy = entropy or (lambda: random_source.token_hex(32))
        self.tokens: dict[int, str] = {}
        self.connected: set[int] = set()
        self.left: set[int] = set()
        self.game: PlayableGame | None = None
        self.phase = JOINING
        self.deal_number = -1
        self.secret = ""
        self.hashes: dict[int, str] = {}
        self.reveals: dict[int, str] = {}
        self.n = 0  # the state number: grows with every change a guest sees
        # per deal: the shares of its shuffle, by seat ({"secrets": ...}, as saved)
        self.finished: list[dict[str, dict[int, str]]] = []
        # How a checked move is carried out: the engine's apply, or the table app's, which
        # also saves and keeps the records (web.link.hosting).
        self.apply_move: Callable[[str], None] | None = None
        # What a guest's table draws for its seat (web.table.seat_frame, as JSON; {}: none).
        self.frame_of: Callable[[int], JsonObject] | None = None

    # ----- seats ------------------------------------------------------------
    @property
    def remote(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == REMOTE]

    @property
    def waiting(self) -> list[int]:
        """Remote seats whose device is not connected: the table waits for them."""
        return [s for s in self.remote if s not in self.connected]

    def _state(self, seat: int) -> Send:
        assert self.game is not None
        frame = {} if self.frame_of is None else self.frame_of(seat)
        return Send(seat, encode("state", n=self.n, deal=self.deal_number,
                                 obs=seat_view(self.game, seat), frame=frame))

    def _broadcast_states(self) -> list[Send]:
        if self.game is None:
            return []
        return [self._state(s) for s in self.remote if s in self.connected]

    def _to_connected(self, text: str, but: int | None = None) -> list[Send]:
        return [Send(s, text) for s in self.remote if s in self.connected and s != but]

    # ----- channels -----------------------------------------------------------
    def opened(self, seat: int) -> list[Send]:
        """A channel for ``seat`` opened: tell the device which seat it is (it says hello)."""
        if not 0 <= seat < len(self.seats) or self.seats[seat] != REMOTE:
            return []
        return [Send(seat, encode("seat", seat=seat))]

    def disconnected(self, seat: int) -> list[Send]:
        """A guest's channel closed: everyone else sees the table wait for it."""
        if seat not in self.connected:
            return []
        self.connected.discard(seat)
        return self._to_connected(encode("paused", waiting=self.waiting))

    def closing(self) -> list[Send]:
        """The host leaves the table (a game of its own): every device is told so."""
        return self._to_connected(encode("closed"))

    def reinvite(self, seat: int) -> None:
        """A guest lost its page's storage: the next device paired for ``seat`` takes it."""
        self.tokens.pop(seat, None)

    def give_to_computer(self, seat: int) -> list[Send]:
        """A guest left (or will not come back): the computer plays its seat from now."""
        if self.seats[seat] != REMOTE:
            return []
        self.seats[seat] = COMPUTER
        self.connected.discard(seat)
        self.hashes.pop(seat, None)
        self.reveals.pop(seat, None)
        out = self._to_connected(encode("resumed")) if not self.waiting else []
        return out + self._advance_round()

    # ----- messages from guests ----------------------------------------------------
    def receive(self, seat: int, text: object) -> list[Send]:
        """A message from the channel of ``seat``: what to send back (a refusal changes
        nothing)."""
        try:
            message = decode(text, GUEST_MESSAGES, MAX_GUEST_BYTES)
            return self._handle(seat, message)
        except Refusal as refusal:
            return [Send(seat, encode("refused", reason=refusal.reason, rule=refusal.rule))]

    def _handle(self, seat: int, message: GuestMessage) -> list[Send]:
        if not 0 <= seat < len(self.seats) or self.seats[seat] != REMOTE:
            raise Refusal("left" if seat in self.left else "wrong_seat")
        if message.seat != seat:
            raise Refusal("wrong_seat")
        if isinstance(message, Hello):
            return self._hello(seat, message.token)
        if seat not in self.connected:
            raise Refusal("not_joined")
        if isinstance(message, Commit):
            return self._commit(seat, message.deal, message.hash)
        if isinstance(message, Reveal):
            return self._reveal(seat, message.deal, message.secret)
        if isinstance(message, Act):
            return self._guest_act(seat, message.n, message.action)
        return self._leave(seat)

    def _hello(self, seat: int, token: str | None) -> list[Send]:
        known = self.tokens.get(seat)
        if known is not None and token != known:
            raise Refusal("bad_token")
        if known is None:
            if token is not None:
                raise Refusal("bad_token")
            known = self.tokens[seat] = random_source.token_hex(16)
        self.connected.add(seat)
        out = [Send(seat, encode("welcome", seat=seat, token=known, variant=self.variant,
                                 options=self.options, players=len(self.seats)))]
        if self.phase in (COMMITTING, REVEALING):
            out.append(Send(seat, encode("commit", deal=self.deal_number,
                                         hash=commitment(self.secret))))
        if self.phase == REVEALING:
            out.append(Send(seat, self._reveal_text()))
        if self.game is not None:
            out.append(self._state(seat))
        if not self.waiting:
            out += self._to_connected(encode("resumed"), but=seat)
        else:
            out.append(Send(seat, encode("paused", waiting=self.waiting)))
        return out

    def _commit(self, seat: int, deal: int, digest: str) -> list[Send]:
        if deal == self.deal_number and self.hashes.get(seat) == digest:
            return []  # the same commitment again (a guest that rejoined): nothing new
        if self.phase != COMMITTING:
            raise Refusal("already_committed" if seat in self.hashes else "not_now")
        if deal != self.deal_number:
            raise Refusal("wrong_deal")
        if seat in self.hashes:
            raise Refusal("already_committed")
        self.hashes[seat] = digest
        return self._advance_round()

    def _reveal(self, seat: int, deal: int, secret: str) -> list[Send]:
        if deal == self.deal_number and self.reveals.get(seat) == secret:
            return []  # the same secret again (a guest that rejoined): nothing new
        if self.phase != REVEALING or seat in self.reveals:
            raise Refusal("not_now")
        if deal != self.deal_number:
            raise Refusal("wrong_deal")
        if commitment(secret) != self.hashes[seat]:
            raise Refusal("bad_reveal")
        self.reveals[seat] = secret
        return self._advance_round()

    def _guest_act(self, seat: int, n: int, action: str) -> list[Send]:
        if self.phase != PLAYING or self.game is None:
            raise Refusal("not_now")
        if n != self.n:
            raise Refusal("stale")
        return self._apply(seat, action)

    def _leave(self, seat: int) -> list[Send]:
        self.left.add(seat)
        self.connected.discard(seat)
        return self._to_connected(encode("paused", waiting=self.waiting))

    # ----- the host's own moves -------------------------------------------------------
    def act(self, seat: int, action: str) -> list[Send]:
        """A move of a seat played on this device (its player or the computer)."""
        if self.seats[seat] == REMOTE:
            raise Refusal("wrong_seat")
        if self.phase != PLAYING or self.game is None:
            raise Refusal("not_now")
        return self._apply(seat, action)

    def _apply(self, seat: int, action: str) -> list[Send]:
        game = self.game
        assert game is not None
        if self.waiting:
            raise Refusal("paused")
        if game.current_player != seat:
            raise Refusal("not_your_turn")
        try:
            if self.apply_move is None:
                game.apply(action)
            else:
                self.apply_move(action)
        except (IllegalActionError, NotationError) as err:
            raise Refusal("illegal", getattr(err, "rule", "notation")) from None
        self.n += 1
        out = self._broadcast_states()
        if game.deal_over:
            out += self._deal_record()
        return out

    def _deal_record(self) -> list[Send]:
        assert self.game is not None
        secrets = {str(s): v for s, v in self.finished[-1]["secrets"].items()}
        text = encode("record", deal=self.deal_number, record=self.game.record(),
                      secrets=secrets)
        return self._to_connected(text)

    # ----- deals -------------------------------------------------------------------------
    def start_deal(self) -> list[Send]:
        """Begin the next deal's commit round (every remote seat must be connected)."""
        if self.waiting:
            raise Refusal("paused")
        if self.phase != JOINING and not (self.phase == PLAYING and self.game is not None
                                          and self.game.deal_over
                                          and not self.game.is_terminal):
            raise Refusal("not_now")
        self.deal_number += 1
        self.secret = self.entropy()
        self.hashes, self.reveals = {}, {}
        self.phase = COMMITTING
        self.n += 1
        out = self._to_connected(encode("commit", deal=self.deal_number,
                                        hash=commitment(self.secret)))
        return out + self._advance_round()

    def rematch(self) -> list[Send]:
        """A new game at the same table with the same devices, once the game is over: its
        first deal is dealt like any next deal (a share of the shuffle from every device),
        the next seat dealing first."""
        if self.waiting:
            raise Refusal("paused")
        if self.phase != PLAYING or self.game is None or not self.game.is_terminal:
            raise Refusal("not_now")
        self.dealer = (self.dealer + 1) % len(self.seats)
        self.game, self.phase = None, JOINING
        return self.start_deal()

    def _reveal_text(self) -> str:
        return encode("reveal", deal=self.deal_number, secret=self.secret,
                      hashes={str(s): h for s, h in self.hashes.items()})

    def _advance_round(self) -> list[Send]:
        remote = set(self.remote)
        if self.phase == COMMITTING and set(self.hashes) >= remote:
            self.phase = REVEALING
            return self._to_connected(self._reveal_text()) + self._advance_round()
        if self.phase == REVEALING and set(self.reveals) >= remote:
            return self._deal()
        return []

    def _deal(self) -> list[Send]:
        contributions = {s: v for s, v in self.reveals.items() if s in self.remote}
        contributions[HOST_KEY] = self.secret
        seed = deal_seed(self.deal_number, contributions)
        if self.game is None:
            self.game = new_game(self.variant, self.options, seed=seed, dealer=self.dealer)
        else:
            self.game.rng.seed(seed)  # the engine's generator shuffles from both secrets
            self.game.next_deal()
        self.finished.append({"secrets": contributions})
        self.phase = PLAYING
        self.n += 1
        return self._broadcast_states()

    # ----- saves --------------------------------------------------------------------------
    def to_json(self) -> dict[str, object]:
        """The protocol's state beside the saved game: a host page reloaded keeps each
        device's seat (its token) and the shares of the deal under way."""
        return {"seats": list(self.seats), "dealer": self.dealer, "tokens": dict(self.tokens),
                "left": sorted(self.left), "phase": self.phase, "deal": self.deal_number,
                "secret": self.secret, "hashes": dict(self.hashes),
                "reveals": dict(self.reveals), "n": self.n, "finished": list(self.finished)}

    @classmethod
    def restore(cls, data: object, variant: str, options: Mapping[str, JsonValue],
                game: PlayableGame) -> HostTable:
        """A saved table around its saved game (ValueError: a save that does not fit)."""
        saved = _need(as_object(data), "table")
        seats = [_text(k) for k in _need(as_list(saved.get("seats")), "seats")]
        table = cls(variant, options, seats, dealer=_number(saved.get("dealer")))
        table.tokens = _by_seat(saved.get("tokens"))
        table.left = {_number(s) for s in _need(as_list(saved.get("left")), "left")}
        table.phase = _text(saved.get("phase"))
        table.deal_number = _number(saved.get("deal"))
        table.secret = _text(saved.get("secret"))
        table.hashes = _by_seat(saved.get("hashes"))
        table.reveals = _by_seat(saved.get("reveals"))
        # the save is written while a move is carried out, before its state number
        # grows: past any number a guest may have seen, so it takes the next state
        table.n = _number(saved.get("n")) + 2
        table.finished = [{"secrets": _by_seat(_need(as_object(f), "deal").get("secrets"))}
                          for f in _need(as_list(saved.get("finished")), "finished")]
        if (len(seats) != game.rules.players or any(k not in (HERE, COMPUTER, REMOTE)
                                                    for k in seats)
                or table.phase not in (JOINING, COMMITTING, REVEALING, PLAYING)
                or not all(TOKEN_TEXT.fullmatch(t) for t in table.tokens.values())):
            raise ValueError("hosting: seats, phase or tokens do not fit the game")
        table.game = game
        return table

    # ----- what tests and saves compare ------------------------------------------------------
    def snapshot(self) -> str:
        """Everything that decides the table, as text: equal before and after a refusal."""
        return json.dumps({
            "game": None if self.game is None else self.game.to_json(),
            "phase": self.phase, "deal": self.deal_number, "n": self.n,
            "hashes": self.hashes, "reveals": self.reveals, "seats": self.seats,
            "connected": sorted(self.connected), "left": sorted(self.left),
            "tokens": self.tokens,
        }, sort_keys=True)


# ----- reading a saved table: each value as the save writes it, else ValueError --------------
T = TypeVar("T")


def _need(value: T | None, what: str) -> T:
    if value is None:
        raise ValueError(f"hosting: {what} missing or not the saved kind")
    return value


def _number(value: JsonValue) -> int:
    if type(value) is not int:
        raise ValueError(f"hosting: {value!r} is not a whole number")
    return value


def _text(value: JsonValue) -> str:
    if not isinstance(value, str):
        raise ValueError(f"hosting: {value!r} is not text")
    return value


def _by_seat(value: JsonValue) -> dict[int, str]:
    """Texts by seat (their keys the seat numbers as text, as JSON writes them)."""
    texts = _need(as_object(value), "texts by seat")
    if not all(k.isdecimal() for k in texts):
        raise ValueError(f"hosting: {sorted(texts)!r} are not all seat numbers")
    return {int(k): _text(v) for k, v in texts.items()}
