"""Draw the card faces and backs as SVG: web/cards.svg (one sprite) and web/card-back-*.svg.

Why generated: 32 faces share four suit pips, the standard pip layouts and three
court figures; writing them out by hand would repeat every shape.  The output is
deterministic (same script, same bytes) and committed, so the app needs no build
step for it:

    .venv/bin/python tools/make_card_faces.py          # rewrite the files
    .venv/bin/python tools/make_card_faces.py --check  # exit 1 if they are stale

Each face is a ``<symbol id="c-QS">`` on a 100 x 140 card; the app draws it with
``<use href="#c-QS">`` (the page holds one copy of this file) under its HTML corner index,
text in the player's language (so no letter is drawn here).  Everything stays
inside x 22-78 at the top and bottom, leaving both corners to the index.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPRITE = ROOT / "web" / "cards.svg"
BACKS = {name: ROOT / "web" / f"card-back-{name}.svg" for name in ("blue", "red")}

RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7")
SUITS = ("S", "H", "D", "C")
RED, BLACK = "#c8102e", "#161616"
BLUE, GOLD, SKIN, INK = "#1f47a3", "#f2b705", "#f6d5ae", "#161616"

# Suit pips drawn in a 100 x 100 box centred on (50, 50).
PIPS = {
    "H": "M50 92C30 74 4 56 6 32C8 14 22 6 34 8C42 9 48 15 50 22C52 15 58 9 66 8"
    "C78 6 92 14 94 32C96 56 70 74 50 92Z",
    "D": "M50 2Q68 28 88 50Q68 72 50 98Q32 72 12 50Q32 28 50 2Z",
    "S": "M50 4C40 22 6 38 6 62C6 78 20 86 32 84C40 83 45 78 47 73C46 84 42 91 34 96H66"
    "C58 91 54 84 53 73C55 78 60 83 68 84C80 86 94 78 94 62C94 38 60 22 50 4Z",
    "C": "M50 8A20 20 0 0 0 34 41A20 20 0 1 0 46 72C45 84 41 91 34 96H66C59 91 55 84 54 72"
    "A20 20 0 1 0 66 41A20 20 0 0 0 50 8Z",
}

# Standard pip layouts (x, y) on the 100 x 140 card; pips below the middle turn over.
COL_L, COL_R, MID = 37, 63, 50
ROWS3 = (29, 70, 111)
ROWS4 = (29, 56.3, 83.7, 111)
LAYOUTS: dict[str, list[tuple[float, float]]] = {
    "7": [(x, y) for y in ROWS3 for x in (COL_L, COL_R)] + [(MID, 49.5)],
    "8": [(x, y) for y in ROWS3 for x in (COL_L, COL_R)] + [(MID, 49.5), (MID, 90.5)],
    "9": [(x, y) for y in ROWS4 for x in (COL_L, COL_R)] + [(MID, 70)],
    "10": [(x, y) for y in ROWS4 for x in (COL_L, COL_R)] + [(MID, 42.6), (MID, 97.4)],
}
PIP_SIZE = 19


def colour(suit: str) -> str:
    return RED if suit in ("H", "D") else BLACK


def pip(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    """One pip (a use of the suit's symbol) centred on (x, y)."""
    h = size
    rot = f' transform="rotate(180 {x:g} {y:g})"' if flip else ""
    return (
        f'<use href="#p{suit}" x="{x - h / 2:g}" y="{y - h / 2:g}" width="{h:g}" height="{h:g}"'
        f"{rot}/>"
    )


def pip_face(rank: str, suit: str) -> str:
    body = "".join(pip(suit, x, y, PIP_SIZE, flip=y > 70) for x, y in LAYOUTS[rank])
    return f'<g fill="{colour(suit)}">{body}</g>'


def ace_face(suit: str) -> str:
    """One large pip; the ace of spades gets the traditional ornate ring."""
    fill = colour(suit)
    ring = ""
    if suit == "S":
        ring = (
            f'<circle cx="50" cy="70" r="29" fill="none" stroke="{fill}" stroke-width="1.2"/>'
            f'<circle cx="50" cy="70" r="26" fill="none" stroke="{GOLD}" stroke-width="2"/>'
        )
    size = 40 if suit == "S" else 46
    return f'{ring}<g fill="{fill}">{pip(suit, 50, 70, size)}</g>'


# ------------------------------------------------------------------ courts
# A court card is drawn like a real French-pattern deck: a framed, double-ended
# half figure (the top half turned over for the bottom), in the four classic
# colours, with the suit's pip beside the head.

ROBES = {  # (robe, collar / trim) per suit
    "S": (BLUE, RED),
    "H": (RED, BLUE),
    "D": (RED, GOLD),
    "C": (BLUE, GOLD),
}


def crown(cx: float, top: float, width: float, points: int, jewel: str) -> str:
    """A gold crown whose base sits at top + 9."""
    base = top + 9
    step = width / (2 * points)
    left = cx - width / 2
    path = [f"M{left:g} {base:g}"]
    for i in range(points):
        path.append(f"L{left + step * (2 * i + 1):g} {top:g}")
        path.append(f"L{left + step * (2 * i + 2):g} {top + 5:g}")
    path.append(f"L{left + width:g} {base:g}Z")
    jewels = "".join(
        f'<circle cx="{left + step * (2 * i + 1):g}" cy="{top + 1:g}" r="1.3" fill="{jewel}"/>'
        for i in range(points)
    )
    band = (
        f'<rect x="{left:g}" y="{base - 2.5:g}" width="{width:g}" height="2.5" fill="{jewel}"'
        ' opacity="0.85"/>'
    )
    outline = f'<path d="{"".join(path)}" fill="{GOLD}" stroke="{INK}" stroke-width="0.6"/>'
    return outline + jewels + band


def face(cx: float, cy: float, beard: str | None, hair: str, long_hair: bool) -> str:
    """Head: hair behind, face, eyes, nose, mouth, beard."""
    parts = []
    if long_hair:
        parts.append(
            f'<path d="M{cx - 10:g} {cy - 3:g}Q{cx - 13:g} {cy + 12:g} {cx - 8:g} {cy + 16:g}'
            f"L{cx + 8:g} {cy + 16:g}Q{cx + 13:g} {cy + 12:g} {cx + 10:g} {cy - 3:g}Z"
            f'" fill="{hair}" stroke="{INK}" stroke-width="0.5"/>'
        )
    parts.append(
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="7.5" ry="9" fill="{SKIN}" stroke="{INK}"'
        ' stroke-width="0.7"/>'
    )
    parts.append(
        f'<path d="M{cx - 7.5:g} {cy - 2:g}Q{cx:g} {cy - 12:g} {cx + 7.5:g} {cy - 2:g}'
        f'Q{cx:g} {cy - 6:g} {cx - 7.5:g} {cy - 2:g}Z" fill="{hair}"/>'
    )
    parts.append(
        f'<circle cx="{cx - 3:g}" cy="{cy:g}" r="0.9" fill="{INK}"/>'
        f'<circle cx="{cx + 3:g}" cy="{cy:g}" r="0.9" fill="{INK}"/>'
        f'<path d="M{cx:g} {cy + 0.5:g}L{cx - 1:g} {cy + 4:g}H{cx + 0.5:g}" fill="none"'
        f' stroke="{INK}" stroke-width="0.6"/>'
        f'<path d="M{cx - 2:g} {cy + 6:g}Q{cx:g} {cy + 7.2:g} {cx + 2:g} {cy + 6:g}" fill="none"'
        f' stroke="{RED}" stroke-width="0.9"/>'
    )
    if beard:
        parts.append(
            f'<path d="M{cx - 7.5:g} {cy + 2:g}Q{cx - 7:g} {cy + 15:g} {cx:g} {cy + 16:g}'
            f"Q{cx + 7:g} {cy + 15:g} {cx + 7.5:g} {cy + 2:g}"
            f"Q{cx + 4:g} {cy + 8:g} {cx:g} {cy + 8:g}"
            f'Q{cx - 4:g} {cy + 8:g} {cx - 7.5:g} {cy + 2:g}Z" fill="{beard}" stroke="{INK}"'
            ' stroke-width="0.5"/>'
        )
    return "".join(parts)


def robe(robe_fill: str, trim: str, ermine: bool, hand_x: float) -> str:
    """Shoulders, arms and chest down to the card's middle (y 70)."""
    parts = [
        f'<path d="M26 70L27.5 58Q29 49 40 47L45 45H55L60 47Q71 49 72.5 58L74 70Z"'
        f' fill="{robe_fill}" stroke="{INK}" stroke-width="0.8"/>',
        # a panel down the chest with buttons
        f'<path d="M45 45H55L57.5 70H42.5Z" fill="{trim}" stroke="{INK}" stroke-width="0.6"/>',
        "".join(f'<circle cx="50" cy="{y}" r="1.1" fill="{GOLD}"/>' for y in (51, 56.5, 62)),
        # arms, and a hem of gold with diamonds in the trim colour
        f'<path d="M34 52Q31 61 34.5 70M66 52Q69 61 65.5 70" fill="none" stroke="{INK}"'
        ' stroke-width="0.6"/>',
        f'<path d="M30 53Q29 61 31 70M70 53Q71 61 69 70" fill="none" stroke="{GOLD}"'
        ' stroke-width="1.5"/>',
        f'<rect x="26.5" y="65.5" width="47" height="4.5" fill="{GOLD}" stroke="{INK}"'
        ' stroke-width="0.4"/>',
        "".join(
            f'<path d="M{x} 65.8l1.8 2-1.8 2-1.8-2Z" fill="{trim}"/>' for x in range(30, 72, 6)
        ),
        f'<circle cx="{hand_x}" cy="59" r="2.6" fill="{SKIN}" stroke="{INK}" stroke-width="0.5"/>',
    ]
    if ermine:  # the king's white fur collar with black tails
        parts.append(
            '<path d="M34 47Q50 54 66 47L64 44Q50 49 36 44Z" fill="#fff" stroke="#161616"'
            ' stroke-width="0.5"/>'
            + "".join(
                f'<path d="M{x} 47.5l-0.8 2.2h1.6Z" fill="{INK}"/>' for x in (38, 44, 50, 56, 62)
            )
        )
    else:
        parts.append(
            f'<path d="M38 45Q50 52 62 45L60 43Q50 48 40 43Z" fill="{GOLD}" stroke="{INK}"'
            ' stroke-width="0.5"/>'
        )
    return "".join(parts)


def attribute(rank: str, suit: str) -> str:
    """What the figure holds: sceptre (king), flower (queen), halberd (jack)."""
    if rank == "K":
        return (
            f'<path d="M70 68L70 26" stroke="{INK}" stroke-width="2.2"/>'
            f'<path d="M70 68L70 26" stroke="{GOLD}" stroke-width="1.2"/>'
            f'<circle cx="70" cy="24" r="3.2" fill="{GOLD}" stroke="{INK}" stroke-width="0.6"/>'
            f'<path d="M70 19V16M68.5 17.5H71.5" stroke="{INK}" stroke-width="0.8"/>'
        )
    if rank == "Q":
        petals = "".join(
            f'<ellipse cx="31" cy="36" rx="2.2" ry="4.2" transform="rotate({a} 31 40)"'
            f' fill="{RED}" stroke="{INK}" stroke-width="0.4"/>'
            for a in (0, 72, 144, 216, 288)
        )
        return (
            f'<path d="M31 66Q29 54 31 42" fill="none" stroke="#2e7d32" stroke-width="1.4"/>'
            f'<path d="M31 54q-6-2-7-7q6 0 7 7Z" fill="#2e7d32"/>'
            f'{petals}<circle cx="31" cy="40" r="1.8" fill="{GOLD}"/>'
        )
    return (  # jack: a halberd on the shoulder
        f'<path d="M71 69L68 22" stroke="{INK}" stroke-width="1.6"/>'
        f'<path d="M68 22l-1.2-6 3.4 5.6Z" fill="#9aa4ad" stroke="{INK}" stroke-width="0.4"/>'
        f'<path d="M68.4 27q7-2 9 4q-5 1-8.7 0Z" fill="#9aa4ad" stroke="{INK}" stroke-width="0.5"/>'
    )


def headwear(rank: str, suit: str) -> str:
    trim = ROBES[suit][1]
    if rank == "K":
        return crown(50, 12.5, 21, 3, RED if trim != RED else BLUE)
    if rank == "Q":
        return crown(50, 14.5, 16, 3, BLUE if trim != BLUE else RED)
    # jack: a flat cap with a feather
    return (
        f'<path d="M38 25Q39 14 50 14Q61 14 62 25Z" fill="{trim}" stroke="{INK}"'
        ' stroke-width="0.6"/>'
        f'<rect x="37" y="23" width="26" height="3.2" rx="1.2" fill="{GOLD}" stroke="{INK}"'
        ' stroke-width="0.5"/>'
        f'<path d="M58 18Q64 9 71 11Q65 13 60 20Z" fill="#fff" stroke="{INK}" stroke-width="0.5"/>'
    )


def half_figure(rank: str, suit: str) -> str:
    robe_fill, trim = ROBES[suit]
    hair = {"K": "#e8e2d0", "Q": "#8a5a2b", "J": "#6b3f1d"}[rank]
    beard = "#e8e2d0" if rank == "K" else None
    return (
        attribute(rank, suit)
        + robe(robe_fill, trim, ermine=rank == "K", hand_x=31 if rank == "Q" else 70)
        + '<g transform="translate(50 34) scale(1.15) translate(-50 -34)">'
        + face(50, 34, beard, hair, long_hair=rank == "Q")
        + "</g>"
        + headwear(rank, suit)
        + f'<g fill="{colour(suit)}">{pip(suit, 69 if rank == "Q" else 31, 40, 10)}</g>'
    )


def court_face(rank: str, suit: str) -> str:
    """Framed double-ended figure: the top half, and the same turned over."""
    half = f"h{rank}{suit}"
    return (
        '<rect x="23" y="11" width="54" height="118" rx="2" fill="#fbf3dc"/>'
        f'<g id="{half}" clip-path="url(#half)">{half_figure(rank, suit)}</g>'
        f'<use href="#{half}" transform="rotate(180 50 70)"/>'
        '<path d="M23 70H77" stroke="#8a6d1f" stroke-width="0.8"/>'
        '<rect x="23" y="11" width="54" height="118" rx="2" fill="none" stroke="#8a6d1f"'
        ' stroke-width="1.2"/>'
    )


def card_symbol(rank: str, suit: str) -> str:
    if rank == "A":
        art = ace_face(suit)
    elif rank in ("K", "Q", "J"):
        art = court_face(rank, suit)
    else:
        art = pip_face(rank, suit)
    return f'<symbol id="c-{rank}{suit}" viewBox="0 0 100 140">{art}</symbol>'


def sprite() -> str:
    # Each pip takes its suit's colour from the page when four-colour suits are on
    # (web/screens.css: .pip-c { fill: var(--suit-c) }); unset, it keeps the face's own colour.
    pips = "".join(
        f'<symbol id="p{s}" viewBox="0 0 100 100">'
        f'<path class="pip-{s.lower()}" d="{PIPS[s]}"/></symbol>'
        for s in SUITS
    )
    cards = "\n".join(card_symbol(r, s) for s in SUITS for r in RANKS)
    clip = '<clipPath id="half"><rect x="23.5" y="11.5" width="53" height="58.5"/></clipPath>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        "<!-- Generated by tools/make_card_faces.py; edit that script, not this file. -->\n"
        f"<defs>{clip}</defs>{pips}\n{cards}\n</svg>\n"
    )


# ------------------------------------------------------------------- backs


def back(name: str) -> str:
    """Two card backs: a blue lattice with a medallion, a burgundy rosette pattern."""
    if name == "blue":
        ground, line, accent = "#1d3f8f", "#e9eefb", "#ffd54a"
        pattern = (
            f'<pattern id="g" width="10" height="10" patternUnits="userSpaceOnUse"'
            f' patternTransform="rotate(45)"><rect width="10" height="10" fill="{ground}"/>'
            f'<path d="M0 0H10M0 0V10" stroke="{line}" stroke-width="1" opacity="0.55"/>'
            f'<circle cx="5" cy="5" r="1.1" fill="{line}" opacity="0.7"/></pattern>'
        )
        medallion = (
            f'<ellipse cx="50" cy="70" rx="20" ry="26" fill="{ground}" stroke="{line}"'
            ' stroke-width="2"/>'
            f'<ellipse cx="50" cy="70" rx="15" ry="21" fill="none" stroke="{accent}"'
            ' stroke-width="1.2"/>'
            f'<g fill="{line}">'
            + "".join(
                f'<use href="#p{s}" x="{x}" y="{y}" width="10" height="10"/>'
                for s, (x, y) in zip(SUITS, ((45, 52), (56, 65), (45, 78), (34, 65)), strict=True)
            )
            + "</g>"
        )
    else:
        ground, line, accent = "#7a1426", "#f6dfa4", "#f6dfa4"
        pattern = (
            f'<pattern id="g" width="14" height="14" patternUnits="userSpaceOnUse">'
            f'<rect width="14" height="14" fill="{ground}"/>'
            f'<circle cx="7" cy="7" r="4.5" fill="none" stroke="{line}" stroke-width="0.9"'
            ' opacity="0.8"/>'
            f'<circle cx="0" cy="0" r="2" fill="{line}" opacity="0.6"/>'
            f'<circle cx="14" cy="0" r="2" fill="{line}" opacity="0.6"/>'
            f'<circle cx="0" cy="14" r="2" fill="{line}" opacity="0.6"/>'
            f'<circle cx="14" cy="14" r="2" fill="{line}" opacity="0.6"/>'
            f'<circle cx="7" cy="7" r="1.3" fill="{line}"/></pattern>'
        )
        medallion = (
            f'<path d="M50 40L72 70L50 100L28 70Z" fill="{ground}" stroke="{line}"'
            ' stroke-width="2"/>'
            f'<path d="M50 49L65 70L50 91L35 70Z" fill="none" stroke="{accent}"'
            ' stroke-width="1"/>'
            f'<g fill="{line}"><use href="#pS" x="40" y="60" width="20" height="20"/></g>'
        )
    pips = "".join(
        f'<symbol id="p{s}" viewBox="0 0 100 100"><path d="{PIPS[s]}"/></symbol>' for s in SUITS
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140"'
        ' preserveAspectRatio="none">\n'
        "<!-- Generated by tools/make_card_faces.py; edit that script, not this file. -->\n"
        f"<defs>{pips}{pattern}</defs>"
        '<rect width="100" height="140" rx="8" fill="#f4f1e8"/>'
        '<rect x="5" y="5" width="90" height="130" rx="5" fill="url(#g)"/>'
        f'<rect x="8" y="8" width="84" height="124" rx="4" fill="none" stroke="{accent}"'
        ' stroke-width="1"/>'
        f"{medallion}\n</svg>\n"
    )


def outputs() -> dict[Path, str]:
    files = {SPRITE: sprite()}
    files.update({path: back(name) for name, path in BACKS.items()})
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the files are stale")
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
            continue
        path.write_text(text, encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(text.encode()):,} bytes")
    if stale:
        print("stale, run tools/make_card_faces.py:", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
