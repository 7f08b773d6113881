"""The guided deal's bubble: the table's view dressed with it from the model's guide state,
and drawn as HTML (pure: from the state, the view and the catalog).

The bubble sits under the hand, its arrow pointing up at the highlighted card (the shell
places the arrow: ``data-point-at``). Where a step asks for one move (``data-guide-ask``)
app.css dims every other card and choice; a step that only explains has a "Got it".
Between steps a single line says the guide is on, with Skip (to the next step) and Leave.
"""

from __future__ import annotations

from html import escape

from web.i18n import Catalog
from web.state.guide_state import GuideState, showing
from web.view.table_view import GuideView, TableView

# The card the arrow points at: the move asked (in the hand or on the table), else one the
# step is about (selectors tried in turn by the shell).
POINT_AT = "#bz-me .hinted;#bz-me .guide-about"
# The variants whose words differ from the common ones (catalog guided.<family>.<moment>).
FAMILY = {"russian": "russian", "russian-3": "russian", "russian-4": "russian",
          "no-trump": "russian", "bezik": "bezik", "rubicon": "multipack",
          "six-pack": "multipack", "eight-pack": "multipack"}
WORDED_APART = {"russian": ("end_phase", "trumps_fixed"),
                "bezik": ("bezique_kept", "bezique", "end_phase"),
                "multipack": ("end_phase",)}


def moment_key(variant: str, moment: str) -> str:
    """The catalog key of a moment's words in a variant (its family's, else the common)."""
    family = FAMILY.get(variant, "")
    if moment in WORDED_APART.get(family, ()):
        return f"guided.{family}.{moment}"
    return f"guided.{moment}"


def dress(view: TableView, state: GuideState) -> None:
    """The bubble, and the scripted move highlighted as a hint is."""
    place = state.place
    if place is None:
        view.guide = None
        return
    mine = view.current == view.human and not view.thinking
    if mine and place.scripted is not None:
        view.hint = place.scripted
    steps = showing(state)
    asked = next((s for s in steps if s.ask is not None), None)
    view.guide = GuideView(tuple(s.moment for s in steps), place.variant, place.number,
                           place.total, asked.ask if asked and mine else None,
                           tuple(c for s in steps for c in s.highlight),
                           done=place.scripted is None)


def render_bubble(view: TableView, cat: Catalog) -> str:
    """The bubble of the steps shown now, or the guide's line ("" outside a guided deal)."""
    guide = view.guide
    if guide is None or view.deal_summary is not None:
        return ""
    leave = (f'<button type="button" class="btn guide-leave" data-command="guided-leave">'
             f'{escape(cat.t("guided.leave"))}</button>')
    if not guide.moments:
        if guide.done:
            return ""
        skip = (f'<button type="button" class="btn guide-leave" data-command="guided-skip">'
                f'{escape(cat.t("guided.skip"))}</button>')
        return (f'<div class="guide-line" data-guide-line><span>'
                f'{escape(cat.t("guided.between"))}</span>{skip}{leave}</div>')
    texts = "".join(
        f'<p data-guide-moment="{escape(m)}">{cat.html(moment_key(guide.variant, m))}</p>'
        for m in guide.moments
    )
    ok = ("" if guide.ask is not None else
          f'<div class="guide-actions"><button type="button" class="btn primary" '
          f'data-command="guided-ok">{escape(cat.t("guided.ok"))}</button></div>')
    ask = f' data-guide-ask="{escape(guide.ask)}"' if guide.ask is not None else ""
    step = ("" if guide.done else
            f' · {escape(cat.t("guided.step", number=guide.step, total=guide.steps))}')
    return (
        f'<div class="guide-bubble" role="status" data-guide-step="{escape(guide.moments[0])}"'
        f'{ask} data-point-at="{POINT_AT}">'
        f'<div class="guide-head"><span>{escape(cat.t("guided.title"))}{step}</span>{leave}</div>'
        f"{texts}{ok}</div>"
    )


def card_class(view: TableView, card: str) -> str:
    """A hand card the shown step is about (besides the move it asks): outlined."""
    guide = view.guide
    return " guide-about" if guide is not None and guide.moments and card in guide.about else ""
