"""The table's records screens: undo, score sheet, statistics, history, replays.

The commands hand theirs here first, and the painter asks for the screens' HTML. The
screens' state (a reset to confirm, a record's problem, the replay's game and position)
is the model's (web.state.records_state), changed by messages; this module keeps only
the replay's worked-out steps beside it, and records a finished game into the history
and the statistics exactly once.
"""

from __future__ import annotations

import time
from dataclasses import replace
from html import escape
from typing import Protocol

from engine.playable import PlayableGame
from web.features import take_back
from web.features.daily_deal import DailyDeal
from web.features.guide import Guide
from web.platform.dom import Control
from web.records import history, stats
from web.records.replay import Viewer, render_viewer
from web.state.records_state import (
    RecordProblem,
    RecordsClosed,
    RecordsOpened,
    ReplayAt,
    ReplayShown,
    StatsResetAsked,
)
from web.state.table_state import GameRecorded
from web.table.computer import default_level
from web.table.table_parts import TableBase
from web.view import daily_view, ending, score_sheet

OVERLAYS = ("score-sheet", "stats", "history", "replay")


class RecordsTable(TableBase, Protocol):
    """What the records read and change of their table (``web.app.App`` is one)."""

    lang: str
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
        self.change: tuple[PlayableGame, ending.StatsChange] | None = None

    # ------------------------------------------------------------ commands
    def command(self, name: str, el: Control) -> bool:
        """Handle a records command (True), or leave it to the app (False)."""
        app = self.app
        if name == "undo":
            if take_back.take_back(app):
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
            entries = history.load(app.store)
            if raw.isdigit() and int(raw) < len(entries):
                self.open_replay(entries[int(raw)])
            return True
        viewer = self.viewer()
        if name in ("replay-back", "replay-forward") and viewer is not None:
            if viewer.back() if name == "replay-back" else viewer.forward():
                at = app.model.records.replay
                if at is not None:
                    app.dispatch(ReplayShown(replace(at, deal=viewer.deal, step=viewer.step)))
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
        if overlay == "stats":  # its daily section: the stored daily results, read now
            self.app.daily.publish_figures()
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
    def overlay(self) -> str | None:
        """The HTML of a records screen, None when another overlay is up."""
        app = self.app
        cat = app.cat
        name = app.model.overlay
        if name == "score-sheet":
            return score_sheet.render_sheet_dialog(
                score_sheet.build_sheet(app.game), self.names(), app.game.rules.name, cat
            )
        if name == "stats":
            return stats.render_stats(stats.load(app.store), cat, app.model.records.confirm_reset,
                                      daily_view.render_stats(app.model.daily.figures, cat))
        if name == "history":
            problem = None
            if app.model.records.problem is not None:
                key, params = app.model.records.problem
                rule = params.get("rule")
                if isinstance(rule, str) and cat.has(f"error.rule.{rule}"):  # worded
                    params = {**params, "reason": cat.error(rule)}
                problem = cat.t(key, **params)
            return history.render_history(
                history.load(app.store), cat, lambda ms: app.dom.format_time(ms, app.lang), problem
            )
        viewer = self.viewer()
        if name == "replay" and viewer is not None:
            return render_viewer(viewer, cat)
        return None

    def sheet_html(self) -> str:
        """The whole sheet, for the game summary."""
        app = self.app
        return score_sheet.render_sheet(
            score_sheet.build_sheet(app.game), self.names(), app.game.rules.name, app.cat
        )

    def summary_actions(self) -> str:
        """The game summary's export button."""
        return (
            '<button type="button" class="btn" data-command="export">'
            f"{escape(self.app.cat.t('history.export'))}</button>"
        )

    def names(self) -> list[str]:
        return [self.app.painter.who(s) for s in range(self.app.game.rules.players)]

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
        app.dispatch(ReplayShown(ReplayAt(entry["id"], viewer.deal, viewer.step)))
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
        history.add(app.store, self.entry_for_table(finished))
        level = self.level()
        if app.model.table.seats.devices():  # friends on other devices: their own group
            level = stats.DEVICES
        elif len(take_back.person_seats(app)) != 1:
            return  # pass-and-play: no opponent level to count against
        if app.guide.active:
            return  # a prepared deal, its moves shown: kept in the history, never counted
        outcome = stats.outcome_of(app.game, app.model.table.human, app.game.rules.name, level,
                                   bool(app.model.table.undo_used))
        before = stats.load(app.store)
        after = stats.add(before, outcome)
        stats.save(app.store, after)
        self.change = (app.game, ending.StatsChange(
            before["groups"].get(outcome.key), after["groups"][outcome.key], outcome.won,
            outcome.score, outcome.best_declaration, outcome.undo,
        ))

    def change_html(self) -> str:
        """What the game just finished did to the statistics (for its summary)."""
        app = self.app
        if self.change is None or self.change[0] is not app.game or not app.game.is_terminal:
            return ""
        return ending.render_change(app.cat, self.change[1])

    # ---------------------------------------------------------------- bar
    def undo_available(self) -> bool:
        app = self.app
        return not app.game.is_terminal and take_back.available(app) and not app.daily.on_table()

    def undo_button(self) -> bool | None:
        """The header's undo button: None when this table has no undo (more than one
        person plays), else whether a tap would take a move back now."""
        if len(take_back.person_seats(self.app)) != 1:
            return None
        return self.undo_available()
