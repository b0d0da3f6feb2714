// Rating a puzzle with its nested forcing-chain searches shared among the engine's workers.
//
// The hardest puzzles spend most of their rating in nested searches, which split into shares
// of the board's rows. Workers share no memory, so one dedicated worker keeps the solving path
// (its wasm memory lives between requests) and stops at each nested search; the pool's
// workers each search a share, and the best answer goes back to the path. When the path
// stops before SE's forcing chains (it does when the last chains found nothing), the shares
// of the first nesting level start at once, beside the chains: they are needed whenever the
// chains find nothing, and then the path's worker searches the last share itself rather than
// wait. Where the page can share memory, all of them share one memo of the nested chains'
// inner searches (inner-store.js), as native threads do. The reply is the one 'sudoku.rate'
// gives, whatever the number of workers.
//
// One share per worker: nine shares of one row each, dealt by the pool's queue as workers came
// free, were no faster on 2 cores (eight of the hardest puzzles, two runs each). Beside the
// chains the path's worker is busy and one pool worker idle, yet giving that worker a share as
// well (three shares, three busy workers on two cores) was slower: three of the slowest
// puzzles took 16.7–17.0 s against 16.3–16.7 s, three alternated runs each (2026-11-28).
//
//   const rater = createRater(engine);
//   const reply = await rater.rate(puzzle, { onProgress, signal });
//   rater.close();
import { newStore, spent, storePossible } from '../../inner-store.js';

/** A rater for one page: `rate(puzzle, {onProgress, signal})`, and `close()` on unmount. */
export function createRater(engine) {
  let keeper = null;
  // The inner searches' memo every worker of a rating shares, when the page can share memory
  // (kept from one rating to the next: an answer holds for any puzzle).
  let store = null;
  const sharedStore = () => {
    if (!storePossible()) return {};
    if (!store || spent(store)) store = newStore();
    return { store };
  };
  const pathKeeper = () => {
    if (!keeper) keeper = engine.dedicated();
    return keeper;
  };
  return {
    async rate(puzzle, { onProgress, signal } = {}) {
      const path = pathKeeper();
      const shared = sharedStore();
      // Shares 0 … count − 1 of `shares` of a nested search, on the pool's workers.
      const shareOut = (search, shares, count = shares) => engine.map('sudoku.nestedShare',
        Array.from({ length: count }, (_, share) => ({ ...search, share, shares, ...shared })), { signal });
      const resume = (args) => path.run('sudoku.rateResume', { session: reply.session, ...args, ...shared }, { onProgress, signal });
      // Shares started before the chains, for the position they were started at.
      let early = null;
      let reply = await path.run('sudoku.rateBegin', { puzzle, ...shared }, { onProgress, signal });
      for (;;) {
        // Each stop says how far the path has come; the worker's own messages are rate-limited
        // within one request, and a stretch between two stops is often shorter than that.
        if (!reply.done && reply.progress) onProgress?.(reply.progress);
        if (reply.chains) {
          // The pool's workers search all shares but the last beside the chains; the path's
          // worker takes the last one once the chains have found nothing.
          const shares = Math.max(1, engine.size);
          early = { key: keyOf(reply.chains), parts: shareOut(reply.chains, shares, shares - 1) };
          // Unused when the chains find a step: their answer is dropped, not an error.
          early.parts.catch(() => {});
          reply = await resume({ chains: true, own: { share: shares - 1, shares } });
        } else if (reply.nested) {
          const started = early && reply.own && early.key === keyOf(reply.nested);
          const answers = started ? [...await early.parts, reply.own] : await shareOut(reply.nested, Math.max(1, engine.size));
          early = null;
          reply = await resume({ found: best(answers) });
        } else {
          return reply.done;
        }
      }
    },
    close() {
      keeper?.close();
      keeper = null;
    },
  };
}

function keyOf({ level, values, cands }) {
  return `${level}:${values.join(',')}:${cands.join(',')}`;
}

/** The shares' best step: the lowest rating, then the lowest index (length, kind, cell); or null. */
function best(parts) {
  let found = null;
  for (const { found: f } of parts) {
    if (f && (!found || f[0] < found[0] || (f[0] === found[0] && f[1] < found[1]))) found = f;
  }
  return found;
}
