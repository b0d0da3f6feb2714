// The bridge between pages and the solver workers: a pool of module workers, each instantiated
// from the one compiled WebAssembly module, with the queue kept here on the page.
//
//   const value = await engine.run('sudoku.solve', { puzzle }, { onProgress, signal, transfer });
//   const value = await engine.sudoku.solve({ puzzle }, { signal });          // the same, typed
//   const parts = await engine.map('poly.solve', shards, { signal });          // fan-out
//   const doc = engine.dedicated();  await doc.fill.apply(…);  doc.close();    // state kept
//
// Guarantees (README, "The engine"):
// - one request per worker at a time; requests wait here, in order, for the first free worker;
// - cancelling a waiting request only removes it; cancelling a running one terminates only the
//   worker running it, which is replaced from the compiled module when next needed;
// - a request is posted at most once, so a transferred buffer is never posted twice;
// - a trap (Rust panic) or a crashed worker fails only the request it was running.
import { OPERATIONS } from './operations.js';

const wasmUrl = new URL('./pkg/gridwise_bg.wasm', import.meta.url);
const workerUrl = new URL('./worker.js', import.meta.url);

/** Worker starts in a row that may fail before the requests waiting for one fail too. */
const START_ATTEMPTS = 3;

/** Most workers a pool starts by default: beyond this, memory grows faster than speed. */
export const MAX_POOL_SIZE = 8;

let compiled = null;
function compileModule() {
  if (!compiled) {
    compiled = WebAssembly.compileStreaming(fetch(wasmUrl))
      .catch(async () => WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer()));
    compiled.catch(() => { compiled = null; });
  }
  return compiled;
}

/**
 * The pool size: `?workers=N` in the page address or `gridwise.workers` in localStorage
 * (tests and curious users), else one per logical core up to MAX_POOL_SIZE.
 */
export function defaultPoolSize() {
  const asked = Number(new URLSearchParams(globalThis.location?.search || '').get('workers')
    || readStorage('gridwise.workers'));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, 64);
  const cores = Number(globalThis.navigator?.hardwareConcurrency) || 1;
  return Math.max(1, Math.min(cores, MAX_POOL_SIZE));
}

function readStorage(key) {
  try { return globalThis.localStorage?.getItem(key); } catch (_) { return null; }
}

/**
 * An error for the user: `message` is shown as it is. Errors about an input carry where they
 * apply: `cells` (Sudoku cells 0–80), `line` (1-based, in the input named by `field`), `card`
 * ({row, col}, Voltorb), `field` (which input) and `index` (a clue line, from 0).
 */
export class EngineError extends Error {
  constructor(message, { op, fatal = false, place = {} } = {}) {
    super(message);
    this.name = 'EngineError';
    this.op = op;
    this.fatal = fatal;
    this.cells = Array.isArray(place.cells) ? place.cells : [];
    for (const key of ['line', 'card', 'field', 'index']) {
      if (place[key] !== undefined && place[key] !== null) this[key] = place[key];
    }
  }
}

/** True for the rejection of a cancelled request. */
export function isAbort(err) {
  return !!err && err.name === 'AbortError';
}

function abortError() {
  return new DOMException('The request was cancelled', 'AbortError');
}

// One module worker and the request it runs.
class Slot {
  constructor(pool) {
    this.pool = pool;
    this.running = null;
    this.ready = false;
    this.worker = null;
  }

  async start() {
    const module = await compileModule();
    const worker = new Worker(workerUrl, { type: 'module' });
    this.worker = worker;
    await new Promise((resolve, reject) => {
      const done = () => {
        worker.removeEventListener('message', onReady);
        worker.removeEventListener('error', onError);
      };
      const onReady = (e) => {
        if (e.data?.type === 'ready') { done(); resolve(); }
        if (e.data?.type === 'init-error') {
          done();
          reject(new EngineError(`the solver could not start: ${e.data.message}`));
        }
      };
      // A worker whose script fails to load (a dropped request, an offline page whose cache
      // lacks it) reports only this event: unheard, the slot would stay "starting" for ever
      // and every request would wait behind it.
      const onError = (e) => {
        e.preventDefault?.();
        done();
        reject(new EngineError(`the solver could not start: ${e.message || 'its worker did not load'}`));
      };
      worker.addEventListener('message', onReady);
      worker.addEventListener('error', onError);
      worker.postMessage({ type: 'init', module });
    });
    worker.addEventListener('message', (e) => this.pool.onMessage(this, e.data));
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      this.pool.onCrash(this, e.message || 'the solver worker crashed');
    });
    this.ready = true;
  }

  post(entry) {
    this.running = entry;
    entry.slot = this;
    this.worker.postMessage({ id: entry.id, op: entry.op, args: entry.args }, entry.transfer);
    entry.transfer = [];
  }

  terminate() {
    this.ready = false;
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }
}

let nextRequestId = 1;

/**
 * A set of up to `size` workers fed from one queue. The page-wide engine is one; a dedicated
 * worker is another of size 1, whose wasm memory (a tool's document, a search memo) stays
 * between requests until it is cancelled, crashes or is closed.
 */
export class WorkerPool {
  constructor({ size = defaultPoolSize(), onRestart = null } = {}) {
    this.size = Math.max(1, size | 0);
    this.slots = [];
    this.queue = [];
    this.restarts = 0;
    /** Worker starts that failed in a row (see `spawn`). */
    this.failedStarts = 0;
    /** Called after a worker was replaced (cancel, trap, crash): its wasm state is gone. */
    this.onRestart = onRestart;
    this.closed = false;
    for (const [tool, verbs] of Object.entries(OPERATIONS)) {
      this[tool] = Object.fromEntries(verbs.map((verb) => [verb, (args, opts) => this.run(`${tool}.${verb}`, args, opts)]));
    }
  }

  /**
   * Runs `op` ("tool.verb") with `args`; resolves to its value. Rejects with an EngineError
   * (message for the user) or an AbortError when `signal` aborts. `onProgress(payload)` hears
   * the worker's progress, `onStart()` when a worker takes the request, `transfer` lists
   * buffers to move rather than copy.
   */
  run(op, args = {}, { onProgress, onStart, signal, transfer = [] } = {}) {
    if (this.closed) return Promise.reject(new EngineError('this worker was closed', { op }));
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      const entry = { id: nextRequestId++, op, args, transfer, onProgress, onStart, slot: null, resolve, reject };
      if (signal) {
        const onAbort = () => this.cancel(entry);
        signal.addEventListener('abort', onAbort, { once: true });
        entry.unlisten = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(entry);
      this.pump();
    });
  }

  /** Starts one worker ahead of the first request, so it does not wait for instantiation. */
  warm() {
    if (this.slots.length === 0 && !this.closed) this.spawn();
  }

  /** Numbers for tests and the status line: pool size, workers alive, busy, waiting, restarts. */
  stats() {
    return {
      size: this.size,
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.running).length,
      queued: this.queue.length,
      restarts: this.restarts,
    };
  }

  /** Terminates every worker and fails whatever was waiting. */
  close() {
    this.closed = true;
    for (const slot of this.slots) {
      if (slot.running) this.settle(slot.running, null, new EngineError('this worker was closed', { op: slot.running.op }));
      slot.terminate();
    }
    this.slots = [];
    for (const entry of this.queue.splice(0)) this.settle(entry, null, new EngineError('this worker was closed', { op: entry.op }));
  }

  spawn() {
    const slot = new Slot(this);
    this.slots.push(slot);
    slot.start().then(() => {
      this.failedStarts = 0;
      if (!this.slots.includes(slot)) slot.terminate();
      else this.pump();
    }, (err) => {
      const mine = this.slots.includes(slot);
      this.slots = this.slots.filter((s) => s !== slot);
      slot.terminate();
      if (!mine) return;
      // A start can fail once for a passing reason (a request dropped under load): try again
      // before giving up. Nothing runs without a worker: then fail what waits rather than hang.
      this.failedStarts += 1;
      if (this.failedStarts < START_ATTEMPTS) this.pump();
      else for (const entry of this.queue.splice(0)) this.settle(entry, null, err);
    });
  }

  pump() {
    while (this.queue.length) {
      const idle = this.slots.find((s) => s.ready && !s.running);
      if (idle) {
        const entry = this.queue.shift();
        idle.post(entry);
        if (entry.onStart) try { entry.onStart(); } catch (err) { console.error(err); }
        continue;
      }
      let starting = this.slots.filter((s) => !s.ready).length;
      while (this.slots.length < this.size && starting < this.queue.length) { this.spawn(); starting++; }
      return;
    }
  }

  settle(entry, value, error) {
    if (entry.settled) return;
    entry.settled = true;
    entry.unlisten?.();
    if (entry.slot && entry.slot.running === entry) entry.slot.running = null;
    if (error) entry.reject(error);
    else entry.resolve(value);
  }

  cancel(entry) {
    if (entry.settled) return;
    const waiting = this.queue.indexOf(entry);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      this.settle(entry, null, abortError());
      return;
    }
    const slot = entry.slot;
    this.settle(entry, null, abortError());
    if (slot) this.replace(slot);
  }

  replace(slot) {
    slot.terminate();
    this.slots = this.slots.filter((s) => s !== slot);
    this.restarts++;
    if (this.onRestart) try { this.onRestart(); } catch (err) { console.error(err); }
    this.pump();
    // The next request (often right after a cancel: the user's next try) should not wait for a
    // worker to load its module: one is started now if none is left.
    this.warm();
  }

  onMessage(slot, msg) {
    const entry = slot.running;
    if (!msg || !entry || msg.id !== entry.id) return;
    if (msg.kind === 'progress') {
      if (entry.onProgress) {
        const { id, kind, ...payload } = msg;
        try { entry.onProgress(payload); } catch (err) { console.error(err); }
      }
      return;
    }
    if (msg.kind === 'result') {
      this.settle(entry, msg.value, null);
    } else {
      this.settle(entry, null, new EngineError(msg.message, { op: entry.op, fatal: msg.fatal, place: msg.place }));
      if (msg.fatal) { this.replace(slot); return; }
    }
    this.pump();
  }

  onCrash(slot, message) {
    if (!this.slots.includes(slot)) return;
    const entry = slot.running;
    if (entry) this.settle(entry, null, new EngineError(message, { op: entry.op, fatal: true }));
    this.replace(slot);
  }
}

/** The page-wide engine: a pool that also hands out dedicated workers and fans work out. */
export class Engine extends WorkerPool {
  /** A worker of the tool's own, outside the pool; `close()` it when the page unmounts. */
  dedicated({ onRestart } = {}) {
    return new WorkerPool({ size: 1, onRestart });
  }

  /**
   * Runs `op` once per element of `argsList` across the pool; resolves to the values in order.
   * `onProgress(index, payload)` hears each part; `transfer(args, index)` lists a part's
   * buffers. The first error cancels the other parts and rejects; `signal` cancels them all.
   */
  map(op, argsList, { signal, onProgress, transfer } = {}) {
    return this.all(argsList.map((args, i) => ({ op, args, transfer: transfer ? transfer(args, i) : [] })), {
      signal, onProgress,
    });
  }

  /** Like `map`, for requests of different operations: `[{op, args, transfer}]`. */
  all(requests, { signal, onProgress } = {}) {
    if (signal?.aborted) return Promise.reject(abortError());
    const group = new AbortController();
    const onAbort = () => group.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const parts = requests.map(({ op, args, transfer }, i) => this.run(op, args, {
      signal: group.signal,
      transfer,
      onProgress: onProgress && ((payload) => onProgress(i, payload)),
    }));
    // The first failure decides; the parts it cancels reject with AbortError, unobserved.
    parts.forEach((p) => p.catch((err) => { if (!isAbort(err)) group.abort(); }));
    return Promise.all(parts).finally(() => signal?.removeEventListener('abort', onAbort));
  }
}

/** The page-wide engine shared by every tool. */
export const engine = new Engine();
