"""Pool duplicate-arena reports of one comparison run with different seeds.

A long proof (bezik: 100 matches) takes more hours than one machine session has, so
it is run in parts, each with a seed of its own, and pooled here:

    python tools/arena_ab.py --variant bezik --a strong --b normal --games 20 --seed 51 > b51.json
    python tools/arena_ab.py --variant bezik --a strong --b normal --games 20 --seed 52 > b52.json
    python tools/pool_arena.py b51.json b52.json

Each file holds JSON reports, one a line (``engine.arena.run_arena``; lines that are not
reports are skipped). They must compare the same programs in the same variant and
options on the same engine (its fingerprint) with distinct seeds: else a clear message
and exit code 2. Prints the pooled report (wins and points share with 95% intervals).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.arena import pooled  # noqa: E402

SAME = ("variant", "options", "a", "b", "arrangements", "engine")


def reports(paths: list[Path]) -> list[dict[str, Any]]:
    found = []
    for path in paths:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                data = json.loads(line.strip("\0 "))
            except ValueError:
                continue
            if isinstance(data, dict) and isinstance(data.get("groups"), list):
                found.append(data)
    return found


def pool(found: list[dict[str, Any]]) -> dict[str, Any]:
    """The pooled report; ValueError names what does not match."""
    if not found:
        raise ValueError("no arena report with duplicate groups in these files")
    first = found[0]
    for report in found[1:]:
        for key in SAME:
            if report.get(key) != first.get(key):
                raise ValueError(f"{key} differs: {first.get(key)!r} and {report.get(key)!r}")
    seeds = [r.get("seed") for r in found]
    if len(set(map(str, seeds))) != len(seeds):
        raise ValueError(f"the same seed twice: {seeds}")
    out = {key: first.get(key) for key in SAME}
    out["seeds"] = seeds
    out.update(pooled([row for r in found for row in r["groups"]]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    try:
        print(json.dumps(pool(reports(args.files))))
    except (OSError, ValueError) as err:
        print(json.dumps({"error": str(err)}))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
