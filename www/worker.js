// The solver worker: instantiates the wasm module it is sent and runs one operation at a time.
//
// Protocol (see README): requests {id, op, args}; replies {id, kind: "progress", ...payload},
// {id, kind: "result", value}, {id, kind: "error", message, fatal}. Operation "tool.verb" calls
// the wasm export "tool_verb"(args, progress). A trap (Rust panic, out of memory) is `fatal`:
// the module's state can no longer be trusted, so the bridge replaces this worker.
import init, * as wasm from './pkg/gridwise.js';

let ready = null;
const queue = [];

// Typed arrays in a reply are moved, not copied: pixel buffers can be 64 MiB.
function transferables(value, found = []) {
  if (!value || typeof value !== 'object') return found;
  if (ArrayBuffer.isView(value)) {
    if (!found.includes(value.buffer)) found.push(value.buffer);
    return found;
  }
  if (value instanceof ArrayBuffer) {
    if (!found.includes(value)) found.push(value);
    return found;
  }
  for (const key of Object.keys(value)) transferables(value[key], found);
  return found;
}

function exportFor(op) {
  const name = typeof op === 'string' ? op.replace('.', '_') : '';
  const fn = wasm[name];
  return /^[a-z]+_[A-Za-z]+$/.test(name) && typeof fn === 'function' ? fn : null;
}

function handle({ id, op, args }) {
  const fn = exportFor(op);
  if (!fn) {
    self.postMessage({ id, kind: 'error', message: `unknown operation "${op}"`, fatal: false });
    return;
  }
  const progress = (payload) => {
    self.postMessage({ id, kind: 'progress', ...payload }, transferables(payload));
  };
  try {
    const value = fn(args ?? {}, progress);
    self.postMessage({ id, kind: 'result', value }, transferables(value));
  } catch (err) {
    const fatal = err instanceof WebAssembly.RuntimeError;
    const message = err && err.message ? err.message : String(err);
    self.postMessage({ id, kind: 'error', message: fatal ? `internal error: ${message}` : message, fatal });
  }
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg && msg.type === 'init') {
    ready = init({ module_or_path: msg.module }).then(
      () => self.postMessage({ type: 'ready' }),
      (err) => self.postMessage({ type: 'init-error', message: String(err && err.message || err) }),
    );
    return;
  }
  queue.push(msg);
  await ready;
  while (queue.length) handle(queue.shift());
};
