// Sudoku page, playing: pencil marks, auto-candidates, undo/redo, mistakes, reload and continue,
// share links, hints (two stages, apply, undo), new games, and the edges a player runs into.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot, PHONE } from './helpers.mjs';

const browser = useBrowser();

const WELCOME = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const OTHER = '..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..';
// One of the slowest of hardest-1106 to rate (SE 11.8, seconds even natively): long enough to cancel.
const SLOWEST = '1.......2.3.4...5...6...7...5.9.4.......23......8...9...2...6...9...8.4.7.......1';

let app;
let page;

// Every test starts on a fresh page with empty storage (a first visit: the welcome game).
beforeEach(async () => {
  app = await browser.open(null, '#/sudoku');
  page = app.page;
  await page.waitForSelector('.sudoku-board-wrap[data-grid]');
});

afterEach(async () => {
  await app.close();
});

const board = (name) => page.getAttribute('.sudoku-board-wrap', `data-${name}`);
const cell = (i, name) => page.getAttribute(`[data-role=cells] [data-cell="${i}"]`, `data-${name}`);

/** Clicks cell `i` and waits until the board has selected it: on a loaded machine the page
 * can still be laying out when the test starts, so a click that missed is made again. */
async function clickCell(i) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const box = await page.locator('.sudoku-board').boundingBox();
    const cs = box.width / 9;
    await page.mouse.click(box.x + (i % 9 + 0.5) * cs, box.y + (Math.floor(i / 9) + 0.5) * cs);
    const selected = await page.waitForFunction((i) => document.querySelector('.sudoku-board-wrap').dataset.selected === String(i), i, { timeout: 2000 })
      .then(() => true, () => false);
    if (selected) return;
  }
  throw new Error(`cell ${i} could not be selected`);
}

test('pencil marks, digits, undo and redo', async () => {
  assert.equal(await board('givens'), WELCOME, 'a first visit starts a game');
  assert.equal(await board('mode'), 'play');

  // Shift+digit toggles corner marks; the pencil toggle makes plain digits marks.
  await clickCell(3);
  await page.keyboard.press('Shift+Digit4');
  await clickCell(2);
  await page.keyboard.press('Shift+Digit1');
  await page.keyboard.press('Shift+Digit2');
  await page.click('[data-action=pencil]');
  assert.equal(await page.getAttribute('[data-action=pencil]', 'aria-pressed'), 'true');
  await page.keyboard.press('4');
  await page.keyboard.press('1'); // toggles 1 off again
  assert.equal(await cell(2, 'marks'), '24');
  await page.click('[data-action=pencil]');

  // A digit: the cell shows it, and the same digit leaves its peers' marks.
  await page.keyboard.press('4');
  assert.equal(await cell(2, 'value'), '4');
  assert.equal(await cell(2, 'kind'), 'user');
  assert.equal(await cell(3, 'marks'), '');

  // Givens cannot be overwritten.
  await clickCell(0);
  await page.keyboard.press('9');
  assert.equal(await cell(0, 'value'), '5');

  await page.click('[data-action=undo]');
  assert.equal(await cell(2, 'value'), '');
  assert.equal(await cell(2, 'marks'), '24');
  assert.equal(await cell(3, 'marks'), '4');
  await page.keyboard.press('Control+z');
  assert.equal(await cell(2, 'marks'), '124');
  await page.keyboard.press('Control+y');
  await page.click('[data-action=redo]');
  assert.equal(await cell(2, 'value'), '4');

  // A mouse drag selects several cells; one pencil key marks them all (one undo step).
  const box = await page.locator('.sudoku-board').boundingBox();
  const cs = box.width / 9;
  const at = (i) => [box.x + (i % 9 + 0.5) * cs, box.y + (Math.floor(i / 9) + 0.5) * cs];
  await page.mouse.move(...at(6));
  await page.mouse.down();
  await page.mouse.move(...at(7), { steps: 3 });
  await page.mouse.move(...at(8), { steps: 3 });
  await page.mouse.up();
  await page.keyboard.press('Shift+Digit9');
  assert.deepEqual([await cell(6, 'marks'), await cell(7, 'marks'), await cell(8, 'marks')], ['9', '9', '9']);
  await page.keyboard.press('Control+z');
  assert.deepEqual([await cell(6, 'marks'), await cell(7, 'marks'), await cell(8, 'marks')], ['', '', '']);

  // Pausing covers the board and stops input until the player comes back.
  await page.click('[data-action=pause]');
  assert.equal(await page.getAttribute('[data-action=pause]', 'aria-pressed'), 'true');
  await clickCell(5); // resumes, does not select
  assert.equal(await page.getAttribute('[data-action=pause]', 'aria-pressed'), 'false');

  // The digit pad works like the keyboard.
  await clickCell(5);
  await page.click('[data-digit="8"]');
  assert.equal(await cell(5, 'value'), '8');
  await page.click('[data-action=erase]');
  assert.equal(await cell(5, 'value'), '');
});

test('auto candidates follow the digits; mistakes show when asked; all of it survives a reload', async () => {
  await clickCell(2);
  await page.keyboard.press('4');
  await page.check('[data-role=auto]');
  // r1c4 (cell 3): row has 5 3 4 7, column 1 8 4... candidates 2 and 6.
  assert.equal(await cell(3, 'marks'), '26');
  await clickCell(3);
  await page.keyboard.press('Shift+Digit2'); // removing an auto candidate
  assert.equal(await cell(3, 'marks'), '6');
  await page.keyboard.press('6');
  assert.equal(await cell(5, 'marks'), '28', 'placing 6 removed it from r1c6');
  await page.keyboard.press('Backspace');
  assert.equal(await cell(5, 'marks'), '268', 'erasing it brought it back');

  // r1c6 is 8 in the solution; 2 is a mistake.
  await clickCell(5);
  await page.keyboard.press('2');
  assert.doesNotMatch(await cell(5, 'state'), /mistake/);
  await page.check('[data-role=mistakes]');
  assert.match(await cell(5, 'state'), /mistake/);
  await screenshot(page, 'sudoku-play-marks');
  await page.keyboard.press('Backspace');
  assert.equal(await cell(5, 'value'), '');

  // The game survives a reload, undo history included.
  await page.waitForFunction(() => localStorage.getItem('gridwise.sudoku.game'));
  const before = { grid: await board('grid'), marks: await cell(3, 'marks') };
  await page.reload();
  await page.waitForSelector('.sudoku-board-wrap[data-grid]');
  assert.equal(await board('grid'), before.grid);
  assert.equal(await cell(3, 'marks'), before.marks);
  assert.ok(await page.isChecked('[data-role=auto]'));
  assert.match(await page.textContent('[data-role=timer]'), /^\d+:\d\d$/);
  // Undo still goes back through what was done before the reload.
  await page.click('[data-action=undo]');
  assert.equal(await cell(5, 'value'), '2', 'undo brings back the digit erased before the reload');
  await page.click('[data-action=redo]');
});

test('a share link opens its puzzle and the previous game can come back', async () => {
  // A game in progress (an untouched one is not worth offering back).
  await clickCell(2);
  await page.keyboard.press('4');
  await page.goto(`${app.url}#/sudoku?p=${OTHER}`);
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap')?.dataset.givens === g, OTHER);
  assert.equal(await board('mode'), 'play');
  assert.equal(await page.evaluate(() => location.hash), '#/sudoku');

  // Copy link makes a link for the current puzzle.
  await page.click('[data-action=share]');
  const link = await page.inputValue('[data-role=import]');
  assert.ok(link.endsWith(`#/sudoku?p=${OTHER.replace(/\./g, '.')}`), link);

  await page.click('.message-action');
  assert.equal(await board('givens'), WELCOME);

  // A broken link explains itself and leaves the game alone.
  await page.goto(`${app.url}#/sudoku?p=12345`);
  await page.waitForFunction(() => /81 cells/.test(document.querySelector('[data-role=board-message]')?.textContent));
  assert.equal(await board('givens'), WELCOME);
});

test('filling the last cell finishes the game', async () => {
  const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
  const almost = `${SOLVED.slice(0, 40)}.${SOLVED.slice(41)}`;
  await page.fill('[data-role=import]', almost);
  await page.click('[data-action=import]');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, almost);
  await clickCell(40);
  await page.keyboard.press('5');
  await page.waitForSelector('.sudoku-board-wrap[data-complete=true]');
  assert.match(await page.textContent('[data-role=board-message]'), /Solved in \d+:\d\d/);
  await screenshot(page, 'sudoku-complete');
});

test('hint: where to look, then the step on the board; apply and undo', async () => {
  await page.goto(`${app.url}#/sudoku?p=${OTHER}`);
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap')?.dataset.givens === g, OTHER);
  const before = await board('grid');
  await page.click('[data-action=hint]');
  await page.waitForSelector('[data-role=hint-box]:not([hidden])');
  assert.match(await page.textContent('[data-role=hint-text]'), /Look at/);
  await screenshot(page, 'sudoku-hint-look');
  await page.click('[data-action=hint-show]');
  assert.doesNotMatch(await page.textContent('[data-role=hint-text]'), /Look at/);
  await screenshot(page, 'sudoku-hint-show');
  await page.click('[data-action=hint-apply]');
  assert.ok(await page.isHidden('[data-role=hint-box]'));
  const after = await board('grid');
  const afterMarks = await page.evaluate(() => [...document.querySelectorAll('[data-role=cells] [data-cell]')].map((c) => c.dataset.marks).join('|'));
  assert.ok(after !== before || afterMarks.length > 0, 'the step changed the board');
  await page.click('[data-action=undo]');
  assert.equal(await board('grid'), before);
  // A wrong digit: the hint names the cell instead of teaching a step.
  await clickCell(17);
  await page.keyboard.press('1');
  await page.click('[data-action=hint]');
  await page.waitForFunction(() => /r2c9/.test(document.querySelector('[data-role=hint-message]').textContent));
  assert.match(await cell(17, 'state'), /flagged/);
  await page.keyboard.press('Backspace');
  assert.deepEqual(app.errors, []);
});

test('new game by level, with progress and Cancel', async () => {
  await page.goto(`${app.url}#/sudoku`);
  await page.waitForSelector('.sudoku-board-wrap[data-grid]');
  const before = await board('givens');
  await page.click('[data-level=easy]');
  await page.click('[data-action=generate]');
  await page.waitForFunction((b) => document.querySelector('.sudoku-board-wrap').dataset.givens !== b, before);
  assert.match(await page.textContent('[data-role=game-message]'), /New easy puzzle, rated/);
  assert.match(await page.textContent('[data-role=badge]'), /Easy · SE \d\.\d/);

  // Cancel a search for a rating almost no puzzle has: the game stays, the page keeps working.
  const current = await board('givens');
  await page.click('[data-level=custom]');
  await page.fill('[data-role=min]', '11.5');
  await page.fill('[data-role=max]', '12');
  await page.click('[data-action=generate]');
  await page.waitForSelector('[data-task=game]:not([hidden])');
  await page.click('[data-task=game] .task-cancel');
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('[data-role=game-message]').textContent));
  assert.equal(await board('givens'), current);
  await page.click('[data-action=solve]');
  await page.waitForFunction(() => /Solved/.test(document.querySelector('[data-role=solver-message]').textContent));

  // Built around a technique: the hardest step is an X-Wing, and Rate agrees.
  await page.selectOption('[data-role=technique]', 'X-Wing');
  assert.ok(await page.isDisabled('[data-role=min]'), 'the rating range gives way to the technique');
  await page.click('[data-action=generate]');
  await page.waitForFunction(() => /hardest step an X-Wing/.test(document.querySelector('[data-role=game-message]').textContent));
  assert.match(await page.textContent('[data-role=game-message]'), /rated 3\.2, its hardest step an X-Wing/);
  await page.click('[data-action=rate]');
  await page.waitForFunction(() => /Hardest step: X-Wing/.test(document.querySelector('[data-role=help-message]').textContent));
  await screenshot(page, 'sudoku-generate-technique');
});

test('rating a very hard puzzle shows how far it has come, and Cancel stops it', async () => {
  await page.goto(`${app.url}#/sudoku?p=${SLOWEST}`);
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap')?.dataset.givens === g, SLOWEST);
  await page.click('[data-action=rate]');
  const label = '[data-task=help] .task-label';
  await page.waitForFunction((sel) => /\d+\/81 cells, hardest step so far \d+\.\d/.test(document.querySelector(sel)?.textContent || ''), label);
  // Cancelled as soon as progress shows, long before the rating would end.
  await page.click('[data-task=help] .task-cancel');
  await page.waitForFunction(() => /Cancelled/.test(document.querySelector('[data-role=help-message]').textContent));
  await screenshot(page, 'sudoku-rating-cancelled');
  assert.equal(await board('givens'), SLOWEST);
  await page.click('[data-action=solve]');
  await page.waitForFunction(() => /Solved/.test(document.querySelector('[data-role=solver-message]').textContent));
  assert.deepEqual(app.errors, []);
});

test('dark theme at phone width: the board follows the theme', async (t) => {
  const { page: phone, errors } = await browser.open(t, `#/sudoku?p=${OTHER}`, { ...PHONE, colorScheme: 'dark' });
  await phone.waitForFunction((g) => document.querySelector('.sudoku-board-wrap')?.dataset.givens === g, OTHER);
  const box = await phone.locator('.sudoku-board').boundingBox();
  assert.ok(box.width > 300 && box.x + box.width <= 390, `board fits the phone: ${JSON.stringify(box)}`);
  // Tap a cell and use the digit pad, as on a phone.
  await phone.tap('.sudoku-board', { position: { x: box.width / 18, y: box.width / 18 } });
  await phone.tap('[data-digit="1"]');
  assert.equal(await phone.getAttribute('[data-role=cells] [data-cell="0"]', 'data-value'), '1');
  const sample = () => phone.evaluate(() => {
    const canvas = document.querySelector('.sudoku-board');
    const px = canvas.getContext('2d').getImageData(canvas.width * 0.5 / 9, canvas.width * 3.5 / 9, 1, 1).data;
    return [getComputedStyle(document.documentElement).getPropertyValue('--surface').trim(), [...px.slice(0, 3)]];
  });
  const matches = ([surface, pixel]) => {
    const want = [1, 3, 5].map((k) => parseInt(surface.slice(k, k + 2), 16));
    return pixel.every((v, k) => Math.abs(v - want[k]) < 24);
  };
  const dark = await sample();
  assert.ok(matches(dark), `empty cell ${dark[1]} is the dark surface ${dark[0]}`);
  await screenshot(phone, 'sudoku-phone-dark');
  // The theme button repaints the canvas in the light colours.
  await phone.tap('.theme-toggle');
  const light = await sample();
  assert.notEqual(light[0], dark[0]);
  assert.ok(matches(light), `after switching, empty cell ${light[1]} is the light surface ${light[0]}`);
  assert.deepEqual(errors, []);
});

// The edges a player runs into: the page's own share link pasted back, a bad import that can
// be taken back, a board the solver filled (no hint to give, no digit to type over), a full
// grid offered as a puzzle, blanks typed while entering a puzzle, and a custom rating range
// that is not one.
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const waitText = (role, re) => page.waitForFunction(([r, s]) => new RegExp(s).test(document.querySelector(`[data-role=${r}]`).textContent), [role, re.source]);
const text = (role) => page.textContent(`[data-role=${role}]`);

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
  const played = await board('grid');
  await importPuzzle(`11${'.'.repeat(79)}`);
  await waitText('io-message', /loaded for editing/);
  assert.equal(await board('mode'), 'edit');
  await page.click('[data-role=io-message] button');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.grid === g, played);
  assert.equal(await board('mode'), 'play');
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
  assert.equal(await board('grid'), SOLUTION);
  await page.keyboard.press('Backspace');
  assert.equal(await board('grid'), SOLUTION);
  await page.click('[data-action=undo]');
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.grid === g, WELCOME);
  assert.deepEqual(app.errors, []);
});

test('a complete grid is not taken for a puzzle; the game in progress stays', async () => {
  await importPuzzle(SOLUTION);
  await waitText('io-message', /already complete/);
  assert.equal(await board('givens'), WELCOME);
  // Dashes for empty cells, as some sites write puzzles.
  await importPuzzle(OTHER.replaceAll('.', '-'));
  await page.waitForFunction((g) => document.querySelector('.sudoku-board-wrap').dataset.givens === g, OTHER);
});

test('entering a puzzle: 0, . and Space leave a cell empty and move on', async () => {
  await page.click('[data-action=blank]');
  await page.waitForSelector('.sudoku-board-wrap[data-mode=edit]');
  // The entry bar's Start is on screen, and the title is not cut in half under the header.
  const view = await page.evaluate(() => {
    const header = document.querySelector('.app-header').getBoundingClientRect().bottom;
    const title = document.querySelector('.page-title').getBoundingClientRect();
    const start = document.querySelector('[data-action=start]').getBoundingClientRect();
    return { cut: title.top < header && title.bottom > header, start: start.top >= header && start.bottom <= innerHeight };
  });
  assert.deepEqual(view, { cut: false, start: true });
  await page.locator('.sudoku-board').focus();
  // The first row of OTHER, "..9748...", typed with each kind of blank.
  for (const key of ['.', 'Space', '9', '7', '4', '8', '0', '.', 'Space']) await page.keyboard.press(key);
  const scrolled = await page.evaluate(() => scrollY);
  assert.equal((await board('grid')).slice(0, 10), '..9748....');
  assert.equal(await board('selected'), '9');
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

test('a generate request nothing meets gives up at its time limit, saying what came closest', async () => {
  // The page's limit is two minutes; the request can ask for less, as this one does.
  const message = await page.evaluate(async () => {
    const { engine } = await import('./engine.js');
    try {
      await engine.run('sudoku.generate', { min: 12, max: 12, seed: 5, seconds: 1 });
      return 'generated';
    } catch (err) {
      return err.message;
    }
  });
  assert.match(message, /^None found in 1 s \([\d,]+ puzzles tried; the closest was rated \d+\.\d\): widen the range, or try again$/i);
});
