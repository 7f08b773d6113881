"""The deal's events in words: the visible log (HTML) and the live region (plain text).

Events are the engine's log entries as ``web.table.flow.table_log`` tells them
(with the dealer's turned-up seven and kontr vido named).  Which sound an
event makes is decided here too, so the log, the announcement and the sound
of a move always agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import SUITS, code_text
from engine.log_events import (
    BlancheEvent,
    DealEvent,
    DeclareEvent,
    DrawEvent,
    Kind,
    PlayEvent,
    ScoreEvent,
    SeatEvent,
    SevenEvent,
    TrumpsEvent,
)
from web import i18n
from web.table.flow import AUTO_PASS, TableEvent, TurnupSevenEvent
from web.view.card_html import cards_bdi

Who = Callable[[int], str]

# (the human's own, another player's) log line of each vido event
VIDO_KEYS = {
    "vido": ("log.you_vido_called", "log.vido_called"),
    "vido_accepted": ("log.you_vido_accepted", "log.vido_accepted"),
    "vido_refused": ("log.you_vido_refused", "log.vido_refused"),
    "kontr_vido": ("log.you_kontr_vido_called", "log.kontr_vido_called"),
    "kontr_vido_accepted": ("log.you_kontr_vido_accepted", "log.kontr_vido_accepted"),
    "kontr_vido_refused": ("log.you_kontr_vido_refused", "log.kontr_vido_refused"),
}


def event_text(
    cat: i18n.Catalog,
    event: TableEvent,
    *,
    human: int,
    who: Who,
    html: bool,
    prev: TableEvent | None = None,
    draws: bool = True,
) -> str | None:
    """One event in the current language (None: not shown; ``draws``: the human's own
    draws are shown, not while the device waits to be handed over)."""
    fmt = cat.html if html else cat.t
    kind = event.kind
    seat = None if isinstance(event, DealEvent) else event.seat
    you = seat == human

    def card(code: int) -> str:
        text = code_text(code)
        return i18n.Markup(cards_bdi(cat, [text])) if html else cat.card(text)

    if isinstance(event, PlayEvent):
        if you:
            return fmt("log.you_played", card=card(event.code))
        return fmt("log.player_played", player=who(event.seat), card=card(event.code))
    if isinstance(event, DeclareEvent):
        combo = cat.declaration(event.name)
        if you:
            return fmt("log.you_declared", combination=combo, count=event.points)
        return fmt(
            "log.player_declared", player=who(event.seat), combination=combo, count=event.points
        )
    if isinstance(event, SevenEvent):
        return fmt(
            "log.you_seven" if you else "log.seven_exchanged",
            player=who(event.seat), count=event.points,
        )
    if isinstance(event, TurnupSevenEvent):
        key = "log.you_seven_turnup" if you else "log.seven_turnup"
        return fmt(key, player=who(event.seat), count=event.points)
    if isinstance(event, DrawEvent):
        if you and event.code is not None and html and draws:
            return fmt("log.you_drew", card=card(event.code))
        return None
    if isinstance(event, ScoreEvent) and kind == Kind.TAKEN_BACK:
        key = "summary.you_donuk_taken_back" if you else "summary.donuk_taken_back"
        return fmt(key, player=who(event.seat), count=abs(event.points))
    if isinstance(event, ScoreEvent) and kind == Kind.RESCORE_LED:
        led = prev.code if isinstance(prev, PlayEvent) else None
        return fmt(
            "log.you_led_rescore" if you else "log.led_rescore",
            player=who(event.seat),
            card=card(led) if led is not None else "",
            combination=cat.declaration(event.name),
            count=event.points,
        )
    if isinstance(event, BlancheEvent):  # multi-pack: the cards shown are public now
        shown = (
            i18n.Markup(cards_bdi(cat, [code_text(c) for c in event.codes]))
            if html
            else ", ".join(cat.card(code_text(c)) for c in event.codes)
        )
        points = cat.t("common.points", count=event.points)
        if you:
            return fmt("log.you_blanche", cards=shown, points=points)
        return fmt("log.blanche", player=who(event.seat), cards=shown, points=points)
    if isinstance(event, SeatEvent) and kind == Kind.BLANCHE_DECLINED:
        return fmt("log.you_passed") if you else fmt("log.player_passed", player=who(event.seat))
    if isinstance(event, TrumpsEvent):
        return fmt("log.trumps_fixed", suit=cat.t(f"card.suit.{SUITS[event.suit]}"))
    if isinstance(event, DealEvent):
        return fmt("log.stock_empty") if kind == Kind.END_PHASE else None
    if not isinstance(event, SeatEvent):
        return None
    if kind == Kind.TRICK:
        if you:
            return fmt("log.you_won_trick")
        return fmt("log.player_won_trick", player=who(event.seat))
    if kind == Kind.PASS:
        return fmt("log.you_passed") if you else fmt("log.player_passed", player=who(event.seat))
    if kind == AUTO_PASS:  # the table passed for a person who had nothing to declare
        if you:
            return fmt("log.you_nothing_to_declare")
        return fmt("log.player_nothing_to_declare", player=who(event.seat))
    if kind in VIDO_KEYS:
        return fmt(VIDO_KEYS[kind][0 if you else 1], player=who(event.seat))
    if kind == Kind.DONUK:
        return fmt("log.you_donuk" if you else "log.donuk", player=who(event.seat))
    if kind == Kind.DONUK_CLEARED:
        key = "log.you_donuk_cleared" if you else "log.donuk_cleared"
        return fmt(key, player=who(event.seat))
    return None


def announcement(
    cat: i18n.Catalog,
    log: Sequence[TableEvent],
    start: int,
    *,
    human: int,
    who: Who,
    scores: Sequence[int],
) -> str:
    """What the live region says of the log's events from ``start`` on (the last four
    that say something; "" when none does)."""
    totals = [int(x) for x in scores]
    texts = [
        text
        for i in range(start, len(log))
        if (
            text := announce_text(
                cat, log[i], human=human, who=who, scores=totals, prev=log[i - 1] if i else None
            )
        )
    ]
    return " ".join(texts[-4:])


def announce_text(
    cat: i18n.Catalog,
    event: TableEvent,
    *,
    human: int,
    who: Who,
    scores: list[int],
    prev: TableEvent | None = None,
) -> str | None:
    """What the live region says (the human's own plays and draws are not echoed)."""
    own = isinstance(event, PlayEvent | SeatEvent) and event.seat == human
    if own and event.kind in (Kind.PLAY, Kind.PASS):
        return None
    if event.kind == Kind.DRAW:
        return None
    if event.kind == Kind.DEAL_OVER:
        return ", ".join(cat.t("log.score", player=who(s), score=v) for s, v in enumerate(scores))
    return event_text(cat, event, human=human, who=who, html=False, prev=prev)


def log_lines(
    cat: i18n.Catalog, events: Sequence[TableEvent], *, human: int, who: Who, draws: bool = True
) -> list[str]:
    """The visible log: the last events worth a line, as HTML."""
    start = max(0, len(events) - 14)
    lines = (
        event_text(
            cat, ev, human=human, who=who, html=True, prev=events[i - 1] if i else None, draws=draws
        )
        for i, ev in enumerate(events)
        if i >= start
    )
    return [line for line in lines if line]
