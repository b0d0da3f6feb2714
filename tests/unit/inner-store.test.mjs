// The shared store of inner searches (www/inner-store.js) as the wasm imports use it, without
// a browser: what one member puts another finds, a slot caught half-written reads as absent,
// and a full arena keeps nothing more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newStore, joinStore, spent } from '../../www/inner-store.js';

const words = (...w) => new Uint32Array(w);

test('what one member puts, another finds; keys that share a bucket stay apart', () => {
  const store = newStore();
  const one = joinStore(store);
  const other = joinStore(store);
  const key = [0xDEAD_BEEF, 1, 2, 3];
  assert.equal(other.get(...key), undefined);
  one.put(...key, words(2, 700, 17, 5, 6, 0));
  assert.deepEqual([...other.get(...key)], [2, 700, 17, 5, 6, 0]);
  // The same low word (the same bucket), another set.
  const near = [0xDEAD_BEEF, 1, 2, 4];
  other.put(...near, words(0));
  assert.deepEqual([...one.get(...near)], [0]);
  assert.deepEqual([...one.get(...key)], [2, 700, 17, 5, 6, 0]);
  // A copy: changing it changes nothing stored.
  one.get(...key)[0] = 99;
  assert.equal(other.get(...key)[0], 2);
  // Putting a key again keeps the first answer.
  one.put(...key, words(1));
  assert.deepEqual([...other.get(...key)], [2, 700, 17, 5, 6, 0]);
  assert.equal(spent(store), false);
  one.release();
  other.release();
  assert.equal(globalThis.gridwiseInnerStore, undefined);
});

test('a slot whose words and check disagree reads as absent', () => {
  const store = newStore();
  const hooks = joinStore(store);
  const key = [11, 12, 13, 14];
  hooks.put(...key, words(1, 2, 3));
  const index = new Uint32Array(store.index);
  const slot = index.findIndex((w, i) => i % 8 === 0 && w === 11 && index[i + 3] === 14);
  assert.ok(slot >= 0);
  index[slot + 5] += 1; // the length, as another member starts to write the slot
  assert.equal(hooks.get(...key), undefined);
  hooks.release();
});

test('a full arena keeps nothing more, and says it is spent', () => {
  const store = newStore();
  const hooks = joinStore(store);
  const arenaWords = store.arena.byteLength / 4;
  // Most of the arena taken (as if by many answers), then one that does not fit.
  Atomics.store(new Int32Array(store.header), 0, arenaWords - 2);
  assert.equal(spent(store), true);
  hooks.put(1, 2, 3, 4, words(1, 2, 3));
  assert.equal(hooks.get(1, 2, 3, 4), undefined);
  hooks.release();
});
