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
    database = new Promise((resolve, reject) => {
      if (!globalThis.indexedDB) { reject(new Error('IndexedDB is not available')); return; }
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('the database is blocked by another tab'));
    });
    database.catch(() => { database = null; });
  }
  return database;
}

function transact(mode, work) {
  return openDatabase().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error('the transaction was aborted'));
  }));
}

/** A document kept in IndexedDB under `key`: any structured-cloneable data (typed arrays). */
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
    return result;
  }

  /** Resolves to true when saved; false (after reporting once) when storage refuses. */
  async save(data) {
    try {
      await transact('readwrite', (store) => store.put({ format: this.format, saved: Date.now(), data }, this.key));
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
