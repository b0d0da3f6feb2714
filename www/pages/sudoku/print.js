// The printed page: one puzzle or four to an A4 sheet, clean grids drawn as SVG (sharp at any
// printer resolution) with each puzzle's level and rating. The sheet is built beside the app,
// shown only by the print stylesheet, and removed once the print dialog closes.

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 10; // SVG units per cell; the stylesheet sets the printed size

/**
 * Prints `puzzles`: an array of `{ cells, level, rating }` (cells: 81 numbers, 0 for empty).
 * Returns the sheet element (already in the document) so a test can read it.
 */
export function printPuzzles(puzzles, { print = () => window.print() } = {}) {
  document.querySelector('.print-sheet')?.remove();
  const sheet = document.createElement('div');
  sheet.className = `print-sheet print-${puzzles.length === 1 ? 'one' : 'four'}`;
  sheet.setAttribute('aria-hidden', 'true');
  for (const [i, p] of puzzles.entries()) sheet.append(puzzleFigure(p, puzzles.length > 1 ? i + 1 : 0));
  const footer = document.createElement('p');
  footer.className = 'print-footer';
  // Only rated puzzles are known to have one solution (a puzzle with several is never rated).
  const unique = puzzles.every((p) => typeof p.rating === 'number');
  footer.textContent = unique ? `Gridwise Sudoku · ${puzzles.length === 1 ? 'the puzzle has' : 'every puzzle has'} exactly one solution` : 'Gridwise Sudoku';
  sheet.append(footer);
  // The answer key on a page of its own: each solution small, its givens in bold.
  if (puzzles.every((p) => p.solution)) {
    const answers = document.createElement('section');
    answers.className = 'print-answers';
    const title = document.createElement('h2');
    title.textContent = puzzles.length === 1 ? 'Answer' : 'Answers';
    answers.append(title);
    for (const [i, p] of puzzles.entries()) {
      const figure = document.createElement('figure');
      figure.className = 'print-answer';
      const caption = document.createElement('figcaption');
      caption.textContent = puzzles.length > 1 ? String(i + 1) : 'Solution';
      figure.append(gridSvg(p.solution, p.cells), caption);
      answers.append(figure);
    }
    sheet.append(answers);
  }
  document.body.append(sheet);
  const cleanUp = () => sheet.remove();
  window.addEventListener('afterprint', cleanUp, { once: true });
  print();
  return sheet;
}

/** One puzzle with its caption: "2 · Hard · SE 3.4". */
function puzzleFigure({ cells, level, rating }, number) {
  const figure = document.createElement('figure');
  figure.className = 'print-puzzle';
  const caption = document.createElement('figcaption');
  const rated = typeof rating === 'number' ? `SE ${rating.toFixed(1)}` : '';
  const levelName = level ? level[0].toUpperCase() + level.slice(1) : '';
  caption.textContent = [number || '', levelName, rated].filter(Boolean).join(' · ') || 'Sudoku';
  figure.append(gridSvg(cells), caption);
  return figure;
}

/**
 * The 9×9 grid with its digits: thin cell lines, thick box lines and border. With `givens` (a
 * solution's puzzle), the givens are bold and the digits found are lighter.
 */
export function gridSvg(cells, givens = null) {
  const size = 9 * CELL;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `-0.5 -0.5 ${size + 1} ${size + 1}`);
  svg.setAttribute('class', 'print-grid');
  const line = (x1, y1, x2, y2, width) => {
    const l = document.createElementNS(SVG, 'line');
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) l.setAttribute(k, v);
    l.setAttribute('stroke', '#000');
    l.setAttribute('stroke-width', width);
    l.setAttribute('stroke-linecap', 'square');
    svg.append(l);
  };
  for (let i = 0; i <= 9; i++) {
    if (i % 3 === 0) continue;
    line(i * CELL, 0, i * CELL, size, 0.25);
    line(0, i * CELL, size, i * CELL, 0.25);
  }
  for (let i = 0; i <= 9; i += 3) {
    line(i * CELL, 0, i * CELL, size, i % 9 === 0 ? 1 : 0.7);
    line(0, i * CELL, size, i * CELL, i % 9 === 0 ? 1 : 0.7);
  }
  for (let cell = 0; cell < 81; cell++) {
    if (!cells[cell]) continue;
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', (cell % 9) * CELL + CELL / 2);
    t.setAttribute('y', Math.floor(cell / 9) * CELL + CELL / 2);
    t.setAttribute('text-anchor', 'middle');
    t.setAttribute('dominant-baseline', 'central');
    t.setAttribute('font-size', CELL * 0.62);
    t.setAttribute('data-cell', cell);
    if (givens) {
      t.setAttribute('font-weight', givens[cell] ? '700' : '400');
      if (!givens[cell]) t.setAttribute('fill', '#555');
    }
    t.textContent = String(cells[cell]);
    svg.append(t);
  }
  return svg;
}
