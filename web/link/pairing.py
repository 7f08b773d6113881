"""The commands that pair this device with others (two devices, one table), and what
the links show, sent to the model.

Why a module of its own: hosting and joining are features beside the table, not part of
it. This module turns the commands ``host-table``, ``join-table``, ``pair-connect``,
``pair-again``, ``pair-scan`` and ``leave-table`` into calls on ``web.link.hosting`` and
``web.link.joining``, and whenever their links, codes or sessions change it sends what they
show to the model (``web.state.pairing_state``); the screens and banners are drawn from
there (``web.view.pairing_view``).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from typing import Protocol

from engine.playable import PlayableGame
from web.link.frame_wire import KnownEvents, frame_to_json
from web.link.hosting import Hosting, Transport
from web.link.joining import Joining, keep_session, kept_session
from web.link.link_guest import GuestSession
from web.link.link_texts import refusal_notice, verdict_key
from web.platform.dom import Control
from web.records.device_records import keep_guest_game
from web.state.model import (
    DraftChanged,
    FreshScreen,
    NoticeSet,
    ScreenShown,
    TableShown,
)
from web.state.pairing_state import (
    GuestShown,
    HostShown,
    LinksShown,
    QrDrawn,
    SeatLinkShown,
    codes_shown,
)
from web.state.seats import COMPUTER, DEVICE, PERSON, Seats
from web.state.table_state import GameDealt, SeatsChanged
from web.storage.json_data import JsonObject, as_list, as_object
from web.table.dealing import choose_dealer, setup_seats
from web.table.seat_frame import SeatFrame
from web.table.table_parts import TableBase
from web.view.pairing_view import form_id
from web.view.screens import NEW_GAME_FOCUS


class QrMaker(Protocol):
    """Draws a code as a QR image (SVG markup), later: the shell does it off Python."""

    def qr_svg(self, code: str, done: Callable[[str], None]) -> None: ...


class QrScanner(Protocol):
    """Reads the other device's code with the camera (web.platform.link_page's, in the browser)."""

    def can_scan(self) -> bool: ...

    def scan(self, labels: dict[str, str], done: Callable[[str, str], None]) -> None:
        """Opens the camera; ``done(code, error)``: the code read ("" if cancelled), or the
        camera's error name."""


def seat_of(el: Control, attr: Callable[[Control, str], str | None]) -> int | None:
    value = attr(el, "data-seat")
    return int(value) if value is not None and value.isdigit() else None


class PairingTable(TableBase, Protocol):
    """What pairing asks of the table's controller (web.app.App)."""


class Pairing:
    """This device's part in a table of several devices: the host's or a guest's."""

    def __init__(self, app: PairingTable, transport: Transport | None) -> None:
        self.app = app
        self.transport = transport
        self.hosting: Hosting | None = None
        self.joining: Joining | None = None
        self.asked: set[str] = set()  # the codes whose QR image the shell was asked to draw
        self.setup: dict[str, object] = {}  # the hosted table's new-game choices
        self.seats: Seats | None = None
        self.told_refusal: tuple[str, str] | None = None  # a guest's: the refusal last said
        self.told_verdicts: set[int] = set()  # a guest's: the deals whose deck was told
        self.kept: dict[str, object] = {}  # a guest's: the session as last kept in storage
        self.sent: dict[int, KnownEvents] = {}  # a host's: each guest's events last sent

    # ----- the table's questions -------------------------------------------------------
    def may_play(self) -> bool:
        """The computer may move here: no device the table waits for (and a guest's
        computer plays nothing: the host's does)."""
        if self.joining is not None:
            return False
        if self.hosting is None:
            return True
        # not before the hosted game is dealt: the game behind the codes is not the table's
        return self.hosting.playing and not self.hosting.waiting

    def play(self, seat: int | None, action: str) -> bool:
        """A move made here at a hosted table, through the host protocol (True: done, or
        refused with Refusal raised); False: no hosted table, the caller applies it."""
        if self.hosting is None or not self.hosting.playing or seat is None:
            return False
        self.hosting.play(seat, action)
        return True

    def deal_next(self) -> bool:
        """At a hosted table the next deal is dealt by the protocol (True); a guest waits
        for the host's."""
        if self.joining is not None:
            return True
        if self.hosting is None or not self.hosting.playing:
            return False
        self.hosting.start()
        return True

    def rematch(self) -> bool:
        """At a hosted table a new game is dealt by the protocol, with the same devices
        (True); a guest waits for the host's."""
        if self.joining is not None:
            return True
        if self.hosting is None or not self.hosting.playing:
            return False
        self.hosting.rematch()
        return True

    def guest_acts(self, action: str) -> bool:
        """At a guest's table a move goes to the host (True: handled here)."""
        if self.joining is None:
            return False
        if not self.joining.act(action):
            self.app.dispatch(NoticeSet(("link.refused.paused", {}), True))
        self.app.render()
        return True

    # ----- hosting ------------------------------------------------------------------------
    def hosts(self, setup: Mapping[str, object]) -> bool:
        """A new game with seats on other devices: host it (True), pairing them first."""
        seats = setup_seats(setup)
        if seats is None or not seats.devices():
            return False
        if self.transport is None:  # no WebRTC here: say so on the form
            self.app.dispatch(NoticeSet(("pair.problem.unsupported", {}), True))
            self.app.render()
            return True
        dealer = choose_dealer(setup, seats.players, None)
        self.host(setup, seats, dealer)
        return True

    def host(self, setup: Mapping[str, object], seats: Seats, dealer: int) -> None:
        """Set up a table for other devices and show the codes to pair them."""
        if self.transport is None:
            return
        self.close()
        self.setup, self.seats = dict(setup), seats
        options = as_object(setup.get("options")) or {}
        self.hosting = Hosting(self, self.transport, str(setup.get("variant", "classic")),
                               options, seats, dealer)
        self.hosting.invite_all()
        self.publish()
        self.app.dispatch(ScreenShown("host"))
        self.app.render()

    def resume_hosting(self, data: object, game: PlayableGame, setup: Mapping[str, object],
                       seats: Seats) -> bool:
        """A saved game with other devices' seats: host it again, those devices pairing
        anew (True); without a table to resume (no transport, a save that does not fit)
        their seats go to the computer and the player is told."""
        self.close()
        if self.transport is not None and data is not None:
            try:
                self.hosting = Hosting.resume(self, self.transport, data, game, seats)
            except ValueError as err:
                print(f"bezique: the hosted table was not resumed: {err}")
                self.hosting = None
        if self.hosting is None:
            kinds = tuple(COMPUTER if k == DEVICE else k for k in seats.kinds)
            self.app.dispatch(SeatsChanged(Seats(kinds)))
            self.app.course.make_players()
            self.app.dispatch(NoticeSet(("pair.problem.resume", {}), True))
            return False
        self.setup, self.seats = dict(setup), seats
        self.hosting.invite_all()
        self.publish()
        self.app.dispatch(ScreenShown("host"))
        return True

    def show_codes_if_waiting(self) -> None:
        """Back to a hosted table that waits for a device: its codes first."""
        if self.hosting is not None and self.hosting.waiting:
            self.app.dispatch(ScreenShown("host"))

    def save_json(self) -> dict[str, object] | None:
        """The hosted table's protocol state, kept in the save beside the game."""
        return None if self.hosting is None else self.hosting.table.to_json()

    def apply_here(self, action: str) -> None:
        self.app.course.apply_here(action)

    def frame_for(self, seat: int) -> JsonObject:
        """What a guest's table draws for its seat, its seat kinds as that device names
        them (itself a person; the other people another device's)."""
        assert self.hosting is not None and self.hosting.table.game is not None
        frame = self.app.course.frame_of_seat(self.hosting.table.game, seat)
        kinds = self.hosting.table.seats  # the protocol's: here, computer, remote
        frame.view.seat_kinds = [PERSON if s == seat else COMPUTER if kind == "computer"
                                 else DEVICE for s, kind in enumerate(kinds)]
        data = frame_to_json(frame, self.sent.get(seat))
        self.sent[seat] = (as_list(data["events"]) or [], frame.events)
        return data

    def guest_frame(self) -> SeatFrame | None:
        """At a guest's table: the host's last frame of its seat (its view a shallow copy:
        the table sets this device's touches on it, replacing fields, never changing one
        in place)."""
        joining = self.joining
        if joining is None or not joining.seated or joining.session.frame is None:
            return None
        frame = joining.session.frame
        return SeatFrame(dataclasses.replace(frame.view), frame.events)

    def link_dealt(self, game: PlayableGame, first: bool) -> None:
        """The protocol dealt a deal: the first one's game becomes the table's."""
        self.publish()  # the table is under way
        if first and self.seats is not None:
            self.app.course.adopt_hosted(game, self.setup, self.seats)
        else:
            self.app.dispatch(ScreenShown(None))
            self.app.course.deal_began()

    def link_changed(self) -> None:
        """A link's news: draw the codes, who is away; play on once nobody is."""
        self.publish()
        for code in self.codes():
            self.ask_qr(code)
        if self.joining is not None:
            self.guest_news(self.joining)
        hosting = self.hosting
        if (hosting is not None and hosting.playing and not hosting.waiting
                and self.app.model.overlay == "host"):
            self.app.dispatch(ScreenShown(None))  # every device is back: to the table
            self.app.focus_first("#bz-me .hcard")
        self.app.render()
        if self.may_play():
            self.app.turns.kick()

    def codes(self) -> list[str]:
        """The codes shown (as just published to the model) whose QR image was not asked
        for yet."""
        shown = self.app.model.pairing
        return sorted(codes_shown(shown.host, shown.guest) - self.asked)

    def ask_qr(self, code: str) -> None:
        maker = self.transport
        if not hasattr(maker, "qr_svg"):
            return
        self.asked.add(code)

        def drawn(svg: str) -> None:
            self.app.dispatch(QrDrawn(code, svg))
            self.app.render()

        maker.qr_svg(code, drawn)  # type: ignore[union-attr]

    # ----- joining ------------------------------------------------------------------------
    def guest_news(self, joining: Joining) -> None:
        """What the host's last messages change at a guest's table: seated (the table
        shows), a move refused (said why), a deal's deck checked (said if it failed)."""
        app, session = self.app, joining.session
        kept = session.to_json()
        if session.host_left:  # no table to rejoin after a reload
            keep_session(app.store, None)
        elif session.token is not None and kept != self.kept:
            keep_session(app.store, session)  # a reload rejoins with this seat and token
            self.kept = kept
        if joining.seated and session.seat is not None and app.model.overlay == "join":
            kinds = tuple(PERSON if s == session.seat else DEVICE
                          for s in range(session.players))
            setup = {"variant": session.variant, "options": dict(session.options),
                     "seats": list(kinds)}
            app.dispatch(GameDealt(session.seat, setup, Seats(kinds)))
            app.dispatch(TableShown())
            app.focus_first("#bz-me .hcard")
        if session.refusal is not None and session.refusal != self.told_refusal:
            app.dispatch(NoticeSet(refusal_notice(*session.refusal), True))
        self.told_refusal = session.refusal
        for deal, verdict in session.verdicts.items():
            if deal not in self.told_verdicts:
                self.told_verdicts.add(deal)
                if verdict:  # a deck that does not check out: said, and it stays said
                    app.dispatch(NoticeSet((verdict_key(verdict), {}), True))
                elif deal in session.records and (session.obs or {}).get("game_over"):
                    keep_guest_game(app.store, session.records[deal], session.at,
                                    int(time.time() * 1000))

    def join(self, kept: GuestSession | None = None) -> None:
        """Show the join screen: for a new table, or for the seat ``kept`` (else the one
        kept in storage) at a table this device left."""
        if self.transport is None:  # no WebRTC here: said where the player is
            self.app.dispatch(NoticeSet(("pair.problem.unsupported", {}), True))
            self.app.render()
            return
        self.close()
        self.joining = Joining(self, self.transport, kept or kept_session(self.app.store))
        self.publish()
        self.app.dispatch(ScreenShown("join"))
        self.app.render()

    # ----- commands --------------------------------------------------------------------
    def command(self, name: str, el: Control) -> bool:
        """The pairing commands (True: handled)."""
        app = self.app
        if name == "host-table":
            self.app.dispatch(FreshScreen("dialog", NEW_GAME_FOCUS))
            self.app.dispatch(DraftChanged(host_draft(self.app.model.table.setup), NEW_GAME_FOCUS))
        elif name == "join-table":
            self.join()
        elif name == "pair-connect":
            seat = seat_of(el, app.dom.attr)
            self.connect(seat, str(app.dom.read_form(form_id(seat)).get("pair-code", "")))
        elif name == "pair-scan":
            self.scan(seat_of(el, app.dom.attr))
        elif name == "pair-again":
            seat = seat_of(el, app.dom.attr)
            if seat is not None and self.hosting is not None and seat in self.hosting.links:
                self.hosting.invite(seat)
                self.publish()
            app.render()
        elif name == "pair-computer":
            self.give_to_computer(seat_of(el, app.dom.attr))
        elif name == "pair-show":
            if self.hosting is not None:
                app.dispatch(ScreenShown("host"))
            elif self.joining is not None:
                self.joining.rejoin()
                self.publish()
                app.dispatch(ScreenShown("join"))
            app.render()
        elif name == "leave-table":
            self.close()
            app.dispatch(ScreenShown("start"))
            app.render()
        else:
            return False
        return True

    def give_to_computer(self, seat: int | None) -> None:
        """The host lets the computer play a seat whose device left."""
        app = self.app
        if seat is None or self.hosting is None or seat not in self.hosting.links:
            return
        self.hosting.give_to_computer(seat)
        table_seats = app.model.table.seats
        kinds = tuple(COMPUTER if s == seat else k for s, k in enumerate(table_seats.kinds))
        app.dispatch(SeatsChanged(Seats(kinds)))
        app.course.make_players()
        if not self.hosting.waiting:
            app.dispatch(ScreenShown(None))
        app.render()
        app.turns.kick()

    def connect(self, seat: int | None, code: str) -> None:
        """The other device's code, typed or scanned: the guest answers it, the host
        connects that seat's device."""
        if seat is None and self.joining is not None:
            self.joining.pair(code)
        elif seat is not None and self.hosting is not None:
            self.hosting.accept(seat, code)
        self.publish()
        self.app.render()

    def scanner(self) -> QrScanner | None:
        """The camera, where this page may use one."""
        found = self.transport
        if not hasattr(found, "scan") or not found.can_scan():  # type: ignore[union-attr]
            return None
        return found  # type: ignore[return-value]

    def scan(self, seat: int | None) -> None:
        """Read the other device's code with the camera, then connect as if typed."""
        scanner, cat = self.scanner(), self.app.cat
        if scanner is None:
            return

        def scanned(code: str, error: str) -> None:
            if error:  # no camera, or the person refused it: typing still works
                self.app.dispatch(NoticeSet(("pair.problem.camera", {}), True))
                self.app.render()
            elif code:
                self.connect(seat, code)

        scanner.scan({"title": cat.t("pair.scan.title"), "cancel": cat.t("options.cancel")},
                     scanned)

    def close(self) -> None:
        if self.hosting is not None:
            self.hosting.close()
        if self.joining is not None:
            self.joining.leave()
            keep_session(self.app.store, None)
        self.hosting = self.joining = None
        self.publish()

    # ----- what is shown --------------------------------------------------------------------
    def publish(self) -> None:
        """What the links show now, into the model (``web.state.pairing_state``), when it
        changed: called wherever a link, a code or a session's news may have changed it."""
        host = guest = None
        if self.hosting is not None:
            links = tuple(SeatLinkShown(seat, link.state, link.offer, link.problem, link.lost)
                          for seat, link in self.hosting.links.items())
            host = HostShown(self.seats or self.app.model.table.seats, links,
                             tuple(self.hosting.waiting), self.hosting.playing)
        if self.joining is not None:
            session = self.joining.session
            verdict = session.verdicts.get(session.deal)
            guest = GuestShown(self.joining.state, self.joining.answer, self.joining.problem,
                               session.token is not None, session.host_left,
                               None if verdict is None else verdict_key(verdict))
        # the camera is asked about only at a table of several devices (a call to the page)
        can_scan = (host is not None or guest is not None) and self.scanner() is not None
        shown = self.app.model.pairing
        if (host, guest, can_scan) != (shown.host, shown.guest, shown.can_scan):
            self.app.dispatch(LinksShown(host, guest, can_scan))


def host_draft(setup: Mapping[str, object]) -> dict[str, str]:
    """The new-game form for hosting: the last game's choices, the second seat another
    device's (the form's own fields, as the player would have set them)."""
    draft = {"variant": str(setup.get("variant", "classic")),
             "level": str(setup.get("level", "")), "dealer": str(setup.get("dealer", "random"))}
    for key, value in (as_object(setup.get("options")) or {}).items():
        draft[f"opt.{key}"] = ("on" if value else "off") if isinstance(value, bool) else str(value)
    chosen = as_list(setup.get("seats")) or ["person", "computer"]
    kinds = ["person" if s == 0 else "device" if s == 1 else str(kind)
             for s, kind in enumerate(chosen)]
    draft.update({f"seat.{s}": kind for s, kind in enumerate(kinds)})
    return draft
