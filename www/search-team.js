// A team of workers searching one game tree together (the Voltorb best move, README "Voltorb
// Flip"), as threads do natively. Workers share no wasm memory, so a team shares two
// SharedArrayBuffers, which exist only on a cross-origin isolated page:
// - a small header: the next first move to take, the members still searching, the claim on a
//   forced first move, the best value found so far and each member's answer;
// - a table of positions already valued (the search's memo): 128-bit keys, a float64 value and
//   whether it is exact or an upper bound. The default one is kept for the page's lifetime and
//   reused by the next search under a new generation number, so nothing needs clearing.
// The page side (`newTeam`) makes the buffers and says what each member is sent; the worker side
// (`joinTeam`) installs the hooks that the wasm imports call (`src/wasm/voltorb_team.rs`).

/**
 * Most workers one search takes. Each adds to the shared table's memory traffic, which already
 * slows two members to about 80% of one worker's pace each; only two were measured (2 cores).
 */
const MAX_MEMBERS = 4;

// Header layout, in 32-bit words: next card, members searching, first-move claims; the best
// value is a float64 at word 4 (read and raised as 64-bit integers); answers start at word 16.
const NEXT = 0;
const ACTIVE = 1;
const FORCED = 2;
const BEST = 2; // in 64-bit units
const ANSWERS = 8; // in 64-bit units
const ANSWER_FIELDS = 6; // done, cell, win, exact, nodes, rank
const HEADER_BYTES = (ANSWERS + MAX_MEMBERS * ANSWER_FIELDS) * 8;

// The table: buckets of 4 slots of 8 words (32 bytes): key (4 words), meta (generation << 1 |
// exact), check, value (2 words). A slot whose check does not match what it holds was caught
// half written by another member, and reads as absent.
const SLOT_WORDS = 8;
const BUCKET_SLOTS = 4;
/**
 * The table of a search at the default budget: 2 Mi slots, 64 MiB, kept for the page's lifetime.
 * The hardest fresh level-8 searches put about 3 million sets in it and lose few; a table twice
 * as large made them slower (measured on 2 cores: more memory traffic for the same sets).
 */
export const TABLE_BYTES = (1 << 21) * SLOT_WORDS * 4;
/** A search "to the end" (five times the budget) gets a table of its own, 256 MiB, dropped after. */
const LARGE_TABLE_BYTES = (1 << 23) * SLOT_WORDS * 4;

// Reinterprets a float64 as its two 32-bit words or its 64-bit integer, and back.
const scratch = new ArrayBuffer(8);
const scratchWords = new Uint32Array(scratch);
const scratchFloat = new Float64Array(scratch);
const scratchInt = new BigInt64Array(scratch);

function floatOfBits(bits) {
  scratchInt[0] = bits;
  return scratchFloat[0];
}

function bitsOfFloat(value) {
  scratchFloat[0] = value;
  return scratchInt[0];
}

let table = null;
let generation = 0;

/** True when this page can run a search on several of `engine`'s workers sharing memory. */
export function teamPossible(engine) {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function'
    && engine.size >= 2;
}

/** The number of workers a team search takes. */
export function teamSize(engine) {
  return Math.min(engine.size, MAX_MEMBERS);
}

/**
 * The shared buffers of one search by up to `teamSize` workers (`large`: a search to the end,
 * with a table of its own). `member(i)` is what member i is sent as `team` in its request.
 */
export function newTeam({ large = false } = {}) {
  const header = new SharedArrayBuffer(HEADER_BYTES);
  new Float64Array(header)[BEST] = -Infinity;
  if (!large) table ??= new SharedArrayBuffer(TABLE_BYTES);
  const memo = large ? new SharedArrayBuffer(LARGE_TABLE_BYTES) : table;
  generation += 1;
  const current = generation;
  return { member: (member) => ({ header, table: memo, generation: current, member }) };
}

/**
 * Worker side: installs the hooks of the team described by `team` ({header, table, generation,
 * member}) as the global the wasm imports call, and counts this worker as searching. Returns
 * the hooks; `release()` them when the request ends, whatever happened.
 */
export function joinTeam(team) {
  const hooks = new TeamHooks(team);
  globalThis.gridwiseSearchTeam = hooks;
  return hooks;
}

class TeamHooks {
  constructor({ header, table: shared, generation: current, member }) {
    this.ints = new Int32Array(header);
    this.longs = new BigInt64Array(header);
    this.floats = new Float64Array(header);
    this.words = new Uint32Array(shared);
    this.buckets = shared.byteLength / (SLOT_WORDS * 4 * BUCKET_SLOTS);
    this.generation = current;
    this.member = member;
    this.found = 0;
    this.searching = true;
    Atomics.add(this.ints, ACTIVE, 1);
  }

  bucket(low) {
    return (low & (this.buckets - 1)) * BUCKET_SLOTS * SLOT_WORDS;
  }

  memoGet(a, b, c, d) {
    const w = this.words;
    for (let slot = 0, at = this.bucket(a); slot < BUCKET_SLOTS; slot++, at += SLOT_WORDS) {
      if (w[at] !== a || w[at + 1] !== b || w[at + 2] !== c || w[at + 3] !== d) continue;
      const meta = w[at + 4];
      const low = w[at + 6];
      const high = w[at + 7];
      if (meta >>> 1 !== this.generation || ((a ^ b ^ c ^ d ^ meta ^ low ^ high) >>> 0) !== w[at + 5]) continue;
      scratchWords[0] = low;
      scratchWords[1] = high;
      this.found = scratchFloat[0];
      return meta & 1 ? 1 : 2;
    }
    return 0;
  }

  memoValue() {
    return this.found;
  }

  memoPut(a, b, c, d, value, exact) {
    const w = this.words;
    const first = this.bucket(a);
    let target = -1;
    for (let slot = 0, at = first; slot < BUCKET_SLOTS; slot++, at += SLOT_WORDS) {
      const current = w[at + 4] >>> 1 === this.generation;
      if (current && w[at] === a && w[at + 1] === b && w[at + 2] === c && w[at + 3] === d) {
        // The same set: keep an exact value, or the tighter bound, another member recorded.
        const held = w[at + 4] & 1;
        if (held && !exact) return;
        scratchWords[0] = w[at + 6];
        scratchWords[1] = w[at + 7];
        if (!held && !exact && scratchFloat[0] <= value) return;
        target = at;
        break;
      }
      if (target < 0 && !current) target = at;
    }
    if (target < 0) target = first + (d & (BUCKET_SLOTS - 1)) * SLOT_WORDS;
    scratchFloat[0] = value;
    const low = scratchWords[0];
    const high = scratchWords[1];
    const meta = (this.generation << 1 | (exact ? 1 : 0)) >>> 0;
    w[target] = a;
    w[target + 1] = b;
    w[target + 2] = c;
    w[target + 3] = d;
    w[target + 4] = meta;
    w[target + 6] = low;
    w[target + 7] = high;
    w[target + 5] = (a ^ b ^ c ^ d ^ meta ^ low ^ high) >>> 0;
  }

  take() {
    return Atomics.add(this.ints, NEXT, 1);
  }

  floor() {
    return floatOfBits(Atomics.load(this.longs, BEST));
  }

  raise(value) {
    const wanted = bitsOfFloat(value);
    let seen = Atomics.load(this.longs, BEST);
    while (floatOfBits(seen) < value) {
      const before = Atomics.compareExchange(this.longs, BEST, seen, wanted);
      if (before === seen) return;
      seen = before;
    }
  }

  claimForced() {
    return Atomics.add(this.ints, FORCED, 1) === 0;
  }

  finish(cell, win, exact, nodes, rank) {
    const at = ANSWERS + this.member * ANSWER_FIELDS;
    const f = this.floats;
    f[at + 1] = cell;
    f[at + 2] = win;
    f[at + 3] = exact ? 1 : 0;
    f[at + 4] = nodes;
    f[at + 5] = rank;
    f[at] = 1;
    this.leave();
  }

  /** Leaves the team if still in it, and lets go of its buffers (a large table is 256 MiB). */
  release() {
    this.leave();
    if (globalThis.gridwiseSearchTeam === this) globalThis.gridwiseSearchTeam = undefined;
  }

  /** Counts this worker out of the search (once), waking a leader that waits for it. */
  leave() {
    if (!this.searching) return;
    this.searching = false;
    Atomics.sub(this.ints, ACTIVE, 1);
    Atomics.notify(this.ints, ACTIVE);
  }

  /** Leader: waits until no member searches, then every finished member's answer. */
  answers() {
    for (;;) {
      const searching = Atomics.load(this.ints, ACTIVE);
      if (searching <= 0) break;
      Atomics.wait(this.ints, ACTIVE, searching, 1000);
    }
    const out = [];
    for (let member = 0; member < MAX_MEMBERS; member++) {
      const at = ANSWERS + member * ANSWER_FIELDS;
      if (this.floats[at] === 1) out.push(...this.floats.subarray(at + 1, at + ANSWER_FIELDS));
    }
    return new Float64Array(out);
  }
}
