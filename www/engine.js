// The bridge between pages and the solver worker: one Promise per request, progress callbacks,
// and cancellation by replacing the worker (wasm cannot be interrupted mid-call).
//
//   const value = await engine.run('sudoku.solve', { puzzle }, { onProgress, signal, transfer });
//
// Cancelling (via the AbortSignal) rejects that request with an AbortError, terminates the
// worker and starts a new one from the already compiled module; requests still waiting are
// sent again to the new worker. A fatal error (Rust panic) also replaces the worker.

const wasmUrl = new URL('./pkg/gridwise_bg.wasm', import.meta.url);
const workerUrl = new URL('./worker.js', import.meta.url);

let compiled = null;
function compileModule() {
  if (!compiled) {
    compiled = WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(fetch(wasmUrl)).catch(async () =>
          WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer()))
      : fetch(wasmUrl).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b));
    compiled.catch(() => { compiled = null; });
  }
  return compiled;
}

export class EngineError extends Error {
  constructor(message, { op, fatal = false } = {}) {
    super(message);
    this.name = 'EngineError';
    this.op = op;
    this.fatal = fatal;
  }
}

export class Engine {
  constructor() {
    this.nextId = 1;
    this.pending = new Map(); // id -> {op, args, transfer, resolve, reject, onProgress, sent}
    this.worker = null;
    this.workerReady = null;
    this.restarts = 0;
  }

  async spawn() {
    const module = await compileModule();
    const worker = new Worker(workerUrl, { type: 'module' });
    this.worker = worker;
    this.workerReady = new Promise((resolve, reject) => {
      worker.addEventListener('message', function onReady(e) {
        if (e.data && e.data.type === 'ready') { worker.removeEventListener('message', onReady); resolve(); }
        if (e.data && e.data.type === 'init-error') { worker.removeEventListener('message', onReady); reject(new EngineError(`the solver could not start: ${e.data.message}`)); }
      });
    });
    worker.addEventListener('message', (e) => this.onMessage(e.data));
    worker.addEventListener('error', (e) => this.onCrash(e.message || 'the solver worker crashed'));
    worker.postMessage({ type: 'init', module });
    await this.workerReady;
    return worker;
  }

  ensureWorker() {
    if (!this.starting) this.starting = this.spawn().catch((err) => { this.starting = null; throw err; });
    return this.starting;
  }

  /** Runs `op` in the worker. Rejects with EngineError (message for the user) or AbortError. */
  run(op, args = {}, { onProgress, signal, transfer = [] } = {}) {
    if (signal && signal.aborted) return Promise.reject(abortError());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const entry = { id, op, args, transfer, resolve, reject, onProgress };
      this.pending.set(id, entry);
      if (signal) {
        signal.addEventListener('abort', () => this.cancel(id), { once: true });
      }
      this.ensureWorker().then(() => this.send(entry), (err) => {
        this.pending.delete(id);
        reject(err);
      });
    });
  }

  send(entry) {
    if (!this.pending.has(entry.id)) return;
    // Transferred buffers can be sent once only; a resend after a restart copies instead.
    const transfer = entry.sent ? [] : entry.transfer;
    entry.sent = true;
    this.worker.postMessage({ id: entry.id, op: entry.op, args: entry.args }, transfer);
  }

  onMessage(msg) {
    if (!msg || msg.id === undefined) return;
    const entry = this.pending.get(msg.id);
    if (!entry) return;
    if (msg.kind === 'progress') {
      if (entry.onProgress) {
        const { id, kind, ...payload } = msg;
        try { entry.onProgress(payload); } catch (err) { console.error(err); }
      }
      return;
    }
    this.pending.delete(msg.id);
    if (msg.kind === 'result') entry.resolve(msg.value);
    else {
      entry.reject(new EngineError(msg.message, { op: entry.op, fatal: msg.fatal }));
      if (msg.fatal) this.restart();
    }
  }

  onCrash(message) {
    // A worker that died takes its current request with it; the others are retried.
    const first = [...this.pending.values()].find((e) => e.sent);
    if (first) {
      this.pending.delete(first.id);
      first.reject(new EngineError(message, { op: first.op, fatal: true }));
    }
    this.restart();
  }

  cancel(id) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    entry.reject(abortError());
    if (entry.sent) this.restart();
  }

  restart() {
    this.restarts++;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.starting = null;
    const waiting = [...this.pending.values()];
    if (waiting.length === 0) return;
    this.ensureWorker().then(
      () => waiting.forEach((e) => this.send(e)),
      (err) => waiting.forEach((e) => { this.pending.delete(e.id); e.reject(err); }),
    );
  }
}

function abortError() {
  return new DOMException('The request was cancelled', 'AbortError');
}

/** The page-wide engine: one worker shared by every tool. */
export const engine = new Engine();
