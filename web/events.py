"""The deal's events in words: the visible log (HTML) and the live region (plain text).

Events are the engine's log entries as ``web.flow.table_log`` tells them
(with the dealer's turned-up seven and kontr vido named).  Which sound an
event makes is decided here too, so the log, the announcement and the sound
of a move always agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from web import i18n
from web.card_html import cards_bdi

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
SOUNDS = {
    "play": "card",
    "trick": "trick",
    "declare": "declare",
    "seven": "declare",
    "seven_turnup": "declare",
    "deal_over": "deal",
}


def code_text(code: Any) -> str:
    from engine.cards import code_text as text

    return text(code) if isinstance(code, int) else str(code)


def suit_letter(value: Any) -> str:
    return ("S", "H", "D", "C")[value] if isinstance(value, int) else str(value)


def event_text(
    cat: i18n.Catalog,
    ev: list[Any],
    *,
    human: int,
    who: Who,
    html: bool,
    prev: list[Any] | None = None,
    draws: bool = True,
) -> str | None:
    """One event in the current language (None: not shown; ``draws``: the human's own
    draws are shown, not while the device waits to be handed over)."""
    fmt = cat.html if html else cat.t
    kind = ev[0]
    seat = ev[1] if len(ev) > 1 and isinstance(ev[1], int) else None
    you = seat == human

    def card(code: Any) -> Any:
        text = code_text(code)
        return i18n.Markup(cards_bdi(cat, [text])) if html else cat.card(text)

    if kind == "play":
        if you:
            return fmt("log.you_played", card=card(ev[2]))
        return fmt("log.player_played", player=who(ev[1]), card=card(ev[2]))
    if kind == "trick":
        return fmt("log.you_won_trick") if you else fmt("log.player_won_trick", player=who(ev[1]))
    if kind == "declare":
        combo = cat.declaration(str(ev[2]))
        if you:
            return fmt("log.you_declared", combination=combo, count=int(ev[3]))
        return fmt("log.player_declared", player=who(ev[1]), combination=combo, count=int(ev[3]))
    if kind == "pass":
        return fmt("log.you_passed") if you else fmt("log.player_passed", player=who(ev[1]))
    if kind == "auto_pass":  # the table passed for a person who had nothing to declare
        if you:
            return fmt("log.you_nothing_to_declare")
        return fmt("log.player_nothing_to_declare", player=who(ev[1]))
    if kind == "seven":
        return fmt(
            "log.you_seven" if you else "log.seven_exchanged", player=who(ev[1]), count=int(ev[5])
        )
    if kind == "seven_turnup" and seat is not None:
        key = "log.you_seven_turnup" if you else "log.seven_turnup"
        return fmt(key, player=who(seat), count=int(ev[2]))
    if kind == "draw" and you and ev[2] is not None and html and draws:
        return fmt("log.you_drew", card=card(ev[2]))
    if kind == "end_phase":
        return fmt("log.stock_empty")
    if kind in VIDO_KEYS and seat is not None:
        return fmt(VIDO_KEYS[kind][0 if you else 1], player=who(seat))
    if kind == "donuk" and seat is not None:
        return fmt("log.you_donuk" if you else "log.donuk", player=who(seat))
    if kind == "donuk_cleared" and seat is not None:
        key = "log.you_donuk_cleared" if you else "log.donuk_cleared"
        return fmt(key, player=who(seat))
    if kind == "taken_back" and seat is not None:
        key = "summary.you_donuk_taken_back" if you else "summary.donuk_taken_back"
        return fmt(key, player=who(seat), count=abs(int(ev[3])))
    if kind == "rescore_led" and seat is not None:
        led = prev[2] if prev and prev[0] == "play" else None
        return fmt(
            "log.you_led_rescore" if you else "log.led_rescore",
            player=who(seat),
            card=card(led) if led is not None else "",
            combination=cat.declaration(str(ev[2])),
            count=int(ev[3]),
        )
    if kind == "trumps" and len(ev) > 1:
        return fmt("log.trumps_fixed", suit=cat.t(f"card.suit.{suit_letter(ev[-1])}"))
    return None


def announcement(
    cat: i18n.Catalog,
    log: list[list[Any]],
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
    ev: list[Any],
    *,
    human: int,
    who: Who,
    scores: list[int],
    prev: list[Any] | None = None,
) -> str | None:
    """What the live region says (the human's own plays and draws are not echoed)."""
    if ev[0] in ("play", "pass") and ev[1] == human:
        return None
    if ev[0] == "draw":
        return None
    if ev[0] == "deal_over":
        return ", ".join(cat.t("log.score", player=who(s), score=v) for s, v in enumerate(scores))
    return event_text(cat, ev, human=human, who=who, html=False, prev=prev)


def log_lines(
    cat: i18n.Catalog, events: list[list[Any]], *, human: int, who: Who, draws: bool = True
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


def sounds_for(events: list[list[Any]]) -> list[str]:
    """The effects new events make, one of each kind, most telling last."""
    order = ("card", "trick", "declare", "deal")
    wanted = {SOUNDS[ev[0]] for ev in events if ev[0] in SOUNDS}
    return [name for name in order if name in wanted]
