"""The score sheet: every deal of the game (every game of a bezik match) so far.

The figures are the engine's own results, the same ``python -m engine replay``
prints (``engine.game.summary``), plus the running deal as it stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from engine.playable import PlayableGame
from web.i18n import Catalog
from web.storage.json_data import JsonObject, JsonValue, as_list, as_object, get_object


def seat_columns_class(seats: int) -> str:
    """A score table with a column per seat: with three or four seats, narrow screens put
    each row's label on a line of its own (app.css), so the seats' columns get the width
    and no word is broken inside."""
    return ' class="per-seat"' if seats > 2 else ""


KIND_KEYS = {"normal": "sheet.kind.normal", "sanvuar": "sheet.kind.sanvuar"}  # bezik games


@dataclass
class SheetDeal:
    index: int  # over the whole record (bezik: over the match)
    declarations: list[tuple[int, str, int]]
    card_points: list[int]
    last_trick: int | None
    totals: list[int]
    running: list[int]  # the game's totals after this deal
    in_progress: bool = False
    last_trick_points: int | None = None
    sides: list[int] | None = None
    settlement: list[int] | None = None  # multi-pack: what the game's settlement gave each seat


@dataclass
class SheetGame:
    deals: list[SheetDeal] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    winner: int | None = None
    kind: str | None = None  # bezik: normal / sanvuar
    match_points: int = 0
    sides: list[int] | None = None
    session: list[int] | None = None  # multi-pack: the session's points after this game


def engine_summary(game: PlayableGame) -> JsonObject:
    """What ``python -m engine replay`` prints for this game's finished deals."""
    from engine.game import summary

    return summary(game)


def _int(value: JsonValue) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: JsonValue) -> str | None:
    return value if isinstance(value, str) else None


def _ints(value: JsonValue) -> list[int]:
    """A list of whole numbers in the summary (its numbers only)."""
    return [n for n in map(_int, as_list(value) or []) if n is not None]


def _declaration(value: JsonValue) -> tuple[int, str, int] | None:
    """A declaration as the summary writes it: [seat, combination, points]."""
    item = as_list(value) or []
    if len(item) != 3:
        return None
    seat, kind, points = _int(item[0]), item[1], _int(item[2])
    if seat is None or not isinstance(kind, str) or points is None:
        return None
    return seat, kind, points


@dataclass(frozen=True)
class _Group:
    """The deals of one game of the sheet (a bezik match: several games)."""

    deals: list[int]
    winner: int | None
    kind: str | None = None
    match_points: int = 0


def _groups(data: JsonObject, results: list[JsonObject]) -> list[_Group]:
    if data.get("session") is not None:  # multi-pack: every deal is a game of its own
        return [_Group([i], _int(get_object(r, "settlement").get("winner")))
                for i, r in enumerate(results)]
    games = [as_object(g) for g in as_list(data.get("games")) or []]
    if not games:
        return [_Group(list(range(len(results))), _int(get_object(data, "game").get("winner")))]
    return [
        _Group(_ints(g.get("deals")), _int(g.get("winner")), _str(g.get("kind")),
               _int(g.get("match_points")) or 0)
        for g in games if g is not None
    ]


def build_sheet(game: PlayableGame) -> list[SheetGame]:
    """The sheet's games from the engine's results (and the running deal)."""
    data = engine_summary(game)
    players = game.rules.players
    partners = bool(game.rules.partnerships)
    results = [r for r in map(as_object, as_list(data.get("deals")) or []) if r is not None]
    session = data.get("session")  # multi-pack: every deal is a game of its own
    groups = _groups(data, results)
    session_points = [0] * players
    games: list[SheetGame] = []
    for group in groups:
        sheet = SheetGame(kind=group.kind, winner=group.winner, match_points=group.match_points)
        running = [0] * players
        for index in group.deals:
            res = results[index]
            totals = _ints(res.get("totals"))
            running = [r + t for r, t in zip(running, totals, strict=True)]
            declared = map(_declaration, as_list(res.get("declarations")) or [])
            sheet.deals.append(SheetDeal(
                index=index,
                declarations=[d for d in declared if d is not None],
                card_points=_ints(res.get("card_points")),
                last_trick=_int(res.get("last_trick")),
                totals=totals,
                running=list(running),
                last_trick_points=_int(res.get("last_trick_points")),
                sides=_sides(totals) if partners else None,
                settlement=_settled(res, players) if session is not None else None,
            ))
            if session is not None:
                session_points = [a + b for a, b in
                                  zip(session_points, _settled(res, players), strict=True)]
                sheet.session = list(session_points)
        sheet.totals = running
        games.append(sheet)
    deal = game.deal
    if not deal.is_terminal:
        current = games[-1] if games else SheetGame()
        if not games:
            games.append(current)
        elif current.winner is not None or session is not None:
            # bezik: the running deal opens the next game; multi-pack: every deal is one
            current = SheetGame(kind=_current_kind(game))
            games.append(current)
        before = current.totals or [0] * players
        running = [b + p for b, p in zip(before, deal.points, strict=True)]
        current.deals.append(SheetDeal(
            index=len(results),
            declarations=[(int(s), str(k), int(p)) for s, k, p in deal.declarations],
            card_points=list(deal.card_points),
            last_trick=None,
            totals=list(deal.points),
            running=running,
            in_progress=True,
            sides=_sides(deal.points) if partners else None,
        ))
        current.totals = running
    for sheet in games:
        if partners and sheet.totals:
            sheet.sides = _sides(sheet.totals)
    return games


def _settled(result: JsonObject, players: int) -> list[int]:
    """A multi-pack game's settlement as points per seat (the winner's, 0 for the other)."""
    settlement = get_object(result, "settlement")
    points = [0] * players
    winner = _int(settlement.get("winner"))
    if winner is not None:
        points[winner] = _int(settlement.get("points")) or 0
    return points


def _sides(values: list[int]) -> list[int]:
    return [values[0] + values[2], values[1] + values[3]]


def _current_kind(game: PlayableGame) -> str | None:
    match = game.match_facts()
    return None if match is None else match.kind


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
