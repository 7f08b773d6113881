"""The pairing drawn from the model: the host's and the guest's screens, the banners under
the table while a device is away or the host left, and what the table asks of the links
(this device's part, whether the table waits, the deck's check).

Why a module of its own: these are pure functions of ``web.state.pairing_state`` (and the
catalog, the table's seats and names), tested without a page or a link. The hooks follow
the design notes (docs/design.md, "Two devices"): each code is shown as text in
``[data-pair-code]`` (with its QR image beside it) and read from ``input[data-pair-input]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from web.link.hosting import CONNECTED, WAITING
from web.link.joining import ANSWERING
from web.state.pairing_state import GuestShown, HostShown, PairingState
from web.state.seats import Seats, seat_label
from web.view.card_html import Cat
from web.view.screens import dialog


def form_id(seat: int | None) -> str:
    """The form around a code field: one per seat on the host's screen."""
    return "bz-pair-join" if seat is None else f"bz-pair-{seat}"


def code_box(kind: str, code: str, qr: str, cat: Cat, seat: int | None = None) -> str:
    """A pairing code: its QR image and the same as text to type or copy."""
    seat_attr = "" if seat is None else f' data-seat="{seat}"'
    if not code:
        return f'<p class="pair-making" aria-busy="true">{escape(cat.t("pair.making"))}</p>'
    image = (f'<div class="pair-qr" role="img" aria-label="{escape(cat.t("pair.qr_label"))}">'
             f"{qr}</div>") if qr else ""
    return (
        f'<div class="pair-code">{image}'
        f'<output class="pair-text" data-pair-code="{kind}"{seat_attr} dir="ltr"'
        f' translate="no">{escape(code)}</output></div>'
    )


def code_input(cat: Cat, seat: int | None, problem: str, scan: bool) -> str:
    """Where the other device's code is typed or pasted, with Connect (and Scan, where the
    page may use a camera)."""
    seat_attr = "" if seat is None else f' data-seat="{seat}"'
    field_id = f"{form_id(seat)}-code"
    error = (f'<p class="notice error" role="alert">{escape(cat.t(problem))}</p>'
             if problem else "")
    return (
        f'<form id="{form_id(seat)}" class="pair-form">'
        f'<label class="pair-label" for="{field_id}">{escape(cat.t("pair.input_label"))}</label>'
        f'<input type="text" id="{field_id}" class="pair-input" name="pair-code"'
        f' data-pair-input{seat_attr} dir="ltr" autocomplete="off" autocapitalize="characters"'
        ' spellcheck="false" translate="no" enterkeyhint="go">'
        f"{error}"
        '<div class="dlg-actions">'
        f'<button type="button" class="btn primary" data-command="pair-connect"{seat_attr}>'
        f'{escape(cat.t("pair.connect"))}</button>'
        + (f'<button type="button" class="btn" data-command="pair-scan"{seat_attr}>'
           f'{escape(cat.t("pair.scan"))}</button>' if scan else "")
        + "</div></form>"
    )


def render_host(host: HostShown, names: Sequence[str], qr: Mapping[str, str], cat: Cat,
                scan: bool = False) -> str:
    """The host's screen: for each other device's seat, this device's code and a field
    for that device's code; each seat says when it has joined."""
    rows = []
    for link in host.links:
        seat = link.seat
        who = escape(seat_label(cat, host.seats, seat, names))
        if link.state == CONNECTED:
            body = f'<p class="pair-state ok">{escape(cat.t("pair.state.connected"))}</p>'
        else:
            again = ""
            if link.lost:
                again = (f'<p class="pair-state">{escape(cat.t("pair.lost"))}</p>'
                         f'<button type="button" class="btn" data-command="pair-computer"'
                         f' data-seat="{seat}">{escape(cat.t("pair.give_to_computer"))}</button>')
            body = (
                f'{again}<p class="pair-step">{escape(cat.t("pair.host.step1"))}</p>'
                f"{code_box('offer', link.offer, qr.get(link.offer, ''), cat, seat)}"
                f'<p class="pair-step">{escape(cat.t("pair.host.step2"))}</p>'
                f"{code_input(cat, seat, link.problem, scan)}"
            )
        rows.append(
            f'<section class="pair-seat" data-pair-seat="{seat}" data-state="{link.state}">'
            f"<h3>{who}</h3>{body}</section>"
        )
    body = f'<p class="pair-intro">{escape(cat.t("pair.host.intro"))}</p>{"".join(rows)}'
    return dialog("host", cat.t("pair.host.title"), body, cat, close_command="leave-table")


def render_join(guest: GuestShown, qr: Mapping[str, str], cat: Cat, scan: bool = False) -> str:
    """The guest's screen: the host's code in, this device's code out, then waiting."""
    if guest.state in (CONNECTED, WAITING):
        key = "pair.join.connected" if guest.state == CONNECTED else "pair.state.waiting"
        body = f'<p class="pair-state ok" role="status">{escape(cat.t(key))}</p>'
    elif guest.state == ANSWERING:
        body = (
            f'<p class="pair-step">{escape(cat.t("pair.join.step2"))}</p>'
            f"{code_box('answer', guest.answer, qr.get(guest.answer, ''), cat)}"
            f'<p class="pair-state" role="status">{escape(cat.t("pair.join.waiting"))}</p>'
        )
    else:
        # a seat kept from before the page was reloaded: the host's new code sits it again
        if guest.rejoining:
            intro = f'<p class="pair-intro">{escape(cat.t("pair.join.rejoin"))}</p>'
        else:
            intro = (f'<p class="pair-intro">{escape(cat.t("pair.join.intro"))}</p>'
                     f'<p class="pair-step">{escape(cat.t("pair.join.step1"))}</p>')
        body = (
            f"{intro}"
            f"{code_input(cat, None, guest.problem, scan)}"
        )
    return dialog("join", cat.t("pair.join.title"), body, cat, close_command="leave-table")


def pairing_overlay(state: PairingState, overlay: str | None, names: Sequence[str],
                    cat: Cat) -> str | None:
    """The pairing screen over the table, when the model shows one (None: not a pairing
    screen, or no link behind it)."""
    if overlay == "host" and state.host is not None:
        return render_host(state.host, names, state.qr, cat, state.can_scan)
    if overlay == "join" and state.guest is not None:
        return render_join(state.guest, state.qr, cat, state.can_scan)
    return None


def waiting_banner(cat: Cat, who: Sequence[str]) -> str:
    """Under the table while a device is away: the table waits for it, and the way to pair
    it again."""
    if not who:
        return ""
    return (f'<div class="notice waiting" data-peer-waiting><p role="status">'
            f'{escape(cat.t("pair.waiting_for", players=", ".join(who)))}</p>'
            f'<button type="button" class="btn" data-command="pair-show">'
            f'{escape(cat.t("pair.again"))}</button></div>')


def host_left_banner(cat: Cat) -> str:
    """Under a guest's table once its host left it: nobody will deal again here."""
    return (f'<div class="notice waiting" data-peer-left><p role="status">'
            f'{escape(cat.t("pair.host_left"))}</p>'
            f'<button type="button" class="btn" data-command="leave-table">'
            f'{escape(cat.t("pair.leave"))}</button></div>')


def pairing_banner(state: PairingState, cat: Cat, seats: Seats, names: Sequence[str]) -> str:
    """Under the table while a device is away, or once the host left ("": neither);
    ``seats`` and ``names``: the table's, naming the seats it waits for."""
    host, guest = state.host, state.guest
    if host is not None and host.playing and host.waiting:
        who = [seat_label(cat, seats, s, names) for s in host.waiting]
    elif guest is not None and guest.host_left:
        return host_left_banner(cat)
    elif guest is not None and guest.state == WAITING:
        who = [cat.t("pair.host_device")]
    else:
        return ""
    return waiting_banner(cat, who)


def peer_flags(state: PairingState) -> tuple[str | None, str | None]:
    """This device's part (host, guest) and whether its links are all up (the page's
    ``data-peer`` and ``data-peer-state``)."""
    if state.host is not None:
        return "host", "waiting" if state.host.waiting else "connected"
    guest = state.guest
    if guest is not None and guest.state in (CONNECTED, WAITING):
        return "guest", "connected" if guest.state == CONNECTED else "waiting"
    return None, None


def paused(state: PairingState) -> bool:
    """The table waits for a device that is away (here: the host's, or a guest's)."""
    if state.host is not None:
        return state.host.playing and bool(state.host.waiting)
    return state.guest is not None and state.guest.state == WAITING


def by_host(state: PairingState) -> bool:
    """A guest's table: the host deals, and it holds no game to search for a hint."""
    return state.guest is not None


def deck_check(state: PairingState) -> str | None:
    """At a guest's table: what the check of the deal's deck found (a catalog key), once
    the deal's record came; None elsewhere or before."""
    return None if state.guest is None else state.guest.deck_check
