"""What a player downloads, measured as a static host sends it: each file of a built dist/
gzipped (zlib level 9, as `gzip -9` and hosts that precompress their files; a host that
compresses on the fly at a lower level sends a few percent more), summed.

Three figures:
- the app's own files: dist/ without the Python runtime (runtime/pyodide, runtime/pyscript),
  the snapshot and the manifest's screenshots (only install dialogs fetch those). This is
  what the size test ratchets against `tests/tools/shipped-size.json`;
- the snapshot, gzipped as it ships (and its raw size);
- the first visit: every file the service worker precaches, plus the worker itself.

    python tools/shipped_size.py [DIST]          # print the figures (and the largest files)
    python tools/shipped_size.py --write-baseline # build dist/ without a snapshot, record it
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tests" / "tools" / "shipped-size.json"
# Grows by more than this and the size test fails until the baseline is updated on purpose.
TOLERANCE = 0.05
NOT_THE_APP = ("runtime/pyodide/", "runtime/pyscript/", "web/screenshots/")
SNAPSHOT_SUFFIX = ".snapshot.gz"


def gzip_size(data: bytes) -> int:
    """Bytes of `data` gzipped at level 9 (no name, no time stamp: as a precompressed file)."""
    if data[:2] == b"\x1f\x8b":  # already gzipped (the snapshot): sent as it is
        return len(data)
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def files_of(dist: Path) -> dict[str, bytes]:
    """Every file of a built dist/, by dist-relative POSIX path."""
    return {
        p.relative_to(dist).as_posix(): p.read_bytes()
        for p in sorted(dist.rglob("*"))
        if p.is_file()
    }


def is_app_file(rel: str) -> bool:
    return not rel.startswith(NOT_THE_APP) and not rel.endswith(SNAPSHOT_SUFFIX)


def measure(dist: Path) -> dict[str, object]:
    """The figures of one built dist/ (see the module's docstring)."""
    files = files_of(dist)
    gz = {rel: gzip_size(data) for rel, data in files.items()}
    app = {rel: size for rel, size in gz.items() if is_app_file(rel)}
    snapshots = [rel for rel in files if rel.endswith(SNAPSHOT_SUFFIX)]
    snapshot_raw = sum(len(gzip.decompress(files[rel])) for rel in snapshots)
    first_visit = sum(
        size for rel, size in gz.items() if not rel.startswith("web/screenshots/")
    )
    return {
        "app_gzip": sum(app.values()),
        "app_raw": sum(len(files[rel]) for rel in app),
        "app_files": dict(sorted(app.items(), key=lambda item: -item[1])),
        "snapshot_gzip": sum(gz[rel] for rel in snapshots),
        "snapshot_raw": snapshot_raw,
        "first_visit_gzip": first_visit,
    }


def read_baseline() -> int:
    return int(json.loads(BASELINE.read_text(encoding="utf-8"))["app_gzip"])


def write_baseline(app_gzip: int) -> None:
    BASELINE.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"app_gzip": app_gzip, "unit": "bytes, gzip -9 per file, summed"})
    BASELINE.write_text(text + "\n", encoding="utf-8")


def build_without_snapshot(out: Path) -> Path:
    """A fresh dist/ in `out` (no snapshot, no screenshots: neither is the app's own)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import build

    build.build(out, snapshot=False)
    return out


def report(figures: dict[str, object], largest: int = 12) -> str:
    app_files = figures["app_files"]
    assert isinstance(app_files, dict)
    lines = [
        f"app's own files: {figures['app_gzip']:,} bytes gzipped "
        f"({figures['app_raw']:,} raw, {len(app_files)} files)",
        f"snapshot: {figures['snapshot_gzip']:,} bytes gzipped ({figures['snapshot_raw']:,} raw)",
        f"first visit: {figures['first_visit_gzip']:,} bytes gzipped",
    ]
    lines += [f"  {size:>9,}  {rel}" for rel, size in list(app_files.items())[:largest]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("dist", nargs="?", type=Path, help="a built dist/ (default: ./dist)")
    parser.add_argument(
        "--write-baseline", action="store_true",
        help=f"build without a snapshot and record the app's figure in {BASELINE.name}",
    )
    args = parser.parse_args(argv)
    if args.write_baseline:
        with tempfile.TemporaryDirectory() as tmp:
            figures = measure(build_without_snapshot(Path(tmp) / "dist"))
        write_baseline(int(str(figures["app_gzip"])))
        print(report(figures))
        print(f"wrote {BASELINE.relative_to(ROOT)}")
        return 0
    print(report(measure(args.dist or ROOT / "dist")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
