"""A replay's step drawn (web.records.replay works the steps out): every hand face up as
small chips, the trick, the facts of the deal, and the review's marks on the cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from html import escape

from web.i18n import Catalog, Markup
from web.records.replay import StepShown
from web.view.card_html import RED_SUITS, SUIT_SYMBOL, card_sort_key, label


def chips(cat: Catalog, cards: Sequence[str], trump: str | None = None,
          marks: Mapping[str, Counter[str]] | None = None) -> str:
    """Cards as small face-up chips (rank letter of the language and suit symbol);
    ``marks``: the review's marks by name, each the cards (with their count) it marks."""
    ordered = sorted(cards, key=lambda c: card_sort_key(c, trump))
    left = {name: Counter(codes) for name, codes in (marks or {}).items()}
    out = []
    for c in ordered:
        names = [name for name, codes in left.items() if codes[c] > 0]
        for name in names:
            left[name][c] -= 1
        marked = "".join(f" mark-{name}" for name in names)
        attr = f' data-review-mark="{" ".join(names)}"' if names else ""
        out.append(
            f'<span class="chip {"red" if c[-1] in RED_SUITS else "black"} s-{escape(c[-1])}'
            f'{marked}" dir="ltr" '
            f'data-card="{escape(c)}"{attr} role="img" aria-label="{escape(cat.card_aria(c))}">'
            f"{escape(label(cat, c))}</span>"
        )
    return "".join(out)


def action_cards(action: str, hand: Sequence[str]) -> tuple[list[str], list[str]]:
    """The cards an action lays down: (from the hand, from the table)."""
    words = action.split()
    if not words or words[0] not in ("play", "declare", "seven"):
        return [], []
    if words[0] == "play":
        return ([], words[2:3]) if len(words) > 2 and words[1] == "table" else (words[1:2], [])
    held = Counter(hand)
    from_hand: list[str] = []
    from_table: list[str] = []
    for code in words[1:]:
        if held[code] > 0:
            held[code] -= 1
            from_hand.append(code)
        else:
            from_table.append(code)
    return from_hand, from_table


def seat_label(cat: Catalog, seat: int, human: int | None, players: int) -> str:
    if human is None:
        return cat.t("replay.seat", number=seat + 1)
    if seat == human:
        return cat.t("table.seat.you")
    if players == 4 and seat % 2 == human % 2:
        return cat.t("table.seat.partner")
    if players == 2:
        return cat.t("table.seat.opponent")
    return cat.t("replay.seat", number=seat + 1)


def render_step(step: StepShown, cat: Catalog, legend: str = "", back: str = "",
                export: bool = True) -> str:
    """A step of the viewer; at a review's focus ``legend`` says what the marks mean,
    ``back`` names the button back (default: the history's list), ``export`` adds Export."""
    players = len(step.hands)
    names = [seat_label(cat, s, step.human, players) for s in range(players)]
    focus = step.focus
    hand_marks: dict[str, Counter[str]] = {}
    table_marks: dict[str, Counter[str]] = {}
    if focus is not None:
        position = cat.t("review.position", number=step.trick + 1, total=step.tricks)
        for name, action in (("played", focus.played), ("best", focus.best)):
            in_hand, on_table = action_cards(action, step.hands[focus.seat])
            hand_marks[name], table_marks[name] = Counter(in_hand), Counter(on_table)
    else:
        position = (cat.t("replay.dealt") if step.trick == 0 else
                    cat.t("replay.trick", number=step.trick, total=step.tricks))
    where = cat.t("replay.deal", number=step.deal + 1, total=step.deals)
    facts = []
    if step.trump:
        facts.append(cat.t("replay.trump", suit=SUIT_SYMBOL[step.trump]))
    if step.turnup:
        facts.append(cat.t("replay.turnup", card=label(cat, step.turnup)))
    facts.append(cat.t("replay.stock", count=step.stock))
    seats = []
    for s in range(players):
        marked = focus is not None and s == focus.seat
        declared = chips(cat, step.tables[s], step.trump, table_marks if marked else None)
        table = (f'<div class="r-table"><span class="r-lbl">{escape(cat.t("replay.declared"))}'
                 f"</span> {declared}</div>" if step.tables[s] else "")
        seats.append(
            f'<li class="r-seat" data-replay-seat="{s}"><div class="r-name">'
            f'{escape(names[s])} <span class="r-score" data-replay-score="{s}" '
            f'data-value="{step.scores[s]}">{escape(cat.number(step.scores[s]))}</span></div>'
            f'<div class="r-hand" data-replay-hand="{s}">'
            f"{chips(cat, step.hands[s], step.trump, hand_marks if marked else None) or '—'}</div>"
            f"{table}</li>"
        )
    trick = ""
    if step.trick_cards:
        played = " ".join(
            f"{escape(names[s])} {chips(cat, [c])}" for s, c in step.trick_cards
        )
        won = (cat.t("replay.won_by", player=names[step.winner])
               if step.winner is not None else "")
        trick = f'<p class="r-trick" data-replay-trick>{played} — {escape(won)}</p>'
    if step.playing:
        cards = " ".join(f"{escape(names[s])} {chips(cat, [c])}" for s, c in step.playing)
        trick += (f'<p class="r-trick" data-replay-playing>'
                  f'{cat.html("review.in_trick", cards=Markup(cards))}</p>')
    decl = "".join(
        f"<li>{escape(cat.t('replay.declared_by', player=names[s], combination=cat.declaration(k), count=p))}</li>"  # noqa: E501
        for s, k, p in step.declarations
    )
    decl_html = f'<ul class="r-decl">{decl}</ul>' if decl else ""
    prev_dis = ' aria-disabled="true" disabled' if step.at_start else ""
    next_dis = ' aria-disabled="true" disabled' if step.at_end else ""
    at_focus = f' data-review-index="{focus.index}"' if focus is not None else ""
    export_button = (f'<button type="button" class="btn" data-command="export">'
                     f'{escape(cat.t("history.export"))}</button>' if export else "")
    return (
        '<div class="dialog replay" role="dialog" aria-modal="true" aria-labelledby="replay-title"'
        f' data-screen="replay" data-replay-deal="{step.deal}" data-replay-step="{step.trick}"'
        f'{at_focus}>'
        f'<h2 id="replay-title" tabindex="-1">{escape(cat.t("replay.title"))}</h2>'
        f'<p class="r-where" aria-live="polite">{escape(where)} · {escape(position)}</p>'
        f'<div class="dialog-body" tabindex="0">{legend if focus is not None else ""}'
        f'<p class="r-facts">{escape(" · ".join(facts))}</p>'
        f"{trick}{decl_html}"
        f'<ol class="r-seats">{"".join(seats)}</ol></div>'
        '<div class="dialog-actions r-nav">'
        f'<button type="button" class="btn" data-command="replay-back"{prev_dis}>'
        f'{escape(cat.t("replay.back"))}</button>'
        f'<button type="button" class="btn primary" data-command="replay-forward"{next_dis}>'
        f'{escape(cat.t("replay.forward"))}</button>'
        f"{export_button}"
        f'<button type="button" class="btn" data-command="close">'
        f'{escape(back or cat.t("replay.to_list"))}</button></div></div>'
    )
