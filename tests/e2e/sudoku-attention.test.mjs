// Sudoku page, the player's attention: messages belong to the puzzle they were about, the
// keyboard keeps working after every panel button, and on a phone the board and its digit pad
// are on screen together.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot, inViewport, assertAccessible, PHONE } from './helpers.mjs';

const browser = useBrowser();

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

async function openSudoku(t, path = '#/sudoku', options = {}) {
  const app = await browser.open(t, path, options);
  await app.page.waitForSelector('.sudoku-board-wrap[data-grid]');
  return app;
}

const selected = (page) => page.getAttribute('.sudoku-board-wrap', 'data-selected');
const text = (page, role) => page.textContent(`[data-role=${role}]`);

async function clickCell(page, i) {
  const box = await page.locator('.sudoku-board').boundingBox();
  const cs = box.width / 9;
  await page.mouse.click(box.x + (i % 9 + 0.5) * cs, box.y + (Math.floor(i / 9) + 0.5) * cs);
}

test('after New game no message about the previous puzzle is left on the page', async (t) => {
  const { page } = await openSudoku(t);
  // A conflict message in the board slot and the help and solver panels filled in.
  await page.fill('[data-role=import]', `5....5...${'.'.repeat(72)}`);
  await page.click('[data-action=import]');
  await page.waitForFunction(() => /two 5s/i.test(document.querySelector('[data-role=io-message]').textContent));
  await page.click('[data-action=solve]');
  await page.waitForFunction(() => document.querySelector('[data-role=solver-message]').textContent.trim() !== '');
  await page.fill('[data-role=import]', EASY);
  await page.click('[data-action=import]');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, EASY);
  await page.click('[data-action=rate]');
  await page.waitForFunction(() => /\d\.\d/.test(document.querySelector('[data-role=help-message]').textContent));
  // Sudoku Explainer's three numbers and the step that set the rating.
  assert.match(await text(page, 'help-message'), /^Rating 1\.2 \(easy\) · EP 1\.2 · ED 1\.2\. Hardest step: Hidden single, step \d+ of \d+\.$/);

  await page.click('[data-level=easy]');
  await page.click('[data-action=generate]');
  await page.waitForFunction((g) => {
    const wrap = document.querySelector('.sudoku-board-wrap');
    return wrap.dataset.givens !== g && wrap.dataset.mode === 'play';
  }, EASY);
  for (const role of ['help-message', 'solver-message', 'io-message']) {
    assert.equal((await text(page, role)).trim(), '', `${role} is cleared for the new puzzle`);
  }
  assert.doesNotMatch(await page.textContent('main'), /two 5s/i);
});

test('after Hint, Rate, Count and Solve the arrow keys still move on the board', async (t) => {
  const { page } = await openSudoku(t);
  await clickCell(page, 40);
  assert.equal(await selected(page), '40');
  const steps = [
    ['hint', 'hint-text'],
    ['rate', 'help-message'],
    ['count', 'solver-message'],
    ['solve', 'solver-message'],
  ];
  let expected = 40;
  for (const [action, role] of steps) {
    const before = await text(page, role);
    await page.click(`[data-action=${action}]`);
    await page.waitForFunction(([r, b]) => {
      const now = document.querySelector(`[data-role=${r}]`).textContent;
      return now.trim() !== '' && now !== b;
    }, [role, before]);
    await page.keyboard.press('ArrowRight');
    expected += 1;
    assert.equal(await selected(page), String(expected), `ArrowRight moves after ${action}`);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('sudoku-board')), true,
      `focus is on the board after ${action}`);
  }
  // Ctrl+Z undoes the solve.
  const solved = await page.getAttribute('.sudoku-board-wrap', 'data-grid');
  assert.doesNotMatch(solved, /0|\./);
  await page.keyboard.press('Control+z');
  assert.notEqual(await page.getAttribute('.sudoku-board-wrap', 'data-grid'), solved);
  // After all that the page is still whole: every message and task box reads as text.
  await assertAccessible(page, 'sudoku after hint, rate, count and solve');
});

test('on a phone the board and the digit pad are on screen together', async (t) => {
  const { page } = await openSudoku(t, '#/sudoku', PHONE);
  const board = page.locator('.sudoku-board');
  assert.ok(await inViewport(board), 'board on screen');
  for (const digit of ['1', '5', '9']) {
    assert.ok(await inViewport(page.locator(`[data-digit="${digit}"]`)), `digit ${digit} on screen with the board`);
  }
  assert.ok(await inViewport(page.locator('[data-action=undo]')), 'undo on screen with the board');
  // On a phone the hint and its task box move under the board; a hint shows there.
  await page.tap('[data-action=hint-quick]');
  await page.waitForSelector('[data-role=hint-box]:not([hidden])');
  await assertAccessible(page, 'sudoku phone with a hint');
  await screenshot(page, 'sudoku-phone-light');
});

test('on a phone a puzzle loaded from the import box is shown, with what was said about it', async (t) => {
  const { page } = await openSudoku(t, '#/sudoku', PHONE);
  await page.fill('[data-role=import]', EASY);
  await page.tap('[data-action=import]');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, EASY);
  await page.waitForFunction(() => /Puzzle loaded/.test(document.querySelector('[data-role=board-message]')?.textContent ?? ''));
  assert.match(await text(page, 'io-message'), /^Puzzle loaded\./);
  // Scrolling is smooth where the page asks for it: wait for the board to settle on screen.
  await page.waitForFunction(() => {
    const box = document.querySelector('.sudoku-board').getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
  assert.ok(await inViewport(page.locator('.sudoku-board')), 'board on screen after the import');
  assert.ok(await inViewport(page.locator('[data-role=board-message]')), 'its message on screen too');
  // The level and timer above the board show too, not under the sticky header.
  await page.waitForFunction(() => document.querySelector('.sudoku-status').getBoundingClientRect().top
    >= document.querySelector('.app-header').getBoundingClientRect().bottom);
  await screenshot(page, 'sudoku-phone-imported');
});
