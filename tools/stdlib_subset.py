"""The part of Pyodide's standard library the app can import, and a zip of just that part.

Why: Pyodide's `python_stdlib.zip` is 2.5 MB on the wire (its files are compressed already,
so gzip gains nothing), fetched on every first visit and held a second time inside the
memory snapshot. The app, PyScript and Pyodide itself import a small part of it.

What is kept: every module the shipped Python imports (the app's engine/ and web/ files as
the build ships them, PyScript's Python package, Pyodide's own packages), in functions and
`try` blocks too, so none of their lazy imports is missed; then, through the standard
library, what each reached module imports when it loads (its module-level statements: a
standard module's imports inside its functions serve features the app does not call, and
following them pulled in pdb, unittest, email and multiprocessing); plus the modules the
interpreter imports by name (its start-up and the text codecs). The end-to-end tests boot
and play on the subset, so a lazy standard import the app does reach fails them.
The list is committed (`stdlib-kept.txt` beside this file, one zip member a line) so a new
standard-library dependency shows in review; tests/tools/test_stdlib_subset.py fails when the
sources reach a module the list lacks. `python tools/stdlib_subset.py --write` renews it.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parent.parent
KEPT_LIST = Path(__file__).with_name("stdlib-kept.txt")
STDLIB_ZIP = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
PYSCRIPT_PYTHON = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib"
# Pyodide's own packages: its JavaScript calls into them by name, so all of each is kept.
PYODIDE_PACKAGES = ("pyodide", "_pyodide")
# Imported by the interpreter itself, not by an import statement: start-up (site and what
# it reads), the build's configuration, and the codecs that text and JSON can ask for by name.
BY_NAME = (
    "site",
    "_sysconfigdata__emscripten_wasm32-emscripten",
    "encodings",
    "encodings.aliases",
    "encodings.ascii",
    "encodings.charmap",
    "encodings.idna",
    "encodings.latin_1",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "encodings.utf_16",
    "encodings.utf_16_be",
    "encodings.utf_16_le",
    "encodings.utf_32",
    "encodings.utf_32_be",
    "encodings.utf_32_le",
    "encodings.utf_8",
    "encodings.utf_8_sig",
)
# An import line, for a source this Python's parser cannot read (newer syntax).
IMPORT_LINE = re.compile(
    r"^\s*(?:from\s+(?P<dots>\.*)(?P<base>[\w.]*)\s+import\s+(?P<names>[\w\s,()*]+)"
    r"|import\s+(?P<mods>[\w\s.,]+?))(?:\s+as\s+\w+)?\s*(?:#.*)?$",
    re.M,
)


class Stdlib:
    """The zip's modules: dotted name -> member path (a package by its __init__.py)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.members = list(names)
        self.module_to_member: dict[str, str] = {}
        for name in self.members:
            if not name.endswith(".py"):
                continue
            dotted = name[: -len(".py")].replace("/", ".")
            dotted = dotted.removesuffix(".__init__")
            self.module_to_member[dotted] = name

    def is_package(self, module: str) -> bool:
        return self.module_to_member.get(module, "").endswith("/__init__.py")


def _resolve(module: str, is_package: bool, level: int, base: str) -> str:
    """The absolute name of a relative import made in `module`."""
    parts = module.split(".")
    keep = len(parts) - level + (1 if is_package else 0)
    anchor = ".".join(parts[:keep])
    return f"{anchor}.{base}" if base and anchor else (anchor or base)


def _module_level(tree: ast.Module) -> Iterator[ast.AST]:
    """The statements that run when the module loads: not function or class-method bodies,
    nor an `if __name__ == "__main__":` block."""
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def imports_of(
    source: str, module: str, is_package: bool, *, loading_only: bool = False
) -> set[str]:
    """Every module name an import statement in `source` may load (parents included); with
    `loading_only`, only those the module's loading runs."""
    found: set[str] = set()

    def add(name: str, members: Iterable[str] = ()) -> None:
        if not name:
            return
        parts = name.split(".")
        found.update(".".join(parts[: i + 1]) for i in range(len(parts)))
        found.update(f"{name}.{m}" for m in members if m != "*")

    try:
        tree = ast.parse(source)
    except SyntaxError:
        for m in IMPORT_LINE.finditer(source):
            if m.group("mods"):
                for part in m.group("mods").split(","):
                    add(part.split(" as ")[0].strip())
            else:
                names = [n.split(" as ")[0].strip(" ()") for n in m.group("names").split(",")]
                base = _resolve(module, is_package, len(m.group("dots")), m.group("base"))
                add(base, [n for n in names if n])
        return found
    for node in _module_level(tree) if loading_only else ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = _resolve(module, is_package, node.level, base)
            add(base, [alias.name for alias in node.names])
    return found


def _sources(paths: Iterable[Path], package_root: Path) -> Iterator[tuple[str, str, bool]]:
    """(dotted module, source, is package) of each .py file of `paths`."""
    for path in paths:
        if path.suffix != ".py":
            continue
        rel = path.relative_to(package_root).with_suffix("")
        is_package = rel.name == "__init__"
        dotted = ".".join(rel.parent.parts if is_package else rel.parts)
        yield dotted, path.read_text(encoding="utf-8"), is_package


def _app_sources() -> Iterator[tuple[str, str, bool]]:
    """The app's Python files that the site ships (build.py's choice)."""
    import build

    return _sources([*build.engine_files(), *build._walk(ROOT / "web")], ROOT)


def kept_members(zip_path: Path = STDLIB_ZIP) -> list[str]:
    """The zip members the app can import (with their packages' folders), in zip order."""
    with zipfile.ZipFile(zip_path) as archive:
        stdlib = Stdlib(archive.namelist())
        read = {n: archive.read(n).decode("utf-8") for n in stdlib.module_to_member.values()}
    wanted: set[str] = set(BY_NAME)
    for package in PYODIDE_PACKAGES:
        wanted.update(m for m in stdlib.module_to_member if m.split(".")[0] == package)
    pyscript = _sources(sorted(PYSCRIPT_PYTHON.rglob("*.py")), PYSCRIPT_PYTHON)
    for module, source, is_package in [*_app_sources(), *pyscript]:
        wanted |= imports_of(source, module, is_package)
    seen: set[str] = set()
    queue = sorted(wanted)
    while queue:
        module = queue.pop()
        if module in seen or module not in stdlib.module_to_member:
            continue
        seen.add(module)
        member = stdlib.module_to_member[module]
        found = imports_of(read[member], module, stdlib.is_package(module), loading_only=True)
        queue.extend(found - seen)
    files = {stdlib.module_to_member[m] for m in seen}
    folders = {name[: i + 1] for name in files for i, c in enumerate(name) if c == "/"}
    return [n for n in stdlib.members if n in files or n in folders]


def write_subset(source: Path, target: Path, members: Iterable[str]) -> None:
    """`target`: the zip `source` with only `members`, each entry as it was (compression too)."""
    keep = set(members)
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            if info.filename in keep:
                new.writestr(info, old.read(info.filename), compress_type=info.compress_type)


def read_list(path: Path = KEPT_LIST) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help=f"renew {KEPT_LIST.name}")
    args = parser.parse_args(argv)
    members = kept_members()
    if args.write:
        KEPT_LIST.write_text("".join(f"{m}\n" for m in members), encoding="utf-8")
    with zipfile.ZipFile(STDLIB_ZIP) as archive:
        infos = {i.filename: i for i in archive.infolist()}
    kept = sum(infos[m].compress_size for m in members)
    whole = sum(i.compress_size for i in infos.values())
    print(f"{len(members)} of {len(infos)} members kept, {kept:,} of {whole:,} compressed bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
