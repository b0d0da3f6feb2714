// The tiling page in Chromium: solve Meteor, stop a long search, draw a board and solve it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot, inViewport, assertAccessible, PHONE } from './helpers.mjs';

const browser = useBrowser();

async function waitText(page, selector, re, timeout = 30000) {
  await page.waitForFunction(([s, src]) => new RegExp(src).test(document.querySelector(s)?.textContent || ''),
    [selector, re.source], { timeout });
  return page.textContent(selector);
}

/** Switches to "Draw your own board…", sets its size the way a person does (type, then leave
 *  the field) and fills every cell. */
async function drawBoard(page, width, height) {
  await page.selectOption('[data-puzzle]', 'draw');
  await page.click('[data-kind="square"]');
  await page.fill('[data-w]', String(width));
  await page.dispatchEvent('[data-w]', 'change');
  await page.fill('[data-h]', String(height));
  await page.dispatchEvent('[data-h]', 'change');
  await page.click('[data-fill]');
}

// Draws a width × height square board, sets the pieces and solves it to the end.
async function solveDrawnBoard(page, width, height, pieces, hint, done) {
  await drawBoard(page, width, height);
  await page.fill('[data-pieces]', pieces);
  await waitText(page, '[data-hint]', hint);
  await page.click('[data-solve]');
  await waitText(page, '[data-msg]', done);
}

test('a fast drag across a drawn board paints every cell it passes over', async (t) => {
  const { page, errors } = await browser.open(t, '#/poly');
  await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
  await drawBoard(page, 12, 4);
  await page.fill('[data-pieces]', '1x2*6');
  await page.click('[data-clear]');
  await page.locator('.poly-canvas').scrollIntoViewIfNeeded();
  const box = await page.locator('.poly-canvas').boundingBox();
  const size = await page.evaluate(() => (parseFloat(document.querySelector('.poly-canvas').style.width) - 12) / 12);
  const y = box.y + 6 + size / 2;
  // Row 1 from its first cell to its last in a single pointer move.
  await page.mouse.move(box.x + 6 + size / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 6 + size * 11.5, y, { steps: 1 });
  await page.mouse.up();
  await waitText(page, '[data-hint]', /^12 cells/);
  assert.deepEqual(errors, []);
});

test('solve Meteor in the page: 2,098 solutions, 1,049 distinct, browsable', async (t) => {
  const app = await browser.open(t, '#/poly');
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
    await waitText(page, '[data-hint]', /50 cells · 10 pieces/);
    await page.click('[data-solve]');
    await waitText(page, '[data-msg]', /Done: 2,098 solutions, 1,049 distinct/);
    assert.equal(await page.textContent('[data-total]'), '2,098');
    assert.equal(await page.textContent('[data-distinct-count]'), '1,049');
    assert.match(await page.textContent('[data-index]'), /^solution [\d,]+ of 2,098 \(first and latest 1,000 kept\)$/);
    // Counted to the end, the count replaces the estimate beside the puzzle.
    assert.match(await page.textContent('[data-hint]'), /· 2,098 tilings \(counted\)$/);
    // Browse back one solution with the button and with the keyboard.
    const before = await page.textContent('[data-index]');
    await page.click('[data-prev]');
    // Waited for, not read at once: on a busy machine the click's handler can run after a read
    // sent right behind it (CI once saw the old line here).
    await page.waitForFunction((b) => document.querySelector('[data-index]').textContent !== b, before);
    await page.focus('.poly-canvas');
    await page.keyboard.press('ArrowLeft');
    // The canvas shows coloured pieces (not just the empty board colour).
    const colours = await page.evaluate(() => {
      const c = document.querySelector('.poly-canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 97) seen.add(`${d[i] >> 4},${d[i + 1] >> 4},${d[i + 2] >> 4}`);
      return seen.size;
    });
    assert.ok(colours >= 10, `expected many piece colours, saw ${colours}`);
    await screenshot(page, 'poly-meteor-light');
    await assertAccessible(page, 'tiling with Meteor solved');
    // The solution on screen (far past the first ones kept in storage) is the one shown after
    // going away and coming back.
    const shown = await page.textContent('[data-index]');
    await page.click('nav a[href="#/voltorb"]');
    await page.waitForSelector('.vf-board');
    await page.goBack();
    await waitText(page, '[data-msg]', /Done: 2,098 solutions/);
    await waitText(page, '[data-hint]', /· 2,098 tilings \(counted\)$/);
    // The same solution, now one of those kept in storage, which the line says.
    const solution = shown.replace(/ \(.*\)$/, '');
    assert.equal(await page.textContent('[data-index]'), `${solution} (first 200 and the one shown kept)`);
    assert.deepEqual(app.errors, []);
  }
});

test('solutions keep streaming past the first thousand: following dominoes on 8×8 past 10,000', async (t) => {
  const app = await browser.open(t, '#/poly');
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
    await drawBoard(page, 8, 8);
    await page.fill('[data-pieces]', '1x2*32');
    await waitText(page, '[data-hint]', /64 cells · 32 pieces/);
    // Before it starts, an estimate of what is coming, a range that holds the 12,988,816.
    await waitText(page, '[data-hint]', /an estimated [\d,]+–[\d,]+ tilings$/);
    const [low, high] = / ([\d,]+)–([\d,]+) tilings$/.exec(await page.textContent('[data-hint]')).slice(1).map((n) => Number(n.replace(/,/g, '')));
    assert.ok(low <= 12988816 && 12988816 <= high, `${low}–${high}`);
    if (!(await page.isChecked('[data-follow]'))) await page.check('[data-follow]');
    await page.click('[data-solve]');
    // The solution on screen follows the newest one, far past the first 1,000.
    await page.waitForFunction(() => {
      const m = /^solution ([\d,]+) of ([\d,]+) so far/.exec(document.querySelector('[data-index]').textContent);
      return m && Number(m[1].replace(/,/g, '')) > 10000;
    }, null, { timeout: 60000 });
    assert.match(await page.textContent('[data-index]'), /so far \(first and latest 1,000 kept\)$/);
    // A long search says how long it has left.
    await waitText(page, '[data-progress-text]', /% explored( in \d workers)?, about \d+ (s|min) left$/);
    const boardBefore = await page.locator('.poly-canvas').screenshot();
    await page.waitForTimeout(400);
    assert.notDeepEqual(await page.locator('.poly-canvas').screenshot(), boardBefore, 'the board keeps changing');
    await page.click('[data-stop]');
    await waitText(page, '[data-msg]', /Stopped/);
    // After stopping, browsing back walks the latest solutions, then jumps to the first ones.
    const last = await page.textContent('[data-index]');
    await page.click('[data-prev]');
    assert.notEqual(await page.textContent('[data-index]'), last);
    assert.doesNotMatch(await page.textContent('[data-index]'), /so far/);
    assert.deepEqual(app.errors, []);
  }
});

test('the search runs in parts on every worker, with the same exact counts as one worker', async (t) => {
  const counts = async (workers) => {
    const app = await browser.open(t, `?workers=${workers}#/poly`);
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
    await drawBoard(page, 8, 8);
    await page.fill('[data-pieces]', 'pentominoes,2x2');
    await waitText(page, '[data-hint]', /64 cells · 13 pieces/);
    await page.click('[data-solve]');
    // While it runs, the progress line says how many workers share it.
    await waitText(page, '[data-progress-text]', workers > 1 ? new RegExp(`in ${workers} workers`) : /explored$/);
    await waitText(page, '[data-msg]', /Done: /, 60000);
    const result = {
      total: await page.textContent('[data-total]'),
      distinct: await page.textContent('[data-distinct-count]'),
      message: await page.textContent('[data-msg]'),
    };
    // Browsing works across the parts' solutions.
    assert.match(await page.textContent('[data-index]'), /^solution [\d,]+ of 129,168 \(first and latest 1,000 kept\)$/);
    assert.deepEqual(app.errors, []);
    await app.close();
    return result;
  };
  const one = await counts(1);
  const two = await counts(2);
  assert.deepEqual(two, one);
  assert.equal(one.total, '129,168');
  assert.equal(one.distinct, '16,146');
});

test('a long search can be stopped, and the next search works', async (t) => {
  const app = await browser.open(t, '#/poly', { colorScheme: 'dark' });
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="pentominoes-6x10"]', { state: 'attached' });
    await drawBoard(page, 10, 12);
    await page.fill('[data-pieces]', 'pentominoes*2');
    await waitText(page, '[data-hint]', /120 cells · 24 pieces/);
    await page.click('[data-solve]');
    await page.waitForFunction(() => Number((document.querySelector('[data-total]').textContent || '0').replace(/,/g, '')) > 0, null, { timeout: 30000 });
    // The setup is held while the search runs: its solutions must fit the board shown.
    for (const control of ['[data-kind="hex"]', '[data-w]', '[data-clear]', '[data-puzzle]', '[data-pieces]']) {
      assert.ok(await page.isDisabled(control), `${control} is off during the search`);
    }
    await screenshot(page, 'poly-running-dark');
    await page.click('[data-stop]');
    await waitText(page, '[data-msg]', /Stopped: [\d,]+ solutions found so far/);
    assert.equal(await page.isDisabled('[data-solve]'), false);
    assert.equal(await page.isDisabled('[data-kind="hex"]'), false, 'the setup is free again');
    // The engine works again after the worker was replaced.
    await page.selectOption('[data-puzzle]', 'pentominoes-3x20');
    await waitText(page, '[data-hint]', /60 cells · 12 pieces/);
    await page.click('[data-solve]');
    await waitText(page, '[data-msg]', /Done: 8 solutions, 2 distinct/);
    await screenshot(page, 'poly-3x20-dark');
    assert.deepEqual(app.errors, []);
  }
});

test('a size out of range is brought into it, and the page says what it became', async (t) => {
  const { page, errors } = await browser.open(t, '#/poly');
  await page.waitForSelector('select[data-puzzle] option[value="pentominoes-6x10"]', { state: 'attached' });
  await page.selectOption('[data-puzzle]', 'draw');
  await page.fill('[data-w]', '30');
  await page.dispatchEvent('[data-w]', 'change');
  assert.equal(await page.inputValue('[data-w]'), '24');
  assert.equal(await page.textContent('[data-grid-msg]'), 'Sides run from 1 to 24: 30 became 24.');
  await page.fill('[data-h]', '');
  await page.dispatchEvent('[data-h]', 'change');
  assert.equal(await page.inputValue('[data-h]'), '1');
  assert.equal(await page.textContent('[data-grid-msg]'), 'Sides run from 1 to 24: an empty size became 1.');
  // A size in range says nothing more.
  await page.fill('[data-h]', '10');
  await page.dispatchEvent('[data-h]', 'change');
  assert.equal(await page.textContent('[data-grid-msg]'), '');
  assert.deepEqual(errors, []);
});

test('a drawn board moved to another grid takes that grid\'s piece set, saying so', async (t) => {
  const { page, errors } = await browser.open(t, '#/poly');
  await page.waitForSelector('select[data-puzzle] option[value="pentominoes-6x10"]', { state: 'attached' });
  await page.selectOption('[data-puzzle]', 'draw');
  await page.selectOption('[data-set]', 'pentominoes');
  await page.click('[data-kind="tri"]');
  assert.equal(await page.inputValue('[data-set]'), 'hexiamonds');
  assert.equal(await page.inputValue('[data-pieces]'), 'hexiamonds');
  assert.match(await page.textContent('[data-grid-msg]'), /now the 12 hexiamonds \(triangles\), which fit the triangle grid/);
  // Pieces the user typed are theirs: they stay, and the page says why it cannot solve.
  await page.fill('[data-pieces]', 'AA\nA.');
  await waitText(page, '[data-hint]', /Cannot solve|cells/);
  await page.click('[data-kind="square"]');
  assert.equal(await page.inputValue('[data-pieces]'), 'AA\nA.');
  assert.deepEqual(errors, []);
});

test('a double click on Solve starts one search, which Stop ends, leaving every worker free', async (t) => {
  const { page, errors } = await browser.open(t, '#/poly');
  await page.waitForSelector('select[data-puzzle] option[value="pentominoes-6x10"]', { state: 'attached' });
  await drawBoard(page, 12, 12);
  await page.fill('[data-pieces]', '1x2*64,1x2*8');
  await waitText(page, '[data-hint]', /144 cells · 72 pieces .*an estimated/);
  await page.dblclick('[data-solve]');
  // Counts show once the search is under way (the second press must not have started another).
  await page.waitForFunction(() => Number((document.querySelector('[data-total]').textContent || '0').replace(/,/g, '')) > 0, null, { timeout: 30000 });
  await page.click('[data-stop]');
  await waitText(page, '[data-msg]', /Stopped: [\d,]+ solutions found so far/);
  // No second search goes on behind the page's back: every worker is free, so that two
  // requests at once are answered at once.
  const answered = await page.evaluate(async () => {
    const { engine } = await import('./engine.js');
    const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    const late = new Promise((resolve) => { setTimeout(() => resolve('still waiting after 5 s'), 5000); });
    const both = Promise.all([0, 1].map(() => engine.run('sudoku.solve', { puzzle }))).then(() => 'answered');
    return Promise.race([both, late]);
  });
  assert.equal(answered, 'answered');
  assert.equal(await page.isDisabled('[data-solve]'), false);
  assert.deepEqual(errors, []);
});

test('Solve right after editing the pieces solves what was typed', async (t) => {
  const app = await browser.open(t, '#/poly');
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="pentominoes-3x20"]', { state: 'attached' });
    await page.selectOption('[data-puzzle]', 'pentominoes-3x20');
    await waitText(page, '[data-hint]', /60 cells · 12 pieces/);
    // Typing starts a delayed description of the pieces; Solve before it fires.
    await page.fill('[data-pieces]', 'pentominoes');
    await page.click('[data-solve]');
    await waitText(page, '[data-msg]', /Done: 8 solutions, 2 distinct/);
    // The delayed description of the typing was folded into Solve, so it cannot come later
    // and wipe what was found.
    assert.equal(await page.getAttribute('[data-pieces]', 'data-pending'), null);
    assert.equal(await page.textContent('[data-index]'), 'solution 8 of 8');
    assert.equal(await page.textContent('[data-total]'), '8');
    assert.deepEqual(app.errors, []);
  }
});

test('draw a hex board, get told about a bad piece set, then solve it', async (t) => {
  const app = await browser.open(t, '#/poly', PHONE);
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
    await page.selectOption('[data-puzzle]', 'draw');
    await page.click('[data-kind="hex"]');
    await page.fill('[data-w]', '3');
    await page.dispatchEvent('[data-w]', 'change');
    await page.fill('[data-h]', '2');
    await page.dispatchEvent('[data-h]', 'change');
    await page.click('[data-clear]');
    // Draw a 3×2 hex board by clicking and dragging across the cell centres.
    await page.locator('.poly-canvas').scrollIntoViewIfNeeded();
    const box = await page.locator('.poly-canvas').boundingBox();
    const centres = await page.evaluate(() => {
      const c = document.querySelector('.poly-canvas');
      const w = parseFloat(c.style.width);
      const r = (w - 12) / (Math.sqrt(3) * 3.5);
      const cw = Math.sqrt(3) * r;
      const out = [];
      for (let row = 0; row < 2; row++) for (let col = 0; col < 3; col++) {
        out.push([6 + cw * (col + 0.5 + (row & 1) * 0.5), 6 + r + 1.5 * r * row]);
      }
      return out;
    });
    await page.mouse.move(box.x + centres[0][0], box.y + centres[0][1]);
    await page.mouse.down();
    for (const [x, y] of centres.slice(1, 3)) await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
    await page.mouse.up();
    for (const [x, y] of centres.slice(3)) await page.mouse.click(box.x + x, box.y + y);
    // Pentominoes are square pieces: the page says so next to the pieces.
    await page.fill('[data-pieces]', 'pentominoes');
    await waitText(page, '[data-pieces-msg]', /hex grid but the pieces are square/);
    assert.equal(await page.getAttribute('[data-pieces]', 'aria-invalid'), 'true');
    // Three hex dominoes drawn with letters.
    await page.selectOption('[data-set]', 'custom');
    await page.fill('[data-pieces]', 'hex\nAA\n\nBB\n\nCC');
    await waitText(page, '[data-hint]', /6 cells · 3 pieces/);
    assert.equal(await page.textContent('[data-pieces-msg]'), '');
    assert.equal(await page.getAttribute('[data-pieces]', 'aria-invalid'), null);
    await page.click('[data-solve]');
    await waitText(page, '[data-msg]', /Done: \d+ solutions/);
    const total = Number(await page.textContent('[data-total]'));
    assert.ok(total >= 1);
    await screenshot(page, 'poly-hex-drawn-mobile');
    assert.deepEqual(app.errors, []);
  }
});

test('draw pieces with the piece editor and tile a drawn board', async (t) => {
  const app = await browser.open(t, '#/poly', { colorScheme: 'dark' });
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
    await drawBoard(page, 4, 2);
    await page.click('.poly-editor summary');
    await page.waitForSelector('[data-editor-canvas]', { state: 'visible' });
    const ed = await page.locator('[data-editor-canvas]').boundingBox();
    const at = (c, r) => [ed.x + 6 + 30 * (c + 0.5), ed.y + 6 + 30 * (r + 0.5)];
    for (let k = 0; k < 4; k++) {
      await page.mouse.click(...at(1, 1));
      await page.mouse.click(...at(2, 1));
      await page.click('[data-editor-add]');
    }
    assert.equal(await page.inputValue('[data-pieces]'), 'square\n\nAA\n\nBB\n\nCC\n\nDD');
    await waitText(page, '[data-hint]', /8 cells · 4 pieces/);
    await page.click('[data-solve]');
    await waitText(page, '[data-msg]', /Done: 5 solutions/);
    await screenshot(page, 'poly-editor-dark');
    assert.deepEqual(app.errors, []);
  }
});

test('editor fixes: draw from a puzzle starts valid, Add piece joins the set, resize gives a whole board, Solve says why not', async (t) => {
  const app = await browser.open(t, '#/poly');
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
    await waitText(page, '[data-hint]', /50 cells · 10 pieces/);
    // From Meteor, "Draw your own board" starts from Meteor's board: no error, Solve ready.
    await page.selectOption('[data-puzzle]', 'draw');
    await waitText(page, '[data-hint]', /50 cells · 10 pieces/);
    assert.equal(await page.textContent('[data-board-msg]'), '');
    assert.equal(await page.textContent('[data-pieces-msg]'), '');
    assert.equal(await page.isDisabled('[data-solve]'), false);
    assert.equal(await page.getAttribute('[data-kind="hex"]', 'aria-pressed'), 'true');

    // A piece drawn in the editor joins the Meteor set instead of replacing it.
    await page.click('.poly-editor summary');
    await page.waitForSelector('[data-editor-canvas]', { state: 'visible' });
    const ed = await page.locator('[data-editor-canvas]').boundingBox();
    const centre = await page.evaluate(() => {
      const c = document.querySelector('[data-editor-canvas]');
      const w = parseFloat(c.style.width);
      const r = (w - 12) / (Math.sqrt(3) * 5.5);
      return [6 + Math.sqrt(3) * r * 0.5, 6 + r];
    });
    await page.mouse.click(ed.x + centre[0], ed.y + centre[1]);
    await page.click('[data-editor-add]');
    const text = await page.inputValue('[data-pieces]');
    assert.match(text, /^hex\n\n/);
    for (const name of '0123456789') assert.ok(text.includes(name), `piece ${name} kept`);
    await page.check('[data-unused]');
    await waitText(page, '[data-hint]', /50 cells · 11 pieces/);
    assert.ok(Number(await page.getAttribute('[data-pieces]', 'rows')) >= 16, 'the pieces box grows with its text');

    // Resizing gives a whole new board, holes and all forgotten.
    await drawBoard(page, 8, 8);
    const box = await page.locator('.poly-canvas').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.fill('[data-pieces]', 'pentominoes*2');
    await waitText(page, '[data-hint]', /^63 cells · 24 pieces/);
    await page.fill('[data-w]', '5');
    await page.dispatchEvent('[data-w]', 'change');
    await page.fill('[data-h]', '4');
    await page.dispatchEvent('[data-h]', 'change');
    await waitText(page, '[data-hint]', /^20 cells · 24 pieces/);

    // Twenty-four pentominoes, all to be used, cannot fit 20 cells: Solve is off and says why.
    await page.uncheck('[data-unused]');
    await waitText(page, '[data-pieces-msg]', /.+/);
    assert.equal(await page.isDisabled('[data-solve]'), true);
    assert.match(await page.getAttribute('[data-solve]', 'title'), /^Cannot solve: /);
    await page.fill('[data-pieces]', '1x2*10');
    await waitText(page, '[data-hint]', /20 cells · 10 pieces/);
    assert.equal(await page.isDisabled('[data-solve]'), false);
    assert.deepEqual(app.errors, []);
  }
});

test('a drawn board, its pieces and its solutions survive navigation and reload', async (t) => {
  const { page, errors } = await browser.open(t, '#/poly');
  await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
  await solveDrawnBoard(page, 4, 2, '1x2*4', /8 cells · 4 pieces/, /Done: 5 solutions/);
  await page.click('[data-prev]');
  const shown = await page.textContent('[data-index]');
  assert.equal(shown, 'solution 4 of 5');

  await page.click('nav a[href="#/voltorb"]');
  await page.waitForSelector('.vf-board');
  await page.goBack();
  await waitText(page, '[data-msg]', /Done: 5 solutions/);
  assert.equal(await page.inputValue('[data-puzzle]'), 'draw');
  assert.equal(await page.inputValue('[data-pieces]'), '1x2*4');
  assert.equal(await page.inputValue('[data-w]'), '4');
  assert.equal(await page.textContent('[data-total]'), '5');
  assert.equal(await page.textContent('[data-index]'), shown, 'the solution that was shown');

  await page.reload();
  await waitText(page, '[data-msg]', /Done: 5 solutions/);
  assert.equal(await page.textContent('[data-index]'), shown);
  // Changing the pieces makes the saved results stale: they go.
  await page.fill('[data-pieces]', '2x2*2');
  await waitText(page, '[data-hint]', /8 cells · 2 pieces/);
  assert.equal(await page.textContent('[data-total]'), '–');
  assert.equal(await page.isHidden('[data-browse]'), true);
  assert.deepEqual(errors, []);
});

test('a search cut short by a reload or by going to another tool says so on return', async (t) => {
  const { page, errors } = await browser.open(t, '#/poly');
  await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
  await drawBoard(page, 10, 12);
  await page.fill('[data-pieces]', 'pentominoes*2');
  await waitText(page, '[data-hint]', /120 cells · 24 pieces/);
  const solveUntilFound = async () => {
    await page.click('[data-solve]');
    await page.waitForFunction(() => Number((document.querySelector('[data-total]').textContent || '0').replace(/,/g, '')) > 0, null, { timeout: 30000 });
  };
  await solveUntilFound();
  await page.reload();
  await waitText(page, '[data-msg]', /^The search stopped when the page was left, at [\d,]+ solutions? \([\d,]+ distinct\)\. Solve runs it again\.$/);
  assert.notEqual(await page.textContent('[data-total]'), '–', 'what it found is kept');
  assert.equal(await page.isDisabled('[data-solve]'), false);

  await solveUntilFound();
  await page.click('nav a[href="#/voltorb"]');
  await page.waitForSelector('.vf-board');
  await page.goBack();
  await waitText(page, '[data-msg]', /^The search stopped when the page was left/);
  assert.deepEqual(errors, []);
});

test('pieces typed just before leaving the page are kept', async (t) => {
  const { page, errors } = await browser.open(t, '#/poly');
  await waitText(page, '[data-hint]', /50 cells · 10 pieces/);
  // Straight away, before the typing pause that saves them.
  await page.fill('[data-pieces]', '1x2*25');
  await page.click('nav a[href="#/sudoku"]');
  await page.waitForSelector('#app[data-page=sudoku]');
  await page.goBack();
  await waitText(page, '[data-hint]', /pieces/);
  assert.equal(await page.inputValue('[data-pieces]'), '1x2*25');
  await page.fill('[data-pieces]', 'meteor*1');
  await page.reload();
  await waitText(page, '[data-hint]', /pieces/);
  assert.equal(await page.inputValue('[data-pieces]'), 'meteor*1');
  assert.deepEqual(errors, []);
});

test('after a reload the browse line says which solutions were kept', async (t) => {
  const { page, errors } = await browser.open(t, '#/poly');
  await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
  await solveDrawnBoard(page, 6, 4, '1x2*12', /24 cells · 12 pieces/, /Done: 281 solutions/);
  // All 281 are held while the page lives; a reload brings back the first 200 and the one shown.
  assert.equal(await page.textContent('[data-index]'), 'solution 281 of 281');
  await page.reload();
  await waitText(page, '[data-msg]', /Done: 281 solutions/);
  assert.equal(await page.textContent('[data-index]'), 'solution 281 of 281 (first 200 and the one shown kept)');
  await page.click('[data-prev]');
  assert.equal(await page.textContent('[data-index]'), 'solution 200 of 281 (first 200 and the one shown kept)');
  assert.deepEqual(errors, []);
});

test('on a phone Solve and the counts are on screen with the board', async (t) => {
  const { page } = await browser.open(t, '#/poly', PHONE);
  await waitText(page, '[data-hint]', /50 cells · 10 pieces/);
  await page.locator('.poly-canvas').scrollIntoViewIfNeeded();
  assert.ok(await inViewport(page.locator('.poly-canvas')), 'board on screen');
  assert.ok(await inViewport(page.locator('[data-solve]')), 'Solve on screen with the board');
  assert.ok(await inViewport(page.locator('[data-stop]')), 'Stop on screen with the board');
  await screenshot(page, 'poly-phone-light');
});

test('a share link reproduces board, pieces and solution; SVG and PNG export the solution shown', async (t) => {
  const sender = await browser.open(t, '#/poly');
  const { page } = sender;
  await page.waitForSelector('select[data-puzzle] option[value="meteor"]', { state: 'attached' });
  await solveDrawnBoard(page, 4, 2, '1x2*4', /8 cells · 4 pieces/, /Done: 5 solutions/);
  await page.click('[data-prev]');
  assert.equal(await page.textContent('[data-index]'), 'solution 4 of 5');
  const picture = () => page.evaluate(() => {
    const c = document.querySelector('.poly-canvas');
    return c.toDataURL();
  });
  const sent = await picture();

  await page.click('[data-share]');
  await page.waitForSelector('[data-share-link]');
  const link = await page.inputValue('[data-share-link]');
  assert.match(link, /#\/poly\?t=[A-Za-z0-9_-]+$/);
  assert.match(await page.textContent('[data-export-msg]'), /opens this board, these pieces and solution 4/);

  // SVG: one polygon per cell and the piece outlines, named after what it shows.
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-svg]')]);
  assert.equal(svgDownload.suggestedFilename(), 'tiling-solution-4.svg');
  const svg = await (await import('node:fs/promises')).readFile(await svgDownload.path(), 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal(svg.match(/<polygon /g).length, 8);
  assert.equal(new Set(svg.match(/<polygon [^>]*fill="[^"]+"/g).map((p) => /fill="([^"]+)"/.exec(p)[1])).size, 4, 'four pieces in four colours');
  assert.match(svg, /<path d="M[^"]+" fill="none"/);
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-png]')]);
  assert.equal(pngDownload.suggestedFilename(), 'tiling-solution-4.png');
  const png = await (await import('node:fs/promises')).readFile(await pngDownload.path());
  assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
  assert.ok(png.readUInt32BE(16) >= 2 * 160, 'drawn at twice the size of its 40 px cells');

  // Someone else opens the link: same board, same pieces, the same solution on screen.
  const receiver = await browser.open(t, new URL(link).hash);
  const other = receiver.page;
  await waitText(other, '[data-export-msg]', /Opened a shared tiling/);
  assert.equal(await other.inputValue('[data-puzzle]'), 'draw');
  assert.equal(await other.inputValue('[data-pieces]'), '1x2*4');
  assert.equal(await other.textContent('[data-index]'), 'solution 4 (shared)');
  assert.equal(await other.evaluate(() => location.hash), '#/poly', 'the link is not kept in the address');
  await other.waitForFunction((want) => document.querySelector('.poly-canvas').toDataURL() === want, sent);
  // Their own work is one click away.
  await other.click('[data-export-msg] button');
  await waitText(other, '[data-hint]', /50 cells · 10 pieces/);
  assert.equal(await other.inputValue('[data-puzzle]'), 'meteor');

  // A link cut short says so and loads nothing.
  const broken = await browser.open(t, `${new URL(link).hash.slice(0, 30)}%%`);
  await waitText(broken.page, '[data-export-msg]', /share link is damaged/);
  assert.deepEqual([...sender.errors, ...receiver.errors, ...broken.errors], []);
});

/** The centre of triangle (col, row) on a triangle board canvas of `cols` columns, in page
 *  pixels: triangles of side s (the canvas is 12 px of padding plus s·(cols + 1)/2 wide). */
async function triangleCentres(page, selector, cols, cells) {
  const box = await page.locator(selector).boundingBox();
  const width = await page.evaluate((s) => parseFloat(document.querySelector(s).style.width), selector);
  const s = ((width - 12) * 2) / (cols + 1);
  const h = (s * Math.sqrt(3)) / 2;
  return cells.map(([c, r]) => [
    box.x + 6 + (s * c) / 2 + s / 2,
    box.y + 6 + h * r + ((c + r) % 2 === 0 ? (2 * h) / 3 : h / 3),
  ]);
}

test('triangle grids: the hexiamonds 6×6 rhombus solved and drawn, a triangle board and piece drawn by hand', async (t) => {
  const app = await browser.open(t, '#/poly');
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="hexiamonds-6x6"]', { state: 'attached' });
    await page.selectOption('[data-puzzle]', 'hexiamonds-6x6');
    await waitText(page, '[data-hint]', /72 cells · 12 pieces/);
    assert.equal(await page.inputValue('[data-pieces]'), 'hexiamonds');
    // The legend shows the 12 hexiamonds.
    assert.equal(await page.locator('[data-legend] canvas').count(), 12);
    await page.click('[data-solve]');
    // The count Polyform Puzzler publishes: 156 distinct (624 with the rhombus' 4 symmetries).
    await waitText(page, '[data-msg]', /Done: 624 solutions, 156 distinct/);
    // Every triangle of the rhombus is covered: its centre has a piece colour, not the board's.
    const board = await page.evaluate(() => {
      const c = document.querySelector('.poly-canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 89) if (d[i + 3]) seen.add(`${d[i] >> 4},${d[i + 1] >> 4},${d[i + 2] >> 4}`);
      return seen.size;
    });
    assert.ok(board >= 12, `expected the 12 piece colours, saw ${board}`);
    await screenshot(page, 'poly-hexiamonds-light');
    // The SVG export draws 72 triangles (three corners each) in the 12 pieces' colours.
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-svg]')]);
    const svg = await (await import('node:fs/promises')).readFile(await svgDownload.path(), 'utf8');
    const polygons = svg.match(/<polygon points="[^"]+"/g);
    assert.equal(polygons.length, 72);
    assert.ok(polygons.every((p) => p.split(' ').length === 4), 'every cell is a triangle');
    assert.equal(new Set(svg.match(/<polygon [^>]*fill="[^"]+"/g).map((p) => /fill="([^"]+)"/.exec(p)[1])).size, 12, 'twelve pieces in twelve colours');

    // Draw a 6×2 triangle board by clicking its 12 triangles, and a diamond in the piece editor.
    await page.selectOption('[data-puzzle]', 'draw');
    await page.click('[data-kind="tri"]');
    await page.fill('[data-w]', '6');
    await page.dispatchEvent('[data-w]', 'change');
    await page.fill('[data-h]', '2');
    await page.dispatchEvent('[data-h]', 'change');
    await page.click('[data-clear]');
    const cells = [];
    for (let r = 0; r < 2; r++) for (let c = 0; c < 6; c++) cells.push([c, r]);
    for (const [x, y] of await triangleCentres(page, '.poly-canvas', 6, cells)) await page.mouse.click(x, y);
    await page.fill('[data-pieces]', '');
    await page.click('.poly-editor summary');
    await page.waitForSelector('[data-editor-canvas]', { state: 'visible' });
    // The editor's triangle grid is 10 columns by 5 rows: an up triangle and the down one beside it.
    for (const [x, y] of await triangleCentres(page, '[data-editor-canvas]', 10, [[2, 2], [3, 2]])) await page.mouse.click(x, y);
    await page.click('[data-editor-add]');
    assert.equal(await page.inputValue('[data-pieces]'), 'tri\n\nAA');
    await page.fill('[data-pieces]', 'tri\n\nAA\nA*6');
    await waitText(page, '[data-hint]', /12 cells · 6 pieces/);
    await page.click('[data-solve]');
    // Only one tiling: each up triangle of the top row pairs with the down one to its right.
    await waitText(page, '[data-msg]', /Done: 1 solution, 1 distinct/);
    await screenshot(page, 'poly-triangle-drawn-light');
    assert.deepEqual(app.errors, []);
  }
});

test('triangle boards on a phone, dark', async (t) => {
  const app = await browser.open(t, '#/poly', { ...PHONE, colorScheme: 'dark' });
  {
    const { page } = app;
    await page.waitForSelector('select[data-puzzle] option[value="hexiamonds-4x9"]', { state: 'attached' });
    await page.selectOption('[data-puzzle]', 'hexiamonds-4x9');
    await page.click('[data-solve]');
    await waitText(page, '[data-msg]', /Done: 148 solutions, 74 distinct/);
    // The board fits the phone's width.
    const box = await page.locator('.poly-canvas').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `board ${box.x}+${box.width}`);
    await screenshot(page, 'poly-hexiamonds-phone-dark', { fullPage: false });
    assert.deepEqual(app.errors, []);
  }
});
