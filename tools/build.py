"""Build the deployable static site into dist/.

Why a build step: the Pyodide/PyScript runtime comes from node_modules (never committed),
Python needs every module and catalog of the app in its file system (one bundle, written by
the interpreter module: see `write_bundle`), and the service worker needs a precache list with
a content revision per file. All are generated here from the tree, so nothing is hand-kept.
The output is deterministic: same inputs, same bytes.
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tokenize
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ holds scripts, not a package
import stdlib_subset
from dev_env import cache_root

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
STDLIB_ZIP = "python_stdlib.zip"
# The standard library as shipped: its zip gzipped whole (`gzip_stdlib`).
STDLIB_GZ = f"{STDLIB_ZIP}.gz"
# The QR code maker and reader of the two-devices pairing (npm "qr", ES modules with no
# dependency): vendored as they are, so the page imports them from its own origin.
QR_FILES = ("index.js", "decode.js", "LICENSE")
# PyScript's lazily imported chunks the app never uses (editor, terminal, TOML, packages):
# left out of dist/ so the first visit does not download them.
PYSCRIPT_UNUSED = re.compile(
    r"^(codemirror|xterm|toml|pyodide_graph|zip|mpy|deprecations-manager|donkey|py-editor"
    r"|py-game|py-terminal)[-_.]"
)
# PyScript's plugins the app does not use, turned off in its config: PyScript would otherwise
# fetch and run each one before it starts Python (about 130 ms on a first visit). "error"
# stays: it shows a Python error on the page, which the shell watches for.
PYSCRIPT_PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
# Inline <script>/<style> blocks of the shell (JavaScript and CSS only: `type="py"` is text
# that PyScript reads, not a script the browser runs).
INLINE_SCRIPT_RE = re.compile(
    r"<script(?![^>]*\bsrc=)(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S
)
INLINE_STYLE_RE = re.compile(r"<style[^>]*>(?P<body>.*?)</style>", re.S)
CHARSET_META = '<meta charset="utf-8">'
# The shell's page functions: sources checked by tsc (web/shell-*.js, tsconfig.json) that
# index.html names by <script src>; each is written into the page as an inline script (no
# request of its own before the start screen is drawn) and left out of dist/'s files.
SHELL_SCRIPT_RE = re.compile(
    r'<script(?P<attrs>[^>]*?) src="(?P<src>web/shell-[\w-]+\.js)"></script>'
)
SHELL_TYPES = "web/shell.d.ts"  # the checker's declarations: nothing the page runs
JSDOC_RE = re.compile(r"/\*\*.*?\*/ ?", re.S)
CSP_META_RE = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?')
SHELL_FILES = ("index.html", "manifest.webmanifest")
SW_NAME = "service-worker.js"
CONFIG_NAME = "pyscript.json"
RUNTIME = "runtime"
PYODIDE_DIR = f"{RUNTIME}/pyodide"
PYSCRIPT_DIR = f"{RUNTIME}/pyscript"
QR_DIR = f"{RUNTIME}/qr"
SKIP_DIRS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".map"}
LOADER = "web/python-loader.mjs"
LOADER_RE = re.compile(r"^const SNAPSHOT = null;$", re.M)
BUNDLE = f"{RUNTIME}/python-files.json"
BUNDLE_RE = re.compile(r"^const BUNDLE = null;$", re.M)
# Files Python reads that the page fetches too (PyScript's entry point, the shell's catalogs):
# kept as files. The catalogs travel only as files (the interpreter module fetches them
# beside the bundle): the shell's boot screen reads its language's catalog anyway.
FETCHED_BY_PAGE = ("web/main.py",)
CATALOGS = "web/i18n/"  # the catalogs' JSON (their code, web/i18n/*.py, is a module as any)
SNAPSHOT_TOOL = ROOT / "tools" / "snapshot.mjs"
SNAPSHOT_CACHE = cache_root() / "snapshot"
# The bundle's modules compiled by Pyodide's Python (tools/bytecode.mjs says why and how),
# gzipped here so that it travels compressed from any host.
BYTECODE = f"{RUNTIME}/python-bytecode.gz"
BYTECODE_TOOL = ROOT / "tools" / "bytecode.mjs"
BYTECODE_CACHE = cache_root() / "bytecode"
STDLIB_CACHE = cache_root() / "stdlib"
# Bundled Python that is never imported (PyScript runs the entry point as __main__): no bytecode.
NOT_IMPORTED = ("web/main.py",)
# Files of dist/ the service worker does not precache: the manifest's screenshots, fetched
# (online) only by install dialogs, added by tools/screenshots.py after the build.
NOT_PRECACHED = ("web/screenshots/",)
PRECACHE_RE = re.compile(r"self\.__PRECACHE = \[[^\n]*\];")
VERSION_RE = re.compile(r'self\.__VERSION = "[^"\n]*";')


class BuildError(RuntimeError):
    """A missing input the developer must fix (e.g. `npm ci` was not run)."""


def _walk(base: Path) -> Iterator[Path]:
    """Yield files under base in sorted order, skipping caches and dotfiles."""
    for path in sorted(base.rglob("*")):
        rel = path.relative_to(base)
        if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
            continue
        if path.is_file() and path.suffix not in SKIP_SUFFIXES:
            yield path


# Run only from the command line (`python -m engine arena|bench`), never in a page: not shipped.
CLI_ONLY = {"engine/__main__.py", "engine/cli.py", "engine/arena.py", "engine/ai/bench.py"}


def engine_files() -> Iterator[Path]:
    """The engine files the site ships: its modules and the AI's model."""
    for path in _walk(ROOT / "engine"):
        if path.relative_to(ROOT).as_posix() in CLI_ONLY:
            continue
        if path.suffix == ".py" or (path.suffix == ".json" and path.parent.name == "ai"):
            yield path


def _copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)


def _docstring_nodes(tree: ast.Module) -> Iterator[tuple[ast.Expr, bool]]:
    """Each docstring of a module, with whether it is its block's only statement."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                yield first, len(node.body) == 1


def strip_python(source: str) -> str:
    """`source` without its comments and docstrings, every line where it was.

    Why: the shipped Python is read by no one, and its explanations were about half of its
    bytes (of the bundle and of the snapshot, which holds the source too). Line numbers stay,
    so a traceback from a player's device points at the right line of the repository's file:
    a comment's text goes (its line stays, maybe empty), a docstring's lines become empty,
    and a block whose only statement was its docstring gets `pass` in its place.
    """
    lines = source.splitlines(keepends=True)
    # (line index, start column, end line index, end column, replacement), columns in chars
    cuts: list[tuple[int, int, int, int, str]] = []
    tree = ast.parse(source)
    for node, alone in _docstring_nodes(tree):
        start, end = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        # ast's columns count UTF-8 bytes: turn them into characters
        col = len(lines[start].encode()[: node.col_offset].decode())
        end_col = len(lines[end].encode()[: node.end_col_offset or 0].decode())
        cuts.append((start, col, end, end_col, "pass" if alone else ""))
    readline = iter(lines).__next__
    for token in tokenize.generate_tokens(readline):
        if token.type == tokenize.COMMENT:
            (row, col), (end_row, end_col) = token.start, token.end
            cuts.append((row - 1, col, end_row - 1, end_col, ""))
    for start, col, end, end_col, text in sorted(cuts, reverse=True):
        head, tail = lines[start][:col], lines[end][end_col:]
        if end == start:
            lines[start] = head + text + tail
        else:  # the cut text's line breaks stay: its lines become empty
            lines[start : end + 1] = [head + text + "\n", *["\n"] * (end - start - 1), tail]
    return "".join(line.rstrip() + "\n" if line.endswith("\n") else line.rstrip() for line in lines)


def strip_shipped_python(out: Path) -> None:
    """Strip every shipped Python file of `out` in place (see `strip_python`), checking that
    each still compiles and keeps its number of lines."""
    for path in sorted(out.glob("engine/**/*.py")) + sorted(out.glob("web/**/*.py")):
        source = path.read_text(encoding="utf-8")
        stripped = strip_python(source)
        try:
            compile(stripped, str(path), "exec", dont_inherit=True)
        except SyntaxError as error:
            raise BuildError(f"stripping {path} broke it: {error}") from error
        if stripped.count("\n") != source.count("\n"):
            raise BuildError(f"stripping {path} moved its lines")
        path.write_text(stripped, encoding="utf-8")


def is_catalog(rel: str) -> bool:
    """A catalog (``web/i18n/<lang>.json``), which the page fetches itself."""
    return rel.startswith(CATALOGS) and rel.endswith(".json")


def _python_files(out: Path) -> list[str]:
    """Every Python module and catalog the app imports, as dist-relative POSIX paths."""
    rels: list[str] = []
    for pattern in ("engine/**/*.py", "engine/ai/*.json", "web/**/*.py", "web/i18n/*.json"):
        rels.extend(p.relative_to(out).as_posix() for p in out.glob(pattern))
    return sorted(set(rels))


def pyscript_config(out: Path) -> dict[str, object]:
    """The PyScript JSON config: the local interpreter module, no `files` (the bundle)."""
    return {
        "interpreter": f"./{LOADER}",
        "files": {},
        "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF],
    }


def write_bundle(out: Path) -> dict[str, object]:
    """Every Python module and catalog in one JSON file, {path: text}. The interpreter
    module writes them into Python's file system before the app starts.

    Why: PyScript's `files` fetched them one by one (67 requests through the service worker)
    while Python was restoring, and their end became the boot's critical path. JSON, so that
    any static host compresses it. The bundled files are then left out of dist/, except
    those the page fetches itself."""
    rels = [rel for rel in _python_files(out) if not is_catalog(rel)]
    texts = {rel: (out / rel).read_text(encoding="utf-8") for rel in rels}
    (out / BUNDLE).parent.mkdir(parents=True, exist_ok=True)
    (out / BUNDLE).write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    modules = {
        rel: text for rel, text in texts.items() if rel.endswith(".py") and rel not in NOT_IMPORTED
    }
    write_bytecode(out, modules)
    add_to_bytecode(out, {rel: text.encode("utf-8") for rel, text in texts.items()
                          if not rel.endswith(".py")})
    for rel in rels:
        if not (rel in FETCHED_BY_PAGE or is_catalog(rel)):
            (out / rel).unlink()
    for folder in sorted({(out / rel).parent for rel in rels}, key=lambda p: -len(p.parts)):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    catalogs = sorted(p.relative_to(out).as_posix() for p in (out / CATALOGS).glob("*.json"))
    return {"url": f"../{BUNDLE}", "files": catalogs, "bytecode": f"../{BYTECODE}"}


def _bytecode_key(out: Path, modules: dict[str, str]) -> str:
    """The hash of everything the bytecode is made of: Pyodide, the compiler, the sources."""
    digest = hashlib.sha256()
    for path in [out / PYODIDE_DIR / n for n in PYODIDE_FILES] + [BYTECODE_TOOL]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(json.dumps(modules, sort_keys=True, ensure_ascii=False).encode())
    return digest.hexdigest()[:16]


def write_bytecode(out: Path, modules: dict[str, str]) -> None:
    """Write BYTECODE: `modules` ({path: text}, as the loader writes them) compiled into
    unchecked-hash .pyc by Pyodide's Python, packed and gzipped (cached by input hash).

    Why: a fresh boot otherwise compiles every module in WebAssembly before the first card;
    with these beside the sources, importlib loads the bytecode (docs/first-visit.md)."""
    cached = BYTECODE_CACHE / f"{_bytecode_key(out, modules)}.gz"

    def gzipped(partial: Path) -> None:
        partial.write_bytes(gzip.compress(partial.read_bytes(), compresslevel=9, mtime=0))

    _made_once(cached, lambda partial: ["node", str(BYTECODE_TOOL), str(partial)],
               json.dumps(modules), "compiling the Python bytecode", then=gzipped)
    _copy(cached, out / BYTECODE)


def write_stdlib(out: Path, pyodide_src: Path) -> None:
    """Write the standard library the app can import (tools/stdlib_subset.py) with each
    module compiled to bytecode by Pyodide's Python (tools/bytecode.mjs --stdlib), cached by
    input hash.

    Why: a fresh boot compiled every module that Python's and Pyodide's own start imports
    before the first card (docs/first-visit.md)."""
    target = out / PYODIDE_DIR / STDLIB_ZIP
    target.parent.mkdir(parents=True, exist_ok=True)
    stdlib_subset.write_subset(pyodide_src / STDLIB_ZIP, target, stdlib_subset.read_list())
    digest = hashlib.sha256()
    for path in [pyodide_src / n for n in PYODIDE_FILES] + [BYTECODE_TOOL, target]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    cached = STDLIB_CACHE / f"{digest.hexdigest()[:16]}.zip"
    _made_once(cached, lambda partial: ["node", str(BYTECODE_TOOL), "--stdlib", str(target),
                                        str(partial)], "", "compiling the standard library")
    _copy(cached, target)


def gzip_stdlib(out: Path) -> None:
    """Ship the standard library's zip (stored members) gzipped, as STDLIB_GZ, in its place.

    Why: gzip over the whole zip compresses across its modules, which a zip's own per-member
    deflate cannot (1.21 MB on the wire instead of 1.32), and as a file of its own it goes
    out compressed from any host; web/python-loader.mjs hands Pyodide the zip unpacked. The
    zip stays in `out` until here: the snapshot's and the bytecode's keys hash it."""
    zipped = out / PYODIDE_DIR / STDLIB_ZIP
    (out / PYODIDE_DIR / STDLIB_GZ).write_bytes(
        gzip.compress(zipped.read_bytes(), compresslevel=9, mtime=0))
    zipped.unlink()


def write_lock(out: Path) -> None:
    """Pyodide's lock file without its list of packages (357 of them, 26 KB gzipped, read
    before Python starts): the app loads none, and Pyodide needs only the lock's `info`."""
    lock = out / PYODIDE_DIR / "pyodide-lock.json"
    info = json.loads(lock.read_text(encoding="utf-8"))["info"]
    lock.write_text(json.dumps({"info": info, "packages": {}}), encoding="utf-8")


def _made_once(cached: Path, command: Callable[[Path], list[str]], stdin: str, what: str,
               then: Callable[[Path], None] | None = None) -> None:
    """Run a maker (`command` writes the path it is given) into `cached`, unless it is there.

    Written beside and then moved in: parallel builds never read half a file."""
    if cached.exists():
        return
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.tmp")
    try:
        subprocess.run(command(partial), input=stdin, text=True, check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        if then is not None:
            then(partial)
    except (OSError, subprocess.CalledProcessError) as error:
        partial.unlink(missing_ok=True)
        raise BuildError(f"{what} failed: {error}") from error
    partial.replace(cached)


BYTECODE_MAGIC = b"BZPYC1\n"


def add_to_bytecode(out: Path, files: dict[str, bytes]) -> None:
    """Put the bundle's data files (the AI's model) in the bytecode pack as well.

    Why: a fresh boot runs on the pack alone, without the bundle of sources (the loader
    says why), and these files are read, not imported."""
    pack = read_bytecode(gzip.decompress((out / BYTECODE).read_bytes())) | files
    header = json.dumps([[path, len(data)] for path, data in pack.items()]).encode()
    raw = b"".join([BYTECODE_MAGIC, len(header).to_bytes(4, "little"), header, *pack.values()])
    (out / BYTECODE).write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))


def read_bytecode(data: bytes) -> dict[str, bytes]:
    """The files of a bytecode pack (gunzipped), by path: the form tools/bytecode.mjs
    writes and web/python-loader.mjs reads (the magic, a 4-byte little-endian length, that
    much JSON of [path, size] pairs, then the files one after another)."""
    if not data.startswith(BYTECODE_MAGIC):
        raise ValueError("not a bytecode pack")
    start = len(BYTECODE_MAGIC) + 4
    end = start + int.from_bytes(data[len(BYTECODE_MAGIC) : start], "little")
    files, offset = {}, end
    for path, size in json.loads(data[start:end]):
        files[path] = data[offset : offset + size]
        offset += size
    if offset != len(data):
        raise ValueError(f"a bytecode pack of {len(data)} bytes lists {offset}")
    return files


def _sha256(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def content_security_policy(html: str) -> str:
    """The page's CSP: its own origin only, plus hashes of the shell's inline blocks.

    Pyodide compiles WebAssembly ('wasm-unsafe-eval'); PyScript builds its worker hooks
    with Function() while it boots, even with no worker ('unsafe-eval': without it the boot
    stops); PyScript and Pyodide start helper workers from blob: URLs. Nothing else may
    run: no other host, no inline script but the shell's own (by hash), no inline handler.
    tools/serve.py sends the same policy as a header (plus frame-ancestors).
    """
    scripts = [
        _sha256(m["body"])
        for m in INLINE_SCRIPT_RE.finditer(html)
        if 'type="py"' not in m["attrs"] and m["body"].strip()
    ]
    styles = [_sha256(m["body"]) for m in INLINE_STYLE_RE.finditer(html)]
    directives = [
        "default-src 'self'",
        "script-src " + " ".join(["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'", *scripts]),
        "style-src " + " ".join(["'self'", *styles]),
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ]
    return "; ".join(directives)


def shell_script(source: str) -> str:
    """A shell script as the page runs it: without its type annotations (JSDoc) and its
    comment lines, which only the checker and the reader need (a comment after code on
    its line stays)."""
    lines = JSDOC_RE.sub("", source).splitlines()
    return "".join(f"{line}\n" for line in lines if line.strip()
                   and not line.lstrip().startswith("//"))


def shell_sources(html: str) -> list[str]:
    """The shell scripts index.html names, in its order (paths from the repository's root)."""
    return [m["src"] for m in SHELL_SCRIPT_RE.finditer(html)]


def with_inline_shell(html: str, root: Path = ROOT) -> str:
    """index.html with each shell script it names written into it (see SHELL_SCRIPT_RE)."""
    def inline(match: re.Match[str]) -> str:
        text = shell_script((root / match["src"]).read_text(encoding="utf-8"))
        if "</script" in text.lower():
            raise BuildError(f"{match['src']} holds a closing script tag")
        return f"<script{match['attrs']}>\n{text}</script>"

    return SHELL_SCRIPT_RE.sub(inline, html)


def with_module_preloads(html: str, pyscript_dir: Path) -> str:
    """index.html with PyScript's core modules preloaded from its <head>.

    Why: the shell imports PyScript only once the service worker is settled (on a first
    visit, once it controls the page); fetched from the start, its modules are ready then."""
    core = pyscript_dir / "core.js"
    names = ["core.js", *re.findall(r'from"\./([\w.-]+\.js)"', core.read_text(encoding="utf-8"))]
    links = "".join(
        f'\n<link rel="modulepreload" href="{PYSCRIPT_DIR}/{name}">' for name in names
    )
    return html.replace(CHARSET_META, CHARSET_META + links, 1)


# What a fresh boot of Python downloads, biggest first: Pyodide's WebAssembly (compiled as it
# arrives), its standard library and JavaScript, the app's Python files and their bytecode.
BOOT_DOWNLOADS = (
    f"{PYODIDE_DIR}/pyodide.asm.wasm",
    f"{PYODIDE_DIR}/{STDLIB_GZ}",
)
BOOT_PRELOAD_SCRIPT = """<script>
  // A first visit: the files of Python's boot, fetched from the first frame the start screen
  // is drawn in (biggest first; index.html calls this then). Why: the boot asks for them only
  // at the end of a chain of imports (the shell, PyScript, the interpreter module, Pyodide)
  // that took two seconds on a phone's mobile data, while the link stood idle. Python's
  // worker then finds them in the browser's HTTP cache. Not before that frame: the screen's
  // first paint must not wait behind megabytes. A later start reads them from the offline
  // copy, so no preload is needed there.
  window.__bzBootDownloads = function () {
    window.__bzBootDownloads = function () {};
    if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
    %s.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = href;
      document.head.appendChild(link);
    });
  };
</script>"""


def with_boot_preloads(html: str, downloads: tuple[str, ...] = BOOT_DOWNLOADS) -> str:
    """index.html that starts a first visit's boot downloads from its <head> (see above)."""
    script = BOOT_PRELOAD_SCRIPT % json.dumps(list(downloads))
    return html.replace(CHARSET_META, f"{CHARSET_META}\n{script}", 1)


FIRST_START_ID = "bz-first-start"
# The catalog entries the shell itself shows (index.html: the loading and error screen, the
# update banner).
SHELL_KEYS = (
    "boot.error", "boot.first_visit", "boot.loading", "boot.progress", "boot.retry",
    "boot.start_fresh", "boot.start_fresh_note", "update.available", "update.later",
    "update.reload",
)


def first_start_screens() -> dict[str, dict[str, Any]]:
    """The start screen of a first visit in each language, with the table's empty frame, as
    the app draws them (Play, no Continue): the shell shows one at once, before Python is
    ready, exactly as it shows a returning player's kept copy (index.html's warm start).
    And the shell's own words (SHELL_KEYS), so that the loading or error screen is worded
    before the catalog arrives, or if it never does (a boot that failed to fetch it)."""
    sys.path.insert(0, str(ROOT))
    from web import i18n
    from web.i18n.catalogs import load_catalog
    from web.platform.dom import SKELETON
    from web.view import screens

    def catalog(lang: str) -> dict[str, Any]:
        return dict(json.loads((ROOT / CATALOGS / f"{lang}.json").read_text(encoding="utf-8")))

    english = catalog("en")
    out: dict[str, dict[str, Any]] = {}
    for lang in i18n.LANGS:
        own = catalog(lang)
        out[lang] = {"skeleton": SKELETON,
                     "screen": screens.render_start(load_catalog(lang), lang, can_continue=False),
                     "texts": {key: own.get(key, english[key]) for key in SHELL_KEYS}}
    return out


def with_first_start(html: str) -> str:
    """index.html holding the first visit's start screens (a JSON block: data, not script)."""
    data = json.dumps(first_start_screens(), ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/")  # no "</script>" inside the block
    block = f'<script type="application/json" id="{FIRST_START_ID}">{data}</script>'
    return html.replace("</head>", f"{block}\n</head>", 1)


def with_csp(html: str) -> str:
    """index.html with its CSP meta tag (replacing an older one) right after the charset."""
    html = CSP_META_RE.sub("", html)
    if CHARSET_META not in html:
        raise BuildError(f"index.html lacks {CHARSET_META} (the CSP meta tag follows it)")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(html)}">'
    return html.replace(CHARSET_META, f"{CHARSET_META}\n{meta}", 1)


def revision(path: Path) -> str:
    """Content hash used as the precache revision of one file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def precache_entries(out: Path) -> list[dict[str, object]]:
    """One entry per file in dist/ except the service worker itself and NOT_PRECACHED."""
    entries: list[dict[str, object]] = []
    for path in _walk(out):
        rel = path.relative_to(out).as_posix()
        if rel == SW_NAME or rel.startswith(NOT_PRECACHED):
            continue
        entries.append({"url": rel, "revision": revision(path), "size": path.stat().st_size})
    return entries


def write_service_worker(out: Path, source: Path | None = None) -> list[dict[str, object]]:
    """Inject the precache list and a version (hash of the list) into dist/service-worker.js.

    Callable on any built directory, so tests can make a "new version" of a dist.
    """
    source = source or (out / SW_NAME if (out / SW_NAME).exists() else ROOT / SW_NAME)
    text = source.read_text(encoding="utf-8")
    entries = precache_entries(out)
    listing = json.dumps(entries, separators=(",", ":"), sort_keys=True)
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    if not PRECACHE_RE.search(text) or not VERSION_RE.search(text):
        raise BuildError(f"{source} lacks the self.__PRECACHE / self.__VERSION lines")
    text = PRECACHE_RE.sub(lambda _: f"self.__PRECACHE = {listing};", text, count=1)
    text = VERSION_RE.sub(lambda _: f'self.__VERSION = "{version}";', text, count=1)
    (out / SW_NAME).write_text(text, encoding="utf-8")
    return entries


def _snapshot_inputs(out: Path) -> tuple[list[str], str]:
    """The Python files baked into the snapshot and the hash of everything it is made of."""
    files = [rel for rel in _python_files(out) if rel.endswith(".py") or rel.startswith("engine/")]
    digest = hashlib.sha256()
    for path in [out / PYODIDE_DIR / n for n in PYODIDE_FILES] + [SNAPSHOT_TOOL]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    return files, digest.hexdigest()[:16]


def make_snapshot(out: Path) -> dict[str, object]:
    """Write runtime/python-<hash>.snapshot.gz (cached by input hash) and return its facts.

    The name carries the hash of every input (Pyodide's files, the Python sources, the maker
    with its module list), so a new version of any of them is a new file: the service worker never
    pairs an old snapshot with new code.
    """
    files, key = _snapshot_inputs(out)
    name = f"{RUNTIME}/python-{key}.snapshot.gz"
    cached = SNAPSHOT_CACHE / f"{key}.gz"
    _made_once(cached, lambda partial: ["node", str(SNAPSHOT_TOOL), str(partial), str(out)],
               json.dumps(files), "making the Python snapshot")
    _copy(cached, out / name)
    with gzip.open(cached) as stream:
        raw = 0
        while chunk := stream.read(1 << 20):
            raw += len(chunk)
    return {"url": f"../{name}", "raw": raw, "revision": revision(out / name)}


def write_loader(
    out: Path, snapshot: dict[str, object] | None, bundle: dict[str, object]
) -> None:
    """Tell the interpreter module where the snapshot is (or that there is none) and where
    the bundle of Python files is."""
    path = out / LOADER
    text = path.read_text(encoding="utf-8")
    for pattern, line in ((LOADER_RE, "SNAPSHOT = null"), (BUNDLE_RE, "BUNDLE = null")):
        if not pattern.search(text):
            raise BuildError(f"{path} lacks the `const {line};` line")
    value = json.dumps(snapshot, sort_keys=True) if snapshot else "null"
    text = LOADER_RE.sub(lambda _: f"const SNAPSHOT = {value};", text)
    text = BUNDLE_RE.sub(lambda _: f"const BUNDLE = {json.dumps(bundle, sort_keys=True)};", text)
    path.write_text(text, "utf-8")


def _require(paths: Iterable[Path]) -> None:
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise BuildError("missing build inputs (run `make setup`): " + ", ".join(missing))


def build(out: Path, *, snapshot: bool = True) -> list[dict[str, object]]:
    """Write the whole site into `out` (replacing it) and return the precache entries."""
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    qr_src = NODE_MODULES / "qr"
    _require(
        [ROOT / f for f in SHELL_FILES]
        + [ROOT / SW_NAME, ROOT / "engine", ROOT / "web", pyscript_src]
        + [pyodide_src / f for f in PYODIDE_FILES]
        + [qr_src / f for f in QR_FILES]
    )
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in SHELL_FILES:
        _copy(ROOT / name, out / name)
    index = out / "index.html"
    source = index.read_text(encoding="utf-8")
    shell = {*shell_sources(source), SHELL_TYPES}
    html = with_module_preloads(with_inline_shell(source), pyscript_src)
    html = with_first_start(with_boot_preloads(html))
    index.write_text(with_csp(html), encoding="utf-8")
    for path in _walk(ROOT / "web"):
        if path.relative_to(ROOT).as_posix() not in shell:  # in the page, or not for it
            _copy(path, out / path.relative_to(ROOT))
    for path in engine_files():
        _copy(path, out / path.relative_to(ROOT))
    strip_shipped_python(out)
    for name in PYODIDE_FILES:
        _copy(pyodide_src / name, out / PYODIDE_DIR / name)
    write_stdlib(out, pyodide_src)
    write_lock(out)
    for name in QR_FILES:
        _copy(qr_src / name, out / QR_DIR / name)
    for path in _walk(pyscript_src):
        if not PYSCRIPT_UNUSED.match(path.name):
            _copy(path, out / PYSCRIPT_DIR / path.relative_to(pyscript_src))
    config = json.dumps(pyscript_config(out), indent=2, sort_keys=True) + "\n"
    (out / CONFIG_NAME).write_text(config, encoding="utf-8")
    facts = make_snapshot(out) if snapshot else None
    write_loader(out, facts, write_bundle(out))
    gzip_stdlib(out)
    return write_service_worker(out, ROOT / SW_NAME)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument(
        "--no-screenshots", action="store_true", help="skip the manifest's screenshots"
    )
    parser.add_argument(
        "--no-snapshot", action="store_true", help="no Python snapshot (Python boots normally)"
    )
    args = parser.parse_args(argv)
    out = args.out.resolve()
    try:
        entries = build(out, snapshot=not args.no_snapshot)
    except BuildError as error:
        print(f"build: {error}", file=sys.stderr)
        return 1
    total = sum(int(str(e["size"])) for e in entries)
    print(f"build: wrote {args.out} ({len(entries)} precached files, {total / 1e6:.1f} MB)")
    if not args.no_screenshots:
        from screenshots import add_screenshots  # tools/ is on sys.path when run as a script

        taken, folder = add_screenshots(out)
        print(f"build: screenshots {'taken' if taken else 'from the cache'} ({folder.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
