"""The shell's page functions live in web/shell-*.js, checked by tsc (`// @ts-check`, the
files of tsconfig.json), and reach the page only through the build, which writes each one
into dist/index.html as an inline script covered by the page's CSP."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from tool_loader import ROOT, load_tool

build = load_tool("build")
SOURCES = sorted((ROOT / "web").glob("shell-*.js"))
INDEX = (ROOT / "index.html").read_text(encoding="utf-8")


def test_every_shell_script_is_checked() -> None:
    assert len(SOURCES) >= 4
    checked = set(json.loads((ROOT / "tsconfig.json").read_text(encoding="utf-8"))["files"])
    for path in SOURCES:
        rel = path.relative_to(ROOT).as_posix()
        assert path.read_text(encoding="utf-8").startswith("// @ts-check\n"), rel
        assert rel in checked, f"{rel} is not in tsconfig.json's files"
        assert rel in build.shell_sources(INDEX), f"index.html does not name {rel}"


def inline_bodies(html: str) -> list[str]:
    """The bodies of the page's inline scripts the browser runs (not JSON data, not Python)."""
    return [
        m["body"] for m in build.INLINE_SCRIPT_RE.finditer(html)
        if m["body"].strip() and "application/json" not in m["attrs"]
    ]


def test_index_html_holds_no_script_of_its_own() -> None:
    """Page code belongs in web/shell-*.js, where tsc checks it: none is written in the page."""
    assert inline_bodies(INDEX) == []
    assert not re.search(r"\son[a-z]+=", INDEX), "an inline event handler (the CSP refuses it)"


def test_the_check_can_fail() -> None:
    script = "<script>\n  (function () { window.x = 1; })();\n</script>\n"
    page = INDEX.replace("</head>", script + "</head>")
    assert inline_bodies(page)


def test_the_build_writes_each_script_into_the_page_under_the_csp() -> None:
    page = build.with_csp(build.with_inline_shell(INDEX))
    assert 'src="web/shell-' not in page
    bodies = inline_bodies(page)
    assert len(bodies) == len(SOURCES)
    policy = build.content_security_policy(page)
    for path, body in zip(sorted(SOURCES, key=lambda p: INDEX.index(p.name)), bodies, strict=True):
        assert body == "\n" + build.shell_script(path.read_text(encoding="utf-8"))
        assert build._sha256(body) in policy, path.name
    # the module stays a module, the others classic scripts
    assert '<script type="module">\n' in page


def test_the_page_runs_the_scripts_without_annotations_or_comment_lines() -> None:
    source = (
        "// @ts-check\n// why\n(function () {\n  /** @param {string} a\n   * @returns {number} */\n"
        "  var f = function (a) { return /** @type {number} */ (a.length); }; // kept\n})();\n"
    )
    assert build.shell_script(source) == (
        "(function () {\n  var f = function (a) { return (a.length); }; // kept\n})();\n"
    )


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_the_stripped_script_still_parses(path: Path, tmp_path: Path) -> None:
    """What the page runs is valid JavaScript (Node's parser: a module stays a module)."""
    module = f'type="module" src="web/{path.name}"' in INDEX
    out = tmp_path / (path.stem + (".mjs" if module else ".js"))
    out.write_text(build.shell_script(path.read_text(encoding="utf-8")), encoding="utf-8")
    result = subprocess.run(["node", "--check", str(out)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
