// Hints on the page: which candidates the player is working with, whether a logic step would
// still change anything, and the "where to look" sentence of a hint's first stage.
import { ALL, bit, candidates, cellName, unitName } from './model.js';

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

/** True when a step places nothing new and every candidate it removes is already gone. */
export function alreadyApplied(step, working, values) {
  if ((step.placements || []).some(({ cell }) => !values[cell])) return false;
  return (step.eliminations || []).every(({ cell, digit }) => !(working[cell] & bit(digit)));
}

/** The first step of a path that would still change the player's board, or null. */
export function firstUseful(steps, working, values) {
  return steps.find((s) => !alreadyApplied(s, working, values)) || null;
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
