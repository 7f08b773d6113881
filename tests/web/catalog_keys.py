"""The catalog keys web code builds at run time, family by family.

Most keys are written out where they are used (``cat.t("table.your_turn")``)
and the i18n tests find them there.  A key built from data, such as
``f"options.ai.{level}"``, is registered here under the literal prefix the
code writes, with every key that prefix can produce, read from the same source
the code reads (the engine's variants and match, the AI's reason codes, the
rules and guide layouts).  tests/web/test_i18n.py checks that every dynamic
prefix in web/*.py is a family here, that each family's keys exist in every
catalog, and that every catalog key is used somewhere.

Adding ``cat.t(f"something.{x}")`` therefore means adding (or extending) a
family below; the test names the prefix that is missing. (A test helper: the
app does not ship it.)
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from web import i18n

ROOT = Path(__file__).resolve().parents[2]

# Bezik action words the hint and the vido prompt name on their own (hint.<word>,
# action.<word>); play/declare/seven have sentences of their own.
ANSWER_WORDS = ("vido", "accept", "refuse")
HINT_WORDS = (*ANSWER_WORDS, "pass", "blanche")
# Who deals first in the new-game dialog.
DEALER_CHOICES = ("you", "opponent", "random")
# Every AI level the dialog may offer (engine levels, or the baselines without them).
AI_LEVELS = ("easy", "normal", "strong", "random", "greedy")
# Why a Bezik game brought its match points (engine.match.GameResult.why).
MATCH_WHY_EXTRA = ("refused", "vido", "kontr_vido", "rubikon")
# Re-score suffixes of Bezik declarations (i18n.Catalog.declaration).
DECL_SUFFIXES = ("completed", "led", "taken_back")
# What the guest's check of a deal's deck may say (web.link.fair_deck.verify_deal; "ok": fair).
LINK_VERDICTS = ("ok", "secret", "record", "deck", "hand")
# Options whose values are worded from a number (app.option_value_label), not named.
COUNTED_OPTIONS = ("target", "players", "games")
# Rule codes of IllegalActionError (error.rule.<code>): the engine's, which
# engine_rule_codes() finds where they are written literally (the test checks
# that this list holds all of those), plus those the table itself reports.
RULE_CODES = (
    "answer_vido_first",
    "blanche_not_allowed",
    "blanche_or_pass",
    "card_not_held",
    "card_reused_lower",
    "card_reused_same_kind",
    "deal_not_over",
    "deal_over",
    "declare_only_after_winning",
    "declare_or_pass",
    "game_over",
    "must_follow_suit",
    "must_trump",
    "must_win",
    "no_new_card",
    "no_table_copy",
    "no_table_play_in_end_phase",
    "no_vido_pending",
    "not_a_combination",
    "not_trump_seven",
    "play_table_only_copy",
    "seven_no_trumps",
    "seven_not_held",
    "unknown_action",
    "vido_not_allowed",
    "vido_only_on_lead",  # returned by Bezik.vido_block, raised through a variable
    "not_your_turn",  # the table refuses a click out of turn
    "nothing_to_undo",  # engine.undo: no move of the person's in this deal
    "unknown",  # Catalog.error() for a code without a text
)
# Declarations the engine scores outside the variants' combination tables.
EXTRA_DECLARATIONS = ("seven", "seven_turnup", "carte_blanche")


def _keys(prefix: str, suffixes: Iterable[object]) -> tuple[str, ...]:
    return tuple(sorted({f"{prefix}{s}" for s in suffixes}))


def engine_rule_codes() -> set[str]:
    """Rule codes the engine can raise (IllegalActionError literals, *_REASONS keys)."""
    codes: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                arg = node.args[0]
                if name == "IllegalActionError" and isinstance(arg, ast.Constant):
                    codes.add(str(arg.value))
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id.endswith("REASONS") for t in targets):
                    codes.update(
                        str(k.value) for k in node.value.keys if isinstance(k, ast.Constant)
                    )
    return codes


def _hint_reasons() -> set[str]:
    from engine.ai.levels import REASONS as ENGINE_REASONS

    return {*ENGINE_REASONS, "best_chance"}


def _rules_keys(catalog_keys: Iterable[str]) -> set[str]:
    keys: set[str] = set()
    known = list(catalog_keys)
    for layout in i18n.RULES_LAYOUT.values():
        for section, table in layout:
            keys.add(f"rules.{section}.title")
            keys.update(i18n.section_paragraph_keys(known, section))
            if table is not None:
                keys.add(f"rules.{section}.table")
    return keys


def dynamic_families(catalog_keys: Iterable[str] = ()) -> dict[str, tuple[str, ...]]:
    """Literal prefix written in web code -> every key built from it.

    ``catalog_keys`` (the English catalog's keys) lets the rules family list
    each section's numbered paragraphs (rules.<section>.p1, .p2 …).
    """
    import engine
    from engine.guided import MOMENTS
    from engine.match import BASE_POINTS
    from web.features.guide import FREE
    from web.link.wire import REASONS as LINK_REASONS
    from web.state.seats import KINDS as SEAT_KINDS
    from web.state.settings import ANIMATION_SPEEDS, CARD_BACKS, CARD_SIZES, CARD_STYLES, HAND_SORTS
    from web.view.guideview import WORDED_APART

    variants = engine.VARIANTS.values()
    option_keys = {k for v in variants for k in v.option_specs}
    option_values = {
        f"{k}.{a}"
        for v in variants
        for k, s in v.option_specs.items()
        if k not in COUNTED_OPTIONS and not isinstance(s.default, bool)
        for a in s.allowed
    }
    declarations = {k for v in variants for k in v.combination_points} | set(EXTRA_DECLARATIONS)
    ranks, suits = i18n.RANKS, i18n.SUITS
    return {
        "lang.": _keys("lang.", i18n.LANGS),
        "lang.short.": _keys("lang.short.", i18n.LANGS),
        "card.rank.": _keys("card.rank.", ranks),
        "card.rank_plain.": _keys("card.rank_plain.", ranks),
        "card.suit.": _keys("card.suit.", suits),
        "card.suit_of.": _keys("card.suit_of.", suits),
        "decl.": _keys("decl.", declarations),
        "decl.suffix.": _keys("decl.suffix.", DECL_SUFFIXES),
        "error.rule.": _keys("error.rule.", RULE_CODES),
        "action.": _keys("action.", ANSWER_WORDS),
        "hint.": _keys("hint.", HINT_WORDS),
        "hint.reason.": _keys("hint.reason.", _hint_reasons()),
        # 'options.' + key names an option; f"options.{key}.{value}" one of its values.
        "options.": _keys("options.", option_keys | option_values),
        "options.variant.": _keys("options.variant.", engine.VARIANTS),
        "options.variant_about.": _keys("options.variant_about.", engine.VARIANTS),
        "options.variant_short.": _keys("options.variant_short.", engine.VARIANTS),
        "options.ai.": _keys("options.ai.", AI_LEVELS),
        "options.dealer.": _keys("options.dealer.", DEALER_CHOICES),
        # the settings screen words a choice as f"{label}.{value}" (web.view.screens)
        "settings.animation.": _keys("settings.animation.", ANIMATION_SPEEDS),
        "settings.card_size.": _keys("settings.card_size.", CARD_SIZES),
        "settings.card_style.": _keys("settings.card_style.", CARD_STYLES),
        "settings.card_back.": _keys("settings.card_back.", CARD_BACKS),
        "settings.hand_sort.": _keys("settings.hand_sort.", HAND_SORTS),
        "seats.kind.": _keys("seats.kind.", SEAT_KINDS),
        "table.game_kind.": _keys("table.game_kind.", BASE_POINTS),
        "summary.why.": _keys("summary.why.", (*BASE_POINTS, *MATCH_WHY_EXTRA)),
        "rules.": tuple(sorted(_rules_keys(catalog_keys))),
        "guide.": tuple(sorted({k for v in i18n.VARIANTS for k in i18n.guide_keys(v)})),
        # the link's refusal reasons and the fair deck's verdicts (web.link.link_texts)
        "link.refused.": _keys("link.refused.", LINK_REASONS),
        "link.fair.": _keys("link.fair.", LINK_VERDICTS),
        # the guided deal's bubbles (web.view.guideview): each moment, and a family's own words
        "guided.": tuple(sorted({f"guided.{m}" for m in (*MOMENTS, FREE)} | {
            f"guided.{family}.{m}" for family, ms in WORDED_APART.items() for m in ms})),
    }
