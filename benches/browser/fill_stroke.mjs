// Pointer to painted while drawing on a 4096×4096 picture: a pen stroke dragged with real
// pointer events; the page times each move from the event's time stamp to the animation frame
// that shows the new segment (`data-stroke-ms`). The median and the slowest of the moves are
// reported: drawing is smooth when every move is on screen within a frame (16.7 ms at 60 Hz).

export async function bench({ page, quick }) {
  const size = quick ? '1920x1080' : '4096x4096';
  const label = size.replace('x', '×');
  await page.evaluate(() => { location.hash = '#/fill'; });
  await page.waitForSelector('.fill-viewport[data-restored]');
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2; };
  try {
    await page.selectOption('.fill-new-size', size);
    await page.click('[data-act="new"]');
    await page.waitForFunction((text) => document.querySelector('.fill-size').textContent === text, label.replace('×', ' × '));
    await page.click('button[data-tool="pen"]');
    const box = await page.locator('.fill-canvas').boundingBox();
    const times = [];
    for (let stroke = 0; stroke < 3; stroke++) {
      const y = box.y + box.height * (0.3 + 0.2 * stroke);
      await page.mouse.move(box.x + box.width * 0.1, y);
      await page.mouse.down();
      for (let i = 1; i <= 40; i++) {
        await page.mouse.move(box.x + box.width * (0.1 + 0.8 * i / 40), y + Math.sin(i / 4) * box.height * 0.05);
      }
      await page.waitForFunction(() => (document.querySelector('.fill-viewport').dataset.strokeMs || '').split(',').length >= 40);
      times.push(...(await page.getAttribute('.fill-viewport', 'data-stroke-ms')).split(',').map(Number));
      await page.mouse.up();
    }
    return [
      { tool: 'fill', name: `pen on ${label}, pointer to painted (median)`, value: median(times), unit: 'ms', target: '≤16.7 ms (a frame)' },
      { tool: 'fill', name: `pen on ${label}, pointer to painted (slowest)`, value: Math.max(...times), unit: 'ms', target: 'report' },
    ];
  } finally {
    await page.evaluate(() => { location.hash = '#/'; });
  }
}
