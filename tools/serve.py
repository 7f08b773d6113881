"""Serve the built site (dist/) on localhost with the MIME types PyScript/Pyodide need.

Why not `python -m http.server`: .wasm must be application/wasm and .mjs text/javascript
or the runtime does not boot, and the logs are noisy. The service worker does the real
caching, so HTTP responses ask the browser to revalidate (`no-cache`). Like a production
static host, text and WebAssembly go out gzip-compressed to browsers that accept it
(already-compressed files, such as images, zips and the .gz snapshot, go out as they are).
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import io
import os
import re
import signal
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}


COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".py", ".txt", ".svg",
                ".wasm", ".map"}
_GZIPPED: dict[tuple[str, int, int], bytes] = {}  # (path, mtime, size) -> body
_GZIP_LOCK = threading.Lock()


def gzipped(path: Path, stat: os.stat_result) -> bytes:
    """The gzip body of a file, compressed once per content (mtime and size) and kept."""
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    with _GZIP_LOCK:
        body = _GZIPPED.get(key)
        if body is None:
            body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            _GZIPPED[key] = body
    return body


def accepts_gzip(header: str | None) -> bool:
    """Whether an Accept-Encoding header allows gzip (q=0 refuses it)."""
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = params.strip().removeprefix("q=").strip() if "q=" in params else "1"
            try:
                return float(q) > 0
            except ValueError:
                return False
    return False


CSP_META_RE = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"')
FALLBACK_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'"


def page_policy(directory: Path) -> str:
    """The CSP of the served site: the one tools/build.py wrote into its index.html."""
    try:
        match = CSP_META_RE.search((directory / "index.html").read_text(encoding="utf-8"))
    except OSError:
        match = None
    return match.group(1) if match else FALLBACK_CSP


class Handler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, revalidating caching, gzip, security headers
    and quiet logs.

    The CSP header repeats the page's meta policy and adds what only a header can say
    (frame-ancestors; a report-uri when ``csp_report_path`` is set, as the tests do).
    """

    csp_report_path: str | None = None
    # Cross-origin isolation headers; False plays a static host that cannot set them (the
    # service worker then adds them to the pages it serves).
    isolate = True

    # Size of the file itself when the body went out compressed (for byte-counting tests).
    identity_size: int | None = None

    extensions_map = {  # noqa: RUF012 (replaces the stdlib's own class-level map)
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        policy = f"{page_policy(Path(self.directory))}; frame-ancestors 'none'"
        if self.csp_report_path:
            policy += f"; report-uri {self.csp_report_path}"
        self.send_header("Content-Security-Policy", policy)
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "no-referrer")
        # Cross-origin isolation: Pyodide creates a SharedArrayBuffer, which browsers allow
        # (without a deprecation warning) only in an isolated page. Everything is same-origin.
        if self.isolate:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        if self.path.split("?", 1)[0].endswith("/service-worker.js"):
            self.send_header("Service-Worker-Allowed", "/")
        super().end_headers()

    def send_head(self) -> Any:
        """Like the stdlib's, plus gzip for compressible files when the client accepts it."""
        self.identity_size = None
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        if (
            path.suffix.lower() not in COMPRESSIBLE
            or not path.is_file()
            or not accepts_gzip(self.headers.get("Accept-Encoding"))
        ):
            return super().send_head()
        stat = path.stat()
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        body = gzipped(path, stat)
        self.identity_size = stat.st_size
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Successful requests stay silent; errors get one line."""
        if str(code).isdigit() and int(code) >= 400:
            sys.stderr.write(f"serve: {self.requestline!r} -> {code}\n")

    def log_error(self, format: str, *args: Any) -> None:
        """Reported by log_request already."""


def make_server(directory: Path, host: str, port: int) -> ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve dist/ on localhost.")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="folder to serve")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"serve: {args.dir}/index.html missing; run `make build` first", file=sys.stderr)
        return 1
    try:
        server = make_server(args.dir, args.host, args.port)
    except OSError as error:
        print(f"serve: cannot listen on port {args.port} ({error}); try PORT=…", file=sys.stderr)
        return 1
    port = server.server_address[1]

    def stop(_signum: int, _frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(f"Serving {args.dir} at http://localhost:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
