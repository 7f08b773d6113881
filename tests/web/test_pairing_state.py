"""The pairing in the model (web.state.pairing_state) and drawn from it (web.view.pairing_view):
the links' news changes the state only through ``update``, and the screens, banners and the
table's facts are pure functions of it, tested without a page, a link or an event loop; last,
a host's app sends its links' news and QR images to its model."""

from __future__ import annotations

from collections.abc import Callable

from fake_page import RecordingPage

from tests.web.devices_in_memory import MemoryNet, MemoryTransport
from web import storage
from web.app import App
from web.i18n.catalogs import load_catalog
from web.state.model import Model, update
from web.state.pairing_state import (
    GuestShown,
    HostShown,
    LinksShown,
    PairingState,
    QrDrawn,
    SeatLinkShown,
)
from web.state.seats import Seats
from web.view.pairing_view import (
    by_host,
    deck_check,
    form_id,
    pairing_banner,
    pairing_overlay,
    paused,
    peer_flags,
)

CAT = load_catalog("en")
THREE = Seats(("person", "device", "device"))


def host(*links: SeatLinkShown, playing: bool = False) -> HostShown:
    waiting = tuple(link.seat for link in links if link.state != "connected")
    return HostShown(THREE, links, waiting, playing)


def guest(state: str = "offering", answer: str = "", problem: str = "", rejoining: bool = False,
          host_left: bool = False, verdict: str | None = None) -> GuestShown:
    return GuestShown(state, answer, problem, rejoining, host_left, verdict)


OFFERING = SeatLinkShown(1, "offering", "O0001", "", False)
JOINED = SeatLinkShown(2, "connected", "O0002", "", False)


# ------------------------------------------------------------------ update


def test_the_links_news_replaces_what_was_shown_and_the_model_routes_it() -> None:
    shown = LinksShown(host(OFFERING, JOINED), None, can_scan=True)
    model, effects = update(Model(), shown)
    assert model.pairing == PairingState(shown.host, None, True, {})
    assert effects == []  # the pairing renders after its news itself
    left, _ = update(model, LinksShown(None, None))
    assert left.pairing == PairingState()


def test_a_qr_image_is_kept_while_its_code_is_shown() -> None:
    state = PairingState(host=host(OFFERING, JOINED))
    model, _ = update(Model(pairing=state), QrDrawn("O0001", "<svg>1</svg>"))
    assert model.pairing.qr == {"O0001": "<svg>1</svg>"}
    assert state.qr == {}  # the state before is not changed in place
    # a fresh code for seat 1: its old image goes, seat 2's code is still shown
    model, _ = update(model, QrDrawn("O0002", "<svg>2</svg>"))
    fresh = SeatLinkShown(1, "offering", "", "", True)
    model, _ = update(model, LinksShown(host(fresh, JOINED), None))
    assert model.pairing.qr == {"O0002": "<svg>2</svg>"}
    model, _ = update(model, QrDrawn("A0003", "<svg>3</svg>"))
    model, _ = update(model, LinksShown(None, guest("answering", "A0003")))
    assert model.pairing.qr == {"A0003": "<svg>3</svg>"}


# ------------------------------------------------------------------ the table's facts


def test_the_facts_the_table_asks_of_the_links() -> None:
    alone = PairingState()
    assert (peer_flags(alone), paused(alone), by_host(alone), deck_check(alone)) == (
        (None, None), False, False, None)
    pairing = PairingState(host=host(OFFERING, JOINED))
    assert peer_flags(pairing) == ("host", "waiting")
    assert not paused(pairing)  # not before the first deal: the codes are shown
    assert paused(PairingState(host=host(OFFERING, JOINED, playing=True)))
    playing = PairingState(host=host(JOINED, playing=True))
    assert peer_flags(playing) == ("host", "connected") and not paused(playing)
    assert not by_host(playing) and deck_check(playing) is None
    joining = PairingState(guest=guest("answering", "A1"))
    assert peer_flags(joining) == (None, None) and by_host(joining) and not paused(joining)
    seated = PairingState(guest=guest("connected", verdict="link.fair.ok"))
    assert peer_flags(seated) == ("guest", "connected") and deck_check(seated) == "link.fair.ok"
    away = PairingState(guest=guest("waiting"))
    assert peer_flags(away) == ("guest", "waiting") and paused(away)


# ------------------------------------------------------------------ banners


def test_the_banners_under_the_table() -> None:
    names = ["Ann", "Bo", ""]
    assert pairing_banner(PairingState(), CAT, THREE, names) == ""
    codes = PairingState(host=host(OFFERING))
    assert pairing_banner(codes, CAT, THREE, names) == ""  # the codes' screen says it
    waits = pairing_banner(PairingState(host=host(OFFERING, playing=True)), CAT, THREE, names)
    assert "data-peer-waiting" in waits and "Waiting for Bo to come back" in waits
    assert 'data-command="pair-show"' in waits
    away = pairing_banner(PairingState(guest=guest("waiting")), CAT, THREE, names)
    assert "Waiting for the host to come back" in away
    left = pairing_banner(PairingState(guest=guest("waiting", host_left=True)), CAT, THREE, names)
    assert "data-peer-left" in left and 'data-command="leave-table"' in left
    assert "data-peer-waiting" not in left


# ------------------------------------------------------------------ the pairing screens


def test_the_hosts_screen_lists_each_seat_with_its_code_or_joined() -> None:
    lost = SeatLinkShown(1, "offering", "O0005", "pair.problem.code", True)
    state = PairingState(host=host(lost, JOINED), qr={"O0005": "<svg>5</svg>"}, can_scan=True)
    html = pairing_overlay(state, "host", ["Ann", "Bo", "Cy"], CAT)
    assert html is not None and 'data-screen="host"' in html
    assert '<section class="pair-seat" data-pair-seat="1" data-state="offering"><h3>Bo</h3>' in html
    assert 'data-pair-code="offer" data-seat="1"' in html and "<svg>5</svg>" in html
    assert 'data-command="pair-computer" data-seat="1"' in html  # it was lost
    assert "This code did not work" in html
    assert f'id="{form_id(1)}"' in html and 'data-command="pair-scan" data-seat="1"' in html
    assert '<section class="pair-seat" data-pair-seat="2" data-state="connected">' in html
    assert 'data-pair-code="offer" data-seat="2"' not in html  # joined: no code
    making = pairing_overlay(PairingState(host=host(SeatLinkShown(1, "offering", "", "", False))),
                             "host", [], CAT)
    assert making is not None and "pair-making" in making and "pair-scan" not in making
    assert pairing_overlay(state, "join", [], CAT) is None  # not this device's screen
    assert pairing_overlay(state, None, [], CAT) is None


def test_the_guests_screen_follows_its_link() -> None:
    def join(shown: GuestShown, qr: dict[str, str] | None = None) -> str:
        html = pairing_overlay(PairingState(guest=shown, qr=qr or {}), "join", [], CAT)
        assert html is not None and 'data-screen="join"' in html
        return html

    first = join(guest(problem="pair.problem.empty"))
    assert "choose “Host a table”" in first and "Scan or type a code first." in first
    assert f'id="{form_id(None)}"' in first and "data-pair-input" in first
    assert "You have a seat at a table" in join(guest(rejoining=True))
    answer = join(guest("answering", "A0002"), {"A0002": "<svg>2</svg>"})
    assert 'data-pair-code="answer"' in answer and "<svg>2</svg>" in answer
    assert "Waiting for the host to connect" in answer
    assert "Waiting for the host to deal" in join(guest("connected"))
    assert "The connection was lost" in join(guest("waiting"))
    assert pairing_overlay(PairingState(guest=guest()), "host", [], CAT) is None


# ------------------------------------------------------------------ the app sends its news


class DrawingTransport(MemoryTransport):
    """A transport whose shell draws QR images (later, as the page does)."""

    def qr_svg(self, code: str, done: Callable[[str], None]) -> None:
        self.net.later(done, f"<svg>{code}</svg>")


def test_a_hosts_app_keeps_its_links_news_in_its_model() -> None:
    net = MemoryNet()
    dom = RecordingPage()
    app = App(dom, storage.MemoryStorage(), fast=True, seed=5, transport=DrawingTransport(net))
    app.start()
    app.course.start_new_game({"variant": "classic", "options": {}, "level": "greedy",
                               "seats": ["person", "device"]})
    shown = app.model.pairing.host
    assert shown is not None and shown.links[0].offer == "" and not shown.playing
    net.deliver_all()
    shown = app.model.pairing.host
    assert shown is not None
    code = shown.links[0].offer
    assert code and app.model.pairing.qr == {code: f"<svg>{code}</svg>"}
    assert f"<svg>{code}</svg>" in dom.page()
    app.command("leave-table", None)
    assert app.model.pairing == PairingState()
