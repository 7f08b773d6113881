"""A game: deals to the target, with the dealer passing on and the tie rules.

Chance lives here: the game owns a seeded ``random.Random`` and shuffles each
deal from it; a deal itself is deterministic given its cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action
from .cards import code_text, parse_code
from .deal import Deal, DealResult
from .errors import IllegalActionError, NotationError, RecordError
from .facts import MatchFacts, SessionFacts
from .observation import Observation, VidoStakes
from .rules import Ruleset
from .variants import make_rules

if TYPE_CHECKING:
    from .playable import PlayableGame

SAVE_VERSION = 1
# The class each variant is played as when it is more than one game (bezik: a match of
# games). ``engine.match`` adds itself (the package imports it), so this module, below
# it, needs no import of it.
PLAYED_AS: dict[str, Any] = {}
_MT_WORDS = 624  # Mersenne Twister state words; the state adds the position in them


def rng_state(data: Any) -> tuple[Any, ...]:
    """A saved random.Random state, checked word by word (RecordError if out of range)."""
    if not isinstance(data, (list, tuple)) or len(data) != 3:
        raise RecordError("malformed save: rng is not [version, state, gauss]")
    version, internal, gauss = data
    words = internal if isinstance(internal, (list, tuple)) else ()
    if (
        type(version) is not int
        or version != 3
        or len(words) != _MT_WORDS + 1
        or any(type(w) is not int or not 0 <= w < 2**32 for w in words)
        or not 0 <= words[-1] <= _MT_WORDS
        or not (gauss is None or type(gauss) is float)
    ):
        raise RecordError("malformed save: rng state out of range")
    return (version, tuple(words), gauss)


def side_totals(values: Sequence[int], partnerships: bool) -> list[int]:
    """Per-seat values as per-side ones (partners, seats 0+2 and 1+3, add up)."""
    if not partnerships:
        return list(values)
    return [values[0] + values[2], values[1] + values[3]]


def side_of(seat: int, partnerships: bool) -> int:
    """The side a seat plays for (its own with no partnerships)."""
    return seat % 2 if partnerships else seat


def last_trick_decides(totals: Sequence[int], target: int, tie_break: str) -> bool:
    """Every side has the target and the tie rule gives the game to the last trick."""
    return tie_break == "last_trick" and min(totals) >= target


def winning_side(totals: Sequence[int], target: int, tie_break: str,
                 from_last: Sequence[int]) -> int | None:
    """Who wins the game on these side totals (None: nobody reached the target yet).

    ``from_last`` lists the sides in seat order from the last trick's winner: with
    ``tie_break`` "last_trick" that side wins when it reached the target too; else the
    higher total, and on an exact tie the first of the tied in that order."""
    reached = [s for s, total in enumerate(totals) if total >= target]
    if len(reached) <= 1:
        return reached[0] if reached else None
    if tie_break == "last_trick" and from_last[0] in reached:
        return from_last[0]
    best = max(totals[s] for s in reached)
    tied = [s for s in reached if totals[s] == best]
    return next(s for s in from_last if s in tied)


def game_winner(rules: Ruleset, totals: Sequence[int], last_trick: int | None) -> int | None:
    """Who wins on these per-seat game totals after a deal whose last trick ``last_trick``
    took (seat, or side in partnerships; None: the game goes on)."""
    n, last, pairs = rules.players, last_trick or 0, rules.partnerships
    order = [(last + k) % n % 2 if pairs else (last + k) % n for k in range(n)]
    return winning_side(side_totals(totals, pairs), rules.target, rules.tie_break, order)


class Game:
    """A series of deals until a player (a side) reaches the target."""

    def __init__(self, rules: Ruleset, seed: int | None = None, dealer: int = 0) -> None:
        if not 0 <= dealer < rules.players:
            raise RecordError(f"dealer must be a seat from 0 to {rules.players - 1}")
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.first_dealer = dealer
        self.starts: list[dict[str, Any]] = []
        self.results: list[DealResult] = []
        self.totals = [0] * rules.players
        self.winner: int | None = None
        self.histories: list[list[str]] = []  # actions of the finished deals
        self.deal = self._shuffled_deal(dealer)

    # ----- chance --------------------------------------------------------
    def _shuffled_deal(self, dealer: int) -> Deal:
        rules = self.rules
        ids = list(range(len(rules.deck())))
        self.rng.shuffle(ids)
        n = rules.players
        hands: list[list[int]] = [[] for _ in range(n)]
        for packet in rules.deal_packets:
            for k in range(1, n + 1):
                seat = (dealer + k) % n
                hands[seat].extend(ids[:packet])
                del ids[:packet]
        turnup = ids.pop(0) if rules.has_turnup else None
        kinds = rules.kinds
        # Through from_codes, so copies get the same ids as when the record is replayed.
        return self._start(Deal.from_codes(
            rules, dealer, [[kinds[i] for i in h] for h in hands], [kinds[i] for i in ids],
            None if turnup is None else kinds[turnup],
        ))

    def _start(self, deal: Deal) -> Deal:
        kinds = deal.kinds
        start: dict[str, Any] = {
            "hands": [[code_text(kinds[i]) for i in h] for h in deal.hands],
            "stock": [code_text(kinds[i]) for i in reversed(deal.stock)],
        }
        if deal.turnup is not None:
            start["turnup"] = code_text(kinds[deal.turnup])
        start["dealer"] = deal.dealer
        self.starts.append(start)
        return deal

    # ----- the OpenSpiel-like surface ------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.deal.current_player

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def deal_over(self) -> bool:
        return self.deal.is_terminal

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal else self.deal.legal_actions()

    def apply(self, action: Action | str) -> None:
        if self.is_terminal:
            raise IllegalActionError("game_over", "the game is over")
        self.deal.apply(action)
        if self.deal.is_terminal:
            self._close_deal()

    def _close_deal(self) -> None:
        result = self.deal.result()
        self.results.append(result)
        for seat, points in enumerate(result.totals):
            self.totals[seat] += points
        self.winner = self.decide_winner(result.last_trick)

    def next_deal(self) -> None:
        """Deal the next hand (the deal passes to the next seat)."""
        if not self.deal.is_terminal:
            raise IllegalActionError("deal_not_over", "the current deal is still being played")
        if self.is_terminal:
            raise IllegalActionError("game_over", "the game is over")
        self.histories.append(list(self.deal.history))
        self.deal = self._shuffled_deal((self.deal.dealer + 1) % self.rules.players)

    def observation(self, seat: int) -> Observation:
        """The deal's observation plus the game scores everyone can see."""
        obs = self.deal.observation(seat)
        obs.game_scores = self.scores()
        return obs

    def vido_stakes(self, seat: int) -> VidoStakes | None:
        """What a vido would put at stake for ``seat`` now; only bezik's match has vidos."""
        return None

    def match_facts(self) -> MatchFacts | None:
        """The match around this game (bezik's marköz); a plain game is no match."""
        return None

    def session_facts(self) -> SessionFacts | None:
        """The multi-pack session around this game (``engine.session``); None here."""
        return None

    @property
    def game_over(self) -> bool:
        """The current game is decided (a bezik match may go on with the next game)."""
        return self.is_terminal

    @property
    def game_winner(self) -> int | None:
        """The current game's winner (seat, or side in partnerships)."""
        return self.winner

    @property
    def match_over(self) -> bool:
        """A match around the game is decided; a plain game is no match."""
        return False

    def scores(self) -> list[int]:
        """Game score per seat, the running deal included."""
        if self.deal.is_terminal:
            return list(self.totals)
        return [t + p for t, p in zip(self.totals, self.deal.points, strict=True)]

    def side_totals(self, totals: Sequence[int] | None = None) -> list[int]:
        return side_totals(self.totals if totals is None else totals, self.rules.partnerships)

    def decide_winner(self, last_trick: int | None) -> int | None:
        """The winner (seat, or side in partnerships) once someone reached the target."""
        return game_winner(self.rules, self.totals, last_trick)

    # ----- records and saves --------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game record (docs/design.md) of everything played so far."""
        deals = []
        for start, history in zip(self.starts, self._histories(), strict=True):
            entry = {k: v for k, v in start.items() if k != "dealer"}
            entry["actions"] = list(history)
            deals.append(entry)
        return {
            "variant": self.rules.name,
            "options": dict(self.rules.options),
            "dealer": self.first_dealer,
            "deals": deals,
        }

    def _histories(self) -> list[list[str]]:
        return [*self.histories, list(self.deal.history)]

    def to_json(self) -> dict[str, Any]:
        """A save: the record so far plus the random generator's state."""
        state = self.rng.getstate()
        return {
            "save_version": SAVE_VERSION,
            "record": self.record(),
            "seed": self.seed,
            "rng": [state[0], list(state[1]), state[2]],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a saved game by replaying its record (RecordError if it does not fit)."""
        if not isinstance(data, Mapping) or data.get("save_version") != SAVE_VERSION:
            raise RecordError("unsupported save version")
        try:
            game = replay_record(data["record"], seed=data.get("seed"))
            game.rng.setstate(rng_state(data["rng"]))
        except (KeyError, TypeError, ValueError, OverflowError) as err:
            if isinstance(err, RecordError):
                raise
            raise RecordError(f"malformed save: {err}") from None
        return game

    def clone(self) -> Game:
        return Game.from_json(self.to_json())


def new_game(
    variant: str = "classic",
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    dealer: int = 0,
) -> Game:
    rules = make_rules(variant, options)
    top = _top_level(rules)
    if top is not None:
        return top(rules, seed=seed, dealer=dealer)  # type: ignore[no-any-return]
    return Game(rules, seed=seed, dealer=dealer)


def _top_level(rules: Ruleset) -> Any:
    """The class a variant is played as when it is more than a game (bezik: a match),
    else None (a Game)."""
    return PLAYED_AS.get(rules.name)


class ReplayError(IllegalActionError):
    """An illegal action inside a record: where it is and which rule it breaks."""

    def __init__(self, deal: int, index: int, action: str, cause: IllegalActionError) -> None:
        super().__init__(cause.rule, cause.reason)
        self.deal = deal
        self.index = index
        self.action = action


def _codes(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError(f"{what} must be a list of card names")
    try:
        return [parse_code(c) for c in value]
    except NotationError as err:
        raise RecordError(f"{what}: {err}") from None


def replay_record(record: Any, seed: int | None = None) -> Game:
    """Play a record through the engine; RecordError if malformed, ReplayError if illegal."""
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    variant = record.get("variant")
    if not isinstance(variant, str):
        raise RecordError("the record names no variant")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("options must be an object")
    rules = make_rules(variant, options)
    dealer = record.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError("dealer must be a seat number")
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError("the record has no deals")
    top = _top_level(rules)
    if top is not None:
        return top.replay(rules, dealer, deals, seed)  # type: ignore[no-any-return]
    game = Game.__new__(Game)
    game.rules = rules
    game.seed = seed
    game.rng = random.Random(seed)
    if not 0 <= dealer < rules.players:
        raise RecordError(f"dealer must be a seat from 0 to {rules.players - 1}")
    game.first_dealer = dealer
    game.starts = []
    game.results = []
    game.totals = [0] * rules.players
    game.winner = None
    game.histories = []
    seat = dealer
    for number, entry in enumerate(deals):
        if not isinstance(entry, Mapping):
            raise RecordError(f"deal {number} is not an object")
        if game.is_terminal:
            raise RecordError(f"deal {number} comes after the end of the game")
        if number:
            if not game.deal.is_terminal:
                raise RecordError(f"deal {number - 1} stops before its end")
            game.histories.append(list(game.deal.history))
            seat = (game.deal.dealer + 1) % rules.players
        replay_deal(game, rules, seat, entry, number)
    return game


def replay_deal(
    game: Game, rules: Ruleset, dealer: int, entry: Mapping[str, Any], number: int
) -> None:
    """Start deal ``number`` of a record with its cards and play its actions through ``game``."""
    hands = entry.get("hands")
    if not isinstance(hands, list):
        raise RecordError(f"deal {number}: hands must be a list")
    turnup = entry.get("turnup")
    if turnup is not None and not rules.has_turnup:
        raise RecordError(f"deal {number}: this variant has no turnup")
    deal = Deal.from_codes(
        rules,
        dealer,
        [_codes(h, f"deal {number} hand") for h in hands],
        _codes(entry.get("stock"), f"deal {number} stock"),
        None if turnup is None else _codes([turnup], f"deal {number} turnup")[0],
    )
    game.deal = game._start(deal)
    actions = entry.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(f"deal {number}: actions must be a list of strings")
    for index, text in enumerate(actions):
        try:
            if game.deal.is_terminal:
                raise IllegalActionError("deal_over", "the deal is over")
            game.apply(text)
        except IllegalActionError as err:
            raise ReplayError(number, index, text, err) from None


def summary(game: PlayableGame) -> dict[str, Any]:
    """The replay result (docs/design.md) for a game (or a bezik match)."""
    custom = getattr(game, "summary", None)
    if callable(custom):
        return custom()  # type: ignore[no-any-return]
    deals = []
    for result in game.results:
        entry = result.to_json()
        if game.rules.partnerships:
            entry["sides"] = game.side_totals(result.totals)
        deals.append(entry)
    overall: dict[str, Any] = {"totals": list(game.totals), "winner": game.winner}
    if game.rules.partnerships:
        overall["sides"] = game.side_totals()
    return {"ok": True, "deals": deals, "game": overall}
