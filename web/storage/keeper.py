"""Keeping the game: saving after every action, failed saves, and which tab plays.

Why its own module: the table calls ``save()`` and reads the tab's role from the model
(``plays_here``, which ``read_role`` keeps in step with the tabs, and whose watching
banner ``web.view.platform_view`` draws); the rules of keeping are here:
- a save the browser refuses (storage full, switched off, private mode) is told
  to the player, the game goes on in memory and saving is retried (after each
  action and every few seconds) until it works again, which is told too;
- only the player tab saves or moves (web.platform.tabs); a watching tab follows every
  save the player tab makes, shows "playing in another tab — take over here", and
  when it takes over it plays on from the latest move: none is lost.
"""

from __future__ import annotations

import json
from typing import Protocol

from web import storage
from web.platform.tabs import Tabs
from web.state.device_facts import SavesFailing, TabRoleChanged
from web.storage import schema
from web.storage.json_data import JsonObject, as_list, get_object
from web.table.table_parts import TableBase

RETRY_SECONDS = 5.0


class TableInView(Protocol):
    """A part that has work to do when the table comes into view (the daily deal's)."""

    def on_view(self) -> None: ...


class KeptTable(TableBase, Protocol):
    """What the keeper reads of its table (``web.app.App`` is one)."""

    @property
    def daily(self) -> TableInView: ...


class Keeper:
    """The save and the tab role of one table."""

    def __init__(self, app: KeptTable, tabs: Tabs | None = None) -> None:
        self.app = app
        self.tabs = tabs or Tabs()
        self.tabs.on_role = self.role_changed
        self.tabs.on_save = self.follow
        self.retrying = False  # a retry loop runs (the saves failing is the model's)

    @property
    def playing(self) -> bool:
        """This tab plays (as the model holds it: the tabs tell each change)."""
        return self.app.model.plays_here

    def read_role(self) -> None:
        """The tab's role, from the tabs into the model (at the start and on each change)."""
        self.app.dispatch(TabRoleChanged(self.tabs.playing))

    # ------------------------------------------------------------ saving
    def save(self) -> bool:
        """Write the whole game (the player tab only); a refusal is told and retried.

        True when the game is stored now."""
        if not self.playing:
            return False
        app = self.app
        text = storage.encode(app.game.to_json(), app.course.save_fields())
        self.tabs.publish(text)
        if storage.set_text(app.store, storage.SAVE_KEY, text):
            if app.model.saves_failing:
                app.dispatch(SavesFailing(False))
                app.set_notice(("save.saved_again", {}))
            return True
        if not app.model.saves_failing:
            app.dispatch(SavesFailing(True))
        app.set_notice(("save.failed_retrying", {}), error=True)
        self.schedule_retry()
        return False

    def schedule_retry(self) -> None:
        if self.retrying:
            return
        self.retrying = True
        self.app.runtime.spawn(self.retry())

    async def retry(self) -> None:
        try:
            while self.app.model.saves_failing and self.playing:
                await self.app.runtime.sleep(RETRY_SECONDS)
                if self.app.model.saves_failing and self.playing and self.save():
                    self.app.render()
        finally:
            self.retrying = False

    # ------------------------------------------------------------ tabs
    def follow(self, text: str) -> None:
        """The player tab saved: a watcher shows it; a player takes it only if it is the
        same game with more moves (a move made just before this tab took over)."""
        try:
            data = schema.check(schema.SAVE, text)
        except schema.Invalid:
            return
        app = self.app
        if self.playing and not extends(app.game.to_json(), data["game"].to_json()):
            return
        app.course.adopt(data)
        if self.playing:
            self.save()
            app.turns.kick()
        app.render()

    def role_changed(self) -> None:
        app = self.app
        self.read_role()
        if self.playing:  # took over: play on from the latest move this tab has seen
            app.set_notice(None)
            self.save()
            app.daily.on_view()  # a daily deal's result the computer has yet to find
            app.render()
            app.turns.kick()
        else:  # another tab took over: stop the computer's turn, watch
            app.turns.stop()
            app.render()

    def take_over(self) -> None:
        self.tabs.take_over()


def _moves(game_json: JsonObject) -> tuple[str, list[str]]:
    """A saved game's first deal (which game it is) and every action so far (none of a
    game that is not one)."""
    listed = as_list(get_object(game_json, "record").get("deals")) or []
    deals = [deal for deal in listed if isinstance(deal, dict)]
    actions = [a for deal in deals for a in as_list(deal.get("actions")) or []
               if isinstance(a, str)]
    return (json.dumps(deals[0]) if deals else "{}"), actions


def extends(mine: JsonObject, theirs: JsonObject) -> bool:
    """``theirs`` is the game ``mine`` with more moves after it."""
    first_mine, moves_mine = _moves(mine)
    first_theirs, moves_theirs = _moves(theirs)
    same_game = json.dumps(json.loads(first_mine) | {"actions": []}) == json.dumps(
        json.loads(first_theirs) | {"actions": []}
    )
    return same_game and len(moves_theirs) > len(moves_mine) and (
        moves_theirs[: len(moves_mine)] == moves_mine
    )
