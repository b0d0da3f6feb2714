// The picture being edited: its RGBA pixels (the source of truth), the <canvas> that shows
// them, and the undo history of rectangle patches. The whole of it — pixels and history — is
// saved to IndexedDB, so a drawing survives navigation, reload and a closed tab.
import { IndexedDocument } from '../../ui/storage.js';
import { History, encodeRect, decodeRect } from './history.js';

const saved = new IndexedDocument('gridwise.fill.document', { format: 1, what: 'drawing' });

export function blankPixels(width, height) {
  const pixels = new Uint8ClampedArray(width * height * 4);
  new Uint32Array(pixels.buffer).fill(0xffffffff);
  return pixels;
}

export class FillDocument {
  /** `onResize(width, height)` runs when the picture gets a new size (to fit the view). */
  constructor(canvas, { onResize }) {
    this.canvas = canvas;
    this.onResize = onResize;
    this.width = 0;
    this.height = 0;
    this.pixels = null; // null while a fill has the buffer in the worker
    this.image = null;
    this.ctx = null;
    this.history = new History({ maxSteps: 100, maxBytes: 256 * 1024 * 1024 });
    this.revision = 0; // counts changes, so saving knows when there is something new
    this.name = null; // the opened file's name, which Save is named after (null: drawn here)
  }

  /** Shows `pixels` (width × height RGBA) as the whole picture. */
  set(width, height, pixels) {
    this.canvas.width = width;
    this.canvas.height = height;
    this.width = width;
    this.height = height;
    this.ctx = this.canvas.getContext('2d', { willReadFrequently: true });
    this.adopt(pixels);
    this.ctx.putImageData(this.image, 0, 0);
    this.changed();
    this.onResize(width, height);
  }

  /** Adopts a pixel buffer of the same size (a fill's reply). */
  adopt(pixels) {
    this.pixels = pixels;
    this.image = new ImageData(pixels, this.width, this.height);
  }

  /** The pixels as one 32-bit word per pixel. */
  words() {
    return new Uint32Array(this.pixels.buffer, this.pixels.byteOffset, this.width * this.height);
  }

  repaint(x, y, w, h) {
    this.ctx.putImageData(this.image, 0, 0, x, y, w, h);
  }

  changed() {
    this.revision++;
  }

  /** Copies the canvas's rectangle (drawn on by a stroke) into the pixels; returns the step. */
  takeFromCanvas(x, y, w, h, label) {
    const before = encodeRect(this.words(), this.width, x, y, w, h);
    const fresh = new Uint32Array(this.ctx.getImageData(x, y, w, h).data.buffer);
    const all = this.words();
    for (let r = 0; r < h; r++) all.set(fresh.subarray(r * w, r * w + w), (y + r) * this.width + x);
    const after = encodeRect(all, this.width, x, y, w, h);
    this.history.push({ kind: 'patch', label, before, after });
    this.changed();
  }

  /** Records a fill's undo patches (as the worker made them). */
  recordFill(bounds, before, after, label = 'fill') {
    const rect = { x: bounds.x, y: bounds.y, w: bounds.width, h: bounds.height };
    this.history.push({ kind: 'patch', label, before: { ...rect, ...before }, after: { ...rect, ...after } });
    this.changed();
  }

  /** Replaces the picture (open, new), keeping the old one as an undo step. */
  replace(width, height, pixels, label) {
    if (this.pixels) {
      const before = encodeRect(this.words(), this.width, 0, 0, this.width, this.height);
      this.history.push({ kind: 'document', label, before, after: null });
    }
    this.set(width, height, pixels);
  }

  undo() {
    if (!this.history.canUndo || !this.pixels) return false;
    this.apply(this.history.undo(), 'before');
    return true;
  }

  redo() {
    if (!this.history.canRedo || !this.pixels) return false;
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
  }

  /**
   * Saves pixels and history to IndexedDB. The data is cloned when the write starts, so the
   * picture can change at once; resolves to false when the pixels were away (in a fill) or
   * storage refused.
   */
  async save() {
    if (!this.pixels) return false;
    const { undoSteps, redoSteps, bytes } = this.history;
    return saved.save({
      width: this.width, height: this.height, pixels: this.pixels, name: this.name,
      history: { undoSteps, redoSteps, bytes },
    });
  }

  /** Restores the saved picture; resolves to {restored, notice}. */
  async restore() {
    const { data, notice } = await saved.load();
    const valid = data && data.width > 0 && data.height > 0
      && data.pixels instanceof Uint8ClampedArray && data.pixels.length === data.width * data.height * 4;
    if (!valid) return { restored: false, notice };
    this.set(data.width, data.height, data.pixels);
    this.name = typeof data.name === 'string' ? data.name : null;
    const h = data.history || {};
    this.history.undoSteps = Array.isArray(h.undoSteps) ? h.undoSteps : [];
    this.history.redoSteps = Array.isArray(h.redoSteps) ? h.redoSteps : [];
    this.history.bytes = Number(h.bytes) || 0;
    return { restored: true, notice };
  }
}
