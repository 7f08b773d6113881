"""The end-to-end modules' costs (tests/e2e/conftest.py's MODULE_COST) name every module:
one left out would run last, and a long one there keeps one worker busy while the other
waits (the order that lets the two workers end together)."""

from __future__ import annotations

import ast
from pathlib import Path

E2E = Path(__file__).resolve().parents[1] / "e2e"


def module_cost() -> dict[str, int]:
    tree = ast.parse((E2E / "conftest.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "MODULE_COST" for t in node.targets
        ):
            return dict(ast.literal_eval(node.value))
    raise AssertionError("tests/e2e/conftest.py has no MODULE_COST")


def test_every_end_to_end_module_has_its_cost() -> None:
    modules = {path.stem for path in E2E.glob("test_*.py")}
    costs = module_cost()
    assert modules - costs.keys() == set(), "add these modules' CPU-seconds to MODULE_COST"
    assert costs.keys() - modules == set(), "MODULE_COST names modules that are gone"
