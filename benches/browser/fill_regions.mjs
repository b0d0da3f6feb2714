// Colour all regions on the page: the same 4096² line-art grid as the native row (lines every
// 64 px, so 4,096 cells), opened as a PNG, soft edges on (the page's default); timed from the
// click on "Colour all regions" to the frame after the picture shows every region (the page's
// own figure in its result line).
import { encodePng } from '../../tests/e2e/fill_png.mjs';

export async function bench({ page, quick }) {
  const side = quick ? 1024 : 4096;
  const cell = 64;
  const rgba = new Uint8Array(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (x % cell === 0 || y % cell === 0) rgba.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  const png = encodePng(side, side, rgba);
  await page.evaluate(() => { location.hash = '#/fill'; });
  await page.waitForSelector('.fill-viewport[data-restored]');
  const times = [];
  let regions = 0;
  try {
    await page.setInputFiles('[data-act="open"]', { name: 'grid.png', mimeType: 'image/png', buffer: png });
    await page.waitForFunction((text) => document.querySelector('.fill-size').textContent === text, `${side} × ${side}`);
    await page.click('button[data-tool="bucket"]');
    for (let round = 0; round < (quick ? 1 : 3); round++) {
      const done = Number(await page.getAttribute('.fill-viewport', 'data-fills-done') || 0);
      await page.click('[data-act="regions"]');
      await page.waitForFunction((n) => Number(document.querySelector('.fill-viewport').dataset.fillsDone || 0) > n, done, { timeout: 120000 });
      const line = await page.textContent('.fill-result');
      const m = /Coloured ([\d,]+) regions? .* in (\d+) ms/.exec(line);
      if (!m) throw new Error(`unexpected result: ${line}`);
      regions = Number(m[1].replace(/,/g, ''));
      times.push(Number(m[2]));
      // Back to the plain grid for the next round.
      await page.click('[data-act="undo"]');
    }
  } finally {
    await page.evaluate(() => { location.hash = '#/'; });
  }
  times.sort((a, b) => a - b);
  return [{ tool: 'fill', name: `all regions ${side}² (${regions} cells, soft)`, value: times[times.length >> 1], unit: 'ms', target: 'report' }];
}
