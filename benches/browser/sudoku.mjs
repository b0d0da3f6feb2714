// Solver throughput in the browser: the wasm module in the worker solves each benchmark set,
// timed inside the worker (one op per run, so messaging does not count).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const SETS = [
  ['17-clue.txt', 325000],
  ['top1465.txt', 113000],
  ['hardest-1905-11plus.txt', 20000],
];

export async function bench({ page, dataDir, quick }) {
  const rows = [];
  for (const [file, peer] of SETS) {
    let lines = (await readFile(join(dataDir, 'sudoku', file), 'utf8'))
      .split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    if (quick) lines = lines.slice(0, 2000);
    const runs = quick ? 2 : 7;
    const rates = await page.evaluate(async ({ text, runs }) => {
      const { engine } = await import('/engine.js');
      const out = [];
      for (let i = 0; i < runs; i++) {
        const r = await engine.run('sudoku.benchSolve', { puzzles: text });
        if (r.solved !== r.puzzles) throw new Error(`${r.puzzles - r.solved} puzzles unsolved`);
        out.push(r.puzzles / (r.elapsed_ms / 1000));
      }
      return out;
    }, { text: lines.join('\n'), runs });
    rows.push({
      tool: 'sudoku',
      name: `solve ${file.replace('.txt', '')}`,
      value: median(rates),
      unit: 'puzzles/s',
      target: `>= 70% of native`,
    });
  }
  return rows;
}

export function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
