"""The build strips comments and docstrings from the shipped Python, every line kept where it
was (a traceback from a device names the repository's line)."""

from __future__ import annotations

import ast
import io
import linecache
import tokenize
import traceback
from pathlib import Path

import pytest
from tool_loader import ROOT, load_tool

build = load_tool("build")
SHIPPED = [
    p.relative_to(ROOT).as_posix()
    for p in [*build.engine_files(), *build._walk(ROOT / "web")]
    if p.suffix == ".py"
]


def shape(tree: ast.AST) -> list[tuple[str, int, int]]:
    """Every node's kind and position, docstrings and the `pass` standing for one left out."""
    drop: set[int] = set()
    for node, _alone in build._docstring_nodes(tree):
        drop.add(id(node))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and len(body) == 1 and isinstance(body[0], ast.Pass):
            drop.add(id(body[0]))
    out: list[tuple[str, int, int]] = []

    def visit(node: ast.AST) -> None:
        if id(node) in drop:
            return
        where = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        out.append((type(node).__name__, *where))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


@pytest.mark.parametrize("rel", SHIPPED)
def test_stripped_module_keeps_every_statement_on_its_line(rel: str) -> None:
    source = (ROOT / rel).read_text("utf-8")
    stripped = build.strip_python(source)
    assert stripped.count("\n") == source.count("\n")
    assert shape(ast.parse(stripped)) == shape(ast.parse(source))
    tokens = tokenize.generate_tokens(io.StringIO(stripped).readline)
    assert not [t for t in tokens if t.type == tokenize.COMMENT]
    assert not list(build._docstring_nodes(ast.parse(stripped)))


SAMPLE = '''"""Module doc."""
from __future__ import annotations  # must stay first

import math  # why


class Empty:
    """Only a docstring."""


def explained(x: int) -> int:
    """A docstring
    over three lines, with an apostrophe's "quotes" and ünïcode."""
    # a comment line
    text = "# not a comment"  # a comment
    return 1 // (x - x) if text else math.floor(x)
'''


def test_a_traceback_from_stripped_code_names_the_original_line(tmp_path: Path) -> None:
    stripped = build.strip_python(SAMPLE)
    assert "Module doc" not in stripped and "why" not in stripped and "ünïcode" not in stripped
    assert '"# not a comment"' in stripped and "    pass\n" in stripped
    path = tmp_path / "sample.py"
    path.write_text(stripped, "utf-8")
    namespace: dict[str, object] = {}
    exec(compile(stripped, str(path), "exec"), namespace)
    linecache.checkcache(str(path))
    with pytest.raises(ZeroDivisionError) as caught:
        namespace["explained"](3)  # type: ignore[operator]
    frame = traceback.extract_tb(caught.value.__traceback__)[-1]
    assert SAMPLE.splitlines()[frame.lineno - 1].strip().startswith("return 1 // (x - x)")


def test_the_build_refuses_a_stripped_file_that_no_longer_compiles(tmp_path: Path) -> None:
    bad = tmp_path / "engine" / "broken.py"
    bad.parent.mkdir()
    bad.write_text('def f():\n    """doc"""; return 1\n', "utf-8")
    with pytest.raises(build.BuildError, match="broke it"):
        build.strip_shipped_python(tmp_path)
