"""The table's records screens: undo, score sheet, statistics, history, replays.

The commands hand theirs here first. What the screens show is the model's
(web.state.records_state), changed by messages: this module reads the statistics and the
history from storage when their screens open (and after they change), notes the game's
facts (its sheet, what undo could take back) whenever the table's game changes, and
records a finished game into the history and the statistics exactly once. It keeps only
the replay's worked-out steps beside the model (the step shown goes into the model as
data); every screen is drawn from the model by ``web.view.records_view``.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Protocol

from engine.playable import PlayableGame
from engine.undo import can_undo
from web.features import take_back
from web.features.daily_deal import DailyDeal
from web.features.guide import Guide
from web.platform.dom import Control
from web.records import history, sheet, stats
from web.records.replay import Viewer, shown_step
from web.state.records_state import (
    GameFacts,
    GameNoted,
    RecordProblem,
    RecordsClosed,
    RecordsOpened,
    RecordsRead,
    ReplayAt,
    ReplayShown,
    StatsResetAsked,
    undo_available,
)
from web.state.table_state import GameRecorded
from web.table.computer import default_level
from web.table.table_parts import TableBase

OVERLAYS = ("score-sheet", "stats", "history", "replay")


class RecordsTable(TableBase, Protocol):
    """What the records read and change of their table (``web.app.App`` is one)."""

    daily: DailyDeal
    guide: Guide

    @property
    def game(self) -> PlayableGame: ...
    @game.setter
    def game(self, game: PlayableGame) -> None: ...


class Records:
    """Commands and screens about the game's records, for one App."""

    def __init__(self, app: RecordsTable) -> None:
        self.app = app
        # the game the replay shows, and its steps worked out (the position is the model's)
        self.viewed: tuple[history.HistoryEntry, Viewer] | None = None
        # the statistics' change made by the game just finished (shown on its summary)
        self.change: tuple[PlayableGame, stats.StatsChange] | None = None
        self.noted: tuple[object, ...] = ()  # the position whose facts the model holds

    # ------------------------------------------------------------ commands
    def command(self, name: str, el: Control) -> bool:
        """Handle a records command (True), or leave it to the app (False)."""
        app = self.app
        if name == "undo":  # as the bar offers it: the model's facts say when (note_game)
            offered = undo_available(app.model.records.game, app.model.table.seats)
            if offered and take_back.take_back(app):
                app.set_notice(("undo.done", {}))
            app.render()
            app.focus_hand()
            return True
        if name in ("score-sheet", "stats", "history"):
            self.open(name)
            return True
        if name == "stats-reset":
            app.dispatch(StatsResetAsked())
            self.open("stats", focus='[data-command="stats-reset-confirm"]')
            return True
        if name == "stats-reset-confirm":
            stats.reset(app.store)
            app.daily.reset()  # the daily deals' section goes too (web.features.daily_deal)
            self.open("stats")
            return True
        if name == "history-open":
            raw = app.dom.attr(el, "data-index") or ""
            entries = app.model.records.history  # the list the player chose from
            if raw.isdigit() and int(raw) < len(entries):
                self.open_replay(entries[int(raw)])
            return True
        viewer = self.viewer()
        if name in ("replay-back", "replay-forward") and viewer is not None:
            if viewer.back() if name == "replay-back" else viewer.forward():
                at = app.model.records.replay
                if at is not None:
                    app.dispatch(ReplayShown(replace(at, deal=viewer.deal, step=viewer.step,
                                                     shown=shown_step(viewer))))
            return True
        if name == "export":
            self.export()
            return True
        if name == "import":
            app.dom.pick_file(self.imported)
            return True
        if name == "close" and app.model.overlay in OVERLAYS:
            self.close()
            return True
        return False

    def open(self, overlay: str, focus: str | None = None) -> None:
        """A records screen over the table, on the model's one screen stack (closing it
        returns to the screen below: the game's summary, the start screen, or the table)."""
        if overlay == "stats":  # with its daily section: the stored daily results, read now
            self.app.dispatch(RecordsRead(stats=stats.load(self.app.store)))
            self.app.daily.publish_figures()
        if overlay == "history":
            self.app.dispatch(RecordsRead(history=tuple(history.load(self.app.store))))
        self.app.dispatch(RecordsOpened(overlay, focus or ""))

    def close(self) -> None:
        if self.app.model.overlay == "replay":  # back to the list the replay was opened from
            self.app.dispatch(ReplayShown(None))
            self.open("history")
            return
        self.viewed = None
        self.app.dispatch(RecordsClosed())

    def viewer(self) -> Viewer | None:
        """The replay's viewer at the position the model holds (None: no game shown)."""
        at = self.app.model.records.replay
        if at is None or self.viewed is None or self.viewed[0]["id"] != at.game_id:
            return None
        viewer = self.viewed[1]
        viewer.deal, viewer.step = at.deal, at.step
        return viewer

    # ------------------------------------------------------------ screens
    def note_game(self) -> None:
        """Before each paint: the game's score sheet, what undo could take back now and what
        it did to the statistics (once finished), into the model when they changed."""
        app = self.app
        game = app.game
        # nothing they show changes between two paints of the same position
        noted = (id(game), app.model.table.deal_number, len(game.deal.history),
                 game.is_terminal, app.daily.on_table(), app.guide.active, self.change)
        if noted == self.noted:
            return
        self.noted = noted
        players = game.rules.players
        undo_seats: frozenset[int] = frozenset()
        # the daily deal is played once as dealt; the guided deal follows its script
        if not game.is_terminal and not app.daily.on_table() and not app.guide.active:
            undo_seats = frozenset(s for s in range(players) if can_undo(game, s))
        change = None
        if self.change is not None and self.change[0] is game and game.is_terminal:
            change = self.change[1]
        facts = GameFacts(
            tuple(sheet.build_sheet(game)), game.rules.name, players, undo_seats, change,
        )
        if facts != app.model.records.game:
            app.dispatch(GameNoted(facts))

    # -------------------------------------------------------------- replays
    def open_replay(self, entry: history.HistoryEntry) -> None:
        app = self.app
        try:
            viewer = Viewer(entry["record"], None if entry["imported"] else entry["human"])
            viewer.steps(0)
        except Exception as err:  # a stored record the engine refuses now
            app.dispatch(RecordProblem(("history.import_malformed", {"reason": str(err)})))
            self.open("history")
            return
        self.viewed = (entry, viewer)
        app.dispatch(ReplayShown(ReplayAt(entry["id"], viewer.deal, viewer.step,
                                          shown_step(viewer))))
        self.open("replay")

    def export(self) -> None:
        """Download the record being viewed, else the game at the table."""
        app = self.app
        if app.model.overlay == "replay" and self.viewed is not None:
            entry = self.viewed[0]
        else:
            entry = self.entry_for_table(finished=int(time.time() * 1000))
        app.dom.download(history.export_name(entry), history.export_text(entry["record"]))

    def imported(self, text: str) -> None:
        app = self.app
        try:
            record, game = history.check_record(text)
        except history.ImportProblem as problem:
            app.dispatch(RecordProblem((problem.key, dict(problem.params))))
            self.open("history")
            return
        app.dispatch(RecordProblem(None))
        entry = history.make_entry(
            game_id=f"import-{int(time.time() * 1000)}", finished=int(time.time() * 1000),
            record=record, level="", human=0, undo=False,
            won=None, totals=history.final_totals(game), imported=True,
        )
        history.add(app.store, entry)
        self.open_replay(entry)

    # ------------------------------------------------------- finished games
    def entry_for_table(self, finished: int) -> history.HistoryEntry:
        app = self.app
        game = app.game
        won = None
        if game.is_terminal:
            won = stats.outcome_of(game, app.model.table.human, game.rules.name, "", False).won
        return history.make_entry(
            game_id=f"{finished}-{game.seed}", finished=finished, record=game.record(),
            level=stats.DEVICES if app.model.table.seats.devices() else self.level(),
            human=app.model.table.human,
            undo=bool(app.model.table.undo_used), won=won,
            totals=history.final_totals(game),
        )

    def level(self) -> str:
        return str(self.app.model.table.setup.get("level") or default_level())

    def after_action(self) -> None:
        """Once the game (bezik: the match) is over, keep it in the history and count it."""
        app = self.app
        app.daily.after_action()  # a daily deal's result, kept when its deal ends
        if app.model.table.recorded or not app.game.is_terminal:
            return
        app.dispatch(GameRecorded())
        finished = int(time.time() * 1000)
        kept = history.add(app.store, self.entry_for_table(finished))
        # as stored now: a screen of them opened over the summary shows the game
        app.dispatch(RecordsRead(self.count_game(), tuple(kept)))

    def count_game(self) -> stats.Stats | None:
        """The finished game in the statistics, when it counts against a level (the
        statistics as stored then; None: not counted)."""
        app = self.app
        level = self.level()
        if app.model.table.seats.devices():  # friends on other devices: their own group
            level = stats.DEVICES
        elif len(take_back.person_seats(app)) != 1:
            return None  # pass-and-play: no opponent level to count against
        if app.guide.active:
            return None  # a prepared deal, its moves shown: kept in the history, never counted
        outcome = stats.outcome_of(app.game, app.model.table.human, app.game.rules.name, level,
                                   bool(app.model.table.undo_used))
        before = stats.load(app.store)
        after = stats.add(before, outcome)
        stats.save(app.store, after)
        self.change = (app.game, stats.StatsChange(
            before["groups"].get(outcome.key), after["groups"][outcome.key], outcome.won,
            outcome.score, outcome.best_declaration, outcome.undo,
        ))
        return after
