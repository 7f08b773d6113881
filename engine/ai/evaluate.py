"""A learned evaluation of a position, used at the leaves of the search.

A truncated rollout ends with points taken so far and cards still held. What
the held cards will still bring is estimated by a linear model per variant
over features of each seat's holdings (hand and table) and the public state:
trumps and brisques or card points held, combination cards, how far the
stock has run, who leads. A position's value for a seat is its side's
features minus the others' (their mean with three players), weighted. The
weights are fitted offline on self-play (``tools/train_eval.py``: the target
is what each side still scored to the end of the deal) and shipped as
``models.json`` beside this module, read with the standard library.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from ..cards import ACE, JACK, KING, QUEEN, SEVEN, TEN, kind_code
from ..deal import Deal
from ..phases import DECLARING, PLAYING
from .normal_weights import NORMAL, NormalWeights
from .policy import DEFAULT_WEIGHTS, PolicyWeights, card_points

MODEL_FILE = Path(__file__).with_name("models.json")
QS = kind_code(QUEEN, 0)
JD = kind_code(JACK, 2)
BASE = (
    "cards", "card_points", "trumps", "trump_high", "aces", "tens", "marriages",
    "trump_marriage", "bezique", "fours", "sequence", "trump_seven", "to_lead",
)
# Later features: halves of combinations (a bezique's cards, kings and queens). Not the
# declared cards apart: a model that values cards on the table less than hidden ones
# (fitted well) made the search shy of declaring (measured: it lost in the arena).
LATER = ("bezique_cards", "kings_queens")
# Each feature twice: as it is and scaled by the share of the stock still to draw. Older
# models (the BASE block alone) read as weights 0 for the later features.
FEATURES = (BASE + tuple(f"{name}*stock" for name in BASE)
            + LATER + tuple(f"{name}*stock" for name in LATER))

class ModelsFile(NamedTuple):
    """What a models file holds, per variant: the evaluation's weights, its fits' typical
    errors (early, late), the rollout policy's weights and the strong level's prior's."""

    weights: dict[str, list[float]]
    spreads: dict[str, tuple[float, float]]
    policies: dict[str, PolicyWeights]
    priors: dict[str, NormalWeights]


_SHIPPED: ModelsFile | None = None


def shipped() -> ModelsFile:
    """``models.json`` beside this module, read once."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = read_models_file(MODEL_FILE)
    return _SHIPPED


def models() -> dict[str, list[float]]:
    """The weights per variant (empty when the file is missing or does not fit)."""
    return shipped().weights


def read_models_file(path: Path) -> ModelsFile:
    """A models file, parsed once; a table that is missing or does not fit reads as empty."""
    found = ModelsFile({}, {}, {}, {})
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return found
    try:
        names = data.get("features")
        if isinstance(names, list) and names == list(FEATURES[:len(names)]):
            for name, weights in data.get("models", {}).items():
                if isinstance(weights, list) and len(weights) == len(names):
                    found.weights[name] = pad([float(x) for x in weights])
            for name, fit in data.get("fit", {}).items():
                if "rmse_early" in fit and "rmse_late" in fit:
                    found.spreads[name] = (float(fit["rmse_early"]), float(fit["rmse_late"]))
    except (ValueError, TypeError, AttributeError):
        found.weights.clear()
    try:
        for name, values in data.get("policy", {}).items():
            found.policies[name] = PolicyWeights.from_json(values)
    except (ValueError, TypeError, AttributeError):
        found.policies.clear()
    try:
        for name, values in data.get("prior", {}).items():
            found.priors[name] = NormalWeights.from_json(values)
    except (ValueError, TypeError, AttributeError):
        found.priors.clear()
    return found


def read_models(path: Path) -> dict[str, list[float]]:
    """A models file's evaluation weights per variant."""
    return read_models_file(path).weights


def read_policies(path: Path) -> dict[str, PolicyWeights]:
    """A models file's rollout-policy weights per variant (``policy``; none: empty)."""
    return read_models_file(path).policies


def read_priors(path: Path) -> dict[str, NormalWeights]:
    """A models file's numbers for the strong level's prior per variant (``prior``)."""
    return read_models_file(path).priors


def policy_for(variant: str) -> PolicyWeights:
    """The shipped rollout-policy weights of a variant (the defaults where none)."""
    return shipped().policies.get(variant, DEFAULT_WEIGHTS)


def prior_for(variant: str) -> NormalWeights:
    """The numbers of the strong level's prior in a variant (the normal level's where none
    are shipped)."""
    return shipped().priors.get(variant, NORMAL)


def pad(weights: list[float]) -> list[float]:
    """A model's weights for every feature (features it predates weigh 0)."""
    return weights + [0.0] * (len(FEATURES) - len(weights))


def model_for(variant: str) -> list[float] | None:
    return models().get(variant)


def rest_spread(variant: str, share: float) -> float | None:
    """The model's typical error on the rest of a deal (more with more stock to draw)."""
    found = shipped().spreads.get(variant)
    if found is None:
        return None
    early, late = found
    return late + (early - late) * min(1.0, share * 1.5)


def seat_features(deal: Deal, seat: int, stock_share: float) -> list[float]:
    """The features of one seat's holdings (``FEATURES`` order)."""
    kinds = deal.kinds
    rules = deal.rules
    trump = deal.trump
    counts = [0] * 32
    for i in deal.hands[seat]:
        counts[kinds[i]] += 1
    for i in deal.tables[seat]:
        counts[kinds[i]] += 1
    held = [c for c in range(32) if counts[c]]
    cards = float(sum(counts))
    points = float(sum(card_points(rules, c) * counts[c] for c in held))
    ranks = [0] * 8
    trumps = 0
    for c in held:
        ranks[c & 7] += counts[c]
        if c >> 3 == trump:
            trumps += counts[c]
    marriages = 0
    trump_marriage = 0
    for suit in range(4):
        pair = min(counts[kind_code(KING, suit)], counts[kind_code(QUEEN, suit)])
        if suit == trump:
            trump_marriage = pair
        else:
            marriages += pair
    trump_high = sequence = seven = 0
    if trump is not None:
        trump_high = counts[kind_code(ACE, trump)] + counts[kind_code(TEN, trump)]
        sequence = sum(1 for r in (ACE, TEN, KING, QUEEN, JACK) if counts[kind_code(r, trump)])
        seven = counts[kind_code(SEVEN, trump)]
    fours = sum(max(0, ranks[r] - 2) for r in (ACE, KING, QUEEN, JACK))
    lead = 1.0 if deal.current == seat and not deal.trick and deal.phase in (
        PLAYING, DECLARING) else 0.0
    base = [cards, points, float(trumps), float(trump_high), float(ranks[ACE]),
            float(ranks[TEN]), float(marriages), float(trump_marriage),
            float(min(counts[QS], counts[JD])), float(fours), float(sequence),
            float(seven), lead]
    later = [float(counts[QS] + counts[JD]), float(ranks[KING] + ranks[QUEEN])]
    return (base + [v * stock_share for v in base]
            + later + [v * stock_share for v in later])


def stock_share(deal: Deal) -> float:
    """The share of the initial stock still to be drawn (1 at the start, 0 at the end)."""
    rules = deal.rules
    full = len(rules.deck()) - rules.players * rules.hand_size
    return (len(deal.stock) + (deal.turnup is not None)) / max(1, full)


def margin(values: Sequence[float], seat: int, partnerships: bool) -> float:
    """Own side's value minus the others' (the mean of the others without partnerships):
    the one measure of a seat's standing that points, held cards and features share."""
    if partnerships:
        mine = sum(v for s, v in enumerate(values) if s % 2 == seat % 2)
        return 2 * mine - sum(values)
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - sum(others) / len(others)


def relative_features(deal: Deal, seat: int) -> list[float]:
    """Own side's features minus the others' (the mean of the others with three players)."""
    share = stock_share(deal)
    per_seat = [seat_features(deal, s, share) for s in range(deal.n)]
    return [margin([f[k] for f in per_seat], seat, deal.rules.partnerships)
            for k in range(len(FEATURES))]


def predicted_rest(deal: Deal, seat: int, weights: list[float]) -> float:
    """The model's estimate of what the seat's side still gains over the others."""
    if deal.current is None:
        return 0.0
    # the model is linear: the value of the relative features is the difference of the
    # seats' own values (cheaper than building the relative vector)
    share = stock_share(deal)
    values = [sum(w * v for w, v in zip(weights, seat_features(deal, s, share), strict=True))
              for s in range(deal.n)]
    return margin(values, seat, deal.rules.partnerships)
