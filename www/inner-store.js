// A store of words by 128-bit key that several workers share (README, "Sudoku"): the nested
// chains' inner searches of a rating, whose answers depend only on the boards searched, so the
// page's workers rating one puzzle (the path's worker and the pool's) each find what another
// has searched. Natively the threads share one memo; workers share no wasm memory, so the
// store lives in SharedArrayBuffers, which exist only on a cross-origin isolated page:
// - an arena of words, handed out from its start (a counter in the header) and never
//   rewritten, so an answer once published stays as it was;
// - an index of buckets of 4 slots of 8 words: key (4 words), where the answer starts, its
//   length, and a check word stored last (with Atomics, after the words it checks), so that a
//   reader sees a slot whole or as absent.
// When the arena is full the store keeps nothing more; the page starts a new one (`spent`).
// The page side makes a store (`newStore`); the worker side (`joinStore`) installs the hooks
// that the wasm imports call (`src/wasm/sudoku_store.rs`).

const SLOT_WORDS = 8;
const BUCKET_SLOTS = 4;
/** 128 Ki slots (4 MiB): the memo native threads share keeps 20,000 searches at most. */
const INDEX_SLOTS = 1 << 17;
/** 8 Mi words (32 MiB) of answers. */
const ARENA_WORDS = 1 << 23;
// Header words: the arena's next free word.
const NEXT = 0;

/** True when this page's workers can share a store. */
export function storePossible() {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
}

/** A new, empty store, to send as `store` with the requests that use it. */
export function newStore() {
  return {
    header: new SharedArrayBuffer(16),
    index: new SharedArrayBuffer(INDEX_SLOTS * SLOT_WORDS * 4),
    arena: new SharedArrayBuffer(ARENA_WORDS * 4),
  };
}

/** True when most of the store's arena is used: time for a new one. */
export function spent(store) {
  return Atomics.load(new Int32Array(store.header), NEXT) > ARENA_WORDS * 0.9;
}

/**
 * Worker side: installs the hooks of `store` as the global the wasm imports call. Returns
 * them; `release()` them when the request ends.
 */
export function joinStore(store) {
  const hooks = new StoreHooks(store);
  globalThis.gridwiseInnerStore = hooks;
  return hooks;
}

// The check word of a slot: never 0, which marks an empty slot.
function checkOf(a, b, c, d, start, length) {
  return ((a ^ b ^ c ^ d ^ start ^ length ^ 0x9E37_79B9) >>> 0) || 1;
}

class StoreHooks {
  constructor({ header, index, arena }) {
    this.header = new Int32Array(header);
    this.index = new Uint32Array(index);
    this.checks = new Int32Array(index);
    this.arena = new Uint32Array(arena);
    this.buckets = index.byteLength / (SLOT_WORDS * 4 * BUCKET_SLOTS);
  }

  bucket(a) {
    return (a & (this.buckets - 1)) * BUCKET_SLOTS * SLOT_WORDS;
  }

  /** The words stored under the key (a copy), or undefined. */
  get(a, b, c, d) {
    const x = this.index;
    for (let slot = 0, at = this.bucket(a); slot < BUCKET_SLOTS; slot++, at += SLOT_WORDS) {
      const check = Atomics.load(this.checks, at + 7) >>> 0;
      if (check === 0 || x[at] !== a || x[at + 1] !== b || x[at + 2] !== c || x[at + 3] !== d) continue;
      const start = x[at + 4];
      const length = x[at + 5];
      if (checkOf(a, b, c, d, start, length) !== check || start + length > this.arena.length) continue;
      return this.arena.slice(start, start + length);
    }
    return undefined;
  }

  put(a, b, c, d, words) {
    if (this.get(a, b, c, d)) return;
    const length = words.length;
    const start = Atomics.add(this.header, NEXT, length);
    if (start + length > this.arena.length) return;
    this.arena.set(words, start);
    const x = this.index;
    const first = this.bucket(a);
    let target = first + (d & (BUCKET_SLOTS - 1)) * SLOT_WORDS;
    for (let slot = 0, at = first; slot < BUCKET_SLOTS; slot++, at += SLOT_WORDS) {
      if (Atomics.load(this.checks, at + 7) === 0) { target = at; break; }
    }
    // Readers ignore the slot while its words and check disagree; the check goes last.
    Atomics.store(this.checks, target + 7, 0);
    x[target] = a;
    x[target + 1] = b;
    x[target + 2] = c;
    x[target + 3] = d;
    x[target + 4] = start;
    x[target + 5] = length;
    Atomics.store(this.checks, target + 7, checkOf(a, b, c, d, start, length) | 0);
  }

  /** Lets go of the buffers. */
  release() {
    if (globalThis.gridwiseInnerStore === this) globalThis.gridwiseInnerStore = undefined;
  }
}
