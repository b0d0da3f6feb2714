// The fill page's undo history: patches round-trip, at least 50 steps are kept, and the byte
// budget drops the oldest steps first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { History, encodeRect, decodeRect, takeChanges } from '../../www/pages/fill/history.js';

test('patches round-trip, uniform and noisy', () => {
  const w = 37, h = 23;
  const img = new Uint32Array(w * h).fill(0xff00ff00);
  for (let i = 0; i < 200; i++) img[(i * 7919) % img.length] = i * 2654435761 >>> 0;
  for (const [x, y, pw, ph] of [[0, 0, w, h], [3, 4, 10, 9], [36, 22, 1, 1], [5, 0, 32, 1]]) {
    const patch = encodeRect(img, w, x, y, pw, ph);
    const copy = new Uint32Array(w * h);
    decodeRect(copy, w, patch);
    for (let yy = 0; yy < h; yy++) {
      for (let xx = 0; xx < w; xx++) {
        const inside = xx >= x && xx < x + pw && yy >= y && yy < y + ph;
        assert.equal(copy[yy * w + xx], inside ? img[yy * w + xx] : 0, `(${xx}, ${yy}) of rect ${[x, y, pw, ph]}`);
      }
    }
  }
  const noise = Uint32Array.from({ length: 64 }, (_, i) => i);
  assert.ok(encodeRect(noise, 8, 0, 0, 8, 8).raw, 'noise is kept raw');
  assert.equal(encodeRect(new Uint32Array(4096 * 16), 4096, 0, 0, 4096, 16).runs.length, 2, 'one colour is one run');
});

test('span patches write only their spans, taking the runs in order', () => {
  const w = 6, h = 4;
  const img = new Uint32Array(w * h).fill(7);
  // Row 1 x 1..4 and row 3 x 0..2; runs: 2 of colour 5, then 4 of colour 9.
  const patch = { x: 0, y: 1, w: 4, h: 3, spans: Uint32Array.from([1, 1, 4, 3, 0, 3]), runs: Uint32Array.from([2, 5, 4, 9]) };
  decodeRect(img, w, patch);
  const rows = [];
  for (let y = 0; y < h; y++) rows.push(Array.from(img.subarray(y * w, y * w + w)).join(''));
  assert.deepEqual(rows, ['777777', '755977', '777777', '999777']);
});

test('a stroke keeps only the pixels it changed; its patches undo and redo it', () => {
  const w = 12, h = 7;
  const img = Uint32Array.from({ length: w * h }, (_, i) => (i * 2654435761) >>> 0);
  const original = img.slice();
  // A stroke over the 5×3 rectangle at (4, 2) that changes three pixels in two rows.
  const rect = { x: 4, y: 2, w: 5, h: 3 };
  const fresh = new Uint32Array(rect.w * rect.h);
  for (let r = 0; r < rect.h; r++) for (let i = 0; i < rect.w; i++) fresh[r * rect.w + i] = img[(rect.y + r) * w + rect.x + i];
  fresh[0 * 5 + 1] = 7; fresh[0 * 5 + 2] = 7; fresh[2 * 5 + 4] = 9;
  const changes = takeChanges(img, w, fresh, rect.x, rect.y, rect.w, rect.h);
  assert.deepEqual(Array.from(changes.after.spans), [2, 5, 7, 4, 8, 9]);
  assert.deepEqual(Array.from(changes.after.runs), [2, 7, 1, 9]);
  assert.equal(img[2 * w + 5], 7, 'the picture takes the change');
  assert.equal(img[4 * w + 8], 9);
  decodeRect(img, w, changes.before);
  assert.deepEqual(img, original, 'before undoes it');
  decodeRect(img, w, changes.after);
  assert.equal(img[2 * w + 6], 7, 'after redoes it');
  const same = new Uint32Array(rect.w * rect.h);
  for (let r = 0; r < rect.h; r++) for (let i = 0; i < rect.w; i++) same[r * rect.w + i] = img[(rect.y + r) * w + rect.x + i];
  assert.equal(takeChanges(img, w, same, rect.x, rect.y, rect.w, rect.h), null, 'no change, no step');
});

test('at least 50 steps undo and redo in order', () => {
  const history = new History();
  for (let i = 0; i < 60; i++) history.push({ label: `step ${i}`, before: { runs: new Uint32Array(2) }, after: { runs: new Uint32Array(2) } });
  const undone = [];
  while (history.canUndo) undone.push(history.undo().label);
  assert.ok(undone.length >= 50, `${undone.length} steps kept`);
  assert.equal(undone[0], 'step 59');
  assert.equal(history.redo().label, undone.at(-1));
  history.push({ label: 'new', before: { runs: new Uint32Array(2) }, after: { runs: new Uint32Array(2) } });
  assert.equal(history.canRedo, false, 'a new step drops the redo branch');
});

test('the byte budget drops the oldest steps, never the newest', () => {
  const history = new History({ maxBytes: 10_000 });
  const big = () => ({ raw: new Uint32Array(1000) });
  for (let i = 0; i < 5; i++) history.push({ label: i, before: big(), after: big() });
  assert.ok(history.bytes <= 10_000 || history.undoSteps.length === 1);
  assert.equal(history.undoSteps.at(-1).label, 4);
  assert.equal(history.undoSteps.length, 1);
  const huge = new History({ maxBytes: 100 });
  huge.push({ label: 'only', before: big(), after: big() });
  assert.equal(huge.undo().label, 'only', 'a single step over budget is still undoable');
});
