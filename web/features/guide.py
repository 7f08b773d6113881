"""The guided first deal at the table: a variant's prepared deal (``engine.guided``),
explained step by step in a bubble by the cards, the player making each move.

While the script runs, the table accepts only the scripted move of the person's seat
(highlighted; where a step asks for it, the other cards are dimmed) and the computer's
seats play their scripted moves; a step that only explains holds the computer until the
player taps "Got it". After the script's last move a last bubble says the deal goes on
as a normal game. The game is saved and resumed like any other, its save naming the
variant (``guided``); a guided game never counts in the statistics. Leaving shows the
start screen (Continue resumes it); the start screen's and the rules' button start it
afresh. The words are the catalog's ``guided.*`` (``guided.<family>.<moment>`` where a
family of variants says it otherwise).

What the bubble shows is the model's (``web.state.guide_state``): the guide tells it where
the script stands whenever the guided game moves (``follow``), and
``web.view.guideview`` draws it from there.
"""

from __future__ import annotations

import contextlib
from typing import Protocol

from engine import Action
from engine.errors import RecordError
from engine.guided import GUIDED_VARIANTS, GuidedScript, GuidedStep, script_for
from engine.observation import Observation
from engine.playable import PlayableGame
from engine.players import Decision, Player, decided
from web.link.pairing import Pairing
from web.platform.dom import Control
from web.state.game_setup import Setup
from web.state.guide_state import BubbleClosed, GuideMoved, GuidePlace, shown_steps
from web.state.model import NewGameAsked, ScreenShown
from web.state.seats import Seats
from web.table.dealing import prepared_setup
from web.table.table_parts import TableBase

FREE = "free"  # the bubble after the script's last move


class GuideTable(TableBase, Protocol):
    """What the guide reads and changes of its table (``web.app.App`` is one)."""

    pairing: Pairing


class Guide:
    """The guided deal of one table: which script runs on which game, and how far."""

    def __init__(self, app: GuideTable) -> None:
        self.app = app
        self.script: GuidedScript | None = None
        self.game: PlayableGame | None = None  # the guided game (another on the table: off)

    # ------------------------------------------------------------ state
    @property
    def active(self) -> bool:
        """The game on the table is a guided one (its script may be over)."""
        return self.script is not None and self.game is self.app.game

    def applied(self) -> int | None:
        """Moves made in the guided deal (None: no guided deal on the table, or a later
        deal of its game)."""
        if not self.active or self.app.model.table.deal_number != 1:
            return None
        return len(self.app.game.deal.history)

    def scripted(self) -> str | None:
        """The one move the table accepts now (None: any legal move)."""
        applied = self.applied()
        if self.script is None or applied is None:
            return None
        return self.script.scripted_move(applied)

    def showing(self) -> list[GuidedStep]:
        """The steps whose bubble shows now (a closed explaining one no longer)."""
        applied = self.applied()
        if self.script is None or applied is None:
            return []
        return shown_steps(self.steps_at(applied), applied, self.app.model.guide.bubble_closed)

    def steps_at(self, applied: int) -> list[GuidedStep]:
        """The script's steps at this move (after its last move: the last bubble)."""
        if self.script is None:
            return []
        if applied == len(self.script.moves):
            return [GuidedStep(FREE, applied)]
        return self.script.steps_at(applied)

    def holds(self) -> bool:
        """A bubble that only explains is open: the computer waits for "Got it"."""
        return any(s.ask is None for s in self.showing())

    def place(self) -> GuidePlace | None:
        """Where the guided deal stands, as its bubble shows it (None: no guided deal)."""
        applied = self.applied()
        script = self.script
        if script is None or applied is None:
            return None
        number = 1 + sum(1 for s in script.steps if s.at < applied)
        return GuidePlace(script.variant, applied, tuple(self.steps_at(applied)),
                          script.scripted_move(applied), min(number, len(script.steps)),
                          len(script.steps))

    def follow(self) -> None:
        """Before each paint (web.view.table_paint): the model learns where the guided deal
        stands now, when that changed."""
        place = self.place()
        if place != self.app.model.guide.place:
            self.app.dispatch(GuideMoved(place))

    def save_fields(self) -> dict[str, object]:
        """What the save keeps of the guide: the variant of a guided game."""
        return {"guided": self.script.variant} if self.active and self.script else {}

    # ------------------------------------------------------------ the table's hooks
    def adopt(self, variant: object) -> None:
        """A save read back: a guided game goes on where it was."""
        self.script = self.game = None
        script = None
        if isinstance(variant, str) and variant in GUIDED_VARIANTS:
            with contextlib.suppress(RecordError):
                script = script_for(variant)
        if script is not None and script.variant == self.app.game.rules.name:
            self.script, self.game = script, self.app.game
            self.app.dispatch(BubbleClosed(-1))

    def player(self, seat: int, usual: Player) -> Player:
        """Who plays a computer's seat now: its scripted moves while the script runs."""
        if self.scripted() is None:
            return usual
        return ScriptedPlayer(self, usual)

    def refuses(self, text: str) -> bool:
        """A person's move other than the scripted one: told, shaken, not made."""
        wanted = self.scripted()
        app = self.app
        if wanted is None or app.game.current_player != app.model.table.human:
            return False
        try:
            if Action.parse(text) == Action.parse(wanted):
                return False
        except ValueError:
            pass
        app.set_notice(("guided.follow", {}), error=True)
        app.dom.shake(text)
        app.render()
        return True

    def starts(self, setup: Setup) -> bool:
        """A confirmed new game that is a guided deal (the confirm screen's setup)."""
        variant = setup.get("guided")
        if not isinstance(variant, str):
            return False
        self.begin(variant)
        return True

    # ------------------------------------------------------------ commands
    def command(self, name: str, el: Control) -> bool:
        """The guide's commands; True if ``name`` was one."""
        if name == "guided":
            self.ask(self.app.dom.attr(el, "data-variant") or self.app.game.rules.name)
        elif name == "guided-ok":
            applied = self.applied()
            self.app.dispatch(BubbleClosed(-1 if applied is None else applied))
            self.app.render()
            self.app.focus_hand()
            self.app.turns.kick()
        elif name == "guided-skip":
            self.skip()
        elif name == "guided-leave":
            self.app.dispatch(ScreenShown("start"))
            self.app.render()
            self.app.focus_first("#bz-overlay .primary")
        else:
            return False
        return True

    def skip(self) -> None:
        """Play the scripted moves, the person's too, up to the next step: the long deals
        (the multi-pack games' run to 340 moves) need not be tapped through card by card."""
        app = self.app
        applied = self.applied()
        if self.script is None or applied is None or self.showing():
            return
        target = next((s.at for s in self.script.steps if s.at > applied),
                      len(self.script.moves))
        app.turns.stop()
        while (applied := self.applied()) is not None and applied < target:
            move = self.scripted()
            if move is None:
                break
            app.course.apply(move)
        app.render()
        app.focus_hand()
        app.turns.kick()

    def ask(self, variant: str) -> None:
        """Start a guided deal, after the question that a game in progress would be left."""
        app = self.app
        if variant not in GUIDED_VARIANTS:
            variant = "classic"
        if app.model.prefs.confirm_new_game and app.course.game_in_progress():
            app.dispatch(NewGameAsked({"guided": variant}, {}))
            return
        self.begin(variant)

    def begin(self, variant: str) -> None:
        """Deal the variant's guided deal: the player's game from now on."""
        app = self.app
        script = script_for(variant if variant in GUIDED_VARIANTS else "classic")
        game = script.start()
        seats = Seats.solo(game.rules.players, script.seat)
        setup = prepared_setup(app.model.table.setup, script.variant, seats)
        app.pairing.close()  # a game here: this device leaves another's table
        app.course.put_on_table(game, setup, seats)
        self.script, self.game = script, game
        self.app.dispatch(BubbleClosed(-1))
        app.course.keep_new_game()
        app.render()
        app.focus_hand(0)
        app.turns.kick()


class ScriptedPlayer:
    """A computer's seat during the script: the scripted move, else its usual player."""

    def __init__(self, guide: Guide, usual: Player) -> None:
        self.guide = guide
        self.usual = usual
        self.name = usual.name

    def decide(self, obs: Observation) -> Decision:
        wanted = self.guide.scripted()
        if wanted is not None:
            action = Action.parse(wanted)
            if action in obs.legal_actions:
                return decided(action)
        return self.usual.decide(obs)
