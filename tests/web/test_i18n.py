"""Catalog completeness, CLDR plurals, formatting, and "no prose in code".

The prose scan (``test_no_player_visible_string_in_code``) walks the AST of
every web/**/*.py except the catalogs' own code (web/i18n/__init__.py) and flags a
string literal as prose when, after dropping HTML tags, {placeholders} and HTML
entities, it still holds
two or more letter-words separated by whitespace AND at least one of:

  * a non-ASCII letter (Hebrew, Cyrillic, Turkish ç/ğ/ı/ş/ö/ü …);
  * a capitalised word (``[A-Z][a-z]+``) — "Your turn", "New game";
  * sentence punctuation at the end (. ! ? … :) after a letter;
  * an English function word standing alone (the, your, you, is, to, of …).

A single word is prose only if it contains a non-ASCII letter or ends in
"…", "!" or "?". Never flagged: docstrings; arguments of print(),
console.*, logging calls and of ``raise`` (developer-facing); CSS
declarations (``prop: value;``); a line carrying the comment
``# i18n: ignore``. CSS class lists, tag names, data-attribute values,
action notation ("play QS", "declare QS JD") and catalog keys pass because
they are lowercase identifiers without function words, capitals or
sentence punctuation.
"""

from __future__ import annotations

import ast
import json
import re
import unicodedata
from pathlib import Path

import catalog_keys
import pytest
from catalog_keys import engine_rule_codes

from web import i18n

ROOT = Path(__file__).resolve().parents[2]
CATALOG_DIR = ROOT / "web" / "i18n"
WEB_DIR = ROOT / "web"


def shell_text() -> str:
    """The shell's page and its scripts (web/shell-*.js, written into the page by the build)."""
    paths = [ROOT / "index.html", *sorted(WEB_DIR.glob("shell-*.js"))]
    return "\n".join(path.read_text(encoding="utf-8") for path in paths)


def load(lang: str) -> dict[str, object]:
    data = json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


EN = load("en")
OTHER_LANGS = [lang for lang in i18n.LANGS if lang != "en"]


# ------------------------------------------------------------ catalog shape


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_catalog_is_sorted_valid_json_of_strings_or_plurals(lang: str) -> None:
    text = (CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    for key, value in data.items():
        assert re.fullmatch(r"[a-z0-9_]+(?:[.-][A-Za-z0-9_]+)*", key), f"odd key {key!r}"
        if isinstance(value, dict):
            assert value and all(isinstance(v, str) and v for v in value.values()), key
        else:
            assert isinstance(value, str) and value.strip(), f"{lang}: empty text for {key}"
            assert "<" not in value and ">" not in value, (
                f"{lang}: markup in {key}; use Markup params"
            )


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_every_catalog_has_exactly_the_english_keys(lang: str) -> None:
    data = load(lang)
    missing = sorted(set(EN) - set(data))
    extra = sorted(set(data) - set(EN))
    assert not missing, f"{lang}.json lacks {len(missing)} keys: {missing[:20]}"
    assert not extra, f"{lang}.json has keys English does not: {extra[:20]}"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_plural_messages_have_exactly_the_language_categories(lang: str) -> None:
    data = load(lang)
    wanted = set(i18n.PLURAL_CATEGORIES[lang])
    for key, value in data.items():
        if isinstance(value, dict):
            assert set(value) == wanted, f"{lang}:{key} has {sorted(value)}, wants {sorted(wanted)}"
        if isinstance(EN.get(key), dict):
            assert isinstance(value, dict), f"{lang}:{key} must be a plural message like English"


def _single_integer_category(lang: str, category: str) -> bool:
    """True when the category covers exactly one integer (he one=1, two=2)."""
    return sum(1 for n in range(0, 2000) if i18n.plural_category(lang, n) == category) == 1


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_placeholders_match_english(lang: str) -> None:
    data = load(lang)
    for key, en_value in EN.items():
        if key not in data:
            continue
        value = data[key]
        en_names = i18n.placeholders(en_value)  # type: ignore[arg-type]
        assert i18n.placeholders(value) == en_names, f"{lang}:{key} placeholders differ"  # type: ignore[arg-type]
        if isinstance(value, dict):
            for cat, text in value.items():
                names = set(re.findall(r"\{([a-z_][a-z0-9_]*)\}", text))
                required = set(en_names)
                # "one"/"two" forms covering a single number may spell it out.
                if _single_integer_category(lang, cat):
                    required -= {"count", "n"}
                assert required <= names <= en_names, f"{lang}:{key}[{cat}] placeholders {names}"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_card_tokens_parse(lang: str) -> None:
    for key, value in load(lang).items():
        for token in i18n.card_tokens(value):  # type: ignore[arg-type]
            for part in token.split():
                i18n.parse_card_token(part)  # raises on a bad token
        texts = value.values() if isinstance(value, dict) else [value]
        for text in texts:
            assert "[[" not in _strip_tokens(str(text)) and "]]" not in _strip_tokens(str(text)), (
                key
            )


def _strip_tokens(text: str) -> str:
    return re.sub(r"\[\[[^\[\]]+\]\]", "", text)


def test_language_names_in_their_own_language_everywhere() -> None:
    own = {"en": "English", "he": "עברית", "tr": "Türkçe", "ru": "Русский"}
    for lang in i18n.LANGS:
        data = load(lang)
        for code, name in own.items():
            assert data[f"lang.{code}"] == name


def test_every_rules_section_has_text_and_no_orphans() -> None:
    used: set[str] = set()
    for variant, layout in i18n.RULES_LAYOUT.items():
        assert f"options.variant.{variant}" in EN
        for section, table in layout:
            assert f"rules.{section}.title" in EN, section
            paras = i18n.section_paragraph_keys(EN, section)
            assert paras, f"{section} has no paragraphs"
            assert paras[-1] == f"rules.{section}.p{len(paras)}", f"{section}: gap in numbering"
            used.update(paras)
            used.add(f"rules.{section}.title")
            if table is not None:
                assert f"rules.{section}.table" in EN
                used.add(f"rules.{section}.table")
                cols, rows = i18n.SCORE_TABLES[table]
                for key in [*cols, *(label for label, _ in rows)]:
                    assert key in EN, key
                    used.add(key)
    section_keys = {k for k in EN if re.match(r"rules\.[a-z0-9-]+\.[a-z_]+\.", k)}
    orphans = sorted(section_keys - used)
    assert not orphans, f"rules keys no screen shows: {orphans}"


def test_every_decl_kind_of_every_variant_has_a_name() -> None:
    kinds = [
        "marriage",
        "trump_marriage",
        "bezique",
        "double_bezique",
        "four_jacks",
        "four_queens",
        "four_kings",
        "four_aces",
        "trump_sequence",
        "seven",
        "seven_turnup",
        "two_sevens",
        "double_marriage",
        "double_trump_marriage",
        "quint",
        "sequence",
        "triple_marriage",
        "triple_trump_marriage",
        "triple_bezique",
        "bezik",
        "double_bezik",
        "triple_bezik",
    ]
    for kind in kinds:
        assert f"decl.{kind}" in EN, kind
    for suffix in ("completed", "led", "taken_back"):
        assert f"decl.suffix.{suffix}" in EN


def test_engine_rule_codes_have_messages() -> None:
    """Every rule code the engine raises has an error.rule.<code> text."""
    if not (ROOT / "engine").is_dir():
        pytest.skip("engine not present")
    codes = engine_rule_codes()
    assert "card_not_held" in codes  # the scan itself works
    unlisted = sorted(codes - set(catalog_keys.RULE_CODES))
    assert not unlisted, f"add these rule codes to tests/web/catalog_keys.RULE_CODES: {unlisted}"
    missing = sorted(c for c in codes if f"error.rule.{c}" not in EN)
    assert not missing, f"rule codes without a message: {missing}"


# ----------------------------------------------------------------- plurals

CLDR_CASES = [
    ("ru", 0, "many"),
    ("ru", 1, "one"),
    ("ru", 2, "few"),
    ("ru", 4, "few"),
    ("ru", 5, "many"),
    ("ru", 11, "many"),
    ("ru", 12, "many"),
    ("ru", 14, "many"),
    ("ru", 21, "one"),
    ("ru", 22, "few"),
    ("ru", 25, "many"),
    ("ru", 101, "one"),
    ("ru", 111, "many"),
    ("ru", 1000, "many"),
    ("ru", 1001, "one"),
    ("he", 0, "other"),
    ("he", 1, "one"),
    ("he", 2, "two"),
    ("he", 3, "other"),
    ("he", 10, "other"),
    ("he", 20, "other"),
    ("he", 22, "other"),
    ("he", 102, "other"),
    ("tr", 0, "other"),
    ("tr", 1, "one"),
    ("tr", 2, "other"),
    ("tr", 21, "other"),
    ("en", 0, "other"),
    ("en", 1, "one"),
    ("en", 2, "other"),
    ("en", 11, "other"),
]


@pytest.mark.parametrize(("lang", "n", "category"), CLDR_CASES)
def test_plural_category_matches_cldr(lang: str, n: int, category: str) -> None:
    assert i18n.plural_category(lang, n) == category
    assert i18n.plural_category(lang, -n) == category


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_plural_category_only_returns_declared_categories(lang: str) -> None:
    seen = {i18n.plural_category(lang, n) for n in range(0, 3000)}
    assert seen == set(i18n.PLURAL_CATEGORIES[lang])


# -------------------------------------------------------------- formatting


def catalog(lang: str) -> i18n.Catalog:
    en_text = (CATALOG_DIR / "en.json").read_text(encoding="utf-8")
    return i18n.load_catalog(
        lang, (CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"), en_text
    )


def test_placeholders_and_plurals_format() -> None:
    cat = i18n.Catalog(
        "ru",
        {
            "pts": {"one": "{count} очко", "few": "{count} очка", "many": "{count} очков"},
            "hello": "{who} сыграл {card}",
            "n_only": {"one": "{n} карта", "few": "{n} карты", "many": "{n} карт"},
        },
    )
    assert cat.t("pts", count=1) == "1 очко"
    assert cat.t("pts", count=3) == "3 очка"
    assert cat.t("pts", count=11) == "11 очков"
    assert cat.t("pts", count=21) == "21 очко"
    assert cat.t("pts", count=1500) == "1\u00a0500 очков"
    assert cat.t("n_only", n=2) == "2 карты"
    assert cat.t("hello", who="Компьютер", card=cat.card("QS")) == "Компьютер сыграл Д♠"
    assert cat.t("hello", who="X") == "X сыграл {card}"  # missing param stays visible


def test_missing_key_falls_back_to_english_then_to_key() -> None:
    en = i18n.Catalog("en", {"a": "English A", "b": "English B"})
    he = i18n.Catalog("he", {"a": "עברית"}, fallback=en)
    assert he.t("a") == "עברית"
    assert he.t("b") == "English B"
    assert he.t("nope.key") == "nope.key"


def test_number_formatting() -> None:
    assert i18n.format_number("en", 1000) == "1,000"
    assert i18n.format_number("tr", 1500) == "1.500"
    assert i18n.format_number("ru", 3000) == "3\u00a0000"
    assert i18n.format_number("he", 250) == "250"
    assert i18n.format_number("he", -40) == "\u200e-40"
    assert i18n.format_number("en", -1234567) == "-1,234,567"


def test_direction_and_language_pick() -> None:
    assert i18n.direction("he") == "rtl"
    assert i18n.direction("he-IL") == "rtl"
    assert i18n.direction("iw") == "rtl"
    for lang in ("en", "tr", "ru", "tr-TR"):
        assert i18n.direction(lang) == "ltr"
    assert i18n.pick_language(["de-DE", "ru-RU", "en"]) == "ru"
    assert i18n.pick_language(["TR"]) == "tr"
    assert i18n.pick_language(["iw-IL"]) == "he"
    assert i18n.pick_language(["fr"]) == "en"


def test_card_labels_per_language() -> None:
    assert i18n.card_label("en", "10H") == "10♥"
    assert i18n.card_label("en", "TH") == "10♥"
    assert i18n.card_label("he", "QS") == "Q♠"
    assert i18n.card_label("tr", "JD") == "J♦"
    assert i18n.card_label("ru", "AS") == "Т♠"
    assert i18n.card_label("ru", "KH") == "К♥"
    assert i18n.card_label("ru", "Q♠") == "Д♠"
    assert i18n.card_label("ru", "JC") == "В♣"
    assert i18n.card_label("ru", "10D") == "10♦"

    class FakeCard:
        rank = "Q"
        suit = "S"

    assert i18n.card_label("ru", FakeCard()) == "Д♠"
    with pytest.raises(ValueError):
        i18n.card_label("en", "1X")


def test_bidi_isolation_text_and_html() -> None:
    he = catalog("he")
    en = catalog("en")
    assert he.card("10H") == "\u206610♥\u2069"
    assert en.card("10H") == "10♥"
    assert he.card_html("10H") == '<bdi dir="ltr">10♥</bdi>'
    html = he.html("log.player_played", player="<b>x</b>", card=he.card_html("10H"))
    assert '<bdi dir="ltr">10♥</bdi>' in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<b>" not in html
    # catalog card tokens render per language and isolated
    ru = catalog("ru")
    assert "Д♠ В♦" in ru.t("rules.classic.combinations.p1")
    assert '<bdi dir="ltr">Q♠ J♦</bdi>' in he.html("rules.classic.combinations.p1")
    assert "\u2066Q♠ J♦\u2069" in he.t("rules.classic.combinations.p1")


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_card_names_for_aria(lang: str) -> None:
    cat = catalog(lang)
    names = {cat.card_name(f"{r}{s}") for r in i18n.RANKS for s in i18n.SUITS}
    assert len(names) == 32, "every card has its own spoken name"
    for name in names:
        assert "{" not in name and "card." not in name
    aria = cat.card_aria("QS")
    assert "Q♠" in aria or "Д♠" in aria


def test_expected_card_names() -> None:
    assert catalog("en").card_name("QS") == "queen of spades"
    assert catalog("ru").card_name("QS") == "дама пик"
    assert catalog("ru").card_name("JD") == "валет бубён"
    assert catalog("tr").card_name("QS") == "maça kızı"
    assert catalog("tr").card_name("JD") == "karo valesi"
    assert catalog("he").card_name("KH") == "מלך לב"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_message_renders(lang: str) -> None:
    cat = catalog(lang)
    sample = {
        "count": 2,
        "n": 2,
        "player": "P",
        "card": "C",
        "combination": "X",
        "score": 10,
        "target": 1000,
        "points": 20,
        "suit": "S",
        "stake": 2,
        "number": 1,
        "percent": 50,
        "size": 14,
        "variant": "V",
        "label": "L",
        "name": "N",
        "rank": "R",
        "who": "W",
        "side": "S",
        "kind": "K",
    }
    for key in load(lang):
        params = {name: sample.get(name, "v") for name in i18n.placeholders(EN.get(key, ""))}  # type: ignore[arg-type]
        for count in (0, 1, 2, 3, 5, 11, 21, 22):
            if "count" in params:
                params["count"] = count
            if "n" in params:
                params["n"] = count
            text = cat.t(key, **params)
            assert "{" not in text and "[[" not in text, f"{lang}:{key} -> {text}"
        html = cat.html(key, **params)
        assert "[[" not in html


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("variant", i18n.VARIANTS)
def test_rules_screens_render(lang: str, variant: str) -> None:
    cat = catalog(lang)
    sections = i18n.rules_sections(cat, variant)
    assert len(sections) >= 8
    words = 0
    for s in sections:
        assert s["title"] and s["paragraphs"]
        words += sum(len(p.split()) for p in s["paragraphs"])
        if s["table"]:
            assert all(
                len(r["values"]) == len(s["table"]["columns"]) - 1 for r in s["table"]["rows"]
            )
    assert words > 250, f"{lang}/{variant} rules look too short ({words} words)"
    steps = i18n.guide_steps(cat, variant)
    assert 5 <= len(steps) <= 7


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_translations_are_not_english_copies(lang: str) -> None:
    """Long sentences must be translated (short ones like 'OK' may match)."""
    data = load(lang)
    same = [
        k
        for k, v in EN.items()
        if isinstance(v, str) and len(v) > 25 and data.get(k) == v and not k.startswith("lang.")
    ]
    assert not same, f"{lang}: untranslated: {same[:15]}"


def test_words_players_use() -> None:
    """Each community's own vocabulary appears where it should."""
    he, tr, ru = load("he"), load("tr"), load("ru")
    assert "חתונה" in he["decl.marriage"] and "בזיק" in he["decl.bezique"]
    assert "שליט" in str(he["decl.trump_marriage"]) and "לקיחה" in str(
        he["rules.common.trick.title"]
    )
    assert "koz" in str(tr["table.trump_label"]).replace("K", "k")
    assert "Bezik" in str(tr["decl.bezik"]) and "Dönük" in str(tr["table.donuk"])
    assert "sanvuar" in str(tr["summary.why.sanvuar"]).replace("S", "s")
    assert "Марьяж" in str(ru["decl.marriage"]) and "Безик" in str(ru["decl.bezique"])
    assert "козыр" in str(ru["decl.trump_marriage"]).replace("К", "к")
    assert "взятк" in str(ru["rules.common.trick.title"])
    # Turkish players call the K-Q group "papaz-kız"; "evlilik" is a calque of "marriage"
    assert str(tr["decl.marriage"]) == "Papaz-kız"
    assert not any("evlili" in str(v).lower() for v in tr.values())
    assert not any("koltu" in str(v).lower() for v in tr.values())  # an armchair, not a seat
    # four of a kind: "каре" in Russian, the cards' own names in Hebrew (not a letter)
    assert not any("четыре одинаковых" in str(v).lower() for v in ru.values())
    assert "אסים" in str(he["decl.four_aces"]) and "[[" not in str(he["decl.four_kings"])
    # Hebrew speaks to the player in the singular everywhere (never the plural "you")
    plural_you = re.compile(r"לכם|שלכם|אתם|מכם|שניכם|בטוחים מה|שימו לב|העבירו")
    assert not [k for k, v in he.items() if plural_you.search(str(v))]


# ------------------------------------------------------ no prose in web code

FUNCTION_WORDS = frozenset(
    {
        "the",
        "a",
        "an",
        "your",
        "you",
        "is",
        "are",
        "was",
        "to",
        "of",
        "and",
        "or",
        "not",
        "no",
        "for",
        "with",
        "this",
        "that",
        "it",
        "be",
        "has",
        "have",
        "can",
        "cannot",
        "will",
        "won",
        "wins",
        "please",
    }
)
_TAG = re.compile(r"<[^<>]*>")
_ENTITY = re.compile(r"&[#a-zA-Z0-9]+;")
_BRACES = re.compile(r"\{[^{}]*\}")
_CSS_DECL = re.compile(r"^\s*[a-z-]+\s*:\s*[^;]+;?(\s*[a-z-]+\s*:\s*[^;]+;?)*\s*$")
_SILENT_CALLS = frozenset(
    {"print", "log", "warn", "error", "debug", "info", "exception", "warning"}
)


def _is_letter(ch: str) -> bool:
    return unicodedata.category(ch).startswith("L")


def looks_like_prose(text: str) -> bool:
    """The rule described in the module docstring."""
    text = _TAG.sub(" ", text)
    text = _ENTITY.sub(" ", text)
    text = _BRACES.sub(" ", text)
    text = text.strip()
    if not text or _CSS_DECL.match(text):
        return False
    words = [w for w in re.split(r"\s+", text) if any(_is_letter(c) for c in w)]
    if not words:
        return False
    non_ascii = any(_is_letter(c) and ord(c) > 127 for c in text)
    if len(words) == 1:
        return non_ascii or text.endswith(("…", "!", "?"))
    plain = [w.strip(".,;:!?…\"'()«»%") for w in words]
    if non_ascii:
        return True
    if any(re.fullmatch(r"[A-Z][a-z]+", w) for w in plain):
        return True
    if re.search(r"[A-Za-z][.!?…:]$", text):
        return True
    return any(w in FUNCTION_WORDS for w in plain)


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _silenced_nodes(tree: ast.AST) -> set[int]:
    """String nodes inside developer-facing calls (print/console/logging) and raise."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        target: ast.AST | None = None
        if isinstance(node, ast.Raise):
            target = node.exc
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in _SILENT_CALLS:
                target = node
        if target is not None:
            ids.update(id(n) for n in ast.walk(target))
    return ids


def prose_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of every prose-like string literal in a Python source."""
    tree = ast.parse(source)
    lines = source.splitlines()
    skip = _docstring_nodes(tree) | _silenced_nodes(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            # an f-string: judge its literal parts joined, placeholders as gaps
            text = "".join(
                v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else " {} "
                for v in node.values
            )
            for v in node.values:
                skip.add(id(v))
            candidates = [(node, text)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            candidates = [(node, node.value)]
        else:
            continue
        for n, text in candidates:
            if id(n) in skip:
                continue
            line = lines[n.lineno - 1] if n.lineno - 1 < len(lines) else ""
            if "i18n: ignore" in line:
                continue
            if looks_like_prose(text):
                found.append((n.lineno, text))
    return found


def test_prose_detector_rule() -> None:
    prose = [
        "Your turn",
        "You won the trick.",
        "the stock is empty",
        "Loading…",
        "Новая игра",
        "Yeni oyun",
        "תורך",
        "Declare or pass",
        "<p>Play a card</p>",
        "New game",
        "Opponent is thinking…",
        "f{x} wins the game",
    ]
    code = [
        "card face red s-H court",
        "play QS",
        "declare QS JD",
        "seven 7H",
        "data-action",
        "menu.new_game",
        "button",
        "aria-disabled",
        "[data-command='new-game']",
        '<div class="hand" role="toolbar">',
        "color: red; margin: 0",
        "rtl",
        "ltr",
        "prefers-reduced-motion: reduce",
        "keydown",
        "ArrowLeft",
        "Enter",
        "{n}",
        "application/json",
        "utf-8",
        "btn primary",
        "#table .trick > .card",
        "♠",
        "×2",
        "deal_over",
        "%Y-%m-%d %H:%M",
        "play table QS",
        "0 0 24 24",
    ]
    for text in prose:
        assert looks_like_prose(text), text
    for text in code:
        assert not looks_like_prose(text), text


def test_no_player_visible_string_in_code() -> None:
    offenders: list[str] = []
    for path in sorted(WEB_DIR.rglob("*.py")):
        if path == WEB_DIR / "i18n" / "__init__.py":  # the catalogs' own code
            continue
        for line, text in prose_literals(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.name}:{line}: {text!r}")
    assert not offenders, "player-visible text belongs in web/i18n/*.json:\n" + "\n".join(offenders)


def _t_key_literals(source: str) -> list[tuple[int, str]]:
    """First-argument string literals of calls to t(), .t(), .html(), .has()."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        arg = node.args[0]
        if (
            name in {"t", "html", "_t", "tr"}
            and isinstance(arg, ast.Constant)
            and isinstance(arg.value, str)
        ):
            out.append((node.lineno, arg.value))
    return out


def test_every_key_used_in_web_code_exists_in_english() -> None:
    missing: list[str] = []
    for path in sorted(WEB_DIR.rglob("*.py")):
        if path == WEB_DIR / "i18n" / "__init__.py":  # the catalogs' own code
            continue
        for line, key in _t_key_literals(path.read_text(encoding="utf-8")):
            if key not in EN:
                missing.append(f"{path.name}:{line}: {key}")
    assert not missing, "keys used in code but missing from en.json:\n" + "\n".join(missing)


def test_dynamic_key_prefixes_used_in_web_code_exist() -> None:
    """f"decl.{kind}"-style keys: some key with that literal prefix must exist."""
    missing: list[str] = []
    for path in sorted(WEB_DIR.rglob("*.py")):
        if path == WEB_DIR / "i18n" / "__init__.py":  # the catalogs' own code
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            arg = node.args[0]
            prefix = None
            if name == "t" and isinstance(arg, ast.JoinedStr) and arg.values:
                first = arg.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    prefix = first.value
            elif (
                name == "t"
                and isinstance(arg, ast.BinOp)
                and isinstance(arg.op, ast.Add)
                and isinstance(arg.left, ast.Constant)
                and isinstance(arg.left.value, str)
            ):
                prefix = arg.left.value
            if prefix and not any(k.startswith(prefix) for k in EN):
                missing.append(f"{path.name}:{node.lineno}: {prefix}…")
    assert not missing, "dynamic key prefixes with no key in en.json:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_rules_and_guide_html_are_well_formed(lang: str) -> None:
    from html.parser import HTMLParser

    class Checker(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.stack: list[str] = []
            self.tags: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.stack.append(tag)
            self.tags.append(tag)

        def handle_endtag(self, tag: str) -> None:
            assert self.stack and self.stack.pop() == tag, f"unbalanced </{tag}>"

    cat = catalog(lang)
    for variant in i18n.VARIANTS:
        checker = Checker()
        checker.feed(i18n.rules_html(cat, variant))
        assert not checker.stack
        assert checker.tags.count("section") == len(i18n.RULES_LAYOUT[variant])
        assert "table" in checker.tags and "bdi" in checker.tags
        checker = Checker()
        checker.feed(i18n.guide_html(cat, variant))
        assert not checker.stack
        assert checker.tags.count("li") == len(i18n.guide_steps(cat, variant))


def test_no_affix_glued_to_a_placeholder() -> None:
    """Hebrew prefixes (ל־, ב־, ה־ …) and Turkish suffixes change with the word
    they touch ("ל" + "המחשב" is "למחשב"; vowel harmony), so a catalog never
    glues one to a {placeholder}: the sentence is built around the name."""
    he_bad = [
        k
        for k, v in load("he").items()
        if re.search(r"[\u05d0-\u05ea]\{", json.dumps(v, ensure_ascii=False))
    ]
    tr_bad = [
        k
        for k, v in load("tr").items()
        if re.search(r"\}['’]?[a-zçğıöşü]", json.dumps(v, ensure_ascii=False))
    ]
    assert not he_bad, f"Hebrew prefix glued to a placeholder: {he_bad}"
    assert not tr_bad, f"Turkish suffix glued to a placeholder: {tr_bad}"


def test_shell_keys_exist_in_english() -> None:
    """index.html translates its boot/update shell from the catalogs before Python runs."""
    text = shell_text()
    keys = set(re.findall(r'data-i18n="([a-z0-9_.-]+)"', text))
    keys |= set(re.findall(r'\bt\("([a-z0-9_-]+\.[a-z0-9_.-]+)"', text))
    assert keys, "the shell scan found no keys"
    missing = sorted(k for k in keys if k not in EN)
    assert not missing, f"index.html uses keys missing from en.json: {missing}"


def test_ai_hint_reasons_have_texts() -> None:
    """Every reason code the AI's hint can give (engine/ai REASONS) has hint.reason.<code>."""
    codes: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "REASONS" for t in node.targets)
                and isinstance(node.value, ast.Tuple | ast.List | ast.Set)
            ):
                codes.update(str(e.value) for e in node.value.elts if isinstance(e, ast.Constant))
    if not codes:
        pytest.skip("the AI defines no REASONS yet")
    missing = sorted(c for c in codes if f"hint.reason.{c}" not in EN)
    assert not missing, f"hint reasons without text: {missing}"


# ------------------------------------------------------ first-game guides

TARGETS = {"classic": 1000, "russian": 1000, "russian-3": 1500, "russian-4": 1500, "bezik": 3000}
# The multi-pack games have no target: their guides state the rubicon instead.
TARGETS |= {"rubicon": 1000, "six-pack": 3000, "eight-pack": 5000}


def test_one_guide_per_variant_in_every_language() -> None:
    """Each variant has its own guide, every step written in all four catalogs."""
    import engine

    assert set(i18n.GUIDE_LAYOUT) == set(engine.VARIANTS) == set(i18n.VARIANTS)
    guides = {v: tuple(i18n.guide_keys(v)) for v in i18n.VARIANTS}
    assert len(set(guides.values())) == len(guides), "two variants share one guide"
    for variant, keys in guides.items():
        assert 5 <= len(keys) <= 7, variant
        assert f"guide.{variant}.start" in keys and f"guide.{variant}.finish" in keys
        for lang in i18n.LANGS:
            data = load(lang)
            missing = [k for k in keys if k not in data]
            assert not missing, f"{lang}: {variant} guide lacks {missing}"


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("variant", i18n.VARIANTS)
def test_guide_names_its_variant_and_target(lang: str, variant: str) -> None:
    """The guide opens on the variant's own name and states its own target."""
    cat = catalog(lang)
    text = " ".join(i18n.guide_steps(cat, variant, as_html=False))
    assert cat.t(f"options.variant.{variant}") in text
    targets = [TARGETS[variant]] if variant in TARGETS else [1000, 1500]
    for target in targets:
        assert cat.number(target) in text, f"{lang}/{variant}: no {cat.number(target)}"


def test_guides_teach_each_variants_end_phase() -> None:
    """The end-phase step of a guide is the one of its rules family (never another's)."""
    end_step = {
        "classic": "classic.end",
        "russian": "russian.end",
        "russian-3": "russian.end",
        "russian-4": "russian-4.end",
        "no-trump": "no-trump.end",
        "bezik": "bezik.end",
        "rubicon": "multipack.end",
        "six-pack": "multipack.end",
        "eight-pack": "multipack.end",
    }
    for variant, step in end_step.items():
        ends = [s for s in i18n.GUIDE_LAYOUT[variant] if s.endswith(".end")]
        assert ends == [step], variant
    # Only four players have partners: no other guide or two-player rules text names one.
    partner_words = {"en": "partner", "he": "שותף", "tr": "eşiniz", "ru": "партнёр"}
    for lang, word in partner_words.items():
        cat = catalog(lang)
        for variant in ("classic", "russian", "russian-3", "bezik"):
            text = " ".join(i18n.guide_steps(cat, variant, as_html=False)).lower()
            text += " ".join(
                p for s in i18n.rules_sections(cat, variant, as_html=False) for p in s["paragraphs"]
            ).lower()
            assert word not in text, f"{lang}/{variant} mentions a partner"


# ------------------------------------------------------ unused / missing keys


def _namespaces() -> set[str]:
    return {k.split(".", 1)[0] for k in EN}


def _key_like_prefix(text: str) -> bool:
    return bool(re.fullmatch(r"[a-z0-9_]+(?:[.-][a-z0-9_-]+)*\.", text)) and (
        text.split(".", 1)[0] in _namespaces()
    )


def web_key_usage() -> tuple[set[str], dict[str, list[str]]]:
    """(string literals of web/*.py and the shell, dynamic key prefix -> where used).

    Every web module is scanned, so modules added later are covered too. A
    dynamic prefix is the literal start of an f-string or of a ``"…" + x``
    concatenation that looks like a catalog key ending in a dot.
    """
    literals: set[str] = set()
    prefixes: dict[str, list[str]] = {}
    for path in sorted(WEB_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            prefix = None
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    prefix = first.value
            elif (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Add)
                and isinstance(node.left, ast.Constant)
                and isinstance(node.left.value, str)
            ):
                prefix = node.left.value
            if prefix is not None and _key_like_prefix(prefix):
                prefixes.setdefault(prefix, []).append(f"{path.name}:{node.lineno}")
    text = shell_text()
    literals.update(re.findall(r'data-i18n="([a-z0-9_.-]+)"', text))
    literals.update(re.findall(r'\bt\("([a-z0-9_.-]+)"', text))
    return literals, prefixes


def test_every_dynamic_key_prefix_is_registered() -> None:
    """cat.t(f"x.{y}") needs a family in tests/web/catalog_keys.py listing the keys it builds."""
    families = catalog_keys.dynamic_families(EN)
    _, prefixes = web_key_usage()
    assert prefixes, "the scan found no dynamic keys"
    unregistered = {p: where for p, where in prefixes.items() if p not in families}
    assert not unregistered, f"dynamic prefixes not in tests/web/catalog_keys.py: {unregistered}"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_registered_dynamic_key_exists(lang: str) -> None:
    data = load(lang)
    families = catalog_keys.dynamic_families(EN)
    missing = sorted(k for keys in families.values() for k in keys if k not in data)
    assert not missing, f"{lang}: keys the web code can build but the catalog lacks: {missing}"


def test_no_unused_catalog_key() -> None:
    """Every key is written in web code or the shell, or built by a registered family."""
    literals, _ = web_key_usage()
    used = {k for k in EN if k in literals}
    for keys in catalog_keys.dynamic_families(EN).values():
        used.update(keys)
    unused = sorted(set(EN) - used)
    assert not unused, f"{len(unused)} catalog keys nothing uses: {unused}"
