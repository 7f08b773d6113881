"""docs/rules.md against the engine: every declaration table and the card-point table.

Why: the rules reference is written by hand; a value changed in a variant module (or a
typo in the page) would otherwise go unnoticed. Each table follows a marker comment
``<!-- declarations: VARIANT ... -->`` (or ``card-points``) naming the variants it is for.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from deal_positions import build

from engine.cards import RANKS, rank_of
from engine.variants import VARIANTS, make_rules

RULES_DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
MARKER = re.compile(r"^<!-- (declarations|card-points): ([a-z0-9 -]+) -->$")
# Declarations scored by the core rather than listed in a variant's table.
SEVEN = "seven"


def tables(text: str) -> dict[tuple[str, str], list[list[str]]]:
    """(table kind, variant) -> the table's body rows, cells stripped of backticks."""
    found: dict[tuple[str, str], list[list[str]]] = {}
    lines = text.splitlines()
    for number, line in enumerate(lines):
        match = MARKER.match(line.strip())
        if match is None:
            continue
        rows: list[list[str]] = []
        for row in lines[number + 3:]:  # the marker, the header, the rule
            if not row.startswith("|"):
                break
            rows.append([cell.strip().strip("`") for cell in row.strip().strip("|").split("|")])
        for variant in match.group(2).split():
            assert (match.group(1), variant) not in found, f"two tables for {variant}"
            found[(match.group(1), variant)] = rows
    return found


DOC_TABLES = tables(RULES_DOC.read_text(encoding="utf-8"))


def seven_points() -> int:
    """What ``seven 7X`` scores in play: a built classic deal where seat 0 wins a trick
    holding the trump seven."""
    deal = build(["AS 7H 8C 8D 9D 9S KD KC", "7C 8S 9C JC JS QC QD 10C"], turnup="9H")
    deal.apply("play AS")  # seat 0 leads (the dealer is seat 1)
    deal.apply("play 7C")
    deal.apply("seven 7H")
    seat, name, points = deal.declarations[-1]
    assert (seat, name) == (0, SEVEN)
    return points


def test_every_variant_has_a_declaration_table() -> None:
    assert {v for kind, v in DOC_TABLES if kind == "declarations"} == set(VARIANTS)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_declaration_table_matches_the_engine(variant: str) -> None:
    rows = DOC_TABLES[("declarations", variant)]
    documented = {row[2]: int(row[3]) for row in rows}
    assert len(documented) == len(rows), "a record name listed twice"
    rules = make_rules(variant)
    expected = dict(VARIANTS[variant].combination_points)
    if rules.trump_sevens:
        expected[SEVEN] = seven_points()
    assert documented == expected


def test_card_point_table_matches_the_engine() -> None:
    variants = [v for kind, v in DOC_TABLES if kind == "card-points"]
    assert variants
    for variant in variants:
        rules = make_rules(variant)
        assert rules.card_points, f"{variant} has no card points"
        documented: dict[str, int] = {}
        for rank_cell, points in DOC_TABLES[("card-points", variant)]:
            for rank in rank_cell.split(","):
                documented[rank.strip()] = int(points)
        ranks = {RANKS[rank_of(code)] for code in rules.kinds}
        assert documented == {r: rules.card_points.get(RANKS.index(r), 0) for r in ranks}


def heading_anchor(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces
    turned into hyphens."""
    kept = "".join(ch for ch in heading.strip().lower() if ch.isalnum() or ch in " -_")
    return kept.replace(" ", "-")


def test_links_between_the_docs_resolve() -> None:
    """Every relative link of docs/*.md names a file the repository holds, and a heading
    of that file when it names an anchor."""
    docs = RULES_DOC.parent
    link = re.compile(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)")
    broken = []
    for page in sorted(docs.glob("*.md")):
        for target, anchor in link.findall(page.read_text(encoding="utf-8")):
            if target.startswith(("http:", "https:")):
                continue
            path = (docs / target).resolve() if target else page
            if not path.is_file():
                broken.append(f"{page.name}: {target}")
                continue
            if anchor:
                headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
                if anchor not in {heading_anchor(h) for h in headings}:
                    broken.append(f"{page.name}: {target}#{anchor}")
    assert not broken


def test_the_glance_table_counts_the_cards_as_the_engine_deals_them() -> None:
    """Cards, hand sizes and the stock left after the deal, for every number of players."""
    lines = RULES_DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index("<!-- at-a-glance -->") + 1
    header = [c.strip().strip("`") for c in lines[start].strip().strip("|").split("|")]
    rows: dict[str, list[str]] = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    assert sorted(header[1:]) == sorted(VARIANTS)
    for column, variant in enumerate(header[1:]):
        spec = VARIANTS[variant].option_specs.get("players")
        counts = spec.allowed if spec is not None else (None,)
        stocks = []
        for players in counts:
            rules = make_rules(variant, None if players is None else {"players": players})
            cards = len(rules.kinds)
            assert rows["cards"][column] == str(cards)
            assert rows["dealt to each"][column].startswith(f"{rules.hand_size} (")
            packets = ", ".join(str(p) for p in rules.deal_packets)
            assert rows["dealt to each"][column].endswith(f"({packets})")
            turnup = 1 if rules.has_turnup else 0
            assert rows["turn-up"][column] == ("yes" if turnup else "no")
            stocks.append(str(cards - rules.hand_size * rules.players - turnup))
        shown = rows["stock after the deal"][column].replace(" or ", ", ").split(", ")
        assert shown == stocks
