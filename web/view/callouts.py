"""Call-outs drawn: what another seat scored, said at its seat ("Marriage +20").

The computer's declarations and seven exchanges (and any other seat's in three- and
four-handed games and pass-and-play) would otherwise only show as a score that jumps.
Each one is shown at the seat that scored for a little while (long enough to read, never
in the way of input), with its points rising into that seat's score. Several in a row
stack at the seat. Which ones show, and for how long, is the model's
(``web.state.callout_queue``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from web.state.callout import Callout
from web.view.card_html import Cat

NAME_SLOT, POINTS_SLOT = "\ue000", "\ue001"  # where the catalog's text puts each part


def points_text(cat: Cat, points: int) -> str:
    """+20 / −150, from the catalog (a sign the reader's language writes)."""
    if points < 0:
        return cat.t("callout.loss", points=-points)
    return cat.t("callout.gain", points=points)


def callout_text(cat: Cat, callout: Callout) -> str:
    """The call-out in words: "Marriage +20"."""
    return cat.t(
        "callout.text",
        combination=cat.declaration(callout.kind),
        points=points_text(cat, callout.points),
    )


# ------------------------------------------------------------------- HTML


def render_at_seat(callouts: Sequence[Callout], seat: int, cat: Cat) -> str:
    """The seat's call-outs, over its place at the table (the live region speaks them)."""
    mine = [c for c in callouts if c.seat == seat]
    if not mine:
        return ""
    # the catalog orders the name and the points; each keeps its own element
    template = escape(cat.t("callout.text", combination=NAME_SLOT, points=POINTS_SLOT))
    items = "".join(
        f'<p class="callout{" loss" if c.points < 0 else ""}" data-keep="callout-{c.key}"'
        f' data-callout="{escape(c.kind)}" data-points="{c.points}">'
        + template.replace(
            NAME_SLOT, f'<span class="co-name">{escape(cat.declaration(c.kind))}</span>'
        ).replace(
            POINTS_SLOT, f'<bdi class="co-pts" dir="ltr">{escape(points_text(cat, c.points))}</bdi>'
        )
        + "</p>"
        for c in mine
    )
    return f'<div class="callouts" aria-hidden="true">{items}</div>'


def render_gain(callouts: Sequence[Callout], seat: int, cat: Cat) -> str:
    """The points rising into the seat's score."""
    return "".join(
        f'<bdi class="gain{" loss" if c.points < 0 else ""}" dir="ltr" aria-hidden="true"'
        f' data-keep="gain-{c.key}">{escape(points_text(cat, c.points))}</bdi>'
        for c in callouts
        if c.seat == seat
    )
