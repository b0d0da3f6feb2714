// Hints on the page: which candidates the player is working with, which of them a hint starts
// from, and what each stage of the hint ladder says and shows. The ladder gives away a little
// more each time: where to look, the technique, the cells, then the whole step.
import { boxOf, candidates, cellName, colOf, rowOf, unitCells, unitName } from './model.js';

/** The ladder's stages, in order. */
export const STAGES = ['look', 'name', 'cells', 'show'];

/** The stage after `stage` (the last one stays). */
export const nextStage = (stage) => STAGES[Math.min(STAGES.length - 1, STAGES.indexOf(stage) + 1)];

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

/** The candidates a step works from: the hint's starting state, or (when nothing was removed
 *  yet) every digit the givens and the player's digits allow. Applying a step fills cells
 *  without marks from it. */
export const stepCandidates = (game) => hintCandidates(game) || candidates(game.playerGrid());

const list = (items) => (items.length <= 1 ? items.join('')
  : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** The name a player uses for the step's technique (the core gives it; SE's name otherwise). */
export const playerName = (step) => step.name || step.technique || 'step';

/** A technique's name inside a sentence: "a hidden single", but "an X-Wing", "a BUG+1". */
function inSentence(name) {
  const first = name.split(' ')[0];
  // Capitals inside the word (X-Wing, BUG+1) or a person's name (Nishio) stay.
  return /[A-Z].*[A-Z]/.test(first) || first === 'Nishio' ? name : name[0].toLowerCase() + name.slice(1);
}

const articleFor = (name) => (/^([aeio]|x)/i.test(name) ? 'an' : 'a');

/** The question that opens a technique's explanation: "What is a pointing pair?". */
export function aboutTitle(step) {
  const name = inSentence(playerName(step).replace(/ \(.*\)$/, '').replace(/, then a single$/, ''));
  return `What is ${articleFor(name)} ${name}?`;
}

/** The cells of a step: its pattern, then the cells it places in or removes from. */
function stepCells(step) {
  const cells = new Set(step.cells || []);
  for (const { cell } of [...(step.placements || []), ...(step.eliminations || [])]) cells.add(cell);
  return [...cells];
}

/** The one row, column or box that holds all of `cells` (a box first), or null. */
function unitHolding(cells) {
  const same = (of) => cells.every((cell) => of(cell) === of(cells[0]));
  if (same(boxOf)) return { kind: 'box', index: boxOf(cells[0]) };
  if (same(rowOf)) return { kind: 'row', index: rowOf(cells[0]) };
  if (same(colOf)) return { kind: 'column', index: colOf(cells[0]) };
  return null;
}

/** The most boxes a first hint names: more than that is most of the board, and says nothing. */
const MOST_BOXES = 3;

/**
 * Where a step happens, as units, and whether they hold the step's pattern or only its result:
 * its own units; else the boxes its cells lie in, when a few hold them all (wings, short
 * chains); else, for a pattern spread over the board (long chains, forcing chains), the unit
 * where it places or removes, so that the region still narrows the search.
 */
function hintPlace(step) {
  if ((step.units || []).length) return { units: step.units, resultOnly: false };
  const boxesOf = (cells) => [...new Set(cells.map(boxOf))].sort((a, b) => a - b)
    .map((index) => ({ kind: 'box', index }));
  const boxes = boxesOf(stepCells(step));
  if (boxes.length <= MOST_BOXES) return { units: boxes, resultOnly: false };
  const placed = (step.placements || []).map((p) => p.cell);
  const targets = [...new Set(placed.length ? placed : (step.eliminations || []).map((e) => e.cell))];
  if (!targets.length) return { units: boxes, resultOnly: false };
  const holding = unitHolding(targets);
  if (holding) return { units: [holding], resultOnly: true };
  const targetBoxes = boxesOf(targets);
  if (targetBoxes.length <= MOST_BOXES) return { units: targetBoxes, resultOnly: true };
  // Removals all over the board: the box with the most of them.
  const count = (b) => targets.filter((cell) => boxOf(cell) === b.index).length;
  return { units: [targetBoxes.reduce((best, b) => (count(b) > count(best) ? b : best))], resultOnly: true };
}

/** The cells stages one to three tint: the region to look at. */
export function hintRegion(step) {
  return [...new Set(hintPlace(step).units.flatMap(unitCells))];
}

/** "box 1 and row 5"; for a step seen only by its result, what happens there. */
function whereText(step) {
  const { units, resultOnly } = hintPlace(step);
  const where = list(units.map(unitName)) || 'the highlighted cells';
  if (!resultOnly) return where;
  return (step.placements || []).length
    ? `${where}: a digit can be placed there`
    : `${where}: ${(step.eliminations || []).length === 1 ? 'a candidate' : 'candidates'} can be removed there`;
}

const capital = (text) => text[0].toUpperCase() + text.slice(1);

/** A technique's name inside a sentence, with its article: "a pointing pair", "an X-Wing". */
export function nameWithArticle(techniqueName) {
  const name = inSentence(techniqueName);
  // "an" before a vowel sound: an X-Wing, an almost locked set; but a unique rectangle.
  return `${articleFor(name)} ${name}`;
}

const withArticle = (step) => nameWithArticle(playerName(step));

/** What stage `stage` of a hint says: a little more each time, the answer only at 'show'. */
export function stageSentence(step, stage) {
  switch (stage) {
    case 'look': return `Look at ${whereText(step)}. The next hint names the technique.`;
    case 'name': return `${capital(withArticle(step))} is available. Look at ${whereText(step)}.`;
    case 'cells': {
      const cells = (step.cells || []).length ? step.cells : stepCells(step);
      if (cells.length === 1) return `${capital(withArticle(step))}: the cell that matters is ${cellName(cells[0])}.`;
      return `${capital(withArticle(step))}: the cells that matter are ${list(cells.slice(0, 8).map(cellName))}${cells.length > 8 ? ` and ${cells.length - 8} more` : ''}.`;
    }
    default: return `${step.text}${effectSummary(step) ? ` (${effectSummary(step)}.)` : ''}`;
  }
}

/**
 * The candidates a step's picture needs that the player has not written, per cell (81 masks):
 * in cells the step touches, what the digits allow but the player's marks do not show. Drawn in
 * a style of their own; never written into the player's marks unless the step is applied.
 */
export function missingCandidates(step, shown, working) {
  const missing = new Array(81).fill(0);
  const touched = new Set(stepCells(step));
  for (const { cell } of step.candidates || []) touched.add(cell);
  for (const cell of touched) if (!(step.placements || []).some((p) => p.cell === cell)) missing[cell] = working[cell] & ~shown[cell];
  return missing;
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

/**
 * A chain's links in the order a reader follows them: each link's layer is how far its end
 * lies from the chain's assumption (1 for the links out of the assumption; a conclusion
 * reached from several candidates comes after the last of them). Returns {layers, count}:
 * layers[i] for links[i], and the deepest layer. The core lists a chain's links from the
 * conclusion back, and nested chains join many paths, so the list order alone reads badly.
 */
export function chainLayers(links) {
  const key = ({ cell, digit }) => `${cell}:${digit}`;
  const depth = new Map();
  for (const { from } of links) depth.set(key(from), 0);
  // Longest path from a node nothing leads to. A candidate that is both assumed true and
  // found false is one node here, which can close a loop: depths stop growing at the number
  // of links, so the passes end.
  for (let pass = 0, changed = true; changed && pass <= links.length; pass += 1) {
    changed = false;
    for (const { from, to } of links) {
      const d = Math.min(links.length, (depth.get(key(from)) ?? 0) + 1);
      if (d > (depth.get(key(to)) ?? 0)) {
        depth.set(key(to), d);
        changed = true;
      }
    }
  }
  const layers = links.map(({ to }) => depth.get(key(to)));
  return { layers, count: Math.max(0, ...layers) };
}
