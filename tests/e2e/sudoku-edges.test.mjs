// Sudoku page, the edges a player runs into: the page's own share link pasted back, a bad import
// that can be taken back, a board the solver filled (no hint to give, no digit to type over), a
// full grid offered as a puzzle, blanks typed while entering a puzzle, and a custom rating range
// that is not one.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';

const browser = useBrowser();

const WELCOME = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const OTHER = '..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..';

let app;
let page;

beforeEach(async () => {
  app = await browser.open(null, '#/sudoku');
  page = app.page;
  await page.waitForSelector('.sudoku-board-wrap[data-grid]');
});

afterEach(async () => {
  await app.close();
});

const wrap = (name) => page.getAttribute('.sudoku-board-wrap', `data-${name}`);
const waitText = (role, re) => page.waitForFunction(([r, s]) => new RegExp(s).test(document.querySelector(`[data-role=${r}]`).textContent), [role, re.source]);
const text = (role) => page.textContent(`[data-role=${role}]`);

async function clickCell(i) {
  const box = await page.locator('.sudoku-board').boundingBox();
  const cs = box.width / 9;
  await page.mouse.click(box.x + (i % 9 + 0.5) * cs, box.y + (Math.floor(i / 9) + 0.5) * cs);
  await page.waitForFunction((i) => document.querySelector('.sudoku-board-wrap').dataset.selected === String(i), i);
}

async function importPuzzle(puzzle) {
  await page.fill('[data-role=import]', puzzle);
  await page.click('[data-action=import]');
}

test('the share link the page copies loads back from the import box', async () => {
  await importPuzzle(OTHER);
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, OTHER);
  await importPuzzle(WELCOME);
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, WELCOME);
  await page.fill('[data-role=import]', `  ${app.url}/#/sudoku?p=${OTHER}  `);
  await page.click('[data-action=import]');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, OTHER);
  assert.match(await text('io-message'), /Puzzle loaded/);
});

test('a bad puzzle loaded for editing can be taken back to the game in progress', async () => {
  await clickCell(2);
  await page.keyboard.press('4');
  const played = await wrap('grid');
  await importPuzzle(`11${'.'.repeat(79)}`);
  await waitText('io-message', /loaded for editing/);
  assert.equal(await wrap('mode'), 'edit');
  await page.click('[data-role=io-message] button');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.grid === g, played);
  assert.equal(await wrap('mode'), 'play');
  assert.deepEqual(app.errors, []);
});

test('once the solver fills the board, hints and typing point to Undo instead', async () => {
  await page.click('[data-action=solve]');
  await page.waitForFunction((s) => document.querySelector('.sudoku-board-wrap').dataset.grid === s, SOLUTION);
  await page.click('[data-action=hint]');
  await waitText('hint-message', /solver has filled the board: Undo/);
  assert.ok(await page.isHidden('[data-role=hint-box]'));
  // A digit typed over the solver's is refused, with the way on.
  await clickCell(3);
  await page.keyboard.press('1');
  await waitText('board-message', /Undo hides its digits/);
  assert.equal(await wrap('grid'), SOLUTION);
  await page.keyboard.press('Backspace');
  assert.equal(await wrap('grid'), SOLUTION);
  await page.click('[data-action=undo]');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.grid === g, WELCOME);
  assert.deepEqual(app.errors, []);
});

test('a complete grid is not taken for a puzzle; the game in progress stays', async () => {
  await importPuzzle(SOLUTION);
  await waitText('io-message', /already complete/);
  assert.equal(await wrap('givens'), WELCOME);
  // Dashes for empty cells, as some sites write puzzles.
  await importPuzzle(OTHER.replaceAll('.', '-'));
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, OTHER);
});

test('entering a puzzle: 0, . and Space leave a cell empty and move on', async () => {
  await page.click('[data-action=blank]');
  await page.waitForSelector('.sudoku-board-wrap[data-mode=edit]');
  await page.locator('.sudoku-board').focus();
  // The first row of OTHER, "..9748...", typed with each kind of blank.
  for (const key of ['.', 'Space', '9', '7', '4', '8', '0', '.', 'Space']) await page.keyboard.press(key);
  const scrolled = await page.evaluate(() => scrollY);
  assert.equal((await wrap('grid')).slice(0, 10), '..9748....');
  assert.equal(await wrap('selected'), '9');
  assert.equal(await page.evaluate(() => scrollY), scrolled, 'Space on the board does not scroll the page');
});

test('a custom rating range that is not one says what is wrong, and clears on another level', async () => {
  await page.click('[data-level=custom]');
  const generate = async (min, max) => {
    await page.fill('[data-role=min]', min);
    await page.fill('[data-role=max]', max);
    await page.click('[data-action=generate]');
  };
  await generate('0', '0.5');
  await waitText('game-message', /SE ratings run from 1\.0 to 12\.0/);
  await generate('5', '4');
  await waitText('game-message', /runs backwards \(5\.0 to 4\.0\)/);
  await generate('', '4');
  await waitText('game-message', /Give both ends/);
  // Between the scale's steps: refused at once, with the nearest ratings.
  await generate('2.1', '2.2');
  await waitText('game-message', /ratings come in steps.*2\.0 \(Direct Hidden Pair\) and 2\.3 \(Naked Single\)/);
  await page.click('[data-level=easy]');
  await waitText('game-message', /^$/);
});
