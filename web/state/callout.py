"""A call-out: points a seat scored, said at its seat for a while.

The model's queue (``web.state.callout_queue``) makes and times call-outs; the view's
snapshot of the table (``web.view.table_view``) carries them to ``web.view.callouts``. The
type has a module of its own so that the snapshot need not import the queue, which reads
the table's log and so the snapshot itself.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Callout:
    """Points a seat scored: its seat, what it declared and its points."""

    seat: int
    kind: str  # a declaration kind as ``Catalog.declaration`` names it (suffixes included)
    points: int
    key: int = 0  # unique in the table's life: the page keeps its node (and animation)
    shown_at: float | None = None
