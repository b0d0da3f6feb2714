// The game in progress: givens, the player's digits, digits shown by Solve, pencil marks,
// auto-candidates, the candidates applied logic steps removed, undo/redo history and the clock. Every change goes through `change()`, which
// records one undo step and notifies the page, so the board, the DOM mirror and localStorage
// stay in step.
import { ALL, PEERS, bit, candidates, conflicts } from './model.js';

const HISTORY_LIMIT = 400;
const zeros = () => new Array(81).fill(0);

export class Game {
  constructor() {
    this.onChange = () => {};
    this.reset('edit', zeros());
  }

  /** Starts a fresh board: `mode` 'edit' (typing sets givens) or 'play' (givens are locked). */
  reset(mode, givens, { solution = null, unique = null, meta = {} } = {}) {
    this.mode = mode;
    this.givens = givens.slice();
    this.entries = zeros();
    this.solved = zeros();
    this.marks = zeros();
    this.elim = zeros();
    this.stepElim = zeros();
    this.auto = false;
    this.solution = solution;
    this.unique = unique;
    this.meta = { ...meta };
    this.history = [];
    this.future = [];
    this.elapsed = 0;
    this.runningSince = null;
    this.completedAt = null;
  }

  // ---- reading -------------------------------------------------------------------------------

  /** The digit shown in each cell (given, player's or solver's), 0 for empty. */
  values() {
    return this.givens.map((g, i) => g || this.entries[i] || this.solved[i]);
  }

  /** The givens plus the player's digits (what the hint engine reads), 0 for empty. */
  playerGrid() {
    return this.givens.map((g, i) => g || this.entries[i]);
  }

  kind(cell) {
    if (this.givens[cell]) return 'given';
    if (this.entries[cell]) return 'user';
    if (this.solved[cell]) return 'solved';
    return 'empty';
  }

  /** The pencil marks to show: auto-candidates minus the ones the player removed, or the
   *  player's own marks. */
  shownMarks(values = this.values()) {
    if (!this.auto) return this.marks.map((m, i) => (values[i] ? 0 : m));
    const cand = candidates(values);
    return cand.map((m, i) => m & ~this.elim[i]);
  }

  /** Player's digits that differ from the known solution. */
  mistakes() {
    const out = new Set();
    if (!this.solution) return out;
    for (let i = 0; i < 81; i++) {
      if (this.entries[i] && this.entries[i] !== +this.solution[i]) out.add(i);
    }
    return out;
  }

  isComplete() {
    const values = this.values();
    return this.mode === 'play' && values.every((v) => v) && conflicts(values).size === 0;
  }

  isEmpty() {
    return this.givens.every((v) => !v);
  }

  // ---- the clock -----------------------------------------------------------------------------

  time() {
    return this.elapsed + (this.runningSince === null ? 0 : Date.now() - this.runningSince);
  }

  resume() {
    if (this.runningSince === null && this.mode === 'play' && !this.completedAt) this.runningSince = Date.now();
  }

  pause() {
    if (this.runningSince !== null) {
      this.elapsed += Date.now() - this.runningSince;
      this.runningSince = null;
    }
  }

  // ---- undoable changes ----------------------------------------------------------------------

  snapshot() {
    return {
      g: this.givens.join(''), e: this.entries.join(''), s: this.solved.join(''),
      m: this.marks.slice(), x: this.elim.slice(), k: this.stepElim.slice(), a: this.auto,
    };
  }

  restore(s) {
    const digits = (str) => [...str].map(Number);
    this.givens = digits(s.g);
    this.entries = digits(s.e);
    this.solved = digits(s.s);
    this.marks = s.m.slice();
    this.elim = s.x.slice();
    // Saves from before this field have no step eliminations.
    this.stepElim = Array.isArray(s.k) && s.k.length === 81 ? s.k.map((m) => m & ALL) : zeros();
    this.auto = !!s.a;
  }

  /** Runs `fn` as one undoable step; nothing is recorded when it changed nothing. */
  change(fn, reason = 'edit') {
    const before = this.snapshot();
    fn();
    const after = this.snapshot();
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    this.history.push(before);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    this.future = [];
    this.afterChange(reason);
    return true;
  }

  afterChange(reason) {
    if (this.isComplete()) {
      if (!this.completedAt) { this.pause(); this.completedAt = Date.now(); }
    } else if (this.completedAt) {
      this.completedAt = null;
      this.resume();
    }
    this.onChange(reason);
  }

  undo() {
    if (!this.history.length) return false;
    this.future.push(this.snapshot());
    this.restore(this.history.pop());
    this.afterChange('undo');
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.history.push(this.snapshot());
    this.restore(this.future.pop());
    this.afterChange('redo');
    return true;
  }

  /** Puts digit d in the cells (givens while editing, the player's digits while playing).
   *  When every cell already holds d, it is cleared instead. Marks of d leave the peers. */
  place(cells, d) {
    const list = [].concat(cells);
    return this.change(() => {
      if (this.mode === 'edit') {
        const clearing = list.every((c) => this.givens[c] === d);
        for (const c of list) this.givens[c] = clearing ? 0 : d;
        this.solved.fill(0);
        return;
      }
      const open = list.filter((c) => !this.givens[c]);
      const clearing = open.length > 0 && open.every((c) => this.entries[c] === d);
      for (const c of open) {
        this.entries[c] = clearing ? 0 : d;
        this.solved[c] = 0;
        if (!clearing) for (const p of PEERS[c]) this.marks[p] &= ~bit(d);
      }
    });
  }

  /** Toggles pencil mark d in the empty cells (while playing): removed from all when all have
   *  it, otherwise added to all. */
  toggleMark(cells, d) {
    if (this.mode !== 'play') return false;
    const list = [].concat(cells);
    return this.change(() => {
      const values = this.values();
      const open = list.filter((c) => !values[c]);
      if (this.auto) {
        const cand = candidates(values);
        const able = open.filter((c) => cand[c] & bit(d));
        const removing = able.every((c) => !(this.elim[c] & bit(d)));
        for (const c of able) this.elim[c] = removing ? this.elim[c] | bit(d) : this.elim[c] & ~bit(d);
      } else {
        const removing = open.every((c) => this.marks[c] & bit(d));
        for (const c of open) {
          this.marks[c] = removing ? this.marks[c] & ~bit(d) : this.marks[c] | bit(d);
          if (!removing) this.stepElim[c] &= ~bit(d); // the player wants it back
        }
      }
    });
  }

  /** Clears the cells' digits; cells without a digit lose their pencil marks. */
  erase(cells) {
    const list = [].concat(cells);
    return this.change(() => {
      for (const c of list) {
        if (this.mode === 'edit') { this.givens[c] = 0; this.solved.fill(0); continue; }
        if (this.givens[c]) continue;
        if (this.entries[c] || this.solved[c]) { this.entries[c] = 0; this.solved[c] = 0; continue; }
        if (this.auto) this.elim[c] = ALL;
        else { this.marks[c] = 0; this.stepElim[c] = 0; }
      }
    });
  }

  /** Shows the solver's digits in every empty cell. */
  fillSolution(solution) {
    return this.change(() => {
      const values = this.values();
      for (let i = 0; i < 81; i++) if (!values[i]) this.solved[i] = +solution[i];
    }, 'solve');
  }

  /** Turns auto-candidates on (computed marks) or off (the shown marks become the player's). */
  setAuto(on) {
    return this.change(() => {
      if (on === this.auto) return;
      if (on) {
        // The computed marks start from the real eliminations of the steps applied so far; the
        // player's own missing marks are not eliminations.
        this.elim = this.stepElim.slice();
        this.auto = true;
      } else {
        this.marks = this.shownMarks();
        this.stepElim = this.elim.slice(); // removals made with auto-candidates stay real
        this.auto = false;
      }
    }, 'auto');
  }

  /** Performs a logic step: its placements and eliminations, as one undo step. Without
   *  auto-candidates, a cell losing a candidate first gets `working` marks if it had none, and
   *  the removal is remembered in `stepElim` (a real elimination the next hint starts from). */
  applyStep(step, working = null) {
    return this.change(() => {
      if (!this.auto && working) {
        for (const { cell } of step.eliminations || []) if (!this.marks[cell]) this.marks[cell] = working[cell];
      }
      for (const { cell, digit } of step.placements || []) {
        if (this.givens[cell]) continue;
        this.entries[cell] = digit;
        this.solved[cell] = 0;
        for (const p of PEERS[cell]) this.marks[p] &= ~bit(digit);
      }
      for (const { cell, digit } of step.eliminations || []) {
        if (this.auto) this.elim[cell] |= bit(digit);
        else { this.marks[cell] &= ~bit(digit); this.stepElim[cell] |= bit(digit); }
      }
    }, 'step');
  }

  /** Moves to a position of the logical path (what the earlier steps placed and removed), as
   *  one undo step: the player's digits are replaced by the path's and auto-candidates show what
   *  is left, so the next hint is the step that follows. */
  goToPosition({ placed = [], eliminated = [] }) {
    return this.change(() => {
      this.entries = zeros();
      this.solved = zeros();
      for (const { cell, digit } of placed) if (!this.givens[cell]) this.entries[cell] = digit;
      this.auto = true;
      this.elim = zeros();
      for (const { cell, digit } of eliminated) if (!this.entries[cell]) this.elim[cell] |= bit(digit);
    }, 'position');
  }

  /** Locks the current digits as givens and starts playing them (a fresh undo history: undoing
   *  must never change the givens of a game being played). */
  startPlaying({ solution = null, unique = null, meta = {} } = {}) {
    this.reset('play', this.givens.slice(), { solution, unique, meta });
  }

  // ---- saving --------------------------------------------------------------------------------

  toJSON() {
    return {
      v: 1, mode: this.mode, ...this.snapshot(), solution: this.solution, unique: this.unique,
      meta: this.meta, elapsed: this.time(), completedAt: this.completedAt,
      history: this.history, future: this.future,
    };
  }

  /** Restores a saved game; returns false (leaving the game as it was) when the data is not one. */
  load(data) {
    try {
      if (!data || data.v !== 1 || !/^[0-9]{81}$/.test(data.g) || !/^[0-9]{81}$/.test(data.e)
        || !/^[0-9]{81}$/.test(data.s) || data.m.length !== 81 || data.x.length !== 81) return false;
      const valid = (s) => s && /^[0-9]{81}$/.test(s.g) && /^[0-9]{81}$/.test(s.e) && /^[0-9]{81}$/.test(s.s)
        && Array.isArray(s.m) && s.m.length === 81 && Array.isArray(s.x) && s.x.length === 81;
      this.reset(data.mode === 'play' ? 'play' : 'edit', new Array(81).fill(0));
      this.restore(data);
      this.solution = typeof data.solution === 'string' && /^[1-9]{81}$/.test(data.solution) ? data.solution : null;
      this.unique = data.unique ?? null;
      this.meta = data.meta && typeof data.meta === 'object' ? data.meta : {};
      this.elapsed = Math.max(0, Number(data.elapsed) || 0);
      this.completedAt = data.completedAt || null;
      this.history = (Array.isArray(data.history) ? data.history : []).filter(valid);
      this.future = (Array.isArray(data.future) ? data.future : []).filter(valid);
      return true;
    } catch (_) {
      return false;
    }
  }
}
