// The app shell and the worker bridge, driven in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, screenshot, assertAccessible, waitForPage, PHONE } from './helpers.mjs';

const browser = useBrowser();
const TOOL_IDS = ['sudoku', 'fill', 'voltorb', 'poly'];

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

test('the home page links every tool and each one loads', async (t) => {
  const app = await browser.open(t, '#/');
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

test('an address that names no tool says so on the home page; a tool named in capitals opens', async (t) => {
  const { page, url, errors } = await browser.open(t, '#/nope');
  await page.waitForSelector('.tool-cards');
  assert.equal(await page.textContent('[data-unknown-route]'), 'There is no page "nope" here: pick one of the tools below.');
  await page.goto(`${url}#/Sudoku`);
  await waitForPage(page, 'sudoku');
  assert.equal(await page.evaluate(() => location.hash), '#/sudoku');
  await page.goto(`${url}#/`);
  await page.waitForSelector('.tool-cards');
  assert.equal(await page.locator('[data-unknown-route]').count(), 0);
  assert.deepEqual(errors, []);
});

test('the theme toggle switches, shows the current theme and remembers it', async (t) => {
  const { page } = await browser.open(t, '#/');
  const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await page.getAttribute('.theme-toggle', 'data-theme'), 'light');
  const lightIcon = await page.innerHTML('.theme-toggle');
  assert.match(await page.getAttribute('.theme-toggle', 'aria-label'), /^Light theme; switch to dark/);
  await page.locator('.theme-toggle').click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await page.getAttribute('.theme-toggle', 'data-theme'), 'dark');
  assert.notEqual(await page.innerHTML('.theme-toggle'), lightIcon, 'the icon changes with the theme');
  assert.match(await page.getAttribute('.theme-toggle', 'aria-label'), /^Dark theme; switch to light/);
  const after = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(before, after);
  await screenshot(page, 'home-dark');
  await page.reload();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.locator('.theme-toggle').click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
});

test('the engine solves in the worker, reports errors, cancels and survives a panic', async (t) => {
  const { page } = await browser.open(t, '#/');
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

test('once loaded, the app works offline', async (t) => {
  const app = await browser.open(t, '#/');
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

test('on a phone every tool link can be reached, with a cue when the list scrolls', async (t) => {
  const { page } = await browser.open(t, '#/', PHONE);
  const nav = page.locator('.tool-nav');
  const layout = await nav.evaluate((el) => ({ overflow: el.scrollWidth > el.clientWidth + 1, more: el.dataset.more || '' }));
  if (layout.overflow) assert.match(layout.more, /end/, 'an overflowing nav fades its cut edge');
  // At 390 px the short names (Fill, Voltorb) let all four links fit; the full titles stay
  // their accessible names.
  assert.equal(layout.overflow, false, 'all four tool links fit a 390 px phone');
  assert.equal(await page.locator('.tool-nav a[data-tool="fill"]').getAttribute('aria-label'), 'Flood fill');
  assert.equal((await page.locator('.tool-nav a[data-tool="fill"]').innerText()).trim(), 'Fill');
  for (const id of TOOL_IDS) {
    const link = page.locator(`.tool-nav a[data-tool="${id}"]`);
    await link.click();
    await waitForPage(page, id);
    const box = await link.boundingBox();
    const navBox = await nav.boundingBox();
    assert.ok(box.x >= navBox.x - 1 && box.x + box.width <= navBox.x + navBox.width + 1, `${id} link is scrolled into view`);
  }
  await screenshot(page, 'nav-phone-light', { fullPage: false });
});

test('on a tablet or a phone on its side, each board and the controls used with it fit the screen', async (t) => {
  const inView = (page, selector) => page.locator(selector).evaluate((el) => {
    const b = el.getBoundingClientRect();
    return b.top >= 0 && b.bottom <= window.innerHeight + 1 && b.left >= 0 && b.right <= window.innerWidth + 1;
  });
  // A tablet on its side: the Sudoku board, its digit pad and tools are all on screen on load.
  const tablet = await browser.open(t, '#/sudoku', { viewport: { width: 1024, height: 768 }, hasTouch: true });
  await waitForPage(tablet.page, 'sudoku');
  for (const part of ['.sudoku-board', '.sudoku-pad', '.sudoku-tools']) assert.ok(await inView(tablet.page, part), `${part} on screen at 1024×768`);
  // A phone on its side: the pad stands beside the board, and once the board is scrolled to,
  // both are on screen (the header scrolls away rather than take a sixth of the height).
  const side = { ...PHONE, viewport: { width: 844, height: 390 } };
  const { page } = await browser.open(t, '#/sudoku', side);
  await waitForPage(page, 'sudoku');
  await page.locator('.sudoku-board').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  for (const part of ['.sudoku-board', '.sudoku-pad', '.sudoku-tools']) assert.ok(await inView(page, part), `${part} on screen at 844×390`);
  const board = await page.locator('.sudoku-board').boundingBox();
  const pad = await page.locator('.sudoku-pad').boundingBox();
  assert.ok(pad.x >= board.x + board.width, 'the pad is beside the board');
  await screenshot(page, 'sudoku-phone-landscape', { fullPage: false });
  for (const [id, boardPart, under] of [['voltorb', '.vf-board', '.vf-board-actions'], ['poly', '.poly-canvas', '.poly-canvas'], ['fill', '.fill-toolbar', '.fill-viewport']]) {
    await page.click(`.tool-nav a[data-tool="${id}"]`);
    await waitForPage(page, id);
    await page.locator(boardPart).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    assert.ok(await inView(page, boardPart), `${id} board on screen at 844×390`);
    assert.ok(await inView(page, under), `${id} ${under} on screen at 844×390`);
  }
});

test('the focus ring of a nav link is drawn whole, not clipped by the scrolling list', async (t) => {
  const { page } = await browser.open(t, '#/');
  // Skip link, brand, then the first tool link.
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const a = document.activeElement;
    const style = getComputedStyle(a);
    const nav = a.closest('.tool-nav');
    const pad = parseFloat(getComputedStyle(nav).paddingLeft);
    return { inNav: !!nav, width: parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset), pad };
  });
  assert.ok(ring.inNav, 'the third Tab reaches the first tool link');
  assert.ok(ring.pad >= ring.width, `the nav leaves ${ring.pad}px for a ${ring.width}px ring`);
});

test('the first Tab offers a skip link past the header, and a new page takes focus at its heading', async (t) => {
  const { page, errors } = await browser.open(t, '#/fill');
  await waitForPage(page, 'fill');
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-link');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to the tool');
  const box = await skip.boundingBox();
  assert.ok(box.y >= 0, 'the focused skip link is on screen');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Flood fill');
  assert.equal(await page.evaluate(() => location.hash), '#/fill', 'the skip link does not change the page');
  // Tab goes on into the page, not back to the header.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.getElementById('app').contains(document.activeElement)));
  // Moving to another tool by the keyboard lands on that tool's heading.
  await page.locator('.tool-nav a[data-tool="poly"]').focus();
  await page.keyboard.press('Enter');
  await waitForPage(page, 'poly');
  await page.waitForFunction(() => document.activeElement.textContent === 'Tiling');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'H1');
  assert.deepEqual(errors, []);
});

test('two tabs of one tool are told that they save over each other, until one leaves it', async (t) => {
  const { page, context, url, errors } = await browser.open(t, '#/sudoku');
  await waitForPage(page, 'sudoku');
  assert.equal(await page.locator('[data-other-tab]').count(), 0, 'one tab alone is not warned');
  const second = await context.newPage();
  await second.goto(`${url}#/sudoku`);
  await waitForPage(second, 'sudoku');
  const warning = /^Sudoku is open in another tab too\. Each tab saves over the other's work: carry on in one of them\./;
  for (const tab of [page, second]) {
    await tab.waitForSelector('[data-other-tab]');
    assert.match(await tab.textContent('[data-other-tab]'), warning);
  }
  // Another tool in the second tab: both are alone with their tool again.
  await second.locator('.tool-nav a[data-tool="fill"]').click();
  await waitForPage(second, 'fill');
  await page.waitForSelector('[data-other-tab]', { state: 'detached' });
  assert.equal(await second.locator('[data-other-tab]').count(), 0);
  // Back to Sudoku, then the tab closes: the warning comes, then goes.
  await second.locator('.tool-nav a[data-tool="sudoku"]').click();
  await page.waitForSelector('[data-other-tab]');
  await second.close();
  await page.waitForSelector('[data-other-tab]', { state: 'detached' });
  // Dismissed, it leaves no empty band and stays away for that tool while this tab lives.
  const third = await context.newPage();
  await third.goto(`${url}#/sudoku`);
  await page.waitForSelector('[data-other-tab]');
  await page.click('[data-other-tab] button');
  assert.equal(await page.locator('.app-notice').count(), 0);
  await third.reload();
  await waitForPage(third, 'sudoku');
  await third.waitForSelector('[data-other-tab]');
  assert.equal(await page.locator('[data-other-tab]').count(), 0, 'not shown again once dismissed');
  assert.deepEqual(errors, []);
});

test('the home page and every tool page pass axe in both themes, on desktop and phone', async (t) => {
  for (const colorScheme of ['light', 'dark']) {
    for (const [size, options] of [['desktop', {}], ['phone', PHONE]]) {
      const { page } = await browser.open(t, '#/', { ...options, colorScheme });
      await page.waitForSelector('.tool-cards');
      await assertAccessible(page, `home ${size} ${colorScheme}`);
      await screenshot(page, `home-${size}-${colorScheme}`, { fullPage: false });
      for (const id of TOOL_IDS) {
        await page.locator(`.tool-nav a[data-tool="${id}"]`).click();
        await waitForPage(page, id);
        await assertAccessible(page, `${id} ${size} ${colorScheme}`);
      }
    }
  }
});
