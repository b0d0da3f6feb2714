// Pen, eraser and shapes. A stroke draws straight onto the canvas while the pointer moves
// (shapes preview on the overlay); when it ends, the pixels it changed in the touched rectangle
// are copied into the document's pixels as one undo step.
import { cssColour } from './settings.js';

function shapePath(ctx, tool, a, b) {
  ctx.beginPath();
  if (tool === 'line') { ctx.moveTo(a.x, a.y); ctx.lineTo(b.x, b.y); }
  else if (tool === 'rect') ctx.rect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  else ctx.ellipse((a.x + b.x) / 2, (a.y + b.y) / 2, Math.abs(b.x - a.x) / 2, Math.abs(b.y - a.y) / 2, 0, 0, Math.PI * 2);
}

function brush(ctx, settings, tool) {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = settings.size;
  ctx.strokeStyle = cssColour(settings);
  ctx.fillStyle = cssColour(settings);
  if (tool === 'eraser') ctx.globalCompositeOperation = 'destination-out';
}

export class Strokes {
  /** `onPreview()` redraws the overlay; `onCommit(tool)` runs when a stroke became history. */
  constructor(doc, settings, { onPreview, onCommit }) {
    Object.assign(this, { doc, settings, onPreview, onCommit });
    this.current = null;
  }

  get active() { return this.current !== null; }

  begin(p, shift) {
    const tool = this.settings.tool;
    this.current = { tool, start: p, last: p, shift, x0: p.x, y0: p.y, x1: p.x, y1: p.y };
    if (tool === 'pen' || tool === 'eraser') {
      const ctx = this.doc.ctx;
      ctx.save();
      brush(ctx, this.settings, tool);
      ctx.beginPath();
      ctx.arc(p.x, p.y, this.settings.size / 2, 0, Math.PI * 2);
      ctx.fill();
      ctx.restore();
    }
  }

  move(p, shift) {
    const s = this.current;
    if (!s) return;
    s.x0 = Math.min(s.x0, p.x); s.y0 = Math.min(s.y0, p.y);
    s.x1 = Math.max(s.x1, p.x); s.y1 = Math.max(s.y1, p.y);
    if (s.tool === 'pen' || s.tool === 'eraser') {
      const ctx = this.doc.ctx;
      ctx.save();
      brush(ctx, this.settings, s.tool);
      ctx.beginPath();
      ctx.moveTo(s.last.x, s.last.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
      ctx.restore();
    } else {
      s.end = shift ? this.constrain(s.start, p) : p;
      this.onPreview();
    }
    s.last = p;
  }

  /** Shift: lines snap to 45°, rectangles and ellipses become squares and circles. */
  constrain(a, b) {
    const dx = b.x - a.x, dy = b.y - a.y;
    if (this.current.tool === 'line') {
      const angle = Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) * (Math.PI / 4);
      const len = Math.hypot(dx, dy);
      return { x: a.x + Math.cos(angle) * len, y: a.y + Math.sin(angle) * len };
    }
    const side = Math.max(Math.abs(dx), Math.abs(dy));
    return { x: a.x + Math.sign(dx || 1) * side, y: a.y + Math.sign(dy || 1) * side };
  }

  end() {
    const s = this.current;
    if (!s) return;
    this.current = null;
    const { doc, settings } = this;
    if (s.tool !== 'pen' && s.tool !== 'eraser') {
      if (!s.end) { this.onPreview(); return; }
      const ctx = doc.ctx;
      ctx.save();
      brush(ctx, settings, s.tool);
      shapePath(ctx, s.tool, s.start, s.end);
      ctx.stroke();
      ctx.restore();
      s.x0 = Math.min(s.start.x, s.end.x); s.x1 = Math.max(s.start.x, s.end.x);
      s.y0 = Math.min(s.start.y, s.end.y); s.y1 = Math.max(s.start.y, s.end.y);
      this.onPreview();
    }
    const pad = settings.size / 2 + 2;
    const x = Math.max(0, Math.floor(s.x0 - pad)), y = Math.max(0, Math.floor(s.y0 - pad));
    const x1 = Math.min(doc.width, Math.ceil(s.x1 + pad)), y1 = Math.min(doc.height, Math.ceil(s.y1 + pad));
    if (x1 <= x || y1 <= y) return;
    if (doc.takeFromCanvas(x, y, x1 - x, y1 - y, s.tool)) this.onCommit(s.tool);
  }

  /** A second finger arrived mid-stroke: drop the stroke and show the pixels as they were. */
  abandon() {
    if (!this.current) return;
    this.current = null;
    this.doc.repaint(0, 0, this.doc.width, this.doc.height);
    this.onPreview();
  }

  /** Draws the shape being dragged, in image coordinates, on the overlay context. */
  preview(ctx) {
    const s = this.current;
    if (!s || !s.end) return;
    ctx.save();
    brush(ctx, this.settings, s.tool);
    shapePath(ctx, s.tool, s.start, s.end);
    ctx.stroke();
    ctx.restore();
  }
}
