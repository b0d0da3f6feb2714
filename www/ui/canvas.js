// Sharp canvases on every screen: the backing store follows the CSS size times the device
// pixel ratio, and drawing code works in CSS pixels.

/**
 * Sizes `canvas` to `width`×`height` CSS pixels with a backing store of that times the device
 * pixel ratio, and returns its 2D context scaled so that one unit is one CSS pixel.
 */
export function sizeCanvas(canvas, width, height, { ratio = window.devicePixelRatio || 1 } = {}) {
  const w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

/** The position of a pointer event in `element`'s CSS pixels. */
export function pointerPosition(event, element) {
  const rect = element.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/**
 * Calls `draw()` at most once per animation frame however often `request()` is called
 * (pointer moves, resizes, progress): returns `request`.
 */
export function frameScheduler(draw) {
  let pending = 0;
  return function request() {
    if (pending) return;
    pending = requestAnimationFrame(() => { pending = 0; draw(); });
  };
}
