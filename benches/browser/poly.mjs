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
  return rows;
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
