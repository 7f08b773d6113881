"""The standard library the site ships: exactly what the shipped Python can import
(tools/stdlib_subset.py), kept in a committed list that must follow the sources."""

from __future__ import annotations

import zipfile
from pathlib import Path

from tool_loader import load_tool

stdlib_subset = load_tool("stdlib_subset")


def test_the_committed_list_is_what_the_sources_import() -> None:
    """Fails when the app (or PyScript, or Pyodide) starts importing a standard module the
    list lacks, or stops importing one it has."""
    found, listed = stdlib_subset.kept_members(), stdlib_subset.read_list()
    assert found == listed, (
        f"new: {sorted(set(found) - set(listed))[:20]}, gone: "
        f"{sorted(set(listed) - set(found))[:20]}; renew the list with "
        "`.venv/bin/python tools/stdlib_subset.py --write` and commit it"
    )


def test_the_list_holds_what_the_app_needs_and_leaves_out_what_it_does_not() -> None:
    listed = set(stdlib_subset.read_list())
    for needed in ("json/__init__.py", "asyncio/__init__.py", "random.py", "dataclasses.py",
                   "encodings/utf_8.py", "pyodide/__init__.py", "_pyodide/_base.py", "site.py"):
        assert needed in listed, needed
    for unused in ("unittest/__init__.py", "pdb.py", "email/__init__.py", "tkinter/__init__.py",
                   "multiprocessing/__init__.py", "xml/__init__.py"):
        assert unused not in listed, unused


def test_imports_are_found_in_functions_and_relative_forms() -> None:
    source = (
        "import os.path\nfrom . import sibling\nfrom ..up import name\n"
        "def f():\n    import lazy\nif __name__ == '__main__':\n    import doctest\n"
    )
    everywhere = stdlib_subset.imports_of(source, "pkg.sub.mod", False)
    assert {"os", "os.path", "pkg.sub.sibling", "pkg.up", "pkg.up.name", "lazy"} <= everywhere
    loading = stdlib_subset.imports_of(source, "pkg.sub.mod", False, loading_only=True)
    assert "lazy" not in loading and "doctest" not in loading and "os.path" in loading


def test_the_subset_zip_holds_the_listed_members_as_they_were(tmp_path: Path) -> None:
    members = stdlib_subset.read_list()
    target = tmp_path / "python_stdlib.zip"
    stdlib_subset.write_subset(stdlib_subset.STDLIB_ZIP, target, members)
    with zipfile.ZipFile(target) as small, zipfile.ZipFile(stdlib_subset.STDLIB_ZIP) as whole:
        assert small.namelist() == members
        assert small.testzip() is None
        for name in ("json/decoder.py", "random.py"):
            assert small.read(name) == whole.read(name)
