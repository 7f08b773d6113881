"""The guided first deal: per variant a prepared deal and the steps that explain it.

A ``GuidedScript`` is a seed (the cards: ``engine.new_game(variant, seed=seed,
dealer=dealer)``), the player's seat, every action of the deal up to its last step
(``moves``: the player's and the opponents', so the deal unfolds the same whatever the AI
levels become), and the ``steps``. A step names its moment (``MOMENTS``), when it shows
(``at``: after that many of ``moves`` were applied), the cards it is about (``highlight``)
and the single move it asks of the player (``ask``: ``moves[at]``), or None for a step that
only explains. Every player move in ``moves`` is the scripted one: the table accepts only
it (highlighting it where no step stands). After the last move the deal goes on as a
normal game.

The scripts are found by ``tools/find_guided_seeds.py`` and kept in
``engine.guided_data``; ``moments_of`` finds the moments in a played deal, and
``check_script`` replays a script and checks that each step's moment happens where it says
(the tests run it for every variant). Nothing here holds words: each moment's bubble is the
catalog's ``guided.<moment>`` (the web side).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import DECLARE, PLAY, PLAY_TABLE, VIDO, Action
from .cards import code_text, parse_code
from .errors import RecordError
from .game import new_game
from .log_events import DeclareEvent, Kind, SeatEvent, SevenEvent
from .phases import ANSWERING, PLAYING
from .playable import PlayableGame

TRICK_WON = "trick_won"  # the player's card takes a trick
MARRIAGE = "marriage"  # a marriage declared after a won trick
BEZIQUE_KEPT = "bezique_kept"  # a bezique card kept while another card is played
BEZIQUE = "bezique"  # the bezique declared (bezik: "bezik")
TRUMP_SEVEN = "trump_seven"  # the seven of trumps shown or exchanged (russian: two sevens)
TRUMPS_FIXED = "trumps_fixed"  # no turn-up: the first marriage fixes trumps
VIDO_QUESTION = "vido"  # bezik: the vido may be called (or must be answered)
END_PHASE = "end_phase"  # the stock is gone: the obligations bind
OBLIGATION = "obligation"  # in the end phase, the legal cards are fewer than the hand

MOMENTS = (TRICK_WON, MARRIAGE, BEZIQUE_KEPT, BEZIQUE, TRUMP_SEVEN, TRUMPS_FIXED,
           VIDO_QUESTION, END_PHASE, OBLIGATION)
GUIDED_VARIANTS = ("classic", "russian", "russian-3", "russian-4", "no-trump", "bezik",
                   "rubicon", "six-pack", "eight-pack")
BEZIQUE_CARDS = (parse_code("QS"), parse_code("JD"))


def moments_wanted(variant: str) -> tuple[str, ...]:
    """The moments a variant's guided deal must hold, in the order they are sought."""
    rules = new_game(variant, seed=0).rules
    wanted = [TRICK_WON, MARRIAGE, BEZIQUE_KEPT, BEZIQUE]
    if rules.trump_sevens:
        wanted.append(TRUMP_SEVEN)
    if not rules.has_turnup:
        wanted.append(TRUMPS_FIXED)
    if variant == "bezik":
        wanted.append(VIDO_QUESTION)
    wanted += [END_PHASE, OBLIGATION]
    return tuple(wanted)


@dataclass(frozen=True)
class GuidedStep:
    """One bubble: its moment, when it shows, the cards it is about, the move it asks."""

    moment: str
    at: int
    highlight: tuple[str, ...] = ()
    ask: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"moment": self.moment, "at": self.at, "highlight": list(self.highlight),
                "ask": self.ask}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GuidedStep:
        try:
            moment = str(data["moment"])
            if moment not in MOMENTS:
                raise ValueError(f"unknown moment {moment!r}")
            ask = data.get("ask")
            return cls(moment, int(data["at"]), tuple(str(c) for c in data.get("highlight", ())),
                       None if ask is None else str(ask))
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed guided step: {err}") from None


@dataclass(frozen=True)
class GuidedScript:
    """A variant's prepared deal and its steps (see the module's docstring)."""

    variant: str
    seed: int
    dealer: int
    seat: int
    moves: tuple[str, ...]
    steps: tuple[GuidedStep, ...]

    def start(self) -> PlayableGame:
        """The game at the guided deal's start."""
        game: PlayableGame = new_game(self.variant, seed=self.seed, dealer=self.dealer)
        return game

    def scripted_move(self, applied: int) -> str | None:
        """The move the table accepts after ``applied`` moves (None once the script ends)."""
        return self.moves[applied] if applied < len(self.moves) else None

    def steps_at(self, applied: int) -> list[GuidedStep]:
        """The steps to show once ``applied`` moves are made, in order."""
        return [s for s in self.steps if s.at == applied]

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "seed": self.seed, "dealer": self.dealer,
                "seat": self.seat, "moves": list(self.moves),
                "steps": [s.to_json() for s in self.steps]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GuidedScript:
        try:
            moves = data["moves"]
            steps = data["steps"]
            if not isinstance(moves, list) or not isinstance(steps, list):
                raise TypeError("moves and steps must be lists")
            return cls(str(data["variant"]), int(data["seed"]), int(data["dealer"]),
                       int(data["seat"]), tuple(str(m) for m in moves),
                       tuple(GuidedStep.from_json(s) for s in steps))
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed guided script: {err}") from None


def _held(game: PlayableGame, seat: int) -> list[int]:
    deal = game.deal
    return [deal.kinds[i] for i in (*deal.hands[seat], *deal.tables[seat])]


def moments_of(game: PlayableGame, moves: Sequence[str], seat: int) -> list[GuidedStep]:
    """Play ``moves`` on ``game`` (changed) and list every moment the seat meets, each as
    the step that would show it (all occurrences, in play order)."""
    found: list[GuidedStep] = []
    deal = game.deal
    last_kept: GuidedStep | None = None
    seen_end = False
    for index, text in enumerate(moves):
        action = Action.parse(text)
        mine = game.current_player == seat
        legal = game.legal_actions() if mine else []
        trump_before = deal.trump
        in_end = deal.in_end_phase and deal.phase == PLAYING
        if in_end and not seen_end:
            seen_end = True
            found.append(GuidedStep(END_PHASE, index))
        if mine and (Action(VIDO) in legal or deal.phase == ANSWERING):
            found.append(GuidedStep(VIDO_QUESTION, index, (), text))
        if mine and in_end and action.kind in (PLAY, PLAY_TABLE) and deal.trick:
            plays = {a.codes[0] for a in legal if a.kind in (PLAY, PLAY_TABLE)}
            if plays < set(_held(game, seat)):
                found.append(GuidedStep(OBLIGATION, index,
                                        tuple(code_text(c) for c in sorted(plays)), text))
        if mine and action.kind in (PLAY, PLAY_TABLE) and not in_end:
            held = _held(game, seat)
            kept = tuple(c for c in BEZIQUE_CARDS if c in held)
            if len(kept) == 2 and action.codes[0] not in BEZIQUE_CARDS:
                last_kept = GuidedStep(BEZIQUE_KEPT, index, tuple(code_text(c) for c in kept),
                                       text)
        log_at = len(deal.log)
        game.apply(text)
        new = deal.log[log_at:]
        for event in new:
            # the player's own card, the trick's last, took it
            if (isinstance(event, SeatEvent) and event.kind == Kind.TRICK and event.seat == seat
                    and mine and action.kind in (PLAY, PLAY_TABLE)):
                found.append(GuidedStep(TRICK_WON, index, (code_text(action.codes[0]),),
                                            text))
            if isinstance(event, DeclareEvent) and event.seat == seat and mine:
                cards = tuple(code_text(c) for c in event.codes)
                if event.name.endswith("marriage"):
                    found.append(GuidedStep(MARRIAGE, index, cards, text))
                if event.name in ("bezique", "bezik"):
                    if last_kept is not None:
                        found.append(last_kept)
                    found.append(GuidedStep(BEZIQUE, index, cards, text))
                if event.name == "two_sevens":
                    found.append(GuidedStep(TRUMP_SEVEN, index, cards, text))
            if isinstance(event, SevenEvent) and event.seat == seat and mine:
                found.append(GuidedStep(TRUMP_SEVEN, index, (code_text(event.code),), text))
        if trump_before is None and deal.trump is not None:
            if mine and action.kind == DECLARE:
                found.append(GuidedStep(TRUMPS_FIXED, index, tuple(
                    code_text(c) for c in action.codes), text))
            else:  # another seat fixed them: explained once the move is made
                found.append(GuidedStep(TRUMPS_FIXED, index + 1))
    return found


def first_of_each(found: Sequence[GuidedStep], wanted: Sequence[str]) -> list[GuidedStep] | None:
    """The first step of each wanted moment, in play order (None if one is missing)."""
    steps: list[GuidedStep] = []
    for moment in wanted:
        hits = [s for s in found if s.moment == moment]
        if not hits:
            return None
        steps.append(hits[0])
    order = {m: k for k, m in enumerate(MOMENTS)}
    return sorted(steps, key=lambda s: (s.at, order[s.moment]))


def check_script(script: GuidedScript) -> list[str]:
    """Replay a script; the problems found (empty: every step's moment happens where it
    says, every asked move is the scripted one and the player's)."""
    problems: list[str] = []
    game = script.start()
    if len(script.moves) < max((s.at for s in script.steps), default=0):
        return ["a step stands after the last move"]
    try:
        probe = game.clone()
        owners = []
        for text in script.moves:
            owners.append(probe.current_player)
            probe.apply(text)
        found = moments_of(game, script.moves, script.seat)
    except (ValueError, RecordError) as err:
        return [f"the moves do not replay: {err}"]
    for step in script.steps:
        if step not in found:
            problems.append(f"{step.moment} at {step.at}: not there")
        if step.ask is not None:
            if step.at >= len(script.moves) or script.moves[step.at] != step.ask:
                problems.append(f"{step.moment} at {step.at}: asks another move than scripted")
            elif owners[step.at] != script.seat:
                problems.append(f"{step.moment} at {step.at}: asks the move of another seat")
    for moment in moments_wanted(script.variant):
        if not any(s.moment == moment for s in script.steps):
            problems.append(f"{moment}: no step")
    return problems


def script_for(variant: str) -> GuidedScript:
    """The shipped guided script of a variant (RecordError if it has none)."""
    from .guided_data import SCRIPTS

    data = SCRIPTS.get(variant)
    if data is None:
        raise RecordError(f"no guided deal for {variant!r}")
    return GuidedScript.from_json(data)


