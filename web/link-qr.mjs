// The pairing code as a QR image, and read back from a camera frame (two devices).
//
// Why these: the npm package "qr" makes and reads QR codes with no dependency; it is pinned in
// package.json and vendored by tools/build.py into runtime/qr/ (same origin, precached). The
// camera path uses the platform's BarcodeDetector where there is one (Chromium on Android,
// Safari 17+), else this decoder; typing or pasting the code always works besides.
import encodeQR from "../runtime/qr/index.js";
import decodeQR from "../runtime/qr/decode.js";

// The code as an SVG image (alphanumeric mode, error correction M, a quiet border of 2).
export function qrSvg(code) {
  return encodeQR(code.toUpperCase(), "svg", { ecc: "medium", border: 2 });
}

// The QR symbol's modules (true: dark) with a border of one, for tests and size checks.
export function qrModules(code) {
  return encodeQR(code.toUpperCase(), "raw", { ecc: "medium", border: 1 });
}

// The text of a QR code in an image ({width, height, data} RGBA), or "" if none is found.
export function readImage(image) {
  try {
    return decodeQR(image);
  } catch {
    return "";
  }
}

// The widest frame the decoder reads: a phone camera's full frame costs it several times as much
// and reads no better at arm's length.
const FRAME_WIDTH = 640;
// How often the camera's picture is read while the scanner is open.
const READ_EVERY_MS = 200;

// The text of a QR code in a video frame or canvas: the platform's detector first.
export async function readFrame(source) {
  if ("BarcodeDetector" in globalThis) {
    try {
      const found = await new globalThis.BarcodeDetector({ formats: ["qr_code"] }).detect(source);
      if (found.length) return found[0].rawValue;
    } catch {
      // no QR support in this detector: the decoder below reads the frame
    }
  }
  const fullWidth = source.videoWidth || source.width, fullHeight = source.videoHeight || source.height;
  const scale = Math.min(1, FRAME_WIDTH / fullWidth);
  const width = Math.round(fullWidth * scale), height = Math.round(fullHeight * scale);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(source, 0, 0, width, height);
  return readImage(ctx.getImageData(0, 0, width, height));
}

// Opens the back camera in a layer over the page and reads until a QR code is seen: its text,
// or "" when the person cancels (the button or Escape). Throws the camera's error (no camera,
// permission refused). `labels`: {title, cancel}, in the player's language.
export async function scan(labels) {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment" }, audio: false });
  const layer = document.createElement("div");
  layer.className = "qr-scanner";
  layer.dataset.scanner = "";
  layer.setAttribute("role", "dialog");
  layer.setAttribute("aria-modal", "true");
  layer.setAttribute("aria-label", labels.title);
  const title = document.createElement("p");
  title.textContent = labels.title;
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.setAttribute("playsinline", "");
  video.srcObject = stream;
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "btn";
  cancel.dataset.scanCancel = "";
  cancel.textContent = labels.cancel;
  layer.append(title, video, cancel);
  document.body.append(layer);
  cancel.focus();
  let finished = false;
  try {
    return await new Promise((resolve, reject) => {
      const end = (text) => { finished = true; resolve(text); };
      cancel.addEventListener("click", () => end(""));
      layer.addEventListener("keydown", (e) => { if (e.key === "Escape") end(""); });
      const read = async () => {
        if (finished) return;
        try {
          const text = video.readyState >= 2 ? await readFrame(video) : "";
          if (text) return end(text);
        } catch (error) {
          finished = true;
          return reject(error);
        }
        setTimeout(read, READ_EVERY_MS);
      };
      video.play().then(read, reject);
    });
  } finally {
    finished = true;
    for (const track of stream.getTracks()) track.stop();
    layer.remove();
  }
}
