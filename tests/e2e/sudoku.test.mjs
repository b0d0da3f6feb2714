// Sudoku page, solver part: enter a puzzle by keyboard and by paste, solve it, see errors with
// highlighted cells, count solutions and cancel a long count.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot, inViewport } from './helpers.mjs';

const browser = useBrowser();

const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const OTHER = '..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..';
const HARD = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

let app;
let page;

// Every test starts on a fresh page with empty storage.
beforeEach(async () => {
  app = await browser.open(null, '#/sudoku');
  page = app.page;
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  await page.waitForSelector('.sudoku-board-wrap[data-grid]');
});

afterEach(async () => {
  await app.close();
});

const grid = () => page.getAttribute('.sudoku-board-wrap', 'data-grid');
const givens = () => page.getAttribute('.sudoku-board-wrap', 'data-givens');
const cellAttr = (cell, name) => page.getAttribute(`[data-role=cells] [data-cell="${cell}"]`, `data-${name}`);
const message = (role) => page.textContent(`[data-role=${role}]`);
// Waits until cell `cell`'s state includes `word` (rather than reading it once, so that a render
// landing a moment after the message cannot fail the test; a state that never comes still does).
const waitState = (cell, word) => page.waitForFunction(([c, w]) => (document.querySelector(`[data-role=cells] [data-cell="${c}"]`)
  ?.dataset.state || '').split(' ').includes(w), [cell, word]);

async function clickCell(cell) {
  const box = await page.locator('.sudoku-board').boundingBox();
  const cs = box.width / 9;
  await page.mouse.click(box.x + (cell % 9 + 0.5) * cs, box.y + (Math.floor(cell / 9) + 0.5) * cs);
}

async function waitGrid(expected) {
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.grid === g, expected);
}

async function importPuzzle(text) {
  await page.fill('[data-role=import]', text);
  await page.click('[data-action=import]');
}

test('a puzzle typed cell by cell solves, with the solver digits in their own colour', async () => {
  await page.click('[data-action=blank]');
  await page.waitForSelector('.sudoku-board-wrap[data-mode=edit]');
  assert.equal(await grid(), '.'.repeat(81));

  const selected = () => page.getAttribute('.sudoku-board-wrap', 'data-selected');
  const entryLine = () => page.textContent('[data-role=entry-status]');
  // The entry bar with its Start button is on screen with the board.
  assert.ok(await inViewport(page.locator('[data-action=start]')), 'Start playing is in view');

  // A given typed moves on to the next cell; Backspace erases where the cursor is.
  await clickCell(0);
  await page.keyboard.press('7');
  assert.equal(await selected(), '1');
  await page.waitForFunction(() => /1 given: more than one solution so far/.test(document.querySelector('[data-role=entry-status]').textContent));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  assert.equal(await grid(), '.'.repeat(81));
  // Left and right run on across rows (r1c1 back to r9c9 and on again); up and down wrap.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await selected(), '80');
  await page.keyboard.press('ArrowRight');
  assert.equal(await selected(), '0');
  await page.keyboard.press('ArrowUp');
  assert.equal(await selected(), '72');
  await page.keyboard.press('ArrowRight');
  assert.equal(await selected(), '73');

  // Two 5s in a row: the live line says so at once.
  await clickCell(0);
  await page.keyboard.press('5');
  await page.keyboard.press('5');
  await page.waitForFunction(() => /two 5s/i.test(document.querySelector('[data-role=entry-status]').textContent));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');

  // The whole puzzle with keys only: a digit moves on, an empty cell is passed with ArrowRight.
  await clickCell(0);
  for (const ch of PUZZLE) await page.keyboard.press(ch === '.' ? 'ArrowRight' : ch);
  await page.waitForFunction(() => /30 givens: unique solution ✓/.test(document.querySelector('[data-role=entry-status]').textContent));
  // Not a minimal puzzle: the line names the givens any one of which could go.
  assert.match(await entryLine(), /unique solution ✓ · not minimal: any one of r1c1, r1c2, r1c5, r2c1, r2c4, r2c5 and 16 more could go/);
  assert.equal(await grid(), PUZZLE);
  assert.equal(await cellAttr(0, 'kind'), 'given');

  await page.click('[data-action=solve]');
  await waitGrid(SOLUTION);
  assert.match(await message('solver-message'), /Solved/);
  assert.equal(await cellAttr(2, 'kind'), 'solved');
  assert.equal(await cellAttr(0, 'kind'), 'given');

  // Spot check the canvas: a solver digit is drawn in the success colour, a given is not.
  const colours = await page.evaluate(() => {
    const canvas = document.querySelector('.sudoku-board');
    const ctx = canvas.getContext('2d');
    const cs = canvas.width / 9;
    const success = getComputedStyle(document.documentElement).getPropertyValue('--success').trim();
    const target = [1, 3, 5].map((k) => parseInt(success.slice(k, k + 2), 16));
    const near = (cell) => {
      const x = (cell % 9) * cs;
      const y = Math.floor(cell / 9) * cs;
      const data = ctx.getImageData(x, y, cs, cs).data;
      let hits = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - target[0]) + Math.abs(data[i + 1] - target[1]) + Math.abs(data[i + 2] - target[2]) < 40) hits++;
      }
      return hits;
    };
    return { solved: near(2), given: near(0) };
  });
  assert.ok(colours.solved > 20, `solver digit pixels in the success colour: ${colours.solved}`);
  assert.equal(colours.given, 0);
  await screenshot(page, 'sudoku-solved');

  // Undo hides the solver's digits again; then the typed puzzle can be played.
  await page.click('[data-action=undo]');
  await waitGrid(PUZZLE);
  await page.click('[data-action=start]');
  await page.waitForSelector('.sudoku-board-wrap[data-mode=play]');
  assert.equal(await givens(), PUZZLE);
});

test('Ctrl+V on the board loads a decorated puzzle; a bad one gets the core\u2019s message', async () => {
  const decorated = `${OTHER.slice(0, 27).replace(/(.{9})/g, '$1\n')}------+-----\n${OTHER.slice(27).replace(/\./g, '0')}`;
  await page.evaluate((t) => navigator.clipboard.writeText(t), decorated);
  await clickCell(40);
  await page.keyboard.press('Control+V');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, OTHER);
  assert.equal(await page.getAttribute('.sudoku-board-wrap', 'data-mode'), 'play');
  assert.match(await message('board-message'), /Puzzle loaded/);

  // A bad character, named by the core, shown next to the import box.
  await importPuzzle(`${PUZZLE.slice(0, 10)}x${PUZZLE.slice(11)}`);
  await page.waitForFunction(() => document.querySelector('[data-role=io-message]').textContent.toLowerCase().includes('bad character'));
  assert.match(await message('io-message'), /'x'.*r2c2/);
  assert.equal(await givens(), OTHER, 'the game in progress is kept');

  await importPuzzle(PUZZLE.slice(0, 80));
  await page.waitForFunction(() => /81 cells/.test(document.querySelector('[data-role=io-message]').textContent));
});

test('repeated givens and unsolvable puzzles say why and highlight the cells', async () => {
  // Two 5s in row 1: the core names them, the board marks them.
  await importPuzzle(`5....5...${'.'.repeat(72)}`);
  await page.waitForFunction(() => /two 5s/i.test(document.querySelector('[data-role=io-message]').textContent));
  assert.match(await message('io-message'), /r1c1.*r1c6/);
  await waitState(0, 'flagged');
  await waitState(5, 'conflict');

  // No repeated digit but r1c9 has no possible digit.
  await importPuzzle(`12345678.${'........9'}${'.'.repeat(63)}`);
  await page.waitForFunction(() => /no solution/i.test(document.querySelector('[data-role=io-message]').textContent));
  assert.match(await message('io-message'), /r1c9 has no possible digit/);
  await waitState(8, 'flagged');
  await page.click('[data-action=solve]');
  await page.waitForFunction(() => /No solution/.test(document.querySelector('[data-role=solver-message]').textContent));
  await waitState(8, 'flagged');
  await screenshot(page, 'sudoku-invalid');
});

test('a long count can be cancelled and the next puzzle still solves', async () => {
  await page.click('[data-action=blank]');
  await clickCell(0);
  await page.keyboard.press('1');
  await page.selectOption('[data-role=limit]', '1000000000');
  await page.click('[data-action=count]');
  await page.waitForSelector('[data-task=solver]:not([hidden])');
  // The running total shows while it counts.
  await page.waitForFunction(() => /so far/.test(document.querySelector('[data-task=solver]').textContent));
  await page.click('[data-task=solver] .task-cancel');
  await page.waitForFunction(() => /cancelled/i.test(document.querySelector('[data-role=solver-message]').textContent));
  assert.ok(await page.isHidden('[data-task=solver]'));

  await importPuzzle(HARD);
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, HARD);
  await page.click('[data-action=solve]');
  await page.waitForFunction(() => /Solved/.test(document.querySelector('[data-role=solver-message]').textContent));
  const solved = await grid();
  assert.match(solved, /^[1-9]{81}$/);
  for (let i = 0; i < 81; i++) if (HARD[i] !== '.') assert.equal(solved[i], HARD[i]);

  // Count on a proper puzzle says it is unique.
  await page.click('[data-action=undo]');
  await page.selectOption('[data-role=limit]', '2');
  await page.click('[data-action=count]');
  await page.waitForFunction(() => /Exactly one/.test(document.querySelector('[data-role=solver-message]').textContent));
  assert.deepEqual(app.errors, []);
});

test('a saved game that cannot be read is said, and a new game starts', async () => {
  // Written while on another page: leaving Sudoku saves its game.
  await page.click('.tool-nav a[data-tool=voltorb]');
  await page.waitForSelector('.vf-card');
  await page.evaluate(() => localStorage.setItem('gridwise.sudoku.game', JSON.stringify({ format: 1, saved: 0, data: { v: 1, g: 'xyz' } })));
  await page.click('.tool-nav a[data-tool=sudoku]');
  await page.waitForSelector('.sudoku-board-wrap[data-givens]');
  await page.waitForFunction(() => /saved game could not be read/.test(document.querySelector('[data-role=board-message]').textContent));
  assert.match(await page.getAttribute('.sudoku-board-wrap', 'data-givens'), /^[1-9.]{81}$/);
});
