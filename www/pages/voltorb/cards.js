// Drawing the board's DOM: cards face down with odds, face up with their value, memo marks,
// and the clue tiles as the game shows them.
import { SIZE } from './round.js';
import { LINE_NAMES, cardName } from './template.js';

/** A probability for a card: whole percent, one decimal under 10 %, and the ends spelled out. */
export function percent(p) {
  if (p <= 0) return '0%';
  if (p >= 0.9995) return '100%';
  if (p < 0.0005) return '<0.1%';
  return `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;
}

function node(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function reset(card) {
  card.className = 'vf-card';
  card.textContent = '';
  card.removeAttribute('style');
}

function faceUp(card, value) {
  card.classList.add('vf-up', `vf-v${value}`);
  card.append(node('span', 'vf-face', value === 0 ? '' : String(value)));
}

/** A value's chance, or "impossible" (a dash on the card) when no board has it there. */
const chance = (p) => (p <= 0 ? 'impossible' : percent(p));

/** The big number: the chance that the card is a Voltorb, marked with a small Voltorb. */
function voltorbOdds(p0) {
  const text = percent(p0);
  // "100%" and the mark are wider than a card: it goes without (the dash mark says there is
  // nothing to win).
  const line = node('span', text === '100%' ? 'vf-p0 vf-p0-wide' : 'vf-p0');
  const icon = node('span', 'vf-voltorb-icon vf-p0-icon');
  icon.setAttribute('aria-hidden', 'true');
  line.append(icon, text);
  return line;
}

/** The small line: the chances of a 2 and of a 3, apart (a dash when impossible). */
function multiplierOdds(p) {
  const line = node('span', 'vf-pm');
  for (const v of [2, 3]) {
    const part = node('span', `vf-pm-${v}${p[v] <= 0 ? ' vf-none' : ''}`);
    part.append(node('b', '', `${v}:`), p[v] <= 0 ? '–' : percent(p[v]));
    line.append(part);
  }
  return line;
}

/** A card's odds as a screen reader says them. */
const oddsWords = (p) => `Voltorb ${percent(p[0])}, 2 ${chance(p[2])}, 3 ${chance(p[3])}`;

const cellSet = (pairs) => new Set((pairs || []).map(([r, c]) => r * SIZE + c));

/**
 * The assistant's board: `revealed` (Map cell → value), the analysis (odds, safe, useless,
 * best) when there is one, and the card the last error was about.
 */
export function drawAssistCards(cards, { revealed, analysis, faulty = -1 }) {
  const safe = cellSet(analysis?.safe);
  const useless = cellSet(analysis?.useless);
  const best = analysis?.best ? analysis.best.row * SIZE + analysis.best.col : -1;
  cards.forEach((card, cell) => {
    reset(card);
    card.classList.toggle('vf-faulty', cell === faulty);
    const value = revealed.get(cell);
    if (value !== undefined) {
      faceUp(card, value);
      card.setAttribute('aria-label', `${cardName(cell)}: ${value === 0 ? 'Voltorb' : value}`);
      return;
    }
    if (!analysis) {
      card.setAttribute('aria-label', `${cardName(cell)}: face down`);
      return;
    }
    const p = analysis.p[Math.floor(cell / SIZE)][cell % SIZE];
    card.style.setProperty('--risk', p[0].toFixed(3));
    card.classList.add('vf-odds');
    card.classList.toggle('vf-safe', safe.has(cell));
    card.classList.toggle('vf-useless', useless.has(cell));
    card.classList.toggle('vf-best', cell === best);
    card.classList.toggle('vf-sure-voltorb', p[0] >= 0.9995);
    card.append(voltorbOdds(p[0]), multiplierOdds(p));
    const notes = [safe.has(cell) && 'safe', useless.has(cell) && 'only 0 or 1', cell === best && 'best move'].filter(Boolean);
    card.setAttribute('aria-label', `${cardName(cell)}: ${oddsWords(p)}${notes.map((n) => `, ${n}`).join('')}`);
  });
}

/** The game's board: the round's cards, memo marks, and the hint odds when hints are on. */
export function drawPlayCards(cards, round, analysis) {
  const best = analysis?.best ? analysis.best.row * SIZE + analysis.best.col : -1;
  cards.forEach((card, cell) => {
    reset(card);
    if (!round) {
      card.setAttribute('aria-label', cardName(cell));
      return;
    }
    if (round.flipped.includes(cell)) {
      const value = round.cells[cell];
      const played = round.played.includes(cell);
      faceUp(card, value);
      card.classList.toggle('vf-after', !!round.over && !played);
      card.classList.toggle('vf-hit', round.over === 'lost' && value === 0 && played);
      card.setAttribute('aria-label', `${cardName(cell)}: ${value === 0 ? 'Voltorb' : value}`);
      return;
    }
    for (const flag of round.memo[cell]) card.append(node('span', `vf-memo vf-memo-${flag}`, flag === 0 ? '' : String(flag)));
    const p = analysis?.p[Math.floor(cell / SIZE)][cell % SIZE];
    if (p) {
      card.classList.add('vf-hint');
      card.style.setProperty('--risk', p[0].toFixed(3));
      // The same odds as the assistant's: a Voltorb, and a 2 and a 3 apart.
      card.append(voltorbOdds(p[0]), multiplierOdds(p));
      card.classList.toggle('vf-best', cell === best);
    }
    const memo = round.memo[cell].map((f) => (f === 0 ? 'Voltorb' : f)).join(' ');
    card.setAttribute('aria-label', `${cardName(cell)}: face down${memo ? `, memo ${memo}` : ''}${p ? `, ${oddsWords(p)}` : ''}${cell === best ? ', best move' : ''}`);
  });
}

/** The clue tiles of a dealt round, drawn like the game's (sum over a Voltorb count). */
export function drawClueViews(views, round) {
  views.forEach((view, line) => {
    view.textContent = '';
    view.removeAttribute('aria-label');
    if (!round) return;
    const [sum, voltorbs] = line < SIZE ? round.rows[line] : round.cols[line - SIZE];
    const count = node('span', 'vf-clue-v');
    const icon = node('span', 'vf-voltorb-icon');
    icon.setAttribute('aria-hidden', 'true');
    count.append(icon, String(voltorbs));
    view.append(node('span', 'vf-clue-sum', String(sum).padStart(2, '0')), count);
    view.setAttribute('role', 'img');
    view.setAttribute('aria-label', `${LINE_NAMES[line]}: sum ${sum}, ${voltorbs} Voltorb${voltorbs === 1 ? '' : 's'}`);
  });
}
