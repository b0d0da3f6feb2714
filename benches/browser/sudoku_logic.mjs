// Rating and generation in the browser: agreement with Sukaku Explainer on
// se-rated-sample.txt and rating time per puzzle (timed inside the worker, one op for the
// whole batch), then generation time per level (one op per puzzle, timed around the op).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const LEVELS = [['easy', 0.5], ['medium', 0.5], ['hard', 0.5], ['expert', 3], ['extreme', 30]];

export async function bench({ page, dataDir, quick }) {
  let lines = (await readFile(join(dataDir, 'sudoku', 'se-rated-sample.txt'), 'utf8'))
    .split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  if (quick) lines = lines.filter((_, i) => i % 50 === 0);
  const se = lines.map((l) => Number(l.trim().split(/\s+/)[1]));
  const reply = await page.evaluate(async (text) => {
    const { engine } = await import('/engine.js');
    return engine.run('sudoku.benchRate', { puzzles: text });
  }, lines.join('\n'));
  const ours = reply.ratings;
  const share = (tol) => (100 * ours.filter((r, i) => Math.abs(r - se[i]) <= tol + 1e-9).length) / ours.length;
  const row = (name, value, unit, target) => ({ tool: 'sudoku', name, value, unit, target });
  const rows = [
    row('SE ratings identical', share(0), '%', '>= 95%'),
    row('SE agreement within 0.1', share(0.1), '%', 'report'),
    row('SE agreement within 0.3', share(0.3), '%', '>= 80%'),
    row('SE agreement within 0.5', share(0.5), '%', 'report'),
    row('SE rank correlation (Spearman)', spearman(ours, se), 'rho', 'report'),
    row('rate se-rated-sample (median)', median(reply.times_ms), 'ms', '< 25 ms (wasm)'),
  ];
  // The hardest puzzles (nested forcing chains): every 15th as the page rates them, with the
  // nested searches shared among the engine's workers (timed around each rating, messages
  // included), or every 120th in a quick run, as natively; and every 75th on one worker alone
  // (timed inside it), for comparison and to check that sharing changes no rating. (SE's nested
  // chains take seconds to tens of seconds a puzzle: all 375 would take hours.)
  const all = (await readFile(join(dataDir, 'sudoku', 'hardest-1106.txt'), 'utf8'))
    .split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/)[0]);
  const step = quick ? 120 : 15;
  const aloneStep = quick ? 120 : 75;
  const alone = await page.evaluate(async (text) => {
    const { engine } = await import('/engine.js');
    return engine.run('sudoku.benchRate', { puzzles: text });
  }, all.filter((_, i) => i % aloneStep === 0).join('\n'));
  const shared = await page.evaluate(async (puzzles) => {
    const { engine } = await import('/engine.js');
    const { createRater } = await import('/pages/sudoku/rating.js');
    const rater = createRater(engine);
    const times = [];
    const ratings = [];
    for (const puzzle of puzzles) {
      const start = performance.now();
      ratings.push((await rater.rate(puzzle)).rating);
      times.push(performance.now() - start);
    }
    rater.close();
    return { times, ratings, workers: engine.size };
  }, all.filter((_, i) => i % step === 0));
  alone.ratings.forEach((r, k) => {
    const i = (k * aloneStep) / step;
    if (shared.ratings[i] !== r) throw new Error(`hardest-1106 puzzle ${k * aloneStep + 1}: rated ${shared.ratings[i]} shared, ${r} on one worker`);
  });
  const which = `1 in ${step}`;
  const sorted = [...shared.times].sort((a, b) => a - b);
  rows.push(row(`rate hardest-1106, 1 in ${aloneStep}, one worker (max)`, Math.max(...alone.times_ms), 'ms', 'report'));
  rows.push(row(`rate hardest-1106, 1 in ${aloneStep}, one worker (median)`, median(alone.times_ms), 'ms', 'report'));
  rows.push(row(`rate hardest-1106, ${which} (max)`, sorted.at(-1), 'ms', '< 1000 ms native, < 1500 ms wasm'));
  rows.push(row(`rate hardest-1106, ${which} (p99)`, sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))], 'ms', 'report'));
  rows.push(row(`rate hardest-1106, ${which} (median)`, median(shared.times), 'ms', `report (${shared.workers} workers)`));
  const runs = quick ? 2 : 5;
  for (const [level, target] of LEVELS) {
    const secs = await page.evaluate(async ({ level, runs }) => {
      const { engine } = await import('/engine.js');
      const out = [];
      for (let seed = 0; seed < runs; seed++) {
        const start = performance.now();
        await engine.run('sudoku.generate', { level, seed: 1000 + seed, symmetry: 'none' });
        out.push((performance.now() - start) / 1000);
      }
      return out;
    }, { level, runs });
    rows.push(row(`generate ${level} (median)`, median(secs), 's', `< ${target} s (wasm)`));
  }
  return rows;
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

function ranks(values) {
  const idx = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const r = new Array(values.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && values[idx[j + 1]] === values[idx[i]]) j++;
    for (let k = i; k <= j; k++) r[idx[k]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

function spearman(a, b) {
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (v) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(ra);
  const mb = mean(rb);
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < ra.length; i++) {
    cov += (ra[i] - ma) * (rb[i] - mb);
    va += (ra[i] - ma) ** 2;
    vb += (rb[i] - mb) ** 2;
  }
  return cov / Math.sqrt(va * vb);
}
