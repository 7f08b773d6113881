"""The standard library the app ships: the kept modules only (tools/stdlib_subset.py), each as
sourceless bytecode made by Pyodide's Python, which a fresh Python boots from without
compiling any of them (tools/bytecode.mjs --stdlib says why)."""

from __future__ import annotations

import gzip
import json
import subprocess
import zipfile
from pathlib import Path

import pytest
from tool_loader import ROOT, load_tool

build = load_tool("build")
stdlib_subset = load_tool("stdlib_subset")
PYODIDE = ROOT / "node_modules" / "pyodide"

pytestmark = pytest.mark.skipif(not PYODIDE.is_dir(), reason="needs node_modules (npm ci)")


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The zip as the build writes it (from the build's own cache when `make build` ran)."""
    out = tmp_path_factory.mktemp("dist")
    build.write_stdlib(out, PYODIDE)
    return out / build.PYODIDE_DIR / build.STDLIB_ZIP


def test_each_kept_module_is_an_unchecked_hash_pyc_in_place_of_its_source(shipped: Path) -> None:
    kept = stdlib_subset.read_list()
    with zipfile.ZipFile(shipped) as zipped, zipfile.ZipFile(stdlib_subset.STDLIB_ZIP) as whole:
        names = zipped.namelist()
        assert sorted(names) == sorted(m[:-3] + ".pyc" if m.endswith(".py") else m for m in kept)
        heads = {n: zipped.read(n)[:16] for n in names if n.endswith(".pyc")}
        sources = {n: whole.read(n[:-1]) for n in heads}
        # stored: the build gzips the whole zip (build.gzip_stdlib)
        assert {info.compress_type for info in zipped.infolist()} == {zipfile.ZIP_STORED}
    assert len(heads) > 150
    assert len({head[:4] for head in heads.values()}) == 1  # one interpreter's magic number
    assert all(int.from_bytes(head[4:8], "little") == 0b01 for head in heads.values())
    # each carries its source's hash (Pyodide's, keyed by its magic number: not this Python's)
    empty = [n for n, source in sources.items() if not source]
    assert len({head[8:16] for head in heads.values()}) == len(heads) - max(0, len(empty) - 1)


def test_a_fresh_python_imports_its_standard_library_from_that_bytecode(shipped: Path) -> None:
    run = subprocess.run(
        ["node", str(Path(__file__).with_name("stdlib_boot.mjs")), str(shipped)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
    )
    report = json.loads(run.stdout.strip().splitlines()[-1])
    files = [file for _, file in report["modules"]]
    assert len(files) > 100, report
    assert [f for f in files if not f.endswith(".pyc")] == []


def test_the_zip_ships_gzipped_whole_in_its_place(tmp_path: Path, shipped: Path) -> None:
    out = tmp_path / "dist"
    (out / build.PYODIDE_DIR).mkdir(parents=True)
    (out / build.PYODIDE_DIR / build.STDLIB_ZIP).write_bytes(shipped.read_bytes())
    build.gzip_stdlib(out)
    assert sorted(p.name for p in (out / build.PYODIDE_DIR).iterdir()) == [build.STDLIB_GZ]
    packed = (out / build.PYODIDE_DIR / build.STDLIB_GZ).read_bytes()
    assert gzip.decompress(packed) == shipped.read_bytes()
    assert len(packed) < 0.4 * len(shipped.read_bytes())
