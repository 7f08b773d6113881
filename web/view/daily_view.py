"""The daily deal's drawing: its label at the table, its result (on the deal's summary and
on the daily screen), its section of the statistics, and the text it is shared as.

Pure functions of the model's daily state (``web.state.daily_state``), the view being
dressed (``web.view.table_view.DailyView`` on it) and a catalog, so they run under CPython;
every word is the catalog's ``daily.*``.
"""

from __future__ import annotations

from html import escape

from engine.daily import DailyResult, share_data
from engine.variants import VARIANTS
from web.state.daily_state import DailyFigures, DailyState
from web.view.card_html import Cat
from web.view.table_view import DailyView, TableView

# What became of a share, worded (the page's outcome names: web.platform.dom.Dom.share).
SHARE_WORDS = {
    "shared": "daily.share.shared",
    "copied": "daily.share.copied",
    "cancelled": "daily.share.cancelled",
    "failed": "daily.share.failed",
}


def variant_name(cat: Cat, variant: str) -> str:
    return cat.t(f"options.variant.{variant}")


def view_of(state: DailyState, day: str, variant: str) -> DailyView:
    """A daily deal as drawn: its result once kept, with the computer's (or the progress of
    its play, under way until it is known)."""
    figures = state.figures
    mine = None if figures is None else figures.result(day, variant)
    if figures is None or mine is None:
        return DailyView(day, variant)
    computer = figures.computer_result(day, variant)
    running = state.progress
    progress = None
    if computer is None and running is not None and (running.date, running.variant) == (
            day, variant):
        progress = running.share
    return DailyView(
        day, variant, finished=True, points=mine.points, others=mine.others,
        tricks=mine.tricks, computer=None if computer is None else computer.points,
        progress=progress, streak=figures.streak, best=figures.best,
        share_status=state.share_status, share_text=state.share_text,
    )


def dress(view: TableView, state: DailyState, overlay: str | None) -> None:
    """The table's label and, at the deal's end, the result on its summary (none behind
    the start screen)."""
    deal = state.on_table
    view.daily = None if deal is None or overlay == "start" else view_of(state, *deal)


def render_label(view: TableView, cat: Cat) -> str:
    """The table's small mark that the deal being played is the day's."""
    daily = view.daily
    if daily is None:
        return ""
    return (f'<span class="daily-tag" data-daily="{escape(daily.date)}">'
            f'{escape(cat.t("daily.title"))}</span>')


def render_summary(view: TableView, cat: Cat) -> str:
    """The daily result on the deal's summary (nothing for another deal)."""
    daily = view.daily
    if daily is None or not daily.finished:
        return ""
    caption = f'{cat.t("daily.title")} · {daily.date}'
    return (f'<section class="daily-result" data-daily-result="{escape(daily.date)}"'
            f' aria-label="{escape(caption)}">'
            f'<p class="daily-caption">{escape(caption)}</p>'
            f"{render_result(daily, cat, summary=True)}</section>")


def render_result(daily: DailyView, cat: Cat, *, summary: bool = False) -> str:
    """The player's points beside the computer's from the same seat (or its progress),
    the deal won or lost (where no summary shows it), the tricks as squares, the streak,
    and Share."""
    num = cat.number
    if daily.computer is not None:
        diff = daily.points - daily.computer
        words = cat.t("daily.versus", points=num(daily.points), computer=num(daily.computer))
        versus = (f'<p class="daily-vs" data-daily-you="{daily.points}" '
                  f'data-daily-computer="{daily.computer}">{escape(words)}</p>')
        if diff > 0:
            verdict = cat.t("daily.verdict.better", count=diff)
        elif diff < 0:
            verdict = cat.t("daily.verdict.worse", count=-diff)
        else:
            verdict = cat.t("daily.verdict.same")
        versus += f'<p class="daily-verdict">{escape(verdict)}</p>'
    else:
        share = round(100 * (daily.progress or 0.0))
        playing = cat.t("daily.computer_playing")
        versus = (
            f'<p class="daily-vs" data-daily-you="{daily.points}" data-daily-computer="pending">'
            f'{escape(cat.t("daily.you", points=num(daily.points)))}</p>'
            f'<p class="daily-verdict daily-pending" role="status">{escape(playing)}'
            f' <progress max="100" value="{share}" aria-label="{escape(playing)}"></progress>'
            "</p>")
    if not summary:
        deal_key = "daily.deal_won" if daily.points > daily.others else "daily.deal_lost"
        versus += (f'<p class="daily-deal">'
                   f"{escape(cat.t(deal_key, points=num(daily.points), others=num(daily.others)))}"
                   "</p>")
    won = sum(daily.tricks)
    squares = "".join('<span class="sq won"></span>' if t else '<span class="sq"></span>'
                      for t in daily.tricks)
    tricks_label = cat.t("daily.tricks", won=num(won), total=num(len(daily.tricks)))
    streak = cat.t("daily.streak", count=daily.streak, best=num(daily.best))
    status = ""
    if daily.share_status in SHARE_WORDS:
        error = " error" if daily.share_status == "failed" else ""
        status = (f'<p class="daily-share-status{error}" role="status" '
                  f'data-share-status="{daily.share_status}">'
                  f"{escape(cat.t(SHARE_WORDS[daily.share_status]))}</p>")
    manual = ""
    if daily.share_text is not None:  # nothing could share or copy it: the player can
        manual = (f'<textarea class="daily-share-text" readonly rows="3" '
                  f'aria-label="{escape(cat.t("daily.share"))}">'
                  f"{escape(daily.share_text)}</textarea>")
    return (
        f"{versus}"
        '<div class="daily-row"><div class="daily-facts">'
        f'<p class="daily-squares" role="img" aria-label="{escape(tricks_label)}"'
        f' data-daily-tricks="{"".join("1" if t else "0" for t in daily.tricks)}">'
        f"{squares}</p>"
        f'<p class="daily-streak" data-daily-streak="{daily.streak}"'
        f' data-daily-best="{daily.best}">{escape(streak)}</p></div>'
        '<button type="button" class="btn daily-share" data-command="daily-share">'
        f'{escape(cat.t("daily.share"))}</button></div>'
        f"{status}{manual}"
    )


def render_screen(daily: DailyView, cat: Cat, close: str) -> str:
    """Today's daily deal of a game, already played: its result, and another game's
    daily deal to play (``close``: the screen's close button)."""
    title = cat.t("daily.of_day", variant=variant_name(cat, daily.variant), date=daily.date)
    options = "".join(
        f'<option value="{v}"{" selected" if v == daily.variant else ""}>'
        f"{escape(variant_name(cat, v))}</option>"
        for v in VARIANTS
    )
    chooser = (
        '<form id="bz-daily" class="daily-other">'
        f'<label for="daily-variant">{escape(cat.t("daily.other"))}</label>'
        f'<div class="daily-other-row"><select id="daily-variant" name="variant">{options}'
        "</select>"
        '<button type="button" class="btn" data-command="daily" data-from="chooser">'
        f'{escape(cat.t("daily.play"))}</button></div></form>'
    )
    return (
        '<div class="dialog daily" role="dialog" aria-modal="true" aria-labelledby="daily-title"'
        f' data-screen="daily" data-daily-result="{escape(daily.date)}">'
        f'<div class="dlg-head"><h2 id="daily-title" tabindex="-1">'
        f'{escape(cat.t("daily.title"))}</h2>{close}</div>'
        f'<div class="dlg-body"><p class="daily-of">{escape(title)}</p>'
        f'<p class="note">{escape(cat.t("daily.played_today"))}</p>'
        f"{render_result(daily, cat)}{chooser}</div></div>"
    )


def render_daily_screen(state: DailyState, cat: Cat, close: str) -> str:
    """The daily screen of the deal it shows ("" when it shows none)."""
    if state.shown is None:
        return ""
    return render_screen(view_of(state, *state.shown), cat, close)


def render_stats(figures: DailyFigures | None, cat: Cat) -> str:
    """The statistics screen's daily section ("" before the first daily deal)."""
    if figures is None or not figures.days:
        return ""
    better = figures.better
    compared = better + figures.same + figures.worse
    rows = (
        ("days", "daily.stats.days", figures.days, cat.number(figures.days)),
        ("streak", "daily.stats.streak", figures.streak, cat.number(figures.streak)),
        ("best_streak", "daily.stats.best", figures.best, cat.number(figures.best)),
        ("better", "daily.stats.better", better,
         cat.t("daily.stats.of", part=cat.number(better), total=cat.number(compared))),
    )
    body = "".join(
        f'<tr data-daily-stat="{name}" data-value="{value}">'
        f'<th scope="row">{escape(cat.t(key))}</th><td>{escape(text)}</td></tr>'
        for name, key, value, text in rows
    )
    return (f'<section class="stats-group" data-stats-group="daily">'
            f'<h3>{escape(cat.t("daily.stats.title"))}</h3>'
            f'<div class="tablewrap"><table><tbody>{body}</tbody></table></div></section>')


def share_text(cat: Cat, result: DailyResult, computer: DailyResult | None) -> str:
    """The short text a daily result is shared as: the date, the game, the points (and the
    computer's from the same seat, once known), a square per trick."""
    data = share_data(result, computer)
    squares = data.squares(cat.t("daily.share.won"), cat.t("daily.share.lost"))
    values = {"date": data.date, "variant": variant_name(cat, data.variant),
              "points": cat.number(data.points), "squares": squares}
    if data.computer is None:
        return cat.t("daily.share.text_alone", **values)
    return cat.t("daily.share.text", computer=cat.number(data.computer), **values)
