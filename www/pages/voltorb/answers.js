// Exact best-move answers that took a while to find, kept across navigation and reloads, so
// that coming back to a board (or reloading the page) shows the answer at once instead of
// searching again — above all after "Search to the end", which can take half a minute.
//
// An answer is filed under its request: clues, cards face up, level, weighting and objective.
// Only exact answers are kept (an approximate one is searched again, and may then be offered the
// longer search), and only the latest few, since each holds the odds of every card.
import { LocalDocument } from '../../ui/storage.js';

/** Answers kept (the oldest goes first). */
export const ANSWERS_KEPT = 12;

/** Searches shorter than this are cheaper to run again than to keep. */
export const WORTH_KEEPING_MS = 500;

/**
 * The request's identity: the fields that decide the answer, in a fixed order, with the cards
 * face up sorted (the order they were turned does not matter) and without `exhaustive` (an exact
 * answer is the same whatever budget found it).
 */
export function answerKey(args) {
  const revealed = [...(args.revealed || [])].map((c) => c.join(':')).sort();
  return JSON.stringify([args.rows, args.cols, revealed, args.level ?? null, args.weighting ?? 'game',
    args.objective ?? 'win']);
}

/** Whether an analysis reply holds an exact answer for its objective. */
export function isExact(full) {
  if (!full || typeof full !== 'object') return false;
  if (full.objective === 'coins') return full.continue ? full.continue.exact === true : true;
  return full.best ? full.best.exact === true : true;
}

/** The kept answers: `find(args)` and `keep(args, full, ms)`. */
export class ExactAnswers {
  /** `doc`: where the answers live (a `LocalDocument`, or a stand-in with `load`/`save`). */
  constructor(doc = new LocalDocument('gridwise.voltorb.answers', { format: 1, what: 'Voltorb best-move answers' })) {
    this.doc = doc;
  }

  entries() {
    const { data } = this.doc.load();
    return Array.isArray(data) ? data.filter((e) => e && typeof e.key === 'string' && isExact(e.full)) : [];
  }

  /** The kept answer to `args` (`{full, ms}`: the reply and how long its search took), or null. */
  find(args) {
    const key = answerKey(args);
    const entry = this.entries().find((e) => e.key === key);
    return entry ? { full: entry.full, ms: Number(entry.ms) || 0 } : null;
  }

  /** Keeps `full` (found for `args` in `ms`) when it is exact and was worth waiting for. */
  keep(args, full, ms) {
    if (!isExact(full) || !(ms >= WORTH_KEEPING_MS)) return false;
    const key = answerKey(args);
    const rest = this.entries().filter((e) => e.key !== key);
    const entries = [...rest, { key, full, ms: Math.round(ms) }].slice(-ANSWERS_KEPT);
    // When storage is full, fewer answers are kept rather than none.
    this.doc.save(entries, { smaller: () => entries.slice(-2) });
    return true;
  }
}
