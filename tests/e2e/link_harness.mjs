// A test page's use of web/link-rtc.mjs: one Link, its messages and states kept for the test.
import { Link, decodeDescription } from "./web/link-rtc.mjs";
import { qrModules, qrSvg, readImage } from "./web/link-qr.mjs";

const state = { received: [], states: [], times: [] };
let link = null;
function make() {
  link = new Link((text) => { state.received.push(text); state.times.push(performance.now()); },
                  (s) => { state.states.push(s); document.documentElement.dataset.peerState = s; });
  return link;
}
window.duo = {
  state,
  host: () => make().offer(),
  guest: (code) => make().answer(code),
  accept: (code) => link.accept(code),
  send: (text) => link.send(text),
  decode: (code) => decodeDescription(code),
  sdp: () => link.pc.localDescription.sdp,
  close: () => link.close(),
  // the code drawn as a QR image on a canvas, then read back by the decoder the camera uses
  qrRoundTrip: (code) => {
    const rows = qrModules(code), scale = 4, border = 4;
    const size = (rows.length + 2 * border) * scale;
    const canvas = new OffscreenCanvas(size, size);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, size, size); ctx.fillStyle = "#000";
    rows.forEach((row, y) => row.forEach((dark, x) => {
      if (dark) ctx.fillRect((x + border) * scale, (y + border) * scale, scale, scale);
    }));
    return { text: readImage(ctx.getImageData(0, 0, size, size)), modules: rows.length - 2,
             svg: qrSvg(code).length };
  },
};
document.documentElement.dataset.ready = "1";
