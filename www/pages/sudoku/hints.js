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

/** The name a player uses for the step's technique (the core gives it; SE's name otherwise). */
export const playerName = (step) => step.name || step.technique || 'step';

/** A technique's name inside a sentence: "a hidden single", but "an X-Wing", "a BUG+1". */
function inSentence(name) {
  const first = name.split(' ')[0];
  return /[A-Z].*[A-Z]/.test(first) ? name : name[0].toLowerCase() + name.slice(1);
}

const articleFor = (name) => (/^([aeio]|x)/i.test(name) ? 'an' : 'a');

/** The question that opens a technique's explanation: "What is a pointing pair?". */
export function aboutTitle(step) {
  const name = inSentence(playerName(step).replace(/ \(.*\)$/, '').replace(/, then a single$/, ''));
  return `What is ${articleFor(name)} ${name}?`;
}

/** Stage one of a hint: the technique and where to look, without giving the answer away. */
export function lookSentence(step) {
  const units = (step.units || []).map(unitName);
  const where = units.length ? list(units) : list((step.cells || []).slice(0, 6).map(cellName));
  const name = inSentence(playerName(step));
  // "an" before a vowel sound: an X-Wing, an almost locked set; but a unique rectangle.
  const article = articleFor(name) === 'an' ? 'An' : 'A';
  return `${article} ${name} is available. Look at ${where || 'the highlighted cells'}.`;
}

/**
 * What a step removes, grouped the way a player reads it: by cell when several digits leave one
 * cell ("2, 5 and 7 from r1c6"), by digit when one digit leaves several cells ("4 from r2c1,
 * r2c3 and r2c7") — whichever makes fewer groups.
 */
export function effectSummary(step) {
  const elims = step.eliminations || [];
  if (!elims.length) return '';
  const group = (keyOf, valueOf) => {
    const groups = new Map();
    for (const e of elims) {
      const key = keyOf(e);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(valueOf(e));
    }
    return groups;
  };
  const byCell = group((e) => e.cell, (e) => e.digit);
  const byDigit = group((e) => e.digit, (e) => e.cell);
  const parts = byDigit.size <= byCell.size
    ? [...byDigit].map(([digit, cells]) => `${digit} from ${list(cells.map(cellName))}`)
    : [...byCell].map(([cell, digits]) => `${list(digits.sort((a, b) => a - b).map(String))} from ${cellName(cell)}`);
  const shown = parts.slice(0, 4);
  return `removes ${shown.join('; ')}${parts.length > 4 ? `; and ${parts.length - 4} more` : ''}`;
}
