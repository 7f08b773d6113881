"""What the table and the pairing screens show of this device's links to others, in the
model: its part (the host's or a guest's), how each link stands, the codes and their QR
images, the seats the table waits for, whether the host left, what the check of the deal's
deck found, and whether a camera may read a code here.

``web.link.pairing.Pairing`` keeps the links, the sessions over them and the hosted table;
whenever what they show changes it sends the news here as plain data, so drawing
(``web.view.pairing_view``) reads the model, never the links.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TypeAlias

from web.state.seats import Seats


@dataclass(frozen=True)
class SeatLinkShown:
    """One other device's seat on the host's screen."""

    seat: int
    state: str  # offering | connected | waiting (web.link.hosting)
    offer: str  # the host's code for this seat ("" while it is being made)
    problem: str  # a catalog key: why the last code typed for it did not pair ("": none)
    lost: bool  # it was connected and dropped: the table waits for it


@dataclass(frozen=True)
class HostShown:
    """The host's side: the hosted table's seats (the table behind the codes is older until
    the first deal), each other device's link, and whether the table is under way."""

    seats: Seats
    links: tuple[SeatLinkShown, ...]
    waiting: tuple[int, ...]  # seats whose device the table waits for
    playing: bool  # the first deal was dealt


@dataclass(frozen=True)
class GuestShown:
    """A guest's side: its link to the host and what the host's messages said."""

    state: str  # offering | answering | connected | waiting (web.link.joining)
    answer: str  # this device's code for the host ("" until made)
    problem: str  # a catalog key: why the host's code did not pair ("": none)
    rejoining: bool  # a seat kept from before the page was reloaded: a new code sits it again
    host_left: bool  # the host left the table: nobody will deal again here
    deck_check: str | None  # the check of the deal's deck (a catalog key); None: not yet


@dataclass(frozen=True)
class PairingState:
    host: HostShown | None = None  # this device hosts a table for others
    guest: GuestShown | None = None  # this device joins (or sits at) another's table
    can_scan: bool = False  # a camera may read the other device's code here
    qr: Mapping[str, str] = field(default_factory=dict)  # a code's QR image (SVG), once drawn


@dataclass(frozen=True)
class LinksShown:
    """The links' news: what the host's or the guest's side shows now (both None: this
    device is at no table of several devices)."""

    host: HostShown | None
    guest: GuestShown | None
    can_scan: bool = False


@dataclass(frozen=True)
class QrDrawn:
    """The shell drew a code's QR image."""

    code: str
    svg: str


PairingMsg: TypeAlias = LinksShown | QrDrawn
PAIRING_MESSAGES = (LinksShown, QrDrawn)


def codes_shown(host: HostShown | None, guest: GuestShown | None) -> set[str]:
    """The codes the pairing screens may show (the host's offers, the guest's answer)."""
    found = set() if host is None else {link.offer for link in host.links}
    if guest is not None:
        found.add(guest.answer)
    return found - {""}


def update(state: PairingState, msg: PairingMsg) -> PairingState:
    """The pairing's state after one message: the images of codes no longer shown go."""
    if isinstance(msg, QrDrawn):
        return replace(state, qr={**state.qr, msg.code: msg.svg})
    shown = codes_shown(msg.host, msg.guest)
    return PairingState(msg.host, msg.guest, msg.can_scan,
                        {code: svg for code, svg in state.qr.items() if code in shown})
