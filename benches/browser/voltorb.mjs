// Voltorb Flip in the browser: tile odds of 1,000 fresh dealt boards per level, timed inside the
// worker (performance.now in wasm), and the best move from 1,000 fresh level-8 boards, timed on
// the page on one worker and then by the search team, with the workers' wasm memory afterwards
// (it only grows: the peak).
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
    // Best moves: fresh level-8 deals, each analysed as the page asks for it, timed on the
    // page (the message round trip included), once on one worker and once by the search team
    // (the pool's workers sharing a table, as the page does when it is cross-origin isolated).
    const { Engine } = await import('/engine.js');
    const { analyzeBest } = await import('/pages/voltorb/best-move.js');
    const { teamPossible, teamSize, TABLE_BYTES } = await import('/search-team.js');
    const deals = [];
    for (let i = 0; i < bestBoards; i++) {
      const d = await engine.voltorb.generate({ level: 8, seed: 88 + i });
      deals.push({ rows: d.rows, cols: d.cols, level: 8 });
    }
    // Each pass on fresh workers of its own, so that the memory read after it is its own.
    const pass = async (workers, analyse) => {
      const pool = new Engine({ size: workers });
      const ms = [];
      let approximate = 0;
      for (const args of deals) {
        const t = performance.now();
        const reply = await analyse(pool, args);
        ms.push(performance.now() - t);
        if (reply.best && !reply.best.exact) approximate += 1;
      }
      // Every worker's wasm memory (it only grows: the peak), one request per worker.
      const sizes = await pool.all(Array.from({ length: workers }, () => ({
        op: 'voltorb.bench', args: { level: 8, count: 0, seed: 0 },
      })));
      pool.close();
      return { ms, approximate, memory: sizes.reduce((sum, t) => sum + t.memory_bytes, 0) };
    };
    const alone = await pass(1, (pool, args) => pool.voltorb.analyze(args));
    const team = teamPossible(engine)
      ? await pass(teamSize(engine), (pool, args) => analyzeBest(pool, args))
      : null;
    return { odds, alone, team, members: teamSize(engine), table: TABLE_BYTES, cold: cold.ms };
  }, { perLevel, bestBoards });
  const row = (name, value, unit, target) => ({ tool: 'voltorb', name, value, unit, target });
  const rows = [
    row('first analyses in a fresh worker, max', Math.max(...r.cold), 'ms', 'one-time'),
    row('odds per board max', Math.max(...r.odds), 'ms', '< 20 ms'),
    row('odds per board median', median(r.odds), 'ms', '< 20 ms'),
  ];
  const figures = (label, { ms, approximate, memory }, extra = 0) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const quantile = (q) => sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)];
    return [
      row(`best move level 8 median${label}`, median(sorted), 'ms', '< 1000 ms'),
      row(`best move level 8 p95${label}`, quantile(0.95), 'ms', '< 1000 ms'),
      row(`best move level 8 p99${label}`, quantile(0.99), 'ms', '< 1000 ms'),
      row(`best move level 8 max${label}`, sorted[sorted.length - 1], 'ms', '< 3000 ms'),
      row(`best move level 8 approximate${label}`, approximate, 'boards', `of ${ms.length}, 0 wanted`),
      row(`peak memory (workers' wasm memory${extra ? ' and the shared table' : ''})${label}`,
        (memory + extra) / (1024 * 1024), 'MB', '< 512 MB'),
    ];
  };
  rows.push(...figures('', r.alone));
  if (r.team) rows.push(...figures(`, team of ${r.members} workers`, r.team, r.table));
  return rows;
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
