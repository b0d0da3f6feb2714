// The flood-fill page as a person uses it: draw, fill, undo, open a PNG, fill, save.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useBrowser, screenshot, waitForPage, inViewport, assertAccessible, PHONE, projectRoot } from './helpers.mjs';
import { encodePng, decodePng } from './fill_png.mjs';

const browser = useBrowser();

/** Opens the fill page on a fresh context and waits until the saved picture (none, in a fresh
 * context) has been looked for: input is ignored until then. */
async function openFill(t, options) {
  const app = await browser.open(t, '#/fill', options);
  await ready(app.page);
  return app;
}

async function ready(page) {
  await page.waitForSelector('.fill-viewport[data-restored]');
}

/** The document pixel at image (x, y), read from the page's pixel buffer (which is away in the
 * worker while a fill runs: wait for it to come back). */
async function pixel(page, x, y) {
  await page.waitForFunction(() => document.querySelector('.fill-viewport').fillDocument().pixels);
  return page.evaluate(([x, y]) => {
    const d = document.querySelector('.fill-viewport').fillDocument();
    const i = (y * d.width + x) * 4;
    return Array.from(d.pixels.subarray(i, i + 4));
  }, [x, y]);
}

/** Waits until the page has saved the picture as it is now (every change so far). */
async function waitForSaved(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const vp = document.querySelector('.fill-viewport');
    return Number(vp.dataset.savedRevision) === vp.fillDocument().revision;
  }, null, { timeout });
}

/** Screen point of image pixel (x, y)'s centre. */
async function screenOf(page, x, y) {
  return page.evaluate(([x, y]) => {
    const canvas = document.querySelector('.fill-canvas');
    const r = canvas.getBoundingClientRect();
    return { x: r.left + (x + 0.5) * r.width / canvas.width, y: r.top + (y + 0.5) * r.height / canvas.height };
  }, [x, y]);
}

/** Presses the mouse on image pixel `from` and drags it to `to` in `steps` moves. */
async function dragPixels(page, [x0, y0], [x1, y1], steps = 6) {
  const a = await screenOf(page, x0, y0), b = await screenOf(page, x1, y1);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
}

async function clickPixel(page, x, y) {
  const p = await screenOf(page, x, y);
  await page.mouse.click(p.x, p.y);
}

/** Waits for the next fill to finish and returns the result line. Two fills can leave the same
 * line, so the page's count of finished fills is what is waited for; the count already seen is
 * kept in the page (a reload starts both again). `before` is the line as it was, unused. */
async function waitForFill(page, before) {
  void before;
  await page.waitForFunction(() => {
    const done = Number(document.querySelector('.fill-viewport')?.dataset.fillsDone || 0);
    if (done <= (window.fillsSeen || 0)) return false;
    window.fillsSeen = done;
    return true;
  });
  return page.textContent('.fill-result');
}

test('draw a closed shape, fill inside, undo and redo', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  {
    await page.click('button[data-tool="rect"]');
    await page.click('.fill-swatch[data-colour="#1c2233"]');
    await dragPixels(page, [100, 80], [300, 240], 6);
    assert.equal((await pixel(page, 100, 160))[0], 0x1c, 'the rectangle outline is drawn');

    await page.keyboard.press('b');
    assert.equal(await page.getAttribute('button[data-tool="bucket"]', 'aria-pressed'), 'true');
    await page.click('.fill-swatch[data-colour="#2f9e44"]');
    await clickPixel(page, 200, 160);
    const message = await waitForFill(page, '');
    assert.match(message, /^Filled [\d,]+ px/);
    assert.deepEqual(await pixel(page, 200, 160), [0x2f, 0x9e, 0x44, 255]);
    assert.deepEqual(await pixel(page, 106, 86), [0x2f, 0x9e, 0x44, 255], 'the fill reaches the corner');
    assert.deepEqual(await pixel(page, 50, 40), [255, 255, 255, 255], 'the outside is untouched');
    await screenshot(page, 'fill-e2e-filled');

    await page.click('[data-act="undo"]');
    assert.deepEqual(await pixel(page, 200, 160), [255, 255, 255, 255], 'undo takes the fill back');
    assert.equal((await pixel(page, 100, 160))[0], 0x1c, 'the outline stays');
    await page.keyboard.press('Control+Shift+Z');
    assert.deepEqual(await pixel(page, 200, 160), [0x2f, 0x9e, 0x44, 255], 'redo brings it back');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    assert.deepEqual(await pixel(page, 100, 160), [255, 255, 255, 255], 'a second undo removes the rectangle');

    // Filling with the colour already there (exact match) says so and changes nothing.
    await page.locator('[data-opt="tolerance"]').fill('0');
    assert.equal(await page.textContent('[data-opt="tolerance"] + output'), '0');
    await page.click('.fill-swatch[data-colour="#ffffff"]');
    await clickPixel(page, 10, 10);
    const already = await waitForFill(page, message);
    assert.match(already, /Already that colour/);

    // At 50% opacity the bucket paints over the white canvas: a lighter green, still opaque.
    await page.locator('[data-opt="alpha"]').fill('128');
    assert.equal(await page.textContent('[data-opt="alpha"] + output'), '50%');
    await page.click('.fill-swatch[data-colour="#2f9e44"]');
    await clickPixel(page, 10, 10);
    await waitForFill(page, already);
    assert.deepEqual(await pixel(page, 10, 10), [151, 206, 161, 255]);
    await screenshot(page, 'fill-e2e-half-opacity');
    assert.deepEqual(app.errors, []);
  }
});

test('the fill worker keeps up with every edit: strokes, undo and redo change what a fill reaches', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  {
    // A line from top to bottom splits the canvas in two.
    const height = await page.evaluate(() => document.querySelector('.fill-viewport').fillDocument().height);
    await page.click('button[data-tool="line"]');
    await page.click('.fill-swatch[data-colour="#1c2233"]');
    await dragPixels(page, [150, 0], [150, height - 1], 6);
    for (const y of [0, height >> 1, height - 1]) assert.equal((await pixel(page, 150, y))[0], 0x1c, `the line crosses row ${y}`);
    await page.click('button[data-tool="bucket"]');
    await page.click('.fill-swatch[data-colour="#2f9e44"]');
    await clickPixel(page, 20, 20);
    await waitForFill(page);
    const green = [0x2f, 0x9e, 0x44, 255];
    assert.deepEqual(await pixel(page, 20, 20), green);
    assert.deepEqual(await pixel(page, 280, 20), [255, 255, 255, 255], 'the line stops the fill');

    // Undo the fill and the line, redo the line (a patch to the worker's copy each time), and
    // fill the right side: the line stops it again.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+Shift+Z');
    await page.click('.fill-swatch[data-colour="#1c7ed6"]');
    await clickPixel(page, 280, 20);
    await waitForFill(page);
    assert.deepEqual(await pixel(page, 280, 20), [0x1c, 0x7e, 0xd6, 255]);
    assert.deepEqual(await pixel(page, 20, 20), [255, 255, 255, 255], 'the redone line stops it');
    const shown = await page.evaluate(() => Array.from(document.querySelector('.fill-canvas').getContext('2d').getImageData(280, 20, 1, 1).data));
    assert.deepEqual(shown, [0x1c, 0x7e, 0xd6, 255], 'the canvas shows what the document holds');

    // Undo that fill and the line: the next fill runs on the worker's copy, which must have
    // lost the line too, so it now reaches the right side.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.click('.fill-swatch[data-colour="#e03131"]');
    await clickPixel(page, 20, 20);
    await waitForFill(page);
    assert.deepEqual(await pixel(page, 280, 20), [0xe0, 0x31, 0x31, 255], 'no line left to stop it');
    assert.deepEqual(app.errors, []);
  }
});

test('open a PNG, fill it, save it and compare the saved pixels', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  {
    // 60×40 white with a black 1-px ring around (10..49, 5..34) and a red dot outside.
    const w = 60, h = 40;
    const px = new Uint8Array(w * h * 4).fill(255);
    const set = (x, y, c) => px.set(c, (y * w + x) * 4);
    for (let x = 10; x < 50; x++) { set(x, 5, [0, 0, 0, 255]); set(x, 34, [0, 0, 0, 255]); }
    for (let y = 5; y < 35; y++) { set(10, y, [0, 0, 0, 255]); set(49, y, [0, 0, 0, 255]); }
    set(2, 2, [255, 0, 0, 255]);
    await page.setInputFiles('[data-act="open"]', { name: 'ring.png', mimeType: 'image/png', buffer: encodePng(w, h, px) });
    await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '60 × 40');
    assert.match(await page.textContent('[data-msg="file"]'), /Opened ring.png/);

    await page.click('button[data-tool="bucket"]');
    await page.fill('.fill-color', '#7048e8');
    await page.click('[data-conn="8"]');
    await clickPixel(page, 30, 20);
    assert.match(await waitForFill(page, ''), /^Filled 1,064 px/);

    const download = page.waitForEvent('download');
    await page.click('[data-act="save"]');
    const file = join(projectRoot, 'test-results', 'fill-saved.png');
    const saving = await download;
    assert.equal(saving.suggestedFilename(), 'ring-filled.png', 'named after the opened file');
    assert.match(await page.textContent('[data-msg="file"]'), /Saved ring-filled\.png/);
    await saving.saveAs(file);
    const saved = decodePng(await readFile(file));
    assert.equal(saved.width, w);
    assert.equal(saved.height, h);
    const want = Uint8Array.from(px);
    for (let y = 6; y < 34; y++) for (let x = 11; x < 49; x++) want.set([0x70, 0x48, 0xe8, 255], (y * w + x) * 4);
    assert.deepEqual(Array.from(saved.pixels), Array.from(want), 'saved pixels equal the expected fill');

    // A file that is not an image gets a message next to the Open button; the work is kept.
    await page.setInputFiles('[data-act="open"]', { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('hello') });
    await page.waitForFunction(() => document.querySelector('[data-msg="file"]').classList.contains('error'));
    assert.match(await page.textContent('[data-msg="file"]'), /could not be read as an image/);
    assert.deepEqual(await pixel(page, 30, 20), [0x70, 0x48, 0xe8, 255]);
    assert.deepEqual(app.errors, []);
  }
});

test('switching to Contiguous after a global fill is for the next click: the fill made stays', async (t) => {
  const { page, errors } = await openFill(t);
  await page.click('button[data-tool="rect"]');
  await page.click('.fill-swatch[data-colour="#1c2233"]');
  await dragPixels(page, [60, 60], [160, 140], 5);
  await page.click('button[data-tool="bucket"]');
  await page.click('.fill-swatch[data-colour="#2f9e44"]');
  await page.click('[data-mode="global"]');
  await clickPixel(page, 10, 10);
  assert.match(await waitForFill(page, ''), /^Filled/);
  const green = [0x2f, 0x9e, 0x44, 255];
  assert.deepEqual(await pixel(page, 110, 100), green, 'a global fill reaches inside the rectangle');
  const undoSteps = (await snapshot(page)).undo;
  await page.click('[data-mode="contiguous"]');
  await page.waitForTimeout(300);
  assert.deepEqual(await pixel(page, 110, 100), green);
  assert.equal((await snapshot(page)).undo, undoSteps);
  assert.deepEqual(errors, []);
});

test('live tolerance: moving the slider after a fill fills again from the same click, as one undo step', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  // Bands 20 | 38 | 60 across a 30×10 image.
  const w = 30, h = 10;
  const px = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = [20, 38, 60][Math.floor(x / 10)];
      px.set([v, v, v, 255], (y * w + x) * 4);
    }
  }
  await page.setInputFiles('[data-act="open"]', { name: 'steps.png', mimeType: 'image/png', buffer: encodePng(w, h, px) });
  await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '30 × 10');
  await page.click('button[data-tool="bucket"]');
  await page.fill('.fill-color', '#2f9e44');
  await page.uncheck('[data-opt="soft"]');
  await page.locator('[data-opt="tolerance"]').fill('0');
  const green = [0x2f, 0x9e, 0x44, 255];
  await clickPixel(page, 5, 5);
  let before = await waitForFill(page, '');
  assert.deepEqual(await pixel(page, 15, 5), [38, 38, 38, 255]);

  // Wider: the middle band joins, then the last one, with no new click.
  await page.locator('[data-opt="tolerance"]').fill('20');
  before = await waitForFill(page, before);
  assert.deepEqual(await pixel(page, 15, 5), green);
  assert.deepEqual(await pixel(page, 25, 5), [60, 60, 60, 255]);
  await page.locator('[data-opt="tolerance"]').fill('45');
  before = await waitForFill(page, before);
  assert.deepEqual(await pixel(page, 25, 5), green);
  // Narrower again: measured on the pixels the fill started from.
  await page.locator('[data-opt="tolerance"]').fill('10');
  before = await waitForFill(page, before);
  assert.deepEqual(await pixel(page, 5, 5), green);
  assert.deepEqual(await pixel(page, 15, 5), [38, 38, 38, 255]);

  // Four fills' worth of trying is one step (after the opening), and one undo takes it away.
  assert.match(await page.getAttribute('[data-act="undo"]', 'title'), /: 2 steps kept/);
  await page.click('[data-act="undo"]');
  await page.waitForFunction(() => document.querySelector('.fill-viewport').fillDocument().pixels?.[0] === 20);
  assert.deepEqual(await pixel(page, 5, 5), [20, 20, 20, 255]);
  assert.match(await page.getAttribute('[data-act="undo"]', 'title'), /: 1 step kept/);
  assert.deepEqual(app.errors, []);
});

test('colour all regions: every enclosed region of a drawing gets its own colour, in one undo step', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  // Two rectangles drawn on the blank canvas: the paper outside them and their two insides.
  await page.click('button[data-tool="rect"]');
  await page.click('.fill-swatch[data-colour="#1c2233"]');
  for (const [[x0, y0], [x1, y1]] of [[[40, 40], [140, 120]], [[200, 60], [300, 160]]]) {
    await dragPixels(page, [x0, y0], [x1, y1], 4);
  }
  await page.waitForFunction(() => document.querySelector('[data-act="undo"]').title.includes(': 2 steps'));
  await page.click('button[data-tool="bucket"]');
  await page.click('[data-act="regions"]');
  const message = await waitForFill(page, '');
  assert.match(message, /^Coloured 3 regions \([\d,]+ px\) in \d+ ms$/);
  const outside = await pixel(page, 10, 10);
  const first = await pixel(page, 90, 80);
  const second = await pixel(page, 250, 110);
  assert.equal(new Set([outside, first, second].map(String)).size, 3, 'three different colours');
  for (const c of [outside, first, second]) assert.notDeepEqual(c, [255, 255, 255, 255]);
  assert.deepEqual((await pixel(page, 40, 80)).slice(0, 3), [0x1c, 0x22, 0x33], 'the lines stay');
  await screenshot(page, 'fill-all-regions');
  // A second press finds no paper left, and does not take the lines for it.
  await page.click('[data-act="regions"]');
  await page.waitForFunction(() => /coloured already/.test(document.querySelector('[data-msg="canvas"]').textContent));
  assert.deepEqual((await pixel(page, 40, 80)).slice(0, 3), [0x1c, 0x22, 0x33], 'the lines still stay');

  // One undo brings the blank paper back everywhere.
  await page.click('[data-act="undo"]');
  await page.waitForFunction(() => document.querySelector('[data-act="undo"]').title.includes(': 2 steps'));
  assert.deepEqual(await pixel(page, 10, 10), [255, 255, 255, 255]);
  assert.deepEqual(await pixel(page, 90, 80), [255, 255, 255, 255]);
  assert.deepEqual(app.errors, []);
});

test('recent colours keep their places: new ones are added, reused ones do not move', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  const swatches = () => page.$$eval('.fill-swatch', (b) => b.map((x) => x.dataset.colour));
  const start = await swatches();
  await page.click('button[data-tool="bucket"]');
  for (const [colour, x] of [['#123456', 10], ['#abcdef', 30], ['#ffd43b', 50], ['#123456', 70]]) {
    await page.fill('.fill-color', colour);
    await clickPixel(page, x, 10);
    // The page takes no click until a fill has finished, and its pixels change a frame before
    // that: waiting for the pixel alone let the next click land while the page was still busy
    // (a CI run lost one that way). So the fill's end is waited for, then the pixel checked.
    await waitForFill(page);
    const want = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    assert.deepEqual(await page.evaluate((x) => {
      const d = document.querySelector('.fill-viewport').fillDocument();
      const i = (10 * d.width + x) * 4;
      return Array.from(d.pixels.slice(i, i + 3));
    }, x), want, `the fill with ${colour}`);
  }
  assert.deepEqual(await swatches(), [...start, '#123456', '#abcdef'], 'two new colours at the end, nothing reordered');
  assert.equal(await page.getAttribute('.fill-swatch[data-colour="#123456"]', 'aria-pressed'), 'true');
  assert.deepEqual(app.errors, []);
});

test('perceptual tolerance: dark steps count for what the eye sees', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  // Four bands, 18 levels apart in pairs: 20 | 38 | 200 | 218. By channels, tolerance 22 joins
  // each pair; in OKLab the dark step is about 26 and the light one about 19.
  const w = 40, h = 20;
  const px = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = [20, 38, 200, 218][Math.floor(x / 10)];
      px.set([v, v, v, 255], (y * w + x) * 4);
    }
  }
  await page.setInputFiles('[data-act="open"]', { name: 'bands.png', mimeType: 'image/png', buffer: encodePng(w, h, px) });
  await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '40 × 20');
  await page.click('button[data-tool="bucket"]');
  await page.fill('.fill-color', '#e03131');
  await page.uncheck('[data-opt="soft"]');
  await page.locator('[data-opt="tolerance"]').fill('22');
  assert.equal(await page.textContent('[data-opt="tolerance"] + output'), '22');
  const red = [0xe0, 0x31, 0x31, 255];

  assert.equal(await page.getAttribute('[data-metric="max"]', 'aria-pressed'), 'true');
  await clickPixel(page, 5, 10);
  await waitForFill(page, '');
  assert.deepEqual(await pixel(page, 15, 10), red, 'by channels the dark step is taken in');
  await page.click('[data-act="undo"]');
  await page.waitForFunction(() => document.querySelector('.fill-viewport').fillDocument().pixels?.[0] === 20);

  await page.click('[data-metric="oklab"]');
  assert.equal(await page.getAttribute('[data-metric="oklab"]', 'aria-pressed'), 'true');
  let before = await page.textContent('.fill-result');
  await clickPixel(page, 5, 10);
  await waitForFill(page, before);
  assert.deepEqual(await pixel(page, 5, 10), red);
  assert.deepEqual(await pixel(page, 15, 10), [38, 38, 38, 255], 'perceptually the dark step is too big');
  before = await page.textContent('.fill-result');
  await clickPixel(page, 25, 10);
  await waitForFill(page, before);
  assert.deepEqual(await pixel(page, 35, 10), red, 'the light step of the same size is not');

  // The choice is kept with the other bucket settings.
  await page.reload();
  await ready(page);
  assert.equal(await page.getAttribute('[data-metric="oklab"]', 'aria-pressed'), 'true');
  assert.deepEqual(app.errors, []);
});

/** Sends PNG bytes to the page as a dropped file or a pasted image. */
async function sendImage(page, how, name, bytes) {
  await page.evaluate(([how, name, data]) => {
    const file = new File([new Uint8Array(data)], name, { type: 'image/png' });
    const dt = new DataTransfer();
    dt.items.add(file);
    if (how === 'drop') {
      const vp = document.querySelector('.fill-viewport');
      vp.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }));
      vp.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    } else {
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }
  }, [how, name, Array.from(bytes)]);
}

test('drop and paste open images; oversized ones are refused; pen, eraser, zoom, undo of open', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  {
    const green = new Uint8Array(20 * 10 * 4);
    for (let i = 0; i < 200; i++) green.set([0, 200, 0, 255], i * 4);
    await sendImage(page, 'drop', 'green.png', encodePng(20, 10, green));
    await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '20 × 10');
    assert.deepEqual(await pixel(page, 5, 5), [0, 200, 0, 255]);
    // A tiny image opens zoomed in to fit.
    assert.notEqual(await page.textContent('.fill-zoom [data-role=zoom]'), '100%');

    const wide = new Uint8Array(8193 * 4).fill(255);
    await sendImage(page, 'paste', 'wide.png', encodePng(8193, 1, wide));
    // Answered under the canvas, where a dropped or pasted image shows, and in view.
    await page.waitForFunction(() => document.querySelector('[data-msg="canvas"]').classList.contains('error'));
    assert.match(await page.textContent('[data-msg="canvas"]'), /8193×1; the largest image this page opens is 8192×8192/);
    assert.ok(await inViewport(page.locator('[data-msg="canvas"]')), 'the refusal is on screen');
    assert.equal(await page.textContent('.fill-size'), '20 × 10', 'the open image is kept');

    const blue = new Uint8Array(30 * 30 * 4);
    for (let i = 0; i < 900; i++) blue.set([0, 0, 255, 255], i * 4);
    await sendImage(page, 'paste', 'blue.png', encodePng(30, 30, blue));
    await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '30 × 30');

    // Pen then eraser strokes change pixels; each is one undo step.
    await page.keyboard.press('p');
    await page.click('.fill-swatch[data-colour="#ffd43b"]');
    await dragPixels(page, [3, 15], [26, 15], 8);
    const stroked = await pixel(page, 15, 15);
    assert.ok(stroked[0] > 200 && stroked[2] < 100, `the pen paints yellow: ${stroked}`);
    await page.keyboard.press('e');
    await dragPixels(page, [15, 3], [15, 26], 8);
    assert.equal((await pixel(page, 15, 8))[3], 0, 'the eraser clears to transparent');
    await page.keyboard.press('Control+z');
    assert.equal((await pixel(page, 15, 8))[3], 255);
    await page.keyboard.press('Control+z');
    assert.deepEqual(await pixel(page, 15, 15), [0, 0, 255, 255]);

    // Zoom with the keyboard and the buttons.
    const zoom0 = await page.textContent('.fill-zoom [data-role=zoom]');
    await page.keyboard.press('1');
    assert.equal(await page.textContent('.fill-zoom [data-role=zoom]'), '100%');
    await page.click('[data-act="zoom-in"]');
    assert.equal(await page.textContent('.fill-zoom [data-role=zoom]'), '125%');
    await page.keyboard.press('0');
    assert.equal(await page.textContent('.fill-zoom [data-role=zoom]'), zoom0);

    // Undo of an open brings the previous image back, redo the new one.
    await page.keyboard.press('Control+z');
    assert.equal(await page.textContent('.fill-size'), '20 × 10');
    assert.deepEqual(await pixel(page, 5, 5), [0, 200, 0, 255]);
    await page.keyboard.press('Control+y');
    assert.equal(await page.textContent('.fill-size'), '30 × 30');
    assert.deepEqual(await pixel(page, 5, 5), [0, 0, 255, 255]);
    assert.deepEqual(app.errors, []);
  }
});

test('a 4096×4096 canvas fills in the worker', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  {
    await page.selectOption('.fill-new-size', '4096x4096');
    await page.click('[data-act="new"]');
    await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '4096 × 4096');
    await page.click('button[data-tool="bucket"]');
    await page.click('[data-conn="4"]');
    await page.click('.fill-swatch[data-colour="#f08c00"]');
    let before = '';
    for (let i = 0; i < 3; i++) {
      await page.click(i % 2 ? '.fill-swatch[data-colour="#1c7ed6"]' : '.fill-swatch[data-colour="#f08c00"]');
      await clickPixel(page, 2000, 2000);
      before = await waitForFill(page, before);
      assert.match(before, /^Filled 16,777,216 px/);
    }
    const ms = await page.getAttribute('.fill-viewport', 'data-last-fill-ms');
    console.log(`# click-to-painted on 4096×4096: ${ms} ms`);
    assert.deepEqual(await pixel(page, 4095, 4095), [0xf0, 0x8c, 0x00, 255]);
    await page.click('[data-act="undo"]');
    assert.deepEqual(await pixel(page, 0, 0), [0x1c, 0x7e, 0xd6, 255]);
    // A new canvas drops the last fill's figures: they were about the picture that went.
    await page.selectOption('.fill-new-size', '1280x800');
    await page.click('[data-act="new"]');
    await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '1280 × 800');
    assert.equal(await page.textContent('.fill-result'), '');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '4096 × 4096');

    // Escape right after a click cancels the fill if it is still running; either way the image
    // is whole and matches what the page says.
    await page.click('.fill-swatch[data-colour="#e03131"]');
    await clickPixel(page, 2000, 2000);
    await page.keyboard.press('Escape');
    const outcome = await waitForFill(page, '');
    if (/cancelled/.test(outcome)) assert.deepEqual(await pixel(page, 10, 10), [0x1c, 0x7e, 0xd6, 255]);
    else assert.deepEqual(await pixel(page, 10, 10), [0xe0, 0x31, 0x31, 255]);
    await clickPixel(page, 2000, 2000);
    // Wait for this click's own message: the last one may already read "Filled…".
    assert.match(await waitForFill(page, outcome), /^Filled|Already/);
    assert.deepEqual(await pixel(page, 10, 10), [0xe0, 0x31, 0x31, 255], 'the next fill works');
    assert.deepEqual(app.errors, []);
  }
});

test('touch: a tap fills, a drag draws', async (t) => {
  const { page, context, errors } = await openFill(t, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  {
    await page.tap('button[data-tool="bucket"]');
    await page.tap('.fill-swatch[data-colour="#7048e8"]');
    await page.evaluate(() => window.scrollTo(0, 0));
    const p = await screenOf(page, 40, 40);
    await page.touchscreen.tap(p.x, p.y);
    assert.match(await waitForFill(page, ''), /^Filled/);
    assert.deepEqual(await pixel(page, 40, 40), [0x70, 0x48, 0xe8, 255]);

    // A one-finger drag with the pen, as pointer events of type touch.
    await page.tap('button[data-tool="pen"]');
    await page.tap('.fill-swatch[data-colour="#1c2233"]');
    await page.evaluate(() => window.scrollTo(0, 0));
    const a = await screenOf(page, 20, 100), b = await screenOf(page, 120, 100);
    const cdp = await context.newCDPSession(page);
    const touch = (type, pt) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pt ? [{ x: pt.x, y: pt.y }] : [] });
    await touch('touchStart', a);
    for (let i = 1; i <= 8; i++) await touch('touchMove', { x: a.x + (b.x - a.x) * i / 8, y: a.y });
    await touch('touchEnd');
    await page.waitForFunction(() => !document.querySelector('[data-act="undo"]').disabled);
    const drawn = await pixel(page, 70, 100);
    assert.equal(drawn[0], 0x1c, `the pen stroke is drawn: ${drawn}`);
    assert.deepEqual(errors, []);
  }
});

test('touch: a pinch with the bucket zooms and fills nothing, even when one finger lands first', async (t) => {
  const { page, context, errors } = await openFill(t, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.tap('button[data-tool="bucket"]');
  await page.tap('.fill-swatch[data-colour="#7048e8"]');
  await page.evaluate(() => window.scrollTo(0, 0));
  const before = await pixel(page, 60, 60);
  const zoom0 = await page.textContent('.fill-zoom [data-role=zoom]');
  const a = await screenOf(page, 60, 60), b = await screenOf(page, 100, 100);
  const cdp = await context.newCDPSession(page);
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  // One finger, a moment later the second, then they spread apart and lift.
  await touch('touchStart', [a]);
  await page.waitForTimeout(60);
  await touch('touchStart', [a, b]);
  for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: a.x - 6 * i, y: a.y - 6 * i }, { x: b.x + 6 * i, y: b.y + 6 * i }]);
  await touch('touchEnd', [{ x: b.x + 36, y: b.y + 36 }]);
  await touch('touchEnd', []);
  await page.waitForTimeout(300);
  assert.notEqual(await page.textContent('.fill-zoom [data-role=zoom]'), zoom0, 'the pinch zoomed');
  assert.deepEqual(await pixel(page, 60, 60), before, 'nothing was filled');
  assert.ok(await page.isDisabled('[data-act="undo"]'), 'no change to undo');
  assert.deepEqual(errors, []);
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 390]) {
    test(`looks right: ${colorScheme}, ${width} px wide`, async (t) => {
      const app = await openFill(t, { colorScheme, viewport: { width, height: width < 600 ? 844 : 900 } });
      const { page } = app;
      {
        await page.click('button[data-tool="ellipse"]');
        await page.click('.fill-swatch[data-colour="#1c2233"]');
        await page.evaluate(() => window.scrollTo(0, 0));
        const vp = await page.locator('.fill-viewport').boundingBox();
        await page.mouse.move(vp.x + vp.width * 0.25, vp.y + vp.height * 0.25);
        await page.mouse.down();
        await page.mouse.move(vp.x + vp.width * 0.7, vp.y + vp.height * 0.75, { steps: 5 });
        await page.mouse.up();
        await page.click('button[data-tool="bucket"]');
        await page.click('.fill-swatch[data-colour="#ffd43b"]');
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.mouse.click(vp.x + vp.width * 0.45, vp.y + vp.height * 0.5);
        assert.match(await waitForFill(page, ''), /^Filled/);
        // Every control is reachable: the panel and toolbar fit the width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert.equal(overflow, false, 'no horizontal scrolling');
        await screenshot(page, `fill-${colorScheme}-${width}`);
        assert.deepEqual(app.errors, []);
      }
    });
  }
}

/** The whole picture as a hash-like summary (sum and a few samples), plus the undo count. */
async function snapshot(page) {
  await page.waitForFunction(() => document.querySelector('.fill-viewport').fillDocument().pixels);
  return page.evaluate(() => {
    const d = document.querySelector('.fill-viewport').fillDocument();
    let sum = 0;
    for (let i = 0; i < d.pixels.length; i += 7) sum = (sum * 31 + d.pixels[i]) % 1000000007;
    return { width: d.width, height: d.height, sum, undo: d.undoSteps };
  });
}

test('the drawing and its undo history survive navigation, reload and a new tab', async (t) => {
  const { page, context, errors } = await openFill(t);
  await page.click('button[data-tool="rect"]');
  await page.click('.fill-swatch[data-colour="#1c2233"]');
  await dragPixels(page, [60, 60], [200, 160], 5);
  await page.click('button[data-tool="bucket"]');
  await page.click('.fill-swatch[data-colour="#2f9e44"]');
  await clickPixel(page, 120, 110);
  assert.match(await waitForFill(page, ''), /^Filled/);
  const drawn = await snapshot(page);
  assert.equal(drawn.undo, 2, 'a stroke and a fill');
  assert.deepEqual(await pixel(page, 120, 110), [0x2f, 0x9e, 0x44, 255]);
  await page.waitForFunction(() => document.querySelector('.fill-viewport').dataset.savedRevision);

  // Away to another tool and back: the same pixels, and Undo still takes the fill back.
  await page.click('.tool-nav a[data-tool="voltorb"]');
  await waitForPage(page, 'voltorb');
  await page.goBack();
  await waitForPage(page, 'fill');
  await ready(page);
  assert.equal(await page.getAttribute('.fill-viewport', 'data-restored'), 'saved');
  assert.deepEqual(await snapshot(page), drawn);

  // Reload: the same again.
  await page.reload();
  await ready(page);
  assert.deepEqual(await snapshot(page), drawn);
  await page.click('[data-act="undo"]');
  assert.deepEqual(await pixel(page, 120, 110), [255, 255, 255, 255], 'undo after reload takes the fill back');
  assert.equal((await snapshot(page)).undo, 1);
  await page.waitForFunction((undo) => {
    const vp = document.querySelector('.fill-viewport');
    return vp.dataset.savedRevision && vp.fillDocument().undoSteps === undo;
  }, 1);
  const undone = await snapshot(page);

  // A new tab of the same browser profile (the tab was closed): the undone state, with redo.
  await page.close();
  const again = await context.newPage();
  await again.goto(browser.url + '#/fill');
  await ready(again);
  assert.deepEqual(await snapshot(again), undone);
  await again.click('[data-act="redo"]');
  assert.deepEqual(await pixel(again, 120, 110), [0x2f, 0x9e, 0x44, 255], 'redo survives too');
  assert.deepEqual(errors, []);
});

test('a stroke survives a reload made soon after it', async (t) => {
  const { page, errors } = await openFill(t);
  await page.click('button[data-tool="rect"]');
  await page.click('.fill-swatch[data-colour="#1c2233"]');
  await dragPixels(page, [40, 40], [90, 80], 3);
  const drawn = await snapshot(page);
  assert.equal(drawn.undo, 1);
  // A small picture is saved right after the edit, and again on the way out (a reload within
  // 0.6 s of a stroke, before the page's save was due, used to lose it).
  await page.waitForTimeout(250);
  await page.reload();
  await ready(page);
  assert.deepEqual(await snapshot(page), drawn);
  assert.deepEqual(errors, []);
});

test('the wheel zooms by steps a hand can follow, and a sideways scroll pans', async (t) => {
  const { page, errors } = await openFill(t);
  const scale = () => page.evaluate(() => {
    const c = document.querySelector('.fill-canvas');
    return c.getBoundingClientRect().width / c.width;
  });
  const left = () => page.evaluate(() => document.querySelector('.fill-canvas').getBoundingClientRect().left);
  const box = await page.locator('.fill-viewport').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // One mouse notch, with or without Ctrl: a step of about a sixth.
  for (const key of [null, 'Control']) {
    const before = await scale();
    if (key) await page.keyboard.down(key);
    await page.mouse.wheel(0, -100);
    if (key) await page.keyboard.up(key);
    await page.waitForFunction((b) => {
      const c = document.querySelector('.fill-canvas');
      return c.getBoundingClientRect().width / c.width !== b;
    }, before);
    const ratio = (await scale()) / before;
    assert.ok(ratio > 1.1 && ratio < 1.3, `${key ?? 'plain'} notch zoomed ×${ratio.toFixed(2)}`);
  }
  // A fast flick is one event of a big delta: at most 2×.
  const before = await scale();
  await page.mouse.wheel(0, -600);
  await page.waitForFunction((b) => document.querySelector('.fill-canvas').getBoundingClientRect().width / document.querySelector('.fill-canvas').width !== b, before);
  assert.ok((await scale()) / before <= 2.001);
  // Sideways: the picture moves, the zoom stays.
  const [x0, z0] = [await left(), await scale()];
  await page.mouse.wheel(80, 0);
  await page.waitForFunction((x) => document.querySelector('.fill-canvas').getBoundingClientRect().left !== x, x0);
  assert.ok(Math.abs((await left()) - (x0 - 80)) < 1);
  assert.equal(await scale(), z0);
  assert.deepEqual(errors, []);
});

test('a 4096×4096 picture is saved and restored', async (t) => {
  const { page } = await openFill(t);
  await page.selectOption('.fill-new-size', '4096x4096');
  await page.click('[data-act="new"]');
  await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '4096 × 4096');
  // A new blank picture is saved as its colour, and comes back as that picture.
  await waitForSaved(page);
  const blankSave = Number(await page.getAttribute('.fill-viewport', 'data-last-save-ms'));
  await page.reload();
  await ready(page);
  assert.equal(await page.textContent('.fill-size'), '4096 × 4096');
  assert.deepEqual(await pixel(page, 4095, 4095), [255, 255, 255, 255]);
  assert.equal(await page.evaluate(() => document.querySelector('.fill-viewport').fillDocument().undoSteps), 1, 'the New step is kept');
  console.log(`# saving a new blank 4096×4096 picture: ${blankSave} ms`);
  await page.click('button[data-tool="bucket"]');
  await page.click('.fill-swatch[data-colour="#7048e8"]');
  await clickPixel(page, 100, 100);
  assert.match(await waitForFill(page, ''), /^Filled 16,777,216 px/);
  // Saved up to the fill itself, not only the new canvas before it.
  await page.waitForFunction(() => document.querySelector('.fill-viewport').fillDocument().undoSteps === 2);
  await waitForSaved(page);
  console.log(`# saving a 4096×4096 picture with its history: ${await page.getAttribute('.fill-viewport', 'data-last-save-ms')} ms`);
  await page.reload();
  await ready(page);
  assert.equal(await page.textContent('.fill-size'), '4096 × 4096');
  assert.deepEqual(await pixel(page, 4000, 4000), [0x70, 0x48, 0xe8, 255]);
});

test('an 8192×8192 picture (past the browser\'s 127 MB limit on one stored value) is saved and restored', async (t) => {
  const { page, errors } = await openFill(t);
  await page.selectOption('.fill-new-size', '8192x8192');
  await page.click('[data-act="new"]');
  await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '8192 × 8192');
  await page.click('button[data-tool="bucket"]');
  await page.click('.fill-swatch[data-colour="#e03131"]');
  await clickPixel(page, 8000, 8000);
  assert.match(await waitForFill(page, ''), /^Filled 67,108,864 px/);
  await waitForSaved(page, 60000);
  await page.reload();
  await ready(page);
  assert.equal(await page.textContent('.fill-size'), '8192 × 8192');
  assert.deepEqual(await pixel(page, 10, 8191), [0xe0, 0x31, 0x31, 255]);
  assert.deepEqual(errors, []);
});

test('on a phone the canvas, the colour and the bucket tolerance are on screen together', async (t) => {
  for (const colorScheme of ['light', 'dark']) {
    const { page } = await openFill(t, { ...PHONE, colorScheme });
    await page.tap('button[data-tool="bucket"]');
    assert.ok(await inViewport(page.locator('.fill-viewport')), 'the canvas is wholly visible');
    assert.ok(await inViewport(page.locator('.fill-color')), 'the colour picker is visible');
    assert.ok(await inViewport(page.locator('[data-opt="tolerance"]')), 'the tolerance slider is visible');
    assert.ok(await inViewport(page.locator('button[data-tool="bucket"]')), 'the tools are visible');
    await screenshot(page, `fill-phone-${colorScheme}`, { fullPage: false });
    await assertAccessible(page, `fill phone ${colorScheme}`);
  }
});

test('after a fill or a panel button, the keys still reach the canvas', async (t) => {
  const { page } = await openFill(t);
  await page.click('button[data-tool="bucket"]');
  await clickPixel(page, 20, 20);
  assert.match(await waitForFill(page, ''), /^Filled/);
  await page.click('[data-act="undo"]');
  await page.waitForFunction(() => document.querySelector('[data-act="undo"]').disabled);
  const focused = await page.evaluate(() => document.activeElement.className);
  assert.ok(!/^$/.test(focused) && await page.evaluate(() => document.activeElement !== document.body), 'focus is not on <body>');
  await page.keyboard.press('Control+Shift+Z');
  assert.notDeepEqual(await pixel(page, 20, 20), [255, 255, 255, 255], 'Ctrl+Shift+Z redid the fill');
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    await assertAccessible(page, `fill desktop ${colorScheme}`);
  }
});

test('fill under lines: the colour reaches into an antialiased line up to its darkest row, as the option asks', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  // White paper split by a soft line: rows 8–12 are 170, 85, 0, 85, 170.
  const w = 20, h = 20;
  const px = new Uint8Array(w * h).fill(255);
  const rgba = new Uint8Array(w * h * 4);
  [[8, 170], [9, 85], [10, 0], [11, 85], [12, 170]].forEach(([row, v]) => px.fill(v, row * w, row * w + w));
  px.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
  await page.setInputFiles('[data-act="open"]', { name: 'line.png', mimeType: 'image/png', buffer: encodePng(w, h, rgba) });
  await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '20 × 20');
  await page.click('button[data-tool="bucket"]');
  await page.fill('.fill-color', '#e03131');
  await page.uncheck('[data-opt="soft"]');
  await page.locator('[data-opt="tolerance"]').fill('10');
  const red = [0xe0, 0x31, 0x31, 255];
  // Without the option the halo stays: the line's pale edge keeps its grey.
  await clickPixel(page, 5, 2);
  await waitForFill(page, '');
  assert.deepEqual(await pixel(page, 5, 8), [170, 170, 170, 255]);
  await page.click('[data-act="undo"]');
  await page.waitForFunction(() => document.querySelector('.fill-viewport').fillDocument().pixels?.[0] === 255);
  // With "Under lines" at 4 px the fill runs down the soft edge to the line's centre, no further.
  await page.locator('[data-opt="grow"]').fill('4');
  assert.equal(await page.textContent('[data-opt="grow"] + output'), '4 px');
  await clickPixel(page, 5, 2);
  await waitForFill(page, '');
  for (const y of [7, 8, 9, 10]) assert.deepEqual(await pixel(page, 5, y), red, `row ${y}`);
  assert.deepEqual(await pixel(page, 5, 11), [85, 85, 85, 255]);
  assert.deepEqual(await pixel(page, 5, 16), [255, 255, 255, 255]);
  assert.deepEqual(app.errors, []);
});

/** Opens white paper (60 × 40) split by a black wall down column 30, open for 3 rows (18–20). */
async function openWall(page) {
  const w = 60, h = 40;
  const rgba = new Uint8Array(w * h * 4).fill(255);
  for (let y = 0; y < h; y++) if (y < 18 || y > 20) rgba.set([0, 0, 0, 255], (y * w + 30) * 4);
  await page.setInputFiles('[data-act="open"]', { name: 'wall.png', mimeType: 'image/png', buffer: encodePng(w, h, rgba) });
  await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '60 × 40');
}

test('gap closing you can see: hovering the bucket marks where the fill will stop at a gap', async (t) => {
  const app = await openFill(t);
  const { page } = app;
  await openWall(page);
  await page.click('button[data-tool="bucket"]');
  await page.uncheck('[data-opt="soft"]');
  await page.locator('[data-opt="gap"]').fill('4');
  // Hover the left side: the three pixels across the opening are marked.
  const left = await screenOf(page, 10, 10);
  await page.mouse.move(left.x, left.y);
  await page.waitForFunction(() => document.querySelector('.fill-viewport').dataset.gapPreview === '3');
  const marked = await screenOf(page, 30, 19);
  const overlayAt = await page.evaluate(([x, y]) => {
    const o = document.querySelector('.fill-overlay');
    const r = o.getBoundingClientRect();
    const sx = Math.floor((x - r.left) * o.width / r.width), sy = Math.floor((y - r.top) * o.height / r.height);
    return Array.from(o.getContext('2d').getImageData(sx, sy, 1, 1).data);
  }, [marked.x, marked.y]);
  assert.ok(overlayAt[3] > 200 && overlayAt[0] > 200 && overlayAt[1] < 80, `overlay at the gap: ${overlayAt}`);
  await screenshot(page, 'fill-gap-preview');
  // The fill stops there: the right side stays white.
  await page.fill('.fill-color', '#1971c2');
  await page.mouse.click(left.x, left.y);
  await waitForFill(page, '');
  assert.deepEqual(await pixel(page, 10, 10), [0x19, 0x71, 0xc2, 255]);
  assert.deepEqual(await pixel(page, 45, 10), [255, 255, 255, 255]);
  // Gap closing off: nothing is marked.
  await page.locator('[data-opt="gap"]').fill('0');
  await page.waitForFunction(() => !('gapPreview' in document.querySelector('.fill-viewport').dataset));
  assert.deepEqual(app.errors, []);
});

test('gap closing on a phone: while a finger is down the marks show under it, and lifting it fills', async (t) => {
  const { page, context, errors } = await openFill(t, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await openWall(page);
  await page.tap('button[data-tool="bucket"]');
  await page.uncheck('[data-opt="soft"]');
  await page.locator('[data-opt="gap"]').fill('4');
  await page.fill('.fill-color', '#1971c2');
  await page.evaluate(() => window.scrollTo(0, 0));
  const left = await screenOf(page, 10, 10);
  const cdp = await context.newCDPSession(page);
  const touch = (type, pt) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pt ? [{ x: pt.x, y: pt.y }] : [] });
  await touch('touchStart', left);
  await page.waitForFunction(() => document.querySelector('.fill-viewport').dataset.gapPreview === '3');
  assert.equal(await page.getAttribute('.fill-viewport', 'data-fills-done'), null, 'nothing is filled while the finger is down');
  await screenshot(page, 'fill-gap-preview-touch');
  await touch('touchEnd');
  await waitForFill(page, '');
  assert.deepEqual(await pixel(page, 10, 10), [0x19, 0x71, 0xc2, 255]);
  assert.deepEqual(await pixel(page, 45, 10), [255, 255, 255, 255], 'stopped at the gap');
  await page.waitForFunction(() => !('gapPreview' in document.querySelector('.fill-viewport').dataset));
  assert.deepEqual(errors, []);
});

test('the colour picker (I, or Alt+click with any tool) takes the picture\'s colour', async (t) => {
  const { page, errors } = await openFill(t);
  const two = new Uint8Array(20 * 10 * 4);
  for (let i = 0; i < 200; i++) two.set(i % 20 < 10 ? [0, 200, 0, 255] : [18, 52, 86, 255], i * 4);
  await sendImage(page, 'drop', 'two.png', encodePng(20, 10, two));
  await page.waitForFunction(() => document.querySelector('.fill-size').textContent === '20 × 10');
  await page.keyboard.press('i');
  assert.equal(await page.getAttribute('button[data-tool="picker"]', 'aria-pressed'), 'true');
  await clickPixel(page, 3, 5);
  assert.equal(await page.inputValue('.fill-color'), '#00c800');
  assert.match(await page.textContent('[data-msg="canvas"]'), /Picked #00c800/);
  // With the pen, Alt+click picks instead of painting.
  await page.keyboard.press('p');
  const p = await screenOf(page, 15, 5);
  await page.keyboard.down('Alt');
  await page.mouse.click(p.x, p.y);
  await page.keyboard.up('Alt');
  assert.equal(await page.inputValue('.fill-color'), '#123456');
  assert.deepEqual(await pixel(page, 15, 5), [18, 52, 86, 255], 'nothing was painted');
  // The picked colour joins the recent swatches, selected.
  assert.equal(await page.getAttribute('.fill-swatch[data-colour="#123456"]', 'aria-pressed'), 'true');
  assert.deepEqual(errors, []);
});
