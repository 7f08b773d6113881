"""The score sheet drawn: every deal of the game (every game of a bezik match) so far,
from the figures ``web.records.sheet`` reads out of the engine's results."""

from __future__ import annotations

from html import escape

from web.i18n import Catalog
from web.records.sheet import SheetDeal, SheetGame


def seat_columns_class(seats: int) -> str:
    """A score table with a column per seat: with three or four seats, narrow screens put
    each row's label on a line of its own (app.css), so the seats' columns get the width
    and no word is broken inside."""
    return ' class="per-seat"' if seats > 2 else ""


KIND_KEYS = {"normal": "sheet.kind.normal", "sanvuar": "sheet.kind.sanvuar"}  # bezik games


# ---------------------------------------------------------------- render
def render_sheet(games: list[SheetGame], names: list[str], variant: str, cat: Catalog) -> str:
    """The sheet's body: one small table per deal, newest game last."""
    points_key = {
        "classic": "summary.brisques", "bezik": "summary.brisks", "rubicon": "summary.brisques",
    }.get(variant, "summary.card_points")
    head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    parts = []
    deal_number = 0
    for g, sheet in enumerate(games):
        if len(games) > 1 or sheet.kind:
            kind = cat.t(KIND_KEYS[sheet.kind]) if sheet.kind in KIND_KEYS else ""
            parts.append(
                f'<h3 class="sheet-game">{escape(cat.t("sheet.game", number=g + 1))}'
                + (f" · {escape(kind)}" if kind else "")
                + "</h3>"
            )
        if not sheet.deals:
            parts.append(f'<p class="note">{escape(cat.t("sheet.no_deals"))}</p>')
        for number, deal in enumerate(sheet.deals, start=1):
            deal_number += 1
            parts.append(_deal_table(deal, number, names, head, points_key, cat))
        if sheet.session is not None:  # multi-pack: the session so far, after each game
            cells = "".join(
                f'<td data-sheet-session="{s}" data-value="{v}">{escape(cat.number(v))}</td>'
                for s, v in enumerate(sheet.session)
            )
            parts.append(
                '<div class="tablewrap"><table class="sheet-final"><tbody><tr class="tot">'
                f'<th scope="row">{escape(cat.t("summary.mp.session"))}</th>{cells}'
                "</tr></tbody></table></div>"
            )
        elif sheet.winner is not None and sheet.totals:
            total_cells = "".join(
                f'<td data-sheet-game-total="{s}" data-value="{v}">{escape(cat.number(v))}</td>'
                for s, v in enumerate(sheet.totals)
            )
            parts.append(
                '<div class="tablewrap"><table class="sheet-final"><tbody><tr class="tot">'
                f'<th scope="row">{escape(cat.t("summary.game_total"))}</th>{total_cells}'
                "</tr></tbody></table></div>"
            )
    if deal_number == 0:
        parts.append(f'<p class="note">{escape(cat.t("sheet.no_deals"))}</p>')
    return "".join(parts)


def _deal_table(
    deal: SheetDeal, number: int, names: list[str], head: str, points_key: str, cat: Catalog
) -> str:
    seats = range(len(names))
    per_seat: dict[int, list[str]] = {s: [] for s in seats}
    for seat, kind, pts in deal.declarations:
        per_seat.setdefault(seat, []).append(f"{escape(cat.declaration(kind))} {cat.number(pts)}")
    none = "—"
    title = cat.t("sheet.deal_running" if deal.in_progress else "sheet.deal", number=number)

    def row(label: str, cells: str, cls: str = "") -> str:
        klass = f' class="{cls}"' if cls else ""
        return f'<tr{klass}><th scope="row">{escape(label)}</th>{cells}</tr>'

    def last(seat: int) -> str:
        if deal.last_trick != seat:
            return ""
        return f"✓ {cat.number(deal.last_trick_points)}" if deal.last_trick_points else "✓"

    rows = [
        row(cat.t("summary.declarations"),
            "".join(f"<td>{'<br>'.join(per_seat[s]) or none}</td>" for s in seats)),
        row(cat.t(points_key),
            "".join(f'<td data-sheet-card-points="{s}" data-value="{deal.card_points[s]}">'
                    f"{cat.number(deal.card_points[s])}</td>" for s in seats)),
        row(cat.t("summary.last_trick"), "".join(f"<td>{last(s)}</td>" for s in seats)),
        row(cat.t("summary.deal_total"),
            "".join(f'<td data-sheet-total="{s}" data-value="{deal.totals[s]}">'
                    f"{escape(cat.number(deal.totals[s]))}</td>" for s in seats), "tot"),
    ]
    settled = deal.settlement
    if settled is not None:  # multi-pack: one deal is the game; its settlement instead
        rows.append(row(cat.t("sheet.settlement"), "".join(
            f'<td data-sheet-settlement="{s}" data-value="{settled[s]}">'
            f"{escape(cat.number(settled[s])) if settled[s] else '—'}</td>" for s in seats), "tot"))
    else:
        rows.append(row(cat.t("summary.game_total"),
            "".join(f'<td data-sheet-running="{s}" data-value="{deal.running[s]}">'
                    f"{escape(cat.number(deal.running[s]))}</td>" for s in seats), "tot"))
    if deal.sides is not None:  # partnerships: seats 0+2 and 1+3 share a total
        rows.append(row(cat.t("sheet.side_total"), "".join(
            f'<td data-sheet-side="{s % 2}">{escape(cat.number(deal.sides[s % 2]))}</td>'
            for s in seats), "tot"))
    running = ' data-running="true"' if deal.in_progress else ""
    return (
        f'<section class="sheet-deal" data-sheet-deal="{deal.index}"{running}>'
        f"<h4>{escape(title)}</h4>"
        f'<div class="tablewrap"><table{seat_columns_class(len(names))}>'
        f"<thead><tr><td></td>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def render_sheet_dialog(
    games: list[SheetGame], names: list[str], variant: str, cat: Catalog
) -> str:
    """The score sheet as a dialog over the table (scrolls inside its body)."""
    close = escape(cat.t("menu.close"))
    return (
        '<div class="dialog sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-title"'
        ' data-screen="score-sheet">'
        f'<h2 id="sheet-title" tabindex="-1">{escape(cat.t("sheet.title"))}</h2>'
        f'<div class="dialog-body" tabindex="0">{render_sheet(games, names, variant, cat)}</div>'
        f'<button type="button" class="btn primary" data-command="close">{close}</button>'
        "</div>"
    )
