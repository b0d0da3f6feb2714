// The user's work outlives the page: small documents in localStorage, pixels in IndexedDB.
//
// Every saved value is wrapped as {format, saved, data}. A page names the format version it
// writes; data of another version (format 0: saved bare, before envelopes) is passed to
// `upgrade(data, format)` when the page has one,
// and otherwise discarded with a notice for the user, never thrown at the page. Storage that
// fails (full, private mode, blocked) is reported once per kind of failure through
// `onStorageProblem`, and saving carries on without it.

let reporter = null;
const reported = new Set();

/** `fn(message)` hears storage problems, each kind once per visit (the app shell shows it). */
export function onStorageProblem(fn) {
  reporter = fn;
}

function report(kind, message) {
  if (reported.has(kind)) return;
  reported.add(kind);
  if (reporter) reporter(message);
  else console.warn(message);
}

function quotaMessage(what) {
  return `Your ${what} could not be saved: the browser's storage for this site is full or switched off. `
    + 'It stays on this page until you leave it.';
}

/** Unwraps a stored envelope: {data} when usable, {data: null, notice} otherwise. */
function unwrap(stored, { format, upgrade, what }) {
  if (stored == null) return { data: null };
  // Data saved before envelopes existed counts as format 0: an `upgrade` may still read it.
  const envelope = typeof stored === 'object' && 'format' in stored ? stored : { format: 0, data: stored };
  if (envelope.format === format) return { data: envelope.data };
  if (upgrade) {
    try {
      const data = upgrade(envelope.data, envelope.format);
      if (data != null) return { data };
    } catch (_) { /* falls through to the notice */ }
  }
  return { data: null, notice: `Your saved ${what} came from another version of Gridwise and could not be opened; starting afresh.` };
}

/** A document kept in localStorage under `key` (JSON). */
export class LocalDocument {
  /** `what` names it for the user ("puzzle", "board"); `format` is the version written. */
  constructor(key, { format, what, upgrade = null }) {
    Object.assign(this, { key, format, what, upgrade });
  }

  /** {data, notice}: data is null when nothing usable was saved; notice says why, if needed. */
  load() {
    let text = null;
    try { text = localStorage.getItem(this.key); } catch (_) {
      report('read', 'Saved work cannot be read: this browser blocks storage for this site.');
      return { data: null };
    }
    if (text == null) return { data: null };
    let stored;
    try { stored = JSON.parse(text); } catch (_) { stored = { format: -1, data: null }; }
    const result = unwrap(stored, this);
    if (result.notice) this.clear();
    return result;
  }

  /**
   * Saves `data`; when storage refuses and `smaller()` gives a reduced copy (fewer undo
   * steps, say), that is tried before giving up. Returns false (after reporting once) when
   * nothing could be saved.
   */
  save(data, { smaller = null } = {}) {
    const write = (value) => localStorage.setItem(this.key, JSON.stringify({ format: this.format, saved: Date.now(), data: value }));
    try {
      write(data);
      return true;
    } catch (_) {
      try {
        if (smaller) { write(smaller()); return true; }
      } catch (_) { /* reported below */ }
      report('write', quotaMessage(this.what));
      return false;
    }
  }

  clear() {
    try { localStorage.removeItem(this.key); } catch (_) { /* nothing to clear */ }
  }
}

const DB_NAME = 'gridwise';
const STORE = 'documents';
let database = null;

function openDatabase() {
  if (!database) {
    const opening = new Promise((resolve, reject) => {
      if (!globalThis.indexedDB) { reject(new Error('IndexedDB is not available')); return; }
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        // The browser closes the connection when the site's data is cleared (or another tab
        // upgrades it): the next save opens a new one instead of failing for good.
        db.onclose = () => { if (database === opening) database = null; };
        db.onversionchange = () => { db.close(); if (database === opening) database = null; };
        resolve(db);
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('the database is blocked by another tab'));
    });
    database = opening;
    opening.catch(() => { if (database === opening) database = null; });
  }
  return database;
}

function transact(mode, work, again = true) {
  return openDatabase().then((db) => new Promise((resolve, reject) => {
    let tx;
    try {
      tx = db.transaction(STORE, mode);
    } catch (err) {
      // A connection closed under us (site data cleared): once more on a new one.
      if (!again || err.name !== 'InvalidStateError') throw err;
      database = null;
      resolve(transact(mode, work, false));
      return;
    }
    const request = work(tx.objectStore(STORE));
    // Committed at once rather than when the event loop next idles: a save made as the page
    // unloads (a reload half a second after a stroke) was otherwise lost with the page.
    tx.commit?.();
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error('the transaction was aborted'));
  }));
}

/** Typed arrays from this size on are stored as Blobs (see `packBig`). */
const BIG_BYTES = 1 << 20;
const VIEWS = { Uint8Array, Uint8ClampedArray, Uint16Array, Uint32Array, Int32Array, Float32Array, Float64Array };

/**
 * A copy of `value` (plain objects and arrays, walked) with each big typed array replaced by
 * {$blob, $view}: the browser limits one IndexedDB value to about 127 MB, which a 8192² picture
 * (256 MB) or a long undo history passes, while Blobs are stored beside the value. The copy
 * into a Blob is also quicker than cloning the array into the value.
 */
export function packBig(value) {
  if (ArrayBuffer.isView(value)) {
    const name = value.constructor.name;
    return value.byteLength >= BIG_BYTES && VIEWS[name] === value.constructor ? { $blob: new Blob([value]), $view: name } : value;
  }
  if (Array.isArray(value)) return value.map(packBig);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, packBig(v)]));
  }
  return value;
}

/** Undoes `packBig`: resolves to `value` with its Blobs read back into typed arrays. */
export async function unpackBig(value) {
  if (value && typeof value === 'object' && value.$blob instanceof Blob && Object.hasOwn(VIEWS, value.$view)) {
    return new VIEWS[value.$view](await value.$blob.arrayBuffer());
  }
  if (Array.isArray(value)) return Promise.all(value.map(unpackBig));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await unpackBig(v)]));
    return Object.fromEntries(entries);
  }
  return value;
}

/** A document kept in IndexedDB under `key`: any structured-cloneable data (typed arrays,
 * the big ones stored as Blobs). */
export class IndexedDocument {
  constructor(key, { format, what, upgrade = null }) {
    Object.assign(this, { key, format, what, upgrade });
  }

  /** Resolves to {data, notice}, like LocalDocument.load. */
  async load() {
    let stored;
    try {
      stored = await transact('readonly', (store) => store.get(this.key));
    } catch (_) {
      report('read', 'Saved work cannot be read: this browser blocks storage for this site.');
      return { data: null };
    }
    const result = unwrap(stored, this);
    if (result.notice) await this.clear();
    if (result.data) {
      try {
        result.data = await unpackBig(result.data);
      } catch (_) {
        report('read', 'Saved work cannot be read: part of it is missing from this browser\'s storage.');
        return { data: null };
      }
    }
    return result;
  }

  /** Resolves to true when saved; false (after reporting once) when storage refuses. */
  async save(data) {
    try {
      const packed = packBig(data);
      await transact('readwrite', (store) => store.put({ format: this.format, saved: Date.now(), data: packed }, this.key));
      return true;
    } catch (_) {
      report('write', quotaMessage(this.what));
      return false;
    }
  }

  async clear() {
    try { await transact('readwrite', (store) => store.delete(this.key)); } catch (_) { /* nothing to clear */ }
  }
}
