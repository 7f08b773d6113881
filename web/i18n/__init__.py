"""Translation catalogs, CLDR plurals, bidi isolation and card names.

Stdlib only: the same file runs under CPython (tests) and Pyodide (the app).
The UI reads a catalog's JSON text itself (fetch / open) and passes it here,
so this module never touches the network, the DOM or the file system.

Catalog format (web/i18n/<lang>.json): a flat object of namespaced keys.
A value is either a string with named placeholders ``{name}``, or a plural
message: an object keyed by the CLDR plural categories of the language,
selected by the ``count`` parameter (or ``n`` when there is no ``count``).
Card references inside catalog text are written in the engine's notation
between double brackets: ``[[QS JD]]``, ``[[K]]`` (a rank), ``[[H]]`` (a
suit). They are rendered with each language's rank letters and suit symbols
and isolated for bidi, so a card name such as 10♥ reads correctly inside a
Hebrew sentence.

Python never changes letter case here (Turkish dotted/dotless i): every
capitalised form a screen needs is written in the catalog.
"""

from __future__ import annotations

import html as _html
import json
import re
from collections.abc import Iterable, Mapping
from typing import Protocol, TypeAlias, TypedDict

import engine
from engine.variants.multipack import Rubicon

LANGS: tuple[str, ...] = ("en", "he", "tr", "ru")
DEFAULT_LANG = "en"
RTL_LANGS = frozenset({"he", "iw", "ar", "fa", "ur", "yi"})

# CLDR plural categories each supported language uses for integers.
PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "he": ("one", "two", "other"),
    "tr": ("one", "other"),
    "ru": ("one", "few", "many"),
}

RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
_SYMBOL_SUITS.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

# Rank letters shown on cards. Russian decks index A K Q J as Т К Д В; the
# Hebrew and Turkish Bezique/Bezik pages write A K Q J, so those stay Latin.
RANK_LABELS: dict[str, dict[str, str]] = {
    "en": {},
    "he": {},
    "tr": {},
    "ru": {"A": "Т", "K": "К", "Q": "Д", "J": "В"},
}

LRI = "\u2066"  # left-to-right isolate (plain-text bidi isolation)
PDI = "\u2069"  # pop directional isolate

# A message's {name} parameter: a text (a name, a label; Markup in HTML) or a number (ints
# are digit-grouped, and ``count``/``n`` picks the plural form).
MessageParam: TypeAlias = str | int | float
LRM = "\u200e"

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_CARD_TOKEN = re.compile(r"\[\[([^\[\]]+)\]\]")


class Markup(str):
    """A string already safe to insert as HTML (escaped or built here)."""

    __slots__ = ()


class CardLike(Protocol):
    """What the engine's Card offers: notation rank and suit."""

    rank: str
    suit: str


def escape(text: str) -> Markup:
    """Escape text for HTML unless it is already Markup."""
    if isinstance(text, Markup):
        return text
    return Markup(_html.escape(text, quote=True))


# ---------------------------------------------------------------- languages


def base_lang(lang: str) -> str:
    """'he-IL' -> 'he', 'iw' -> 'he' (old code), 'TR' -> 'tr' (ASCII only)."""
    code = lang.replace("_", "-").split("-", 1)[0]
    code = code.translate(_ASCII_LOWER)
    return "he" if code == "iw" else code


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def direction(lang: str) -> str:
    """Text direction of a language: 'rtl' for Hebrew (and other RTL scripts)."""
    return "rtl" if base_lang(lang) in RTL_LANGS else "ltr"


def pick_language(preferred: Iterable[str], default: str = DEFAULT_LANG) -> str:
    """First supported language among the browser's (navigator.languages)."""
    for tag in preferred:
        code = base_lang(tag)
        if code in LANGS:
            return code
    return default


# ------------------------------------------------------------------ plurals


def plural_category(lang: str, n: int) -> str:
    """CLDR plural category of an integer (rules of CLDR 42+, integers only).

    en/tr: one (1), other.  he: one (1), two (2), other.
    ru: one (1, 21, 101 …), few (2–4, 22–24 …), many (0, 5–20, 25–30, 11–14 …).
    """
    i = abs(int(n))
    code = base_lang(lang)
    if code == "ru":
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    if code == "he":
        if i == 1:
            return "one"
        if i == 2:
            return "two"
        return "other"
    return "one" if i == 1 else "other"


# ------------------------------------------------------------------ numbers

_NUMBER_FORMAT: dict[str, tuple[str, str]] = {
    # lang: (group separator, minus sign) as in CLDR.
    "en": (",", "-"),
    "he": (",", LRM + "-"),
    "tr": (".", "-"),
    "ru": ("\u00a0", "-"),
}


def format_number(lang: str, n: int) -> str:
    """Integer with the language's digit grouping: 1,000 / 1.000 / 1 000."""
    sep, minus = _NUMBER_FORMAT.get(base_lang(lang), _NUMBER_FORMAT["en"])
    digits = str(abs(int(n)))
    groups: list[str] = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    text = sep.join(groups)
    return minus + text if n < 0 else text


# -------------------------------------------------------------------- cards


def parse_card_token(token: str) -> tuple[str | None, str | None]:
    """'10H' -> ('10', 'H'); 'Q' -> ('Q', None); 'S' -> (None, 'S'); 'TH', 'Q♠' too."""
    t = token.strip()
    if not t:
        raise ValueError("empty card token")
    suit: str | None = None
    last = t[-1]
    if last in _SYMBOL_SUITS:
        suit, t = _SYMBOL_SUITS[last], t[:-1]
    elif last in SUITS and t not in RANKS:
        suit, t = last, t[:-1]
    if t == "T":
        t = "10"
    if not t:
        return None, suit
    if t not in RANKS:
        raise ValueError(f"not a card: {token!r}")
    return t, suit


def _card_parts(card: CardLike | str) -> tuple[str | None, str | None]:
    if isinstance(card, str):
        return parse_card_token(card)
    rank, suit = str(card.rank), str(card.suit)
    return ("10" if rank == "T" else rank), suit


def rank_label(lang: str, rank: str) -> str:
    """Rank as printed on the card in this language (Russian Т К Д В)."""
    return RANK_LABELS.get(base_lang(lang), {}).get(rank, rank)


def card_label(lang: str, card: CardLike | str) -> str:
    """Short visible card label: '10♥', 'Q♠' ('Д♠' in Russian), no isolation."""
    rank, suit = _card_parts(card)
    return (rank_label(lang, rank) if rank else "") + (SUIT_SYMBOLS[suit] if suit else "")


def cards_label(lang: str, cards: Iterable[CardLike | str]) -> str:
    """Several card labels separated by spaces."""
    return " ".join(card_label(lang, c) for c in cards)


def isolate_text(text: str, lang: str) -> str:
    """Plain-text bidi isolation (LRI … PDI) of an LTR run in an RTL language."""
    return LRI + text + PDI if direction(lang) == "rtl" else text


def bdi(text: str) -> Markup:
    """HTML isolation of an LTR run: <bdi dir="ltr">10♥</bdi>."""
    return Markup('<bdi dir="ltr">' + escape(text) + "</bdi>")


# ------------------------------------------------------------------ catalog

Message = str | dict[str, str]


def load_messages(json_text: str) -> dict[str, Message]:
    """Parse a catalog's JSON text; keep only well-formed entries."""
    data = json.loads(json_text)
    if not isinstance(data, dict):
        raise ValueError("a catalog is a JSON object")
    out: dict[str, Message] = {}
    for key, value in data.items():
        if isinstance(value, str):
            out[key] = value
        elif isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
            out[key] = dict(value)
    return out


def placeholders(message: Message) -> set[str]:
    """Names of the {placeholders} of a message (all plural forms)."""
    texts = message.values() if isinstance(message, dict) else [message]
    return {m for text in texts for m in _PLACEHOLDER.findall(text)}


def card_tokens(message: Message) -> list[str]:
    """The [[…]] card references of a message, in order."""
    texts = message.values() if isinstance(message, dict) else [message]
    return [m for text in texts for m in _CARD_TOKEN.findall(text)]


class Catalog:
    """One language's messages, with English (or any catalog) as fallback."""

    def __init__(
        self, lang: str, messages: Mapping[str, Message], fallback: Catalog | None = None
    ) -> None:
        self.lang = base_lang(lang)
        self.messages: dict[str, Message] = dict(messages)
        self.fallback = fallback
        self.dir = direction(self.lang)

    @classmethod
    def from_json(cls, lang: str, json_text: str, fallback: Catalog | None = None) -> Catalog:
        """Build from the JSON text the UI read (e.g. web/i18n/he.json)."""
        return cls(lang, load_messages(json_text), fallback)

    # -- lookup

    def has(self, key: str) -> bool:
        """True if this catalog or its fallback knows the key."""
        return key in self.messages or (self.fallback is not None and self.fallback.has(key))

    def _lookup(self, key: str) -> tuple[Message, str] | None:
        if key in self.messages:
            return self.messages[key], self.lang
        if self.fallback is not None:
            return self.fallback._lookup(key)
        return None

    def _select(self, message: Message, lang: str, params: Mapping[str, MessageParam]) -> str:
        if isinstance(message, str):
            return message
        count = params.get("count", params.get("n"))
        if isinstance(count, int) and not isinstance(count, bool):
            cat = plural_category(lang, count)
            if cat in message:
                return message[cat]
        for cat in ("other", "many"):
            if cat in message:
                return message[cat]
        return next(iter(message.values()), "")

    # -- plain text

    def t(self, key: str, **params: MessageParam) -> str:
        """Plain text of a message. Ints are digit-grouped, card tokens isolated.

        Missing key: the fallback's text, else the key itself (never raises).
        A missing parameter leaves its {name} visible rather than failing.
        """
        found = self._lookup(key)
        if found is None:
            return key
        message, lang = found
        template = self._select(message, lang, params)
        template = _CARD_TOKEN.sub(lambda m: self._card_token_text(m.group(1)), template)

        def repl(m: re.Match[str]) -> str:
            name = m.group(1)
            if name not in params:
                return m.group(0)
            return self._param_text(params[name])

        return _PLACEHOLDER.sub(repl, template)

    __call__ = t

    def _param_text(self, value: MessageParam) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            return format_number(self.lang, value)
        return str(value)

    def _card_token_text(self, token: str) -> str:
        try:
            label = cards_label(self.lang, token.split())
        except ValueError:
            return token
        return isolate_text(label, self.lang)

    # -- HTML

    def html(self, key: str, **params: MessageParam) -> Markup:
        """Escaped HTML of a message; Markup params go in as they are.

        Card tokens in the catalog text become <bdi dir="ltr">…</bdi>; pass a
        card inserted into a sentence as ``self.card_html(card)``.
        """
        found = self._lookup(key)
        if found is None:
            return escape(key)
        message, lang = found
        template = self._select(message, lang, params)
        out: list[str] = []
        pos = 0
        pattern = re.compile(_PLACEHOLDER.pattern + "|" + _CARD_TOKEN.pattern)
        for m in pattern.finditer(template):
            out.append(escape(template[pos : m.start()]))
            pos = m.end()
            name, token = m.group(1), m.group(2)
            if token is not None:
                try:
                    out.append(bdi(cards_label(self.lang, token.split())))
                except ValueError:
                    out.append(escape(m.group(0)))
            elif name in params:
                value = params[name]
                out.append(value if isinstance(value, Markup) else escape(self._param_text(value)))
            else:
                out.append(escape(m.group(0)))
        out.append(escape(template[pos:]))
        return Markup("".join(out))

    # -- cards

    def card(self, card: CardLike | str) -> str:
        """Card label for plain text ('10♥'), isolated in RTL languages."""
        return isolate_text(card_label(self.lang, card), self.lang)

    def cards(self, cards: Iterable[CardLike | str]) -> str:
        """Several cards for plain text, one isolated run."""
        return isolate_text(cards_label(self.lang, cards), self.lang)

    def card_html(self, card: CardLike | str) -> Markup:
        """Card label isolated for HTML: <bdi dir="ltr">10♥</bdi>."""
        return bdi(card_label(self.lang, card))

    def card_name(self, card: CardLike | str) -> str:
        """Spoken card name for aria labels: 'queen of spades', 'дама пик'."""
        rank, suit = _card_parts(card)
        if rank and suit:
            return self.t(
                "card.name", rank=self.t(f"card.rank.{rank}"), suit=self.t(f"card.suit_of.{suit}")
            )
        if rank:
            return self.t(f"card.rank_plain.{rank}")
        return self.t(f"card.suit.{suit}")

    def card_aria(self, card: CardLike | str) -> str:
        """Aria label: symbol label and spoken name, 'Q♠, queen of spades'."""
        return self.t("a11y.card", label=card_label(self.lang, card), name=self.card_name(card))

    # -- domain helpers

    def number(self, n: int) -> str:
        """Digit-grouped integer in this language."""
        return format_number(self.lang, n)

    def declaration(self, kind: str) -> str:
        """Name of a declaration kind, including Bezik re-score suffixes."""
        key = f"decl.{kind}"
        if self.has(key):
            return self.t(key)
        for suffix in ("completed", "led", "taken_back"):
            if kind.endswith("_" + suffix):
                base = kind[: -len(suffix) - 1]
                if self.has(f"decl.{base}"):
                    return self.t(f"decl.suffix.{suffix}", combination=self.t(f"decl.{base}"))
        return kind

    def error(self, rule: str | None, reason: str = "") -> str:
        """Player-facing text for an IllegalActionError's .rule code."""
        key = f"error.rule.{rule}"
        if rule and self.has(key):
            return self.t(key)
        return self.t("error.rule.unknown")


def load_catalog(lang: str, json_text: str, english_json: str | None = None) -> Catalog:
    """Catalog for ``lang`` with English as fallback (pass en.json's text)."""
    fallback = None
    if english_json is not None and base_lang(lang) != "en":
        fallback = Catalog.from_json("en", english_json)
    return Catalog.from_json(lang, json_text, fallback)


# ------------------------------------------------------------- rules screens

# Score tables as data: (label key, scoring items). Each item is named as the engine's
# ``Ruleset.score_items`` names it, and its points are asked from the engine (so the
# screens cannot drift from the rules); None is an empty cell.
ScoreRow = tuple[str, tuple[str | None, ...]]

_CLASSIC_ROWS: tuple[ScoreRow, ...] = (
    ("decl.marriage", ("marriage",)),
    ("decl.trump_marriage", ("trump_marriage",)),
    ("decl.bezique", ("bezique",)),
    ("decl.four_jacks", ("four_jacks",)),
    ("decl.four_queens", ("four_queens",)),
    ("decl.four_kings", ("four_kings",)),
    ("decl.four_aces", ("four_aces",)),
    ("decl.trump_sequence", ("trump_sequence",)),
    ("decl.double_bezique", ("double_bezique",)),
    ("decl.seven", ("seven",)),
)
_RUSSIAN_ROWS: tuple[ScoreRow, ...] = (
    ("decl.two_sevens", ("two_sevens",)),
    ("decl.marriage", ("marriage",)),
    ("decl.trump_marriage", ("trump_marriage",)),
    ("decl.double_marriage", ("double_marriage",)),
    ("decl.double_trump_marriage", ("double_trump_marriage",)),
    ("decl.bezique", ("bezique",)),
    ("decl.double_bezique", ("double_bezique",)),
    ("decl.four_jacks", ("four_jacks",)),
    ("decl.four_queens", ("four_queens",)),
    ("decl.four_kings", ("four_kings",)),
    ("decl.four_aces", ("four_aces",)),
    ("decl.quint", ("sequence",)),
    ("decl.trump_sequence", ("trump_sequence",)),
    ("decl.seven", ("seven",)),
)
_TRIPLE_ROWS: tuple[ScoreRow, ...] = (
    ("decl.triple_marriage", ("triple_marriage",)),
    ("decl.triple_trump_marriage", ("triple_trump_marriage",)),
    ("decl.triple_bezique", ("triple_bezique",)),
)
_NO_TRUMP_ROWS: tuple[ScoreRow, ...] = tuple(
    r for r in _RUSSIAN_ROWS + _TRIPLE_ROWS if r[0] not in ("decl.seven", "decl.two_sevens")
)
_CARD_POINT_ROWS: tuple[ScoreRow, ...] = (
    ("card.rank_plain.A", ("card.A",)),
    ("card.rank_plain.10", ("card.10",)),
    ("card.rank_plain.K", ("card.K",)),
    ("card.rank_plain.Q", ("card.Q",)),
    ("card.rank_plain.J", ("card.J",)),
    ("rules.table.nines_to_sevens", ("card.9",)),
)
_BEZIK_ROWS: tuple[ScoreRow, ...] = (
    ("rules.table.bezik.marriage", (None, "marriage", "trump_marriage")),
    ("rules.table.bezik.sequence", (None, "sequence", "trump_sequence")),
    ("rules.table.bezik.four_jacks", ("four_jacks", "four_jacks", "four_jacks_trump")),
    ("rules.table.bezik.four_queens", ("four_queens", "four_queens", "four_queens_trump")),
    ("rules.table.bezik.four_kings", ("four_kings", "four_kings", "four_kings_trump")),
    ("rules.table.bezik.four_aces", ("four_aces", "four_aces_suit", "four_aces_trump")),
    ("decl.bezik", ("bezik", None, None)),
    ("decl.double_bezik", ("double_bezik", None, None)),
    ("decl.triple_bezik", ("triple_bezik", None, None)),
    ("rules.table.bezik.brisk", ("brisk", None, None)),
)

def settlement_items(variant: str) -> dict[str, int]:
    """A multi-pack game's end-of-game numbers by name (none for the other variants)."""
    rules = engine.VARIANTS[variant]
    return rules.settlement_items() if issubclass(rules, Rubicon) else {}


def _multipack_rows(variant: str) -> tuple[ScoreRow, ...]:
    """The declarations of a multi-pack game, in the order of the rules' table; the
    engine's ``score_items`` decides which rows exist (trump fours, fives, carte blanche)."""
    items = engine.VARIANTS[variant].score_items()
    candidates: list[ScoreRow] = [
        ("decl.marriage", ("marriage",)),
        ("decl.trump_marriage", ("trump_marriage",)),
        ("rules.table.multipack.back_door", ("sequence",)),
        ("decl.trump_sequence", ("trump_sequence",)),
        ("decl.bezique", ("bezique",)),
        ("decl.double_bezique", ("double_bezique",)),
        ("decl.triple_bezique", ("triple_bezique",)),
        ("decl.quadruple_bezique", ("quadruple_bezique",)),
        ("decl.quintuple_bezique", ("quintuple_bezique",)),
        ("decl.four_jacks", ("four_jacks",)),
        ("decl.four_queens", ("four_queens",)),
        ("decl.four_kings", ("four_kings",)),
        ("rules.table.multipack.four_tens", ("four_tens",)),
        ("decl.four_aces", ("four_aces",)),
        ("decl.four_trump_jacks", ("four_trump_jacks",)),
        ("decl.four_trump_queens", ("four_trump_queens",)),
        ("decl.four_trump_kings", ("four_trump_kings",)),
        ("decl.four_trump_tens", ("four_trump_tens",)),
        ("decl.four_trump_aces", ("four_trump_aces",)),
        ("decl.five_trump_jacks", ("five_trump_jacks",)),
        ("decl.five_trump_queens", ("five_trump_queens",)),
        ("decl.five_trump_kings", ("five_trump_kings",)),
        ("decl.five_trump_tens", ("five_trump_tens",)),
        ("decl.five_trump_aces", ("five_trump_aces",)),
        ("decl.carte_blanche", ("carte_blanche",)),
        ("rules.table.multipack.brisk", ("brisk",)),
    ]
    return tuple(row for row in candidates if row[1][0] in items)


def _settlement_rows(variant: str) -> tuple[ScoreRow, ...]:
    """The end-of-game numbers of a multi-pack game (its ``settlement_items``)."""
    items = settlement_items(variant)
    rows: tuple[ScoreRow, ...] = (
        ("rules.table.multipack.last_trick", ("last_trick",)),
        ("rules.table.multipack.game_bonus", ("game_bonus",)),
        ("rules.table.multipack.rubicon", ("rubicon",)),
        ("rules.table.multipack.rubicon_bonus", ("rubicon_bonus",)),
        ("rules.table.multipack.brisques_bonus", ("brisques_bonus",)),
    )
    return tuple(row for row in rows if row[1][0] in items)


MULTIPACK_VARIANTS: tuple[str, ...] = ("rubicon", "six-pack", "eight-pack")

SCORE_TABLES: dict[str, tuple[tuple[str, ...], tuple[ScoreRow, ...]]] = {
    # table id: (column header keys after the label column, rows)
    "classic": (("rules.table.points",), _CLASSIC_ROWS),
    "russian": (("rules.table.points",), _RUSSIAN_ROWS),
    "russian_triples": (("rules.table.points",), _RUSSIAN_ROWS + _TRIPLE_ROWS),
    "no_trump": (("rules.table.points",), _NO_TRUMP_ROWS),
    "card_points": (("rules.table.points",), _CARD_POINT_ROWS),
    "bezik": (
        ("rules.table.bezik.any", "rules.table.bezik.same", "rules.table.bezik.trump"),
        _BEZIK_ROWS,
    ),
    **{v: (("rules.table.points",), _multipack_rows(v)) for v in MULTIPACK_VARIANTS},
    **{
        f"{v}.settlement": (("rules.table.points",), _settlement_rows(v))
        for v in MULTIPACK_VARIANTS
    },
}
# The variant whose rules give each table's points.
SCORE_TABLE_VARIANT: dict[str, str] = {
    "classic": "classic",
    "russian": "russian",
    "russian_triples": "russian-3",
    "no_trump": "no-trump",
    "card_points": "russian",
    "bezik": "bezik",
    **{v: v for v in MULTIPACK_VARIANTS},
    **{f"{v}.settlement": v for v in MULTIPACK_VARIANTS},
}


def score_table_points(table_id: str) -> list[tuple[str, list[int | None]]]:
    """A score table's rows as (label key, points per column), points from the engine."""
    variant = SCORE_TABLE_VARIANT[table_id]
    items = engine.VARIANTS[variant].score_items() | settlement_items(variant)
    _, rows = SCORE_TABLES[table_id]
    return [(label, [None if n is None else items[n] for n in names]) for label, names in rows]


def _multipack_layout(variant: str) -> tuple[tuple[str, str | None], ...]:
    """A multi-pack game's rules screen: its own overview and deal, the shared sections,
    trump fours where they exist, carte blanche where it exists, its settlement table."""
    sections: list[tuple[str, str | None]] = [
        (f"{variant}.overview", None),
        (f"{variant}.deal", None),
        ("multipack.trumps", None),
        ("common.trick", None),
        ("multipack.stock", None),
        ("common.declare", None),
        ("multipack.combinations", variant),
    ]
    if variant != "rubicon":
        sections.append(("multipack.fours", None))
    sections.append(("multipack.reuse", None))
    if variant != "eight-pack":
        sections.append(("multipack.blanche", None))
    sections.append(("multipack.end", None))
    if variant == "rubicon":
        sections.append(("rubicon.brisques", None))
    sections.append(("multipack.settlement", f"{variant}.settlement"))
    if variant == "rubicon":
        sections.append(("rubicon.brisques_bonus", None))
    sections.append(("multipack.session", None))
    return tuple(sections)


# Sections of each variant's rules screen, in order: (section id, table id).
# Texts live under rules.<section id>.title / .p1, .p2 … (and .table for a
# table's caption); shared sections are written once and reused.
RULES_LAYOUT: dict[str, tuple[tuple[str, str | None], ...]] = {
    "classic": (
        ("classic.overview", None),
        ("classic.deal", None),
        ("common.trick", None),
        ("common.stock", None),
        ("common.declare", None),
        ("classic.combinations", "classic"),
        ("classic.reuse", None),
        ("common.seven", None),
        ("classic.end", None),
        ("classic.scoring", None),
        ("classic.game", None),
    ),
    "russian": (
        ("russian.overview", None),
        ("classic.deal", None),
        ("russian.card_points", "card_points"),
        ("common.trick", None),
        ("common.stock", None),
        ("common.declare", None),
        ("russian.combinations", "russian"),
        ("russian.reuse", None),
        ("russian.seven", None),
        ("russian.end", None),
        ("russian.game", None),
    ),
    "russian-3": (
        ("russian-3.overview", None),
        ("russian-3.deal", None),
        ("russian.card_points", "card_points"),
        ("common.trick", None),
        ("common.stock", None),
        ("common.declare", None),
        ("russian-3.combinations", "russian_triples"),
        ("russian.reuse", None),
        ("russian-3.triples", None),
        ("russian-3.seven", None),
        ("russian.end", None),
        ("russian-3.game", None),
    ),
    "russian-4": (
        ("russian-4.overview", None),
        ("russian-4.deal", None),
        ("russian-4.partners", None),
        ("russian.card_points", "card_points"),
        ("common.trick", None),
        ("common.stock", None),
        ("common.declare", None),
        ("russian-3.combinations", "russian_triples"),
        ("russian.reuse", None),
        ("russian-3.triples", None),
        ("russian-3.seven", None),
        ("russian.end", None),
        ("russian-4.game", None),
    ),
    "no-trump": (
        ("no-trump.overview", None),
        ("no-trump.deal", None),
        ("no-trump.trumps", None),
        ("russian.card_points", "card_points"),
        ("common.trick", None),
        ("common.stock", None),
        ("common.declare", None),
        ("no-trump.combinations", "no_trump"),
        ("russian.reuse", None),
        ("russian-3.triples", None),
        ("no-trump.end", None),
        ("no-trump.game", None),
    ),
    "bezik": (
        ("bezik.overview", None),
        ("bezik.deal", None),
        ("bezik.trumps", None),
        ("bezik.trick", None),
        ("bezik.declare", None),
        ("bezik.combinations", "bezik"),
        ("bezik.reuse", None),
        ("bezik.groups", None),
        ("bezik.donuk", None),
        ("bezik.end", None),
        ("bezik.deal_end", None),
        ("bezik.game", None),
        ("bezik.vido", None),
        ("bezik.match", None),
    ),
    **{v: _multipack_layout(v) for v in MULTIPACK_VARIANTS},
}

VARIANTS: tuple[str, ...] = tuple(RULES_LAYOUT)

# The first-game guide of each variant: step ids, texts under guide.<step id>.
# Steps shared by several variants are written once (guide.common.*, or the
# variant that introduced them), so every variant's guide teaches its own rules.
GUIDE_LAYOUT: dict[str, tuple[str, ...]] = {
    "classic": (
        "classic.start",
        "common.cards",
        "classic.tricks",
        "classic.declare",
        "common.table_cards",
        "classic.end",
        "classic.finish",
    ),
    "russian": (
        "russian.start",
        "common.cards",
        "russian.points",
        "russian.declare",
        "common.table_cards",
        "russian.end",
        "russian.finish",
    ),
    "russian-3": (
        "russian-3.start",
        "common.cards",
        "russian.points",
        "russian-3.declare",
        "common.table_cards",
        "russian.end",
        "russian-3.finish",
    ),
    "russian-4": (
        "russian-4.start",
        "russian-4.partners",
        "common.cards",
        "russian.points",
        "russian-3.declare",
        "russian-4.end",
        "russian-4.finish",
    ),
    "no-trump": (
        "no-trump.start",
        "common.cards",
        "no-trump.trumps",
        "russian.points",
        "no-trump.declare",
        "no-trump.end",
        "no-trump.finish",
    ),
    "bezik": (
        "bezik.start",
        "common.cards",
        "bezik.tricks",
        "bezik.declare",
        "bezik.groups",
        "bezik.end",
        "bezik.finish",
    ),
    **{
        v: (
            f"{v}.start",
            "common.cards",
            "multipack.trumps",
            "multipack.declare",
            "multipack.again" if v == "eight-pack" else "multipack.blanche",
            "multipack.end",
            f"{v}.finish",
        )
        for v in MULTIPACK_VARIANTS
    },
}


def section_paragraph_keys(keys: Iterable[str], section: str) -> list[str]:
    """rules.<section>.p1, .p2 … present in ``keys``, in numeric order."""
    prefix = f"rules.{section}.p"
    numbered = [
        (int(k[len(prefix) :]), k)
        for k in keys
        if k.startswith(prefix) and k[len(prefix) :].isdigit()
    ]
    return [k for _, k in sorted(numbered)]


class RulesRow(TypedDict):
    """One combination of a rules score table: its name and its points by column."""

    label: str
    values: list[str]


class RulesTable(TypedDict):
    caption: str
    columns: list[str]
    rows: list[RulesRow]


class RulesSection(TypedDict):
    """One section of the rules screen (texts are Markup with ``as_html``)."""

    id: str
    title: str
    paragraphs: list[str]
    table: RulesTable | None


def rules_sections(cat: Catalog, variant: str, as_html: bool = True) -> list[RulesSection]:
    """The rules screen of a variant as data the UI renders.

    Each section: {"id", "title", "paragraphs": [...], "table": None or
    {"caption", "columns": [...], "rows": [{"label", "values": [...]}]}}.
    With ``as_html`` paragraphs are escaped Markup (cards in <bdi>), else text.
    """
    keys = _all_keys(cat)
    out: list[RulesSection] = []
    render = cat.html if as_html else cat.t
    for section, table_id in RULES_LAYOUT.get(variant, ()):
        table: RulesTable | None = None
        if table_id is not None:
            columns, _ = SCORE_TABLES[table_id]
            table = {
                "caption": render(f"rules.{section}.table"),
                "columns": [render("rules.table.combination")] + [render(c) for c in columns],
                "rows": [
                    {
                        "label": render(label),
                        "values": ["" if v is None else cat.number(v) for v in values],
                    }
                    for label, values in score_table_points(table_id)
                ],
            }
        out.append(
            {
                "id": section,
                "title": render(f"rules.{section}.title"),
                "paragraphs": [render(k) for k in section_paragraph_keys(keys, section)],
                "table": table,
            }
        )
    return out


def guide_keys(variant: str) -> list[str]:
    """Catalog keys of a variant's first-game guide steps, in order."""
    return [f"guide.{step}" for step in GUIDE_LAYOUT.get(variant, ())]


def guide_steps(cat: Catalog, variant: str, as_html: bool = True) -> list[str]:
    """The first-game guide of ``variant``: one rendered text per step."""
    render = cat.html if as_html else cat.t
    return [render(k) for k in guide_keys(variant)]


def rules_html(cat: Catalog, variant: str, heading_level: int = 3) -> Markup:
    """A whole rules screen as escaped HTML: sections, paragraphs, score tables.

    Headings start at <h{heading_level}>; the screen's own title (for example
    ``rules.title_variant``) is the caller's. Numbers in tables are digit-grouped
    per language; card names are isolated in <bdi>.
    """
    h = max(1, min(heading_level, 6))
    out: list[str] = [f'<div class="rules" data-rules="{escape(variant)}">']
    for section in rules_sections(cat, variant, as_html=True):
        sid = escape(section["id"].replace(".", "-"))
        out.append(f'<section class="rules-section" aria-labelledby="rules-{sid}">')
        out.append(f'<h{h} id="rules-{sid}">{section["title"]}</h{h}>')
        out.extend(f"<p>{p}</p>" for p in section["paragraphs"])
        table = section["table"]
        if table is not None:
            out.append(f'<table class="score-table"><caption>{table["caption"]}</caption>')
            out.append("<thead><tr>")
            out.extend(f'<th scope="col">{c}</th>' for c in table["columns"])
            out.append("</tr></thead><tbody>")
            for row in table["rows"]:
                cells = "".join(f'<td dir="ltr">{escape(v)}</td>' for v in row["values"])
                out.append(f'<tr><th scope="row">{row["label"]}</th>{cells}</tr>')
            out.append("</tbody></table>")
        out.append("</section>")
    out.append("</div>")
    return Markup("".join(out))


def guide_html(cat: Catalog, variant: str, heading_level: int = 2) -> Markup:
    """A variant's first-game guide as escaped HTML: title, intro and an ordered list."""
    h = max(1, min(heading_level, 6))
    steps = "".join(f"<li>{s}</li>" for s in guide_steps(cat, variant, as_html=True))
    return Markup(
        f'<div class="guide" data-guide="{escape(variant)}"><h{h}>{cat.html("guide.title")}</h{h}>'
        f"<p>{cat.html('guide.intro')}</p><ol>{steps}</ol></div>"
    )


def _all_keys(cat: Catalog) -> set[str]:
    keys: set[str] = set()
    c: Catalog | None = cat
    while c is not None:
        keys.update(c.messages)
        c = c.fallback
    return keys
