"""The developer tools `make setup` needs, made once per machine and shared by every clone.

The Python virtualenv (the `dev` extras of pyproject.toml), the npm packages (package-lock.json)
and the wheels the Pyodide test runner unpacks are each made in a folder of a cache named by
the hash of what it is made from (`BEZIQUE_CACHE`, default `~/.cache/bezique`); the clone's
`.venv`, `node_modules` and `build/wheels` are links to them. Why: a fresh clone's setup was
about 23 s of every `make test` (a new virtualenv, pip and `npm ci` from their download
caches), the same work each time; now it is the first clone's on a machine, and a clone whose
inputs changed makes its own new folder, never touching the others'.

The project itself is not installed into the virtualenv: the tests, the tools and
`python -m engine` import it from the repository (pytest's `pythonpath`, the working
directory), so one virtualenv serves every clone.

    python3 tools/dev_env.py            # all three, side by side (as `make setup`)
    python3 tools/dev_env.py --where    # print the cache's folder
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import threading
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DONE = ".complete"  # written last into a made folder: a folder without it is remade


def cache_root() -> Path:
    return Path(os.environ.get("BEZIQUE_CACHE") or Path.home() / ".cache" / "bezique")


def _key(*parts: str | bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def dev_requirements() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as stream:
        project = tomllib.load(stream)["project"]
    return list(project["optional-dependencies"]["dev"])


def pytest_pin() -> str:
    return next(req for req in dev_requirements() if req.startswith("pytest=="))


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """One maker of a folder at a time (two clones set up at once wait for each other)."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    with (folder.parent / f"{folder.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _made(folder: Path, make: Callable[[Path], None], what: str) -> Path:
    """`folder`, made by `make` unless an earlier run finished it."""
    with _locked(folder):
        if not (folder / DONE).exists():
            print(f"setup: {what} into {folder}", flush=True)
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            make(folder)
            (folder / DONE).touch()
    return folder


def _link(link: Path, target: Path) -> None:
    """Point `link` at `target`, replacing whatever stood there (a link, a folder)."""
    if link.is_symlink() and link.resolve() == target.resolve():
        return
    if link.is_symlink() or link.is_file():
        link.unlink()
    elif link.exists():
        shutil.rmtree(link)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target, target_is_directory=True)


def _run(command: list[str], cwd: Path | None = None) -> None:
    subprocess.run(command, cwd=cwd, check=True)


def make_venv(folder: Path) -> None:
    try:
        _run([sys.executable, "-m", "venv", str(folder)])
    except subprocess.CalledProcessError:  # Debian splits venv out of its python3
        _run(["apt-get", "update"])
        _run(["apt-get", "install", "-y", "python3-venv"])
        shutil.rmtree(folder)
        _run([sys.executable, "-m", "venv", str(folder)])
    python = str(folder / "bin" / "python")
    _run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
          *dev_requirements()])


def make_node(folder: Path) -> None:
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(ROOT / name, folder / name)
    _run(["npm", "ci", "--no-audit", "--no-fund"], cwd=folder)


def make_wheels(folder: Path, python: str) -> None:
    _run([python, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
          "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
          "--implementation", "py", "--abi", "none", "-d", str(folder), pytest_pin()])


def venv() -> Path:
    version = f"{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}"
    key = _key(sys.executable, version, *dev_requirements())
    folder = _made(cache_root() / f"venv-{key}", make_venv, "Python virtualenv")
    _link(ROOT / ".venv", folder)
    return folder


def node_modules() -> None:
    key = _key((ROOT / "package-lock.json").read_bytes(), (ROOT / "package.json").read_bytes())
    folder = _made(cache_root() / f"node-{key}", make_node, "npm ci")
    _link(ROOT / "node_modules", folder / "node_modules")


def wheels(python: str) -> None:
    folder = _made(cache_root() / f"wheels-{_key(pytest_pin())}",
                   lambda f: make_wheels(f, python), "wheels for the Pyodide test runner")
    _link(ROOT / "build" / "wheels", folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--where", action="store_true", help="print the cache's folder")
    args = parser.parse_args(argv)
    if args.where:
        print(cache_root())
        return 0
    failed: list[BaseException] = []

    def guarded(step: Callable[[], object]) -> None:
        try:
            step()
        except (subprocess.CalledProcessError, OSError) as error:
            failed.append(error)

    npm = threading.Thread(target=guarded, args=(node_modules,))
    npm.start()  # beside the virtualenv: npm and pip each keep about one core busy
    guarded(lambda: wheels(str(venv() / "bin" / "python")))
    npm.join()
    for error in failed:
        print(f"setup failed: {error}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
