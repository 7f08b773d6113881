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
  const width = source.videoWidth || source.width, height = source.videoHeight || source.height;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(source, 0, 0);
  return readImage(ctx.getImageData(0, 0, width, height));
}
