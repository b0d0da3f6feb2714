// The toolkit's versioned storage (www/ui/storage.js) against an in-memory localStorage: what a
// page gets back for current, older, unreadable and refused data.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { LocalDocument, onStorageProblem } from '../../www/ui/storage.js';
import { sentence } from '../../www/ui/messages.js';
import { parseSeed } from '../../www/ui/seed.js';

class MemoryStorage {
  constructor() { this.items = new Map(); this.full = false; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { if (this.full) throw new DOMException('full', 'QuotaExceededError'); this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
}

const problems = [];
onStorageProblem((message) => problems.push(message));
beforeEach(() => { globalThis.localStorage = new MemoryStorage(); });

test('a saved document loads back as it was saved', () => {
  const doc = new LocalDocument('t.doc', { format: 2, what: 'board' });
  assert.deepEqual(doc.load(), { data: null });
  assert.equal(doc.save({ cells: [1, 2, 3] }), true);
  assert.deepEqual(doc.load(), { data: { cells: [1, 2, 3] } });
});

test('an older format is upgraded when the page can read it, else set aside with a notice', () => {
  localStorage.setItem('t.old', JSON.stringify({ format: 1, saved: 0, data: { n: 1 } }));
  const upgrading = new LocalDocument('t.old', { format: 2, what: 'board', upgrade: (data, format) => (format === 1 ? { n: data.n + 1 } : null) });
  assert.deepEqual(upgrading.load(), { data: { n: 2 } });

  const strict = new LocalDocument('t.old', { format: 3, what: 'board' });
  const { data, notice } = strict.load();
  assert.equal(data, null);
  assert.match(notice, /board came from another version/);
  assert.equal(localStorage.getItem('t.old'), null, 'the unusable data is removed, so the notice is said once');
});

test('data saved before envelopes is format 0, and unreadable text is set aside', () => {
  localStorage.setItem('t.bare', JSON.stringify({ grid: '123' }));
  const doc = new LocalDocument('t.bare', { format: 1, what: 'game', upgrade: (data, format) => (format === 0 ? data : null) });
  assert.deepEqual(doc.load(), { data: { grid: '123' } });
  localStorage.setItem('t.bad', '{not json');
  const bad = new LocalDocument('t.bad', { format: 1, what: 'game' });
  const first = bad.load();
  assert.equal(first.data, null);
  assert.match(first.notice, /could not be opened/);
  assert.deepEqual(bad.load(), { data: null }, 'set aside once, then gone');
});

test('storage that refuses is reported once and never throws', () => {
  const doc = new LocalDocument('t.full', { format: 1, what: 'drawing' });
  localStorage.full = true;
  assert.equal(doc.save({ big: true }), false);
  assert.equal(doc.save({ big: true }), false);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /drawing could not be saved/);
});

test('messages read as sentences; seeds parse only as whole numbers below 2^53', () => {
  assert.equal(sentence('two 5s in row 1'), 'Two 5s in row 1');
  assert.equal(sentence(''), '');
  assert.equal(sentence('r1c1: your candidates rule out its digit'), 'r1c1: your candidates rule out its digit');
  assert.equal(parseSeed(' 42 '), 42);
  assert.equal(parseSeed('9007199254740991'), 9007199254740991);
  assert.equal(parseSeed('9007199254740992'), null);
  assert.equal(parseSeed('4.2'), null);
  assert.equal(parseSeed('-1'), null);
});

test('big typed arrays are stored as Blobs and read back as the same arrays', async () => {
  const { packBig, unpackBig } = await import('../../www/ui/storage.js');
  const pixels = new Uint8ClampedArray(3 << 20).map((_, i) => i % 251);
  const runs = Uint32Array.from([5, 0xffffffff]);
  const data = { width: 1024, pixels, history: { undoSteps: [{ label: 'fill', before: { runs, raw: new Uint32Array(1 << 19).fill(7) } }] } };
  const packed = packBig(data);
  assert.ok(packed.pixels.$blob instanceof Blob, 'the picture becomes a Blob');
  assert.equal(packed.pixels.$view, 'Uint8ClampedArray');
  assert.equal(packed.history.undoSteps[0].before.runs, runs, 'small arrays stay as they are');
  assert.ok(packed.history.undoSteps[0].before.raw.$blob instanceof Blob, 'a big patch too');
  assert.equal(data.pixels, pixels, 'the data itself is not changed');
  const back = await unpackBig(packed);
  assert.deepEqual(back, data);
  assert.ok(back.pixels instanceof Uint8ClampedArray);
  assert.deepEqual(await unpackBig({ n: 1, list: [1, 'a', null] }), { n: 1, list: [1, 'a', null] });
});
