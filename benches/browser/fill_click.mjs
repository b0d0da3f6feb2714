// Click to painted on the Flood fill page, from real pointer events: a new blank canvas, the
// bucket with the page's default options, clicks at the canvas centre in alternating colours
// (once the page's fill worker holds the new picture).
// The page times each fill from the pointer event's time stamp to the first animation frame
// after the changed pixels are on the canvas (`data-last-fill-ms`). The first fill after the
// canvas is made and the median of the later ones are reported, for 4096² and 8192².

export async function bench({ page, quick }) {
  const sizes = quick ? ['1920x1080'] : ['4096x4096', '8192x8192'];
  const later = quick ? 3 : 7;
  await page.evaluate(() => { location.hash = '#/fill'; });
  await page.waitForSelector('.fill-viewport[data-restored]');
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2; };
  const rows = [];
  try {
    for (const size of sizes) {
      const label = size.replace('x', '×');
      await page.selectOption('.fill-new-size', size);
      const loads = Number(await page.getAttribute('.fill-viewport', 'data-loads-held') || 0);
      await page.click('[data-act="new"]');
      await page.waitForFunction((text) => document.querySelector('.fill-size').textContent === text, label.replace('×', ' × '));
      // The first fill is timed once the fill worker holds the new picture (as by the time a
      // person has aimed a click): it includes the first run of the fill on that picture, not
      // the copy of the picture into the worker.
      await page.waitForFunction((n) => Number(document.querySelector('.fill-viewport').dataset.loadsHeld || 0) > n, loads, { timeout: 60000 });
      const loadMs = Number(await page.getAttribute('.fill-viewport', 'data-last-load-ms'));
      rows.push({ tool: 'fill', name: `new ${label} picture into the fill worker (fill.load)`, value: loadMs, unit: 'ms', target: 'report' });
      await page.click('button[data-tool="bucket"]');
      const times = [];
      for (let i = 0; i <= later; i++) {
        await page.click(i % 2 ? '.fill-swatch[data-colour="#1c7ed6"]' : '.fill-swatch[data-colour="#f08c00"]');
        const done = Number(await page.getAttribute('.fill-viewport', 'data-fills-done') || 0);
        const saved = await page.getAttribute('.fill-viewport', 'data-saved-revision');
        const box = await page.locator('.fill-canvas').boundingBox();
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await page.waitForFunction((n) => Number(document.querySelector('.fill-viewport').dataset.fillsDone || 0) > n, done, { timeout: 60000 });
        times.push(Number(await page.getAttribute('.fill-viewport', 'data-last-fill-ms')));
        // Let the picture's save (a copy of the whole buffer) finish, so it does not land in
        // the next fill's time: a person does not click twice within the save delay either.
        await page.waitForFunction((s) => document.querySelector('.fill-viewport').dataset.savedRevision !== s, saved, { timeout: 60000 });
      }
      rows.push({ tool: 'fill', name: `click to painted, ${label} first fill`, value: times[0], unit: 'ms', target: size === '8192x8192' ? '≤150 ms' : '≤50 ms' });
      rows.push({ tool: 'fill', name: `click to painted, ${label} later fills (median)`, value: median(times.slice(1)), unit: 'ms', target: size === '8192x8192' ? '≤150 ms' : '≤50 ms' });
    }
  } finally {
    // Leave the page, so the big picture is not kept while the other benches run.
    await page.evaluate(() => { location.hash = '#/'; });
  }
  return rows;
}
