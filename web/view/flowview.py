"""HTML of the table's flow: the trick (live, just won, aside, peeked at), the prompt
(declarations, vido with its stakes), the hint's highlight and short toasts.

Pure Python over a TableView (see web.table.flow for the facts), testable under CPython.
"""

from __future__ import annotations

from collections import Counter
from html import escape

from web.view import choices
from web.view.card_html import Cat, attr_action, back_html, cards_bdi, face_html
from web.view.seat_place import position, seat_name
from web.view.table_view import ActionView, TableView, VidoView

# ------------------------------------------------------------------ trick


def _cells(view: TableView, cards: list[tuple[int, str]], cat: Cat, animate: bool) -> str:
    """The trick's cards, each placed in front of the seat that played it (``data-pos``,
    web/app.css); the one just played is marked ``data-fresh`` so the shell (index.html)
    makes it travel from that seat."""

    out = []
    last = len(cards) - 1
    for k, (seat, card) in enumerate(cards):
        pos = position((seat - view.human) % view.num_players, view.num_players)
        who = seat_name(view.seats[seat], view, cat)
        face = face_html(
            card,
            cat,
            classes="played",
            aria=cat.t("table.played_by", player=who, card=cat.card_name(card)),
        )
        fresh = " data-fresh" if animate and k == last and view.trick_fresh else ""
        out.append(
            f'<figure class="tcell" data-pos="{pos}" data-seat="{seat}"{fresh}>{face}'
            f'<figcaption aria-hidden="true">{escape(who)}</figcaption></figure>'
        )
    return "".join(out)


def winner_caption(view: TableView, cat: Cat, peek: bool) -> str:

    winner = view.trick_winner
    if winner is None:
        return ""
    if winner == view.human:
        text = cat.t("table.last_trick_you" if peek else "table.trick_won_you")
    else:
        who = seat_name(view.seats[winner], view, cat)
        text = cat.t("table.last_trick_player" if peek else "table.trick_won_player", player=who)
    return f'<p class="trick-caption"><span>{escape(text)}</span></p>'


def render_trick(view: TableView, cat: Cat) -> str:
    """The trick area and, beside it, the last finished trick to peek at."""
    state = view.trick_state
    n = view.num_players
    if state == "live":
        body = _cells(view, view.trick, cat, animate=True)
        label, extra = cat.t("a11y.trick"), ""
    elif state in ("done", "peek") and view.last_trick:
        body = _cells(view, view.last_trick, cat, animate=state == "done")
        body += winner_caption(view, cat, peek=state == "peek")
        label, extra = cat.t("table.last_trick_label"), f" done {state}"
    else:
        body, label, extra = "", cat.t("a11y.trick"), ""
    # where a finished trick goes when it is swept off the table (the shell's travel)
    winner = view.trick_winner if state in ("done", "peek") else None
    to = "" if winner is None else f' data-winner="{winner}"'
    trick = (
        f'<div class="trick{extra}" data-n="{n}" data-trick="{state}"{to} role="group"'
        f' aria-label="{escape(label)}">{body}</div>'
    )
    return trick + render_shelf(view, cat)


def render_shelf(view: TableView, cat: Cat) -> str:
    """The finished trick put aside: a small face-down stack that shows it on demand."""
    if view.trick_state not in ("aside", "peek") or not view.last_trick:
        return ""
    pressed = "true" if view.trick_state == "peek" else "false"
    backs = "".join(back_html("sm") for _ in view.last_trick)
    return (
        f'<button type="button" class="shelf" data-command="last-trick" aria-pressed="{pressed}">'
        f'<span class="shelf-cards" aria-hidden="true">{backs}</span>'
        f'<span class="shelf-label">{escape(cat.t("table.last_trick_label"))}</span></button>'
    )


# ----------------------------------------------------------------- prompt


def vido_question(v: VidoView, view: TableView, cat: Cat) -> str:
    """What calling, accepting or refusing a vido means, with the stakes in numbers."""

    other = seat_name(view.seats[1 - view.human], view, cat)
    caller = seat_name(view.seats[v.caller], view, cat)
    if v.role == "call":
        key = "vido.call_kontr_question" if v.kontr else "vido.call_question"
        player = other
    else:
        key = "vido.answer_kontr_question" if v.kontr else "vido.answer_question"
        player = caller
    return cat.t(
        key,
        player=player,
        stake=v.stake,
        stake_after=v.stake_after,
        count=v.refused_points,
    )


def action_label(a: ActionView, view: TableView, cat: Cat) -> str:
    cards = cards_bdi(cat, a.cards) if a.cards else ""
    v = view.vido
    if a.kind == "pass":
        return escape(cat.t("action.pass"))
    if a.kind == "blanche":  # multi-pack: show a hand (or a drawn card) without court cards
        pts = escape(cat.t("common.points", count=view.blanche_points))
        return f'{escape(cat.t("action.blanche"))} <span class="pts">{pts}</span>'
    if a.kind == "vido" and v is not None:
        key = "action.call_kontr_vido" if v.kontr else "action.call_vido"
        return escape(cat.t(key, stake=v.stake_after))
    if a.kind == "accept" and v is not None:
        return escape(cat.t("action.accept_stake", stake=v.stake_after))
    if a.kind == "refuse" and v is not None:
        return escape(cat.t("action.refuse_game_over"))
    if a.kind in ("vido", "accept", "refuse"):
        return escape(cat.t(f"action.{a.kind}"))
    if a.kind == "seven":
        return escape(cat.t("action.seven")) + " " + cards
    name = escape(cat.declaration(a.decl_kind)) if a.decl_kind else escape(cat.t("action.declare"))
    pts = (
        f' <span class="pts">{escape(cat.t("common.points", count=a.points))}</span>'
        if a.points is not None
        else ""
    )
    return f"{name} {cards}{pts}"


def render_prompt(view: TableView, cat: Cat) -> str:
    """The choices that are not a card: declarations, pass, vido — each explained."""

    if not view.prompts:
        return ""
    kinds = {a.kind for a in view.prompts}
    if view.vido is not None and kinds & {"vido", "accept", "refuse"}:
        question = escape(vido_question(view.vido, view, cat))
    elif "blanche" in kinds:  # before the first lead the whole hand, later a drawn card
        me = view.human
        again = me < len(view.shown) and bool(view.shown[me])
        points = cat.t("common.points", count=view.blanche_points)
        key = "table.blanche_again" if again else "table.blanche_question"
        question = escape(cat.t(key, points=points))
    elif kinds & {"declare", "seven"} or (kinds == {"pass"} and view.phase == "declare"):
        question = escape(cat.t("table.choose_declaration"))
    else:
        question = ""
    numbers = choices.numbered(view)  # the hand marks each choice's cards (app.css)
    btns = "".join(
        f'<button type="button" class="btn act k-{a.kind}{hinted(view, a.action)}"'
        + (f' data-choice="{numbers[a.action]}"' if a.action in numbers else "")
        + f" {attr_action(a.action, a.legal)}>{action_label(a, view, cat)}</button>"
        for a in view.prompts
    )
    return f'<p class="question">{question}</p><div class="actions">{btns}</div>'


# ------------------------------------------------------------------- hint


def hinted(view: TableView, action: str | None) -> str:
    """The class that marks the control of the hint's action (or nothing)."""
    return " hinted" if action is not None and view.hint == action else ""


def hinted_cards(view: TableView) -> Counter[str]:
    """Cards of the hand a hinted declaration uses (drawn highlighted too)."""
    hint = view.hint or ""
    words = hint.split()
    if words[:1] not in (["declare"], ["seven"]):
        return Counter()
    return Counter(words[1:])


# ------------------------------------------------------------------- toasts


def render_toast(view: TableView, cat: Cat) -> str:
    """The dealer's 10 for a turned-up seven, shown until the first trick is won."""

    seat = view.seven_turnup
    if seat is None:
        return ""
    if seat == view.human:  # the player dealt: "you score", not "the dealer (You) scores"
        text = cat.t("log.you_seven_turnup", count=10)
    else:
        text = cat.t("log.seven_turnup", player=seat_name(view.seats[seat], view, cat), count=10)
    return f'<p class="toast" data-toast="seven-turnup">{escape(text)}</p>'


def render_numbers(view: TableView, cat: Cat) -> str:
    """The deal's number (and, in a bezik match, the game's)."""
    game = "" if view.game_number is None else f' data-game="{view.game_number}"'
    return (
        f'<span class="dealno" data-deal="{view.deal_number}"{game}>'
        f"{escape(cat.t('table.deal_number', number=view.deal_number))}</span>"
    )
