"""Devices linked in one process (a test helper): pairing codes and messages go through a
shared queue that the test drains, as the network would deliver them, later."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class MemoryLink:
    """One end of a link (web.link.hosting.LinkHandle)."""

    net: MemoryNet
    on_message: Callable[[str], None]
    on_state: Callable[[str], None]
    peer: MemoryLink | None = None
    open: bool = False
    code: str = ""
    sent: list[str] = field(default_factory=list)

    def offer(self, done: Callable[[str, str], None]) -> None:
        self.code = self.net.register(self, "O")
        self.net.later(lambda: done(self.code, ""))

    def answer(self, code: str, done: Callable[[str, str], None]) -> None:
        host = self.net.codes.get(code)
        if host is None or not code.startswith("O"):
            self.net.later(lambda: done("", "not an offer"))
            return
        self.peer, self.code = host, self.net.register(self, "A")
        self.net.later(lambda: done(self.code, ""))

    def accept(self, code: str, done: Callable[[str, str], None]) -> None:
        guest = self.net.codes.get(code)
        if guest is None or guest.peer is not self:
            self.net.later(lambda: done("", "not an answer"))
            return
        self.peer = guest
        self.net.later(lambda: done("", ""))
        self.net.later(self.net.connect, self, guest)

    def send(self, text: str) -> bool:
        if not self.open or self.peer is None:
            return False
        self.sent.append(text)
        peer = self.peer
        self.net.later(lambda: peer.open and peer.on_message(text))
        return True

    def close(self) -> None:
        """After what was sent before it (a data channel's close sends what it buffered)."""
        self.net.later(self.net.cut, self)


class MemoryNet:
    """Every link of a test, and what is on its way."""

    def __init__(self) -> None:
        self.codes: dict[str, MemoryLink] = {}
        self.queue: deque[Callable[[], object]] = deque()

    def register(self, link: MemoryLink, kind: str) -> str:
        code = f"{kind}{len(self.codes) + 1:04d}"
        self.codes[code] = link
        return code

    def later(self, fn: Callable[..., object], *args: object) -> None:
        self.queue.append(lambda: fn(*args))

    def connect(self, a: MemoryLink, b: MemoryLink) -> None:
        a.open = b.open = True
        a.on_state("connected")
        b.on_state("connected")

    def cut(self, link: MemoryLink) -> None:
        """The link goes down at both ends (a page closed, the Wi-Fi lost)."""
        for end in (link, link.peer):
            if end is not None and end.open:
                end.open = False
                self.later(end.on_state, "waiting")

    def deliver_all(self, limit: int = 100_000) -> int:
        count = 0
        while self.queue and count < limit:
            self.queue.popleft()()
            count += 1
        return count

    def transport(self) -> MemoryTransport:
        return MemoryTransport(self)


class MemoryTransport:
    """A device's transport (web.link.hosting.Transport) on a shared MemoryNet."""

    def __init__(self, net: MemoryNet) -> None:
        self.net = net
        self.links: list[MemoryLink] = []

    def new_link(self, on_message: Callable[[str], None],
                 on_state: Callable[[str], None]) -> MemoryLink:
        link = MemoryLink(self.net, on_message, on_state)
        self.links.append(link)
        return link
