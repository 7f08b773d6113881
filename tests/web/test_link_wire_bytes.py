"""The bytes on the wire between devices, pinned: a change to how messages are built or
typed must not change what another device (an older page, say) receives or must send."""

from __future__ import annotations

import hashlib
import json

from tests.web.link_table import LinkedTable
from web.link.frame_wire import frame_to_json
from web.link.link_guest import GuestSession
from web.link.link_host import HERE, REMOTE, HostTable
from web.table.seat_frame import seat_frame

TOKEN = "ab" * 16
HOST_SECRET, GUEST_SECRET = "11" * 32, "22" * 32
HOST_HASH = "02d449a31fbb267c8f352e9968a79e3e5fc95c1bbeaa502fd6454ebde5a4bedc"
GUEST_HASH = "9f72ea0cf49536e3c66c787f705186df9a4378083753ae9536d65b3ad7fcddc4"


def test_each_kind_of_message_as_its_bytes() -> None:
    host = HostTable("classic", {}, [HERE, REMOTE], entropy=lambda: HOST_SECRET)
    guest = GuestSession(entropy=lambda: GUEST_SECRET)
    seat = host.opened(1)
    assert [s.text for s in seat] == ['{"v":1,"t":"seat","seat":1}']
    assert guest.receive(seat[0].text) == ['{"v":1,"t":"hello","seat":1,"token":null}']
    host.tokens[1] = guest.token = TOKEN
    hello = guest.hello()
    assert hello == f'{{"v":1,"t":"hello","seat":1,"token":"{TOKEN}"}}'
    welcome = host.receive(1, hello)
    assert [s.text for s in welcome] == [
        f'{{"v":1,"t":"welcome","seat":1,"token":"{TOKEN}","variant":"classic",'
        '"options":{},"players":2}']
    guest.receive(welcome[0].text)
    commit = host.start_deal()
    assert [s.text for s in commit] == [f'{{"v":1,"t":"commit","deal":0,"hash":"{HOST_HASH}"}}']
    replies = guest.receive(commit[0].text)
    assert replies == [f'{{"v":1,"t":"commit","seat":1,"deal":0,"hash":"{GUEST_HASH}"}}']
    reveal = host.receive(1, replies[0])
    assert [s.text for s in reveal] == [
        f'{{"v":1,"t":"reveal","deal":0,"secret":"{HOST_SECRET}",'
        f'"hashes":{{"1":"{GUEST_HASH}"}}}}']
    replies = guest.receive(reveal[0].text)
    assert replies == [f'{{"v":1,"t":"reveal","seat":1,"deal":0,"secret":"{GUEST_SECRET}"}}']
    state = host.receive(1, replies[0])
    assert len(state) == 1
    assert state[0].text.startswith('{"v":1,"t":"state","n":2,"deal":0,"obs":{"seat":1,')
    assert state[0].text.endswith('"deal_over":false,"game_over":false},"frame":{}}')
    guest.receive(state[0].text)
    assert guest.act("pass") == '{"v":1,"t":"act","seat":1,"n":2,"action":"pass"}'
    assert [s.text for s in host.receive(1, "{")] == [
        '{"v":1,"t":"refused","reason":"malformed","rule":""}']
    assert [s.text for s in host.receive(1, guest.act("win now"))] == [
        '{"v":1,"t":"refused","reason":"illegal","rule":"unknown_action"}']
    assert [s.text for s in host.closing()] == ['{"v":1,"t":"closed"}']
    assert guest.leave() == '{"v":1,"t":"leave","seat":1}'
    assert [s.text for s in host.receive(1, guest.leave())] == []  # nobody else to tell


def test_paused_and_resumed_as_their_bytes() -> None:
    table = LinkedTable("russian-3", {}, [HERE, REMOTE, REMOTE], seed=3)
    table.join_all()
    assert [s.text for s in table.host.disconnected(2)] == ['{"v":1,"t":"paused","waiting":[2]}']
    back = table.host.receive(2, table.guests[2].hello())
    assert [s.text for s in back if s.seat == 1] == ['{"v":1,"t":"resumed"}']


def test_a_whole_deal_with_frames_as_its_bytes() -> None:
    """Every message of a seeded deal (but the welcome: its token is random), frames and
    the deal's record included, hashed: the same bytes as before."""
    table = LinkedTable("classic", {}, [HERE, REMOTE], seed=11)
    host = table.host
    host.frame_of = lambda seat: frame_to_json(seat_frame(host.game, seat, (), 1))  # type: ignore[arg-type]
    table.join_all()
    table.deliver(host.start_deal())
    table.play_deal()
    texts = [s.text for s in table.log if json.loads(s.text)["t"] != "welcome"]
    kinds = [json.loads(t)["t"] for t in texts]
    assert kinds[:3] == ["commit", "reveal", "state"] and kinds[-1] == "record"
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
    assert any('"frame":{"view":' in t for t in texts)
    assert (len(texts), digest) == (
        92, "ddeecf2937e9ea1031de27154dd4aead0a817c13031cdced16da9b14152ed9a9")
