"""The build's bytecode pack: one unchecked-hash .pyc per module, at the path importlib reads,
made by Pyodide's Python and reused while its inputs are unchanged. (That a fresh boot in
Pyodide really imports it, compiling nothing, is checked by tests/pyodide/bytecode_check.mjs.)"""

from __future__ import annotations

import gzip
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from tool_loader import ROOT, load_tool

build = load_tool("build")
PYODIDE = ROOT / "node_modules" / "pyodide"

pytestmark = pytest.mark.skipif(not PYODIDE.is_dir(), reason="needs node_modules (npm ci)")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An output folder holding Pyodide's files (the bytecode's cache key), with its own cache."""
    out = tmp_path / "dist"
    (out / build.PYODIDE_DIR).mkdir(parents=True)
    for name in build.PYODIDE_FILES:
        (out / build.PYODIDE_DIR / name).symlink_to(PYODIDE / name)
    monkeypatch.setattr(build, "BYTECODE_CACHE", tmp_path / "cache")
    return out


def test_every_module_becomes_an_unchecked_hash_pyc_where_importlib_looks(site: Path) -> None:
    modules = {"pkg/__init__.py": "", "pkg/deep/mod.py": "def f():\n    return 1 / 0\n"}
    build.write_bytecode(site, modules)
    files = build.read_bytecode(gzip.decompress((site / build.BYTECODE).read_bytes()))
    assert [re.sub(r"cpython-3\d+", "TAG", p) for p in files] == [
        "pkg/__pycache__/__init__.TAG.pyc",
        "pkg/deep/__pycache__/mod.TAG.pyc",
    ]
    heads = [pyc[:16] for pyc in files.values()]
    assert len({head[:4] for head in heads}) == 1  # one interpreter's magic number
    assert all(int.from_bytes(head[4:8], "little") == 0b01 for head in heads)  # unchecked hash
    assert len({head[8:16] for head in heads}) == 2  # each its own source's hash


def test_the_pack_is_reused_until_a_source_changes(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build.write_bytecode(site, {"a.py": "A = 1\n"})
    first = (site / build.BYTECODE).read_bytes()

    def no_compiler(*args: Any, **kwargs: Any) -> None:
        raise subprocess.CalledProcessError(1, "node")

    monkeypatch.setattr(build.subprocess, "run", no_compiler)
    build.write_bytecode(site, {"a.py": "A = 1\n"})  # from the cache: no compiler needed
    assert (site / build.BYTECODE).read_bytes() == first
    with pytest.raises(build.BuildError, match="bytecode"):
        build.write_bytecode(site, {"a.py": "A = 2\n"})  # a new source: compiled anew
