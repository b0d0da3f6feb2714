// Pure Sudoku helpers for the page: geometry (units, peers), candidates, conflicts and the
// 81-character text form. Validation of user text is the core's job (via the worker); these
// helpers only turn text the core has accepted into cells, and look at boards being played.

/** Cells 0–80 of each row, column and box (row-major cell numbers). */
export const ROWS = Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, c) => r * 9 + c));
export const COLUMNS = Array.from({ length: 9 }, (_, c) => Array.from({ length: 9 }, (_, r) => r * 9 + c));
export const BOXES = Array.from({ length: 9 }, (_, b) => Array.from({ length: 9 }, (_, k) =>
  (Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3)));

export const rowOf = (cell) => Math.floor(cell / 9);
export const colOf = (cell) => cell % 9;
export const boxOf = (cell) => Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3);

/** The 20 peers of every cell (same row, column or box, not the cell itself). */
export const PEERS = Array.from({ length: 81 }, (_, cell) => {
  const set = new Set([...ROWS[rowOf(cell)], ...COLUMNS[colOf(cell)], ...BOXES[boxOf(cell)]]);
  set.delete(cell);
  return [...set];
});

/** The cells of a unit named like the logic engine names them: {kind: row|column|box, index 0–8}. */
export function unitCells({ kind, index }) {
  const table = kind === 'row' ? ROWS : kind === 'column' ? COLUMNS : BOXES;
  return table[index] || [];
}

/** Players' notation, 1-based: r3c7. */
export const cellName = (cell) => `r${rowOf(cell) + 1}c${colOf(cell) + 1}`;

/** A unit for people: "row 3", "column 7", "box 5". */
export const unitName = ({ kind, index }) => `${kind} ${index + 1}`;

/** Bit for digit d (1–9) in a candidate mask. */
export const bit = (d) => 1 << (d - 1);
export const ALL = 0x1ff;

/** The digits (ascending) of a candidate mask. */
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; d <= 9; d++) if (mask & bit(d)) out.push(d);
  return out;
}

/** Turns puzzle text into 81 cell values, skipping whitespace and |-+ decoration; null when the
 *  text is not 81 cells of 1–9 / . / 0 (the core explains why, this only reads accepted text). */
export function cellsFromText(text) {
  // As the engine reads it: `-` are grid lines, unless they are what the text lacks of 81 cells.
  return readCells(text, false) ?? readCells(text, true);
}

function readCells(text, dashIsEmpty) {
  const cells = [];
  for (const ch of String(text)) {
    // Invisible characters (a byte order mark, zero-width spaces) are read past as the engine
    // reads them: the user cannot see them to take them out.
    if (/\s|[|+\uFEFF\u200B-\u200D\u2060\u00AD]/.test(ch) || (ch === '-' && !dashIsEmpty)) continue;
    if (ch === '.' || ch === '0' || ch === '-') cells.push(0);
    else if (ch >= '1' && ch <= '9') cells.push(ch.charCodeAt(0) - 48);
    else return null;
  }
  return cells.length === 81 ? cells : null;
}

/**
 * The puzzle of a line as the CLI and many puzzle collections write it, 81 cells and then a note
 * (`4.....8.5… 7.1`, a rating): the cells, when the whole text is not a puzzle by itself.
 */
export function puzzleBeforeNote(text) {
  const line = String(text).trim();
  if (/[\r\n]/.test(line) || cellsFromText(line)) return null;
  const first = line.split(/\s+/, 1)[0];
  return first !== line && cellsFromText(first) ? first : null;
}

/** 81 characters, '.' for empty. */
export const textFromCells = (cells) => cells.map((v) => (v ? String(v) : '.')).join('');

/** For every cell, the mask of digits no peer already holds (0 for filled cells). */
export function candidates(values) {
  return values.map((v, cell) => {
    if (v) return 0;
    let mask = ALL;
    for (const p of PEERS[cell]) if (values[p]) mask &= ~bit(values[p]);
    return mask;
  });
}

/** Cells whose digit repeats in one of their units. */
export function conflicts(values) {
  const bad = new Set();
  for (let cell = 0; cell < 81; cell++) {
    const v = values[cell];
    if (!v) continue;
    for (const p of PEERS[cell]) if (values[p] === v) { bad.add(cell); bad.add(p); }
  }
  return bad;
}

/** A visible reason a grid (without repeated digits) cannot be completed: an empty cell with no
 *  possible digit, or a unit with no place left for a digit. Null when none is visible. */
export function deadEnd(values) {
  const cand = candidates(values);
  for (let cell = 0; cell < 81; cell++) {
    if (!values[cell] && cand[cell] === 0) {
      return { cells: [cell], message: `${cellName(cell)} has no possible digit: its row, column and box already hold 1–9.` };
    }
  }
  const kinds = [['row', ROWS], ['column', COLUMNS], ['box', BOXES]];
  for (const [kind, table] of kinds) {
    for (let index = 0; index < 9; index++) {
      const cells = table[index];
      for (let d = 1; d <= 9; d++) {
        if (cells.some((c) => values[c] === d)) continue;
        if (!cells.some((c) => cand[c] & bit(d))) {
          return { cells, message: `${kind} ${index + 1} has no place left for a ${d}.` };
        }
      }
    }
  }
  return null;
}

/** How many of each digit 1–9 are on the board (index 0 unused). */
export function digitCounts(values) {
  const counts = new Array(10).fill(0);
  for (const v of values) if (v) counts[v]++;
  return counts;
}

/** Formats milliseconds as m:ss or h:mm:ss. */
export function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
