"""The screens over the table: start, new game, settings, rules, confirmation.

Each function returns the HTML of one screen (a dialog in ``#bz-overlay``);
every text comes from the catalog. Pure Python: testable under CPython.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from html import escape

import engine
from engine import RecordError
from web import i18n
from web.link.link_texts import fair_deck_note
from web.state import names
from web.state.game_setup import Setup, options_of, text_of
from web.state.model import Model
from web.state.seats import Seats, SeatsError, fit, render_choices
from web.state.settings import DEALER_CHOICES, Settings
from web.table.computer import default_level, levels
from web.view.card_html import Cat, face_html
from web.view.menu import close_button, language_buttons

# Where the focus lands when the new-game form opens.
NEW_GAME_FOCUS = "#bz-overlay select, #bz-overlay button"


def dialog(
    name: str, title: str, body: str, cat: Cat, *, closable: bool = True,
    close_command: str = "close",
) -> str:
    """A modal screen with its title (and a close button sending ``close_command``) on top."""
    close = close_button(cat, close_command) if closable else ""
    return (
        f'<div class="dialog {name}" role="dialog" aria-modal="true"'
        f' aria-labelledby="{name}-title" data-screen="{name}">'
        f'<div class="dlg-head"><h2 id="{name}-title" tabindex="-1">{escape(title)}</h2>'
        f"{close}</div>"
        f'<div class="dlg-body">{body}</div></div>'
    )


def button(command: str, label: str, primary: bool = False, sub: str = "") -> str:
    """A command button; ``sub``, a smaller second line (its class is the command)."""
    cls = ("btn primary" if primary else "btn") + (f" {command}" if sub else "")
    small = f"<small>{escape(sub)}</small>" if sub else ""
    return (
        f'<button type="button" class="{cls}" data-command="{command}">'
        f"{escape(label)}{small}</button>"
    )


# ------------------------------------------------------------------ start


def render_start(
    cat: Cat, lang: str, *, can_continue: bool, notice: str = "", variant: str = "classic"
) -> str:
    """The first screen: continue the saved game, or play the one dealt behind it (its
    variant named on the button); new game, rules, settings, language."""
    # Decorative cards: no data-card (they are no card of the game, and screen readers skip them).
    fan = "".join(
        face_html(card, cat, classes=f"fan f{i}").replace(f' data-card="{card}"', "")
        for i, card in enumerate(("QS", "JD", "KH"))
    )
    actions = ""
    if can_continue:
        actions += button("continue", cat.t("menu.continue"), primary=True)
    else:
        variant_name = cat.t(f"options.variant.{variant}")
        actions += button("play", cat.t("menu.play"), primary=True, sub=variant_name)
    # the variant's guided deal (web.features.guide): learning by playing, not by reading
    actions += button("guided", cat.t("menu.guided"), sub=cat.t(f"options.variant.{variant}"))
    # today's deal of that variant, the same everywhere (web.features.daily_deal)
    actions += button("daily", cat.t("daily.title"),
                      sub=cat.t("daily.today", variant=cat.t(f"options.variant.{variant}")))
    actions += button("new-game", cat.t("menu.new_game")) + button("rules", cat.t("menu.rules"))
    # other devices at one table (web.link.pairing), side by side
    actions += button("host-table", cat.t("menu.host_table"))
    actions += button("join-table", cat.t("menu.join_table"))
    actions += button("settings", cat.t("menu.settings"))
    return (
        '<div class="dialog start" role="dialog" aria-modal="true" aria-labelledby="start-title"'
        ' data-screen="start">'
        f'<div class="fanbox" aria-hidden="true">{fan}</div>'
        f'<h2 id="start-title" tabindex="-1">{escape(cat.t("app.title"))}</h2>'
        f'<p class="tagline">{escape(cat.t("app.tagline"))}</p>'
        f"{notice}"
        f'<div class="start-actions">{actions}</div>'
        f"{language_buttons(lang, cat)}"
        "</div>"
    )


# --------------------------------------------------------------- new game


def option_value_label(cat: Cat, key: str, value: object) -> str:
    """Words for an option's value: "1,000 points", "3 players", or a named choice."""
    if key == "target" and isinstance(value, int):
        return cat.t("options.target_points", count=value)
    if key == "target" and value is None:
        return cat.t("options.target_usual")
    if key == "players" and isinstance(value, int):
        return cat.t("options.players_count", count=value)
    if key == "games" and isinstance(value, int):  # a multi-pack session (0: no limit)
        return cat.t("options.games_count", count=value) if value else cat.t("options.games_open")
    named = f"options.{key}.{value}"
    has = getattr(cat, "has", None)
    return cat.t(named) if has is None or has(named) else str(value)


def parse_settings(form: dict[str, str]) -> dict[str, object]:
    """The new-game form's values as game settings (options typed from the spec).

    Raises SeatsError when no seat is a person.
    """
    variant = form.get("variant", "classic")
    if variant not in engine.VARIANTS:
        variant = "classic"
    specs = engine.VARIANTS[variant].option_specs
    options: dict[str, object] = {}
    for key, spec in specs.items():
        raw = form.get(f"opt.{key}")
        if isinstance(spec.default, bool):
            options[key] = raw in ("on", "true", "1")
            continue
        if raw is None:
            continue
        for allowed in spec.allowed:
            if str(allowed) == raw:
                options[key] = allowed
    level = form.get("level") or default_level()
    dealer = form.get("dealer", "random")
    if dealer not in DEALER_CHOICES:
        dealer = "random"
    players = engine.make_rules(variant, options).players
    seats = Seats.from_form(form, players)  # SeatsError: nobody at the table
    typed = names.from_form(form, players)  # SeatsError: a name that cannot be one
    return {
        "variant": variant,
        "options": options,
        "level": level,
        "dealer": dealer,
        "seats": seats.to_json(),
        "names": typed,
    }


def segments(name: str, choices: list[tuple[str, str]], now: str, change: str = "") -> str:
    """Segmented buttons over real radios: (value, label) pairs, the ``now`` one checked."""
    hook = f' data-change="{change}"' if change else ""
    return "".join(
        f'<label class="seg"><input type="radio" name="{escape(name)}" value="{escape(v)}"'
        f'{hook}{" checked" if v == now else ""}><span>{escape(label)}</span></label>'
        for v, label in choices
    )


def radios(name: str, values: list[str], now: str, label_key: str, cat: Cat) -> str:
    return segments(name, [(v, cat.t(label_key + v)) for v in values], now)


def segment_group(legend: str, inner: str, extra: str = "") -> str:
    """A fieldset of segmented buttons (its legend names the group for screen readers)."""
    return (
        f'<fieldset class="segs{extra}"><legend>{escape(legend)}</legend>'
        f'<div class="segrow">{inner}</div></fieldset>'
    )


def render_new_game(model: Model, cat: Cat) -> str:
    """The new-game dialog: variant, house rules, who sits where, opponent level, dealer."""
    source = dialog_source(model)
    variant = model.dialog_variant or source.get("variant", "classic")
    if variant not in engine.VARIANTS:
        variant = "classic"
    variants = "".join(
        f'<option value="{escape(v)}"{" selected" if v == variant else ""}>'
        f"{escape(cat.t('options.variant.' + v))}</option>"
        for v in engine.VARIANTS
    )
    saved_opts = options_of(source) if variant == source.get("variant") else {}
    opts = []
    for key, spec in engine.VARIANTS[variant].option_specs.items():
        value = saved_opts.get(key, spec.default)
        if isinstance(spec.default, bool):
            checked = " checked" if value else ""
            opts.append(
                f'<label class="switch"><span>{escape(cat.t("options." + key))}</span>'
                f'<input type="checkbox" role="switch" name="opt.{escape(key)}"{checked}></label>'
            )
        else:  # a single allowed value still shows: it says what the game is played to
            choices = [(str(a), option_value_label(cat, key, a)) for a in spec.allowed]
            inner = segments(
                f"opt.{key}", choices, str(value), "players" if key == "players" else ""
            )
            opts.append(segment_group(cat.t("options." + key), inner))
    house = (
        f'<fieldset class="house"><legend>{escape(cat.t("options.house_rules"))}</legend>'
        f'{"".join(opts)}</fieldset>'
        if opts
        else ""
    )
    typed = names.clean_names(source.get("names"))
    seat_list = render_choices(
        cat,
        dialog_seats(variant, saved_opts, source),
        partnered(variant),
        typed,
        names.MAX_NAME,
    )
    level = text_of(source, "level") or default_level()
    dealer = text_of(source, "dealer", "random")
    body = (
        '<form id="bz-newgame" class="ng">'
        f'<fieldset class="ng-variant"><legend>{escape(cat.t("options.variant"))}</legend>'
        f'<label class="pick"><span class="sr-only">{escape(cat.t("options.variant"))}</span>'
        '<select name="variant" data-change="variant" aria-describedby="ng-variant-about">'
        f"{variants}</select></label>"
        f'<p class="about" id="ng-variant-about">'
        f'{escape(cat.t("options.variant_about." + variant))}</p>'
        "</fieldset>"
        f"{house}{seat_list}"
        + segment_group(
            cat.t("options.ai_level"), radios("level", levels(), level, "options.ai.", cat)
        )
        + segment_group(
            cat.t("options.first_dealer"),
            radios("dealer", list(DEALER_CHOICES), dealer, "options.dealer.", cat),
        )
        + '<div class="dlg-actions ng-actions">'
        + form_problem(model, cat)
        + button("start", cat.t("options.start"), primary=True)
        + button("close", cat.t("options.cancel"))
        + "</div></form>"
    )
    return dialog("newgame", cat.t("options.title"), body, cat)


def form_problem(model: Model, cat: Cat) -> str:
    """Why Start was refused (a seat or a name), beside the button and said at once: the
    table's notice lies under this modal screen (inert, or not drawn behind the start
    screen)."""
    notice = model.notice
    if not notice or not model.notice_error:
        return ""
    key, params = notice
    if not str(key).startswith("seats.error."):
        return ""
    return f'<p class="notice error ng-problem" role="alert">{escape(cat.t(key, **params))}</p>'


def dialog_source(model: Model) -> dict[str, object]:
    """What the dialog shows: the form being edited (players changed), else the last game's."""
    if model.dialog_draft is None:
        pending = model.pending_setup
        return dict(model.prefs.game_setup() if pending is None else pending)
    draft = dict(model.dialog_draft)
    try:
        return parse_settings(draft)
    except SeatsError:  # nobody chose a person yet, or a name is refused: keep the rest
        draft["seat.0"] = "person"
        kept = {k: v for k, v in draft.items() if not k.startswith("name.")}
        try:
            return parse_settings(draft)
        except SeatsError:
            return parse_settings(kept)


def dialog_seats(variant: str, options: Mapping[str, object], source: Setup) -> Seats:
    try:
        players = engine.make_rules(variant, options).players
    except RecordError:
        players = engine.make_rules(variant, {}).players
    try:
        chosen: Seats | None = Seats.from_json(source.get("seats"), players)
    except SeatsError:
        chosen = None
    return fit(chosen, players)


def partnered(variant: str) -> bool:
    return bool(getattr(engine.make_rules(variant, {}), "partnerships", False))


def render_confirm_new(cat: Cat) -> str:
    """Leave the game in progress for a new one? (the settings may turn this off)

    Staying is the primary, focused choice and goes back to the table: a stray tap or
    Enter never throws a game away."""
    body = (
        f'<p class="question">{escape(cat.t("menu.confirm_new"))}</p>'
        '<div class="dlg-actions">'
        + button("stay", cat.t("menu.keep_playing"), primary=True)
        + button("confirm-new", cat.t("menu.leave_game"))
        + "</div>"
    )
    # closing it is staying too: the table, not the form that asked
    return dialog("confirm", cat.t("options.title"), body, cat, close_command="stay")


# --------------------------------------------------------------- settings


@dataclass(frozen=True)
class SettingControl:
    """A setting shown on the settings screen: a switch for a bool, else choices."""

    name: str  # the Settings field
    label: str  # catalog key; choices are worded by "<label>.<value>"


SETTING_CONTROLS: list[SettingControl] = [
    SettingControl("auto_pass", "settings.auto_pass"),
    SettingControl("animation", "settings.animation"),
    SettingControl("sound", "settings.sound"),
    SettingControl("card_size", "settings.card_size"),
    SettingControl("card_style", "settings.card_style"),
    SettingControl("card_back", "settings.card_back"),
    SettingControl("four_colour", "settings.four_colour"),
    SettingControl("hand_sort", "settings.hand_sort"),
    SettingControl("confirm_new_game", "settings.confirm_new_game"),
]


def setting_control(control: SettingControl, settings: Settings, cat: Cat) -> str:
    spec = next(f for f in fields(Settings) if f.name == control.name)
    value = getattr(settings, control.name)
    name = escape(control.name)
    if isinstance(value, bool):
        checked = " checked" if value else ""
        return (
            f'<label class="switch"><span>{escape(cat.t(control.label))}</span>'
            f'<input type="checkbox" role="switch" name="{name}"'
            f' data-change="setting.{name}"{checked}></label>'
        )
    choices = "".join(
        f'<label class="seg"><input type="radio" name="{name}" value="{escape(str(v))}"'
        f' data-change="setting.{name}"{" checked" if v == value else ""}>'
        f"<span>{escape(cat.t(f'{control.label}.{v}'))}</span></label>"
        for v in spec.metadata.get("choices", ())
    )
    return (
        f'<fieldset class="segs"><legend>{escape(cat.t(control.label))}</legend>'
        f'<div class="segrow">{choices}</div></fieldset>'
    )


def render_settings(settings: Settings, cat: Cat, lang: str, extra: str = "") -> str:
    """Language first, then every control of SETTING_CONTROLS (and ``extra``, e.g. storage);
    changes apply at once."""
    body = (
        f'<fieldset class="segs"><legend>{escape(cat.t("menu.language"))}</legend>'
        f"{language_buttons(lang, cat)}</fieldset>"
        + "".join(setting_control(c, settings, cat) for c in SETTING_CONTROLS)
        + extra
        + f'<div class="dlg-actions">{button("close", cat.t("menu.close"), primary=True)}</div>'
    )
    return dialog("settings", cat.t("settings.title"), body, cat)


# ------------------------------------------------------------------ rules


def render_rules(variant: str, cat: i18n.Catalog) -> str:
    """Every variant's rules, one at a time (a chooser at the top), and the first-game guide."""
    if variant not in engine.VARIANTS:
        variant = "classic"
    chooser = "".join(
        f'<option value="{escape(v)}"{" selected" if v == variant else ""}>'
        f"{escape(cat.t('options.variant.' + v))}</option>"
        for v in engine.VARIANTS
    )
    chooser_html = (
        f'<label class="pick"><span>{escape(cat.t("rules.choose_variant"))}</span>'
        f'<select name="rules-variant" data-change="rules-variant">{chooser}</select></label>'
    )
    devices = (f'<section class="rules-devices" data-rules-devices>'
               f'<h3>{escape(cat.t("rules.devices.title"))}</h3>'
               f"<p>{escape(fair_deck_note(cat))}</p></section>")
    guided = (f'<p class="rules-guided"><button type="button" class="btn primary" '
              f'data-command="guided" data-variant="{escape(variant)}">'
              f'{escape(cat.t("rules.guided"))}</button></p>')
    parts = [chooser_html, guided, i18n.guide_html(cat, variant, 3),
             i18n.rules_html(cat, variant, 3), devices]
    return dialog("rules", cat.t("rules.title"), "".join(parts), cat)
