// Pointer and keyboard input on the canvas: one pointer draws (or fills, with the bucket), two
// pan and pinch-zoom; the middle or right button, Space or the pan tool pan; the wheel zooms
// (a sideways scroll pans).
// A touch bucket fills when the finger lifts, and not at all if a second finger joins it: the
// first finger of a pinch must not fill. A finger cannot hover, so with gap closing the preview
// shows under it, while it is down, where the fill will stop.
import { TOOLS } from './template.js';

/**
 * `page`: {settings, strokes, view, busy(), bucket(point, {at}), pick(point), drawOverlay(),
 * hover(point), previewsGaps(), stroked(at), setTool(id), setSize(n), undo(), redo(), save(),
 * open(), cancel()}.
 */
export function attachInput(viewport, scope, page) {
  const { view, strokes } = page;
  const pointers = new Map();
  let pan = null;
  let pinch = null;
  let spaceDown = false;
  let pressed = null; // a touch bucket press waiting to fill where it lifts: its pointer id

  scope.on(viewport, 'pointerdown', (e) => {
    viewport.focus({ preventScroll: true });
    pointers.set(e.pointerId, view.local(e));
    viewport.setPointerCapture(e.pointerId);
    if (pointers.size === 2) {
      strokes.abandon();
      if (pressed !== null) { pressed = null; page.hover(null); }
      const [a, b] = [...pointers.values()];
      pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
      pan = null;
      return;
    }
    if (pointers.size > 2) return;
    if (e.button === 1 || e.button === 2 || spaceDown || page.settings.tool === 'hand') {
      pan = view.local(e);
      viewport.classList.add('panning');
      e.preventDefault();
      return;
    }
    if (e.button !== 0 || page.busy()) return;
    const p = view.toImage(e);
    // The colour picker, or Alt with any tool (as paint programs have it).
    if (page.settings.tool === 'picker' || e.altKey) {
      page.pick(p);
      return;
    }
    // `at`: when the pointer went down, so click-to-painted counts from the event itself.
    if (page.settings.tool === 'bucket') {
      if (e.pointerType !== 'mouse') {
        pressed = e.pointerId;
        if (page.previewsGaps()) page.hover(p);
      } else {
        page.bucket(p, { at: e.timeStamp });
      }
    } else {
      strokes.begin(p, e.shiftKey);
      page.stroked(null);
    }
  });

  scope.on(viewport, 'pointermove', (e) => {
    const local = view.local(e);
    const p = view.toImage(e);
    page.hover(p);
    if (pointers.has(e.pointerId)) pointers.set(e.pointerId, local);
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      view.panBy(mid.x - pinch.mid.x, mid.y - pinch.mid.y);
      // Fingers that start close together give wild ratios: one move zooms by at most 2×.
      if (pinch.dist > 0) view.zoomAt(Math.min(2, Math.max(0.5, dist / pinch.dist)), mid.x, mid.y);
      pinch = { dist, mid };
      return;
    }
    if (pan) {
      view.panBy(local.x - pan.x, local.y - pan.y);
      pan = local;
      return;
    }
    if (strokes.active) {
      for (const ev of e.getCoalescedEvents ? e.getCoalescedEvents() : [e]) strokes.move(view.toImage(ev), e.shiftKey);
      page.stroked(e.timeStamp);
    } else {
      page.drawOverlay();
    }
  });

  const release = (e) => {
    if (pressed === e.pointerId) {
      pressed = null;
      if (e.type === 'pointerup' && pointers.size === 1 && !page.busy()) page.bucket(view.toImage(e), { at: e.timeStamp });
      page.hover(null);
    }
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pan && pointers.size === 0) { pan = null; viewport.classList.remove('panning'); }
    if (strokes.active && pointers.size === 0) strokes.end();
  };
  scope.on(viewport, 'pointerup', release);
  scope.on(viewport, 'pointercancel', release);
  scope.on(viewport, 'pointerleave', () => page.hover(null));
  scope.on(viewport, 'contextmenu', (e) => e.preventDefault());
  scope.on(viewport, 'wheel', (e) => {
    e.preventDefault();
    const p = view.local(e);
    // Deltas in pixels (Firefox may give lines or pages). A trackpad pinch arrives as Ctrl +
    // many small deltas and gets a quicker rate; a mouse notch (about 100) zooms by about a
    // sixth whatever the keys, and no single event zooms by more than 2×.
    const unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 800 : 1;
    const [dx, dy] = [e.deltaX * unit, e.deltaY * unit];
    if (e.shiftKey && !(e.ctrlKey || e.metaKey)) { view.panBy(-(dy || dx), 0); return; }
    // A sideways scroll (two fingers on a trackpad, a tilted wheel) pans sideways.
    if (Math.abs(dx) > Math.abs(dy)) { view.panBy(-dx, 0); return; }
    const rate = (e.ctrlKey || e.metaKey) && Math.abs(dy) < 50 ? 0.01 : 0.0015;
    view.zoomAt(Math.min(2, Math.max(0.5, Math.exp(-dy * rate))), p.x, p.y);
  }, { passive: false });

  scope.on(window, 'keydown', (e) => {
    const typing = e.target.closest && e.target.closest('input[type="number"], input[type="text"], textarea, select');
    if (typing) return;
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.toLowerCase();
    if (mod && k === 'z') { e.preventDefault(); if (e.shiftKey) page.redo(); else page.undo(); return; }
    if (mod && k === 'y') { e.preventDefault(); page.redo(); return; }
    if (mod && k === 's') { e.preventDefault(); page.save(); return; }
    if (mod && k === 'o') { e.preventDefault(); page.open(); return; }
    if (mod || e.altKey) return;
    if (e.key === 'Escape') { page.cancel(); return; }
    if (e.key === ' ' && !spaceDown) {
      spaceDown = true;
      viewport.classList.add('can-pan');
      if (document.activeElement === viewport) e.preventDefault();
      return;
    }
    const tool = TOOLS.find((t) => t.key === k);
    if (tool) { page.setTool(tool.id); return; }
    const { w, h } = view.size();
    const size = page.settings.size;
    if (e.key === '+' || e.key === '=') view.zoomAt(1.25, w / 2, h / 2);
    else if (e.key === '-' || e.key === '_') view.zoomAt(0.8, w / 2, h / 2);
    else if (e.key === '0') view.fit();
    else if (e.key === '1') view.actualSize();
    else if (e.key === '[') page.setSize(size - (size > 10 ? 4 : 1));
    else if (e.key === ']') page.setSize(size + (size >= 10 ? 4 : 1));
    else if (document.activeElement === viewport && e.key.startsWith('Arrow')) {
      const step = 40;
      view.panBy(e.key === 'ArrowLeft' ? step : e.key === 'ArrowRight' ? -step : 0, e.key === 'ArrowUp' ? step : e.key === 'ArrowDown' ? -step : 0);
      e.preventDefault();
    }
  });
  scope.on(window, 'keyup', (e) => { if (e.key === ' ') { spaceDown = false; viewport.classList.remove('can-pan'); } });
}
