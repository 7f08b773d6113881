"""Turn the engine's game and a seat's observation into a TableView.

The only module that knows the engine's shapes (card codes, groups, log
events); everything after it works on plain strings.
"""

from __future__ import annotations

from typing import Any

from engine.cards import code_text
from web.view import (
    ActionView,
    DealSummaryView,
    GroupView,
    MatchView,
    SeatView,
    TableCardView,
    TableView,
)

SUITS = ("S", "H", "D", "C")


def suit_letter(suit: Any) -> str | None:
    if suit is None:
        return None
    if isinstance(suit, int):
        return SUITS[suit]
    return str(suit)


def _text(code: Any) -> str:
    return code_text(code) if isinstance(code, int) else str(code)


def describe_declare(deal: Any, action: Any) -> tuple[str | None, int | None]:
    """Kind name and value of a declare action (for its button label)."""
    try:
        combo = deal.rules.classify(tuple(action.codes), deal.trump)
    except Exception:
        return None, None
    if combo is None:
        return None, None
    return combo.name, combo.value


def game_scores(game: Any) -> list[int]:
    try:
        return [int(x) for x in game.scores()]
    except Exception:
        return [0] * game.deal.n


def game_totals(game: Any) -> list[int]:
    try:
        return [int(x) for x in game.totals]
    except Exception:
        return [0] * game.deal.n


def game_target(game: Any) -> int:
    for attr in ("target",):
        value = getattr(game, attr, None)
        if isinstance(value, int):
            return value
    rules = getattr(game.deal, "rules", None)
    return int(getattr(rules, "target", 1000))


def partnerships(game: Any) -> bool:
    return bool(getattr(game.deal.rules, "partnerships", False))


def build_view(
    game: Any,
    human: int,
    *,
    thinking: bool = False,
    deal_number: int = 1,
    obs: Any = None,
) -> TableView:
    deal = game.deal
    if obs is None:
        obs = observe(game, human)
    n = obs.players
    current = obs.current_player
    # the observation already lists the seat's legal actions when it is his turn
    legal_actions = list(obs.legal_actions) if current == human else []
    legal = [a.text() for a in legal_actions]

    scores = game_scores(game)
    groups_by_seat: dict[int, list[GroupView]] = {s: [] for s in range(n)}
    extra = obs.extra or {}
    donuk = extra.get("donuk") or extra.get("donuk_seats") or []
    for i, g in enumerate(obs.groups):
        if not g.alive or g.name in ("seven", "seven_turnup"):
            continue
        ids = list(deal.groups[i].cards)
        on_table = [c for c in ids if c in deal.tables[g.seat]]
        if not on_table:  # every card of it played (or taken back): nothing to show
            continue
        groups_by_seat[g.seat].append(
            GroupView(
                g.name,
                [_text(c) for c in g.cards],
                len(on_table) == len(ids),
                g.value,
                uids=on_table,
            )
        )

    hidden_kinds = {_text(c) for c in obs.hand}
    seats: list[SeatView] = []
    for s in range(n):
        tcs: list[TableCardView] = []
        for uid, c in zip(deal.tables[s], obs.tables[s], strict=True):
            text = _text(c)
            act = None
            if s == human:
                act = f"play table {text}" if text in hidden_kinds else f"play {text}"
            tcs.append(TableCardView(text, act, uid))
        pending = sum(int(p[-1]) for p in extra.get("provisional") or [] if p and p[0] == s)
        is_donuk = (
            (s in donuk)
            if isinstance(donuk, (list, tuple, set))
            else bool(isinstance(donuk, dict) and donuk.get(str(s)))
        )
        seats.append(
            SeatView(
                seat=s,
                rel=(s - human) % n,
                is_human=(s == human),
                hand_count=obs.hand_sizes[s],
                table_cards=tcs,
                groups=groups_by_seat[s],
                score=scores[s] if s < len(scores) else 0,
                deal_points=obs.points[s],
                donuk=is_donuk,
                donuk_points=pending,
                side=(s % 2) if n == 4 else None,
                is_turn=(current == s),
                is_dealer=(obs.dealer == s),
            )
        )

    hand = [_text(c) for c in obs.hand]
    hand_actions = {c: f"play {c}" for c in hand}

    prompts: list[ActionView] = []
    for a in legal_actions:
        kind = a.kind
        if kind in ("play", "play_table"):
            continue
        cards = [_text(c) for c in a.codes]
        if kind == "declare":
            name, pts = describe_declare(deal, a)
            prompts.append(ActionView(a.text(), kind, cards, name, pts))
        elif kind == "vido" and extra.get("kontr"):
            prompts.append(ActionView(a.text(), kind, cards, decl_kind="kontr"))
        else:
            prompts.append(ActionView(a.text(), kind, cards))

    trick = [(s, _text(c)) for s, c, _ in obs.trick]
    last_trick = [(s, _text(c)) for s, c, _ in obs.last_trick]

    side_scores = None
    if n == 4 and partnerships(game):
        side_scores = [scores[0] + scores[2], scores[1] + scores[3]]

    summary = None
    if deal.is_terminal:
        res = deal.result()
        totals = game_totals(game)
        sides = None
        if side_scores is not None:
            sides = [res.totals[0] + res.totals[2], res.totals[1] + res.totals[3]]
        summary = DealSummaryView(
            declarations=[tuple(d) for d in res.declarations],
            card_points=list(res.card_points),
            last_trick=res.last_trick,
            totals=list(res.totals),
            game_totals=totals,
            sides=sides,
            extra=dict(getattr(deal, "extra", {}) or {}),
        )

    return TableView(
        variant=obs.variant,
        num_players=n,
        human=human,
        seats=seats,
        hand=hand,
        hand_actions=hand_actions,
        legal=legal,
        trump=suit_letter(obs.trump),
        turnup=None if obs.turnup is None else _text(obs.turnup),
        stock=obs.stock_size,
        trick=trick,
        last_trick=last_trick,
        phase=obs.phase,
        current=current,
        target=game_target(game),
        side_scores=side_scores,
        prompts=prompts,
        deal_summary=summary,
        game_over=game_decided(game),
        winner=game.game_winner if hasattr(game, "game_winner") else game.winner,
        match=build_match(game),
        game_info=_game_info(game),
        match_over=bool(getattr(game, "match_over", False)),
        thinking=thinking,
        deal_number=deal_number,
    )


def observe(game: Any, seat: int) -> Any:
    """The seat's observation with game-level facts (scores, bezik match) when offered."""
    method = getattr(game, "observation", None)
    return method(seat) if callable(method) else game.deal.observation(seat)


def game_decided(game: Any) -> bool:
    """The current game has a winner (for bezik: the game, the match may go on)."""
    if hasattr(game, "game_over"):
        return bool(game.game_over)
    return bool(game.is_terminal)


def build_match(game: Any) -> MatchView | None:
    """Bezik's marköz data, when the game object is a match."""
    info = getattr(game, "match_info", None)
    if info is None:
        return None
    try:
        data = info() if callable(info) else info
        return MatchView(
            match_points=list(data["points"]),
            match_to=int(data.get("to", 16)),
            stake=int(data.get("stake", 1)),
            game_kind=str(data.get("kind", "normal")),
            game_number=int(data.get("game", 1)),
            cycle_pos=int(data.get("cycle_pos", 0)),
            cycle_len=int(data.get("cycle_len", 5)),
            target=int(data.get("target", 3000)),
            vido_state=_vido_state(data.get("vidos")),
        )
    except Exception:
        return None


def _vido_state(vidos: Any) -> str | None:
    if not vidos:
        return None
    return "kontr" if len([v for v in vidos if v[1] == "accepted"]) >= 2 else "vido"


def _game_info(game: Any) -> dict[str, Any]:
    """The current bezik game's ending (winner, match points, why), if a match."""
    current = getattr(game, "current_game", None)
    summary = getattr(current, "summary", None)
    if not callable(summary):
        return {}
    try:
        return dict(summary())
    except Exception:
        return {}
