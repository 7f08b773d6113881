// Two devices, one table: the WebRTC transport of web/link (the shell's side).
//
// Why in the shell: Python may run in a worker, where RTCPeerConnection does not exist.
// No STUN, no TURN, no ICE server: the devices meet over host candidates on the local
// network. Each side waits for ICE gathering to complete, then the session description is
// cut to what the connection needs (ICE user and password, the DTLS fingerprint and role,
// the UDP host candidates) and packed into a short base32 code (A-Z, 2-7: QR alphanumeric
// mode, and easy to type). The other side rebuilds a full description from it.

const VERSION = 1;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const SETUPS = ["actpass", "active", "passive"];
const CHANNEL = { negotiated: true, id: 0, ordered: true };

function base32(bytes) {
  let out = "", bits = 0, value = 0;
  for (const b of bytes) {
    value = (value << 8) | b; bits += 8;
    while (bits >= 5) { out += ALPHABET[(value >>> (bits - 5)) & 31]; bits -= 5; }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(text) {
  const clean = text.toUpperCase().replace(/[^A-Z2-7]/g, "");
  const out = []; let bits = 0, value = 0;
  for (const ch of clean) {
    value = ((value << 5) | ALPHABET.indexOf(ch)) & 0xffff; bits += 5;
    if (bits >= 8) { out.push((value >>> (bits - 8)) & 255); bits -= 8; }
  }
  return new Uint8Array(out);
}

function line(sdp, name) {
  const m = sdp.match(new RegExp("^a=" + name + ":(.*)$", "m"));
  if (!m) throw new Error("sdp lacks " + name);
  return m[1].trim();
}

function ascii(text) { return Array.from(text, (c) => c.charCodeAt(0) & 127); }

function packAddress(addr) {
  const v4 = addr.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) return [4, ...v4.slice(1).map(Number)];
  const mdns = addr.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i);
  if (mdns) return [16, ...mdns.slice(1).join("").match(/../g).map((h) => parseInt(h, 16))];
  return null; // IPv6 and other forms are left out: IPv4 and mDNS cover a room's network
}

function unpackAddress(bytes, at) {
  const kind = bytes[at];
  if (kind === 4) return [Array.from(bytes.slice(at + 1, at + 5)).join("."), at + 5];
  if (kind === 16) {
    const hex = Array.from(bytes.slice(at + 1, at + 17), (b) => b.toString(16).padStart(2, "0")).join("");
    const uuid = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
    return [uuid + ".local", at + 17];
  }
  throw new Error("bad address kind");
}

// A session description as a pairing code (offer or answer).
export function encodeDescription(desc) {
  const sdp = desc.sdp;
  const ufrag = line(sdp, "ice-ufrag"), pwd = line(sdp, "ice-pwd");
  const finger = line(sdp, "fingerprint").split(" ")[1].split(":").map((h) => parseInt(h, 16));
  const setup = SETUPS.indexOf(line(sdp, "setup"));
  const cands = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gim)) {
    const addr = packAddress(m[1]);
    if (addr && cands.length < 8) cands.push([...addr, Number(m[2]) >> 8, Number(m[2]) & 255]);
  }
  if (finger.length !== 32 || setup < 0 || !cands.length) throw new Error("sdp not usable");
  const bytes = [(VERSION << 4) | ((desc.type === "answer" ? 1 : 0) << 2) | setup,
    ufrag.length, ...ascii(ufrag), pwd.length, ...ascii(pwd), ...finger, cands.length, ...cands.flat()];
  return base32(bytes);
}

// A pairing code back as a session description ({type, sdp}); throws on a bad code.
export function decodeDescription(code) {
  const b = unbase32(code);
  if (b.length < 40 || b[0] >> 4 !== VERSION) throw new Error("not a pairing code");
  const type = (b[0] >> 2) & 1 ? "answer" : "offer", setup = SETUPS[b[0] & 3];
  let at = 1;
  const text = (n) => { const s = String.fromCharCode(...b.slice(at + 1, at + 1 + n)); at += 1 + n; return s; };
  const ufrag = text(b[at]), pwd = text(b[at]);
  const finger = Array.from(b.slice(at, at + 32), (x) => x.toString(16).padStart(2, "0").toUpperCase()).join(":");
  at += 32;
  const count = b[at++];
  const cands = [];
  for (let k = 0; k < count; k++) {
    let addr; [addr, at] = unpackAddress(b, at);
    const port = (b[at] << 8) | b[at + 1]; at += 2;
    cands.push(`a=candidate:${k + 1} 1 udp ${2122260223 - k} ${addr} ${port} typ host generation 0`);
  }
  if (at !== b.length || !setup || !cands.length) throw new Error("not a pairing code");
  const sdp = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0", ...cands, "a=end-of-candidates", `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${finger}`, `a=setup:${setup}`, "a=mid:0", "a=sctp-port:5000",
    "a=max-message-size:262144", ""].join("\r\n");
  return { type, sdp };
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") resolve();
    });
  });
}

// One link to one other device: the host makes one per remote seat.
export class Link {
  constructor(onMessage, onState) {
    this.pc = new RTCPeerConnection({ iceServers: [] });
    this.channel = this.pc.createDataChannel("bezique", CHANNEL);
    this.channel.onmessage = (e) => onMessage(String(e.data));
    this.channel.onopen = () => onState("connected");
    this.channel.onclose = () => onState("waiting");
    this.pc.onconnectionstatechange = () => {
      if (["failed", "disconnected", "closed"].includes(this.pc.connectionState)) onState("waiting");
    };
  }

  // Host: the offer's code to show.
  async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await gathered(this.pc);
    return encodeDescription(this.pc.localDescription);
  }

  // Guest: the host's offer in, the answer's code out.
  async answer(code) {
    const offer = decodeDescription(code);
    if (offer.type !== "offer") throw new Error("not an offer");
    await this.pc.setRemoteDescription(offer);
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await gathered(this.pc);
    return encodeDescription(this.pc.localDescription);
  }

  // Host: the guest's answer in; the channel opens shortly after.
  async accept(code) {
    const answer = decodeDescription(code);
    if (answer.type !== "answer") throw new Error("not an answer");
    await this.pc.setRemoteDescription(answer);
  }

  send(text) {
    if (this.channel.readyState !== "open") return false;
    this.channel.send(text);
    return true;
  }

  // The channel first, which sends what is still buffered (a last message), then the
  // connection a moment later.
  close() {
    this.channel.close();
    setTimeout(() => this.pc.close(), 1000);
  }
}
