"""The shape of the tree: no import cycle, the engine below the table, one module a name.

Every import counts, at run time or only for the type checker (``if TYPE_CHECKING``),
at the top of a module or inside a function: a cycle hidden in any of them still means
that neither module can be read, tested or moved without the other.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "web")
# Where a module name must be unique: the app, its tools and its tests (a test file is found
# by its name as well).
NAMED_TREES = ("engine", "web", "tools", "tests")


def module_files() -> dict[str, Path]:
    """Every module of the packages by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported_names(name: str, path: Path) -> set[str]:
    """Everything a module imports, as dotted names (relative imports made absolute)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def import_graph() -> dict[str, set[str]]:
    """Module → the modules of the packages it imports (an imported name resolves to the
    deepest module that holds it)."""
    files = module_files()
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        targets: set[str] = set()
        for imported in imported_names(name, path):
            while imported and imported not in files:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_graph_sees_imports_of_every_kind() -> None:
    graph = import_graph()
    assert "engine.rules" in graph["engine.deal"]  # a relative import at the top
    assert "web.launch" in graph["web.main"]  # an absolute one
    assert "engine.observation" in graph["engine.variants.bezik"]  # only for the type checker
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle() -> None:
    graph = import_graph()
    found = cycles(graph)
    described = [
        "; ".join(f"{m} → {', '.join(sorted(graph[m] & set(group)))}" for m in group)
        for group in found
    ]
    assert not found, "import cycles:\n" + "\n".join(described)


def test_the_engine_imports_nothing_of_the_table() -> None:
    graph = import_graph()
    leaks = {
        name: sorted(t for t in targets if not t.startswith("engine"))
        for name, targets in graph.items()
        if name.startswith("engine") and any(not t.startswith("engine") for t in targets)
    }
    assert not leaks, f"engine modules importing from outside the engine: {leaks}"


def test_the_model_and_the_records_import_nothing_of_their_drawing() -> None:
    """web.state (the model and ``update``) and web.records (what the records keep, a
    replay's steps) say what there is; web.view draws it. The view reads them, never the
    other way: a sound, a setting's choices are the model's; a replay's step is drawn in
    web.view.replay_view."""
    graph = import_graph()
    leaks = {
        name: sorted(t for t in targets if t.startswith("web.view"))
        for name, targets in graph.items()
        if name.startswith(("web.state", "web.records"))
        and any(t.startswith("web.view") for t in targets)
    }
    assert not leaks, f"modules of web.state or web.records importing from web.view: {leaks}"


def test_no_two_modules_share_a_name() -> None:
    names = Counter(
        path.name
        for tree in NAMED_TREES
        for path in (ROOT / tree).rglob("*.py")
        if path.name != "__init__.py"
    )
    shared = sorted(name for name, count in names.items() if count > 1)
    assert not shared, f"module names used more than once: {shared}"


def test_only_the_runtime_and_the_platform_reach_the_loop_and_the_page() -> None:
    """asyncio is the runtime's (web/platform/runtime.py); the browser's modules (``js``,
    ``pyodide``) are the platform package's: every other module of the table is plain Python
    that the CPython tests run as it is."""
    outside: list[str] = []
    for path in sorted((ROOT / "web").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                root = name.split(".")[0]
                if root == "asyncio" and rel != "web/platform/runtime.py":
                    outside.append(f"{rel}: {name}")
                if root in ("js", "pyodide") and not rel.startswith("web/platform/"):
                    outside.append(f"{rel}: {name}")
    assert not outside, "the loop or the page reached outside their home:\n" + "\n".join(outside)
