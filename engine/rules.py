"""Rulesets: the data of a variant plus the small rule functions data cannot say.

The core (``deal.py``, ``game.py``) knows no variant by name; it asks its
``Ruleset`` for the deck, the combinations and their points, the end-phase
obligation, the scoring at the end of a deal and the end of a game. Each
variant family subclasses ``Ruleset`` in a module of ``engine/variants/``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from .actions import DECLARE, Action
from .cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    NOTATION_RANK,
    QUEEN,
    RANKS,
    SEVEN,
    TEN,
    kind_code,
    rank_of,
    suit_of,
)
from .errors import RecordError
from .tricks import beats, winning_code

if TYPE_CHECKING:
    from .facts import MultipackFacts, VariantFacts
    from .observation import Event, Group

# Combination classes: a card re-used inside its own class needs a strictly higher value.
MARRIAGES = "marriages"  # marriages and sequences
BEZIQUES = "beziques"
FOURS = "fours"
SEVENS = "sevens"

FOUR_NAMES = {ACE: "four_aces", KING: "four_kings", QUEEN: "four_queens", JACK: "four_jacks"}
MULTIPLE_PREFIX = {1: "", 2: "double_", 3: "triple_", 4: "quadruple_", 5: "quintuple_"}
QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)
# Per suit: its king, its queen, its sequence (A 10 K Q J); and the four suits of each rank
# that makes a four of a kind (in FOUR_NAMES order). The candidate search reads these.
_SUIT_SHAPES: tuple[tuple[int, int, tuple[int, ...]], ...] = tuple(
    (kind_code(KING, s), kind_code(QUEEN, s),
     tuple(kind_code(r, s) for r in (ACE, TEN, KING, QUEEN, JACK)))
    for s in range(4)
)
_FOURS: tuple[list[int], ...] = tuple([kind_code(r, s) for s in range(4)] for r in FOUR_NAMES)


@dataclass(frozen=True, slots=True)
class Combination:
    """What a set of declared cards is: its kind name, re-use family and class, value."""

    name: str
    klass: str
    value: int
    family: str = ""
    fixes_trump: int | None = None  # the suit it makes trumps (variants without a turn-up)

    @property
    def kind(self) -> str:
        return self.family or self.name


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An option's default and its values; with ``bounds`` any integer from the first to
    the second also passes (``allowed`` then lists the values a chooser offers)."""

    default: Any
    allowed: tuple[Any, ...]
    bounds: tuple[int, int] | None = None

    def accepts(self, value: Any) -> bool:
        # Exactly a documented JSON value: 1000.0, True for 1 or 1 for True do not pass.
        if any(type(value) is type(a) and value == a for a in self.allowed):
            return True
        low_high = self.bounds
        return low_high is not None and type(value) is int and low_high[0] <= value <= low_high[1]


T = TypeVar("T")
MISSING = object()  # a remembered classify answer may be None
DECLARABLE = "declarable"  # heads the memo keys of ``declarable`` (the others start otherwise)
MEMO_SIZE = 5000  # answers a ruleset remembers (a holding takes about 1.1 kB: 5.5 MB)


class DealState(Protocol):
    """A deal as its ruleset reads and changes it (``engine.deal.Deal`` is one).

    Why a protocol: the rulesets are below the deal (the deal asks them), so they name
    what they use of it here instead of importing it.
    """

    n: int
    kinds: list[int]
    hands: list[list[int]]
    tables: list[list[int]]
    trick: list[tuple[int, int, bool]]
    won: list[list[int]]
    trump: int | None
    leader: int
    current: int | None
    phase: str
    points: list[int]
    declarations: list[tuple[int, str, int]]
    groups: list[Group]
    card_groups: dict[int, list[int]]
    scored_sevens: list[int]
    last_trick_winner: int | None
    log: list[Event]
    extra: dict[str, Any]

    @property
    def in_end_phase(self) -> bool: ...

    def score_declaration(self, seat: int, name: str, points: int) -> None: ...

    def add_card_points(self, seat: int, points: int) -> None: ...

    def add_last_trick(self, seat: int, points: int) -> None: ...

    def replace_last_event(self, event: Event) -> None: ...

    def finish_early(self) -> None: ...


@dataclass
class Ruleset:
    """Base ruleset; subclasses set the class data and override rule functions."""

    name: ClassVar[str] = ""
    ranks: ClassVar[tuple[int, ...]] = (ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN)
    hand_size: ClassVar[int] = 8
    deal_packets: ClassVar[tuple[int, ...]] = (3, 2, 3)
    has_turnup: ClassVar[bool] = True
    trump_sevens: ClassVar[bool] = True
    brisque_points: ClassVar[int] = 10
    seven_points: ClassVar[int] = 10  # the seven of trumps shown, exchanged or turned up
    # Points a card scores for the trick winner; empty means brisques only.
    card_points: ClassVar[Mapping[int, int]] = {}
    last_trick_points: ClassVar[int] = 10
    combination_points: ClassVar[Mapping[str, int]] = {}
    max_multiple: ClassVar[int] = 2
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {}
    deal_is_game: ClassVar[bool] = False  # multi-pack: each deal a game, no target to reach

    options: dict[str, Any] = field(default_factory=dict)
    memo: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False, compare=False)

    # ----- what the rules screens show ----------------------------------
    @classmethod
    def score_items(cls) -> dict[str, int]:
        """Every scoring item of the variant and its points, by name: each combination,
        ``seven`` (a trump seven, when sevens score), ``brisk`` (an ace or ten taken, when
        only those count) or ``card.<rank>`` (card points taken in tricks, e.g. ``card.K``).

        Why: the rules screens print these numbers; asked here, they cannot drift from
        the rules the deal scores by.
        """
        items = dict(cls.combination_points)
        if cls.trump_sevens:
            items["seven"] = cls.seven_points
        if cls.card_points:
            for rank in cls.ranks:
                items[f"card.{RANKS[rank]}"] = cls.card_points.get(rank, 0)
        else:
            items["brisk"] = cls.brisque_points
        return items

    # ----- construction -------------------------------------------------
    @classmethod
    def with_options(cls, options: Mapping[str, Any] | None = None) -> Ruleset:
        """Validate options against the spec; unknown names or values raise RecordError."""
        given = dict(options or {})
        chosen: dict[str, Any] = {}
        for key, spec in cls.option_specs.items():
            value = given.pop(key, spec.default)
            if not spec.accepts(value):
                allowed = ", ".join(str(a) for a in spec.allowed)
                if spec.bounds is not None:
                    allowed = f"an integer from {spec.bounds[0]} to {spec.bounds[1]}"
                shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "..."
                raise RecordError(f"option {key!r} must be one of {allowed}, not {shown}")
            chosen[key] = value
        if given:
            raise RecordError(f"unknown option(s) for {cls.name}: {', '.join(sorted(given))}")
        return cls(options=cls.derived_options(chosen))

    @classmethod
    def derived_options(cls, chosen: dict[str, Any]) -> dict[str, Any]:
        return chosen

    # ----- table data ---------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.options.get("players", 2))

    @property
    def packs(self) -> int:
        return 2

    @property
    def target(self) -> int:
        return int(self.options.get("target", 1000))

    @property
    def tie_break(self) -> str:
        return str(self.options.get("tie_break", "higher_score"))

    @property
    def partnerships(self) -> bool:
        return self.players == 4

    def deck(self) -> list[int]:
        """Kind code of each physical card id: pack by pack, suit by suit, rank by rank."""
        return list(self.kinds)

    @property
    def kinds(self) -> list[int]:
        """The deck's kind codes, computed once per ruleset and shared (never mutate)."""
        cached: list[int] | None = self.__dict__.get("_kinds")
        if cached is None:
            cached = [
                kind_code(r, s) for _ in range(self.packs) for s in range(4) for r in self.ranks
            ]
            self.__dict__["_kinds"] = cached
        return cached

    def initial_trump(self, turnup: int | None) -> int | None:
        return suit_of(turnup) if turnup is not None else None

    # ----- combinations -------------------------------------------------
    def classify(self, codes: Iterable[int], trump: int | None) -> Combination | None:
        """Name the combination these card kinds form in this variant, or None."""
        key = (tuple(codes), trump)
        found: Combination | None = self.memo.get(key, MISSING)
        if found is MISSING:
            found = self._remember(key, self.combination_of(key[0], trump))
        return found

    def _remember(self, key: tuple[Any, ...], answer: T) -> T:
        """Keep an answer: the searches ask the same questions again and again."""
        if len(self.memo) >= MEMO_SIZE:
            self.memo.clear()
        self.memo[key] = answer
        return answer

    def combination_of(self, codes: tuple[int, ...], trump: int | None) -> Combination | None:
        counts = Counter(codes)
        total = sum(counts.values())
        ranks = {rank_of(c) for c in counts}
        suits = {suit_of(c) for c in counts}
        if total == 4 and len(ranks) == 1 and next(iter(ranks)) in FOUR_NAMES:
            return self.four_of_a_kind(next(iter(ranks)), suits, trump)
        if len(suits) == 1:
            suit = next(iter(suits))
            if ranks == {KING, QUEEN} and len(set(counts.values())) == 1:
                return self.marriage(suit, counts[kind_code(KING, suit)], trump)
            if ranks == {ACE, TEN, KING, QUEEN, JACK} and total == 5:
                return self.sequence(suit, trump)
            if ranks == {SEVEN} and suit == trump and total == 2 and self.trump_sevens:
                return self.combination("two_sevens", SEVENS)
        if set(counts) == {QS, JD} and counts[QS] == counts[JD]:
            return self.bezique(counts[QS])
        return None

    def combination(
        self, name: str, klass: str, family: str = "", fixes_trump: int | None = None
    ) -> Combination | None:
        value = self.combination_points.get(name)
        if value is None:
            return None
        return Combination(name, klass, value, family, fixes_trump)

    def four_of_a_kind(self, rank: int, suits: set[int], trump: int | None) -> Combination | None:
        return self.combination(FOUR_NAMES[rank], FOURS)

    def marriage(self, suit: int, multiple: int, trump: int | None) -> Combination | None:
        if multiple > self.max_multiple:
            return None
        trumps = "trump_" if suit == trump else ""
        return self.combination(MULTIPLE_PREFIX[multiple] + trumps + "marriage", MARRIAGES)

    def sequence(self, suit: int, trump: int | None) -> Combination | None:
        return self.combination("trump_sequence" if suit == trump else "sequence", MARRIAGES)

    def bezique(self, multiple: int) -> Combination | None:
        if multiple > self.max_multiple:
            return None
        return self.combination(MULTIPLE_PREFIX[multiple] + "bezique", BEZIQUES)

    def candidate_combinations(
        self, held: Counter[int], trump: int | None
    ) -> list[tuple[int, ...]]:
        """Every multiset of held kinds that may form a combination (classified later);
        a list shared by every call, never to change."""
        key = (trump, *sorted((c, n) for c, n in held.items() if n))
        found: list[tuple[int, ...]] | None = self.memo.get(key)
        if found is None:
            found = self._remember(key, self._candidates(held, trump))
        return found

    def declarable(
        self, held: list[int], trump: int | None
    ) -> list[tuple[tuple[int, ...], Combination, Action]]:
        """Each distinct combination the held kinds (hidden and on the table) could form:
        its cards in notation order, what it is, its ``declare`` action; in the order of
        ``candidate_combinations``. A list shared by every call, never to change.

        Why: the deal asks after every trick won in the stock phase; this answers from one
        look-up per holding what candidates, sorting and classify would each time. Whether
        the seat may declare it now (copies, re-use) is for ``choose_copies``."""
        key = (DECLARABLE, trump, *sorted(held))
        found: list[tuple[tuple[int, ...], Combination, Action]] | None = self.memo.get(key)
        if found is None:
            found = []
            seen: set[tuple[int, ...]] = set()
            counts = [0] * 32
            for code in held:
                counts[code] += 1
            for codes in self._candidates_of(counts, trump):
                ordered = tuple(sorted(codes, key=NOTATION_RANK.__getitem__))
                if ordered in seen:
                    continue
                seen.add(ordered)
                combo = self.classify(ordered, trump)
                if combo is not None:
                    found.append((ordered, combo, Action(DECLARE, ordered)))
            found = self._remember(key, found)
        return found

    def _candidates(self, held: Counter[int], trump: int | None) -> list[tuple[int, ...]]:
        counts = [0] * 32
        for code, number in held.items():
            counts[code] = number
        return self._candidates_of(counts, trump)

    def _candidates_of(self, counts: list[int], trump: int | None) -> list[tuple[int, ...]]:
        """The candidates of ``candidate_combinations`` from the count of each kind code
        (a list indexed by code: no Counter, whose missing keys cost a call each)."""
        found: list[tuple[int, ...]] = []
        most = self.max_multiple
        for king, queen, sequence in _SUIT_SHAPES:
            for m in range(1, min(counts[king], counts[queen], most) + 1):
                found.append((king,) * m + (queen,) * m)
            if all(counts[c] for c in sequence):
                found.append(sequence)
        for m in range(1, min(counts[QS], counts[JD], most) + 1):
            found.append((QS,) * m + (JD,) * m)
        for codes in _FOURS:
            limits = [counts[c] for c in codes]
            if sum(limits) >= 4:
                found.extend(_multisets(codes, limits, 4))
        if trump is not None and self.trump_sevens and counts[kind_code(SEVEN, trump)] >= 2:
            found.append((kind_code(SEVEN, trump),) * 2)
        return found

    def declaration_points(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> int:
        """Points a declaration scores; two-pack variants discount a double built on a single."""
        return combo.value

    def choose_copies(
        self, deal: DealState, seat: int, codes: tuple[int, ...], combo: Combination
    ) -> tuple[list[int] | None, str]:
        """Pick physical cards for a declaration: eligible table copies first (earliest laid),
        else hidden ones; if all would come from the table, the first card in notation order
        that has a hidden copy comes from the hand. Returns (ids, "") or (None, rule code)."""
        hidden, table, kinds = deal.hands[seat], deal.tables[seat], deal.kinds
        chosen: list[int] = []
        failure = ""
        for code in codes:
            pick = None
            for card_id in table:
                if kinds[card_id] == code and card_id not in chosen:
                    why = self.reuse_block(deal, card_id, combo)
                    if not why:
                        pick = card_id
                        break
                    failure = failure or why
            if pick is None:
                pick = next((i for i in hidden if kinds[i] == code and i not in chosen), None)
            if pick is None:
                return None, failure or "card_not_held"
            chosen.append(pick)
        if not any(i in hidden for i in chosen):
            for pos, code in enumerate(codes):
                spare = next((i for i in hidden if kinds[i] == code and i not in chosen), None)
                if spare is not None:
                    chosen[pos] = spare
                    break
            else:
                return None, "no_new_card"
        return chosen, ""

    def reuse_block(self, deal: DealState, card_id: int, combo: Combination) -> str:
        """Why this declared card may not serve in ``combo`` ("" if it may)."""
        for index in deal.card_groups.get(card_id, ()):
            group = deal.groups[index]
            if group.kind == combo.kind:
                return "card_reused_same_kind"
            if group.klass == combo.klass and combo.value <= group.value:
                return "card_reused_lower"
        return ""

    def table_copy_to_play(self, deal: DealState, seat: int, copies: list[int]) -> int:
        """The table copy a play takes: in the fewest live groups, then the first laid."""

        def live(card_id: int) -> int:
            return sum(1 for g in deal.card_groups.get(card_id, ()) if deal.groups[g].alive)

        return min(copies, key=live)  # min keeps the first laid among equals

    # ----- hooks (no-ops in the base) -------------------------------------
    def start_deal(self, deal: DealState) -> None:
        """Called when a deal starts (after the turn-up seven is scored)."""

    def extra_actions(self, deal: DealState, seat: int) -> list[Action]:
        """Variant-only actions available now (bezik's vido), listed first."""
        return []

    def apply_extra(self, deal: DealState, seat: int, action: Action) -> bool:
        """Apply a variant-only action; False if ``action`` is not one."""
        return False

    def on_play(self, deal: DealState, seat: int, card_id: int, from_table: bool) -> None:
        """A card was just added to the trick."""

    def on_trick_won(self, deal: DealState, winner: int) -> None:
        """A trick was just taken (card points already scored)."""

    def after_declaration(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> None:
        """A declaration was just scored (no-trump variants fix trumps here)."""

    def after_draws(self, deal: DealState) -> None:
        """A round of draws is over (multi-pack: a carte blanche may be shown again)."""

    def on_end_phase(self, deal: DealState) -> None:
        """The stock has run out; declared cards are back in the hands."""

    def public_facts(self, deal: DealState, seat: int) -> VariantFacts | None:
        """Variant state a seat may see besides the common observation (None: nothing)."""
        return None

    def shown_facts(self, deal: DealState, seat: int) -> MultipackFacts | None:
        """Multi-pack facts a seat sees (carte blanche shown); None in other variants."""
        return None

    def result_extra(self, deal: DealState) -> dict[str, Any]:
        """Variant facts a finished deal reports besides the scores (e.g. trumps fixed in play)."""
        return {}

    # ----- play ---------------------------------------------------------
    def end_phase_playable(
        self, hand: list[int], kinds: list[int], trick: list[int], trump: int | None
    ) -> tuple[list[int], str]:
        """Cards (ids) a player may play in the end phase, and the rule code that binds."""
        raise NotImplementedError

    def score_trick(self, deal: DealState, winner: int, codes: list[int]) -> None:
        """Card points taken with a trick (Russian family); brisque variants count at the end."""
        if self.card_points:
            deal.add_card_points(winner, sum(self.card_points.get(rank_of(c), 0) for c in codes))

    def finish_deal(self, deal: DealState) -> None:
        """Last-trick bonus and brisques, when the last trick has been taken."""
        assert deal.last_trick_winner is not None
        deal.add_last_trick(deal.last_trick_winner, self.last_trick_points)
        if not self.card_points:
            for seat in range(deal.n):
                brisques = sum(1 for i in deal.won[seat] if rank_of(deal.kinds[i]) in (ACE, TEN))
                deal.add_card_points(seat, brisques * self.brisque_points)


def _multisets(codes: list[int], limits: list[int], size: int) -> list[tuple[int, ...]]:
    """All multisets of ``size`` drawn from codes with per-code limits, in a fixed order."""
    if size == 0:
        return [()]
    if not codes:
        return []
    out: list[tuple[int, ...]] = []
    for take in range(min(limits[0], size), -1, -1):
        for rest in _multisets(codes[1:], limits[1:], size - take):
            out.append((codes[0],) * take + rest)
    return out


def must_beat_or_trump(
    hand: list[int], kinds: list[int], trick: list[int], trump: int | None
) -> tuple[list[int], str]:
    """Classic end phase: follow suit and win if able; void, trump if able; else anything."""
    led = suit_of(kinds[trick[0]])
    best = winning_code(kinds, trick, trump)
    same = [i for i in hand if suit_of(kinds[i]) == led]
    if same:
        winners = [i for i in same if beats(kinds[i], best, trump)]
        return (winners, "must_win") if winners else (same, "must_follow_suit")
    trumps = [i for i in hand if suit_of(kinds[i]) == trump]
    if trumps:
        winners = [i for i in trumps if beats(kinds[i], best, trump)]
        return (winners or trumps), "must_trump"
    return list(hand), ""


def follow_else_trump(
    hand: list[int], kinds: list[int], trick: list[int], trump: int | None
) -> tuple[list[int], str]:
    """Russian end phase: follow suit, else trump, else anything; nobody must win."""
    led = suit_of(kinds[trick[0]])
    same = [i for i in hand if suit_of(kinds[i]) == led]
    if same:
        return same, "must_follow_suit"
    trumps = [i for i in hand if suit_of(kinds[i]) == trump]
    if trumps:
        return trumps, "must_trump"
    return list(hand), ""
