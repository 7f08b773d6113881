"""Turkish Bezik (docs/rules.md, variant ``bezik``).

96 cards (A 10 K Q J 9, four packs), 9 each, no turn-up. Trumps are fixed by
the first marriage or sequence declared. Declared groups may be broken by
playing their cards, completed again, and re-scored by a dönük lead. Vido and
kontr vido raise the stake of the game; games and the match to 16 are the
``engine.match.Match`` layer, which this ruleset names as its top-level object.

Deal-level state lives in ``deal.extra`` (JSON-friendly, copied with the deal):
``game_before``/``target`` (the game's totals before this deal and its target,
set by the match), ``stake``/``vidos``/``vido_pending``/``refused`` (vido),
``lead_rescore`` (a dönük lead waiting for its trick), ``provisional`` (dönük
scores: ``[seat, group, name, points]``), ``trump_sequence``,
``last_trick_points`` and ``brisks_counted``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import ACCEPT, REFUSE, VIDO, Action
from ..cards import ACE, JACK, KING, NINE, QUEEN, TEN, kind_code, rank_of, suit_of
from ..errors import IllegalActionError
from ..facts import BezikFacts, Completion, ProvisionalScore, vido_calls
from ..log_events import DeclareEvent, Kind, ScoreEvent, SeatEvent, TrumpsEvent
from ..phases import ANSWERING, DECLARING, PLAYING
from ..rules import (
    BEZIQUES,
    FOUR_NAMES,
    FOURS,
    MARRIAGES,
    Combination,
    DealState,
    OptionSpec,
    Ruleset,
)
from ..tricks import beats, winning_code

if TYPE_CHECKING:
    from ..observation import Observation

TARGET = 3000
EXTENDED_TARGET = 5000
RUBIKON_LIMIT = 1500
QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)
BEZIK_NAMES = {1: "bezik", 2: "double_bezik", 3: "triple_bezik"}
# Suffixes of re-score declarations (named after the group).
COMPLETED = "_completed"
LED = "_led"
TAKEN_BACK = "_taken_back"


def default_extra() -> dict[str, Any]:
    """The deal-level bezik state of a deal played outside a match (a fresh game)."""
    return {
        "game_before": [0, 0],
        "target": TARGET,
        "stake": 1,
        "vidos": [],
        "vido_pending": None,
        "refused": None,
        "lead_rescore": None,
        "provisional": [],
        "trump_sequence": False,
        "last_trick_points": 0,
        "brisks_counted": False,
    }


def group_state(deal: DealState, index: int) -> str:
    """``intact``, ``broken`` (some cards played, some on the table), ``gone`` (none on
    the table, or the end phase took them back) or ``absorbed`` (by a higher group)."""
    group = deal.groups[index]
    if not group.alive:
        return "absorbed"
    table = deal.tables[group.seat]
    on = sum(1 for c in group.cards if c in table)
    if on == len(group.cards):
        return "intact"
    return "broken" if on else "gone"


def must_take(
    hand: list[int], kinds: list[int], trick: list[int], trump: int | None
) -> tuple[list[int], str]:
    """End phase: take the trick if able (higher of the suit led; void in it, a trump);
    unable, follow suit; else any card. Holding the suit led, never trump."""
    led = suit_of(kinds[trick[0]])
    best = winning_code(kinds, trick, trump)
    same = [i for i in hand if suit_of(kinds[i]) == led]
    if same:
        winners = [i for i in same if beats(kinds[i], best, trump)]
        return (winners, "must_win") if winners else (same, "must_follow_suit")
    if trump is not None:
        trumps = [i for i in hand if suit_of(kinds[i]) == trump]
        winners = [i for i in trumps if beats(kinds[i], best, trump)]
        if winners:
            return winners, "must_win"
    return list(hand), ""


class Bezik(Ruleset):
    name: ClassVar[str] = "bezik"
    ranks: ClassVar[tuple[int, ...]] = (ACE, TEN, KING, QUEEN, JACK, NINE)
    hand_size: ClassVar[int] = 9
    deal_packets: ClassVar[tuple[int, ...]] = (3, 3, 3)
    has_turnup: ClassVar[bool] = False
    trump_sevens: ClassVar[bool] = False
    brisque_points: ClassVar[int] = 20
    last_trick_points: ClassVar[int] = 0  # 250 / 40 / 0: see finish_deal
    max_multiple: ClassVar[int] = 3
    combination_points: ClassVar[Mapping[str, int]] = {
        "marriage": 20,
        "trump_marriage": 40,
        "sequence": 150,
        "trump_sequence": 250,
        "four_jacks": 40,
        "four_jacks_trump": 400,
        "four_queens": 60,
        "four_queens_trump": 600,
        "four_kings": 80,
        "four_kings_trump": 800,
        "four_aces": 100,
        "four_aces_suit": 500,
        "four_aces_trump": 1000,
        "bezik": 50,
        "double_bezik": 500,
        "triple_bezik": 1500,
    }
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {
        "match": OptionSpec(16, (16, 4)),
    }
    end_phase_playable = staticmethod(must_take)

    @property
    def packs(self) -> int:
        return 4

    @property
    def players(self) -> int:
        return 2

    @property
    def target(self) -> int:
        return TARGET

    @property
    def match_to(self) -> int:
        return int(self.options.get("match", 16))

    # ----- combinations -------------------------------------------------
    def _combo(
        self, name: str, klass: str, family: str = "", fixes: int | None = None
    ) -> Combination:
        return Combination(name, klass, self.combination_points[name], family, fixes)

    def marriage(self, suit: int, multiple: int, trump: int | None) -> Combination | None:
        """K-Q: the first one fixes trumps (and is a trump marriage); no double marriages."""
        if multiple != 1:
            return None
        if trump is None:
            return self._combo("trump_marriage", MARRIAGES, "marriage", suit)
        name = "trump_marriage" if suit == trump else "marriage"
        return self._combo(name, MARRIAGES, "marriage")

    def sequence(self, suit: int, trump: int | None) -> Combination | None:
        if trump is None:
            return self._combo("trump_sequence", MARRIAGES, "sequence", suit)
        name = "trump_sequence" if suit == trump else "sequence"
        return self._combo(name, MARRIAGES, "sequence")

    def bezique(self, multiple: int) -> Combination | None:
        name = BEZIK_NAMES.get(multiple)
        return None if name is None else self._combo(name, BEZIQUES)

    def four_of_a_kind(self, rank: int, suits: set[int], trump: int | None) -> Combination | None:
        """Any suits / one suit / trumps; aces of one plain suit (any suit before trumps) 500."""
        base = FOUR_NAMES[rank]
        if len(suits) == 1:
            suit = next(iter(suits))
            if suit == trump:
                return self._combo(base + "_trump", FOURS, base)
            if rank == ACE:
                return self._combo("four_aces_suit", FOURS, base)
        return self._combo(base, FOURS, base)

    # ----- groups: completion, absorption ---------------------------------
    def find_completion(
        self, deal: DealState, seat: int, codes: Iterable[int]
    ) -> tuple[int, list[int]] | None:
        """A broken group of ``seat`` with exactly these card kinds that hidden cards can
        complete: (group index, card ids); the highest value first, then the first laid."""
        wanted = sorted(codes)
        table = deal.tables[seat]
        hidden = deal.hands[seat]
        kinds = deal.kinds
        found: list[tuple[int, int, list[int]]] = []
        for index, group in enumerate(deal.groups):
            if group.seat != seat or not group.alive:
                continue
            if sorted(kinds[c] for c in group.cards) != wanted:
                continue
            on = [c for c in group.cards if c in table]
            missing = [kinds[c] for c in group.cards if c not in table]
            if not on or not missing:
                continue
            picked: list[int] = []
            for code in missing:
                card = next((i for i in hidden if kinds[i] == code and i not in picked), None)
                if card is None:
                    break
                picked.append(card)
            else:
                found.append((-group.value, index, on + picked))
        if not found:
            return None
        _, index, ids = min(found)
        return index, ids

    def choose_copies(
        self, deal: DealState, seat: int, codes: tuple[int, ...], combo: Combination
    ) -> tuple[list[int] | None, str]:
        """A completion when one fits (docs/rules.md: preferred), else a new declaration."""
        done = self.find_completion(deal, seat, codes)
        if done is not None:
            return done[1], ""
        return super().choose_copies(deal, seat, codes, combo)

    def declaration_points(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> int:
        """A completion scores its group's value again (read when it was declared)."""
        done = self.find_completion(deal, seat, [deal.kinds[i] for i in ids])
        if done is not None and sorted(done[1]) == sorted(ids):
            return deal.groups[done[0]].value
        return combo.value

    def after_declaration(
        self, deal: DealState, seat: int, combo: Combination, ids: list[int]
    ) -> None:
        """Turn a completion back into its old group; else absorb lower groups, fix trumps."""
        new_index = len(deal.groups) - 1
        kinds = deal.kinds
        wanted = sorted(kinds[i] for i in ids)
        chosen = set(ids)
        for index, group in enumerate(deal.groups[:new_index]):
            if (group.seat == seat and group.alive and chosen & set(group.cards)
                    and sorted(kinds[c] for c in group.cards) == wanted
                    and not all(c in deal.tables[seat] for c in group.cards)):
                self._restore(deal, seat, index, new_index, ids)
                return
        for group in deal.groups[:new_index]:
            if (group.seat == seat and group.alive and group.klass == combo.klass
                    and group.value < combo.value and chosen & set(group.cards)):
                group.alive = False
        if combo.fixes_trump is not None and deal.trump is None:
            deal.trump = combo.fixes_trump
            deal.log.append(TrumpsEvent(Kind.TRUMPS, seat, combo.fixes_trump))
        if combo.name == "trump_sequence":
            deal.extra["trump_sequence"] = True

    def _restore(
        self, deal: DealState, seat: int, index: int, new_index: int, ids: list[int]
    ) -> None:
        group = deal.groups[index]
        deal.groups.pop(new_index)
        for card_id in ids:
            deal.card_groups[card_id].remove(new_index)
        for card_id in group.cards:
            if card_id not in ids:
                deal.card_groups[card_id].remove(index)
                if not deal.card_groups[card_id]:
                    del deal.card_groups[card_id]
        for card_id in ids:
            if index not in deal.card_groups.setdefault(card_id, []):
                deal.card_groups[card_id].append(index)
        group.cards = tuple(ids)
        name = group.name + COMPLETED
        last_seat, _, points = deal.declarations[-1]
        deal.declarations[-1] = (last_seat, name, points)
        deal.replace_last_event(
            DeclareEvent(Kind.DECLARE, seat, name, points, tuple(deal.kinds[i] for i in ids))
        )

    # ----- the dönük lead ------------------------------------------------
    def start_deal(self, deal: DealState) -> None:
        deal.extra.update(default_extra())

    def on_play(self, deal: DealState, seat: int, card_id: int, from_table: bool) -> None:
        """A stock-phase lead identical to a card of an intact group re-scores the group."""
        if len(deal.trick) != 1 or deal.in_end_phase:
            return
        code = deal.kinds[card_id]
        best: int | None = None
        for index, group in enumerate(deal.groups):
            if group.seat != seat or card_id in group.cards or group_state(deal, index) != "intact":
                continue
            if not any(deal.kinds[c] == code for c in group.cards):
                continue
            if best is None or group.value > deal.groups[best].value:
                best = index
        if best is None:
            return
        group = deal.groups[best]
        deal.score_declaration(seat, group.name + LED, group.value)
        deal.extra["lead_rescore"] = [seat, best, group.name, group.value]
        deal.log.append(ScoreEvent(Kind.RESCORE_LED, seat, group.name, group.value))

    def on_trick_won(self, deal: DealState, winner: int) -> None:
        """A won trick makes the winner's dönük score final; a lost dönük lead is provisional."""
        extra = deal.extra
        provisional = extra["provisional"]
        if any(p[0] == winner for p in provisional):
            extra["provisional"] = [p for p in provisional if p[0] != winner]
            deal.log.append(SeatEvent(Kind.DONUK_CLEARED, winner))
        pending = extra["lead_rescore"]
        if pending is not None:
            extra["lead_rescore"] = None
            if pending[0] != winner:
                extra["provisional"].append(pending)
                deal.log.append(SeatEvent(Kind.DONUK, pending[0]))

    def take_back(self, deal: DealState) -> None:
        """A player still dönük when the deal ends loses the provisional score."""
        for seat, _, name, points in deal.extra["provisional"]:
            deal.score_declaration(seat, name + TAKEN_BACK, -points)
            deal.log.append(ScoreEvent(Kind.TAKEN_BACK, seat, name, -points))
        deal.extra["provisional"] = []

    # ----- end of the deal ------------------------------------------------
    def finish_deal(self, deal: DealState) -> None:
        """Last trick 250/40/0, dönük taken back, then brisks unless the last trick's
        winner has just reached the target with the other player still under it."""
        winner = deal.last_trick_winner
        assert winner is not None
        extra = deal.extra
        if extra["trump_sequence"]:
            bonus = 250
        elif deal.trump is not None:
            bonus = 40
        else:
            bonus = 0
        deal.add_last_trick(winner, bonus)
        self.take_back(deal)
        before, target = extra["game_before"], int(extra["target"])
        totals = [before[s] + deal.points[s] for s in range(2)]
        if totals[winner] >= target and totals[1 - winner] < target:
            extra["brisks_counted"] = False
            return
        extra["brisks_counted"] = True
        for seat in range(2):
            brisks = sum(1 for i in deal.won[seat] if rank_of(deal.kinds[i]) in (ACE, TEN))
            deal.add_card_points(seat, brisks * self.brisque_points)

    # ----- vido ------------------------------------------------------------
    def vido_block(self, deal: DealState, seat: int) -> str:
        """Why ``seat`` may not call vido now ("" if he may)."""

        if deal.phase != PLAYING or deal.trick or deal.current != seat or deal.leader != seat:
            return "vido_only_on_lead"
        accepted = [c for c, result in deal.extra["vidos"] if result == "accepted"]
        if len(accepted) >= 2 or seat in accepted:
            return "vido_not_allowed"
        return ""

    def extra_actions(self, deal: DealState, seat: int) -> list[Action]:

        if deal.phase == ANSWERING:
            return [Action(ACCEPT), Action(REFUSE)]
        return [Action(VIDO)] if not self.vido_block(deal, seat) else []

    def apply_extra(self, deal: DealState, seat: int, action: Action) -> bool:

        extra = deal.extra
        if action.kind == VIDO:
            why = self.vido_block(deal, seat)
            if why == "vido_only_on_lead":
                raise IllegalActionError(why, "vido is called only at one's turn to lead, "
                                              "before leading")
            if why:
                raise IllegalActionError(why, "after an accepted vido only the other player may "
                                              "call kontr vido, and after it nobody calls")
            extra["vido_pending"] = seat
            deal.phase = ANSWERING
            deal.current = 1 - seat
            deal.log.append(SeatEvent(Kind.VIDO, seat))
            return True
        if action.kind not in (ACCEPT, REFUSE):
            return False
        caller = extra["vido_pending"]
        if deal.phase != ANSWERING or caller is None:
            raise IllegalActionError("no_vido_pending", "no vido has been called")
        extra["vido_pending"] = None
        if action.kind == ACCEPT:
            extra["vidos"].append([caller, "accepted"])
            extra["stake"] = int(extra["stake"]) * 2
            deal.phase = PLAYING
            deal.current = caller
            deal.log.append(SeatEvent(Kind.VIDO_ACCEPTED, seat))
            return True
        extra["vidos"].append([caller, "refused"])
        extra["refused"] = caller
        deal.log.append(SeatEvent(Kind.VIDO_REFUSED, seat))
        self.take_back(deal)
        deal.finish_early()
        return True

    def completions(self, deal: DealState, seat: int) -> list[list[Any]]:
        """The ``declare`` texts that would complete a broken group now:
        ``[text, group index, points]`` (for the table's labels and the AI)."""
        from ..actions import declare

        if deal.phase != DECLARING or deal.current != seat:
            return []
        found: list[list[Any]] = []
        for index, group in enumerate(deal.groups):
            if group.seat != seat or group_state(deal, index) != "broken":
                continue
            codes = [deal.kinds[c] for c in group.cards]
            done = self.find_completion(deal, seat, codes)
            if done is not None and done[0] == index:
                found.append([declare(codes).text(), index, group.value])
        return found

    def public_facts(self, deal: DealState, seat: int) -> BezikFacts:
        extra = deal.extra
        return BezikFacts(
            completions=tuple(
                Completion(text, index, points)
                for text, index, points in self.completions(deal, seat)
            ),
            donuk=tuple(sorted({p[0] for p in extra["provisional"]})),
            provisional=tuple(ProvisionalScore(p[0], p[2], p[3]) for p in extra["provisional"]),
            group_states=tuple(group_state(deal, i) for i in range(len(deal.groups))),
            stake=int(extra["stake"]),
            vidos=vido_calls(extra["vidos"]),
            vido_pending=extra["vido_pending"],
            target=int(extra["target"]),
            game_before=tuple(extra["game_before"]),
            trump_sequence=bool(extra["trump_sequence"]),
        )

    def result_extra(self, deal: DealState) -> dict[str, Any]:
        extra = deal.extra
        trump = deal.trump
        return {
            "last_trick_points": int(extra.get("last_trick_points", 0)),
            "brisks_counted": bool(extra.get("brisks_counted")),
            "trumps": None if trump is None else "SHDC"[trump],
        }

    # ----- baseline players' vido sense ----------------------------------
    def baseline_choice(self, obs: Observation) -> Action | None:
        """The greedy player's vido rule on game scores: call when clearly ahead; refuse
        only when far behind and the opponent is close to the target."""
        legal = obs.legal_actions
        scores = obs.game_scores or [0, 0]
        mine, theirs = scores[obs.seat], scores[1 - obs.seat]
        target = TARGET if obs.target is None else obs.target
        if Action(ACCEPT) in legal:
            far_behind = theirs - mine >= 1200 and theirs >= target - 1000
            return Action(REFUSE) if far_behind else Action(ACCEPT)
        if Action(VIDO) in legal and mine - theirs >= 1000 and mine >= target // 2:
            return Action(VIDO)
        return None
