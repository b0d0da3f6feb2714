// Sudoku page, Print: the puzzle on the board as a clean A4 page (only the grid, its givens, its
// level and rating), or four new puzzles of the New game level, two by two; the app itself is
// not on the printed page.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot } from './helpers.mjs';

const browser = useBrowser();
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

let app;
let page;

async function open(puzzle) {
  app = await browser.open(null, `#/sudoku?p=${puzzle}`);
  page = app.page;
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap')?.dataset.givens === g, puzzle);
  // The print dialog cannot be driven headless: count the calls instead and keep the sheet,
  // which the page removes once the dialog closes.
  await page.evaluate(() => { window.printCalls = 0; window.print = () => { window.printCalls += 1; }; });
}

afterEach(async () => {
  await app.close();
});

/** The printed sheet as the page built it: each puzzle's 81 characters and caption. */
const sheet = () => page.evaluate(() => [...document.querySelectorAll('.print-sheet .print-puzzle')].map((f) => {
  const cells = Array(81).fill('.');
  for (const t of f.querySelectorAll('text[data-cell]')) cells[+t.dataset.cell] = t.textContent;
  return { puzzle: cells.join(''), caption: f.querySelector('figcaption').textContent };
}));

test('Print puts the puzzle on the board, with its level and rating, alone on the page', async () => {
  await open(EASY);
  await page.selectOption('[data-role=print-layout]', '1');
  await page.click('[data-action=print]');
  await page.waitForFunction(() => window.printCalls === 1);
  const printed = await sheet();
  assert.equal(printed.length, 1);
  assert.equal(printed[0].puzzle, EASY);
  assert.match(printed[0].caption, /^Easy · SE \d+\.\d$/);
  assert.match(await page.textContent('[data-role=print-message]'), /sent to the print dialog/);
  assert.equal(await page.textContent('.print-sheet .print-footer'), 'Gridwise Sudoku · the puzzle has exactly one solution');

  // On paper: the sheet only, no navigation, panels or board canvas.
  await page.emulateMedia({ media: 'print' });
  assert.ok(await page.isVisible('.print-sheet svg'));
  assert.ok(await page.isHidden('.sudoku-board'));
  assert.ok(await page.isHidden('nav'));
  await screenshot(page, 'sudoku-print-one');
});

test('four new puzzles of the chosen level print two by two, each unique and captioned', async () => {
  await open(EASY);
  await page.click('[data-level=hard]');
  await page.selectOption('[data-role=print-layout]', '4');
  await page.click('[data-action=print]');
  await page.waitForFunction(() => window.printCalls === 1, null, { timeout: 60_000 });
  const printed = await sheet();
  assert.equal(printed.length, 4);
  assert.equal(new Set(printed.map((p) => p.puzzle)).size, 4, 'four different puzzles');
  printed.forEach((p, i) => assert.match(p.caption, new RegExp(`^${i + 1} · Hard · SE \\d+\\.\\d$`)));
  // The board keeps the player's game.
  assert.equal(await page.getAttribute('.sudoku-board-wrap', 'data-givens'), EASY);
  // Each printed puzzle has exactly one solution, checked by the engine the page uses.
  for (const { puzzle } of printed) {
    const count = await page.evaluate(async (p) => {
      const { engine } = await import('./engine.js');
      return (await engine.run('sudoku.count', { puzzle: p, limit: 2 })).count;
    }, puzzle);
    assert.equal(count, 1, `${puzzle} is unique`);
  }
  await page.emulateMedia({ media: 'print' });
  await screenshot(page, 'sudoku-print-four');
});

test('the browser\'s own Print gets the same clean page', async () => {
  await open(EASY);
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const printed = await sheet();
  assert.equal(printed.length, 1);
  assert.equal(printed[0].puzzle, EASY);
});

test('a puzzle with more than one solution prints without a rating, and says why', async () => {
  const several = `${EASY.slice(0, 80)}.`.replace('53', '..');
  await open(several);
  await page.selectOption('[data-role=print-layout]', '1');
  await page.click('[data-action=print]');
  await page.waitForFunction(() => window.printCalls === 1);
  const printed = await sheet();
  assert.equal(printed[0].puzzle, several);
  assert.equal(printed[0].caption, 'Sudoku');
  // The sheet makes no promise of one solution.
  assert.equal(await page.textContent('.print-sheet .print-footer'), 'Gridwise Sudoku');
  assert.match(await page.textContent('[data-role=print-message]'), /without a rating: .*more than one solution/);
});

test('after Sudoku, another tool still prints its own page', async () => {
  await open(EASY);
  await page.click('nav a[data-tool=voltorb]');
  await page.waitForSelector('.vf-card');
  // Sudoku's stylesheet stays loaded: its print rules must not blank a page with no sheet.
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.$('.print-sheet'), null);
  assert.ok(await page.isVisible('.vf-card'));
});

test('answers on a second page: each puzzle\'s solution, its givens in bold', async () => {
  await open(EASY);
  await page.check('[data-role=print-answers]');
  await page.selectOption('[data-role=print-layout]', '1');
  await page.click('[data-action=print]');
  await page.waitForFunction(() => window.printCalls === 1);
  assert.match(await page.textContent('[data-role=print-message]'), /with the answers on a second page/);
  const answer = await page.evaluate(() => {
    const texts = [...document.querySelectorAll('.print-answers .print-answer svg text')];
    return {
      digits: texts.map((t) => t.textContent).join(''),
      bold: texts.filter((t) => t.getAttribute('font-weight') === '700').map((t) => Number(t.dataset.cell)),
    };
  });
  const solution = await page.evaluate(async (p) => {
    const { engine } = await import('./engine.js');
    return (await engine.run('sudoku.solve', { puzzle: p })).solution;
  }, EASY);
  assert.equal(answer.digits, solution);
  assert.deepEqual(answer.bold, [...EASY].flatMap((c, i) => (c === '.' ? [] : [i])));
  // The choice is kept for next time.
  await page.reload();
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap')?.dataset.givens === g, EASY);
  assert.equal(await page.isChecked('[data-role=print-answers]'), true);
});
