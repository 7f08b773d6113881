// Python's memory snapshot as the app ships it: only its pages that hold something, and where
// they go. Why: about 40% of the interpreter's memory is zeros (the stack's unused depth, the
// heap's unused top), and every start reads the snapshot from the offline copy, where each
// megabyte read is time before the cards (docs/first-visit.md). Made by tools/snapshot.mjs,
// unpacked by web/python-loader.mjs.
//
// Layout: the runs of pages kept, back to back (the first page always, so the file begins as
// Pyodide's own snapshot does); then for each run its offset in memory and its length; then
// the number of runs and the memory's length; then the magic. Numbers are 32-bit little-endian.

export const PAGE = 4096;
const MAGIC = "BZPAGES1";
const TAIL = 8 + MAGIC.length; // the run count, the memory's length, the magic

function isZero(memory, start, end) {
  for (let i = start; i < end; i += 1) if (memory[i] !== 0) return false;
  return true;
}

/** The file of `memory` (a Uint8Array): its pages that are not all zeros, and their places. */
export function packPages(memory) {
  const runs = []; // [offset, length]
  for (let start = 0; start < memory.length; start += PAGE) {
    const end = Math.min(start + PAGE, memory.length);
    if (start > 0 && isZero(memory, start, end)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  const kept = runs.reduce((sum, [, length]) => sum + length, 0);
  const file = new Uint8Array(kept + 8 * runs.length + TAIL);
  const view = new DataView(file.buffer);
  let at = 0;
  for (const [offset, length] of runs) {
    file.set(memory.subarray(offset, offset + length), at);
    at += length;
  }
  for (const [offset, length] of runs) {
    view.setUint32(at, offset, true);
    view.setUint32(at + 4, length, true);
    at += 8;
  }
  view.setUint32(at, runs.length, true);
  view.setUint32(at + 4, memory.length, true);
  file.set(new TextEncoder().encode(MAGIC), at + 8);
  return file;
}

/** The memory a file of packPages describes; throws on any file it could not have made. */
export function unpackPages(file) {
  const fail = (why) => { throw new Error(`snapshot pages: ${why}`); };
  if (file.length < TAIL) fail("too short");
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tail = file.length - TAIL;
  if (new TextDecoder().decode(file.subarray(tail + 8)) !== MAGIC) fail("no magic");
  const count = view.getUint32(tail, true);
  const size = view.getUint32(tail + 4, true);
  const index = tail - 8 * count;
  if (count === 0 || index < 0) fail("bad run count");
  const memory = new Uint8Array(size);
  let at = 0;
  let end = 0; // the previous run's end in memory: runs come in order and never touch
  for (let run = 0; run < count; run += 1) {
    const offset = view.getUint32(index + 8 * run, true);
    const length = view.getUint32(index + 8 * run + 4, true);
    if (offset < end || (run > 0 && offset === end) || offset + length > size || at + length > index) {
      fail(`bad run ${run}`);
    }
    memory.set(file.subarray(at, at + length), offset);
    at += length;
    end = offset + length;
  }
  if (at !== index) fail("runs and index disagree");
  return memory;
}
