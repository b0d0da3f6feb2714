// Voltorb Flip in the browser: tile odds of 1,000 fresh dealt boards per level, and the best move
// from 1,000 fresh level-8 boards, each analysis timed inside the worker (performance.now in
// wasm), with the worker's wasm memory afterwards (it only grows: the peak).
export async function bench({ page, quick }) {
  const perLevel = quick ? 100 : 1000;
  const bestBoards = quick ? 20 : 1000;
  const r = await page.evaluate(async ({ perLevel, bestBoards }) => {
    const { engine } = await import('/engine.js');
    // The worker's first analyses also compile the hot wasm code and build the accepted-board
    // table; timed on their own, so the per-board figures are the steady state.
    const cold = await engine.run('voltorb.bench', { level: 1, count: 5, seed: 1, best: false });
    const odds = [];
    for (let level = 1; level <= 8; level++) {
      const t = await engine.run('voltorb.bench', { level, count: perLevel, seed: 2024 + level, best: false });
      odds.push(...t.ms);
    }
    const best = [];
    let approximate = 0;
    let memory = 0;
    for (let done = 0; done < bestBoards; done += 10) {
      const t = await engine.run('voltorb.bench', { level: 8, count: Math.min(10, bestBoards - done), seed: 88 + done, best: true });
      best.push(...t.ms);
      approximate += t.approximate;
      memory = Math.max(memory, t.memory_bytes);
    }
    return { odds, best, approximate, memory, cold: cold.ms };
  }, { perLevel, bestBoards });
  const best = [...r.best].sort((a, b) => a - b);
  const quantile = (q) => best[Math.max(0, Math.ceil(best.length * q) - 1)];
  const row = (name, value, unit, target) => ({ tool: 'voltorb', name, value, unit, target });
  return [
    row('first analyses in a fresh worker, max', Math.max(...r.cold), 'ms', 'one-time'),
    row('odds per board max', Math.max(...r.odds), 'ms', '< 20 ms'),
    row('odds per board median', median(r.odds), 'ms', '< 20 ms'),
    row('best move level 8 median', median(best), 'ms', '< 1000 ms'),
    row('best move level 8 p95', quantile(0.95), 'ms', '< 1000 ms'),
    row('best move level 8 p99', quantile(0.99), 'ms', '< 1000 ms'),
    row('best move level 8 max', best[best.length - 1], 'ms', '< 3000 ms'),
    row('best move level 8 approximate', r.approximate, 'boards', `of ${bestBoards}, 0 wanted`),
    row('peak memory (worker wasm memory, after best moves)', r.memory / (1024 * 1024), 'MB', '< 512 MB'),
  ];
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
