"""Serve the built site (dist/) on localhost with the MIME types PyScript/Pyodide need.

Why not `python -m http.server`: .wasm must be application/wasm and .mjs text/javascript
or the runtime does not boot, and the logs are noisy. The service worker does the real
caching, so HTTP responses ask the browser to revalidate (`no-cache`).
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import signal
import sys
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
    """Static files with fixed MIME types, revalidating caching, security headers, quiet logs.

    The CSP header repeats the page's meta policy and adds what only a header can say
    (frame-ancestors; a report-uri when ``csp_report_path`` is set, as the tests do).
    """

    csp_report_path: str | None = None

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
        if self.path.split("?", 1)[0].endswith("/service-worker.js"):
            self.send_header("Service-Worker-Allowed", "/")
        super().end_headers()

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
