"""The first visit's start screens that the build writes into index.html (the shell draws
one before Python is ready; tests/e2e/test_warm_start.py checks it in the browser)."""

from __future__ import annotations

import json
import re

import build
from web import i18n

SHELL = '<html><head><meta charset="utf-8">\n</head><body></body></html>'


def test_each_language_has_its_start_screen_with_play() -> None:
    html = build.with_first_start(SHELL)
    found = re.search(r'<script type="application/json" id="bz-first-start">(.*?)</script>',
                      html, re.S)
    assert found is not None and found.end() < html.index("</head>")
    screens = json.loads(found.group(1))
    assert sorted(screens) == sorted(i18n.LANGS)
    for lang, first in screens.items():
        screen = first["screen"]
        assert 'data-screen="start"' in screen and 'data-command="play"' in screen, lang
        assert 'data-command="continue"' not in screen  # a first visit has no game to go on
        assert first["skeleton"].startswith('<div id="bz"')
    assert "עברית" in screens["en"]["screen"]  # each screen offers the four languages


def test_the_boot_downloads_wait_for_the_first_screen() -> None:
    """The preloads are a function the shell calls once the start screen is painted, not
    requests made while the page's head is read."""
    html = build.with_boot_preloads(SHELL)
    assert "window.__bzBootDownloads = function" in html
    assert "})();" not in html.split("__bzBootDownloads", 1)[1].split("</script>", 1)[0]
    assert "__bzBootDownloads?.()" in (build.ROOT / "web" / "shell-boot.js").read_text("utf-8")


def test_the_shells_own_words_come_with_the_page_in_every_language() -> None:
    """The loading and error screens are worded before (or without) the catalog: every
    catalog entry the shell shows is written into the page, in each language."""
    shell = build.with_inline_shell((build.ROOT / "index.html").read_text(encoding="utf-8"))
    used = set(re.findall(r'data-i18n="([a-z_.]+)"', shell))
    used |= set(re.findall(r'\bt\("((?:boot|update)\.[a-z_.]+)"', shell))
    assert used == set(build.SHELL_KEYS)
    html = build.with_first_start(SHELL)
    found = re.search(r'id="bz-first-start">(.*?)</script>', html, re.S)
    assert found is not None
    screens = json.loads(found.group(1))
    for lang in i18n.LANGS:
        catalog = json.loads((build.ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        assert screens[lang]["texts"] == {key: catalog[key] for key in build.SHELL_KEYS}, lang
