"""HTML for each region of the table, built from a TableView.

Every function returns a string; the controller writes a region's string
into the DOM only when it changed, so a move touches few nodes.  Pure
Python: testable under CPython.
"""

from __future__ import annotations

from html import escape

from web.view import callouts, choices, daily_view, flowview, guideview, settlement
from web.view.card_html import Cat, attr_action, back_html, cards_bdi, face_html
from web.view.menu import icon
from web.view.score_sheet import seat_columns_class
from web.view.seat_place import position, seat_name
from web.view.table_view import (
    DealSummaryView,
    GroupView,
    MatchView,
    SeatView,
    TableCardView,
    TableView,
)

# ---------------------------------------------------------------- header


# Variants whose tricks' cards never score: the summary leaves their row out.
NO_CARD_POINTS = frozenset(("six-pack", "eight-pack"))


def human_to_act(view: TableView) -> bool:
    return view.current == view.human and not view.deal_summary and not view.game_over


# ------------------------------------------------------------ scoreboard


def render_scores(view: TableView, cat: Cat) -> str:
    parts: list[str] = []
    if view.match is not None:  # bezik shows two rows of scores: say which is which
        label = cat.t("table.game_points_to", count=view.target)
        parts.append(  # the target's value stays a hook (data-value), as on other tables
            f'<span class="row-label target" data-value="{view.target}">{escape(label)}</span>'
        )
    for sv in view.seats:
        turn = " turn" if sv.is_turn else ""
        parts.append(
            f'<div class="score{turn}" data-pos="{position(sv.rel, view.num_players)}">'
            f'<span class="who">{escape(seat_name(sv, view, cat))}</span> '
            f'<span class="pts" data-seat-score="{sv.seat}" data-value="{sv.score}">'
            f"{cat.number(sv.score)}</span>"
            f"{callouts.render_gain(view.callouts, sv.seat, cat)}</div>"
        )
    if view.side_scores is not None:
        for side, pts in enumerate(view.side_scores):
            mine = (view.human % 2) == side
            key = "table.side_us" if mine else "table.side_them"
            parts.append(
                f'<div class="score side"><span class="who">{escape(cat.t(key))}</span> '
                f'<span class="pts" data-side-score="{side}" data-value="{pts}">'
                f"{cat.number(pts)}</span></div>"
            )
    if view.session is not None:  # multi-pack: no target; the rubicon, the session's game
        parts.append(settlement.render_bar(view, view.session, cat))
    elif view.match is None:  # (bezik's row label names the target)
        parts.append(
            f'<div class="score target"><span class="who">{escape(cat.t("table.target_label"))}'
            f'</span> <span class="pts" data-value="{view.target}">{cat.number(view.target)}'
            "</span></div>"
        )
    if view.match is None and view.session is None:
        parts.append(f'<div class="score">{flowview.render_numbers(view, cat)}</div>')
    parts.append(daily_view.render_label(view, cat))  # the day's deal (web.features.daily_deal)
    board = render_match(view.match, view, cat) if view.match else ""
    return f'<div class="scores">{"".join(parts)}</div>{board}'


def render_match(m: MatchView, view: TableView, cat: Cat) -> str:
    """The marköz: match points, stake, game kind and place in the cycle."""
    pts = "".join(
        f'<div class="mk-pts"><span class="who">{escape(seat_name(sv, view, cat))}</span> '
        f'<span class="pts" data-seat-match="{sv.seat}" data-value="{m.match_points[sv.seat]}">'
        f"{cat.number(m.match_points[sv.seat])}</span></div>"
        for sv in view.seats
    )
    return (
        f'<section class="markoz" aria-label="{escape(cat.t("table.markoz"))}">'
        f'<div class="mk-row"><span class="row-label">'
        f'{escape(cat.t("table.match_points_to", count=m.match_to))}</span>{pts}</div>'
        f'<div class="mk-row"><span '
        f'class="mk-kind">{escape(cat.t("table.game_kind." + m.game_kind))}</span>'
        f' <span class="mk-game">{escape(cat.t("table.game_number", number=m.game_number))}</span>'
        f" {flowview.render_numbers(view, cat)}"
        f' <span class="mk-stake" '
        f'data-stake="{m.stake}">{escape(cat.t("table.stake", stake=m.stake))}</span></div>'
        f"{render_cycle(m, cat)}"
        "</section>"
    )


def render_cycle(m: MatchView, cat: Cat) -> str:
    """Where this game stands in the cycle of normal and sanvuar games: one pip per game
    (round: normal, square: sanvuar, filled: this one), named and explained in words."""
    if m.cycle_len <= 1:  # normal games only: no cycle to show
        return ""
    ticks = "".join(
        f'<span class="tick{" now" if i == m.cycle_pos else ""}{" sv" if i >= 2 else ""}"></span>'
        for i in range(m.cycle_len)
    )
    said = cat.t("table.cycle_aria", number=m.cycle_pos + 1, total=m.cycle_len)
    return (
        '<div class="mk-row mk-cycle-row">'
        f'<span class="row-label" aria-hidden="true">{escape(cat.t("table.cycle"))}</span>'
        f'<span class="mk-cycle" role="img" aria-label="{escape(said)}">{ticks}</span>'
        '<span class="mk-legend" aria-hidden="true"><span class="tick"></span>'
        f'{escape(cat.t("table.cycle_normal"))} <span class="tick sv"></span>'
        f'{escape(cat.t("table.cycle_sanvuar"))}</span></div>'
    )


# ----------------------------------------------------------------- seats


def assign_groups(sv: SeatView) -> list[tuple[GroupView | None, list[TableCardView]]]:
    """Place each table card once, in the first live group that still holds it.

    Copies are matched by physical copy (``uid``), so a group whose own copy was
    played shows as broken even when another group holds the same card; a card
    in several groups (Q♠ of a bezique and of a marriage) is drawn in the first,
    the others list it by name.  Cards of no live group end up in a last,
    unnamed box.
    """
    free = list(sv.table_cards)
    boxes: list[tuple[GroupView | None, list[TableCardView]]] = []
    for g in sv.groups:
        taken: list[TableCardView] = []
        if g.uids:
            for uid in g.uids:
                hit = next((tc for tc in free if tc.uid == uid), None)
                if hit is not None:
                    free.remove(hit)
                    taken.append(hit)
        else:
            for card in g.cards:
                hit = next((tc for tc in free if tc.card == card), None)
                if hit is not None:
                    free.remove(hit)
                    taken.append(hit)
        boxes.append((g, taken))
    if free:
        boxes.append((None, free))
    return boxes


def stacked(cards: list[TableCardView]) -> list[tuple[TableCardView, int]]:
    """Identical cards of one box as one card and its count, in first-seen order (a
    quintuple bezique is Q♠ ×5 and J♦ ×5, not ten cards): identical copies play alike."""
    order: list[TableCardView] = []
    counts: dict[str, int] = {}
    for tc in cards:
        if tc.card not in counts:
            order.append(tc)
            counts[tc.card] = 0
        counts[tc.card] += 1
    return [(tc, counts[tc.card]) for tc in order]


def stack_badge(copies: int, cat: Cat) -> str:
    """The count on a stacked card ("×5"; nothing for a single card)."""
    if copies < 2:
        return ""
    text = escape(cat.t("table.stack_count", count=copies))
    return f'<span class="stack-n" aria-hidden="true">{text}</span>'


def stack_aria(name: str, copies: int, cat: Cat) -> str:
    """A stacked card's spoken name says how many copies lie there."""
    return name if copies < 2 else cat.t("table.stacked", card=name, count=copies)


def group_label(group: GroupView, cat: Cat) -> str:
    return cat.declaration(group.kind)


def render_groups(sv: SeatView, view: TableView, cat: Cat, small: bool) -> str:
    """A seat's declared cards, boxed by combination, compactly: never an empty box.

    A group whose every card is drawn in an earlier box (a card shared by two
    combinations) gets no box of its own: its name joins that box's label.  A
    broken group says what "broken" means in its title and to screen readers.
    """
    if not sv.table_cards and not sv.groups:
        return ""
    legal = set(view.legal)
    size = "sm" if small else ""
    # the player's cards a prompt's choice would lay down again (web/view/choices.py)
    marks = choices.card_marks(view)[1] if sv.is_human else {}
    mark_of = {id(tc): marks.get(i, "") for i, tc in enumerate(sv.table_cards)}
    boxes = assign_groups(sv)
    extra_names: dict[int, list[GroupView]] = {}
    for i, (group, cards) in enumerate(boxes):
        if group is None or cards:
            continue
        home = next(
            (
                k
                for k, (other, held) in enumerate(boxes[:i])
                if other is not None and any(tc.card in group.cards for tc in held)
            ),
            None,
        )
        if home is not None:
            extra_names.setdefault(home, []).append(group)
    bezik = view.variant == "bezik"  # where a broken group can be completed again
    help_key = "table.group_broken_help_bezik" if bezik else "table.group_broken_help"
    out = []
    for i, (group, cards) in enumerate(boxes):
        if not cards:
            continue  # listed with the box that holds its cards, or nothing left to show
        html_cards = []
        for tc, copies in stacked(cards):
            badge = stack_badge(copies, cat)
            if sv.is_human and tc.action:
                ok = tc.action in legal
                aria = cat.t("table.card_on_table", card=cat.card_name(tc.card))
                html_cards.append(
                    face_html(
                        tc.card,
                        cat,
                        tag="button",
                        attrs=f'type="button" {attr_action(tc.action, ok)}',
                        classes=f"tcard {size}{' playable' if ok else ''}"
                        + flowview.hinted(view, tc.action)
                        + mark_of.get(id(tc), "")
                        + (" stacked" if badge else ""),
                        aria=stack_aria(aria, copies, cat),
                    )[: -len("</button>")]
                    + f"{badge}</button>"
                )
            else:
                html_cards.append(
                    face_html(
                        tc.card,
                        cat,
                        classes=f"tcard {size}" + mark_of.get(id(tc), "")
                        + (" stacked" if badge else ""),
                        aria=stack_aria(cat.card_aria(tc.card), copies, cat),
                    )[: -len("</span>")]
                    + f"{badge}</span>"
                )
        if group is None:
            out.append(
                f'<div class="group loose"><span class="gcards">{"".join(html_cards)}</span></div>'
            )
            continue
        named = [group, *extra_names.get(i, [])]
        broken_text = escape(cat.t("table.group_broken"))
        names = " + ".join(
            escape(group_label(g, cat))
            + ("" if g.intact else f'<span class="gstate"> · {broken_text}</span>')
            for g in named
        )
        shared = ""
        if len(cards) < len(group.cards) and group.intact:
            shared = " " + cards_bdi(cat, group.cards)
        title = why = ""
        if not all(g.intact for g in named):
            help_text = escape(cat.t(help_key))
            title = f' title="{help_text}"'
            why = f'<span class="sr-only">: {help_text}</span>'
        state = "intact" if group.intact else "broken"
        out.append(
            f'<div class="group {state}" data-kind="{escape(group.kind)}"{title}>'
            f'<span class="glabel">{names}{why}{shared}</span>'
            f'<span class="gcards">{"".join(html_cards)}</span></div>'
        )
    if not out:
        return ""
    who = seat_name(sv, view, cat)
    return (
        f'<div class="declared{" mine" if sv.is_human else ""}" role="group"'
        f' aria-label="{escape(cat.t("a11y.declared_by", player=who))}">{"".join(out)}</div>'
    )


def render_seat(sv: SeatView, view: TableView, cat: Cat) -> str:
    pos = position(sv.rel, view.num_players)
    name = seat_name(sv, view, cat)
    flags = []
    if sv.is_dealer:
        flags.append(
            f'<span class="flag dealer" '
            f'title="{escape(cat.t("table.dealer"))}">{escape(cat.t("table.dealer_short"))}</span>'
        )
    if sv.donuk:
        flags.append(donuk_flag(sv, cat))
    turn = " turn" if sv.is_turn else ""
    backs = "".join(back_html("sm") for _ in range(min(sv.hand_count, 12)))
    thinking = ""
    if sv.is_turn and view.thinking:
        thinking = (
            f'<span class="thinking">{escape(cat.t("table.opponent_thinking"))}</span>'
        )
    # a side seat's note goes below its header, where it cannot widen the seat's column
    in_head, below = (thinking, "") if pos == "top" else ("", thinking)
    return (
        f'<section class="seat{turn}" data-pos="{pos}" data-seat="{sv.seat}"'
        f' aria-label="{escape(name)}">'
        f'<header class="seat-head"><span class="name">{escape(name)}</span>{"".join(flags)}'
        f'<span class="count">{escape(cat.t("table.cards_in_hand", count=sv.hand_count))}</span>'
        f"{in_head}</header>{below}"
        f'<div class="backs" aria-hidden="true">{backs}</div>'
        f"{shown_cards(sv, view, cat)}"
        f"{render_groups(sv, view, cat, small=True)}"
        f"{callouts.render_at_seat(view.callouts, sv.seat, cat)}</section>"
    )


def shown_cards(sv: SeatView, view: TableView, cat: Cat) -> str:
    """Multi-pack: the carte blanche cards a seat has shown and still holds, by name (a
    line that wraps, never a second hand of faces)."""
    cards = view.shown[sv.seat] if sv.seat < len(view.shown) else []
    if not cards:
        return ""
    slot = "\ue002"  # where the sentence puts the cards (escaped text around them)
    listed = escape(cat.t("table.shown_cards", cards=slot)).replace(slot, cards_bdi(cat, cards))
    return f'<p class="shown" data-shown="{sv.seat}">{listed}</p>'


def donuk_flag(sv: SeatView, cat: Cat) -> str:
    """Dönük, with the provisional points at stake."""
    text = (
        cat.t("table.donuk_pending", count=sv.donuk_points)
        if sv.donuk_points
        else cat.t("table.donuk")
    )
    return f'<span class="flag donuk" data-donuk="{sv.seat}">{escape(text)}</span>'


def render_opponents(view: TableView, cat: Cat) -> str:
    return "".join(render_seat(sv, view, cat) for sv in view.seats if not sv.is_human)


# ---------------------------------------------------------------- centre


def render_centre(view: TableView, cat: Cat) -> str:
    suit_sym = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    if view.trump:
        red = " red" if view.trump in ("H", "D") else ""
        trump = (
            f'<div class="trump{red} s-{view.trump}">'
            f'<span>{escape(cat.t("table.trump_label"))}</span> '
            f'<span class="tsym" aria-label="{escape(cat.t("card.suit." + view.trump))}">'
            f"{suit_sym.get(view.trump, '')}</span></div>"
        )
    else:
        none_key = "table.no_trumps_yet" if view.stock > 0 else "table.no_trumps"
        trump = f'<div class="trump none">{escape(cat.t(none_key))}</div>'
    # an empty stock keeps its place (an outline), so the trick beside it does not move
    slot = '<span class="card slot" aria-hidden="true"></span>'
    stock_cards = back_html("stock") if view.stock > 0 else slot
    turnup = ""
    if view.turnup and view.stock == 0:  # its place stays too
        turnup = '<span class="card slot turnup" aria-hidden="true"></span>'
    elif view.turnup:
        turnup = face_html(
            view.turnup,
            cat,
            classes="turnup",
            aria=cat.t("a11y.turnup", card=cat.card_name(view.turnup)),
        )
    stock = (
        f'<div class="stock">{turnup}{stock_cards}'
        f'<span class="stock-count" '
        f'data-stock="{view.stock}">{escape(cat.t("table.stock_count", count=view.stock))}'
        "</span></div>"
    )
    return f'<div class="pile">{trump}{stock}</div>{flowview.render_trick(view, cat)}'


# ------------------------------------------------------------------ hand


def render_hand(view: TableView, cat: Cat, focus_index: int = 0) -> str:
    legal = set(view.legal)
    me = view.seats[view.human]
    out = []
    drawn = list(view.drawn)
    hint_cards = flowview.hinted_cards(view)
    hint_played = False
    marks = choices.card_marks(view)[0]
    for i, card in enumerate(view.hand):
        action = view.hand_actions.get(card, f"play {card}")
        ok = action in legal
        tab = "0" if i == focus_index else "-1"
        cls = ("hcard playable" if ok else "hcard") + marks[i]
        if flowview.hinted(view, action) and not hint_played:
            hint_played = True  # one copy of two identical cards
            cls += " hinted"
        if hint_cards[card] > 0:
            hint_cards[card] -= 1
            cls += " hinted"
        cls += guideview.card_class(view, card)
        if card in drawn:
            drawn.remove(card)
            cls += " drawn"
        out.append(
            face_html(
                card,
                cat,
                tag="button",
                attrs=f'type="button" tabindex="{tab}" data-index="{i}" '
                f"{attr_action(action, ok)}",
                classes=cls,
            )
        )
    name = seat_name(me, view, cat)
    flags = ""
    if me.is_dealer:
        flags += (
            f'<span class="flag dealer" title="{escape(cat.t("table.dealer"))}">'
            f"{escape(cat.t('table.dealer_short'))}</span>"
        )
    if me.donuk:
        flags += donuk_flag(me, cat)
    turn = " turn" if me.is_turn else ""
    status = ""
    if (
        human_to_act(view)
        and view.phase in ("play",)
        and any(a.startswith("play") for a in view.legal)
    ):
        status = f'<span class="yourturn">{escape(cat.t("table.your_turn"))}</span>'
    return (
        f'<section class="seat me{turn}" data-pos="me" data-seat="{view.human}" '
        f'aria-label="{escape(name)}">'
        f'<header class="seat-head"><span '
        f'class="name">{escape(name)}</span>{flags}{status}</header>'
        f"{render_groups(me, view, cat, small=False)}"
        f'<div class="hand" role="toolbar" '
        f'aria-label="{escape(cat.t("a11y.hand"))}">{"".join(out)}</div>'
        "</section>"
    )


# ---------------------------------------------------------------- prompt


def render_log(view: TableView, cat: Cat) -> str:
    """The log, newest first (a drawer on phones, a panel beside the table on wide screens)."""
    items = "".join(f"<li>{line}</li>" for line in reversed(view.log))
    return (
        f'<div class="log-head"><h2>{escape(cat.t("log.title"))}</h2>'
        f'<button type="button" class="btn close-x" data-command="log" aria-expanded="true"'
        f' aria-label="{escape(cat.t("a11y.close"))}">{icon("close")}</button></div>'
        f'<ol class="log-list" reversed>{items}</ol>'
    )


# -------------------------------------------------------------- summary


def render_deal_summary(view: TableView, s: DealSummaryView, cat: Cat, actions: str = "") -> str:
    """The end of a deal: each seat's points; ``actions`` adds buttons beside Next."""
    head = "".join(f'<th scope="col">{escape(seat_name(sv, view, cat))}</th>' for sv in view.seats)
    rows = []
    per_seat: dict[int, list[str]] = {sv.seat: [] for sv in view.seats}
    for seat, kind, pts in s.declarations:
        per_seat.setdefault(seat, []).append(f"{escape(cat.declaration(kind))} {cat.number(pts)}")
    # three or four narrow columns: a dash, as on the score sheet
    none = "—" if len(view.seats) > 2 else escape(cat.t("summary.no_declarations"))
    decl_cells = "".join(f"<td>{'<br>'.join(per_seat[sv.seat]) or none}</td>" for sv in view.seats)
    rows.append(
        f'<tr><th scope="row">{escape(cat.t("summary.declarations"))}</th>{decl_cells}</tr>'
    )
    key = {"classic": "summary.brisques", "bezik": "summary.brisks", "rubicon": "summary.brisques"}
    if view.variant not in NO_CARD_POINTS:  # six and eight packs never count aces and tens
        rows.append(
            f'<tr><th scope="row">{escape(cat.t(key.get(view.variant, "summary.card_points")))}'
            "</th>"
            + "".join(f"<td>{cat.number(s.card_points[sv.seat])}</td>" for sv in view.seats)
            + "</tr>"
        )
    rows.append(
        f'<tr><th scope="row">{escape(cat.t("summary.last_trick"))}</th>'
        + "".join(f"<td>{last_trick_cell(s, sv.seat, cat)}</td>" for sv in view.seats)
        + "</tr>"
    )
    rows.append(
        f'<tr class="tot"><th scope="row">{escape(cat.t("summary.deal_total"))}</th>'
        + "".join(f"<td>{cat.number(s.totals[sv.seat])}</td>" for sv in view.seats)
        + "</tr>"
    )
    if view.session is None:  # a multi-pack game is its one deal: its total is the game's
        rows.append(
            f'<tr class="tot"><th scope="row">{escape(cat.t("summary.game_total"))}</th>'
            + "".join(f"<td>{cat.number(s.game_totals[sv.seat])}</td>" for sv in view.seats)
            + "</tr>"
        )
    notes = []
    if view.variant == "bezik":
        if s.ending.refused is not None:
            notes.append(cat.t("vido.refused"))
        elif not s.ending.brisks_counted:
            notes.append(cat.t("summary.no_brisks"))
        if view.match is not None and view.match.target > 3000:
            notes.append(cat.t("summary.target_extended"))
    sides = "".join(f'<p class="note">{escape(n)}</p>' for n in notes)
    if s.sides is not None:
        sides += (
            f'<p class="sides">{escape(cat.t("table.side_us"))}: '
            f"{cat.number(s.sides[view.human % 2])} · "
            f"{escape(cat.t('table.side_them'))}: {cat.number(s.sides[1 - view.human % 2])}</p>"
        )
    sides += daily_view.render_summary(view, cat)  # the daily deal's result, if it is one
    return (
        f'<div class="summary" data-summary="deal" role="dialog" aria-modal="false"'
        f' aria-labelledby="sum-title">'
        f'<h2 id="sum-title">{escape(cat.t("summary.deal_title"))}</h2>'
        f'<div class="tablewrap"><table{seat_columns_class(len(view.seats))}>'
        f"<thead><tr><td></td>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        f"{sides}"
        f"{next_button(view, 'next', cat.t('action.next'), cat)}{actions}"
        "</div>"
    )


def next_button(view: TableView, command: str, label: str, cat: Cat) -> str:
    """A summary's way on: its button, or at a guest's table the word that the host deals."""
    if view.by_host:
        checked = "" if view.deck_check is None else (
            f'<p class="note" data-deck-check="{escape(view.deck_check.rsplit(".", 1)[-1])}">'
            f"{escape(cat.t(view.deck_check))}</p>")
        return f'{checked}<p class="note" role="status">{escape(cat.t("pair.host_deals"))}</p>'
    return f'<button type="button" class="btn primary" data-command="{command}">' \
        f"{escape(label)}</button>"


def last_trick_cell(s: DealSummaryView, seat: int, cat: Cat) -> str:
    """✓ for the last trick's winner; bezik shows the points it brought (250/40/0)."""
    if s.last_trick != seat:
        return ""
    points = s.ending.last_trick_points
    return f"✓ {cat.number(points)}" if points else "✓"


def game_ending(view: TableView, cat: Cat) -> str:
    """Bezik: who gets how many match points, and why."""
    match = view.match
    if match is None or match.game_winner is None:
        return ""
    who = seat_name(view.seats[match.game_winner], view, cat)
    won = cat.t("summary.game_points_won", player=who, count=match.game_points)
    why = match.game_why or ""
    reasons = ", ".join(cat.t(f"summary.why.{part}") for part in why.split(",") if part)
    text = f"{escape(won)}"
    if reasons:
        text += f" {escape(cat.t('summary.why'))} {escape(reasons)}"
    return f'<p class="why">{text}</p>'


def winner_text(view: TableView, cat: Cat) -> str:
    if view.winner is None:
        return cat.t("summary.no_winner")
    if view.seat_kinds is not None and view.side_scores is None:
        who = seat_name(view.seats[view.winner], view, cat)
        return cat.t("summary.match_winner" if view.match_over else "summary.winner", player=who)
    if view.side_scores is not None:
        return (
            cat.t("summary.side_won")
            if view.winner == view.human % 2
            else cat.t("summary.side_lost")
        )
    if view.winner == view.human:
        return cat.t("summary.match_you_won" if view.match_over else "summary.you_won")
    if view.num_players == 2 and not view.match_over:
        return cat.t("summary.you_lost")
    who = seat_name(view.seats[view.winner], view, cat)
    return cat.t("summary.match_winner" if view.match_over else "summary.winner", player=who)


def render_game_summary(
    view: TableView, cat: Cat, sheet: str = "", actions: str = "", moment: str = ""
) -> str:
    """The end of a game, result first: who won (a win celebrated), the final scores,
    what it did to the statistics (``moment``, web.view.ending), the buttons (``actions``
    adds more, e.g. export), then the whole score sheet (``sheet``), folded."""
    from web.view import ending

    scores = "".join(
        f"<li>{escape(seat_name(sv, view, cat))}: <span "
        f'data-final-score="{sv.seat}" data-value="{sv.score}">{cat.number(sv.score)}</span></li>'
        for sv in view.seats
    )
    title = cat.t("summary.match_title") if view.match_over else cat.t("summary.game_title")
    winner = f'<p class="winner">{escape(winner_text(view, cat))}</p>'
    settled = ""
    if view.session is not None:  # multi-pack: the game settled, the session's total
        title = cat.t("summary.mp.title")
        winner = ""
        settled = settlement.render_settlement(view, view.session, view.rubicon, cat)
    match = ""
    if view.match is not None:
        mp = " · ".join(
            f"{escape(seat_name(sv, view, cat))} {cat.number(view.match.match_points[sv.seat])}"
            for sv in view.seats
        )
        match = (
            game_ending(view, cat)
            + f'<p class="match-points">{escape(cat.t("summary.match_points"))}: {mp}</p>'
        )
    nxt = ""
    if view.match is not None and not view.match_over:
        nxt = next_button(view, "next", cat.t("action.next_game"), cat)
    if view.session is not None and not view.session.over:
        nxt = next_button(view, "next", cat.t("action.next_game"), cat)
    elif view.match is None or view.match_over:
        nxt = "" if view.by_host else next_button(view, "rematch", cat.t("summary.rematch"), cat)
    match_attr = ' data-match="over"' if view.match_over else ""
    sheet_block = (
        f'<details class="sheet-in-summary"><summary>{escape(cat.t("sheet.title"))}'
        f"</summary>{sheet}</details>"
        if sheet
        else ""
    )
    won = ending.winner_is_here(view)
    result = "won" if won else ("lost" if view.winner is not None else "none")
    return (
        f'<div class="summary" data-summary="game"{match_attr} data-result="{result}" '
        f'role="dialog"'
        f' aria-labelledby="gsum-title"><div class="result">'
        f"{ending.celebration() if won else ''}"
        f'<h2 id="gsum-title">{escape(title)}</h2>'
        f'{winner}<ul '
        f'class="finals">{scores}</ul></div>{settled}{match}{moment}'
        f'<div class="summary-actions">{nxt}<button type="button" class="btn'
        f'{"" if nxt else " primary"}" data-command="new-game">'
        f'{escape(cat.t("menu.new_game"))}</button>{actions}</div>'
        f"{sheet_block}"
        "</div>"
    )
