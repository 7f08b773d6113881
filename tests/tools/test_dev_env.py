"""tools/dev_env.py: setup's folders made once per set of inputs, shared by clones as links."""

from __future__ import annotations

from pathlib import Path

import pytest
from tool_loader import load_tool

dev_env = load_tool("dev_env")


def test_a_folder_is_made_once_and_remade_only_when_unfinished(tmp_path: Path) -> None:
    made: list[Path] = []

    def make(folder: Path) -> None:
        made.append(folder)
        (folder / "tool").write_text("v1")

    folder = tmp_path / "cache" / "venv-abc"
    assert dev_env._made(folder, make, "test") == folder
    assert dev_env._made(folder, make, "test") == folder
    assert made == [folder] and (folder / "tool").read_text() == "v1"
    (folder / dev_env.DONE).unlink()  # a maker that died half way: made again from nothing
    (folder / "stale").write_text("x")
    dev_env._made(folder, make, "test")
    assert len(made) == 2 and not (folder / "stale").exists()


def test_a_maker_that_fails_leaves_no_finished_folder(tmp_path: Path) -> None:
    def broken(folder: Path) -> None:
        raise OSError("disk full")

    folder = tmp_path / "node-abc"
    with pytest.raises(OSError):
        dev_env._made(folder, broken, "test")
    assert not (folder / dev_env.DONE).exists()


def test_links_replace_an_old_folder_or_link_and_keep_a_right_one(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    link = tmp_path / "clone" / ".venv"
    link.parent.mkdir()
    link.mkdir()  # a virtualenv of the clone's own, from before
    (link / "bin").mkdir()
    dev_env._link(link, first)
    assert link.is_symlink() and link.resolve() == first.resolve()
    dev_env._link(link, first)
    assert link.resolve() == first.resolve()
    dev_env._link(link, second)
    assert link.resolve() == second.resolve() and first.is_dir()


def test_the_keys_follow_the_inputs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert dev_env._key("pytest==9.2.0") == dev_env._key("pytest==9.2.0")
    assert dev_env._key("pytest==9.2.0") != dev_env._key("pytest==9.2.1")
    assert dev_env._key("a", "bc") != dev_env._key("ab", "c")
    assert any(req.startswith("pytest==") for req in dev_env.dev_requirements())
    monkeypatch.setenv("BEZIQUE_CACHE", str(tmp_path))
    assert dev_env.cache_root() == tmp_path
