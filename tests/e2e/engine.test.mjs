// The engine (www/engine.js) in a real page: the pool, its queue, cancelling, fan-out,
// dedicated workers and recovery. `selftest.spin {ms}` keeps one worker busy for a set wall
// time, so these tests measure the engine's scheduling, not the machine's speed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';

const browser = useBrowser();

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

test('the pool size follows ?workers= and defaults to the cores, capped', async (t) => {
  const { page } = await browser.open(t, '?workers=3#/');
  const stats = await page.evaluate(async () => {
    const { engine, defaultPoolSize, MAX_POOL_SIZE } = await import('/engine.js');
    return { size: engine.size, cores: navigator.hardwareConcurrency, fallback: defaultPoolSize(), max: MAX_POOL_SIZE };
  });
  assert.equal(stats.size, 3);
  const plain = await browser.open(t, '#/');
  const size = await plain.page.evaluate(async () => (await import('/engine.js')).engine.size);
  assert.equal(size, Math.max(1, Math.min(stats.cores, stats.max)));
});

test('two independent one-second requests run at once on two workers', async (t) => {
  const { page } = await browser.open(t, '?workers=2#/');
  const result = await page.evaluate(async () => {
    const { engine } = await import('/engine.js');
    // Both workers ready first: this measures running, not starting.
    await Promise.all([engine.selftest.spin({ ms: 1 }), engine.selftest.spin({ ms: 1 })]);
    // Sampled rather than timed end to end: a loaded machine stretches wall time, not overlap.
    let mostBusy = 0;
    const watch = setInterval(() => { mostBusy = Math.max(mostBusy, engine.stats().busy); }, 20);
    const [a, b] = await Promise.all([engine.selftest.spin({ ms: 1000 }), engine.selftest.spin({ ms: 1000 })]);
    clearInterval(watch);
    return { mostBusy, a: a.elapsed_ms, b: b.elapsed_ms, workers: engine.stats().workers };
  });
  assert.ok(result.a >= 1000 && result.b >= 1000, 'each request ran its full second');
  assert.equal(result.workers, 2);
  assert.equal(result.mostBusy, 2, 'the two requests ran at the same time');
});

test('cancelling a waiting request leaves the running one untouched', async (t) => {
  const { page } = await browser.open(t, '?workers=1#/');
  const result = await page.evaluate(async () => {
    const { engine } = await import('/engine.js');
    await engine.selftest.spin({ ms: 1 }); // the worker is up: the next request runs at once
    const started = [];
    const running = engine.selftest.spin({ ms: 400 }, { onStart: () => started.push('running') });
    const controller = new AbortController();
    const waiting = engine.selftest.spin({ ms: 400 }, { signal: controller.signal, onStart: () => started.push('waiting') });
    const queuedBefore = engine.stats().queued;
    controller.abort();
    const waitingOutcome = await waiting.then(() => 'finished', (e) => e.name);
    const value = await running;
    return { queuedBefore, waitingOutcome, elapsed: value.elapsed_ms, started, restarts: engine.stats().restarts };
  });
  assert.equal(result.queuedBefore, 1);
  assert.equal(result.waitingOutcome, 'AbortError');
  assert.ok(result.elapsed >= 400, 'the running request finished its work');
  assert.deepEqual(result.started, ['running'], 'the cancelled request never reached a worker');
  assert.equal(result.restarts, 0, 'no worker was terminated');
});

test('cancelling a running request replaces only its worker; a transferred buffer waiting behind it completes', async (t) => {
  const { page } = await browser.open(t, '?workers=1#/');
  const result = await page.evaluate(async () => {
    const { engine } = await import('/engine.js');
    const controller = new AbortController();
    const long = engine.selftest.spin({ ms: 30000 }, { signal: controller.signal, onProgress: () => controller.abort() });
    const width = 64, height = 64;
    const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
    const cancelledToo = new AbortController();
    const ahead = engine.selftest.spin({ ms: 10 }, { signal: cancelledToo.signal });
    cancelledToo.abort();
    const fill = engine.fill.apply({
      pixels, width, height, x: 0, y: 0, color: [255, 0, 0, 255],
      options: { tolerance: 0, connectivity: 4, global: false, soft: false, gap: 0, blend: false },
    }, { transfer: [pixels.buffer] });
    const longOutcome = await long.then(() => 'finished', (e) => e.name);
    const aheadOutcome = await ahead.then(() => 'finished', (e) => e.name);
    const filled = await fill;
    const transferred = pixels.byteLength === 0;
    return {
      longOutcome, aheadOutcome, transferred, filled: filled.filled,
      first: Array.from(filled.pixels.slice(0, 4)), restarts: engine.stats().restarts,
    };
  });
  assert.equal(result.longOutcome, 'AbortError');
  assert.equal(result.aheadOutcome, 'AbortError');
  assert.ok(result.transferred, 'the buffer was moved to the worker, not copied');
  assert.equal(result.filled, 64 * 64);
  assert.deepEqual(result.first, [255, 0, 0, 255]);
  assert.equal(result.restarts, 1);
});

test('a panic fails only its own request; the others on the pool finish', async (t) => {
  const { page } = await browser.open(t, '?workers=2#/');
  const result = await page.evaluate(async (puzzle) => {
    const { engine } = await import('/engine.js');
    const spin = engine.selftest.spin({ ms: 300 });
    const panic = engine.selftest.panic({}).then(() => null, (e) => ({ message: e.message, fatal: e.fatal }));
    const [spun, crashed] = await Promise.all([spin, panic]);
    const after = await engine.sudoku.solve({ puzzle });
    return { spun: spun.elapsed_ms, crashed, after: after.solution, restarts: engine.stats().restarts };
  }, PUZZLE);
  assert.ok(result.spun >= 300);
  assert.match(result.crashed.message, /internal error/);
  assert.equal(result.crashed.fatal, true);
  assert.equal(result.after, SOLUTION);
  assert.equal(result.restarts, 1);
});

test('map fans one operation out over the pool, in order; the first error cancels the rest', async (t) => {
  const { page } = await browser.open(t, '?workers=2#/');
  const result = await page.evaluate(async (puzzle) => {
    const { engine } = await import('/engine.js');
    const heard = new Set();
    const values = await engine.map('sudoku.solve', [{ puzzle }, { puzzle: puzzle.replace('4', '.') }, { puzzle }], {
      onProgress: (i) => heard.add(i),
    });
    // Two workers run two parts at once: the pool is seen busy with two while they spin.
    let mostBusy = 0;
    const watch = setInterval(() => { mostBusy = Math.max(mostBusy, engine.stats().busy); }, 20);
    const spins = await engine.map('selftest.spin', [{ ms: 400 }, { ms: 400 }, { ms: 400 }, { ms: 400 }]);
    clearInterval(watch);
    let failure = null;
    const parts = [{ op: 'selftest.spin', args: { ms: 20000 } }, { op: 'sudoku.solve', args: { puzzle: '12' } }];
    const failStart = performance.now();
    try { await engine.all(parts); } catch (e) { failure = { name: e.name, message: e.message }; }
    return {
      solutions: values.map((v) => v.solution && v.solution.length), spins: spins.length, mostBusy,
      failure, failMs: performance.now() - failStart, busy: engine.stats().busy,
    };
  }, PUZZLE);
  assert.deepEqual(result.solutions, [81, 81, 81]);
  assert.equal(result.spins, 4);
  assert.equal(result.mostBusy, 2, 'both workers ran parts at the same time');
  assert.equal(result.failure.name, 'EngineError');
  assert.match(result.failure.message, /81 cells/);
  assert.ok(result.failMs < 10000, 'the long part was cancelled, not waited for');
  assert.equal(result.busy, 0);
});

test('a dedicated worker runs beside a busy pool and says when its state was lost', async (t) => {
  const { page } = await browser.open(t, '?workers=1#/');
  const result = await page.evaluate(async (puzzle) => {
    const { engine } = await import('/engine.js');
    let resets = 0;
    const own = engine.dedicated({ onRestart: () => { resets++; } });
    const busy = engine.selftest.spin({ ms: 1500 });
    const start = performance.now();
    const solved = await own.sudoku.solve({ puzzle });
    const ownMs = performance.now() - start;
    const controller = new AbortController();
    const cancelled = own.selftest.spin({ ms: 20000 }, { signal: controller.signal, onProgress: () => controller.abort() })
      .then(() => 'finished', (e) => e.name);
    const outcome = await cancelled;
    const again = await own.sudoku.solve({ puzzle });
    own.close();
    const closed = await own.sudoku.solve({ puzzle }).then(() => 'ran', (e) => e.message);
    await busy;
    return { solved: solved.solution, ownMs, outcome, resets, again: again.solution, closed };
  }, PUZZLE);
  assert.equal(result.solved, SOLUTION);
  assert.ok(result.ownMs < 1400, 'the dedicated worker did not wait for the pool');
  assert.equal(result.outcome, 'AbortError');
  assert.equal(result.resets, 1);
  assert.equal(result.again, SOLUTION);
  assert.match(result.closed, /closed/);
});

test('errors carry where they apply', async (t) => {
  const { page } = await browser.open(t, '#/');
  const result = await page.evaluate(async () => {
    const { engine } = await import('/engine.js');
    const puzzle = `55${'.'.repeat(79)}`;
    try { await engine.sudoku.solve({ puzzle }); } catch (e) {
      return { name: e.name, message: e.message, cells: e.cells, field: e.field };
    }
    return null;
  });
  assert.equal(result.name, 'EngineError');
  assert.match(result.message, /two 5s in row 1/);
  assert.deepEqual(result.cells, [0, 1]);
  assert.equal(result.field, 'puzzle');
});
