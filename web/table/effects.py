"""The effects ``web.state.model.update`` asks for, carried out: the one place that turns them
into storage writes, renders, focus moves and the computer's turns.

``update`` stays pure by returning these as data; the table's composition root
(``web.app.App.dispatch``) hands them here, in order, right after the model changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from web.state import settings as prefs_store
from web.state.model import (
    Effect,
    Focus,
    FocusHand,
    KeepStartScreen,
    Render,
    ResumePlay,
    SaveSettings,
)
from web.state.table_news import (
    CalloutsDue,
    FocusPrompt,
    NewsEffect,
    PlaySounds,
    RenderLater,
    SayEvents,
    SettleTrick,
)
from web.table.table_parts import TableBase
from web.view import events, screens


class EffectTable(TableBase, Protocol):
    """What the effects reach of their table (``web.app.App`` is one)."""

    lang: str


def carry_out(app: EffectTable, effects: Sequence[Effect]) -> None:
    """Each effect in turn (at most one render among them: web.platform.runtime.Frames)."""
    for effect in effects:
        if isinstance(effect, SaveSettings):
            prefs_store.save(app.store, effect.prefs)
        elif isinstance(effect, Render):
            app.render()
        elif isinstance(effect, Focus):
            app.focus_first(effect.selector)
        elif isinstance(effect, FocusHand):
            app.focus_hand()
        elif isinstance(effect, ResumePlay):
            app.turns.kick()
        elif isinstance(effect, KeepStartScreen):
            start = screens.render_start(app.cat, app.lang, can_continue=True,
                                          variant=app.game.rules.name)
            app.dom.keep_start_screen(start)
        else:
            carry_out_news(app, effect)


def carry_out_news(app: TableBase, effect: NewsEffect) -> None:
    """What a new frame of the table brought (``web.state.table_news``): the timers at
    once, what is said, played and focused once the frame is drawn."""
    if isinstance(effect, SettleTrick):
        app.turns.settle_later(effect.count)
    elif isinstance(effect, RenderLater):
        render_later(app, effect)
    elif isinstance(effect, FocusPrompt):
        if app.dom.focus_is_in("#bz-me"):  # a keyboard player who just won a trick
            app.focus_first("#bz-prompt .btn")
    else:
        app.frames.after(lambda: drawn_news(app, effect))


def drawn_news(app: TableBase, effect: SayEvents | PlaySounds) -> None:
    """The new events said in the live region (by the names the table just drew), or
    their sounds played."""
    if isinstance(effect, PlaySounds):
        app.painter.sound.play(list(effect.names))
        return
    said = events.announcement(
        app.cat, effect.events, effect.start, human=app.model.table.human,
        who=app.painter.who, scores=app.game.scores(),
    )
    if said:
        app.dom.announce(said)


def render_later(app: TableBase, timer: RenderLater) -> None:
    """Render again once a shown call-out's time is up (unless a later timer replaced it)."""
    runtime = app.runtime

    async def later() -> None:
        await runtime.sleep(timer.seconds)
        app.dispatch(CalloutsDue(timer.due))

    runtime.spawn(later())
