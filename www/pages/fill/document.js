// The picture being edited: its RGBA pixels, the <canvas> that shows them, and the undo history
// of patches. The whole of it — pixels and history — is saved to IndexedDB, so a drawing
// survives navigation, reload and a closed tab.
//
// The fill worker holds a copy of the pixels (see index.js): fills change that copy and send
// back only their patches, which `applyChange` writes here. Every edit made here (a stroke, an
// undo, a new picture) is reported to `onEdit`, which passes it on to the worker.
import { IndexedDocument } from '../../ui/storage.js';
import { History, encodeRect, decodeRect, takeChanges } from './history.js';
import { MAX_LOAD_SIDE } from './io.js';

const saved = new IndexedDocument('gridwise.fill.document', { format: 1, what: 'drawing' });

/** White, as the little-endian RGBA word a blank picture is filled with. */
export const BLANK = 0xffffffff;

/** A picture all of one colour (a little-endian RGBA word), white by default. */
export function blankPixels(width, height, colour = BLANK) {
  const pixels = new Uint8ClampedArray(width * height * 4);
  new Uint32Array(pixels.buffer).fill(colour);
  return pixels;
}

/** Most rectangles `paintSolidSpans` draws; a more ragged fill is repainted from the pixels. */
const MAX_SOLID_RECTS = 4096;

/**
 * Paints a span patch of one opaque colour (a plain fill's "after") on the canvas as
 * rectangles: spans of neighbouring rows with the same ends make one. Much quicker than
 * copying a big rectangle of pixels in. Returns false, painting nothing, for other patches.
 */
function paintSolidSpans(ctx, patch) {
  const { spans, runs } = patch;
  if (!spans || runs.length !== 2 || runs[1] >>> 24 !== 255) return false;
  const n = spans.length / 3;
  if (n > MAX_SOLID_RECTS * 8) return false;
  const order = Array.from({ length: n }, (_, i) => i * 3);
  order.sort((a, b) => spans[a + 1] - spans[b + 1] || spans[a + 2] - spans[b + 2] || spans[a] - spans[b]);
  const rects = [];
  for (const i of order) {
    const [y, x0, x1] = [spans[i], spans[i + 1], spans[i + 2]];
    const last = rects.at(-1);
    if (last && last.x0 === x0 && last.x1 === x1 && last.y1 === y) last.y1 = y + 1;
    else if (rects.push({ x0, x1, y0: y, y1: y + 1 }) > MAX_SOLID_RECTS) return false;
  }
  const c = runs[1];
  ctx.fillStyle = `rgb(${c & 255} ${(c >>> 8) & 255} ${(c >>> 16) & 255})`;
  for (const r of rects) ctx.fillRect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
  return true;
}

export class FillDocument {
  /**
   * `onResize(width, height)` runs when the picture gets a new size (to fit the view);
   * `onEdit({patch, made?, which?} | {whole: true, colour?})` after each change made here, once
   * `revision` counts it (`made`, `which`: the undo or redo of a step the worker made, see
   * `applyChange`; `colour`: a new picture all of that one RGBA colour, as a little-endian word).
   */
  constructor(canvas, { onResize, onEdit = () => {} }) {
    this.canvas = canvas;
    this.onResize = onResize;
    this.onEdit = onEdit;
    this.width = 0;
    this.height = 0;
    this.buffer = null; // the pixels; read them through `pixels`, which writes pending changes
    this.pending = []; // after-patches painted on the canvas but not yet written into `buffer`
    this.image = null;
    this.ctx = null;
    this.history = new History({ maxSteps: 100, maxBytes: 256 * 1024 * 1024 });
    this.revision = 0; // counts changes, so saving knows when there is something new
    this.uniform = null; // the colour of a picture all of one colour, not changed since (else null)
    this.name = null; // the opened file's name, which Save is named after (null: drawn here)
  }

  /** Shows `pixels` (width × height RGBA) as the whole picture; `colour`: they are all that
   * one colour (a new blank picture), which saves copying them to the fill worker. */
  set(width, height, pixels, { colour = null } = {}) {
    this.canvas.width = width;
    this.canvas.height = height;
    this.width = width;
    this.height = height;
    this.ctx = this.canvas.getContext('2d', { willReadFrequently: true });
    this.pending = [];
    this.buffer = pixels;
    this.image = new ImageData(pixels, width, height);
    this.ctx.putImageData(this.image, 0, 0);
    this.changed();
    this.uniform = colour;
    this.onEdit(colour === null ? { whole: true } : { whole: true, colour });
    this.onResize(width, height);
  }

  /** The RGBA pixels, up to date. */
  get pixels() {
    this.settle();
    return this.buffer;
  }

  /** Writes the changes already on the canvas into the pixels. */
  settle() {
    if (!this.pending.length) return;
    const words = new Uint32Array(this.buffer.buffer, this.buffer.byteOffset, this.width * this.height);
    for (const patch of this.pending.splice(0)) decodeRect(words, this.width, patch);
  }

  /** The pixels as one 32-bit word per pixel. */
  words() {
    return new Uint32Array(this.pixels.buffer, this.pixels.byteOffset, this.width * this.height);
  }

  repaint(x, y, w, h) {
    this.settle();
    this.ctx.putImageData(this.image, 0, 0, x, y, w, h);
  }

  changed() {
    this.revision++;
    this.uniform = null;
  }

  /** Copies what a stroke changed in the canvas's rectangle into the pixels, as one undo step;
   * false when it changed nothing. */
  takeFromCanvas(x, y, w, h, label) {
    const fresh = new Uint32Array(this.ctx.getImageData(x, y, w, h).data.buffer);
    const changes = takeChanges(this.words(), this.width, fresh, x, y, w, h);
    if (!changes) return false;
    this.history.push({ kind: 'patch', label, ...changes });
    this.changed();
    this.onEdit({ patch: changes.after });
    return true;
  }

  /** A change the fill worker made to its copy: writes its "after" patch here, shows the
   * changed rectangle and records the step. `made`: how the worker names the step it keeps
   * ({holder, step}), so that undo and redo can name it instead of sending it back. */
  applyChange(bounds, before, after, label = 'fill', made = null) {
    const rect = { x: bounds.x, y: bounds.y, w: bounds.width, h: bounds.height };
    const step = { kind: 'patch', label, before: { ...rect, ...before }, after: { ...rect, ...after } };
    if (made) step.made = made;
    if (paintSolidSpans(this.ctx, step.after)) {
      // On the canvas already: the pixels catch up once the frame is out (or when read).
      this.pending.push(step.after);
      requestAnimationFrame(() => setTimeout(() => this.settle()));
    } else {
      decodeRect(this.words(), this.width, step.after);
      this.repaint(rect.x, rect.y, rect.w, rect.h);
    }
    this.history.push(step);
    this.changed();
  }

  /** Replaces the picture (open, new), keeping the old one as an undo step. */
  replace(width, height, pixels, label, { colour = null } = {}) {
    if (this.pixels) {
      const before = encodeRect(this.words(), this.width, 0, 0, this.width, this.height);
      this.history.push({ kind: 'document', label, before, after: null });
    }
    this.set(width, height, pixels, { colour });
  }

  undo() {
    if (!this.history.canUndo) return false;
    this.apply(this.history.undo(), 'before');
    return true;
  }

  redo() {
    if (!this.history.canRedo) return false;
    this.apply(this.history.redo(), 'after');
    return true;
  }

  apply(step, which) {
    if (step.kind === 'document' && which === 'before' && !step.after) {
      // The new picture is encoded only when it is first undone (opening stays fast).
      step.after = encodeRect(this.words(), this.width, 0, 0, this.width, this.height);
      this.history.bytes += History.size(step) - step.bytes;
      step.bytes = History.size(step);
    }
    if (step.kind === 'document') {
      const d = step[which];
      const pixels = new Uint8ClampedArray(d.w * d.h * 4);
      decodeRect(new Uint32Array(pixels.buffer), d.w, d);
      this.set(d.w, d.h, pixels);
      return;
    }
    const patch = step[which];
    decodeRect(this.words(), this.width, patch);
    this.repaint(patch.x, patch.y, patch.w, patch.h);
    this.changed();
    this.onEdit({ patch, made: step.made, which });
  }

  /**
   * Saves pixels and history to IndexedDB. The data is cloned when the write starts, so the
   * picture can change at once; resolves to false when storage refused.
   */
  async save() {
    const { undoSteps, redoSteps, bytes } = this.history;
    // A new blank picture is saved as its colour: cloning 64–256 MB of one colour would hold
    // up the page just when the user starts to draw.
    const picture = this.uniform === null ? { pixels: this.pixels } : { pixels: null, colour: this.uniform };
    return saved.save({
      width: this.width, height: this.height, ...picture, name: this.name,
      history: { undoSteps, redoSteps, bytes },
    });
  }

  /** Restores the saved picture; resolves to {restored, notice}. */
  async restore() {
    const { data, notice } = await saved.load();
    const sized = data && Number.isInteger(data.width) && Number.isInteger(data.height)
      && data.width > 0 && data.height > 0 && data.width <= MAX_LOAD_SIDE && data.height <= MAX_LOAD_SIDE;
    const pixels = sized && data.pixels instanceof Uint8ClampedArray && data.pixels.length === data.width * data.height * 4;
    const uniform = sized && data.pixels === null && Number.isInteger(data.colour) && data.colour >= 0 && data.colour <= 0xffffffff;
    if (!pixels && !uniform) return { restored: false, notice };
    if (pixels) this.set(data.width, data.height, data.pixels);
    else this.set(data.width, data.height, blankPixels(data.width, data.height, data.colour), { colour: data.colour });
    this.name = typeof data.name === 'string' ? data.name : null;
    const h = data.history || {};
    this.history.undoSteps = Array.isArray(h.undoSteps) ? h.undoSteps : [];
    this.history.redoSteps = Array.isArray(h.redoSteps) ? h.redoSteps : [];
    this.history.bytes = Number(h.bytes) || 0;
    return { restored: true, notice };
  }
}
