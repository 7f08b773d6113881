"""The catalogs as the app reads them: from the files mounted beside the code, each
language over English (a key missing in a language falls back to its English text)."""

from __future__ import annotations

from pathlib import Path

from web import i18n

I18N_DIR = Path(__file__).resolve().parent / "i18n"


def load_catalog(lang: str) -> i18n.Catalog:
    """The catalog of a language with English as fallback (read from the mounted files)."""

    def read(code: str) -> str:
        try:
            return (I18N_DIR / f"{code}.json").read_text(encoding="utf-8")
        except OSError:
            return "{}"

    english = read("en")
    if lang == "en":
        return i18n.Catalog.from_json("en", english)
    return i18n.load_catalog(lang, read(lang), english)
