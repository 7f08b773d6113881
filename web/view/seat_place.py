"""Where each seat sits at the table and what it is called there.

Shared by the table's regions, the prompts and the hand-over screen (a leaf module,
so none of them imports another to name a seat).
"""

from __future__ import annotations

from web.view.card_html import Cat
from web.view.table_view import SeatView, TableView

# Where each seat sits, by its distance from the human in playing order.
POSITIONS: dict[int, dict[int, str]] = {
    2: {0: "me", 1: "top"},
    3: {0: "me", 1: "start", 2: "end"},
    4: {0: "me", 1: "start", 2: "top", 3: "end"},
}


def position(rel: int, n: int) -> str:
    return POSITIONS.get(n, POSITIONS[4]).get(rel, "top")


def who(view: TableView, cat: Cat, seat: int) -> str:
    """Seat ``seat``'s name as the table shows it."""
    return seat_name(view.seats[seat], view, cat)


def seat_name(sv: SeatView, view: TableView, cat: Cat) -> str:
    """The typed name, else You / Computer / Partner / Left / Right (mirrored for
    right-to-left)."""
    if view.seat_names and sv.seat < len(view.seat_names) and view.seat_names[sv.seat]:
        return view.seat_names[sv.seat]
    if view.seat_kinds is not None:  # people at the table: names that do not change with it
        kinds = view.seat_kinds
        if sv.is_human and kinds.count("person") == 1:  # the one person here (other devices)
            return cat.t("table.seat.you")
        key = "seats.computer" if kinds[sv.seat] == "computer" else "seats.player"
        return cat.t(key, number=sv.seat + 1)
    if sv.is_human:
        return cat.t("table.seat.you")
    if view.num_players == 2:
        return cat.t("table.seat.opponent")
    pos = position(sv.rel, view.num_players)
    if pos == "top":
        return (
            cat.t("table.seat.partner") if view.num_players == 4 else cat.t("table.seat.opponent")
        )
    rtl = getattr(cat, "dir", "ltr") == "rtl"
    left = (pos == "start") != rtl
    return cat.t("table.seat.left" if left else "table.seat.right")
