"""Two devices, one table, through the real apps: a host app and guest apps linked in
memory pair through their codes (as typed), play whole deals, and lose nothing when a
link drops."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from fake_page import RecordingPage, computer_plays

from tests.web.devices_in_memory import MemoryNet
from tests.web.link_table import leaked_cards
from web import storage
from web.app import App
from web.link.hosting import Hosting
from web.link.link_host import Send
from web.platform.runtime import ManualRuntime
from web.records import history, stats


def device(net: MemoryNet, seed: int = 5) -> tuple[App, RecordingPage]:
    dom = RecordingPage()
    app = App(dom, storage.MemoryStorage(), fast=True, seed=seed, transport=net.transport())
    app.start()
    return app, dom


def settle(net: MemoryNet, *apps: App) -> None:
    """Deliver everything on its way and let each computer play, until all is quiet."""
    for _ in range(1000):
        moved = net.deliver_all()
        for app in apps:
            if app.model.table.busy:
                computer_plays(app)
                moved += 1
        if not moved:
            return
    raise AssertionError("the devices never settle")


LEAKS: list[str] = []


def watch_privacy(hosting: Hosting) -> None:
    """Check every message the host sends a guest, when it is sent: it names no card the
    guest may not know (its frame and observation both)."""
    send = hosting.send

    def checked(sends: Sequence[Send]) -> None:
        for item in sends:
            LEAKS.extend(f"seat {item.seat}: {c}" for c in leaked_cards(hosting.table, item))
        send(sends)

    hosting.send = checked  # type: ignore[method-assign]


def pair(net: MemoryNet, host: App, host_dom: RecordingPage,
         guests: dict[int, tuple[App, RecordingPage]], setup: dict[str, Any]) -> None:
    """The host starts a table; each guest joins with the host's code; the host takes the
    guest's code back."""
    host.course.start_new_game(setup)
    settle(net, host)
    assert host.model.overlay == "host"
    hosting = host.pairing.hosting
    assert hosting is not None
    watch_privacy(hosting)
    host.turns.kick()  # the computer never plays the game behind the codes (not the table's)
    assert not host.model.table.busy
    for seat, (guest, guest_dom) in guests.items():
        guest.command("join-table", None)
        assert guest.model.overlay == "join"
        guest_dom.form = {"pair-code": hosting.links[seat].offer}
        guest.command("pair-connect", {})
        settle(net, host, guest)
        joining = guest.pairing.joining
        assert joining is not None and joining.answer, joining.problem
        assert 'data-pair-code="answer"' in guest_dom.page()
        host_dom.form = {"pair-code": joining.answer}
        host.command("pair-connect", {"data-seat": str(seat)})
        settle(net, host, guest)


CLASSIC = {"variant": "classic", "options": {}, "level": "greedy",
           "seats": ["person", "device"]}


def classic_pair() -> tuple[MemoryNet, App, RecordingPage, App, RecordingPage]:
    """A host and one guest paired for a game of classic Bezique."""
    net = MemoryNet()
    host, host_dom = device(net)
    guest, guest_dom = device(net, seed=6)
    pair(net, host, host_dom, {1: (guest, guest_dom)}, CLASSIC)
    return net, host, host_dom, guest, guest_dom


def test_host_and_guest_pair_and_the_first_deal_is_dealt() -> None:
    _, host, _, guest, _ = classic_pair()
    hosting = host.pairing.hosting
    assert hosting is not None and hosting.playing
    assert host.model.overlay is None  # the table
    assert host.game is hosting.table.game
    # the game dealt behind the codes was never played (nor saved) while they were shown
    saved = json.loads(host.store.getItem(storage.SAVE_KEY) or "{}")
    assert saved["game"] == host.game.to_json()
    joining = guest.pairing.joining
    assert joining is not None and joining.seated
    assert joining.session.obs is not None
    assert isinstance(host.runtime, ManualRuntime)


def play_moves(net: MemoryNet, host: App, guests: dict[int, App], moves: int) -> bool:
    """Up to ``moves`` turns: each person's first legal move, on their own device (the
    computer's turns pass in ``settle``); True once the deal is over."""
    for _ in range(moves):
        settle(net, host, *guests.values())
        game = host.game
        if game.deal.is_terminal:
            return True
        seat = game.current_player
        if seat in guests:
            joining = guests[seat].pairing.joining
            assert joining is not None and joining.session.obs is not None
            assert joining.session.obs["current_player"] == seat
            guests[seat].course.try_action(joining.session.obs["legal_actions"][0])
        elif host.model.table.seats.is_person(seat):
            host.course.try_action(game.legal_actions()[0].text())
    settle(net, host, *guests.values())
    return host.game.deal.is_terminal


def play_deal(net: MemoryNet, host: App, guests: dict[int, App], limit: int = 3000) -> None:
    """Play on to the deal's end."""
    assert play_moves(net, host, guests, limit), "the deal did not end"


def test_a_whole_deal_of_classic_across_two_devices() -> None:
    net, host, _, guest, guest_dom = classic_pair()
    play_deal(net, host, {1: guest})
    settle(net, host, guest)
    joining = guest.pairing.joining
    assert joining is not None
    assert joining.session.verdicts == {0: ""}  # the guest checked the deck
    assert 'data-deck-check="ok"' in guest_dom.page()  # and its summary says so
    assert joining.session.obs is not None and joining.session.obs["deal_over"]
    assert joining.session.obs["points"] == host.game.observation(1).points
    assert LEAKS == []
    # the guest's page drew its own hand, from the host's frame, with its names
    hand = host.game.observation(1).to_json()["hand"]
    assert all(f'data-card="{card}"' in guest_dom.regions["bz-me"] for card in hand)
    assert "data-peer" not in guest_dom.page()


def test_a_deal_of_russian_three_handed_with_two_guests_and_the_next_one() -> None:
    net = MemoryNet()
    host, host_dom = device(net)
    guests = {1: device(net, seed=6), 2: device(net, seed=7)}
    setup = {"variant": "russian-3", "options": {}, "level": "greedy",
             "seats": ["person", "device", "device"]}
    pair(net, host, host_dom, guests, setup)
    apps = {seat: app for seat, (app, _) in guests.items()}
    play_deal(net, host, apps)
    host.course.next_step()  # the host deals the next deal: every device sends its share first
    settle(net, host, *apps.values())
    assert host.model.table.deal_number == 2 and not host.game.deal.is_terminal
    for seat, app in apps.items():
        joining = app.pairing.joining
        assert joining is not None and joining.session.verdicts == {0: ""}
        assert joining.session.deal == 1
        obs = joining.session.obs
        assert obs is not None and len(obs["hand"]) == len(host.game.deal.hands[seat])


def test_a_guest_cut_off_mid_deal_rejoins_to_the_same_position() -> None:
    net = MemoryNet()
    host, host_dom = device(net)
    guest, guest_dom = device(net, seed=6)
    setup = {"variant": "russian-3", "options": {}, "level": "greedy",
             "seats": ["person", "computer", "device"]}
    pair(net, host, host_dom, {2: (guest, guest_dom)}, setup)
    play_moves(net, host, {2: guest}, 40)  # some moves, then the guest's Wi-Fi drops
    hosting, joining = host.pairing.hosting, guest.pairing.joining
    assert hosting is not None and joining is not None
    before = host.game.to_json()
    handle = joining.handle
    assert handle is not None
    handle.close()
    settle(net, host, guest)
    assert hosting.waiting == [2]
    assert "data-peer-waiting" in host_dom.page() and "data-peer-waiting" in guest_dom.page()
    for dom in (host_dom, guest_dom):  # neither table offers a move while it waits
        offered = re.findall(r"<[^>]*data-action=[^>]*>", dom.page())
        assert offered and all("aria-disabled" in tag for tag in offered)
    if host.game.current_player == 0:  # the table waits: a move here is refused
        host.course.try_action(host.game.legal_actions()[0].text())
        assert host.model.notice is not None and host.model.notice[0] == "link.refused.paused"
    assert host.game.to_json() == before  # nobody, not the computer either, moved
    # the guest pairs again with the host's new code, and is given its seat back
    guest.command("pair-show", {})
    assert guest.model.overlay == "join"
    guest_dom.form = {"pair-code": hosting.links[2].offer}
    guest.command("pair-connect", {})
    settle(net, host, guest)
    host_dom.form = {"pair-code": joining.answer}
    host.command("pair-connect", {"data-seat": "2"})
    settle(net, host, guest)
    assert hosting.waiting == [] and joining.state == "connected"
    assert guest.model.overlay is None and host.model.overlay is None  # both back at the table
    obs = joining.session.obs
    assert obs is not None and obs["hand"] == host.game.observation(2).to_json()["hand"]
    play_deal(net, host, {2: guest})
    settle(net, host, guest)
    assert joining.session.verdicts == {0: ""}


def test_a_host_page_reloaded_mid_deal_keeps_the_table_and_its_guest() -> None:
    net = MemoryNet()
    store = storage.MemoryStorage()
    dom = RecordingPage()
    host = App(dom, store, fast=True, seed=5, transport=net.transport())
    host.start()
    guest, guest_dom = device(net, seed=6)
    setup = {"variant": "classic", "options": {}, "level": "greedy",
             "seats": ["person", "device"]}
    pair(net, host, dom, {1: (guest, guest_dom)}, setup)
    play_moves(net, host, {1: guest}, 12)
    before = host.game.to_json()
    old = host.pairing.hosting
    assert old is not None
    old.close()  # the host's page goes away, its links with it
    settle(net, guest)
    # the page comes back: the saved game, its device's seat waiting for the device
    dom2 = RecordingPage()
    host2 = App(dom2, store, fast=True, seed=5, transport=net.transport())
    host2.start()
    host2.command("continue", None)
    hosting = host2.pairing.hosting
    settle(net, host2, guest)
    assert hosting is not None and hosting.waiting == [1]
    assert host2.game.to_json() == before
    assert host2.model.overlay == "host"
    guest.command("pair-show", {})
    guest_dom.form = {"pair-code": hosting.links[1].offer}
    guest.command("pair-connect", {})
    settle(net, host2, guest)
    joining = guest.pairing.joining
    assert joining is not None
    dom2.form = {"pair-code": joining.answer}
    host2.command("pair-connect", {"data-seat": "1"})
    settle(net, host2, guest)
    assert hosting.waiting == [] and joining.state == "connected"
    assert joining.session.refusal is None
    play_deal(net, host2, {1: guest})
    settle(net, host2, guest)
    assert joining.session.verdicts == {0: ""}  # the deal's shares survived the reload


def test_each_device_keeps_the_finished_game_for_its_own_player() -> None:
    """A game of Rubicon (one deal is the game) on two devices: at its end both the host's
    and the guest's history hold it, each from its own seat, and each statistics count it
    in the group of games with friends on other devices."""
    net = MemoryNet()
    host, _ = device(net)
    guest, guest_dom = device(net, seed=6)
    pair(net, host, _, {1: (guest, guest_dom)},
         {"variant": "rubicon", "options": {}, "level": "greedy", "seats": ["person", "device"]})
    play_deal(net, host, {1: guest})
    settle(net, host, guest)
    assert host.game.is_terminal
    winner = host.game.winner
    for app, seat in ((host, 0), (guest, 1)):
        entries = history.load(app.store)
        assert len(entries) == 1, seat
        entry = entries[0]
        assert (entry["human"], entry["level"], entry["variant"]) == (seat, stats.DEVICES,
                                                                      "rubicon")
        assert entry["won"] == (winner == seat)
        assert entry["record"]["deals"] == host.game.record()["deals"]
        groups = stats.load(app.store)["groups"]
        assert list(groups) == [f"rubicon/{stats.DEVICES}"]
        assert groups[f"rubicon/{stats.DEVICES}"]["played"] == 1
    # the statistics screen names the group in the player's language
    guest.command("stats", None)
    assert "Friends on their own devices" in guest_dom.page()
    guest.command("close", None)
    # a rematch at the same table: the devices stay paired, the next seat deals first
    first = host.game
    host.command("rematch", None)
    settle(net, host, guest)
    assert host.game is not first and host.game.deal.dealer != first.deal.dealer
    assert host.model.overlay is None and guest.model.overlay is None
    joining = guest.pairing.joining
    assert joining is not None and joining.session.obs is not None
    assert joining.session.obs["hand"] == host.game.observation(1).to_json()["hand"]
    play_deal(net, host, {1: guest})
    settle(net, host, guest)
    assert host.game.is_terminal and joining.session.verdicts == {0: "", 1: ""}
    assert len(history.load(guest.store)) == len(history.load(host.store)) == 2
    assert stats.load(guest.store)["groups"][f"rubicon/{stats.DEVICES}"]["played"] == 2


def test_a_reloaded_guest_page_opens_on_its_seat_at_the_table() -> None:
    """A guest's page reloaded (or the app reopened) goes straight to joining its table
    again, telling the player to ask the host for a new code; leaving forgets the seat."""
    net, _, _, guest, _ = classic_pair()
    dom = RecordingPage()
    again = App(dom, guest.store, fast=True, seed=8, transport=net.transport())
    again.start()
    assert again.model.overlay == "join"
    assert "You have a seat at a table hosted on another device" in dom.page()
    again.command("leave-table", None)
    later = App(RecordingPage(), guest.store, fast=True, seed=9, transport=net.transport())
    later.start()
    assert later.model.overlay == "start"


def test_a_move_the_host_refuses_is_said_on_the_guest_and_changes_nothing() -> None:
    """A guest's move sent out of turn, then a message the host cannot read: each is
    refused, the guest's page says why, and neither table changes."""
    net, host, _, guest, guest_dom = classic_pair()
    settle(net, host, guest)
    if host.game.current_player == 1:  # the host's turn, for a move out of turn
        joining = guest.pairing.joining
        assert joining is not None and joining.session.obs is not None
        guest.course.try_action(joining.session.obs["legal_actions"][0])
        settle(net, host, guest)
    assert host.game.current_player == 0
    joining = guest.pairing.joining
    assert joining is not None and joining.session.obs is not None
    before, seen = host.game.to_json(), dict(joining.session.obs)
    card = joining.session.obs["hand"][0]
    assert joining.send(joining.session.act(card))  # as a hostile page would send it
    settle(net, host, guest)
    assert guest.model.notice is not None and guest.model.notice[0] == "link.refused.not_your_turn"
    assert "It is not your turn." in guest_dom.page()
    assert host.game.to_json() == before and joining.session.obs == seen
    assert joining.send('{"v": 1, "t": "act", "seat": 1, "n": 0, "action": ')
    settle(net, host, guest)
    assert guest.model.notice is not None and guest.model.notice[0] == "link.refused.malformed"
    assert host.game.to_json() == before and joining.session.obs == seen
    play_deal(net, host, {1: guest})  # and the table plays on
    settle(net, host, guest)
    assert joining.session.verdicts == {0: ""}


def test_a_stacked_deck_is_caught_and_said_on_the_guest() -> None:
    """A host whose record of the deal gives the guest other cards than both devices'
    secrets shuffled: the guest's page says the deck was not fair, and does not keep the
    game as a fair one."""
    net, host, _, guest, guest_dom = classic_pair()
    hosting = host.pairing.hosting
    assert hosting is not None
    send = hosting.send

    def stacked(sends: Sequence[Send]) -> None:
        forged = []
        for item in sends:
            message = json.loads(item.text)
            if message["t"] == "record":
                deal = message["record"]["deals"][0]
                # a card of another face: two packs hold two of each, and swapping a card
                # for its twin would stack nothing
                other = next(
                    i for i, card in enumerate(deal["stock"]) if card != deal["hands"][1][0]
                )
                deal["hands"][1][0], deal["stock"][other] = (
                    deal["stock"][other],
                    deal["hands"][1][0],
                )
                item = Send(item.seat, json.dumps(message))
            forged.append(item)
        send(forged)

    hosting.send = stacked  # type: ignore[method-assign]
    play_deal(net, host, {1: guest})
    settle(net, host, guest)
    joining = guest.pairing.joining
    assert joining is not None and joining.session.verdicts[0] in ("deck", "hand", "record")
    assert guest.model.notice is not None and guest.model.notice[0].startswith("link.fair.")
    assert guest.model.notice[0] != "link.fair.ok"
    assert 'data-deck-check="ok"' not in guest_dom.page()


def test_a_guest_that_leaves_can_have_its_seat_played_by_the_computer() -> None:
    """A guest starts a game of its own mid-deal: the host's table waits for it, and the
    host lets the computer play that seat to the deal's end."""
    net = MemoryNet()
    host, host_dom = device(net)
    guest, guest_dom = device(net, seed=6)
    pair(net, host, host_dom, {1: (guest, guest_dom)}, CLASSIC)
    play_moves(net, host, {1: guest}, 10)
    guest.course.start_new_game({"variant": "classic", "options": {}, "level": "greedy",
                          "seats": ["person", "computer"]})
    assert guest.pairing.joining is None  # this device left the table
    settle(net, host, guest)
    hosting = host.pairing.hosting
    assert hosting is not None and hosting.waiting == [1]
    assert "data-peer-waiting" in host_dom.page()  # the banner, with its New code
    host.command("pair-show", {})
    assert host.model.overlay == "host" and 'data-command="pair-computer"' in host_dom.page()
    host.command("pair-computer", {"data-seat": "1"})
    assert host.model.overlay is None
    assert hosting.waiting == [] and host.model.table.seats.kinds[1] == "computer"
    assert play_moves(net, host, {}, 300)  # the deal plays to its end


def test_a_host_that_leaves_tells_its_guests_and_they_can_leave_too() -> None:
    """The host starts a game of its own mid-deal: the guest's table says the host left
    (not that it waits for it), offers to leave, and a reload does not rejoin that table."""
    net, host, _, guest, guest_dom = classic_pair()
    settle(net, host, guest)
    host.course.start_new_game({"variant": "classic", "options": {}, "level": "greedy",
                         "seats": ["person", "computer"]})
    settle(net, host, guest)
    joining = guest.pairing.joining
    assert joining is not None and joining.session.host_left
    page = guest_dom.page()
    assert "data-peer-left" in page and "The host has left this table" in page
    assert "data-peer-waiting" not in page
    offered = re.findall(r"<[^>]*data-action=[^>]*>", page)
    assert offered and all("aria-disabled" in tag for tag in offered)  # no move: table left
    later = App(RecordingPage(), guest.store, fast=True, seed=9, transport=net.transport())
    later.start()
    assert later.model.overlay == "start"  # not the join screen of a table that is gone
    guest.command("leave-table", None)
    assert guest.model.overlay == "start" and guest.pairing.joining is None
