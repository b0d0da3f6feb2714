// Gap closing you can see: while the bucket hovers with "Close gaps" on, the worker works out
// where a fill from the pixel under the pointer would stop at a closed gap, and the overlay
// draws those closing segments. Only a window around the pointer is sent, so the preview costs
// a few milliseconds on any picture; one request is in flight at a time and the latest pointer
// position wins.

/** Side of the window around the pointer that the preview looks at, in image pixels. */
export const PREVIEW_WINDOW = 384;
/** A vivid magenta that stands out on line art and photos alike (the overlay is over the
 * picture, so the page theme does not matter). */
const SEGMENT_COLOUR = '#ff1f8f';

export class GapPreview {
  /**
   * `filler`: the page's fill worker; `doc`: the picture; `options()`: the bucket options;
   * `wanted()`: whether a preview is wanted now (bucket tool, gap closing on, not busy);
   * `onChange()`: redraw the overlay; `element`: gets `data-gap-preview` = pixels shown.
   */
  constructor({ filler, doc, options, wanted, onChange, element }) {
    Object.assign(this, { filler, doc, options, wanted, onChange, element });
    this.shown = null; // {x0, y0, runs, count, key}
    this.point = null; // the pixel under the pointer
    this.inFlight = false;
  }

  /** The pointer is over image point `p` (fractional), or left the picture (null). */
  hover(p) {
    const inside = p && p.x >= 0 && p.y >= 0 && p.x < this.doc.width && p.y < this.doc.height;
    this.point = inside ? [Math.floor(p.x), Math.floor(p.y)] : null;
    this.update();
  }

  /** Looks again (options changed, a fill or undo changed the picture). */
  update() {
    if (!this.point || !this.wanted() || !this.doc.pixels) {
      this.clear();
      return;
    }
    if (this.shown && this.shown.key === this.key()) return;
    if (!this.inFlight) this.request();
  }

  clear() {
    if (!this.shown) return;
    this.shown = null;
    delete this.element.dataset.gapPreview;
    this.onChange();
  }

  /** What a preview depends on: the pixel, the options and the picture's revision. */
  key() {
    return JSON.stringify([this.point, this.options(), this.doc.revision]);
  }

  async request() {
    const { doc } = this;
    const key = this.key();
    const [x, y] = this.point;
    const cw = Math.min(PREVIEW_WINDOW, doc.width);
    const ch = Math.min(PREVIEW_WINDOW, doc.height);
    const x0 = Math.max(0, Math.min(doc.width - cw, x - (cw >> 1)));
    const y0 = Math.max(0, Math.min(doc.height - ch, y - (ch >> 1)));
    const pixels = new Uint8ClampedArray(cw * ch * 4);
    for (let r = 0; r < ch; r++) {
      const from = ((y0 + r) * doc.width + x0) * 4;
      pixels.set(doc.pixels.subarray(from, from + cw * 4), r * cw * 4);
    }
    this.inFlight = true;
    try {
      const reply = await this.filler.fill.gaps(
        { pixels, width: cw, height: ch, x: x - x0, y: y - y0, options: this.options() },
        { transfer: [pixels.buffer] },
      );
      if (this.point && this.wanted() && key === this.key()) {
        this.shown = { x0, y0, runs: reply.runs, count: reply.count, key };
        this.element.dataset.gapPreview = String(reply.count);
        this.onChange();
      }
    } catch {
      // A preview is a nicety: a failed one (a restarted worker, a picture being replaced)
      // shows nothing and the next pointer move asks again.
    } finally {
      this.inFlight = false;
    }
    // The pointer or the options moved on while this one ran: catch up.
    if (this.point && this.wanted() && (!this.shown || this.shown.key !== this.key())) this.update();
  }

  /** Draws the closing segments on the overlay (its transform maps image pixels). */
  draw(ctx, zoom) {
    const s = this.shown;
    if (!s || s.key !== this.key() || !s.count) return;
    // At least about two screen pixels thick, so a segment shows when zoomed out.
    const grow = Math.max(0, (2 / zoom - 1) / 2);
    ctx.fillStyle = SEGMENT_COLOUR;
    for (let i = 0; i < s.runs.length; i += 3) {
      const y = s.y0 + s.runs[i];
      const a = s.x0 + s.runs[i + 1];
      const b = s.x0 + s.runs[i + 2];
      ctx.fillRect(a - grow, y - grow, b - a + 2 * grow, 1 + 2 * grow);
    }
  }
}
