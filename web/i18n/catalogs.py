"""The catalogs as the app reads them: from the files mounted beside the code, each
language over English (a key missing in a language falls back to its English text);
and the table switched to another language."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from web import i18n, storage
from web.platform.dom import Dom
from web.storage import KeyValue

I18N_DIR = Path(__file__).resolve().parent  # the catalogs lie beside this package's code


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


class Titled(Protocol):
    title_shown: str


class Speaking(Protocol):
    """What a change of language sets (``web.app.App`` is one)."""

    lang: str
    cat: i18n.Catalog

    @property
    def dom(self) -> Dom: ...
    @property
    def store(self) -> KeyValue: ...

    @property
    def painter(self) -> Titled: ...


def use_language(app: Speaking, lang: str, save: bool = True) -> None:
    """The table speaks ``lang`` from now on (``save``: the player chose it, remember it)."""
    app.lang = lang
    app.cat = load_catalog(lang)
    title = app.cat.t("app.title")
    app.dom.set_lang(lang, i18n.direction(lang), title)
    app.painter.title_shown = title
    if save:
        storage.set_text(app.store, storage.LANG_KEY, lang)
