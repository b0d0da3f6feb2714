// Shared set-up for the browser end-to-end tests: serve www/ on a free loopback port and drive
// Debian's Chromium through playwright-core.
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sharedData = join(projectRoot, '..', 'shared', 'data');

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-dev-shm-usage',
];

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/**
 * Starts the server and a browser, opens `path` (e.g. '#/sudoku') and returns
 * {page, browser, url, errors, close}. Other options (hasTouch, isMobile, deviceScaleFactor…)
 * go to the browser context. `errors` collects uncaught page errors and console
 * errors, so a test can assert the page stayed clean.
 */
export async function openApp(path = '', { viewport = { width: 1280, height: 900 }, colorScheme = 'light', ...contextOptions } = {}) {
  const { server, url } = await startServer(join(projectRoot, process.env.GRIDWISE_WWW || 'www'));
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport, colorScheme, ...contextOptions });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  await page.goto(url + path);
  return {
    page, browser, context, url, errors,
    async close() {
      await browser.close().catch(() => {});
      await new Promise((ok) => server.close(ok));
    },
  };
}

/** Saves a screenshot under test-results/ (for looking at the page after a run). */
export async function screenshot(page, name) {
  await page.screenshot({ path: join(projectRoot, 'test-results', `${name}.png`), fullPage: true });
}
