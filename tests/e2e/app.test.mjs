// The app shell and the worker bridge, driven in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot } from './helpers.mjs';

let app;
before(async () => { app = await openApp('#/'); });
after(async () => { await app?.close(); });

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

test('the home page links every tool and each one loads', async () => {
  const { page } = app;
  const cards = await page.locator('.tool-card h2').allTextContents();
  assert.deepEqual(cards, ['Sudoku', 'Flood fill', 'Voltorb Flip', 'Tiling']);
  await screenshot(page, 'home-light');
  for (const [id, title] of [['sudoku', 'Sudoku'], ['fill', 'Flood fill'], ['voltorb', 'Voltorb Flip'], ['poly', 'Tiling']]) {
    await page.locator(`.tool-nav a[data-tool="${id}"]`).click();
    await page.waitForFunction((id) => document.getElementById('app').dataset.page === id, id);
    assert.equal(await page.getAttribute(`.tool-nav a[data-tool="${id}"]`, 'aria-current'), 'page');
    assert.match(await page.title(), new RegExp(title));
    assert.equal(await page.locator('#app .notice.error').count(), 0, `${id} failed to load`);
  }
  await page.locator('.brand').click();
  await page.waitForSelector('.tool-cards');
  assert.deepEqual(app.errors, []);
});

test('the theme toggle switches and remembers the theme', async () => {
  const { page } = app;
  const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.locator('.theme-toggle').click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const after = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(before, after);
  await screenshot(page, 'home-dark');
  await page.reload();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.locator('.theme-toggle').click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
});

test('the engine solves in the worker, reports errors, cancels and survives a panic', async () => {
  const { page } = app;
  const result = await page.evaluate(async ({ PUZZLE }) => {
    const { engine } = await import('/engine.js');
    const out = {};
    out.solution = (await engine.run('sudoku.solve', { puzzle: PUZZLE })).solution;
    out.count = (await engine.run('sudoku.count', { puzzle: '.'.repeat(81), limit: 10 })).count;
    try { await engine.run('sudoku.solve', { puzzle: '123' }); } catch (e) { out.badPuzzle = e.message; }
    try { await engine.run('nosuch.op', {}); } catch (e) { out.unknown = e.message; }

    // Cancel a count that would run for minutes; progress arrives first.
    const controller = new AbortController();
    let progress = 0;
    const long = engine.run('sudoku.count', { puzzle: '.'.repeat(81), limit: 1e12 }, {
      signal: controller.signal,
      onProgress: (p) => { progress = p.count; if (progress > 0) controller.abort(); },
    });
    try { await long; } catch (e) { out.cancelled = e.name; }
    out.progress = progress;
    out.afterCancel = (await engine.run('sudoku.solve', { puzzle: PUZZLE })).solution;

    try { await engine.run('selftest.panic', {}); } catch (e) { out.panic = e.message; out.fatal = e.fatal; }
    out.afterPanic = (await engine.run('sudoku.solve', { puzzle: PUZZLE })).solution;
    out.restarts = engine.restarts;
    return out;
  }, { PUZZLE });
  assert.equal(result.solution, SOLUTION);
  assert.equal(result.count, 10);
  assert.equal(result.badPuzzle, 'a puzzle has 81 cells, this one has 3');
  assert.equal(result.unknown, 'unknown operation "nosuch.op"');
  assert.equal(result.cancelled, 'AbortError');
  assert.ok(result.progress > 0, 'progress was reported before the cancel');
  assert.equal(result.afterCancel, SOLUTION);
  assert.match(result.panic, /internal error/);
  assert.equal(result.fatal, true);
  assert.equal(result.afterPanic, SOLUTION);
  assert.ok(result.restarts >= 2);
});

test('a request waiting behind a cancelled one still completes', async () => {
  const { page } = app;
  const result = await page.evaluate(async ({ PUZZLE }) => {
    const { engine } = await import('/engine.js');
    const controller = new AbortController();
    const long = engine.run('sudoku.count', { puzzle: '.'.repeat(81), limit: 1e12 }, { signal: controller.signal });
    const queued = engine.run('sudoku.solve', { puzzle: PUZZLE });
    setTimeout(() => controller.abort(), 200);
    const outcome = await long.then(() => 'finished', (e) => e.name);
    return { outcome, queued: (await queued).solution };
  }, { PUZZLE });
  assert.equal(result.outcome, 'AbortError');
  assert.equal(result.queued, SOLUTION);
});

test('once loaded, the app works offline', async () => {
  const { page, context } = app;
  await page.goto(app.url + '#/');
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // Wait until the installed worker controls the page, so its cache is complete.
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
    return registration.active.state;
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await page.waitForSelector('.tool-cards');
    await page.locator('.tool-nav a[data-tool="sudoku"]').click();
    await page.waitForFunction(() => document.getElementById('app').dataset.page === 'sudoku');
    const solution = await page.evaluate(async (puzzle) => {
      const { engine } = await import('/engine.js');
      return (await engine.run('sudoku.solve', { puzzle })).solution;
    }, PUZZLE);
    assert.equal(solution, SOLUTION);
  } finally {
    await context.setOffline(false);
  }
});
