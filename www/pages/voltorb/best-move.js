// The Voltorb best move searched by a team of the pool's workers sharing memory (see
// www/search-team.js) when the page is cross-origin isolated, else by one worker: one leader
// (`voltorb.analyze` with `team`) analyses, helpers (`voltorb.searchShare`) take first cards.
import { isAbort } from '../../engine.js';
import { newTeam, teamPossible, teamSize } from '../../search-team.js';

/**
 * `voltorb.analyze(args)` with the best-move search shared by the engine's workers (see
 * `teamSize`) when the page can share memory, else on one worker: the same reply.
 */
export async function analyzeBest(engine, args, { signal } = {}) {
  const wantsSearch = args.best !== false && (args.objective ?? 'win') === 'win';
  if (!wantsSearch || !teamPossible(engine) || signal?.aborted) return engine.voltorb.analyze(args, { signal });
  const members = teamSize(engine);
  // A search past the default budget (the page's "to the end", or a caller's own budget, only
  // ever given to go further) gets a table of its own; the core alone knows the default.
  const team = newTeam({ large: Boolean(args.exhaustive) || args.budget !== undefined }).member;
  // The leader is queued first: it is the one that analyses, and helpers only speed it up.
  const leader = new AbortController();
  const lead = engine.run('voltorb.analyze', { ...args, team: team(0) }, { signal: leader.signal });
  const helpers = [];
  for (let member = 1; member < members; member++) {
    const helper = { stop: new AbortController(), started: false };
    helper.reply = engine.run('voltorb.searchShare', { ...args, team: team(member) }, {
      signal: helper.stop.signal,
      onStart: () => { helper.started = true; },
    });
    helpers.push(helper);
  }
  // Cancelling the search stops every member (a running one is terminated with its worker).
  const stopAll = () => { leader.abort(); helpers.forEach((h) => h.stop.abort()); };
  signal?.addEventListener('abort', stopAll, { once: true });
  // A helper that fails for its own reason (a crashed worker) would leave the leader waiting for
  // it: then the leader is stopped and the request fails with the helper's error.
  const failed = new Promise((_, reject) => {
    helpers.forEach((h) => h.reply.catch((err) => {
      if (isAbort(err)) return;
      reject(err);
      leader.abort();
    }));
  });
  let answered = false;
  try {
    const reply = await Promise.race([lead, failed]);
    answered = true;
    return reply;
  } catch (err) {
    throw signal?.aborted ? new DOMException('The request was cancelled', 'AbortError') : err;
  } finally {
    signal?.removeEventListener('abort', stopAll);
    lead.catch(() => {});
    failed.catch(() => {});
    // Once the leader has answered, helpers that started have finished (or find no first card
    // left at once), and those still waiting for a worker would find none: drop those. When it
    // failed, stop them all rather than let them search for nobody.
    for (const h of helpers) if (!answered || !h.started) h.stop.abort();
  }
}
