// A solver worker: instantiates the wasm module it is sent, then runs the requests the engine
// posts, one at a time (the queue lives on the page, see engine.js).
//
// Protocol (see README): requests {id, op, args}; replies {id, kind: "progress", ...payload},
// {id, kind: "result", value}, {id, kind: "error", message, fatal, place}. Operation
// "tool.verb" calls the wasm export "tool_verb"(args, progress). A trap (Rust panic, out of
// memory) is `fatal`: the module's state can no longer be trusted, so the engine replaces this
// worker. `place` carries where an input error applies ({cells, line, card, field, index}).
import init, * as wasm from './pkg/gridwise.js';
import { joinTeam } from './search-team.js';
import { joinStore } from './inner-store.js';

const PLACE_KEYS = ['cells', 'line', 'card', 'field', 'index'];

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

function placeOf(err) {
  const place = {};
  if (err && typeof err === 'object') {
    for (const key of PLACE_KEYS) if (err[key] !== undefined && err[key] !== null) place[key] = err[key];
  }
  return place;
}

function handle({ id, op, args }) {
  const fn = exportFor(op);
  if (!fn) {
    self.postMessage({ id, kind: 'error', message: `unknown operation "${op}"`, fatal: false, place: {} });
    return;
  }
  const progress = (payload) => {
    self.postMessage({ id, kind: 'progress', ...payload }, transferables(payload));
  };
  // Shared buffers (see search-team.js, inner-store.js) become the hooks the wasm imports
  // call; the request itself only says that it has them.
  const shared = typeof SharedArrayBuffer === 'function';
  const team = shared && args?.team?.header instanceof SharedArrayBuffer ? joinTeam(args.team) : null;
  const store = shared && args?.store?.index instanceof SharedArrayBuffer ? joinStore(args.store) : null;
  try {
    const plain = { ...(args ?? {}), ...(team ? { team: true } : {}), ...(store ? { store: true } : {}) };
    const value = fn(team || store ? plain : (args ?? {}), progress);
    self.postMessage({ id, kind: 'result', value }, transferables(value));
  } catch (err) {
    const fatal = err instanceof WebAssembly.RuntimeError;
    const message = err && err.message ? err.message : String(err);
    self.postMessage({
      id, kind: 'error', message: fatal ? `internal error: ${message}` : message, fatal, place: placeOf(err),
    });
  } finally {
    team?.release();
    store?.release();
  }
}

let ready = null;
self.onmessage = async (event) => {
  const msg = event.data;
  if (msg && msg.type === 'init') {
    ready = init({ module_or_path: msg.module }).then(
      () => self.postMessage({ type: 'ready' }),
      (err) => self.postMessage({ type: 'init-error', message: String(err?.message || err) }),
    );
    return;
  }
  await ready;
  handle(msg);
};
