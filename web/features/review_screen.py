"""The review after a deal at the table: where a stronger search prefers another move.

The deal summary's "Review" opens this screen for the deal just finished, seen from the
person's seat (the model's ``table.human``); at a guest's table (a seat at another
device's table), from the guest's seat, once the host's record of the deal has come and
passed the deck's check.
The analysis (``engine.ai.review``) is a generator driven by a task of the runtime in
slices of about ``REVIEW_SLICE`` seconds, each slice one event of the page
(``web.platform.runtime.Frames``), so clicks and the table's own work get in between; it waits while
the computer thinks. Closing the screen leaves the review running, and reopening it shows
its progress or its result at once; "Stop" closes the generator. The review belongs to its
deal: once the table moves on (the next deal, a new game, a move taken back) it stops at
its next slice and is dropped.

Each entry opens the replay viewer (``web.records.replay``) at the position before that move, the
card played and the better one marked; its Back returns to the list.

What the screen shows is the model's (``web.state.review_state``), drawn by
``web.view.review_view``: this object keeps the job and the viewer's worked-out steps, and
dispatches the job's progress and result, the position shown, and (before each paint)
whether the deal shown can be reviewed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from engine.deal import Deal
from web.features.hints import declaration_kind
from web.link.pairing import Pairing
from web.platform.dom import Control
from web.platform.runtime import Frames
from web.records.replay import (
    Focus,
    StepShown,
    Viewer,
    shown_step,
    tricks_before,
)
from web.state.model import ScreenClosed, ScreenOpened, ScreenShown
from web.state.review_state import (
    LIST,
    POSITION,
    EntryView,
    MoveShown,
    ReviewAt,
    ReviewAvailable,
    ReviewJobShown,
    ReviewPosition,
    ReviewPositionShown,
    ReviewProblem,
    ReviewView,
)
from web.storage.json_data import JsonObject, as_list
from web.table.background import Pace, Work, run_in_slices
from web.table.table_parts import TableBase
from web.view.replay_view import render_step

if TYPE_CHECKING:  # the AI is imported when a review starts (web.launch.prewarm before that)
    from engine.ai.review import Review, ReviewedDecision, Reviewing


REVIEW_SLICE = 0.03  # seconds of analysis per event (the engine yields every 20 ms or so)
ENGINE_SLICE = 0.02  # the engine's own yields (engine.ai.review's slice_seconds)
BUSY_WAIT = 0.25  # seconds between looks while the computer thinks
# The progress bar is drawn again after this share of the work and this many seconds
# (each drawing builds the whole table's view: a few milliseconds in the page).
RENDER_STEP = 0.01
RENDER_EVERY = 0.25
# The worlds each decision's estimate samples in the page: more than the strong level's
# 72 to 112 a move there (its 0.8 s budget), and a whole classic deal still reviewed in
# about 14 s (engine.ai.review's CPython default is 64; how this was chosen: docs/ai.md,
# "The review after a deal"; tools/bench_review_browser.py).
PAGE_WORLDS = 192
# The longer deals: four packs (no-trump, bezik: 40 to 65 decisions, 39 to 47 s at 192
# worlds), hands of 12 and 15 cards (a six-pack deal took 136 s at 192); still as many
# worlds as the strong level's there or more (72 to 112 a move in no-trump and bezik;
# six-pack 76, rubicon 82, eight-pack 12.5: docs/measurements.md).
PAGE_WORLDS_BY_VARIANT = {"no-trump": 128, "bezik": 112, "rubicon": 96, "six-pack": 96,
                          "eight-pack": 48}


class ReviewTable(TableBase, Protocol):
    """What the review reads and changes of its table (``web.app.App`` is one)."""

    frames: Frames
    pairing: Pairing
    fast: bool


@dataclass(frozen=True)
class Source:
    """The finished deal at the table: what names it (``key``: the review belongs to that
    deal), its record and the reviewed seat."""

    key: tuple[object, ...]
    record: JsonObject
    seat: int


@dataclass
class Job:
    """One deal's review: what it reviews, how far it is, and what it found."""

    key: tuple[object, ...]
    deal: Deal  # the finished deal (its rules and trumps name the moves)
    record: JsonObject
    deal_index: int  # the deal in the record
    seat: int
    reviewing: Reviewing | None
    share: float = 0.0
    review: Review | None = None
    tricks: list[int] = field(default_factory=list)  # tricks done before each move
    problem: str | None = None  # why the deal could not be reviewed


class ReviewScreen:
    """The review of one App: its job and the viewer of one entry, what they show told to
    the model."""

    def __init__(self, app: ReviewTable) -> None:
        self.app = app
        self.job: Job | None = None
        # the entry whose position is shown, its steps worked out (where: the model's)
        self.viewed: Viewer | None = None
        self.worlds: int | None = None  # None: the page's for the variant (the tests' fewer)
        # seconds between two slices: 0 in the page (a turn of its loop); the CPython tests
        # give it a moment so that their runtime's clock stops between slices
        self.gap = 0.0
        self.slice = REVIEW_SLICE  # the tests' 0: one step of the engine a slice

    # ------------------------------------------------------------ the table's hooks
    def available(self) -> bool:
        """A deal just finished at this table, the person's own."""
        return self.source(record=False) is not None

    def follow_table(self) -> None:
        """Before each paint: the model learns whether the deal shown can be reviewed (the
        deal is the engine's, and it ends or moves on in many places: a move, the next
        deal, a move taken back, another tab's save, the host's record at a guest's)."""
        available = self.available()
        if available != self.app.model.review.available:
            self.app.dispatch(ReviewAvailable(available))

    def source(self, record: bool = True) -> Source | None:
        """The deal to review (None: none has just finished); ``record``: with its record
        (a game's record is written out only when a review starts)."""
        app = self.app
        joining = app.pairing.joining
        if joining is not None:  # a guest: the host's checked record of the deal
            session = joining.session
            kept = session.records.get(session.deal)
            if kept is None or session.seat is None or not (session.obs or {}).get("deal_over"):
                return None
            return Source(("guest", session, session.deal, kept), kept, session.seat)
        game = app.game
        if not game.deal.is_terminal or not app.model.table.seats.is_person(app.model.table.human):
            return None
        key = ("here", game, game.deal, app.model.table.deal_number, len(game.deal.history))
        return Source(key, game.record() if record else {}, app.model.table.human)

    def command(self, name: str, el: Control) -> bool:
        """Handle a review command (True), or leave it to the others (False)."""
        overlay = self.app.model.overlay
        if name == "review":
            self.open(el)
        elif name == "review-cancel":
            self.cancel()
        elif name == "review-open":
            self.open_entry(self.app.dom.attr(el, "data-index") or "")
        elif overlay == LIST and name == "close":
            self.close()
        elif overlay == POSITION and name == "close":
            entry = self.focus_index()
            self.leave_position()
            self.show(LIST, f'[data-review-entry="{entry}"]')
        elif overlay == POSITION and name in ("replay-back", "replay-forward"):
            viewer = self.viewer()
            if viewer is not None and (viewer.back() if name == "replay-back"
                                       else viewer.forward()):
                self.shown_at(viewer)
        else:
            return False
        return True

    # ------------------------------------------------------------ commands
    def open(self, el: Control) -> None:
        app = self.app
        if not self.available():
            return
        job = self.job
        if job is None or job.problem is not None or not self.relevant(job):
            self.stop()
            if app.fast:  # the end-to-end tests' short review (never drawn for a player)
                raw = app.dom.attr(el, "data-review-worlds") or ""
                if raw.isdigit() and int(raw) > 0:
                    self.worlds = int(raw)
            self.start()
        app.dispatch(ReviewProblem(None))
        app.dispatch(ScreenOpened(LIST, "#review-title"))  # on the model's screen stack

    def cancel(self) -> None:
        self.stop()
        self.close()

    def close(self) -> None:
        self.leave_position()
        self.app.dispatch(ReviewProblem(None))
        self.app.dispatch(ScreenClosed())  # back to the summary it was opened from
        self.app.focus_first('[data-command="review"]')

    def show(self, overlay: str | None, focus: str) -> None:
        self.app.dispatch(ScreenShown(overlay))
        self.app.render()
        self.app.focus_first(focus)

    def open_entry(self, raw: str) -> None:
        job = self.job
        if job is None or job.review is None or not raw.isdigit():
            return
        decision = next((d for d in job.review.mistakes if d.index == int(raw)), None)
        if decision is None:
            return
        focus = Focus(job.deal_index, decision.index, job.seat, decision.played, decision.best)
        try:
            viewer = Viewer(job.record, job.seat, focus=focus)
            # a position that cannot be shown fails here, not while drawing
            step = shown_step(viewer)
            render_step(step, self.app.cat)
        except Exception as err:  # the record replayed for the review: not expected
            reason = str(err) or type(err).__name__
            self.app.dispatch(ReviewProblem(("review.failed", {"reason": reason})))
            self.show(LIST, "#review-title")
            return
        self.viewed = viewer
        self.shown_at(viewer, step)
        self.show(POSITION, "#replay-title")

    def shown_at(self, viewer: Viewer, step: StepShown | None = None) -> None:
        """The model takes the position the viewer moved to, as data (its entry: the
        decision the viewer was opened at; ``step``: the step, if worked out already)."""
        if viewer.focus is not None:
            at = ReviewAt(viewer.focus.index, viewer.deal, viewer.step)
            shown = step or shown_step(viewer)
            self.app.dispatch(ReviewPositionShown(ReviewPosition(at, shown)))

    def leave_position(self) -> None:
        """Back from an entry's position: no viewer, none in the model."""
        self.viewed = None
        self.app.dispatch(ReviewPositionShown(None))

    def viewer(self) -> Viewer | None:
        """The entry's viewer at the position the model holds (None: none shown)."""
        at, viewer = self.app.model.review.at, self.viewed
        if at is None or viewer is None or viewer.focus is None or viewer.focus.index != at.entry:
            return None
        viewer.deal, viewer.step = at.deal, at.step
        return viewer

    def focus_index(self) -> int:
        viewer = self.viewer()
        return -1 if viewer is None or viewer.focus is None else viewer.focus.index

    # ------------------------------------------------------------ the work
    def start(self) -> None:
        """Begin reviewing the deal on the table (a record that does not replay fails in
        the first slice, its reason shown)."""
        from engine.ai.review import review_deal, start_of_deal

        source = self.source()
        if source is None:
            return
        record = source.record
        deal_index = max(0, len(as_list(record.get("deals")) or []) - 1)
        worlds = self.worlds or page_worlds(str(record.get("variant", "")))
        reviewing = review_deal(record, source.seat, deal=deal_index, worlds=worlds,
                                slice_seconds=ENGINE_SLICE)
        job = Job(source.key, self.app.game.deal, record, deal_index, source.seat, reviewing)
        self.job = job
        if source.key[0] == "guest":  # the deal's rules and trumps, from the record
            try:
                game, actions, _ = start_of_deal(record, deal_index)
                for text in actions:
                    game.apply(text)
                job.deal = game.deal
            except Exception as err:  # said in the first slice's stead
                job.problem = str(err) or type(err).__name__
                reviewing.close()
                job.reviewing = None
                self.tell(job)
                return
        self.tell(job)
        self.app.runtime.spawn(self.drive(job))

    def stop(self) -> None:
        """The review under way ends now (its generator closed), its result dropped."""
        job, self.job = self.job, None
        if job is not None and job.reviewing is not None:
            job.reviewing.close()
            job.reviewing = None
        if self.app.model.review.job is not None:  # drawn again by what follows, if shown
            self.app.dispatch(ReviewJobShown(None, draw=False))

    def tell(self, job: Job) -> None:
        """The model takes what the job shows now (the open list is drawn again)."""
        self.app.dispatch(ReviewJobShown(job_view(job)))

    def relevant(self, job: Job) -> bool:
        """The job's deal is still the finished deal on the table."""
        source = self.source(record=False)
        return source is not None and len(source.key) == len(job.key) and all(
            a is b or (type(a) in (int, str) and a == b) for a, b in zip(source.key, job.key,
                                                               strict=True))

    async def drive(self, job: Job) -> None:
        """The review in slices, each one event, between which the page's events run."""
        reviewing = job.reviewing
        if reviewing is None:
            return
        app = self.app
        drawn = [-1.0, -RENDER_EVERY]  # the share last drawn, and when

        def progress(share: float) -> None:
            job.share = share
            now = app.runtime.now()
            if share - drawn[0] >= RENDER_STEP and now - drawn[1] >= RENDER_EVERY:
                drawn[:] = [share, now]
                self.tell(job)  # the progress now and then, not at every slice

        def done(review: Review) -> None:
            job.review, job.reviewing = review, None
            job.tricks = tricks_before(job.record, job.deal_index)
            self.tell(job)

        def failed(err: Exception) -> None:  # a record that does not replay, or a bug
            job.problem, job.reviewing = str(err) or type(err).__name__, None
            self.tell(job)

        def dropped() -> None:  # stopped meanwhile, or the table moved on
            if job is self.job:
                self.stop()

        work = Work(reviewing, lambda step: float(step.share),
                    lambda: job is self.job and job.reviewing is not None and self.relevant(job),
                    dropped, progress, done, failed)
        await run_in_slices(work, Pace(self.slice, self.gap, BUSY_WAIT), app.runtime,
                            app.frames, lambda: app.model.table.busy)


def job_view(job: Job) -> ReviewView:
    """What the job shows: its progress, why it failed, or what it found."""
    if job.problem is not None:
        return ReviewView(problem=job.problem)
    review = job.review
    if review is None:
        return ReviewView(share=job.share)
    entries = tuple(
        EntryView(d.index, round(d.loss), d.exact, trick_number(job.tricks, d) + 1,
                  move_shown(d.played, job.deal), move_shown(d.best, job.deal))
        for d in review.mistakes
    )
    return ReviewView(entries=entries, decisions=len(review.decisions),
                      as_good=len(review.as_good), total=round(review.total_loss))


def move_shown(text: str, deal: Deal) -> MoveShown:
    """A move as data; a declaration's combination named by ``deal``'s rules and trumps
    (the deal it was made in)."""
    if text.split()[:1] == ["declare"]:
        return MoveShown(text, declaration_kind(deal, text))
    return MoveShown(text)

def page_worlds(variant: str) -> int:
    """The worlds a decision's estimate samples in the page, for a variant."""
    return PAGE_WORLDS_BY_VARIANT.get(variant, PAGE_WORLDS)


def trick_number(tricks: list[int], decision: ReviewedDecision) -> int:
    """Tricks completed before the decision's move (0 when the record says nothing)."""
    return tricks[decision.index] if 0 <= decision.index < len(tricks) else 0


