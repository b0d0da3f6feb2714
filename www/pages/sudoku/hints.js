// Hints on the page: which candidates the player is working with, which of them a hint starts
// from, and the "where to look" sentence of a hint's first stage.
import { ALL, candidates, cellName, unitName } from './model.js';

/** The candidates the player sees as open: auto-candidates minus removals, or the player's
 *  pencil marks, or (for a cell without marks) every digit its peers allow. */
export function workingCandidates(game) {
  const values = game.values();
  const cand = candidates(values);
  return cand.map((m, i) => {
    if (values[i]) return 0;
    if (game.auto) return m & ~game.elim[i];
    return game.marks[i] ? m & game.marks[i] : m & ALL;
  });
}

/** The candidate state a hint starts from, as 81 masks (bit d-1 = digit d), when the player's
 *  marks are real eliminations: with auto-candidates, what the digits allow minus the removed
 *  candidates; with hand-made pencil marks, what the digits allow minus the candidates applied
 *  logic steps removed (hand marks may be incomplete notes, so they are not sent). Null when
 *  there is nothing beyond the digits. Computed from the givens and the player's digits only,
 *  the same grid the hint reads (digits shown by Solve do not count). */
export function hintCandidates(game) {
  const values = game.playerGrid();
  const removed = game.auto ? game.elim : game.stepElim;
  if (!removed.some((m, i) => m && !values[i])) return null;
  return candidates(values).map((m, i) => (values[i] ? 0 : m & ~removed[i]));
}

const list = (items) => (items.length <= 1 ? items.join('')
  : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** Stage one of a hint: the technique and where to look, without giving the answer away. */
export function lookSentence(step) {
  const units = (step.units || []).map(unitName);
  const where = units.length ? list(units) : list((step.cells || []).slice(0, 6).map(cellName));
  // "an" before a vowel sound: an X-Wing, an ALS-XZ, an Empty Rectangle; but a Unique Rectangle.
  const article = /^([aeio]|x[-yz])/i.test(step.technique || '') ? 'An' : 'A';
  return `${article} ${step.technique || 'step'} is available. Look at ${where || 'the highlighted cells'}.`;
}

/** What a step removes, when it removes anything (placements are in the step's sentence). */
export function effectSummary(step) {
  const elims = step.eliminations || [];
  if (!elims.length) return '';
  const shown = elims.slice(0, 4).map(({ cell, digit }) => `${digit} from ${cellName(cell)}`).join(', ');
  return `removes ${shown}${elims.length > 4 ? ` and ${elims.length - 4} more` : ''}`;
}
