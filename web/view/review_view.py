"""The review after a deal drawn from the model (``web.state.review_state``): the summary's
Review button, the list (progress, the entries, the result) and an entry's position in the
replay viewer, its marks explained. Pure functions of the review's state and the catalog,
so a language switch rewords them and the tests need no table.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from web import i18n
from web.state.review_state import LIST, POSITION, EntryView, MoveShown, ReviewState, ReviewView
from web.view.card_html import cards_bdi
from web.view.replay_view import render_step

# The moves without cards, and the two kinds of loss, in words.
MOVE_WORDS = {"pass": "review.move.pass", "blanche": "review.move.blanche"}
KIND_WORDS = {"exact": "review.exact", "estimated": "review.estimated"}


def review_button(state: ReviewState, cat: i18n.Catalog) -> str:
    """The summary's Review button ("" where there is nothing to review)."""
    if not state.available:
        return ""
    return (f'<button type="button" class="btn" data-command="review">'
            f"{escape(cat.t('review.open'))}</button>")


def review_overlay(state: ReviewState, overlay: str | None, cat: i18n.Catalog) -> str | None:
    """The HTML of the review's screens, None when another overlay is up (or no position
    is there to show)."""
    if overlay == LIST:
        problem = state.problem
        notice = None if problem is None else cat.t(problem[0], **problem[1])
        return render_review(cat, state.job, notice)
    position = state.position
    if overlay == POSITION and position is not None:
        entry = None if state.job is None else next(
            (e for e in state.job.entries if e.index == position.at.entry), None)
        legend = "" if entry is None else legend_html(cat, entry)
        return render_step(position.step, cat, legend, export=False,
                           back=cat.t("review.back"))
    return None


def legend_html(cat: i18n.Catalog, entry: EntryView) -> str:
    """What the marks on the position's cards mean."""
    played = move_html(cat, entry.played)
    best = move_html(cat, entry.best)
    return (
        '<ul class="rv-legend" data-review-legend>'
        f'<li><span class="rv-swatch mark-played" aria-hidden="true"></span>'
        f'{cat.html("review.legend_played", move=i18n.Markup(played))}</li>'
        f'<li><span class="rv-swatch mark-best" aria-hidden="true"></span>'
        f'{cat.html("review.legend_best", move=i18n.Markup(best))}</li></ul>'
    )


def move_html(cat: i18n.Catalog, move: MoveShown) -> str:
    """A move in words with its cards ("Q♠", "Q♠ from the table", "declare bezique
    Q♠ J♦")."""
    words = move.text.split()
    if not words:
        return ""
    if words[0] == "play" and len(words) > 1:
        card = i18n.Markup(cards_bdi(cat, [words[-1]]))
        return cat.html("review.move.table", card=card) if words[1] == "table" else card
    if words[0] == "declare":
        name = cat.declaration(move.combination) if move.combination else ""
        cards = i18n.Markup(cards_bdi(cat, words[1:]))
        return str(cat.html("review.move.declare", combination=name, cards=cards))
    if words[0] == "seven":
        return str(cat.html("review.move.seven", cards=i18n.Markup(cards_bdi(cat, words[1:]))))
    key = MOVE_WORDS.get(words[0])
    return escape(cat.t(key) if key else move.text)


def loss_text(cat: i18n.Catalog, points: int) -> str:
    """A loss as the list shows it: −30, kept left to right in every language."""
    return f'<bdi dir="ltr">\u2212{escape(cat.number(points))}</bdi>'


def render_review(cat: i18n.Catalog, view: ReviewView | None, notice: str | None = None,
                  percent: Callable[[float], int] = lambda share: int(share * 100)) -> str:
    """The review screen: progress and Stop while it runs, else the entries (each a
    button to its position), the total, the moves as good as the best, and how the noise
    threshold works; ``view`` None: the review was stopped under the open screen (the
    table moved on); ``notice``: why an entry could not be opened."""
    actions = []
    problem = (cat.t("review.gone") if view is None else
               None if view.problem is None else cat.t("review.failed", reason=view.problem))
    if view is not None and view.share is not None:
        done = percent(view.share)
        body = (
            f'<p class="rv-status" role="status">{escape(cat.t("review.running"))}</p>'
            f'<progress class="rv-progress" max="100" value="{done}" aria-label="'
            f'{escape(cat.t("review.progress", percent=done))}" '
            f'data-review-progress="{view.share:.3f}"></progress>'
            f'<p class="rv-pct" aria-hidden="true">{escape(cat.t("review.progress", percent=done))}'
            f'</p><p class="note">{escape(cat.t("review.background"))}</p>'
        )
        actions.append(f'<button type="button" class="btn" data-command="review-cancel">'
                       f'{escape(cat.t("review.cancel"))}</button>')
        state = "running"
    elif problem is not None or view is None:
        body = (f'<p class="notice error" role="alert" data-review-problem>'
                f"{escape(problem or '')}</p>")
        state = "failed"
    else:
        body = _result_html(cat, view, notice)
        state = "done"
    actions.append(f'<button type="button" class="btn primary" data-command="close">'
                   f'{escape(cat.t("menu.close"))}</button>')
    return (
        '<div class="dialog review" role="dialog" aria-modal="true" '
        f'aria-labelledby="review-title" data-screen="review" data-review-state="{state}">'
        f'<h2 id="review-title" tabindex="-1">{escape(cat.t("review.title"))}</h2>'
        f'<div class="dialog-body" tabindex="0">{body}</div>'
        f'<div class="dialog-actions">{"".join(actions)}</div></div>'
    )


def _result_html(cat: i18n.Catalog, view: ReviewView, notice: str | None) -> str:
    parts = []
    if notice:
        parts.append(f'<p class="notice error" role="alert">{escape(notice)}</p>')
    if view.decisions == 0:
        parts.append(f'<p class="rv-summary">{escape(cat.t("review.no_choices"))}</p>')
        return "".join(parts)
    if view.entries:
        rows = []
        for e in view.entries:
            kind = "exact" if e.exact else "estimated"
            text = cat.html("review.entry", number=e.trick,
                            played=i18n.Markup(move_html(cat, e.played)),
                            best=i18n.Markup(move_html(cat, e.best)))
            rows.append(
                f'<li><button type="button" class="btn row rv-entry" data-command="review-open"'
                f' data-index="{e.index}" data-review-entry="{e.index}"'
                f' data-review-loss="{e.loss}" data-review-kind="{kind}">'
                f'<span class="rv-loss">{loss_text(cat, e.loss)}</span>'
                f'<span class="rv-what"><span class="rv-kind">{escape(cat.t(KIND_WORDS[kind]))}'
                f'</span> {text}</span></button></li>'
            )
        parts.append(f'<ol class="rv-list">{"".join(rows)}</ol>')
        total = cat.html("review.total", count=view.total,
                         loss=i18n.Markup(loss_text(cat, view.total)))
        parts.append(f'<p class="rv-total" data-review-total="{view.total}">{total}</p>')
    else:
        parts.append(f'<p class="rv-summary" data-review-none>{escape(cat.t("review.none"))}</p>')
    parts.append(f'<p class="rv-good" data-review-as-good="{view.as_good}">'
                 f'{escape(cat.t("review.as_good", count=view.as_good, total=view.decisions))}'
                 '</p>')
    parts.append(f'<p class="note">{escape(cat.t("review.noise"))}</p>')
    return "".join(parts)
