// A test page's use of web/link-rtc.mjs: one Link, its messages and states kept for the test.
import { Link, decodeDescription } from "./link-rtc.mjs";

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
};
document.documentElement.dataset.ready = "1";
