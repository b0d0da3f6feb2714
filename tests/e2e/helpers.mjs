// Shared set-up for the browser end-to-end tests: serve www/ on a free loopback port and drive
// Debian's Chromium through playwright-core.
//
//   const browser = useBrowser();                       // one server + Chromium per test file
//   test('…', async (t) => {
//     const { page, errors } = await browser.open(t, '#/sudoku');  // a fresh context per test:
//     …                                                           // its own storage, closed after
//   });
//
// Waiting is always for a condition (a selector, a data attribute, a function): never a fixed
// sleep, so the suite is as fast as the machine and does not flake when it is slow.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { startServer } from '../../tools/serve.mjs';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dataDir = join(projectRoot, 'data');

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-dev-shm-usage',
];

/** A phone's viewport, for the layouts every page must have. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

async function newApp(browser, url, path, { viewport = { width: 1280, height: 900 }, colorScheme = 'light', ...contextOptions } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, ...contextOptions });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  await page.goto(url + path);
  return { page, context, url, errors, close: () => context.close().catch(() => {}) };
}

/**
 * Starts the server and Chromium before the file's tests and stops them after; `open(t, path,
 * options)` gives each test a fresh browser context (empty storage) closed when the test ends.
 * Options go to the context (viewport, colorScheme, hasTouch, …).
 */
export function useBrowser() {
  const shared = {};
  // Started once, by whichever comes first: the file's `before` or a page opened in another
  // `before` hook (node:test does not promise an order between root-level hooks).
  let starting;
  const start = () => (starting ??= (async () => {
    Object.assign(shared, await startServer(join(projectRoot, process.env.GRIDWISE_WWW || 'www')));
    shared.browser = await launchBrowser();
  })());
  before(start);
  after(async () => {
    await starting?.catch(() => {});
    await shared.browser?.close().catch(() => {});
    if (shared.server) await new Promise((ok) => shared.server.close(ok));
  });
  return {
    async open(t, path = '', options = {}) {
      await start();
      const app = await newApp(shared.browser, shared.url, path, options);
      // With a test context the page closes with the test; hooks pass null and close it. The
      // page's errors are printed, so that a failure (a timeout above all) comes with them.
      if (t) {
        t.after(() => {
          if (app.errors.length) process.stderr.write(`page errors during "${t.name}":\n  ${app.errors.join('\n  ')}\n`);
          return app.close();
        });
      }
      return app;
    },
    get url() { return shared.url; },
  };
}

/**
 * Starts its own server and browser and opens `path`: for scripts outside the test runner (the
 * benchmarks). Returns {page, browser, context, url, errors, close}.
 */
export async function openApp(path = '', options = {}) {
  const { server, url } = await startServer(join(projectRoot, process.env.GRIDWISE_WWW || 'www'));
  const browser = await launchBrowser();
  const app = await newApp(browser, url, path, options);
  return {
    ...app, browser,
    async close() {
      await browser.close().catch(() => {});
      await new Promise((ok) => server.close(ok));
    },
  };
}

/** Waits until the page `id` is mounted by the router. */
export async function waitForPage(page, id) {
  await page.waitForFunction((id) => document.getElementById('app').dataset.page === id
    && !document.querySelector('#app > .loading'), id);
}

/** Saves a screenshot under test-results/ (to look at the page after a run). */
export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
  await page.screenshot({ path: join(projectRoot, 'test-results', `${name}.png`), fullPage });
}

/** Runs axe on the page; fails on any serious or critical violation, naming each. */
export async function assertAccessible(page, label) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const lines = bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  assert.deepEqual(lines, [], `${label}: accessibility violations`);
  // Text a person would read as a bug: a value that never arrived, printed by a template.
  const leaks = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/\b(null|undefined|NaN)\b|\[object Object\]/.test(node.textContent)) found.push(node.parentElement?.outerHTML.slice(0, 120));
    }
    return found;
  });
  assert.deepEqual(leaks, [], `${label}: placeholder text on the page`);
}

/** The element's box relative to the viewport, and whether it lies wholly inside it. */
export async function inViewport(locator) {
  const box = await locator.boundingBox();
  const size = locator.page().viewportSize();
  return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

/** The engine's counters in the page (pool size, workers alive, busy, queued, restarts). */
export function engineStats(page) {
  return page.evaluate(async () => (await import('/engine.js')).engine.stats());
}
