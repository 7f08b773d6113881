"""The guided first deal in Chromium: each variant's prepared deal played through as a
player would, tapping "Got it" and the highlighted card, bubble after bubble, to the
bubble after its script; left and resumed from the start screen, and across a reload.

`make test` plays five of them (one of each family, every language), at a phone's size
(the bubble next to the hand is what a phone shows); `make test-long`
(BEZIQUE_GUIDED_LANGS=all) plays every variant in every language. Every variant's deal is
also played through the table without a browser (tests/web/test_guided_table.py). The bubbles'
pictures, phone and desktop, go to artifacts/ when pictures are asked for
(tests/e2e/pictures.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pictures
import pytest
from playwright.sync_api import Page
from positions import visit

from engine.guided import GUIDED_VARIANTS, script_for
from web.i18n import LANGS

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 720}
ALL_LANGS = os.environ.get("BEZIQUE_GUIDED_LANGS") == "all"
# make test: one of each family, each language once (the start screen's button, partners,
# two moments in one bubble, a reload, the computer fixing trumps); the rest of the 36 in
# make test-long (the longest deals are the multi-pack ones: 170 to 340 moves).
QUICK = [("classic", "en"), ("russian-4", "ru"), ("no-trump", "tr"), ("bezik", "he"),
         ("rubicon", "en")]
CASES = [(v, lang) for v in GUIDED_VARIANTS for lang in LANGS] if ALL_LANGS else QUICK

# Plays in the page, as a person would, until the bubble `stop` (or the last one): taps
# "Got it" where a bubble only explains, else the highlighted card or choice, each tap
# once the table has taken the one before. Returns the bubbles shown (each its moments).
FOLLOW = """async (stop) => {
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  const html = document.documentElement;
  const seen = [];
  let last = "";
  const deadline = Date.now() + 200000;
  while (Date.now() < deadline) {
    const bubble = document.querySelector("#bz-prompt .guide-bubble");
    const moments = bubble ? [...bubble.querySelectorAll("[data-guide-moment]")]
      .map(e => e.dataset.guideMoment) : [];
    const key = moments.join() + "|" + (bubble ? bubble.dataset.guideAsk || "" : "");
    if (moments.length && key !== last) seen.push(moments);
    last = moments.length ? key : "";
    if (moments.includes(stop) && stop !== "free") return seen;
    const tap = document.querySelector('#bz-prompt [data-command="guided-ok"]')
      || document.querySelector('#bz [data-action].hinted:not([aria-disabled="true"])');
    if (tap) {
      tap.click();
      for (let k = 0; k < 200 && (tap.isConnected || html.dataset.pending); k++) await sleep(5);
      if (moments.includes("free")) return seen;
    } else {
      await sleep(10);
    }
  }
  return seen;
}"""

# The bubble's arrow stands over the card it points at.
ARROW_ON_CARD = """() => {
  const bubble = document.querySelector("#bz-prompt .guide-bubble[data-pointed]");
  const card = bubble && bubble.dataset.pointAt.split(";")
    .map(sel => document.querySelector(sel)).find(Boolean);
  if (!card) return false;
  const x = bubble.getBoundingClientRect().left
    + parseFloat(getComputedStyle(bubble).getPropertyValue("--arrow-x"));
  const box = card.getBoundingClientRect();
  return x >= box.left - 1 && x <= box.right + 1;
}"""


def shoot(page: Page, name: str, lang: str, artifacts_dir: object) -> None:
    """The bubble on a phone and on a desktop, if these pictures are asked for."""
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        if pictures.wanted(lang, size):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(2500)  # the call-outs over, the table fitted, the arrow placed
            page.screenshot(path=f"{artifacts_dir}/guided-{name}-{lang}-{size}.png")
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize(("variant", "lang"), CASES)
def test_a_guided_deal_played_through(page: Page, app_url: str,
                                      wait_ready: Callable[..., None], variant: str,
                                      lang: str, artifacts_dir: object) -> None:
    page.set_viewport_size(PHONE)
    visit(page, app_url, wait_ready, stored={"bezique.lang": lang})
    if variant == "classic":  # the start screen's button: the game dealt behind it
        page.click('[data-screen="start"] [data-command="guided"]')
    else:  # the rules', for the variant read
        page.click('[data-screen="start"] [data-command="rules"]')
        page.select_option('select[name="rules-variant"]', variant)
        page.click(f'[data-command="guided"][data-variant="{variant}"]')
    steps = script_for(variant).steps
    first = page.evaluate(FOLLOW, steps[0].moment)
    assert steps[0].moment in first[-1]
    bubble = page.locator("#bz-prompt .guide-bubble")
    assert bubble.locator(f'[data-guide-moment="{steps[0].moment}"]').count() == 1
    assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")
    if steps[0].ask is not None:  # the asked card stands out, the others are dimmed
        assert bubble.get_attribute("data-guide-ask") == steps[0].ask
        assert page.locator("#bz-me .hinted").count() >= 1
        dimmed = page.evaluate("() => [...document.querySelectorAll('#bz-me .hcard')]"
                               ".filter(e => getComputedStyle(e).filter.includes('brightness'))"
                               ".length")
        assert dimmed >= 1
        # the bubble's arrow points at the card (placed by the shell once the cards landed)
        page.wait_for_function(ARROW_ON_CARD, timeout=5_000)
    shoot(page, f"{variant}-first", lang, artifacts_dir)
    # left for the start screen, resumed by its Continue where it was
    page.click('#bz-prompt [data-command="guided-leave"]')
    page.wait_for_selector('[data-screen="start"] [data-command="continue"]')
    page.click('[data-screen="start"] [data-command="continue"]')
    page.wait_for_selector(f'#bz-prompt [data-guide-moment="{steps[0].moment}"]')
    middle = steps[len(steps) // 2]
    seen = first[:-1] + page.evaluate(FOLLOW, middle.moment)
    shoot(page, f"{variant}-middle", lang, artifacts_dir)
    if variant == "bezik":  # a reload (the phone closed the app): resumed as well
        page.reload()
        wait_ready(page)
        page.click('[data-screen="start"] [data-command="continue"]')
        page.wait_for_selector(f'#bz-prompt [data-guide-moment="{middle.moment}"]')
    seen = seen[:-1] + page.evaluate(FOLLOW, "free")
    assert [m for bubble in seen for m in bubble] == [s.moment for s in steps] + ["free"]
    page.wait_for_function("() => !document.querySelector('#bz-prompt .guide-bubble')")
    assert page.locator("#bz .notice.error").count() == 0
