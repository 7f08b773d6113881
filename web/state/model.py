"""The table's UI state and the one function that changes it: the one-way core.

``update(model, msg)`` reads a message and the model and returns the new model and
the effects to carry out (save the settings, render, move the focus, let the computer
play). It is pure: no page, storage or asyncio, so it is tested as plain functions;
``web.app.App.dispatch`` is the one way in, and ``web.table.effects`` the one place that
carries the effects out.

The model holds the player's settings (read from storage once, at start), the one screen
stack (the screen shown over the table, the screens to return to, the new-game form
waiting on them), the notice, the hint, the log drawer, and its parts: the table's facts
about its game (``web.state.table_state``), the records screens' state
(``web.state.records_state``), the platform's facts (``web.state.device_facts``), and what
the features show: the review after a deal (``web.state.review_state``), the daily deal
(``web.state.daily_state``), the guided deal (``web.state.guide_state``) and the links to
other devices (``web.state.pairing_state``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TypeAlias

from engine import VARIANTS
from web.i18n import MessageParam
from web.state import (
    daily_state,
    guide_state,
    pairing_state,
    records_state,
    review_state,
    table_news,
    table_state,
)
from web.state.daily_state import DAILY_DRAWN, DAILY_MESSAGES, DailyMsg, DailyState
from web.state.device_facts import (
    DeviceChanged,
    DeviceState,
    SavesFailing,
    StorageNoted,
    TabRoleChanged,
)
from web.state.game_setup import Setup
from web.state.guide_state import GUIDE_MESSAGES, GuideMsg, GuideState
from web.state.pairing_state import PAIRING_MESSAGES, PairingMsg, PairingState
from web.state.records_state import (
    RECORDS_MESSAGES,
    RecordsClosed,
    RecordsMsg,
    RecordsOpened,
    RecordsState,
    ReplayShown,
)
from web.state.review_state import REVIEW_MESSAGES, ReviewMsg, ReviewState
from web.state.settings import Settings
from web.state.table_news import CalloutsDue, FrameSeen, NewsEffect
from web.state.table_state import (
    TABLE_MESSAGES,
    DealStarted,
    DeviceCalled,
    GameDealt,
    MoveTakenBack,
    TableMsg,
    TableState,
)

# What the table tells under it, as data: (catalog key, its values), worded at render time.
Notice: TypeAlias = tuple[str, Mapping[str, MessageParam]]
# Screens a nested screen returns to when it closes (the menu is left behind).
RETURN_TO = ("start", "dialog", "game")
# Where the focus lands when a screen closes onto another one.
CLOSED_FOCUS = "#bz-overlay .primary, #bz-overlay button"
RULES_CHOOSER = '#bz-overlay select[name="rules-variant"]'


@dataclass(frozen=True)
class Model:
    """The table's UI state; changed only by ``update``."""

    prefs: Settings = field(default_factory=Settings)
    # None | "start" | "menu" | "dialog" | "confirm" | "settings" | "rules" | "game" | records'
    overlay: str | None = None
    back: tuple[str, ...] = ()  # screens to return to when the current one closes
    pending_setup: Setup | None = None  # the new game awaiting confirmation
    dialog_draft: Mapping[str, str] | None = None  # the new-game form as last typed
    dialog_variant: str | None = None  # the variant the new-game form was switched to
    rules_variant: str | None = None  # the variant the rules screen shows (None: the game's)
    # What the table tells under it, kept as data and worded at render time (a language
    # switch rewords it): (catalog key, its values), and whether it is an error.
    notice: Notice | None = None
    notice_error: bool = False
    hint: tuple[str, str] | None = None  # (action text, reason code); ("", "") = thinking
    hint_combination: str = ""  # the hinted declaration's combination (its name key)
    log_open: bool = False  # the log drawer (phones; wide screens show it beside the table)
    table: TableState = field(default_factory=TableState)  # web.state.table_state
    records: RecordsState = field(default_factory=RecordsState)  # web.state.records_state
    device: DeviceState = field(default_factory=DeviceState)  # web.state.device_facts
    review: ReviewState = field(default_factory=ReviewState)  # web.state.review_state
    pairing: PairingState = field(default_factory=PairingState)  # web.state.pairing_state
    daily: DailyState = field(default_factory=DailyState)  # web.state.daily_state
    guide: GuideState = field(default_factory=GuideState)  # web.state.guide_state
    plays_here: bool = True  # this tab plays; another tab's watcher only follows its saves
    storage_note: str | None = None  # the outcome of the player's request to keep the saves
    saves_failing: bool = False  # the browser refuses the saves (retried until it takes one)


# ------------------------------------------------------------------ messages


@dataclass(frozen=True)
class SettingsLoaded:
    """The stored settings, read (and checked) once when the table starts."""

    prefs: Settings


@dataclass(frozen=True)
class SettingChanged:
    """A control of the settings screen changed (``value`` as the form gives it)."""

    name: str
    value: str


@dataclass(frozen=True)
class SetupKept:
    """A game was started: its choices become the next new game's defaults."""

    setup: Setup


@dataclass(frozen=True)
class ScreenOpened:
    """A screen opens over the table (``focus``: a selector, else its title)."""

    name: str
    focus: str = ""


@dataclass(frozen=True)
class FreshScreen:
    """A screen opens from the menu or the start screen afresh: the new-game form's
    choices and the rules screen's variant of before are forgotten."""

    name: str
    focus: str = ""


@dataclass(frozen=True)
class ScreenClosed:
    """The current screen closes: back to the one below, or to the table."""


@dataclass(frozen=True)
class ScreenShown:
    """A screen (or the table, None) is shown in place of the current one, the
    screens below kept (the start screen, the game's summary, a records screen)."""

    name: str | None


@dataclass(frozen=True)
class MenuLeft:
    """An entry of the menu was chosen: the menu goes, back to what it was opened over."""


@dataclass(frozen=True)
class TableShown:
    """Back to the table: every screen closed, a new game's choices dropped."""


@dataclass(frozen=True)
class DraftChanged:
    """The new-game form changed in a way that redraws it (the variant, then ``variant``
    is the new one; the number of players), the focus staying on the control."""

    draft: Mapping[str, str]
    focus: str
    variant: str | None = None


@dataclass(frozen=True)
class RulesVariantChosen:
    """The rules screen's chooser: show another variant's rules."""

    variant: str


@dataclass(frozen=True)
class NewGameAsked:
    """Start a new game over one in progress: asked first, the form kept for going back."""

    setup: Setup
    draft: Mapping[str, str]


@dataclass(frozen=True)
class DraftDropped:
    """The new-game form's choices are forgotten (a fresh form, or a game started)."""


@dataclass(frozen=True)
class NoticeSet:
    """Tell the player something under the table (None: nothing), an error or not."""

    notice: Notice | None
    error: bool = False


@dataclass(frozen=True)
class HintSet:
    """The hint asked for: ("", "") while the computer thinks, None when it no longer fits;
    ``combination``: the name key of the combination a hinted declaration lays down."""

    hint: tuple[str, str] | None
    combination: str = ""


@dataclass(frozen=True)
class MoveMade:
    """A move was made on the table: what was said about the position before goes."""


@dataclass(frozen=True)
class LogToggled:
    """The log drawer's button: open it, or close it."""


Msg = (
    SettingsLoaded
    | SettingChanged
    | SetupKept
    | ScreenOpened
    | FreshScreen
    | ScreenClosed
    | ScreenShown
    | MenuLeft
    | TableShown
    | DraftChanged
    | RulesVariantChosen
    | NewGameAsked
    | DraftDropped
    | NoticeSet
    | HintSet
    | MoveMade
    | LogToggled
    | TableMsg
    | RecordsMsg
    | DeviceChanged
    | StorageNoted
    | TabRoleChanged
    | SavesFailing
    | FrameSeen
    | CalloutsDue
    | ReviewMsg
    | PairingMsg
    | DailyMsg
    | GuideMsg
)

# ------------------------------------------------------------------- effects


@dataclass(frozen=True)
class SaveSettings:
    prefs: Settings


@dataclass(frozen=True)
class Render:
    """Render the table once (after the effects that change what it shows)."""


@dataclass(frozen=True)
class Focus:
    selector: str


@dataclass(frozen=True)
class FocusHand:
    """The focus goes back to the hand (the card it was on)."""


@dataclass(frozen=True)
class ResumePlay:
    """The table is uncovered: the computer plays on if it is its turn."""


@dataclass(frozen=True)
class KeepStartScreen:
    """A game is the player's now: the next start opens on Continue, which the shell can
    draw before Python is ready (index.html's warm start)."""


Effect = SaveSettings | Render | Focus | FocusHand | ResumePlay | KeepStartScreen | NewsEffect
Result = tuple[Model, list[Effect]]

# -------------------------------------------------------------------- update


def update(model: Model, msg: Msg) -> Result:
    """The new model and the effects of one message."""
    if isinstance(msg, FrameSeen):
        table, news = table_news.seen(model.table, msg, covered=model.overlay is not None,
                                      sound=model.prefs.sound)
        return replace(model, table=table), list(news)
    if isinstance(msg, CalloutsDue):
        table, due = table_news.callouts_due(model.table, msg)
        return replace(model, table=table), [Render()] if due else []
    if isinstance(msg, TABLE_MESSAGES):
        changed = replace(model, table=table_state.update(model.table, msg))
        if isinstance(msg, DeviceCalled):  # a hint was for the hand now hidden
            changed = replace(changed, hint=None, hint_combination="")
        if isinstance(msg, GameDealt | DealStarted | MoveTakenBack):  # another game or deal:
            # no daily or guided deal on the table until the feature says it is one
            changed = replace(changed, daily=daily_state.off_table(changed.daily),
                              guide=guide_state.off_table(changed.guide))
        return changed, []
    if isinstance(msg, RECORDS_MESSAGES):
        changed = replace(model, records=records_state.update(model.records, msg))
        if isinstance(msg, RecordsOpened):
            return _screens(changed, ScreenOpened(msg.name, msg.focus))
        if isinstance(msg, RecordsClosed):
            return _screens(changed, ScreenClosed())
        return changed, [Render()] if isinstance(msg, ReplayShown) else []
    if isinstance(msg, REVIEW_MESSAGES):
        changed = replace(model, review=review_state.update(model.review, msg))
        return changed, [Render()] if review_state.redraws(model.overlay, msg) else []
    if isinstance(msg, PAIRING_MESSAGES):  # web.link.pairing renders after its news
        return replace(model, pairing=pairing_state.update(model.pairing, msg)), []
    if isinstance(msg, DAILY_MESSAGES):
        changed = replace(model, daily=daily_state.update(model.daily, msg))
        return changed, [Render()] if isinstance(msg, DAILY_DRAWN) else []
    if isinstance(msg, GUIDE_MESSAGES):  # the guide's caller renders (or a save is adopted)
        return replace(model, guide=guide_state.update(model.guide, msg)), []
    if isinstance(msg, DeviceChanged):
        return replace(model, device=msg.state), [Render()]
    if isinstance(msg, TabRoleChanged):
        return replace(model, plays_here=msg.playing), []
    if isinstance(msg, StorageNoted):
        return replace(model, storage_note=msg.key), [Render()]
    if isinstance(msg, SavesFailing):
        return replace(model, saves_failing=msg.failing), []
    if isinstance(msg, SettingsLoaded | SettingChanged | SetupKept):
        return _settings(model, msg)
    if isinstance(msg, NoticeSet | HintSet | MoveMade | LogToggled):
        return _table(model, msg)
    return _screens(model, msg)


def _table(model: Model, msg: NoticeSet | HintSet | MoveMade | LogToggled) -> Result:
    if isinstance(msg, NoticeSet):
        return replace(model, notice=msg.notice, notice_error=msg.error), []
    if isinstance(msg, HintSet):
        return replace(model, hint=msg.hint, hint_combination=msg.combination), []
    if isinstance(msg, MoveMade):
        return replace(model, notice=None, hint=None, hint_combination=""), []
    opened = not model.log_open
    button = '#bz-log [data-command="log"]' if opened else '#bz-bar [data-command="log"]'
    return replace(model, log_open=opened), [Render(), Focus(button)]


def _settings(model: Model, msg: SettingsLoaded | SettingChanged | SetupKept) -> Result:
    if isinstance(msg, SettingsLoaded):
        return replace(model, prefs=msg.prefs), []
    prefs = replace(model.prefs)  # fields are replaced, never changed in place
    if isinstance(msg, SettingChanged):
        if not prefs.with_value(msg.name, msg.value):
            return model, []
        return replace(model, prefs=prefs), [SaveSettings(prefs), Render()]
    prefs.remember_setup(msg.setup)
    return replace(model, prefs=prefs), [SaveSettings(prefs), KeepStartScreen()]


def _screens(model: Model, msg: Msg) -> Result:
    if isinstance(msg, ScreenOpened):
        back = model.back
        over = model.overlay
        if over and over != msg.name and (msg.name == "menu" or over in RETURN_TO):
            back = (*back, over)
        focus = msg.focus or f"#bz-overlay #{msg.name}-title, #bz-overlay h2"
        return replace(model, overlay=msg.name, back=back), [Render(), Focus(focus)]
    if isinstance(msg, FreshScreen):
        fresh = replace(
            model, pending_setup=None, dialog_draft=None, dialog_variant=None, rules_variant=None
        )
        return _screens(fresh, ScreenOpened(msg.name, msg.focus))
    if isinstance(msg, ScreenClosed):
        overlay, back = (model.back[-1], model.back[:-1]) if model.back else (None, ())
        closed = replace(model, overlay=overlay, back=back)
        if overlay != "dialog":
            closed = replace(closed, pending_setup=None, dialog_draft=None)
        effects: list[Effect] = [Render(), Focus(CLOSED_FOCUS)]
        if overlay is None:
            effects += [FocusHand(), ResumePlay()]
        return closed, effects
    if isinstance(msg, ScreenShown):
        return replace(model, overlay=msg.name), []
    if isinstance(msg, MenuLeft):
        if model.overlay != "menu":
            return model, []
        overlay, back = (model.back[-1], model.back[:-1]) if model.back else (None, ())
        return replace(model, overlay=overlay, back=back), []
    if isinstance(msg, TableShown):
        return replace(model, overlay=None, back=()), []
    if isinstance(msg, DraftChanged):
        variant = model.dialog_variant if msg.variant is None else msg.variant
        changed = replace(model, dialog_draft=dict(msg.draft), dialog_variant=variant)
        return changed, [Render(), Focus(msg.focus)]
    if isinstance(msg, RulesVariantChosen):
        shown = msg.variant if msg.variant in VARIANTS else None
        return replace(model, rules_variant=shown), [Render(), Focus(RULES_CHOOSER)]
    if isinstance(msg, NewGameAsked):
        asked = replace(model, pending_setup=dict(msg.setup), dialog_draft=dict(msg.draft))
        return _screens(asked, ScreenOpened("confirm", "#bz-overlay .primary"))
    if isinstance(msg, DraftDropped):
        return replace(model, pending_setup=None, dialog_draft=None, dialog_variant=None), []
    return model, []
