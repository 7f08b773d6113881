"""The records screens drawn from the model (``web.state.records_state``): the score sheet,
the statistics, the history, and the game summary's parts of them.

Pure functions of the records' state, the catalog and plain values the painter hands in
(the seats' names as the table shows them, the page's clock formatter, the daily deals'
section), so they are tested without a page or a table. The replay's step is drawn by
``web.records.replay`` from the steps it worked out.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from web.i18n import Catalog
from web.records import history, stats
from web.state.records_state import RecordsState
from web.view import ending, score_sheet
from web.view.replay_view import render_step

SCREENS = ("score-sheet", "stats", "history", "replay")


def problem_text(state: RecordsState, cat: Catalog) -> str | None:
    """Why a record could not be shown, in words (a rule's code worded as the engine's
    refusal), or None."""
    if state.problem is None:
        return None
    key, params = state.problem
    rule = params.get("rule")
    if isinstance(rule, str) and cat.has(f"error.rule.{rule}"):
        params = {**params, "reason": cat.error(rule)}
    return cat.t(key, **params)


def records_screen(state: RecordsState, screen: str | None, cat: Catalog, *,
                   names: list[str], when: Callable[[int], str], daily: str = "") -> str | None:
    """A records screen's HTML (None: ``screen`` is none of them). ``names``: the seats'
    names for the sheet; ``when``: a finish time in milliseconds, in the page's words;
    ``daily``: the statistics' daily deals section (``web.view.daily_view``)."""
    if screen == "score-sheet":
        return score_sheet.render_sheet_dialog(
            list(state.game.sheet), names, state.game.variant, cat
        )
    if screen == "stats":
        return stats.render_stats(state.stats, cat, state.confirm_reset, daily)
    if screen == "history":
        return history.render_history(list(state.history), cat, when, problem_text(state, cat))
    if screen == "replay" and state.replay is not None:
        return render_step(state.replay.shown, cat)
    return None


def sheet_html(state: RecordsState, names: list[str], cat: Catalog) -> str:
    """The whole sheet of the game on the table, for its summary."""
    return score_sheet.render_sheet(list(state.game.sheet), names, state.game.variant, cat)


def summary_actions(cat: Catalog) -> str:
    """The game summary's export button."""
    return (
        '<button type="button" class="btn" data-command="export">'
        f"{escape(cat.t('history.export'))}</button>"
    )


def change_html(state: RecordsState, cat: Catalog) -> str:
    """What the game just finished did to the statistics (for its summary; "" when it
    was not counted)."""
    return ending.render_change(cat, state.game.change)
