"""A deck both sides can check: commit-then-reveal of every deal's shuffle.

Before a deal each device draws a 32-byte secret and sends its SHA-256 first; only when
every commitment is in does anyone reveal. The deal is shuffled by the engine from a seed
made of all the secrets, so no device chose it alone. At the deal's end a guest gets the
record and every secret, and rebuilds the deal the same way: a host that stacked the deck
(or dealt the guest other cards than the record says) is caught. What this does not
prove: a host device still sees every hand while the deal is played.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from engine import RecordError, ReplayError, new_game, replay_record
from web.storage.json_data import (
    JsonObject,
    JsonValue,
    as_list,
    as_object,
    get_int,
    get_object,
    get_str,
)

DOMAIN = b"bezique/fair-deck/1"
# The host's secret's key among the seats' ones (seats are 0-7, a single digit on the wire).
HOST_KEY = 9


def commitment(secret: str) -> str:
    """The SHA-256 (hex) a device sends before it reveals ``secret`` (64 hex digits)."""
    return hashlib.sha256(bytes.fromhex(secret)).hexdigest()


def deal_seed(deal: int, secrets: Mapping[int, str]) -> int:
    """The shuffle seed of deal number ``deal`` from every contributor's secret (by seat)."""
    digest = hashlib.sha256(DOMAIN)
    digest.update(deal.to_bytes(4, "big"))
    for seat in sorted(secrets):
        digest.update(bytes([seat]))
        digest.update(bytes.fromhex(secrets[seat]))
    # 53 bits: the saved game keeps its seed as a JSON number, which every reader (the save's
    # check, JavaScript) holds exactly up to 2**53; no device chooses these bits either
    return int.from_bytes(digest.digest()[:8], "big") >> 11


def start_of(deal: JsonValue) -> JsonObject:
    """What was dealt in a record's deal entry: hands, stock and turn-up."""
    entry = as_object(deal) or {}
    return {k: entry.get(k) for k in ("hands", "stock", "turnup")}


def dealt_from_seed(record: JsonObject, number: int, seed: int) -> JsonObject:
    """Deal ``number`` as the engine shuffles it from ``seed`` after the record's earlier
    deals, of a record that replays (RecordError, ReplayError if those earlier deals do
    not)."""
    if number == 0:
        game = new_game(get_str(record, "variant"), get_object(record, "options"), seed=seed,
                        dealer=get_int(record, "dealer"))
    else:
        earlier = dict(record)
        earlier["deals"] = (as_list(record.get("deals")) or [])[:number]
        game = replay_record(earlier)
        game.rng.seed(seed)  # the game's own generator, as the host's shuffled it
        game.next_deal()
    return start_of(game.record()["deals"][number])


def verify_deal(record: JsonObject, number: int, hashes: Mapping[int, str],
                secrets: Mapping[int, str]) -> str:
    """Check the last deal of ``record`` (the one just played), the table's deal ``number``
    (its seed: a table that played a game before counts its deals too), against the
    commitments: "" when fair, else the reason it is not ("secret" a secret that does not
    match its hash, "record" a record that does not replay, "deck" a deck other than the
    secrets make)."""
    if set(hashes) != set(secrets) or any(
            commitment(secrets[s]) != hashes[s] for s in hashes):
        return "secret"
    try:
        replay_record(record)
        deals = record["deals"]
        if not isinstance(deals, list) or not 0 < len(deals) <= number + 1:
            return "record"
        index = len(deals) - 1
        expected = dealt_from_seed(record, index, deal_seed(number, secrets))
    except (RecordError, ReplayError, KeyError, TypeError, ValueError):
        return "record"
    return "" if start_of(deals[index]) == expected else "deck"
