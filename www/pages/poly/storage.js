// The Tiling page's work kept across navigation and reloads (localStorage, versioned): the
// puzzle chosen, the board drawn, the pieces typed or drawn, the options, and the last
// search's results (counts and the solutions kept for browsing, capped to stay small).
import { LocalDocument } from '../../ui/storage.js';

const doc = new LocalDocument('gridwise.poly', { format: 1, what: 'tiling board' });
/** Solutions saved for browsing after a reload; the rest of a long run is only counted. */
export const SOLUTIONS_SAVED = 200;
/** The largest side of a drawn board (a triangle board needs about twice as many columns). */
export const MAX_SIDE = 24;

export function freshState() {
  return {
    puzzleId: 'meteor',
    draw: { kind: 'square', width: 8, height: 8, cells: new Array(64).fill(true) },
    pieces: null, // null: the chosen puzzle's own pieces
    unused: false,
    distinct: false,
    limit: '',
    results: null,
  };
}

/** A drawn board as saved ({kind, width, height, cells: '.#' text}), checked; null if damaged. */
export function drawnBoard(d) {
  if (!d || typeof d !== 'object') return null;
  const { kind, width, height, cells } = d;
  if (!['square', 'hex', 'tri'].includes(kind)) return null;
  if (![width, height].every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE)) return null;
  if (typeof cells !== 'string' || cells.length !== width * height || /[^.#]/.test(cells)) return null;
  return { kind, width, height, cells: [...cells].map((c) => c === '.') };
}

function savedResults(r) {
  if (!r || typeof r !== 'object' || typeof r.key !== 'string') return null;
  const counts = r.counts || {};
  if (!['total', 'distinct', 'nodes'].every((k) => Number.isFinite(counts[k]))) return null;
  const solutions = Array.isArray(r.solutions) ? r.solutions.filter((s) => Array.isArray(s)) : [];
  // Each solution's number in finding order; older saves had only the first ones, in order.
  const numbers = Array.isArray(r.numbers) && r.numbers.length === solutions.length && r.numbers.every(Number.isInteger)
    ? r.numbers : solutions.map((_, i) => i + 1);
  return {
    key: r.key,
    counts: { total: counts.total, distinct: counts.distinct, nodes: counts.nodes, ms: Number(counts.ms) || 0 },
    solutions,
    numbers,
    shown: Number.isInteger(r.shown) ? Math.max(-1, Math.min(solutions.length - 1, r.shown)) : solutions.length - 1,
    message: typeof r.message === 'string' ? r.message : '',
    level: ['info', 'success'].includes(r.level) ? r.level : 'info',
    // Whether the search counted every tiling (older saves did not say).
    complete: r.complete === true,
  };
}

/** {state, notice}: the saved page, each part checked so a damaged part only loses itself. */
export function loadState() {
  const { data, notice } = doc.load();
  const state = freshState();
  if (!data || typeof data !== 'object') return { state, notice };
  if (typeof data.puzzleId === 'string') state.puzzleId = data.puzzleId;
  state.draw = drawnBoard(data.draw) || state.draw;
  if (typeof data.pieces === 'string') state.pieces = data.pieces.slice(0, 20000);
  state.unused = data.unused === true;
  state.distinct = data.distinct === true;
  if (typeof data.limit === 'string' && /^\d{0,12}$/.test(data.limit)) state.limit = data.limit;
  state.results = savedResults(data.results);
  return { state, notice };
}

/** The saved share of the results: the first solutions, and the one on screen (wherever it is
 * in the run) so that coming back shows the same solution. */
function keptForSaving(results) {
  const { solutions, numbers, shown } = results;
  if (shown < SOLUTIONS_SAVED) {
    return { ...results, solutions: solutions.slice(0, SOLUTIONS_SAVED), numbers: numbers.slice(0, SOLUTIONS_SAVED) };
  }
  return {
    ...results,
    solutions: [...solutions.slice(0, SOLUTIONS_SAVED), solutions[shown]],
    numbers: [...numbers.slice(0, SOLUTIONS_SAVED), numbers[shown]],
    shown: SOLUTIONS_SAVED,
  };
}

/** Saves the page; a full storage drops the saved solutions first, keeping the inputs. */
export function saveState(state) {
  const { draw } = state;
  const data = {
    ...state,
    draw: { ...draw, cells: draw.cells.map((on) => (on ? '.' : '#')).join('') },
    results: state.results && keptForSaving(state.results),
  };
  return doc.save(data, { smaller: () => ({ ...data, results: data.results && { ...data.results, solutions: [], numbers: [] } }) });
}
