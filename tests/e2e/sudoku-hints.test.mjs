// Sudoku page, hints from the player's own candidates: after an elimination-only step the next
// hint moves on (without fetching the whole path), and a right candidate struck out by hand in
// auto-candidates mode is reported as a mistake on that cell.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot } from './helpers.mjs';

const browser = useBrowser();

// A position whose first step removes candidates only (Pointing), and whose next one from the
// reduced candidates is a Naked Pair.
const POSITION = '.3..6257.56174892327.5..86.952.7.64871....235.432..719.8..29.57.95.17382.278...96';
const SOLUTION = '834962571561748923279531864952173648718496235643285719186329457495617382327854196';

let app;
let page;

// Every test starts on a fresh page with empty storage.
beforeEach(async () => {
  app = await browser.open(null, `#/sudoku?p=${POSITION}`);
  page = app.page;
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap')?.dataset.givens === g, POSITION);
  // Record what the page asks the worker, as a network log would.
  await page.evaluate(() => import('/engine.js').then(({ engine }) => {
    const run = engine.run.bind(engine);
    window.requests = [];
    engine.run = (op, args, opts) => { window.requests.push({ op, args }); return run(op, args, opts); };
  }));
});

afterEach(async () => {
  await app.close();
});

const cell = (i, name) => page.getAttribute(`[data-role=cells] [data-cell="${i}"]`, `data-${name}`);
const requests = () => page.evaluate(() => window.requests);

async function clickCell(i) {
  const box = await page.locator('.sudoku-board').boundingBox();
  const cs = box.width / 9;
  await page.mouse.click(box.x + (i % 9 + 0.5) * cs, box.y + (Math.floor(i / 9) + 0.5) * cs);
}

/** Asks for a hint, waits for its first stage (where to look) and takes the second, which names
 *  the technique; returns the technique line. */
async function askHint() {
  await page.click('[data-action=hint]');
  await page.waitForSelector('[data-role=hint-box]:not([hidden])');
  assert.equal(await page.textContent('[data-role=hint-tech]'), 'Where to look');
  await page.click('[data-action=hint-next]');
  return page.textContent('[data-role=hint-tech]');
}

test('after an elimination-only step, the next hint is the next step', async () => {
  const first = await askHint();
  // Players' names for the technique, with what it means one click away.
  assert.match(first, /^Pointing (pair|triple) · 2\.6/);
  assert.match(await page.textContent('[data-role=hint-text]'), /^A pointing (pair|triple) is available\. Look at box \d and (row|column) \d\.$/);
  await page.click('[data-role=hint-about] summary');
  assert.match(await page.textContent('[data-role=hint-about-title]'), /^What is a pointing (pair|triple)\?$/);
  assert.match(await page.textContent('[data-role=hint-about-text]'), /Inside a box/);
  await page.click('[data-action=hint-show]');
  const firstText = await page.textContent('[data-role=hint-text]');
  assert.match(firstText, /removes/);
  const grid = await page.getAttribute('.sudoku-board-wrap', 'data-grid');
  await page.click('[data-action=hint-apply]');
  assert.equal(await page.getAttribute('.sudoku-board-wrap', 'data-grid'), grid, 'no digit was placed');

  const second = await askHint();
  assert.match(second, /^Naked pair/);
  await page.click('[data-action=hint-show]');
  assert.notEqual(await page.textContent('[data-role=hint-text]'), firstText);
  await screenshot(page, 'sudoku-hint-after-elimination');

  const log = await requests();
  const hints = log.filter((r) => r.op === 'sudoku.hint');
  assert.equal(hints.length, 2);
  assert.equal(hints[0].args.candidates, undefined, 'nothing but digits to send at first');
  assert.equal(hints[1].args.candidates.length, 81, 'the step\'s eliminations go with the second request');
  assert.deepEqual(log.filter((r) => r.op === 'sudoku.steps'), [], 'the whole path is not fetched');

  // Undo takes the step back, and with it the eliminations the hint starts from.
  await page.click('[data-action=hint-close]');
  await page.click('[data-action=undo]');
  assert.match(await askHint(), /^Pointing/);
  await page.click('[data-action=hint-close]');
  assert.deepEqual(app.errors, []);
});

test('a right candidate struck out in auto-candidates mode is a mistake on that cell', async () => {
  await page.check('[data-role=auto]');
  await clickCell(0);
  assert.match(await cell(0, 'marks'), new RegExp(SOLUTION[0]));
  await page.keyboard.press(`Shift+Digit${SOLUTION[0]}`);
  assert.doesNotMatch(await cell(0, 'marks'), new RegExp(SOLUTION[0]));
  await page.click('[data-action=hint]');
  await page.waitForFunction(() => /rule out/.test(document.querySelector('[data-role=hint-message]').textContent));
  assert.equal(await page.textContent('[data-role=hint-message]'),
    'r1c1: your candidates rule out the digit that belongs here.');
  assert.match(await cell(0, 'state'), /flagged/);
  assert.ok(await page.isHidden('[data-role=hint-box]'));
  await screenshot(page, 'sudoku-hint-marks-mistake');

  // Put the candidate back: the hint teaches a step again.
  await clickCell(0);
  await page.keyboard.press(`Shift+Digit${SOLUTION[0]}`);
  assert.match(await askHint(), /^Pointing/);
  const last = (await requests()).filter((r) => r.op === 'sudoku.hint').at(-1);
  assert.equal(last.args.candidates, undefined, 'no removals left: digits only');
  assert.deepEqual(app.errors, []);
});
