"""Turn the engine's game and a seat's observation into a TableView.

The only module that knows the engine's shapes (card codes, groups, log
events); everything after it works on plain strings.
"""

from __future__ import annotations

from engine.actions import Action
from engine.cards import code_text
from engine.deal import Deal
from engine.facts import MatchFacts, VidoCall
from engine.observation import Observation
from engine.playable import PlayableGame
from web.view import settlement
from web.view.table_view import (
    ActionView,
    DealSummaryView,
    GroupView,
    MatchView,
    SeatView,
    TableCardView,
    TableView,
)

SUITS = ("S", "H", "D", "C")


def suit_letter(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


def _text(code: int) -> str:
    return code_text(code)


def describe_declare(deal: Deal, action: Action) -> tuple[str | None, int | None]:
    """Kind name and value of a declare action (for its button label)."""
    try:
        combo = deal.rules.classify(tuple(action.codes), deal.trump)
    except Exception:
        return None, None
    if combo is None:
        return None, None
    return combo.name, combo.value


def game_scores(game: PlayableGame) -> list[int]:
    try:
        return [int(x) for x in game.scores()]
    except Exception:
        return [0] * game.deal.n


def game_totals(game: PlayableGame) -> list[int]:
    try:
        return [int(x) for x in game.totals]
    except Exception:
        return [0] * game.deal.n


def game_target(game: PlayableGame) -> int:
    """The current game's target (a bezik match's game may have extended it)."""
    match = game.match_facts()
    return game.rules.target if match is None else match.target


def partnerships(game: PlayableGame) -> bool:
    return game.rules.partnerships


def build_view(
    game: PlayableGame,
    human: int,
    *,
    thinking: bool = False,
    deal_number: int = 1,
    obs: Observation | None = None,
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
    facts = obs.facts
    donuk = () if facts is None else facts.donuk
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
        provisional = () if facts is None else facts.provisional
        pending = sum(p.points for p in provisional if p.seat == s)
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
                donuk=s in donuk,
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
        elif kind == "vido" and facts is not None and facts.kontr:
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
            declarations=list(res.declarations),
            card_points=list(res.card_points),
            last_trick=res.last_trick,
            totals=list(res.totals),
            game_totals=totals,
            sides=sides,
            ending=deal.ending(),
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
        winner=game.game_winner,
        match=build_match(game.match_facts()),
        match_over=game.match_over,
        thinking=thinking,
        deal_number=deal_number,
        session=settlement.session_facts(game),
        rubicon=settlement.rubicon_of(game),
        shown=[] if obs.multipack is None else [[_text(c) for c in s] for s in obs.multipack.shown],
        blanche_points=int(getattr(game.rules, "blanche_points", None) or 0),
    )


def observe(game: PlayableGame, seat: int) -> Observation:
    """The seat's observation with game-level facts (scores, bezik match)."""
    return game.observation(seat)


def game_decided(game: PlayableGame) -> bool:
    """The current game has a winner (for bezik: the game, the match may go on)."""
    return game.game_over


def build_match(facts: MatchFacts | None) -> MatchView | None:
    """Bezik's marköz data, when the game is a match."""
    if facts is None:
        return None
    return MatchView(
        match_points=list(facts.points),
        match_to=facts.to,
        stake=facts.stake,
        game_kind=facts.kind,
        game_number=facts.game,
        cycle_pos=facts.cycle_pos,
        cycle_len=facts.cycle_len,
        target=facts.target,
        vido_state=_vido_state(facts.vidos),
        game_winner=facts.game_winner,
        game_points=facts.game_points,
        game_why=facts.game_why,
    )


def _vido_state(vidos: tuple[VidoCall, ...]) -> str | None:
    if not vidos:
        return None
    return "kontr" if sum(1 for v in vidos if v.result == "accepted") >= 2 else "vido"
