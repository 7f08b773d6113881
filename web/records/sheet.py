"""The score sheet's figures: every deal of the game (every game of a bezik match) so far.

The figures are the engine's own results, the same ``python -m engine replay``
prints (``engine.game.summary``), plus the running deal as it stands;
``web.view.score_sheet`` draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.playable import PlayableGame
from web.storage.json_data import JsonObject, JsonValue, as_list, as_object, get_object


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
