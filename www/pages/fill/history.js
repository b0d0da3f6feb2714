// Undo/redo as patches: each step stores the pixels it changed before and after, run-length
// encoded as 32-bit pixels (a fill's "after" is one colour, so a full 4096×4096 fill costs bytes,
// not 64 MiB). A patch covers a rectangle {x, y, w, h}: all of it ({runs} or {raw}, as strokes
// and gap-closing fills make them) or only some spans of it ({spans, runs}: y, x0, x1 triples,
// as plain fills record them while they paint). Steps are dropped oldest-first beyond a byte
// budget.

/** Run-length encodes the w×h rectangle at (x, y) of a `width`-wide Uint32Array image. */
export function encodeRect(u32, width, x, y, w, h) {
  const runs = [];
  let value = u32[y * width + x];
  let count = 0;
  for (let row = y; row < y + h; row++) {
    let i = row * width + x;
    const end = i + w;
    for (; i < end; i++) {
      const v = u32[i];
      if (v === value) count++;
      else { runs.push(count, value); value = v; count = 1; }
    }
  }
  runs.push(count, value);
  if (runs.length >= w * h) {
    // Noise does not compress: keep the raw rectangle.
    const raw = new Uint32Array(w * h);
    for (let row = 0; row < h; row++) raw.set(u32.subarray((y + row) * width + x, (y + row) * width + x + w), row * w);
    return { x, y, w, h, raw };
  }
  return { x, y, w, h, runs: Uint32Array.from(runs) };
}

/** Run-length pairs (count, pixel) built from pixels given in order. */
class Runs {
  constructor() { this.out = []; this.value = 0; this.count = 0; }
  push(v) {
    if (this.count > 0 && v === this.value) { this.count++; return; }
    if (this.count > 0) this.out.push(this.count, this.value);
    this.value = v;
    this.count = 1;
  }
  finish() {
    if (this.count > 0) this.out.push(this.count, this.value);
    return Uint32Array.from(this.out);
  }
}

/**
 * What a drawing changed in the w×h rectangle at (x, y): compares the image (`u32`, `width`
 * wide) with `fresh` (the rectangle as it is now, w×h), writes the changes into the image and
 * returns {before, after} span patches of the changed pixels only (so a long stroke over a
 * photo costs its own pixels, not its bounding rectangle's), or null when nothing changed.
 */
export function takeChanges(u32, width, fresh, x, y, w, h) {
  const spans = [];
  const before = new Runs();
  const after = new Runs();
  for (let r = 0; r < h; r++) {
    const row = (y + r) * width + x;
    let start = -1;
    for (let i = 0; i <= w; i++) {
      const differs = i < w && u32[row + i] !== fresh[r * w + i];
      if (differs) {
        if (start < 0) start = i;
        before.push(u32[row + i]);
        after.push(fresh[r * w + i]);
      } else if (start >= 0) {
        spans.push(y + r, x + start, x + i);
        u32.set(fresh.subarray(r * w + start, r * w + i), row + start);
        start = -1;
      }
    }
  }
  if (!spans.length) return null;
  const rect = { x, y, w, h };
  const where = Uint32Array.from(spans);
  return { before: { ...rect, spans: where, runs: before.finish() }, after: { ...rect, spans: where.slice(), runs: after.finish() } };
}

/** Writes a patch back into a `width`-wide Uint32Array image. */
export function decodeRect(u32, width, patch) {
  const { x, y, w, h } = patch;
  if (patch.spans) {
    const { spans, runs } = patch;
    let r = 0, left = runs[0], value = runs[1];
    for (let s = 0; s < spans.length; s += 3) {
      let i = spans[s] * width + spans[s + 1];
      let n = spans[s + 2] - spans[s + 1];
      while (n > 0) {
        if (left === 0) { r += 2; left = runs[r]; value = runs[r + 1]; continue; }
        const take = Math.min(left, n);
        u32.fill(value, i, i + take);
        i += take; n -= take; left -= take;
      }
    }
    return;
  }
  if (patch.raw) {
    for (let row = 0; row < h; row++) u32.set(patch.raw.subarray(row * w, row * w + w), (y + row) * width + x);
    return;
  }
  const runs = patch.runs;
  let r = 0, left = runs[0], value = runs[1];
  for (let row = 0; row < h; row++) {
    let i = (y + row) * width + x;
    let n = w;
    while (n > 0) {
      if (left === 0) { r += 2; left = runs[r]; value = runs[r + 1]; continue; }
      const take = Math.min(left, n);
      u32.fill(value, i, i + take);
      i += take; n -= take; left -= take;
    }
  }
}

function bytesOf(patch) {
  if (!patch) return 0;
  return (patch.raw ? patch.raw.byteLength : patch.runs.byteLength) + (patch.spans ? patch.spans.byteLength : 0) + 64;
}

/** An undo/redo stack of steps {label, before, after, ...} with a byte budget. */
export class History {
  constructor({ maxSteps = 100, maxBytes = 256 * 1024 * 1024 } = {}) {
    this.maxSteps = maxSteps;
    this.maxBytes = maxBytes;
    this.undoSteps = [];
    this.redoSteps = [];
    this.bytes = 0;
  }
  static size(step) { return bytesOf(step.before) + bytesOf(step.after) + (step.extraBytes || 0); }
  push(step) {
    step.bytes = History.size(step);
    for (const s of this.redoSteps) this.bytes -= s.bytes;
    this.redoSteps = [];
    this.undoSteps.push(step);
    this.bytes += step.bytes;
    // Keep at least the newest step even when it alone is over budget.
    while (this.undoSteps.length > 1 && (this.undoSteps.length > this.maxSteps || this.bytes > this.maxBytes)) {
      this.bytes -= this.undoSteps.shift().bytes;
    }
  }
  get canUndo() { return this.undoSteps.length > 0; }
  get canRedo() { return this.redoSteps.length > 0; }
  undo() {
    const step = this.undoSteps.pop();
    if (step) this.redoSteps.push(step);
    return step;
  }
  redo() {
    const step = this.redoSteps.pop();
    if (step) this.undoSteps.push(step);
    return step;
  }
  clear() { this.undoSteps = []; this.redoSteps = []; this.bytes = 0; }
}
