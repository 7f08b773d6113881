"""The two-devices protocol in one process: whole deals through the wire, privacy of every
message, the fair deck (and a forged one caught), a guest cut off and rejoining."""

from __future__ import annotations

import json

import pytest

from engine.cards import code_text
from tests.web.link_table import LinkedTable, leaked_cards, leaks_in_messages, visible_to
from web import i18n
from web.i18n.catalogs import load_catalog
from web.link.fair_deck import HOST_KEY, commitment, deal_seed, verify_deal
from web.link.link_guest import GuestSession
from web.link.link_host import COMPUTER, HERE, REMOTE, Send, seat_view
from web.link.link_texts import fair_deck_note, refusal_notice, verdict_key
from web.link.wire import REASONS, Refusal, encode

CASES: list[tuple[str, dict[str, object], list[str]]] = [
    ("classic", {}, [HERE, REMOTE]),
    ("russian-3", {}, [HERE, REMOTE, REMOTE]),
    ("russian-3", {}, [REMOTE, COMPUTER, REMOTE]),
]


@pytest.mark.parametrize(("variant", "options", "seats"), CASES)
def test_whole_deal_through_the_wire(variant: str, options: dict[str, object],
                                     seats: list[str]) -> None:
    table = LinkedTable(variant, options, seats, seed=7)
    table.join_all()
    table.deliver(table.host.start_deal())
    game = table.host.game
    assert game is not None and table.host.phase == "playing"
    table.play_deal()
    assert game.deal_over
    assert table.leaks == []
    states = [s for s in table.log if json.loads(s.text)["t"] == "state"]
    assert len(states) > 2 * len(table.guests)
    for seat, guest in table.guests.items():
        assert guest.verdicts == {0: ""}  # the deck checked out
        assert guest.obs is not None and guest.obs["deal_over"]
        assert guest.obs["points"] == game.observation(seat).points
    # the next deal is dealt from new secrets
    table.deliver(table.host.start_deal())
    if not game.is_terminal:
        table.play_deal()
        assert table.leaks == []
        assert all(g.verdicts == {0: "", 1: ""} for g in table.guests.values())


def test_leak_check_catches_another_seats_card() -> None:
    """The privacy check itself fails on a message that names the other hand."""
    table = LinkedTable("classic", {}, [HERE, REMOTE])
    table.join_all()
    table.deliver(table.host.start_deal())
    game = table.host.game
    assert game is not None
    seen = visible_to(table.host, 1)
    foreign = next(code_text(c) for c in game.observation(0).hand if code_text(c) not in seen)
    bad = Send(1, encode("state", n=99, deal=0, obs={"note": f"play {foreign}"}))
    assert leaked_cards(table.host, bad) == [foreign]


def test_message_check_of_the_browser_tests_catches_leaks() -> None:
    """The browser tests' check (every received message against the deal's record) passes
    an honest deal and fails a message naming a hidden card or showing a made-up hand."""
    table = _finished([HERE, REMOTE])
    game = table.host.game
    assert game is not None
    texts = [s.text for s in table.log if s.seat == 1]
    record = game.record()
    assert leaks_in_messages(record, 1, texts) == []
    first = json.loads(next(t for t in texts if json.loads(t)["t"] == "state"))
    hidden = record["deals"][0]["hands"][0][0]
    named = dict(first, frame={"note": f"play {hidden}"})
    swapped = dict(first, obs=dict(first["obs"], hand=[hidden, *first["obs"]["hand"][1:]]))
    found = leaks_in_messages(record, 1, [json.dumps(named), json.dumps(swapped)])
    assert found == [f"message 0: ['{hidden}']", "message 1: a position the deal never had"]


def test_seed_comes_from_every_secret() -> None:
    a, b = "11" * 32, "22" * 32
    assert deal_seed(0, {0: a, HOST_KEY: b}) != deal_seed(0, {0: b, HOST_KEY: a})
    assert deal_seed(0, {0: a, HOST_KEY: b}) != deal_seed(1, {0: a, HOST_KEY: b})
    assert commitment(a) == commitment("11" * 32) != commitment(b)


def _finished(seats: list[str], variant: str = "classic", seed: int = 3) -> LinkedTable:
    table = LinkedTable(variant, {}, seats, seed=seed)
    table.join_all()
    table.deliver(table.host.start_deal())
    table.play_deal()
    return table


def test_forged_deck_is_caught() -> None:
    """A host that deals other cards than the secrets make: the guest's check fails."""
    table = _finished([HERE, REMOTE])
    host, guest = table.host, table.guests[1]
    assert host.game is not None
    record = host.game.record()
    secrets = {str(k): v for k, v in host.finished[-1]["secrets"].items()}
    forged = json.loads(json.dumps(record))
    deal = forged["deals"][0]
    # the host keeps the two hands' cards but swaps one of the guest's with the stock's top
    deal["hands"][1][0], deal["stock"][0] = deal["stock"][0], deal["hands"][1][0]
    guest.verdicts.clear()
    guest.receive(encode("record", deal=0, record=forged, secrets=secrets))
    assert guest.verdicts[0] in ("deck", "record", "hand")
    # the true record passes
    guest.receive(encode("record", deal=0, record=record, secrets=secrets))
    assert guest.verdicts[0] == ""


def test_stacked_deck_with_consistent_record_is_caught() -> None:
    """Even a record that replays (a stacked but legal deal) is not the secrets' deck."""
    table = _finished([HERE, REMOTE])
    host = table.host
    assert host.game is not None
    secrets = dict(host.finished[-1]["secrets"])
    hashes = {k: commitment(v) for k, v in secrets.items()}
    other = _finished([HERE, REMOTE], seed=4)  # another deal, fully legal, from other secrets
    assert other.host.game is not None
    assert verify_deal(other.host.game.record(), 0, hashes, secrets) == "deck"
    assert verify_deal(host.game.record(), 0, hashes, secrets) == ""
    wrong = dict(secrets)
    wrong[HOST_KEY] = "00" * 32  # a secret that is not the one committed to
    assert verify_deal(host.game.record(), 0, hashes, wrong) == "secret"


def test_host_reveal_must_match_its_commitment() -> None:
    guest = GuestSession(1, entropy=lambda: "ab" * 32)
    guest.receive(encode("commit", deal=0, hash=commitment("cd" * 32)))
    replies = guest.receive(encode("reveal", deal=0, secret="ce" * 32,
                                   hashes={"1": commitment("ab" * 32)}))
    assert replies == [] and guest.problem == "bad_reveal"
    replies = guest.receive(encode("reveal", deal=0, secret="cd" * 32,
                                   hashes={"1": commitment("ab" * 32)}))
    assert len(replies) == 1 and json.loads(replies[0])["secret"] == "ab" * 32


def test_guest_cut_mid_deal_rejoins_same_position() -> None:
    table = LinkedTable("russian-3", {}, [HERE, REMOTE, REMOTE], seed=11)
    table.join_all()
    table.deliver(table.host.start_deal())
    for _ in range(15):
        table.step()
    host, guest = table.host, table.guests[2]
    table.cut.add(2)
    table.deliver(host.disconnected(2))
    assert table.guests[1].waiting == [2]
    assert host.waiting == [2]
    before = host.snapshot()
    seat = host.game.current_player if host.game else None
    if seat is not None and host.seats[seat] != REMOTE:
        with pytest.raises(Exception, match="paused"):
            host.act(seat, host.game.legal_actions()[0].text())  # type: ignore[union-attr]
    assert host.snapshot() == before
    # the page reloads: only its saved session survives
    reloaded = GuestSession.from_json(json.loads(json.dumps(guest.to_json())))
    table.guests[2] = reloaded
    table.cut.discard(2)
    table.deliver(host.receive(2, reloaded.hello()))
    assert reloaded.obs is not None and host.game is not None
    assert reloaded.obs == json.loads(json.dumps(seat_view(host.game, 2)))
    assert table.guests[1].waiting == []
    table.play_deal()
    assert table.leaks == []
    assert table.guests[1].verdicts == {0: ""}


def test_stolen_token_cannot_take_a_seat() -> None:
    table = LinkedTable("classic", {}, [HERE, REMOTE])
    table.join_all()
    intruder = GuestSession(1)
    table.cut.add(1)
    table.deliver(table.host.disconnected(1))
    table.cut.discard(1)
    replies = table.host.receive(1, intruder.hello())
    assert [json.loads(r.text)["reason"] for r in replies] == ["bad_token"]


def test_guest_left_seat_goes_to_computer() -> None:
    table = LinkedTable("russian-3", {}, [HERE, REMOTE, REMOTE])
    table.join_all()
    table.deliver(table.host.start_deal())
    table.deliver(table.host.receive(2, table.guests[2].leave()))
    table.cut.add(2)
    assert table.guests[1].waiting == [2]
    table.deliver(table.host.give_to_computer(2))
    assert table.guests[1].waiting == []
    table.play_deal()
    assert table.leaks == []


def test_every_reason_and_verdict_is_worded_in_every_language() -> None:
    for lang in i18n.LANGS:
        cat = load_catalog(lang)
        keys = [refusal_notice(r)[0] for r in REASONS]
        keys += [verdict_key(v) for v in ("", "secret", "record", "deck", "hand")]
        texts = [cat.t(k) for k in keys] + [fair_deck_note(cat)]
        assert all(t and not t.startswith("link.") for t in texts), lang
        assert len(set(texts)) == len(texts)
    # an illegal move is refused with the engine's rule, worded as on this device
    assert refusal_notice("illegal", "must_follow_suit") == ("rule", {"rule": "must_follow_suit"})


def test_guest_reloads_during_the_commit_round() -> None:
    """A guest that committed, then lost its page, reveals the same secret after rejoining;
    the other guest's round goes on; the deck still checks out."""
    table = LinkedTable("russian-3", {}, [HERE, REMOTE, REMOTE], seed=13)
    table.join_all()
    host = table.host
    table.cut.add(2)  # seat 2 misses the host's commitment
    table.deliver(host.start_deal())
    assert host.phase == "committing" and set(host.hashes) == {1}
    table.deliver(host.disconnected(2))
    table.cut.discard(2)
    table.deliver(host.receive(2, table.guests[2].hello()))  # rejoins, commits
    assert host.phase == "playing"
    saved = json.loads(json.dumps(table.guests[1].to_json()))
    assert saved["secret"] and saved["token"]
    table.play_deal()
    assert table.leaks == []
    assert all(g.verdicts == {0: ""} for g in table.guests.values())


def test_guest_reloads_after_committing_reveals_the_same_secret() -> None:
    table = LinkedTable("classic", {}, [HERE, REMOTE], seed=17)
    table.join_all()
    host, guest = table.host, table.guests[1]
    # the guest's commitment reaches the host, the host's reveal does not reach the guest
    for send in host.start_deal():
        for reply in guest.receive(send.text):
            table.cut.add(1)
            host.receive(1, reply)
    assert host.phase == "revealing"
    table.deliver(host.disconnected(1))
    reloaded = GuestSession.from_json(json.loads(json.dumps(guest.to_json())))
    table.guests[1] = reloaded
    table.cut.discard(1)
    table.deliver(host.receive(1, reloaded.hello()))
    assert host.phase == "playing"
    table.play_deal()
    assert reloaded.verdicts == {0: ""}


@pytest.mark.parametrize(("variant", "seats", "deals"), [
    ("classic", [HERE, REMOTE], 0),  # 0: the whole game
    ("bezik", [HERE, REMOTE], 6),
    ("rubicon", [REMOTE, HERE], 3),
    ("russian-4", [HERE, REMOTE, COMPUTER, REMOTE], 2),
])
def test_many_deals_each_deck_checked(variant: str, seats: list[str], deals: int) -> None:
    """Deal after deal (a whole classic game; a bezik match across its games; a multi-pack
    session; partners): every deck rebuilt by the guests from the secrets, no leak."""
    table = LinkedTable(variant, {}, seats, seed=21)
    table.join_all()
    game = None
    played = 0
    while not deals or played < deals:
        table.deliver(table.host.start_deal())
        table.play_deal()
        played += 1
        game = table.host.game
        assert game is not None
        if game.is_terminal:
            break
    assert game is not None and (deals or game.is_terminal)
    assert table.leaks == []
    for guest in table.guests.values():
        assert guest.verdicts == dict.fromkeys(range(played), "")


def test_a_rematch_deals_a_new_game_at_the_same_table() -> None:
    """Only a finished game is followed by another; its deck is shared and checked like any
    deal's, though the table counts its deals on from the first game's."""
    table = LinkedTable("rubicon", {}, [HERE, REMOTE], seed=5)
    table.join_all()
    table.deliver(table.host.start_deal())
    with pytest.raises(Refusal):
        table.host.rematch()  # the game is not over
    table.play_deal()
    first = table.host.game
    assert first is not None and first.is_terminal
    table.deliver(table.host.rematch())
    second = table.host.game
    assert second is not None and second is not first and len(second.record()["deals"]) == 1
    table.play_deal()
    assert table.guests[1].verdicts == {0: "", 1: ""}
    assert table.leaks == []


def test_guest_page_reloaded_mid_deal_still_checks_the_deck() -> None:
    """A guest's page reloaded in the middle of a deal comes back from what it kept (its
    seat, token, secret and every device's commitment) and still finds the deck fair:
    without the commitments it would wrongly say a secret broke its promise."""
    table = LinkedTable("classic", {}, [HERE, REMOTE], seed=19)
    table.join_all()
    host = table.host
    table.deliver(host.start_deal())
    for _ in range(15):
        table.step()
    kept = json.loads(json.dumps(table.guests[1].to_json()))
    table.deliver(host.disconnected(1))
    table.guests[1] = GuestSession.from_json(kept)  # the reloaded page
    table.deliver(host.receive(1, table.guests[1].hello()))
    table.play_deal()
    assert table.guests[1].verdicts == {0: ""}


def test_a_saved_host_table_reads_as_it_was_written() -> None:
    """The hosted table's part of a save, in the form saves have always had: read back the
    same (its state number past any a guest saw); a value of another kind is refused."""
    table = _finished([HERE, REMOTE])
    host = table.host
    assert host.game is not None
    saved = json.loads(json.dumps(host.to_json()))
    assert set(saved) == {"seats", "dealer", "tokens", "left", "phase", "deal", "secret",
                          "hashes", "reveals", "n", "finished"}
    restored = type(host).restore(saved, host.variant, host.options, host.game)
    assert restored.to_json() == {**host.to_json(), "n": host.n + 2}
    assert restored.snapshot() == json.dumps({**json.loads(host.snapshot()), "n": host.n + 2,
                                              "connected": []}, sort_keys=True)
    for key, bad in [("dealer", "0"), ("tokens", []), ("secret", None), ("finished", {}),
                     ("hashes", {"x": "ab"})]:
        with pytest.raises(ValueError, match="hosting"):
            type(host).restore({**saved, key: bad}, host.variant, host.options, host.game)


def test_a_seat_number_the_guest_cannot_read_is_refused() -> None:
    """A digit that is not a seat number (a superscript two) in a host's reveal: refused as
    malformed, the guest as it was."""
    guest = GuestSession(1, entropy=lambda: "ab" * 32)
    guest.receive(encode("commit", deal=0, hash=commitment("cd" * 32)))
    replies = guest.receive(encode("reveal", deal=0, secret="cd" * 32,
                                   hashes={"\u00b2": commitment("ab" * 32)}))
    assert replies == [] and guest.problem == "malformed" and guest.hashes == {}
