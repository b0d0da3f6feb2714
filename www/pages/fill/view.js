// Zoom and pan: the document canvas sits in a viewport and is placed with a CSS transform
// (translate, then scale). Screen points map to image pixels through `toImage`.

export class View {
  constructor(viewport, canvas, overlay, onChange) {
    this.viewport = viewport;
    this.canvas = canvas;
    this.overlay = overlay;
    this.onChange = onChange;
    this.zoom = 1;
    this.tx = 0;
    this.ty = 0;
  }
  size() {
    return { w: this.viewport.clientWidth, h: this.viewport.clientHeight };
  }
  apply() {
    this.canvas.style.transform = `translate(${this.tx}px, ${this.ty}px) scale(${this.zoom})`;
    this.canvas.classList.toggle('pixelated', this.zoom >= 2);
    this.onChange();
  }
  /** Fits the whole image in the viewport (never enlarging past 100% unless it is tiny: an
   *  icon-sized picture fills the view, up to the largest zoom). */
  fit() {
    const { w, h } = this.size();
    const iw = this.canvas.width, ih = this.canvas.height;
    const z = Math.min((w - 16) / iw, (h - 16) / ih);
    this.zoom = z >= 1 ? Math.min(Math.floor(z), iw < 64 && ih < 64 ? 64 : 1) || 1 : z;
    this.tx = Math.round((w - iw * this.zoom) / 2);
    this.ty = Math.round((h - ih * this.zoom) / 2);
    this.apply();
  }
  actualSize() { this.zoomAt(1, this.size().w / 2, this.size().h / 2, true); }
  /** Zooms by `factor` (or to `factor` when `absolute`) keeping screen point (sx, sy) still. */
  zoomAt(factor, sx, sy, absolute = false) {
    const next = Math.min(64, Math.max(0.02, absolute ? factor : this.zoom * factor));
    const ix = (sx - this.tx) / this.zoom, iy = (sy - this.ty) / this.zoom;
    this.zoom = next;
    this.tx = sx - ix * next;
    this.ty = sy - iy * next;
    this.apply();
  }
  panBy(dx, dy) { this.tx += dx; this.ty += dy; this.apply(); }
  /** Viewport-relative screen point of a pointer event. */
  local(e) {
    const r = this.viewport.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }
  /** Image coordinates (fractional) of a pointer event. */
  toImage(e) {
    const p = this.local(e);
    return { x: (p.x - this.tx) / this.zoom, y: (p.y - this.ty) / this.zoom };
  }
}
