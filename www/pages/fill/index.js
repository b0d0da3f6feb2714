// The flood-fill page: a small paint program whose bucket runs the Rust fill in the worker.
//
// The document is a Uint8ClampedArray of RGBA pixels (`doc.pixels`) mirrored on a <canvas>.
// Pen, eraser and shapes draw on the canvas and copy the changed rectangle back into the
// buffer; the bucket transfers the buffer to the worker (no copy), gets the filled one back and
// repaints only the changed rectangle. Undo steps are run-length-encoded rectangle patches.
import { themeColors, onThemeChange } from '../../ui/theme.js';
import { History, encodeRect, decodeRect } from './history.js';
import { View } from './view.js';
import { ICONS } from './icons.js';
import { decodeImage, imageFrom, savePng } from './io.js';

const TOOLS = [
  { id: 'pen', label: 'Pen', key: 'p' },
  { id: 'eraser', label: 'Eraser', key: 'e' },
  { id: 'line', label: 'Line', key: 'l' },
  { id: 'rect', label: 'Rectangle', key: 'r' },
  { id: 'ellipse', label: 'Ellipse', key: 'o' },
  { id: 'bucket', label: 'Bucket fill', key: 'b' },
  { id: 'hand', label: 'Pan', key: 'h' },
];
const DEFAULT_SWATCHES = ['#1c2233', '#ffffff', '#e03131', '#f08c00', '#ffd43b', '#2f9e44', '#1c7ed6', '#7048e8'];
const SIZES = [
  { id: 'fit', label: 'Fit the window' },
  { id: '1280x800', label: '1280 × 800' },
  { id: '1920x1080', label: '1920 × 1080' },
  { id: '4096x4096', label: '4096 × 4096' },
];

const html = String.raw;

export function mount(root, { engine }) {
  root.innerHTML = html`
    <h1 class="page-title">Flood fill</h1>
    <div class="tool-layout fill-layout">
      <section class="fill-board">
        <div class="fill-toolbar" role="toolbar" aria-label="Drawing tools">
          <div class="fill-group" role="group" aria-label="Tool">
            ${TOOLS.map((t) => html`<button class="btn fill-icon" data-tool="${t.id}" aria-pressed="false"
              title="${t.label} (${t.key.toUpperCase()})" aria-label="${t.label}">${ICONS[t.id]}</button>`).join('')}
          </div>
          <div class="fill-group">
            <button class="btn fill-icon" data-act="undo" title="Undo (Ctrl+Z)" aria-label="Undo" disabled>${ICONS.undo}</button>
            <button class="btn fill-icon" data-act="redo" title="Redo (Ctrl+Shift+Z)" aria-label="Redo" disabled>${ICONS.redo}</button>
          </div>
          <div class="fill-group">
            <button class="btn fill-icon" data-act="zoom-out" title="Zoom out (−)" aria-label="Zoom out">${ICONS.zoomOut}</button>
            <button class="btn fill-zoom" data-act="actual" title="Actual size (1)" aria-label="Zoom level; click for actual size">100%</button>
            <button class="btn fill-icon" data-act="zoom-in" title="Zoom in (+)" aria-label="Zoom in">${ICONS.zoomIn}</button>
            <button class="btn fill-icon" data-act="fit" title="Fit (0)" aria-label="Fit the image in view">${ICONS.fit}</button>
          </div>
        </div>
        <div class="fill-viewport" tabindex="0" aria-label="Canvas: draw with the pointer, arrow keys pan, plus and minus zoom">
          <canvas class="fill-canvas"></canvas>
          <canvas class="fill-overlay" aria-hidden="true"></canvas>
          <div class="fill-drop" aria-hidden="true">Drop the image to open it</div>
        </div>
        <div class="fill-status">
          <span class="fill-coords" aria-hidden="true"></span>
          <span class="fill-size"></span>
          <span class="progress" hidden><span class="spinner"></span>Filling… <button class="btn fill-cancel" data-act="cancel" title="Cancel (Esc)">Cancel</button></span>
          <output class="fill-result" aria-live="polite"></output>
        </div>
        <p class="message" data-msg="canvas" role="alert"></p>
      </section>
      <aside class="panel stack fill-panel">
        <section class="stack fill-section">
          <h2>Colour</h2>
          <div class="row">
            <input type="color" class="fill-color" value="#e03131" aria-label="Colour">
            <label class="fill-alpha">Opacity <input type="range" min="0" max="255" value="255" data-opt="alpha"><output>100%</output></label>
          </div>
          <div class="fill-swatches" role="group" aria-label="Recent colours"></div>
        </section>
        <section class="stack fill-section" data-for="brush">
          <h2>Brush</h2>
          <label class="fill-slider">Size <input type="range" min="1" max="64" value="6" data-opt="size"><output>6 px</output></label>
        </section>
        <section class="stack fill-section" data-for="bucket">
          <h2>Bucket</h2>
          <label class="fill-slider">Tolerance <input type="range" min="0" max="255" value="32" data-opt="tolerance"><output>32</output></label>
          <div class="fill-seg" role="group" aria-label="Connectivity">
            <button class="btn" data-conn="4" aria-pressed="true" title="Edges only">4-connected</button>
            <button class="btn" data-conn="8" aria-pressed="false" title="Corners too">8-connected</button>
          </div>
          <div class="fill-seg" role="group" aria-label="Fill mode">
            <button class="btn" data-mode="contiguous" aria-pressed="true">Contiguous</button>
            <button class="btn" data-mode="global" aria-pressed="false">Global</button>
          </div>
          <label class="fill-check"><input type="checkbox" data-opt="soft" checked> Soft edges (no fringe)</label>
          <label class="fill-slider">Close gaps <input type="range" min="0" max="32" value="0" data-opt="gap"><output>off</output></label>
        </section>
        <section class="stack fill-section">
          <h2>Image</h2>
          <div class="row">
            <select class="fill-new-size" aria-label="New canvas size">
              ${SIZES.map((s) => html`<option value="${s.id}">${s.label}</option>`).join('')}
            </select>
            <button class="btn" data-act="new">New</button>
          </div>
          <div class="row">
            <label class="btn fill-open">Open…<input type="file" accept="image/*" class="visually-hidden" data-act="open"></label>
            <button class="btn btn-primary" data-act="save">Save PNG</button>
          </div>
          <p class="message" data-msg="file" role="alert"></p>
          <p class="fill-hint">Or drop or paste an image (up to 8192 × 8192).</p>
        </section>
        <details class="fill-keys">
          <summary>Keyboard shortcuts</summary>
          <dl>
            <dt>P E L R O B H</dt><dd>pen, eraser, line, rectangle, ellipse, bucket, pan</dd>
            <dt>[ ]</dt><dd>brush size</dd>
            <dt>Ctrl+Z, Ctrl+Shift+Z</dt><dd>undo, redo</dd>
            <dt>+ − 0 1</dt><dd>zoom in, out, fit, 100%</dd>
            <dt>Space + drag, arrows</dt><dd>pan</dd>
            <dt>Shift while drawing</dt><dd>straight angles, squares, circles</dd>
            <dt>Ctrl+S, Ctrl+O</dt><dd>save, open</dd>
            <dt>Esc</dt><dd>cancel a running fill</dd>
          </dl>
        </details>
      </aside>
    </div>`;

  const $ = (sel) => root.querySelector(sel);
  const viewport = $('.fill-viewport');
  const canvas = $('.fill-canvas');
  const overlay = $('.fill-overlay');
  const octx = overlay.getContext('2d');
  const canvasMsg = $('[data-msg="canvas"]');
  const fileMsg = $('[data-msg="file"]');
  const resultOut = $('.fill-result');
  const progress = $('.progress');
  const history = new History({ maxSteps: 100, maxBytes: 256 * 1024 * 1024 });
  const listeners = [];
  const on = (target, type, fn, opts) => { target.addEventListener(type, fn, opts); listeners.push(() => target.removeEventListener(type, fn, opts)); };

  const state = {
    tool: 'pen',
    colour: '#e03131',
    alpha: 255,
    size: 6,
    tolerance: 32,
    connectivity: 4,
    global: false,
    soft: true,
    gap: 0,
    recent: [...DEFAULT_SWATCHES],
    busy: false,
  };
  const doc = { width: 0, height: 0, pixels: null, image: null, ctx: null };
  let abort = null;

  // ---- document -------------------------------------------------------------------------
  function setDocument(width, height, pixels) {
    canvas.width = width;
    canvas.height = height;
    doc.width = width;
    doc.height = height;
    doc.ctx = canvas.getContext('2d', { willReadFrequently: true });
    doc.pixels = pixels;
    doc.image = new ImageData(pixels, width, height);
    doc.ctx.putImageData(doc.image, 0, 0);
    $('.fill-size').textContent = `${width} × ${height}`;
    view.fit();
    warmUp(width, height);
  }
  /** Lets the worker grow its memory for this image size now, on a throwaway buffer, so that
   * the first fill is as quick as the next ones. */
  function warmUp(width, height) {
    if (width * height < 1024 * 1024) return;
    const pixels = new Uint8ClampedArray(width * height * 4);
    engine.run('fill.apply', { pixels, width, height, x: 0, y: 0, color: [0, 0, 0, 0] }, { transfer: [pixels.buffer] }).catch(() => {});
  }
  function blankPixels(width, height) {
    const px = new Uint8ClampedArray(width * height * 4);
    new Uint32Array(px.buffer).fill(0xffffffff);
    return px;
  }
  function u32() { return new Uint32Array(doc.pixels.buffer, doc.pixels.byteOffset, doc.width * doc.height); }
  function repaint(x, y, w, h) {
    doc.ctx.putImageData(doc.image, 0, 0, x, y, w, h);
  }
  /** Adopts a new pixel buffer of the same size (the worker's reply). */
  function adopt(pixels) {
    doc.pixels = pixels;
    doc.image = new ImageData(pixels, doc.width, doc.height);
  }

  // ---- history --------------------------------------------------------------------------
  function updateUndoButtons() {
    const undoButton = $('[data-act="undo"]');
    undoButton.disabled = !history.canUndo || state.busy;
    $('[data-act="redo"]').disabled = !history.canRedo || state.busy;
    const mb = history.bytes / (1024 * 1024);
    undoButton.title = `Undo (Ctrl+Z): ${history.undoSteps.length} step${history.undoSteps.length === 1 ? '' : 's'} kept, ${mb < 0.1 ? '<0.1' : mb.toFixed(1)} MB`;
  }
  function applyStep(step, which) {
    if (step.kind === 'document' && which === 'before' && !step.after) {
      // The new document is encoded only when it is first undone (opening stays fast).
      step.after = encodeRect(u32(), doc.width, 0, 0, doc.width, doc.height);
      history.bytes += History.size(step) - step.bytes;
      step.bytes = History.size(step);
    }
    if (step.kind === 'document') {
      const d = step[which];
      const px = new Uint8ClampedArray(d.w * d.h * 4);
      decodeRect(new Uint32Array(px.buffer), d.w, d);
      setDocument(d.w, d.h, px);
      return;
    }
    const patch = step[which];
    decodeRect(u32(), doc.width, patch);
    repaint(patch.x, patch.y, patch.w, patch.h);
  }
  function undo() {
    if (state.busy || !history.canUndo) return;
    applyStep(history.undo(), 'before');
    say(resultOut, '');
    updateUndoButtons();
  }
  function redo() {
    if (state.busy || !history.canRedo) return;
    applyStep(history.redo(), 'after');
    updateUndoButtons();
  }
  function replaceDocument(width, height, pixels, label) {
    if (doc.pixels) {
      const before = encodeRect(u32(), doc.width, 0, 0, doc.width, doc.height);
      history.push({ kind: 'document', label, before, after: null });
    }
    setDocument(width, height, pixels);
    updateUndoButtons();
  }

  // ---- messages -------------------------------------------------------------------------
  function say(el, text, kind = 'info') {
    el.textContent = text;
    if (el.classList.contains('message')) el.className = `message ${text ? kind : ''}`;
  }

  // ---- colours --------------------------------------------------------------------------
  function rgba() {
    const n = parseInt(state.colour.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, state.alpha];
  }
  function cssColour() {
    const [r, g, b, a] = rgba();
    return `rgba(${r}, ${g}, ${b}, ${a / 255})`;
  }
  function useColour() {
    const c = state.colour.toLowerCase();
    state.recent = [c, ...state.recent.filter((x) => x !== c)].slice(0, 12);
    renderSwatches();
  }
  function renderSwatches() {
    $('.fill-swatches').innerHTML = state.recent.map((c) => html`<button class="fill-swatch" data-colour="${c}"
      style="--swatch:${c}" aria-label="Colour ${c}" aria-pressed="${c === state.colour.toLowerCase()}" title="${c}"></button>`).join('');
  }
  function setColour(c) {
    state.colour = c;
    $('.fill-color').value = c;
    renderSwatches();
  }

  // ---- tools ----------------------------------------------------------------------------
  function setTool(id) {
    state.tool = id;
    for (const b of root.querySelectorAll('[data-tool]')) b.setAttribute('aria-pressed', String(b.dataset.tool === id));
    root.querySelector('[data-for="brush"]').classList.toggle('fill-dim', !['pen', 'eraser', 'line', 'rect', 'ellipse'].includes(id));
    root.querySelector('[data-for="bucket"]').classList.toggle('fill-dim', id !== 'bucket');
    viewport.dataset.tool = id;
    drawOverlay();
  }

  // A stroke in progress: drawing goes straight onto the canvas; the touched rectangle is
  // copied back into the pixel buffer (and into history) when it ends.
  let stroke = null;
  function beginStroke(p, shift) {
    const ctx = doc.ctx;
    stroke = { tool: state.tool, start: p, last: p, shift, x0: p.x, y0: p.y, x1: p.x, y1: p.y };
    if (state.tool === 'pen' || state.tool === 'eraser') {
      ctx.save();
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.lineWidth = state.size;
      ctx.strokeStyle = cssColour();
      ctx.fillStyle = cssColour();
      if (state.tool === 'eraser') ctx.globalCompositeOperation = 'destination-out';
      ctx.beginPath();
      ctx.arc(p.x, p.y, state.size / 2, 0, Math.PI * 2);
      ctx.fill();
      ctx.restore();
    }
  }
  function constrain(a, b) {
    const dx = b.x - a.x, dy = b.y - a.y;
    if (stroke.tool === 'line') {
      const angle = Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) * (Math.PI / 4);
      const len = Math.hypot(dx, dy);
      return { x: a.x + Math.cos(angle) * len, y: a.y + Math.sin(angle) * len };
    }
    const s = Math.max(Math.abs(dx), Math.abs(dy));
    return { x: a.x + Math.sign(dx || 1) * s, y: a.y + Math.sign(dy || 1) * s };
  }
  function shapePath(ctx, tool, a, b) {
    ctx.beginPath();
    if (tool === 'line') { ctx.moveTo(a.x, a.y); ctx.lineTo(b.x, b.y); }
    else if (tool === 'rect') ctx.rect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
    else ctx.ellipse((a.x + b.x) / 2, (a.y + b.y) / 2, Math.abs(b.x - a.x) / 2, Math.abs(b.y - a.y) / 2, 0, 0, Math.PI * 2);
  }
  function moveStroke(p, shift) {
    if (!stroke) return;
    stroke.x0 = Math.min(stroke.x0, p.x); stroke.y0 = Math.min(stroke.y0, p.y);
    stroke.x1 = Math.max(stroke.x1, p.x); stroke.y1 = Math.max(stroke.y1, p.y);
    if (stroke.tool === 'pen' || stroke.tool === 'eraser') {
      const ctx = doc.ctx;
      ctx.save();
      ctx.lineCap = 'round';
      ctx.lineWidth = state.size;
      ctx.strokeStyle = cssColour();
      if (stroke.tool === 'eraser') ctx.globalCompositeOperation = 'destination-out';
      ctx.beginPath();
      ctx.moveTo(stroke.last.x, stroke.last.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
      ctx.restore();
    } else {
      stroke.end = shift ? constrain(stroke.start, p) : p;
      drawOverlay();
    }
    stroke.last = p;
  }
  function endStroke() {
    if (!stroke) return;
    const s = stroke;
    stroke = null;
    if (s.tool !== 'pen' && s.tool !== 'eraser') {
      if (!s.end) { drawOverlay(); return; }
      const ctx = doc.ctx;
      ctx.save();
      ctx.lineWidth = state.size;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = cssColour();
      shapePath(ctx, s.tool, s.start, s.end);
      ctx.stroke();
      ctx.restore();
      s.x0 = Math.min(s.start.x, s.end.x); s.x1 = Math.max(s.start.x, s.end.x);
      s.y0 = Math.min(s.start.y, s.end.y); s.y1 = Math.max(s.start.y, s.end.y);
      drawOverlay();
    }
    const pad = state.size / 2 + 2;
    const x = Math.max(0, Math.floor(s.x0 - pad)), y = Math.max(0, Math.floor(s.y0 - pad));
    const x1 = Math.min(doc.width, Math.ceil(s.x1 + pad)), y1 = Math.min(doc.height, Math.ceil(s.y1 + pad));
    if (x1 <= x || y1 <= y) return;
    const w = x1 - x, h = y1 - y;
    const before = encodeRect(u32(), doc.width, x, y, w, h);
    const fresh = doc.ctx.getImageData(x, y, w, h).data;
    const rows = new Uint32Array(fresh.buffer);
    const all = u32();
    for (let r = 0; r < h; r++) all.set(rows.subarray(r * w, r * w + w), (y + r) * doc.width + x);
    const after = encodeRect(all, doc.width, x, y, w, h);
    history.push({ kind: 'patch', label: s.tool, before, after });
    if (s.tool !== 'eraser') useColour();
    updateUndoButtons();
  }

  // ---- bucket ---------------------------------------------------------------------------
  async function bucket(p) {
    const x = Math.floor(p.x), y = Math.floor(p.y);
    if (x < 0 || y < 0 || x >= doc.width || y >= doc.height) {
      say(canvasMsg, 'Click inside the image to fill.', 'info');
      return;
    }
    const started = performance.now();
    const pixels = doc.pixels;
    doc.pixels = null;
    state.busy = true;
    updateUndoButtons();
    const slow = setTimeout(() => { progress.hidden = false; }, 150);
    abort = new AbortController();
    say(canvasMsg, '');
    try {
      // Opacity below 100% paints over what is there, as in paint programs (blend).
      const options = { tolerance: state.tolerance, connectivity: state.connectivity, global: state.global, soft: state.soft, gap: state.gap, blend: true };
      const reply = await engine.run('fill.apply', { pixels, width: doc.width, height: doc.height, x, y, color: rgba(), options },
        { transfer: [pixels.buffer], signal: abort.signal });
      adopt(reply.pixels);
      const b = reply.bounds;
      if (b) {
        repaint(b.x, b.y, b.width, b.height);
        const rect = { x: b.x, y: b.y, w: b.width, h: b.height };
        history.push({ kind: 'patch', label: 'fill', before: { ...rect, ...reply.before }, after: { ...rect, ...reply.after } });
        useColour();
      }
      await new Promise((r) => requestAnimationFrame(() => r()));
      const ms = performance.now() - started;
      viewport.dataset.lastFillMs = ms.toFixed(1);
      say(resultOut, b
        ? `Filled ${reply.filled.toLocaleString('en')} px${reply.blended ? ` (+${reply.blended.toLocaleString('en')} soft)` : ''} in ${Math.round(ms)} ms`
        : 'Already that colour: nothing to fill');
    } catch (err) {
      if (!doc.pixels) {
        // The buffer went to the worker and did not come back: rebuild it from the canvas.
        const data = doc.ctx.getImageData(0, 0, doc.width, doc.height).data;
        adopt(data);
      }
      if (err.name === 'AbortError') say(resultOut, 'Fill cancelled; the image is unchanged.');
      else say(canvasMsg, `The fill failed: ${err.message}`, 'error');
    } finally {
      clearTimeout(slow);
      progress.hidden = true;
      state.busy = false;
      abort = null;
      updateUndoButtons();
    }
  }

  // ---- overlay: shape preview and brush outline -----------------------------------------
  let hover = null;
  function drawOverlay() {
    const dpr = window.devicePixelRatio || 1;
    const { w, h } = view.size();
    if (overlay.width !== Math.round(w * dpr) || overlay.height !== Math.round(h * dpr)) {
      overlay.width = Math.round(w * dpr);
      overlay.height = Math.round(h * dpr);
      overlay.style.width = `${w}px`;
      overlay.style.height = `${h}px`;
    }
    octx.setTransform(1, 0, 0, 1, 0, 0);
    octx.clearRect(0, 0, overlay.width, overlay.height);
    octx.setTransform(view.zoom * dpr, 0, 0, view.zoom * dpr, view.tx * dpr, view.ty * dpr);
    if (stroke && stroke.end) {
      octx.lineWidth = state.size;
      octx.lineCap = 'round';
      octx.lineJoin = 'round';
      octx.strokeStyle = cssColour();
      shapePath(octx, stroke.tool, stroke.start, stroke.end);
      octx.stroke();
    }
    if (hover && ['pen', 'eraser', 'line', 'rect', 'ellipse'].includes(state.tool) && !stroke) {
      const { accent } = themeColors(['accent']);
      octx.lineWidth = 1.5 / view.zoom;
      octx.strokeStyle = accent;
      octx.beginPath();
      octx.arc(hover.x, hover.y, Math.max(state.size / 2, 1 / view.zoom), 0, Math.PI * 2);
      octx.stroke();
    }
  }
  const view = new View(viewport, canvas, overlay, () => {
    $('.fill-zoom').textContent = `${Math.round(view.zoom * 100)}%`;
    drawOverlay();
  });

  // ---- pointer input: one pointer draws, two pan and pinch ------------------------------
  const pointers = new Map();
  let pan = null;
  let pinch = null;
  let spaceDown = false;
  on(viewport, 'pointerdown', (e) => {
    viewport.focus({ preventScroll: true });
    pointers.set(e.pointerId, view.local(e));
    viewport.setPointerCapture(e.pointerId);
    if (pointers.size === 2) {
      // A second finger: cancel the stroke and start pinching.
      if (stroke) { stroke = null; undoUncommittedStroke(); }
      const [a, b] = [...pointers.values()];
      pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
      pan = null;
      return;
    }
    if (pointers.size > 2) return;
    if (e.button === 1 || e.button === 2 || spaceDown || state.tool === 'hand') {
      pan = view.local(e);
      viewport.classList.add('panning');
      e.preventDefault();
      return;
    }
    if (e.button !== 0 || state.busy) return;
    const p = view.toImage(e);
    if (state.tool === 'bucket') { bucket(p); return; }
    beginStroke(p, e.shiftKey);
  });
  // Touch pinch can start after one finger already drew a dot: restore the buffer's copy.
  function undoUncommittedStroke() {
    repaint(0, 0, doc.width, doc.height);
    drawOverlay();
  }
  on(viewport, 'pointermove', (e) => {
    const local = view.local(e);
    const p = view.toImage(e);
    hover = p;
    const inside = p.x >= 0 && p.y >= 0 && p.x < doc.width && p.y < doc.height;
    $('.fill-coords').textContent = inside ? `${Math.floor(p.x)}, ${Math.floor(p.y)}` : '';
    if (pointers.has(e.pointerId)) pointers.set(e.pointerId, local);
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      view.panBy(mid.x - pinch.mid.x, mid.y - pinch.mid.y);
      if (pinch.dist > 0) view.zoomAt(dist / pinch.dist, mid.x, mid.y);
      pinch = { dist, mid };
      return;
    }
    if (pan) {
      view.panBy(local.x - pan.x, local.y - pan.y);
      pan = local;
      return;
    }
    if (stroke) {
      for (const ev of e.getCoalescedEvents ? e.getCoalescedEvents() : [e]) moveStroke(view.toImage(ev), e.shiftKey);
    } else {
      drawOverlay();
    }
  });
  const release = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pan && pointers.size === 0) { pan = null; viewport.classList.remove('panning'); }
    if (stroke && pointers.size === 0) endStroke();
  };
  on(viewport, 'pointerup', release);
  on(viewport, 'pointercancel', release);
  on(viewport, 'pointerleave', () => { hover = null; $('.fill-coords').textContent = ''; drawOverlay(); });
  on(viewport, 'contextmenu', (e) => e.preventDefault());
  on(viewport, 'wheel', (e) => {
    e.preventDefault();
    const p = view.local(e);
    if (e.ctrlKey || e.metaKey || !e.shiftKey) view.zoomAt(Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015)), p.x, p.y);
    else view.panBy(-e.deltaY, 0);
  }, { passive: false });

  // ---- keyboard -------------------------------------------------------------------------
  on(window, 'keydown', (e) => {
    const typing = e.target.closest && e.target.closest('input[type="number"], input[type="text"], textarea, select');
    if (typing) return;
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.toLowerCase();
    if (mod && k === 'z') { e.preventDefault(); e.shiftKey ? redo() : undo(); return; }
    if (mod && k === 'y') { e.preventDefault(); redo(); return; }
    if (mod && k === 's') { e.preventDefault(); save(); return; }
    if (mod && k === 'o') { e.preventDefault(); $('[data-act="open"]').click(); return; }
    if (mod || e.altKey) return;
    if (e.key === 'Escape' && abort) { abort.abort(); return; }
    if (e.key === ' ' && !spaceDown) { spaceDown = true; viewport.classList.add('can-pan'); if (document.activeElement === viewport) e.preventDefault(); return; }
    const tool = TOOLS.find((t) => t.key === k);
    if (tool) { setTool(tool.id); return; }
    const { w, h } = view.size();
    if (e.key === '+' || e.key === '=') view.zoomAt(1.25, w / 2, h / 2);
    else if (e.key === '-' || e.key === '_') view.zoomAt(0.8, w / 2, h / 2);
    else if (e.key === '0') view.fit();
    else if (e.key === '1') view.actualSize();
    else if (e.key === '[') setSize(state.size - (state.size > 10 ? 4 : 1));
    else if (e.key === ']') setSize(state.size + (state.size >= 10 ? 4 : 1));
    else if (document.activeElement === viewport && e.key.startsWith('Arrow')) {
      const step = 40;
      view.panBy(e.key === 'ArrowLeft' ? step : e.key === 'ArrowRight' ? -step : 0, e.key === 'ArrowUp' ? step : e.key === 'ArrowDown' ? -step : 0);
      e.preventDefault();
    }
  });
  on(window, 'keyup', (e) => { if (e.key === ' ') { spaceDown = false; viewport.classList.remove('can-pan'); } });

  // ---- panel controls -------------------------------------------------------------------
  function setSize(n) {
    state.size = Math.max(1, Math.min(64, n));
    const input = $('[data-opt="size"]');
    input.value = state.size;
    input.nextElementSibling.textContent = `${state.size} px`;
    drawOverlay();
  }
  on(root, 'click', (e) => {
    const t = e.target.closest('button');
    if (!t) return;
    if (t.dataset.tool) setTool(t.dataset.tool);
    else if (t.dataset.colour) setColour(t.dataset.colour);
    else if (t.dataset.conn) {
      state.connectivity = Number(t.dataset.conn);
      for (const b of root.querySelectorAll('[data-conn]')) b.setAttribute('aria-pressed', String(b === t));
    } else if (t.dataset.mode) {
      state.global = t.dataset.mode === 'global';
      for (const b of root.querySelectorAll('[data-mode]')) b.setAttribute('aria-pressed', String(b === t));
      $('[data-opt="gap"]').disabled = state.global;
    } else {
      const { w, h } = view.size();
      switch (t.dataset.act) {
        case 'undo': undo(); break;
        case 'redo': redo(); break;
        case 'zoom-in': view.zoomAt(1.25, w / 2, h / 2); break;
        case 'zoom-out': view.zoomAt(0.8, w / 2, h / 2); break;
        case 'fit': view.fit(); break;
        case 'actual': view.actualSize(); break;
        case 'save': save(); break;
        case 'new': newCanvas(); break;
        case 'cancel': if (abort) abort.abort(); break;
        default:
      }
    }
  });
  on(root, 'input', (e) => {
    const t = e.target;
    if (t.classList.contains('fill-color')) { state.colour = t.value; renderSwatches(); return; }
    switch (t.dataset.opt) {
      case 'size': setSize(Number(t.value)); break;
      case 'alpha': state.alpha = Number(t.value); t.nextElementSibling.textContent = `${Math.round(state.alpha / 2.55)}%`; break;
      case 'tolerance': state.tolerance = Number(t.value); t.nextElementSibling.textContent = t.value; break;
      case 'gap': state.gap = Number(t.value); t.nextElementSibling.textContent = state.gap ? `${state.gap} px` : 'off'; break;
      case 'soft': state.soft = t.checked; break;
      default:
    }
  });
  on(root, 'change', async (e) => {
    if (e.target.dataset.act !== 'open') return;
    const file = e.target.files && e.target.files[0];
    e.target.value = '';
    if (file) await openImage(file);
  });

  // ---- files ----------------------------------------------------------------------------
  async function openImage(blob) {
    if (state.busy) return;
    say(fileMsg, '');
    try {
      const img = await decodeImage(blob, blob.name ? `“${blob.name}”` : 'The image');
      replaceDocument(img.width, img.height, img.pixels, 'open');
      say(fileMsg, `Opened ${blob.name || 'the image'} (${img.width} × ${img.height}).`, 'success');
    } catch (err) {
      say(fileMsg, err.message, 'error');
    }
  }
  async function save() {
    if (state.busy) return;
    try {
      await savePng(canvas, 'fill.png');
      say(fileMsg, 'Saved fill.png.', 'success');
    } catch (err) {
      say(fileMsg, err.message, 'error');
    }
  }
  function fitSize() {
    const { w, h } = view.size();
    return { width: Math.max(64, Math.floor(w - 16)), height: Math.max(64, Math.floor(h - 16)) };
  }
  function newCanvas() {
    if (state.busy) return;
    const choice = $('.fill-new-size').value;
    const { width, height } = choice === 'fit' ? fitSize() : (([w, h]) => ({ width: w, height: h }))(choice.split('x').map(Number));
    replaceDocument(width, height, blankPixels(width, height), 'new');
    say(fileMsg, `New ${width} × ${height} canvas. Undo brings the previous one back.`, 'info');
  }
  let dragDepth = 0;
  on(viewport, 'dragenter', (e) => { e.preventDefault(); dragDepth++; viewport.classList.add('dragging'); });
  on(viewport, 'dragover', (e) => { e.preventDefault(); });
  on(viewport, 'dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; viewport.classList.remove('dragging'); } });
  on(viewport, 'drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    viewport.classList.remove('dragging');
    const file = imageFrom(e.dataTransfer);
    if (file) openImage(file);
    else say(fileMsg, 'Nothing to open: drop an image file.', 'error');
  });
  on(window, 'paste', (e) => {
    const file = imageFrom(e.clipboardData);
    if (file) { e.preventDefault(); openImage(file); }
  });

  // ---- start ----------------------------------------------------------------------------
  const resize = new ResizeObserver(() => drawOverlay());
  resize.observe(viewport);
  const stopTheme = onThemeChange(drawOverlay);
  renderSwatches();
  setTool('pen');
  const start = fitSize();
  setDocument(start.width, start.height, blankPixels(start.width, start.height));
  updateUndoButtons();
  // Start the worker now, so that the first click does not wait for the module to load.
  engine.run('fill.apply', { pixels: new Uint8ClampedArray(4), width: 1, height: 1, x: 0, y: 0, color: [0, 0, 0, 0] }).catch(() => {});

  // Test and automation hook: read the document without going through the canvas.
  viewport.fillDocument = () => ({ width: doc.width, height: doc.height, pixels: doc.pixels });

  return () => {
    if (abort) abort.abort();
    resize.disconnect();
    stopTheme();
    for (const off of listeners) off();
  };
}
