"""Two devices, one table, through the real apps: a host app and guest apps linked in
memory pair through their codes (as typed), play whole deals, and lose nothing when a
link drops."""

from __future__ import annotations

from typing import Any

from fake_page import RecordingPage, computer_plays

from tests.web.devices_in_memory import MemoryNet
from web import storage
from web.app import App
from web.runtime import ManualRuntime


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
            if app.busy:
                computer_plays(app)
                moved += 1
        if not moved:
            return
    raise AssertionError("the devices never settle")


def pair(net: MemoryNet, host: App, host_dom: RecordingPage,
         guests: dict[int, tuple[App, RecordingPage]], setup: dict[str, Any]) -> None:
    """The host starts a table; each guest joins with the host's code; the host takes the
    guest's code back."""
    host.start_new_game(setup)
    settle(net, host)
    assert host.overlay == "host"
    hosting = host.pairing.hosting
    assert hosting is not None
    for seat, (guest, guest_dom) in guests.items():
        guest.command("join-table", None)
        assert guest.overlay == "join"
        guest_dom.form = {"pair-code": hosting.links[seat].offer}
        guest.command("pair-connect", {})
        settle(net, host, guest)
        joining = guest.pairing.joining
        assert joining is not None and joining.answer, joining.problem
        assert 'data-pair-code="answer"' in guest_dom.page()
        host_dom.form = {"pair-code": joining.answer}
        host.command("pair-connect", {"data-seat": str(seat)})
        settle(net, host, guest)


def test_host_and_guest_pair_and_the_first_deal_is_dealt() -> None:
    net = MemoryNet()
    host, host_dom = device(net)
    guest, guest_dom = device(net, seed=6)
    setup = {"variant": "classic", "options": {}, "level": "greedy",
             "seats": ["person", "device"]}
    pair(net, host, host_dom, {1: (guest, guest_dom)}, setup)
    hosting = host.pairing.hosting
    assert hosting is not None and hosting.playing
    assert host.overlay is None  # the table
    assert host.game is hosting.table.game
    joining = guest.pairing.joining
    assert joining is not None and joining.seated
    assert joining.session.obs is not None
    assert isinstance(host.runtime, ManualRuntime)
