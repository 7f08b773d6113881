"""Fit the learned leaf evaluation (engine/ai/evaluate.py) on self-play, per variant.

Deals are played to the end by the rollout policy (engine.ai.policy); at every
other trick's start each seat's relative features are recorded with the target
"what this seat's side still gains over the others by the end of the deal".
A ridge regression (pure Python normal equations, no dependency) gives the
weights; held-out deals report the fit (R²) against the hand-made keep value
the search used before (points so far + 0.5 × the held cards' keep values).

``--policy normal`` plays the self-play deals by the normal level instead (slower,
about 4 CPU-minutes for russian): the holdings are then valued as competent play uses
them, not as the rollout policy wastes them. Reproducible (fixed seeds); writes
engine/ai/models.json (each variant's fit records how it was made):

    python tools/train_eval.py --deals 3000 --test-deals 500
    python tools/train_eval.py --deals 3000 --test-deals 500 --variant russian --policy normal
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import new_game  # noqa: E402
from engine.ai.evaluate import (  # noqa: E402
    BASE,
    FEATURES,
    MODEL_FILE,
    pad,
    read_models_file,
    relative_features,
    stock_share,
)
from engine.ai.levels import normal_action  # noqa: E402
from engine.ai.policy import DEFAULT_WEIGHTS, PolicyWeights, potential, rollout  # noqa: E402
from engine.ai.search import running_score, side_score  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.phases import PLAYING  # noqa: E402

VARIANTS = ("classic", "russian", "russian-3", "russian-4", "no-trump", "bezik")
Sample = tuple[list[float], float, float, float]  # features, target, hand-made, stock share


def hand_made(deal: Deal, seat: int) -> float:
    """The old leaf's estimate of the rest (0.5 × relative keep value)."""
    n = deal.n
    pots = [potential(deal, s) for s in range(n)]
    if deal.rules.partnerships:
        mine = sum(p for s, p in enumerate(pots) if s % 2 == seat % 2)
        return 0.5 * (2 * mine - sum(pots))
    others = [p for s, p in enumerate(pots) if s != seat]
    return 0.5 * (pots[seat] - sum(others) / len(others))


def normal_trick(deal: Deal, rng: random.Random) -> None:
    """Play on by the normal level (its rules, no exact end phase) until the next trick."""
    started = False
    while deal.current is not None:
        if deal.phase == PLAYING and not deal.trick and started:
            return
        started = True
        seat = deal.current
        deal.apply(normal_action(deal.observation(seat), rng, exact_end=False))


def samples(variant: str, deals: int, seed: int, every: int = 2,
            policy: str = "rollout", weights: PolicyWeights = DEFAULT_WEIGHTS) -> list[Sample]:
    out: list[Sample] = []
    for k in range(deals):
        rng = random.Random(seed * 100_003 + k)
        deal = new_game(variant, seed=seed * 100_003 + k).deal
        pending: list[tuple[int, list[float], float, float, float]] = []
        trick = 0
        while deal.current is not None:
            if trick % every == 0:
                for s in range(deal.n):
                    pending.append((s, relative_features(deal, s), running_score(deal, s),
                                    hand_made(deal, s), stock_share(deal)))
            trick += 1
            if policy == "normal":
                normal_trick(deal, rng)
            else:
                rollout(deal, rng, tricks=1, weights=weights)
        for s, x, now, old, share in pending:
            out.append((x, side_score(deal, s) - now, old, share))
    return out


def narrow(data: list[Sample], width: int) -> list[Sample]:
    """The samples with their first ``width`` features (an older model's feature set)."""
    return [(x[:width], y, old, share) for x, y, old, share in data]


def ridge(data: list[Sample], lam: float) -> list[float]:
    m = len(data[0][0])
    xtx = [[0.0] * m for _ in range(m)]
    xty = [0.0] * m
    for x, y, _, _ in data:
        for i in range(m):
            xi = x[i]
            if not xi:
                continue
            xty[i] += xi * y
            row = xtx[i]
            for j in range(i, m):
                row[j] += xi * x[j]
    for i in range(m):
        for j in range(i):
            xtx[i][j] = xtx[j][i]
        xtx[i][i] += lam * len(data)
    return solve(xtx, xty)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    m = len(b)
    rows = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        p = rows[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(m):
            if r != col and rows[r][col]:
                f = rows[r][col] / p
                rows[r] = [v - f * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [rows[i][m] / rows[i][i] if abs(rows[i][i]) > 1e-12 else 0.0 for i in range(m)]


def r2(data: list[Sample], predict: list[float]) -> float:
    ys = [y for _, y, _, _ in data]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    err = sum((y - p) ** 2 for y, p in zip(ys, predict, strict=True))
    return 1.0 - err / total if total else 0.0


def spreads(data: list[Sample], predict: list[float]) -> dict[str, float]:
    """The model's error (root mean square) with most of the stock still to draw and
    later: the spread the bezik vido's chance to win assumes around the predicted rest."""
    early: list[float] = []
    late: list[float] = []
    for (_, y, _, share), p in zip(data, predict, strict=True):
        (early if share >= 0.5 else late).append((y - p) ** 2)
    return {"rmse_early": round((sum(early) / max(1, len(early))) ** 0.5, 1),
            "rmse_late": round((sum(late) / max(1, len(late))) ** 0.5, 1)}


def dump(data: dict[str, object]) -> str:
    """The models file's text: one line per entry, a model's weights on one line (it
    ships with the app, so no line per number)."""
    lines = []
    for key, value in data.items():
        if isinstance(value, dict):
            inner = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items())
            lines.append(f" {json.dumps(key)}: {{\n{inner}\n }}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1500, help="training deals per variant")
    parser.add_argument("--test-deals", type=int, default=300)
    parser.add_argument("--lam", type=float, default=1e-3, help="ridge strength per sample")
    parser.add_argument("--variant", action="append", help="only these (default: all)")
    parser.add_argument("--out", default=str(MODEL_FILE))
    parser.add_argument("--policy", choices=("rollout", "normal"), default="rollout",
                        help="who plays the self-play deals (normal: the normal level)")
    parser.add_argument("--features", choices=("all", "base"), default="all",
                        help="base: the first block alone (each as it is and by the stock), "
                             "as the shipped models.json was made")
    args = parser.parse_args()
    width = 2 * len(BASE) if args.features == "base" else len(FEATURES)
    out_path = Path(args.out)
    try:
        existing = json.loads(out_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        existing = {}
    # models made with fewer features keep their behaviour: weight 0 for the newer ones
    file = read_models_file(out_path)
    models = file.weights
    fits = existing.get("fit", {}) if models else {}
    policies = file.policies  # the rollouts play by the file's own policy weights
    for variant in args.variant or VARIANTS:
        t0 = time.perf_counter()
        rollout_weights = policies.get(variant, DEFAULT_WEIGHTS)
        train = narrow(samples(variant, args.deals, seed=1, policy=args.policy,
                               weights=rollout_weights), width)
        test = narrow(samples(variant, args.test_deals, seed=2, policy=args.policy,
                              weights=rollout_weights), width)
        weights = ridge(train, args.lam)
        learned = [sum(w * v for w, v in zip(weights, x, strict=True)) for x, _, _, _ in test]
        fit = {"policy": args.policy, "features": args.features, "train_deals": args.deals,
               **({"rollout_weights": "distilled"} if variant in policies else {}),
               "train_samples": len(train),
               "test_deals": args.test_deals, "r2_learned": round(r2(test, learned), 4),
               "r2_hand_made": round(r2(test, [old for _, _, old, _ in test]), 4),
               **spreads(test, learned)}
        models[variant] = [round(w, 5) for w in weights]
        fits[variant] = fit
        print(variant, fit, f"{time.perf_counter() - t0:.1f}s", flush=True)
    written: dict[str, list[float]] = {}
    for name, weights in models.items():
        if any(weights[width:]):
            raise SystemExit(f"the {name} model weighs features past the base block: "
                             "retrain it with --features all")
        written[name] = pad(weights)[:width]
    data = {
        "about": "Linear leaf evaluation per variant (engine/ai/evaluate.py), made by "
                 "python tools/train_eval.py --deals N --test-deals M [--variant V --policy P "
                 "--features F] (see each fit)",
        "features": list(FEATURES[:width]), "models": written, "fit": fits,
        # the rollout policy's weights (tools/distil_policy.py) and the strong level's
        # prior's numbers (tools/tune_prior.py) stay as they were
        **{key: existing[key] for key in ("policy", "policy_fit", "prior", "prior_fit")
           if key in existing},
    }
    out_path.write_text(dump(data), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
