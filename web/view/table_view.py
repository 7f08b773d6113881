"""A plain snapshot of what the table shows, built from the engine's state.

Rendering reads only this, so the HTML building is testable under CPython
without a browser and independent of the engine's internal shapes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.facts import DealEnding, SessionFacts
from engine.observation import VidoStakes
from web.state.callout import Callout


@dataclass
class GroupView:
    """One declared combination lying on a seat's table area."""

    kind: str
    cards: list[str]
    intact: bool = True
    points: int = 0
    uids: list[int] = field(default_factory=list)  # the physical copies still on the table


@dataclass
class TableCardView:
    """A face-up declared card; `action` plays it when it is the human's."""

    card: str
    action: str | None = None
    uid: int | None = None  # which physical copy (identical copies are told apart by it)


@dataclass
class SeatView:
    seat: int
    rel: int
    is_human: bool
    hand_count: int
    table_cards: list[TableCardView] = field(default_factory=list)
    groups: list[GroupView] = field(default_factory=list)
    score: int = 0
    deal_points: int = 0
    donuk: bool = False
    donuk_points: int = 0
    side: int | None = None
    is_turn: bool = False
    is_dealer: bool = False


@dataclass
class ActionView:
    """A button for an engine action (declare, seven, pass, vido...)."""

    action: str
    kind: str
    cards: list[str] = field(default_factory=list)
    decl_kind: str | None = None
    points: int | None = None
    legal: bool = True


# A vido the human may call or must answer, in numbers (the engine's answer).
VidoView = VidoStakes


@dataclass
class DealSummaryView:
    declarations: list[tuple[int, str, int]]
    card_points: list[int]
    last_trick: int | None
    totals: list[int]
    game_totals: list[int]
    sides: list[int] | None = None
    # bezik's notes: a refused vido, brisks not counted; the last trick's points
    ending: DealEnding = field(default_factory=lambda: DealEnding(None, True, None))


@dataclass
class MatchView:
    """Bezik marköz board: game score, match points, stake, game of cycle."""

    match_points: list[int]
    match_to: int
    stake: int
    game_kind: str
    game_number: int
    cycle_pos: int
    cycle_len: int
    target: int
    vido_pending_from: int | None = None
    vido_state: str | None = None
    game_winner: int | None = None  # the current game's, once decided
    game_points: int = 0  # the match points it gave
    game_why: str | None = None  # why so many: comma-separated factors (summary.why.*)


@dataclass(frozen=True)
class GuideView:
    """The guided deal's bubble: its moments (catalog ``guided.<moment>``), the move it
    asks (the hand dims the rest) and the cards it is about."""

    moments: tuple[str, ...]  # () between steps: the short line that the guide is on
    variant: str
    step: int  # the first shown step's number (1-based) of ``steps``
    steps: int
    ask: str | None  # the one move the step asks (None: it only explains: "Got it")
    about: tuple[str, ...] = ()
    done: bool = False  # the script is over: the deal goes on as a normal game


@dataclass(frozen=True)
class DailyView:
    """The daily deal at the table (its label) and its result (the deal's summary and
    the daily screen): the player's points, the computer's from the same seat once known,
    the streak, and what became of a share."""

    date: str
    variant: str
    finished: bool = False  # the daily deal is over and its result kept
    points: int = 0
    others: int = 0  # the best other side's points in the deal
    tricks: tuple[bool, ...] = ()  # each trick in order: True where the player's side took it
    computer: int | None = None  # the computer's points from the same seat, once known
    progress: float | None = None  # the computer's deal being played: its share done
    streak: int = 0
    best: int = 0
    share_status: str | None = None  # shared | copied | cancelled | failed
    share_text: str | None = None  # the text to copy by hand when sharing failed


@dataclass
class TableView:
    variant: str
    num_players: int
    human: int
    seats: list[SeatView]
    hand: list[str]
    hand_actions: dict[str, str]
    legal: list[str]
    trump: str | None
    turnup: str | None
    stock: int
    trick: list[tuple[int, str]]
    phase: str
    current: int | None
    target: int
    side_scores: list[int] | None = None
    prompts: list[ActionView] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    deal_summary: DealSummaryView | None = None
    game_over: bool = False
    winner: int | None = None
    match: MatchView | None = None
    match_over: bool = False
    thinking: bool = False
    hint: str | None = None
    deal_number: int = 1
    drawn: list[str] = field(default_factory=list)  # cards just drawn (animated in)
    trick_state: str = "live"  # live | done (just won, in the centre) | aside | peek | none
    trick_winner: int | None = None  # who won the last finished trick
    last_trick: list[tuple[int, str]] = field(default_factory=list)
    vido: VidoView | None = None
    game_number: int | None = None  # bezik: the game of the match
    seven_turnup: int | None = None  # the dealer who scored a turned-up seven (until trick 1)
    trick_fresh: bool = False  # the last trick card was just played (animated in)
    seat_kinds: list[str] | None = None  # pass-and-play: person/computer per seat (names)
    # web.view.callouts: the points said at a seat
    callouts: list[Callout] = field(default_factory=list)
    seat_names: list[str] | None = None  # typed names by seat ("": the usual name)
    session: SessionFacts | None = None  # multi-pack: the session's games and totals
    rubicon: int = 0  # multi-pack: the total a loser must reach not to be rubiconed
    shown: list[list[str]] = field(default_factory=list)  # carte blanche cards shown, by seat
    blanche_points: int = 0  # what a carte blanche scores (0: none in this game)
    by_host: bool = False  # a guest's table (web.link.pairing): the host deals the next deal
    deck_check: str | None = None  # a guest's: the deal's deck as checked (a catalog key)
    guide: GuideView | None = None  # the guided first deal's bubble (web.features.guide)
    daily: DailyView | None = None  # the daily deal's label and result (web.features.daily_deal)
