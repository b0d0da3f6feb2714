// The search team's shared buffers (www/search-team.js) as the wasm imports use them, without a
// browser: the table keeps what it should and forgets what it must, and the header hands out
// first moves, the best value and the members' answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newTeam, joinTeam } from '../../www/search-team.js';

const EXACT = 1;
const BOUND = 2;

function lookup(hooks, key) {
  const kind = hooks.memoGet(...key);
  return kind === 0 ? null : { exact: kind === EXACT, value: hooks.memoValue() };
}

test('the table keeps exact values over bounds and the tighter of two bounds', () => {
  const hooks = joinTeam(newTeam().member(0));
  const key = [0x1234_5678, 0x9abc_def0, 0x0fed_cba9, 0x8765_4321];
  assert.equal(lookup(hooks, key), null);
  hooks.memoPut(...key, 0.5, false);
  assert.deepEqual(lookup(hooks, key), { exact: false, value: 0.5 });
  hooks.memoPut(...key, 0.7, false);
  assert.deepEqual(lookup(hooks, key), { exact: false, value: 0.5 }, 'a looser bound is not kept');
  hooks.memoPut(...key, 0.25, false);
  assert.deepEqual(lookup(hooks, key), { exact: false, value: 0.25 }, 'a tighter bound is');
  hooks.memoPut(...key, 0.125, true);
  assert.deepEqual(lookup(hooks, key), { exact: true, value: 0.125 });
  hooks.memoPut(...key, 0.1, false);
  assert.deepEqual(lookup(hooks, key), { exact: true, value: 0.125 }, 'an exact value stays');
  // Keys that share the bucket (same low word) but not the set.
  const other = [key[0], key[1], key[2], (key[3] ^ 1) >>> 0]; // unsigned, as the wasm glue passes them
  assert.equal(lookup(hooks, other), null);
  hooks.memoPut(...other, 0.9, true);
  assert.deepEqual(lookup(hooks, other), { exact: true, value: 0.9 });
  assert.deepEqual(lookup(hooks, key), { exact: true, value: 0.125 });
  hooks.release();
});

test('the next search starts with an empty table, and a half-written slot reads as absent', () => {
  const first = newTeam().member(0);
  const key = [7, 8, 9, 10];
  const before = joinTeam(first);
  before.memoPut(...key, 0.3, true);
  assert.deepEqual(lookup(before, key), { exact: true, value: 0.3 });
  before.release();

  const second = newTeam().member(0);
  assert.equal(second.table, first.table, 'the default table is kept for the page');
  const after = joinTeam(second);
  assert.equal(lookup(after, key), null, 'an entry of the last search is not this one\'s');
  after.memoPut(...key, 0.4, true);
  assert.deepEqual(lookup(after, key), { exact: true, value: 0.4 });
  // Another member caught writing: the value changed, the check word not yet.
  const words = new Uint32Array(second.table);
  const slot = words.findIndex((w, i) => i % 8 === 0 && w === 7 && words[i + 1] === 8 && words[i + 3] === 10);
  assert.ok(slot >= 0);
  words[slot + 6] ^= 1;
  assert.equal(lookup(after, key), null);
  after.release();
  assert.equal(globalThis.gridwiseSearchTeam, undefined, 'a released team lets go of its buffers');
});

test('the header hands out first moves, keeps the best value and collects the answers', () => {
  const team = newTeam();
  const leader = joinTeam(team.member(0));
  const helper = joinTeam(team.member(1));
  assert.deepEqual([leader.take(), helper.take(), leader.take()], [0, 1, 2]);
  assert.equal(leader.floor(), -Infinity);
  helper.raise(0.25);
  leader.raise(0.125);
  assert.equal(leader.floor(), 0.25);
  leader.raise(0.5);
  assert.equal(helper.floor(), 0.5);
  assert.equal(helper.claimForced(), true);
  assert.equal(leader.claimForced(), false);
  helper.finish(7, 0.5, true, 1234, 1);
  leader.finish(-1, 0, true, 99, 0);
  // Every member has left, so the leader does not wait.
  assert.deepEqual([...leader.answers()], [-1, 0, 1, 99, 0, 7, 0.5, 1, 1234, 1]);
  leader.release();
  helper.release();
});
