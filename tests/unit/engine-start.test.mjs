// The engine's worker pool (www/engine.js) when a worker fails to start, against stand-in
// workers: a start that fails is tried again, and when starts keep failing the waiting requests
// fail with a message instead of waiting for ever.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';

/** How each stand-in worker created from now on behaves: 'load-error' (its script does not
 *  load), 'init-error' (the module does not instantiate), 'busy' (never answers a request) or
 *  'ok' (answers every request). */
let plan = [];
let created = 0;

class StandInWorker extends EventTarget {
  constructor() {
    super();
    this.behaviour = plan.shift() ?? 'ok';
    created += 1;
  }

  postMessage(msg) {
    setTimeout(() => {
      if (msg.type === 'init') {
        if (this.behaviour === 'load-error') {
          const e = new Event('error', { cancelable: true });
          e.message = 'the script did not load';
          this.dispatchEvent(e);
        } else if (this.behaviour === 'init-error') {
          this.reply({ type: 'init-error', message: 'no memory' });
        } else {
          this.reply({ type: 'ready' });
        }
        return;
      }
      if (this.behaviour === 'busy') return;
      this.reply({ id: msg.id, kind: 'result', value: { echoed: msg.args } });
    }, 1);
  }

  reply(data) {
    const e = new Event('message');
    e.data = data;
    this.dispatchEvent(e);
  }

  terminate() {}
}

globalThis.Worker = StandInWorker;
globalThis.fetch = async () => new Response(new Uint8Array(0));
WebAssembly.compileStreaming = async () => ({ module: 'stand-in' });

const { WorkerPool, EngineError } = await import('../../www/engine.js');

beforeEach(() => { plan = []; created = 0; });

test('a worker whose script fails to load is replaced, and the request still runs', { timeout: 5000 }, async () => {
  plan = ['load-error', 'ok'];
  const pool = new WorkerPool({ size: 1 });
  const value = await pool.run('sudoku.solve', { puzzle: 'x' });
  assert.deepEqual(value, { echoed: { puzzle: 'x' } });
  assert.equal(created, 2);
  pool.close();
});

test('when every start fails, the waiting requests fail with a message instead of hanging', { timeout: 5000 }, async () => {
  plan = ['load-error', 'init-error', 'load-error', 'load-error'];
  const pool = new WorkerPool({ size: 2 });
  const outcome = await Promise.race([
    pool.run('sudoku.solve', { puzzle: 'x' }).then(() => 'answered', (err) => err),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
  ]);
  assert.ok(outcome instanceof EngineError, `got ${outcome}`);
  assert.match(outcome.message, /the solver could not start/);
  assert.equal(created, 3);
  // A later request tries again.
  plan = ['ok'];
  assert.deepEqual(await pool.run('sudoku.count', { n: 1 }), { echoed: { n: 1 } });
  pool.close();
});

test('a worker stopped by a cancel is replaced at once, so the next request finds one ready', { timeout: 5000 }, async () => {
  plan = ['busy'];
  const pool = new WorkerPool({ size: 2 });
  const stop = new AbortController();
  const running = pool.run('sudoku.solve', { n: 1 }, { signal: stop.signal });
  await new Promise((resolve) => { setTimeout(resolve, 20); });
  assert.equal(pool.stats().busy, 1);
  stop.abort();
  await assert.rejects(running, { name: 'AbortError' });
  // No request waits, yet a fresh worker is starting (and then ready) in its place.
  assert.equal(created, 2);
  await new Promise((resolve) => { setTimeout(resolve, 20); });
  assert.deepEqual({ workers: pool.stats().workers, busy: pool.stats().busy }, { workers: 1, busy: 0 });
  assert.deepEqual(await pool.run('sudoku.solve', { n: 2 }), { echoed: { n: 2 } });
  pool.close();
});
