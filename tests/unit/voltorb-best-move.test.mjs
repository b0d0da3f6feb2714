// How the Voltorb page runs a team search (www/pages/voltorb/best-move.js), against a stand-in
// engine: the leader's reply is the answer, helpers still waiting are dropped, a helper that
// crashes fails the request and stops the leader, Cancel stops everyone, and a page that
// cannot share memory asks one worker.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeBest } from '../../www/pages/voltorb/best-move.js';

/** A stand-in for the page's engine: records each request, settled by the test. */
function standInEngine(size = 2) {
  const calls = [];
  const run = (op, args, { signal, onStart } = {}) => {
    let settle;
    const reply = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    const call = { op, args, signal, start: () => onStart?.(), ...settle };
    signal?.addEventListener('abort', () => settle.reject(new DOMException('The request was cancelled', 'AbortError')));
    calls.push(call);
    return reply;
  };
  return { size, calls, run, voltorb: { analyze: (args, opts) => run('voltorb.analyze', args, opts) } };
}

const ARGS = { rows: [[5, 1]], cols: [[5, 1]], level: 8 };
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => { globalThis.crossOriginIsolated = true; });

test('the leader answers; a helper still waiting for a worker is dropped', async () => {
  const engine = standInEngine(3);
  const answer = analyzeBest(engine, ARGS);
  assert.deepEqual(engine.calls.map((c) => c.op), ['voltorb.analyze', 'voltorb.searchShare', 'voltorb.searchShare']);
  assert.deepEqual(engine.calls.map((c) => c.args.team.member), [0, 1, 2]);
  assert.equal(engine.calls[0].args.team.header, engine.calls[1].args.team.header, 'one team');
  engine.calls[0].start();
  engine.calls[1].start();
  engine.calls[1].resolve({ cell: 3, win: 0.1, exact: true, nodes: 10 });
  engine.calls[0].resolve({ best: { row: 0, col: 3 }, win: 0.1 });
  assert.deepEqual(await answer, { best: { row: 0, col: 3 }, win: 0.1 });
  assert.equal(engine.calls[1].signal.aborted, false, 'a helper that ran is left alone');
  assert.equal(engine.calls[2].signal.aborted, true, 'a helper that never started is dropped');
});

test('a helper that crashes fails the request with its error and stops the leader', async () => {
  const engine = standInEngine(2);
  const answer = analyzeBest(engine, ARGS);
  engine.calls.forEach((c) => c.start());
  engine.calls[1].reject(new Error('internal error: the solver worker crashed'));
  await assert.rejects(answer, /the solver worker crashed/);
  assert.equal(engine.calls[0].signal.aborted, true);
});

test('Cancel stops every member and rejects as cancelled', async () => {
  const engine = standInEngine(2);
  const stop = new AbortController();
  const answer = analyzeBest(engine, ARGS, { signal: stop.signal });
  engine.calls.forEach((c) => c.start());
  await tick();
  stop.abort();
  await assert.rejects(answer, (err) => err.name === 'AbortError');
  assert.ok(engine.calls.every((c) => c.signal.aborted));
});

test('without shared memory, one worker, or another goal, one plain request', async () => {
  for (const [isolated, size, args] of [
    [false, 2, ARGS], [true, 1, ARGS], [true, 2, { ...ARGS, objective: 'coins' }], [true, 2, { ...ARGS, best: false }],
  ]) {
    globalThis.crossOriginIsolated = isolated;
    const engine = standInEngine(size);
    const answer = analyzeBest(engine, args);
    assert.equal(engine.calls.length, 1);
    assert.equal(engine.calls[0].op, 'voltorb.analyze');
    assert.equal(engine.calls[0].args.team, undefined);
    engine.calls[0].resolve({ win: 0.5 });
    assert.deepEqual(await answer, { win: 0.5 });
  }
});
