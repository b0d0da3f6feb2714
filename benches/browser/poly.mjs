// Tiling in the browser: Meteor (all 2,098 solutions with the smallest and largest) and the
// pentomino boards (all and distinct solutions), each run timed inside the worker, set-up
// included; the figure is the median of the runs. Row names match the native bench's.
const BOARDS = [
  ['6x10', '10x6', 2339, '< 150 ms (dancing links ~1.6 s)'],
  ['5x12', '12x5', 1010, ''],
  ['4x15', '15x4', 368, ''],
  ['3x20', '20x3', 2, ''],
  ['8x8 centre hole', 'pentominoes-8x8', 65, ''],
];

export async function bench({ page, quick }) {
  const runs = quick ? 3 : 11;
  const rows = [];
  const run = (args) => page.evaluate(async (a) => {
    const { engine } = await import('/engine.js');
    return engine.run('poly.bench', a);
  }, args);

  const meteor = await run({ mode: 'meteor', runs });
  if (meteor.total !== 2098) throw new Error(`meteor found ${meteor.total} solutions, not 2098`);
  rows.push({ tool: 'poly', name: 'meteor all 2098', value: median(meteor.samples_ms), unit: 'ms', target: '< 60 ms in Chromium' });

  for (const [name, board, want, target] of BOARDS) {
    const r = await run({ mode: 'count', board, pieces: 'pentominoes', runs });
    if (r.distinct !== want) throw new Error(`pentominoes ${name}: ${r.distinct} distinct, expected ${want}`);
    rows.push({ tool: 'poly', name: `pentominoes ${name} all ${want} distinct`, value: median(r.samples_ms), unit: 'ms', target });
  }

  // One worker against the search in two parts on two workers (engine.map), timed around the
  // ops as the page runs them; the counts must agree.
  const speedups = [];
  for (let i = 0; i < (quick ? 1 : 5); i++) {
    const r = await page.evaluate(async () => {
      const { engine } = await import('/engine.js');
      const request = { board: '8x8', pieces: 'pentominoes,2x2', options: { keep: 0 } };
      let t = performance.now();
      const one = await engine.run('poly.solve', request);
      const single = performance.now() - t;
      t = performance.now();
      const parts = await engine.map('poly.solve', [0, 1].map((k) => ({ ...request, options: { ...request.options, shard: [k, 2] } })));
      const split = performance.now() - t;
      const sum = parts.reduce((a, p) => a + p.end.summary.counts.distinct, 0);
      return { single, split, same: sum === one.end.summary.counts.distinct };
    });
    if (!r.same) throw new Error('two parts and one search counted different distinct solutions');
    speedups.push(r.single / r.split);
  }
  rows.push({ tool: 'poly', name: 'pentominoes+2x2 8x8, 2 threads speed-up', value: median(speedups), unit: 'x', target: '>= 1.7x on 2 cores' });
  return rows;
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
