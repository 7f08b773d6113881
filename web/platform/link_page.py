"""The links to other devices through the page (two devices, one table): WebRTC is the
shell's (index.html's ``link*`` functions over web/link-rtc.mjs), as Python may run in a
worker, where there is no RTCPeerConnection. Plain values in and out, results through
callbacks (a worker cannot wait on the page's promises)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol

from web.platform import page

Done = Callable[[str, str], None]


class KeptCallback(Protocol):
    """A Python function the page's JavaScript may call until it is destroyed (Pyodide's
    proxy of it)."""

    def destroy(self) -> None: ...


def _keep(fn: Callable[..., None]) -> KeptCallback:
    from pyodide.ffi import create_proxy

    proxy: KeptCallback = create_proxy(fn)
    return proxy


def _once(fn: Callable[..., None]) -> object:
    """A Python function the page's JavaScript calls once (then Pyodide lets it go)."""
    from pyodide.ffi import create_once_callable

    return create_once_callable(fn)


class PageLink:
    """One link (web.link.hosting.LinkHandle) kept by the shell under a number."""

    def __init__(self, on_message: Callable[[str], None], on_state: Callable[[str], None]) -> None:
        self.callbacks = [_keep(lambda text: on_message(str(text))),
                          _keep(lambda state: on_state(str(state)))]
        self.id = int(page.call("linkNew", *self.callbacks))

    def _call(self, op: str, code: str, done: Done) -> None:
        page.call("linkCall", self.id, op, code,
                  _once(lambda out, error: done(str(out), str(error))))

    def offer(self, done: Done) -> None:
        self._call("offer", "", done)

    def answer(self, code: str, done: Done) -> None:
        self._call("answer", code, done)

    def accept(self, code: str, done: Done) -> None:
        self._call("accept", code, done)

    def send(self, text: str) -> bool:
        return bool(page.call("linkSend", self.id, text))

    def close(self) -> None:
        page.call("linkClose", self.id)
        for proxy in self.callbacks:
            proxy.destroy()
        self.callbacks = []


class PageTransport:
    """This page's links to other devices (web.link.hosting.Transport), QR images, and the
    camera that reads them (web.link.pairing.QrScanner)."""

    def __init__(self) -> None:
        self.camera: bool | None = None  # asked of the page once

    def new_link(self, on_message: Callable[[str], None],
                 on_state: Callable[[str], None]) -> PageLink:
        return PageLink(on_message, on_state)

    def qr_svg(self, code: str, done: Callable[[str], None]) -> None:
        page.call("qrSvg", code, _once(lambda svg: done(str(svg))))

    def can_scan(self) -> bool:
        """A camera may be asked for here (a secure context with media devices)."""
        if self.camera is None:
            self.camera = bool(page.call("canScan"))
        return self.camera

    def scan(self, labels: dict[str, str], done: Callable[[str, str], None]) -> None:
        page.call("qrScan", json.dumps(labels),
                  _once(lambda code, error: done(str(code), str(error))))
