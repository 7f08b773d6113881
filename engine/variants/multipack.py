"""The multi-pack English game (docs/rules.md): ``rubicon``, ``six-pack``, ``eight-pack``.

Two players, four, six or eight packs, no turn-up: the deal's first marriage or
sequence fixes trumps. Multiple beziques up to the quadruple (quintuple with eight
packs), trump fours and fives (six and eight packs), carte blanche (a hand without a
court card, shown), a combination declared again once a played card of it is replaced
from the hand, and one deal per game settled at its end (``engine.session`` plays the
games of a session).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..actions import BLANCHE, PASS, Action
from ..cards import ACE, JACK, KING, QUEEN, SUITS, TEN, kind_code, rank_of, suit_of
from ..facts import MultipackFacts, Settlement
from ..log_events import BlancheEvent, Kind, SeatEvent, TrumpsEvent
from ..phases import BLANCHE_PHASE, PLAYING
from ..rules import (
    BEZIQUES,
    FOURS,
    JD,
    MARRIAGES,
    MULTIPLE_PREFIX,
    QS,
    Combination,
    DealState,
    OptionSpec,
    Ruleset,
    _multisets,
    must_beat_or_trump,
)

COURT = (KING, QUEEN, JACK)
FOUR_RANKS = (ACE, TEN, KING, QUEEN, JACK)
RANK_WORDS = {ACE: "aces", TEN: "tens", KING: "kings", QUEEN: "queens", JACK: "jacks"}
PLAIN_FOURS = {ACE: 100, TEN: 90, KING: 80, QUEEN: 60, JACK: 40}
TRUMP_FOURS = {ACE: 1000, TEN: 900, KING: 800, QUEEN: 600, JACK: 400}
TRUMP_FIVES = {ACE: 2000, TEN: 1800, KING: 1600, QUEEN: 1200, JACK: 800}
BEZIQUE_VALUES = {1: 40, 2: 500, 3: 1500, 4: 4500, 5: 9000}
BRISQUES_BONUS = 320  # rubicon: the brisques of a rubiconed game when they were not counted
ROUND_TO = 100

# Carte blanche rights per seat, in deal.extra["blanche"]: still to choose before the
# first lead, showing (may show again after each draw), or over for the deal.
UNDECIDED = "undecided"
SHOWING = "showing"
ENDED = "ended"


def four_name(rank: int) -> str:
    return f"four_{RANK_WORDS[rank]}"


def trump_four_name(rank: int) -> str:
    return f"four_trump_{RANK_WORDS[rank]}"


def trump_five_name(rank: int) -> str:
    return f"five_trump_{RANK_WORDS[rank]}"


class Rubicon(Ruleset):
    """Rubicon Bezique: four packs; brisques only for a tie or the rubicon."""

    name: ClassVar[str] = "rubicon"
    pack_count: ClassVar[int] = 4
    hand_size: ClassVar[int] = 9
    deal_packets: ClassVar[tuple[int, ...]] = (3, 3, 3)
    has_turnup: ClassVar[bool] = False
    trump_sevens: ClassVar[bool] = False
    max_multiple: ClassVar[int] = 4  # beziques (marriages are single here)
    last_trick_points: ClassVar[int] = 50
    blanche_points: ClassVar[int | None] = 50
    game_bonus: ClassVar[int] = 500
    rubicon: ClassVar[int] = 1000
    rubicon_bonus: ClassVar[int] = 1000
    brisques_count: ClassVar[bool] = True  # only for a tie or to escape the rubicon
    trump_fours: ClassVar[bool] = False
    trump_fives: ClassVar[bool] = False
    deal_is_game: ClassVar[bool] = True
    combination_points: ClassVar[Mapping[str, int]] = {
        "marriage": 20,
        "trump_marriage": 40,
        "sequence": 150,
        "trump_sequence": 250,
        **{MULTIPLE_PREFIX[m] + "bezique": BEZIQUE_VALUES[m] for m in range(1, 5)},
        **{four_name(r): PLAIN_FOURS[r] for r in FOUR_RANKS},
    }
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {
        "four_tens": OptionSpec(False, (False, True)),
        "games": OptionSpec(1, (1, 2, 3, 4, 5, 6, 8, 10, 0), bounds=(0, 1000)),
    }
    end_phase_playable = staticmethod(must_beat_or_trump)

    @property
    def packs(self) -> int:
        return self.pack_count

    @property
    def games(self) -> int:
        """Games in a session (0: open-ended)."""
        return int(self.options.get("games", 1))

    @classmethod
    def score_items(cls) -> dict[str, int]:
        """Every declaration (``four_tens`` only under its option), ``carte_blanche`` where
        it exists, and ``brisk`` where brisques can count (rubicon)."""
        items = dict(cls.combination_points)
        if cls.blanche_points is not None:
            items["carte_blanche"] = cls.blanche_points
        if cls.brisques_count:
            items["brisk"] = cls.brisque_points
        return items

    @classmethod
    def settlement_items(cls) -> dict[str, int]:
        """The end-of-game numbers the rules screens print, by name."""
        items = {
            "last_trick": cls.last_trick_points,
            "game_bonus": cls.game_bonus,
            "rubicon": cls.rubicon,
            "rubicon_bonus": cls.rubicon_bonus,
        }
        if cls.brisques_count:
            items["brisques_bonus"] = BRISQUES_BONUS
        return items

    # ----- combinations -------------------------------------------------
    def combination_of(self, codes: tuple[int, ...], trump: int | None) -> Combination | None:
        counts: dict[int, int] = {}
        for code in codes:
            counts[code] = counts.get(code, 0) + 1
        total = len(codes)
        ranks = {rank_of(c) for c in counts}
        suits = {suit_of(c) for c in counts}
        if len(ranks) == 1 and total in (4, 5):
            return self._of_a_kind(next(iter(ranks)), suits, total, trump)
        if set(counts) == {QS, JD} and counts[QS] == counts[JD]:
            multiple = counts[QS]
            if multiple > self.max_multiple:
                return None
            return self.combination(MULTIPLE_PREFIX[multiple] + "bezique", BEZIQUES)
        if len(suits) != 1 or len(set(counts.values())) != 1 or max(counts.values()) != 1:
            return None
        suit = next(iter(suits))
        if ranks == {KING, QUEEN}:
            name = "marriage"
        elif ranks == {ACE, TEN, KING, QUEEN, JACK}:
            name = "sequence"
        else:
            return None
        if trump is None:  # the first marriage or sequence makes its suit trumps
            return self.combination("trump_" + name, MARRIAGES, fixes_trump=suit)
        return self.combination("trump_" + name if suit == trump else name, MARRIAGES)

    def _of_a_kind(
        self, rank: int, suits: set[int], total: int, trump: int | None
    ) -> Combination | None:
        if rank not in FOUR_RANKS:
            return None
        all_trumps = trump is not None and suits == {trump}
        if total == 5:
            if not (self.trump_fives and all_trumps):
                return None
            return self.combination(trump_five_name(rank), FOURS)
        if self.trump_fours and all_trumps:
            return self.combination(trump_four_name(rank), FOURS)
        if rank == TEN and not self.options.get("four_tens"):
            return None
        return self.combination(four_name(rank), FOURS)

    def _candidates_of(self, counts: list[int], trump: int | None) -> list[tuple[int, ...]]:
        found: list[tuple[int, ...]] = []
        for suit in range(4):
            king, queen = kind_code(KING, suit), kind_code(QUEEN, suit)
            if counts[king] and counts[queen]:
                found.append((king, queen))
            sequence = tuple(kind_code(r, suit) for r in (ACE, TEN, KING, QUEEN, JACK))
            if all(counts[c] for c in sequence):
                found.append(sequence)
        for m in range(1, min(counts[QS], counts[JD], self.max_multiple) + 1):
            found.append((QS,) * m + (JD,) * m)
        plain_tens = bool(self.options.get("four_tens"))
        for rank in FOUR_RANKS:
            codes = [kind_code(rank, s) for s in range(4)]
            limits = [counts[c] for c in codes]
            if rank != TEN or plain_tens:
                if sum(limits) >= 4:
                    found.extend(_multisets(codes, limits, 4))
            elif trump is not None and self.trump_fours and counts[codes[trump]] >= 4:
                found.append((codes[trump],) * 4)
            if trump is not None and self.trump_fives and counts[codes[trump]] >= 5:
                found.append((codes[trump],) * 5)
        return found

    def choose_copies(
        self, deal: DealState, seat: int, codes: tuple[int, ...], combo: Combination
    ) -> tuple[list[int] | None, str]:
        """A combination declared again (docs/rules.md) when one fits, else a new one."""
        again = self.redeclaration(deal, seat, codes, combo)
        if again is not None:
            return again[1], ""
        return super().choose_copies(deal, seat, codes, combo)

    def redeclaration(
        self, deal: DealState, seat: int, codes: tuple[int, ...], combo: Combination
    ) -> tuple[int, list[int]] | None:
        """A group of ``seat`` of this very kind and these cards, some of them played and
        the rest still on the table, that identical hidden cards can make whole again and
        that no later group of its class took up: (its index, the card ids)."""
        kinds = deal.kinds
        wanted = sorted(codes)
        table = deal.tables[seat]
        hidden = deal.hands[seat]
        groups = deal.groups
        for index in range(len(groups) - 1, -1, -1):
            group = groups[index]
            if group.seat != seat or group.kind != combo.kind:
                continue
            if sorted(kinds[c] for c in group.cards) != wanted:
                continue
            on = [c for c in group.cards if c in table]
            missing = [kinds[c] for c in group.cards if c not in table]
            if not on or not missing or self._taken_up(deal, index):
                continue
            picked: list[int] = []
            for code in missing:
                card = next((i for i in hidden if kinds[i] == code and i not in picked), None)
                if card is None:
                    break
                picked.append(card)
            else:
                return index, on + picked
        return None

    @staticmethod
    def _taken_up(deal: DealState, index: int) -> bool:
        """A later group of the same class shares a card of group ``index``: it absorbed
        the group (a higher one) or declared it again (the same kind)."""
        group = deal.groups[index]
        for card_id in group.cards:
            for other in deal.card_groups.get(card_id, ()):
                if other > index and deal.groups[other].klass == group.klass:
                    return True
        return False

    def after_declaration(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> None:
        if combo.fixes_trump is not None and deal.trump is None:
            deal.trump = combo.fixes_trump
            deal.log.append(TrumpsEvent(Kind.TRUMPS, seat, combo.fixes_trump))

    # ----- carte blanche --------------------------------------------------
    def start_deal(self, deal: DealState) -> None:
        """Who may show carte blanche: a hand of no king, queen or jack (before the first
        lead, in playing order from the leader)."""
        rights = [
            UNDECIDED if self.blanche_points is not None and self._blank(deal, deal.hands[s])
            else ENDED
            for s in range(deal.n)
        ]
        deal.extra.update({
            "blanche": rights,
            "shown": [[] for _ in range(deal.n)],
            "blanche_queue": [s for s in self._order(deal, deal.leader) if rights[s] == UNDECIDED],
            "brisques_counted": False,
        })
        self._ask_next(deal)

    @staticmethod
    def _blank(deal: DealState, ids: list[int]) -> bool:
        return not any(rank_of(deal.kinds[i]) in COURT for i in ids)

    @staticmethod
    def _order(deal: DealState, first: int) -> list[int]:
        return [(first + k) % deal.n for k in range(deal.n)]

    def _ask_next(self, deal: DealState) -> None:
        """The next seat of the queue chooses, or play goes on with the leader."""
        queue: list[int] = deal.extra["blanche_queue"]
        if queue:
            deal.phase = BLANCHE_PHASE
            deal.current = queue[0]
        elif deal.phase == BLANCHE_PHASE:
            deal.phase = PLAYING
            deal.current = deal.leader

    def after_draws(self, deal: DealState) -> None:
        """Each showing seat whose drawn card is no court card chooses again (the trick's
        winner first); a drawn court card ends the right."""
        rights: list[str] = deal.extra["blanche"]
        if SHOWING not in rights:
            return
        drawn = self._drawn(deal)
        queue = []
        for seat in self._order(deal, deal.leader):
            if rights[seat] != SHOWING:
                continue
            code = drawn.get(seat)
            if code is None or rank_of(code) in COURT:
                rights[seat] = ENDED
            else:
                queue.append(seat)
        deal.extra["blanche_queue"] = queue
        self._ask_next(deal)

    @staticmethod
    def _drawn(deal: DealState) -> dict[int, int]:
        """The card kind each seat drew in the round just over (read from the log's end:
        the end phase may have put table cards after it in the hand)."""
        found: dict[int, int] = {}
        for event in reversed(deal.log):
            if event[0] == Kind.DRAW:
                found.setdefault(event[1], event[2])
                if len(found) == deal.n:
                    break
            elif event[0] not in (Kind.END_PHASE, Kind.BLANCHE, Kind.BLANCHE_DECLINED):
                break
        return found

    def extra_actions(self, deal: DealState, seat: int) -> list[Action]:
        if deal.phase == BLANCHE_PHASE and deal.current == seat:
            return [Action(BLANCHE), Action(PASS)]
        return []

    def apply_extra(self, deal: DealState, seat: int, action: Action) -> bool:
        if deal.phase != BLANCHE_PHASE or action.kind not in (BLANCHE, PASS):
            return False
        queue: list[int] = deal.extra["blanche_queue"]
        rights: list[str] = deal.extra["blanche"]
        queue.pop(0)
        if action.kind == PASS:
            rights[seat] = ENDED
            deal.log.append(SeatEvent(Kind.BLANCHE_DECLINED, seat))
        else:
            hand = deal.hands[seat]
            if rights[seat] == UNDECIDED:
                new = list(hand)
            else:
                code = self._drawn(deal)[seat]
                shown = deal.extra["shown"][seat]
                new = [next(i for i in reversed(hand) if deal.kinds[i] == code
                            and i not in shown)]
            rights[seat] = SHOWING
            deal.extra["shown"][seat].extend(new)
            points = self.blanche_points
            assert points is not None
            deal.score_declaration(seat, "carte_blanche", points)
            deal.log.append(BlancheEvent(
                Kind.BLANCHE, seat, points, tuple(deal.kinds[i] for i in new)))
        self._ask_next(deal)
        return True

    @staticmethod
    def baseline_choice(obs: Any) -> Action | None:
        """The baseline players show carte blanche whenever they may (points for nothing
        but what the hand tells)."""
        return Action(BLANCHE) if Action(BLANCHE) in obs.legal_actions else None

    def shown_facts(self, deal: DealState, seat: int) -> MultipackFacts:
        shown: list[list[int]] = deal.extra["shown"]
        rights: list[str] = deal.extra["blanche"]
        hands = deal.hands
        queue: list[int] = deal.extra["blanche_queue"]
        return MultipackFacts(
            shown=tuple(
                tuple(deal.kinds[i] for i in ids if i in hands[s]) for s, ids in enumerate(shown)
            ),
            blanche_rights=tuple(r != ENDED for r in rights),
            blanche_pending=queue[0] if deal.phase == BLANCHE_PHASE and queue else None,
        )

    # ----- the end of the deal (the game) ----------------------------------
    def finish_deal(self, deal: DealState) -> None:
        """Last trick; in rubicon the brisques of both, only for a tie or to lift the
        lower total from under the rubicon to it."""
        assert deal.last_trick_winner is not None
        deal.add_last_trick(deal.last_trick_winner, self.last_trick_points)
        if not self.brisques_count:
            return
        kinds = deal.kinds
        brisques = [
            self.brisque_points * sum(1 for i in deal.won[s] if rank_of(kinds[i]) in (ACE, TEN))
            for s in range(deal.n)
        ]
        if self.brisques_counted(deal.points, brisques):
            deal.extra["brisques_counted"] = True
            for seat in range(deal.n):
                deal.add_card_points(seat, brisques[seat])

    def brisques_counted(self, totals: list[int], brisques: list[int]) -> bool:
        """Whether the brisques count (rubicon): the totals are tied, or the lower one is
        under the rubicon and its brisques bring it to the rubicon or over."""
        if not self.brisques_count:
            return False
        if totals[0] == totals[1]:
            return True
        low = 0 if totals[0] < totals[1] else 1
        return totals[low] < self.rubicon <= totals[low] + brisques[low]

    def settle(self, totals: list[int], brisques_counted: bool) -> Settlement:
        """The settlement of a game on its exact totals (docs/rules.md)."""
        rounded = tuple(t // ROUND_TO * ROUND_TO for t in totals)
        if totals[0] == totals[1]:
            return Settlement(None, 0, False, tuple(totals), rounded, brisques_counted, 0, 0)
        winner = 0 if totals[0] > totals[1] else 1
        loser = 1 - winner
        if totals[loser] < self.rubicon:
            extra = BRISQUES_BONUS if self.brisques_count and not brisques_counted else 0
            points = rounded[winner] + rounded[loser] + self.rubicon_bonus + extra
            return Settlement(winner, points, True, tuple(totals), rounded, brisques_counted,
                              self.rubicon_bonus, extra)
        points = rounded[winner] - rounded[loser] + self.game_bonus
        return Settlement(winner, points, False, tuple(totals), rounded, brisques_counted,
                          self.game_bonus, 0)

    def deal_settlement(self, deal: DealState) -> Settlement:
        return self.settle(list(deal.points), bool(deal.extra.get("brisques_counted")))

    def result_extra(self, deal: DealState) -> dict[str, Any]:
        """Replay reports each deal's trumps, whether brisques counted, its settlement."""
        return {
            "trumps": None if deal.trump is None else SUITS[deal.trump],
            "brisques_counted": bool(deal.extra.get("brisques_counted")),
            "settlement": self.deal_settlement(deal).to_json(),
        }


class SixPack(Rubicon):
    """Chinese Bezique: six packs; trump fours; no brisques."""

    name: ClassVar[str] = "six-pack"
    pack_count: ClassVar[int] = 6
    hand_size: ClassVar[int] = 12
    deal_packets: ClassVar[tuple[int, ...]] = (3, 3, 3, 3)
    last_trick_points: ClassVar[int] = 250
    blanche_points: ClassVar[int | None] = 250
    game_bonus: ClassVar[int] = 1000
    rubicon: ClassVar[int] = 3000
    rubicon_bonus: ClassVar[int] = 1500
    brisques_count: ClassVar[bool] = False
    brisque_points: ClassVar[int] = 0  # never counted (what the AI's card values read)
    trump_fours: ClassVar[bool] = True
    combination_points: ClassVar[Mapping[str, int]] = {
        **Rubicon.combination_points,
        **{trump_four_name(r): TRUMP_FOURS[r] for r in FOUR_RANKS},
    }


class EightPack(SixPack):
    """Eight packs: the quintuple bezique and trump fives; no carte blanche."""

    name: ClassVar[str] = "eight-pack"
    pack_count: ClassVar[int] = 8
    hand_size: ClassVar[int] = 15
    deal_packets: ClassVar[tuple[int, ...]] = (3, 3, 3, 3, 3)
    max_multiple: ClassVar[int] = 5
    blanche_points: ClassVar[int | None] = None
    rubicon: ClassVar[int] = 5000
    trump_fives: ClassVar[bool] = True
    combination_points: ClassVar[Mapping[str, int]] = {
        **SixPack.combination_points,
        "quintuple_bezique": BEZIQUE_VALUES[5],
        **{trump_five_name(r): TRUMP_FIVES[r] for r in FOUR_RANKS},
    }
