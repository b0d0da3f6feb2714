// Sudoku page, the hint ladder: where to look, the technique, the cells, then the whole step;
// candidates the step needs are shown apart from the player's pencil marks (never written into
// them until the step is applied); a single shows the digits that block the other cells; and
// after Rate the player can go to the position just before the step that set the rating.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot } from './helpers.mjs';

const browser = useBrowser();

// Its first step is a pointing pair or triple (elimination only).
const POINTING = '.3..6257.56174892327.5..86.952.7.64871....235.432..719.8..29.57.95.17382.278...96';
// Its first step is a dynamic forcing chain six links deep (18 links in all).
const CHAIN = '.......4...2..4..1.7..5..9...3..7....4..6....69.1..8..32....1..85.9...6.....8...3';
// An easy puzzle: its first step is a hidden single.
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

let app;
let page;

async function open(puzzle) {
  app = await browser.open(null, `#/sudoku?p=${puzzle}`);
  page = app.page;
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap')?.dataset.givens === g, puzzle);
}

afterEach(async () => {
  await app.close();
});

const text = (role) => page.textContent(`[data-role=${role}]`);
const allMarks = () => page.evaluate(() => [...document.querySelectorAll('[data-role=cells] [data-cell]')].map((c) => c.dataset.marks).join('|'));
const hinted = () => page.evaluate(() => [...document.querySelectorAll('[data-role=cells] [data-hint]')].map((c) => [+c.dataset.cell, c.dataset.hint]));

/** The board's pixels, to tell whether a stage drew something new. */
const boardPixels = () => page.locator('.sudoku-board').screenshot();

test('each hint gives away a little more: region, technique, cells, then the step', async () => {
  await open(POINTING);
  await page.click('[data-action=hint]');
  await page.waitForSelector('[data-role=hint-box]:not([hidden])');

  // 1: only where to look; the technique is not named yet.
  assert.equal(await text('hint-tech'), 'Where to look');
  assert.match(await text('hint-stage'), /hint 1 of 4/);
  assert.match(await text('hint-text'), /^Look at box \d and (row|column) \d\./);
  assert.doesNotMatch(await text('hint-text'), /pointing/i);
  assert.ok(await page.isHidden('[data-role=hint-about]'));
  await screenshot(page, 'sudoku-ladder-1-look');
  const look = await boardPixels();

  // 2: the technique's player name, with its explanation one click away.
  await page.click('[data-action=hint-next]');
  assert.match(await text('hint-tech'), /^Pointing (pair|triple) · 2\.6$/);
  assert.match(await text('hint-text'), /^A pointing (pair|triple) is available\. Look at box \d and (row|column) \d\.$/);
  assert.ok(await page.isVisible('[data-role=hint-about]'));

  // 3: the cells of the pattern, outlined on the board.
  await page.click('[data-action=hint-next]');
  assert.match(await text('hint-stage'), /hint 3 of 4/);
  assert.match(await text('hint-text'), /the cells that matter are r\dc\d/);
  assert.notDeepEqual(await boardPixels(), look, 'the cells are outlined');
  assert.ok(await page.isHidden('[data-action=hint-apply]'));

  // 4: the whole step. Its candidates are drawn apart: the player's marks stay empty.
  const marksBefore = await allMarks();
  await page.click('[data-action=hint-next]');
  assert.match(await text('hint-text'), /removes \d from r\dc\d/);
  assert.ok(await page.isHidden('[data-action=hint-next]'));
  assert.match(await text('hint-note'), /candidates you have not written/);
  assert.equal(await allMarks(), marksBefore, 'showing the step writes no pencil marks');
  assert.ok((await hinted()).some(([, what]) => /needs unwritten candidates/.test(what)));
  await screenshot(page, 'sudoku-ladder-4-show');

  // Applying writes what it changed, says so, and outlines it; Undo takes it all back.
  await page.click('[data-action=hint-apply]');
  assert.match(await text('hint-message'), /^Applied the pointing (pair|triple): removes \d from r\dc\d.*Undo takes it back\.$/);
  assert.notEqual(await allMarks(), marksBefore, 'the step is in the pencil marks now');
  await screenshot(page, 'sudoku-ladder-applied');
  await page.click('[data-action=undo]');
  assert.equal(await allMarks(), marksBefore);
  assert.deepEqual(app.errors, []);
});

test('a single shows the digits that rule out the other places', async () => {
  await open(EASY);
  await page.click('[data-action=hint]');
  await page.waitForSelector('[data-role=hint-box]:not([hidden])');
  await page.click('[data-action=hint-show]');
  assert.match(await text('hint-tech'), /^Hidden single/);
  assert.match(await text('hint-note'), /circled digits/);
  const blockers = await hinted();
  assert.ok(blockers.length >= 1, 'at least one blocking digit is pointed out');
  const givens = await page.getAttribute('.sudoku-board-wrap', 'data-givens');
  for (const [cell, what] of blockers) {
    const [, digit] = /^rules out (\d) in r\dc\d/.exec(what) || [];
    assert.equal(givens[cell], digit, `r${Math.floor(cell / 9) + 1}c${cell % 9 + 1} holds the digit it rules out`);
  }
  await screenshot(page, 'sudoku-ladder-blockers');
  assert.deepEqual(app.errors, []);
});

test('Rate can jump to the position just before the step that set the rating', async () => {
  await open(POINTING);
  await page.click('[data-action=rate]');
  await page.waitForFunction(() => /Hardest step/.test(document.querySelector('[data-role=help-message]').textContent));
  const message = await text('help-message');
  const [, hardest, step] = /Hardest step: (.+), step (\d+) of \d+\./.exec(message);
  const before = await page.getAttribute('.sudoku-board-wrap', 'data-grid');
  await page.click('[data-role=help-message] button:has-text("Go to the step before it")');
  await page.waitForSelector('[data-role=hint-box]:not([hidden])');
  assert.match(await text('help-message'), new RegExp(`^Moved to the position before step ${step} `));
  // The earlier steps are on the board: their digits, and candidates shown with their removals.
  assert.ok(await page.isChecked('[data-role=auto]'));
  assert.notEqual(await allMarks(), '|'.repeat(80), 'candidates are shown');
  // The hint at that position is the step that set the rating.
  await page.click('[data-action=hint-next]');
  assert.ok((await text('hint-tech')).startsWith(hardest), `${await text('hint-tech')} is ${hardest}`);
  await screenshot(page, 'sudoku-bottleneck');
  // One undo returns to the player's game.
  await page.click('[data-action=hint-close]');
  await page.click('[data-action=undo]');
  assert.equal(await page.getAttribute('.sudoku-board-wrap', 'data-grid'), before);
  assert.deepEqual(app.errors, []);
});

test('a long chain can be followed on the board a step at a time from its assumption', async () => {
  await open(CHAIN);
  await page.click('[data-action=hint]');
  await page.waitForSelector('[data-role=hint-box]:not([hidden])');
  // The walk is offered only with the whole step drawn.
  assert.ok(await page.isHidden('[data-role=chain-walk]'));
  await page.click('[data-action=hint-show]');
  assert.match(await text('hint-tech'), /^Dynamic forcing chain/);
  assert.ok(await page.isVisible('[data-role=chain-walk]'));
  assert.equal(await text('chain-position'), 'All 6 chain steps');
  assert.ok(await page.isDisabled('[data-action=chain-forward]'));
  const whole = await boardPixels();
  await page.click('[data-action=chain-back]');
  assert.equal(await text('chain-position'), 'Chain step 5 of 6');
  const fewer = await boardPixels();
  assert.notDeepEqual(fewer, whole, 'the last links leave the board');
  while (!(await page.isDisabled('[data-action=chain-back]'))) await page.click('[data-action=chain-back]');
  assert.equal(await text('chain-position'), 'Chain step 1 of 6');
  await page.click('[data-action=chain-forward]');
  assert.equal(await text('chain-position'), 'Chain step 2 of 6');
  await page.click('[data-action=chain-all]');
  assert.equal(await text('chain-position'), 'All 6 chain steps');
  // From the keyboard: focus stays on the walk, and moves on when its button turns off.
  await page.focus('[data-action=chain-back]');
  await page.keyboard.press('Enter');
  assert.equal(await text('chain-position'), 'Chain step 5 of 6');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.action), 'chain-back');
  await page.focus('[data-action=chain-all]');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.closest('[data-role=chain-walk]') !== null), true);
  assert.deepEqual(await boardPixels(), whole, 'All draws the whole chain again');
  await screenshot(page, 'sudoku-chain-walk');
  // Applying still works from a walked chain, and the walk goes with the hint.
  await page.click('[data-action=hint-apply]');
  assert.ok(await page.isHidden('[data-role=hint-box]'));
  assert.deepEqual(app.errors, []);
});
