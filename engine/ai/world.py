"""Determinization: full ``Deal`` states consistent with one seat's observation.

The AI sees only an ``Observation``. Its log lists every public event of the
deal (plays, declarations, sevens, passes, the seat's own draws, turn-up
draws), so the seat can rebuild the deal from its start: its own initial hand
follows by accounting, the stock positions it drew and the turn-up are known,
and every other card is unseen. A world is sampled by dealing the unseen
cards at random into the other hands and the rest of the stock, then
replaying the deal's actions through the real engine; whenever another seat
plays or declares a card its sampled hand lacks, an unseen copy of that card
is swapped in from a place the observer cannot see (another hidden hand or an
undrawn stock card). The result is a real ``Deal`` whose every card the
observer saw is where he saw it, with groups, re-use history and variant
state rebuilt by the engine itself.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

from ..actions import BLANCHE, DECLARE, PASS, PLAY, PLAY_TABLE, SEVEN, Action, declare
from ..cards import JACK, KING, QUEEN, rank_of
from ..deal import Deal
from ..errors import IllegalActionError, RecordError
from ..observation import Observation
from ..phases import ANSWERING, DECLARING
from ..rules import Ruleset
from ..variants import make_rules
from .play_model import PlayModel, choice_likelihood


class WorldError(RuntimeError):
    """The sampled world could not be made consistent with the observation."""


_RULES_CACHE: dict[tuple[str, str], Ruleset] = {}


def rules_for(obs: Observation) -> Ruleset:
    """The ruleset of an observation (cached: rulesets are immutable data)."""
    key = (obs.variant, repr(sorted(obs.options.items())))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = make_rules(obs.variant, obs.options)
        _RULES_CACHE[key] = rules
    return rules


class Knowledge:
    """What one seat knows about the cards, read from its observation alone."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.rules = rules_for(obs)
        rules = self.rules
        n = obs.players
        me = obs.seat
        self.me = me
        deck = Counter(rules.deck())
        self.deck = deck
        my_draws: list[tuple[int, int]] = []  # (stock position, kind)
        draw_seats: list[int] = []  # seat drawing each stock position, in order
        first_turnup: int | None = obs.turnup
        exchanged_first: int | None = None
        turnup_draw: int | None = None
        mine = Counter(obs.hand)
        mine.update(obs.tables[me])
        self.actions: list[Action] = []
        self.known_held: list[Counter[int]] = [Counter() for _ in range(n)]
        # Carte blanche (multi-pack) tells about the other hands: a shown hand or drawn card
        # exactly, a declined or unasked choice whether it held a court card.
        self.other_initial: dict[int, list[int]] = {}  # shown whole at the start
        self.initial_court: dict[int, bool] = {}  # False: no court card; True: at least one
        self.known_stock: list[tuple[int, int]] = []  # (stock position, kind) others showed
        self.stock_court: dict[int, bool] = {}  # stock position -> a court card or not
        blanche = bool(getattr(self.rules, "blanche_points", None))
        showing: dict[int, int | None] = {}  # seat -> its last draw, still to be told
        asked_first: set[int] = set()
        last_draw: dict[int, int] = {}
        played_yet = False
        position = 0
        for event in obs.log:
            tag = event[0]
            if tag in ("blanche", "blanche_declined"):
                seat = event[1]
                self.actions.append(Action(BLANCHE if tag == "blanche" else PASS))
                if seat == me:
                    continue
                if not played_yet:
                    asked_first.add(seat)
                    if tag == "blanche":
                        self.other_initial[seat] = list(event[3])
                        self.known_held[seat].update(event[3])
                        showing[seat] = None
                    else:
                        self.initial_court[seat] = False
                    continue
                pos = showing.pop(seat, None)
                if pos is None:
                    continue
                if tag == "blanche":
                    self.known_stock.append((pos, event[3][0]))
                    self.known_held[seat][event[3][0]] += 1
                    showing[seat] = None
                else:
                    self.stock_court[pos] = False
                continue
            if tag == "play":
                played_yet = True
                for seat, pos in list(showing.items()):
                    if pos is not None:  # drew and was not asked: a court card
                        self.stock_court[pos] = True
                        del showing[seat]
                _, seat, code, from_table = event[:4]
                self.actions.append(Action(PLAY_TABLE if from_table else PLAY, (code,)))
                if seat == me:
                    mine[code] += 1
                else:
                    _discard(self.known_held[seat], code)
            elif tag == "declare":
                self.actions.append(declare(event[4]))
                if event[1] != me:
                    for code in event[4]:
                        _discard(self.known_held[event[1]], code)
            elif tag == "seven":
                seat, code, exchanged = event[1], event[2], event[3]
                old = event[4] if len(event) > 4 else None
                self.actions.append(Action(SEVEN, (code,)))
                if exchanged and exchanged_first is None:
                    exchanged_first = old
                if seat == me:
                    if exchanged:
                        mine[code] += 1  # left the hand for the turn-up
                        if old is not None:
                            mine[old] -= 1
                else:
                    _discard(self.known_held[seat], code)
                    if exchanged and old is not None:
                        self.known_held[seat][old] += 1
            elif tag == "pass":
                self.actions.append(Action(PASS))
            elif tag == "draw":
                _, seat, code, is_turnup = event[:4]
                if is_turnup:
                    turnup_draw = code
                    if seat == me:
                        mine[code] -= 1
                    else:
                        self.known_held[seat][code] += 1
                    continue
                draw_seats.append(seat)
                if seat == me:
                    mine[code] -= 1
                    my_draws.append((position, code))
                elif seat in showing:
                    showing[seat] = position
                last_draw[seat] = position
                position += 1
        if blanche:
            facts = obs.multipack
            for seat, pos in showing.items():
                if pos is not None and facts is not None:
                    self.stock_court[pos] = not facts.blanche_rights[seat]
            for seat in range(n):
                if seat != me and seat not in asked_first:
                    self.initial_court[seat] = True
        if exchanged_first is not None:
            first_turnup = exchanged_first
        elif first_turnup is None:
            first_turnup = turnup_draw
        if any(v < 0 for v in mine.values()):
            raise WorldError("own cards do not add up")
        self.initial_hand = sorted(mine.elements())
        self.my_draws = my_draws
        self.draw_seats = draw_seats
        self.first_turnup = first_turnup if rules.has_turnup else None
        for seat in range(n):
            if seat != me:
                held = self.known_held[seat]
                for code in list(held):
                    if held[code] <= 0:
                        del held[code]
        # Unseen now: the deck less my cards, every table, every played card, the turn-up
        # and the cards known to be in other hands.
        seen = Counter(obs.hand)
        for table in obs.tables:
            seen.update(table)
        seen.update(obs.played)
        if obs.turnup is not None:
            seen[obs.turnup] += 1
        for seat in range(n):
            if seat != me:
                seen.update(self.known_held[seat])
        unseen = deck - seen
        self.unseen: Counter[int] = unseen

    def initial_pool(self) -> tuple[list[int], list[int | None], int]:
        """The kinds to sample, the stock (kind or None per position) and the stock size."""
        rules = self.rules
        total = len(rules.deck())
        stock_size = total - rules.players * rules.hand_size - (1 if rules.has_turnup else 0)
        stock: list[int | None] = [None] * stock_size
        for position, code in (*self.my_draws, *self.known_stock):
            stock[position] = code
        pool = Counter(rules.deck())
        pool.subtract(self.initial_hand)
        pool.subtract(code for _, code in self.my_draws)
        pool.subtract(code for _, code in self.known_stock)
        for shown in self.other_initial.values():
            pool.subtract(shown)
        if self.first_turnup is not None:
            pool[self.first_turnup] -= 1
        if any(v < 0 for v in pool.values()):
            raise WorldError("the known cards exceed the deck")
        return sorted(pool.elements()), stock, stock_size


def _discard(counter: Counter[int], code: int) -> None:
    if counter[code] > 0:
        counter[code] -= 1


# ----- sampling a world ------------------------------------------------------
def sample_world(obs: Observation, rng: random.Random, knowledge: Knowledge | None = None,
                 tries: int = 4) -> Deal:
    """A full deal consistent with ``obs`` (cards the seat cannot see dealt at random)."""
    return sample_weighted(obs, rng, knowledge, tries)[0]


# How likely a player is to pass when the world gives him a declaration worth at least
# UNDECLARED_FROM points (players declare what they can, mostly): the world's weight.
PASS_LIKELIHOOD = 0.3
UNDECLARED_FROM = 40


def sample_weighted(obs: Observation, rng: random.Random, knowledge: Knowledge | None = None,
                    tries: int = 4, model: PlayModel | None = None) -> tuple[Deal, float]:
    """A consistent world and how likely the others' earlier choices were in it: under
    ``model`` (``play_model``) every play and pass counts; without it, 1 when nothing
    speaks against it, lower for each good combination a player did not declare."""
    know = knowledge or Knowledge(obs)
    last: Exception | None = None
    for _ in range(tries):
        weight = [1.0]
        try:
            deal = _build(know, rng, weight, model)
        except (WorldError, IllegalActionError, RecordError) as err:
            last = err
            continue
        if _matches(deal, obs):
            return deal, weight[0]
        last = WorldError("sampled world differs from the observation")
    raise WorldError(str(last))


def sample_drawn(obs: Observation, rng: random.Random, knowledge: Knowledge | None = None,
                 model: PlayModel | None = None) -> tuple[Deal, float]:
    """``sample_weighted``, or with ``model.draws`` > 1 one world of that many drawn in
    proportion to their weights (then weighing 1: every searched world counts fully)."""
    if model is None or model.draws <= 1:
        return sample_weighted(obs, rng, knowledge, model=model)
    drawn: list[tuple[Deal, float]] = []
    for _ in range(model.draws):
        try:
            drawn.append(sample_weighted(obs, rng, knowledge, model=model))
        except WorldError:
            continue
    if not drawn:
        raise WorldError("no world fits")
    pick = rng.random() * sum(weight for _, weight in drawn)
    for world, weight in drawn:
        pick -= weight
        if pick <= 0:
            return world, 1.0
    return drawn[-1][0], 1.0


def _declarable(deal: Deal) -> int:
    """The best declaration the player to move could make now."""
    best = 0
    for action in deal.legal_actions():
        if action.kind == DECLARE:
            combo = deal.rules.classify(action.codes, deal.trump)
            if combo is not None:
                best = max(best, combo.value)
    return best


def _build(know: Knowledge, rng: random.Random, weight: list[float] | None = None,
           model: PlayModel | None = None) -> Deal:
    obs, rules, me = know.obs, know.rules, know.me
    n = rules.players
    pool, stock, _ = know.initial_pool()
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for seat in range(n):
        if seat == me:
            hands.append(list(know.initial_hand))
        elif seat in know.other_initial:
            hands.append(list(know.other_initial[seat]))
        elif seat in know.initial_court:
            hands.append(_hand_with(pool, rules.hand_size, know.initial_court[seat]))
        else:
            hands.append([pool.pop() for _ in range(rules.hand_size)])
    for position, court in know.stock_court.items():
        if stock[position] is None:
            stock[position] = _pop_where(pool, _court if court else _not_court)
    stock_kinds = [c if c is not None else pool.pop() for c in stock]
    if pool:
        raise WorldError("cards left over")
    deal = Deal.from_codes(rules, obs.dealer, hands, stock_kinds, know.first_turnup)
    _seed_extra(deal, obs)
    # Protected ids: everything the observer has seen or will see drawn by himself.
    protected: set[int] = set(deal.hands[me])
    if deal.turnup is not None:
        protected.add(deal.turnup)
    for seat in know.other_initial:
        protected.update(deal.hands[seat])
    top = len(deal.stock) - 1
    for position, _ in (*know.my_draws, *know.known_stock):
        protected.add(deal.stock[top - position])
    for action in know.actions:
        actor = deal.current
        if actor is None:
            raise WorldError("the deal ended early")
        if actor != me:
            _ensure_cards(deal, actor, action, protected, rng)
            if weight is not None and model is not None:
                weight[0] *= choice_likelihood(deal, action, model) ** model.power
            elif (weight is not None and action.kind == PASS and deal.phase == DECLARING
                    and _declarable(deal) >= UNDECLARED_FROM):
                weight[0] *= PASS_LIKELIHOOD
        deal.apply(deal.canonical(action))
        for table in deal.tables:
            protected.update(table)
        if deal.turnup is not None:
            protected.add(deal.turnup)
        protected.update(deal.played[-1:])
    _finish_extra(deal, obs)
    return deal


def _court(code: int) -> bool:
    return rank_of(code) in (KING, QUEEN, JACK)


def _not_court(code: int) -> bool:
    return not _court(code)


def _pop_where(pool: list[int], wanted: Callable[[int], bool]) -> int:
    """Take the last card of the shuffled pool that ``wanted`` accepts."""
    for j in range(len(pool) - 1, -1, -1):
        if wanted(pool[j]):
            return pool.pop(j)
    raise WorldError("no unseen card fits what the choices told")


def _hand_with(pool: list[int], size: int, court: bool) -> list[int]:
    """A hand from the pool with at least one court card (``court``) or none."""
    if not court:
        return [_pop_where(pool, _not_court) for _ in range(size)]
    hand = [_pop_where(pool, _court)]
    hand.extend(pool.pop() for _ in range(size - 1))
    return hand


def _seed_extra(deal: Deal, obs: Observation) -> None:
    """Game-level variant facts that precede the deal (bezik: scores before it, target)."""
    extra = deal.extra
    if obs.facts is not None and "game_before" in extra:
        extra["game_before"] = list(obs.facts.game_before)
    target = obs.target
    if target is not None and "target" in extra:
        extra["target"] = target


def _finish_extra(deal: Deal, obs: Observation) -> None:
    """Vido state does not move cards: it is copied from the observation."""
    facts = obs.facts
    if facts is not None:
        extra = deal.extra
        for key, value in (("stake", facts.stake),
                           ("vidos", [call.to_json() for call in facts.vidos]),
                           ("vido_pending", facts.vido_pending)):
            if key in extra:
                extra[key] = value
    if obs.phase == ANSWERING and deal.phase != ANSWERING:
        deal.phase = ANSWERING
        deal.current = obs.current_player


def _ensure_cards(deal: Deal, seat: int, action: Action, protected: set[int],
                  rng: random.Random) -> None:
    """Swap unseen cards into ``seat``'s hidden hand so that ``action`` is possible."""
    if action.kind == PLAY:
        code = action.codes[0]
        if not _has_hidden(deal, seat, code):
            _swap_in(deal, seat, code, protected, rng)
        if deal.in_end_phase and deal.trick:
            _respect_obligation(deal, seat, code, protected, rng)
        return
    if action.kind == SEVEN:
        code = action.codes[0]
        if deal._seven_id(seat) is None:
            _swap_in(deal, seat, code, protected, rng)
        return
    if action.kind != DECLARE:
        return
    for _ in range(len(action.codes) + 1):
        combo = deal.rules.classify(action.codes, deal.trump)
        if combo is None:
            raise WorldError("not a combination in this world")
        ids, _ = deal.rules.choose_copies(deal, seat, action.codes, combo)
        if ids is not None:
            return
        need = Counter(action.codes)
        hidden = Counter(deal.kinds[i] for i in deal.hands[seat])
        table = Counter(deal.kinds[i] for i in deal.tables[seat])
        short = [c for c in sorted(need) if hidden[c] + table[c] < need[c]]
        short = short or [c for c in sorted(need) if hidden[c] < need[c]]
        if not short:
            raise WorldError("declaration impossible in this world")
        _swap_in(deal, seat, short[0], protected, rng, keep=set(action.codes))
    raise WorldError("declaration impossible in this world")


def _respect_obligation(deal: Deal, seat: int, code: int, protected: set[int],
                        rng: random.Random) -> None:
    """End phase: a card played under an obligation tells what the hand did not hold
    (a void suit, no higher card): swap the cards that would have been obliged away."""
    kinds = deal.kinds
    trick = [i for _, i, _ in deal.trick]
    for _ in range(len(deal.hands[seat]) + 1):
        hand = deal.hands[seat]
        allowed, _rule = deal.rules.end_phase_playable(hand, kinds, trick, deal.trump)
        allowed_codes = {kinds[i] for i in allowed}
        if code in allowed_codes:
            return
        spare = [j for j, i in enumerate(hand) if i in allowed and i not in protected]
        if not spare:
            raise WorldError("the play breaks the obligation in this world")
        sources: list[tuple[list[int], int]] = []
        for other in range(deal.n):
            if other != seat:
                sources.extend((deal.hands[other], j) for j, i in enumerate(deal.hands[other])
                               if i not in protected and kinds[i] not in allowed_codes)
        sources.extend((deal.dead, j) for j, i in enumerate(deal.dead)
                       if i not in protected and kinds[i] not in allowed_codes)
        if not sources:
            raise WorldError("no unseen card can replace an obliged one")
        place, j = sources[rng.randrange(len(sources))]
        t = spare[rng.randrange(len(spare))]
        place[j], hand[t] = hand[t], place[j]
    raise WorldError("the play breaks the obligation in this world")


def _has_hidden(deal: Deal, seat: int, code: int) -> bool:
    return any(deal.kinds[i] == code for i in deal.hands[seat])


def _swap_in(deal: Deal, seat: int, code: int, protected: set[int], rng: random.Random,
             keep: Iterable[int] = ()) -> None:
    """Exchange one unseen card of ``seat``'s hand with an unseen copy of ``code``."""
    kinds = deal.kinds
    keep_set = set(keep)
    hand = deal.hands[seat]
    targets = [j for j, i in enumerate(hand) if i not in protected and kinds[i] not in keep_set]
    if not targets:
        targets = [j for j, i in enumerate(hand) if i not in protected and kinds[i] != code]
    if not targets:
        raise WorldError("no unseen card to swap out")
    sources: list[tuple[list[int], int]] = []
    for other in range(deal.n):
        if other == seat:
            continue
        for j, i in enumerate(deal.hands[other]):
            if kinds[i] == code and i not in protected:
                sources.append((deal.hands[other], j))
    for place in (deal.stock, deal.dead):
        for j, i in enumerate(place):
            if kinds[i] == code and i not in protected:
                sources.append((place, j))
    if not sources:
        raise WorldError("no unseen copy to swap in")
    place, j = sources[rng.randrange(len(sources))]
    t = targets[rng.randrange(len(targets))]
    place[j], hand[t] = hand[t], place[j]


def _matches(deal: Deal, obs: Observation) -> bool:
    """The sampled world shows the seat exactly what the observation shows."""
    kinds = deal.kinds
    me = obs.seat
    if sorted(kinds[i] for i in deal.hands[me]) != sorted(obs.hand):
        return False
    if [len(h) for h in deal.hands] != obs.hand_sizes or len(deal.stock) != obs.stock_size:
        return False
    for seat, table in enumerate(obs.tables):
        if sorted(kinds[i] for i in deal.tables[seat]) != sorted(table):
            return False
    if deal.trump != obs.trump or deal.points != obs.points:
        return False
    turnup = None if deal.turnup is None else kinds[deal.turnup]
    return turnup == obs.turnup and deal.current == obs.current_player
