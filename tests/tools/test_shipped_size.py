"""What a player downloads: the app's own files of a built dist/ as a static host sends them
(gzip -9 per file, summed), ratcheted against tests/tools/shipped-size.json."""

from __future__ import annotations

from pathlib import Path

import pytest
from tool_loader import load_tool

shipped_size = load_tool("shipped_size")


def verdict(figure: int, baseline: int) -> str | None:
    """Why `figure` may not ship against `baseline`, or None when it may."""
    limit = baseline * (1 + shipped_size.TOLERANCE)
    if figure <= limit:
        return None
    return (
        f"the app's own files grew to {figure:,} bytes gzipped, more than "
        f"{shipped_size.TOLERANCE:.0%} over the baseline {baseline:,}. If that is on purpose, "
        "record it: `.venv/bin/python tools/shipped_size.py --write-baseline` (and commit "
        "tests/tools/shipped-size.json with the reason)."
    )


def test_the_app_ships_within_its_gzip_baseline(tmp_path: Path) -> None:
    figures = shipped_size.measure(shipped_size.build_without_snapshot(tmp_path / "dist"))
    print("\n" + shipped_size.report(figures))
    figure, baseline = int(figures["app_gzip"]), shipped_size.read_baseline()
    print(f"baseline {baseline:,} bytes; this build {figure / baseline - 1:+.1%}")
    if figure < baseline * (1 - shipped_size.TOLERANCE):
        print("smaller by more than the tolerance: lower the baseline to keep the saving")
    assert (message := verdict(figure, baseline)) is None, message
    # Only the app's own files count: the runtime and the screenshots do not.
    runtime = ("runtime/pyodide/", "runtime/pyscript/")
    assert not any(rel.startswith(runtime) for rel in figures["app_files"])
    assert "runtime/python-files.json" in figures["app_files"]


@pytest.mark.parametrize(("figure", "fails"), [(100_000, False), (105_000, False), (105_001, True)])
def test_a_growth_over_the_tolerance_fails_and_says_how_to_update(figure: int, fails: bool) -> None:
    message = verdict(figure, 100_000)
    assert (message is not None) == fails
    if message:
        assert "--write-baseline" in message and "105,001" in message


def test_gzip_size_counts_compressed_bytes_and_sends_gzip_files_as_they_are() -> None:
    text = b"bezique " * 1000
    assert shipped_size.gzip_size(text) < 100
    packed = __import__("gzip").compress(text)
    assert shipped_size.gzip_size(packed) == len(packed)
