// Kept best-move answers (www/pages/voltorb/answers.js) against an in-memory document: which
// requests find an answer again, what is worth keeping, and how many are kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExactAnswers, answerKey, isExact, ANSWERS_KEPT, WORTH_KEEPING_MS } from '../../www/pages/voltorb/answers.js';

/** A stand-in for a LocalDocument: the last data saved. */
class MemoryDocument {
  constructor() { this.data = null; this.saves = 0; }
  load() { return { data: this.data }; }
  save(data) { this.data = JSON.parse(JSON.stringify(data)); this.saves += 1; return true; }
}

const args = (extra = {}) => ({
  rows: [[5, 2], [5, 2], [6, 2], [6, 2], [6, 2]],
  cols: [[9, 1], [7, 1], [5, 2], [1, 4], [6, 2]],
  weighting: 'game',
  objective: 'win',
  revealed: [[0, 1, 2], [3, 3, 0]],
  level: 8,
  ...extra,
});
const exactWin = { objective: 'win', best: { row: 2, col: 1, win: 0.129, exact: true } };
const roughWin = { objective: 'win', best: { row: 2, col: 1, win: 0.12, exact: false } };
const roughCoins = { objective: 'coins', best: { row: 0, col: 0, win: 0.1, exact: true }, continue: { coins: 337, exact: false } };

test('an answer is found again under the same request, whatever order the cards were turned in', () => {
  const answers = new ExactAnswers(new MemoryDocument());
  assert.equal(answers.keep(args(), exactWin, 4100), true);
  assert.deepEqual(answers.find(args({ revealed: [[3, 3, 0], [0, 1, 2]] })), { full: exactWin, ms: 4100 });
  // The budget that found it does not matter.
  assert.deepEqual(answers.find(args({ exhaustive: true })), { full: exactWin, ms: 4100 });
  // Anything that changes the question does.
  for (const other of [{ level: 7 }, { weighting: 'uniform' }, { objective: 'coins' }, { revealed: [[0, 1, 3], [3, 3, 0]] },
    { rows: [[5, 2], [5, 2], [6, 2], [6, 2], [7, 2]] }]) {
    assert.equal(answers.find(args(other)), null, JSON.stringify(other));
  }
});

test('only exact answers that took a while are kept', () => {
  const doc = new MemoryDocument();
  const answers = new ExactAnswers(doc);
  assert.equal(answers.keep(args(), roughWin, 9000), false);
  assert.equal(answers.keep(args({ objective: 'coins' }), roughCoins, 9000), false);
  assert.equal(answers.keep(args(), exactWin, WORTH_KEEPING_MS - 1), false);
  assert.equal(doc.saves, 0);
  assert.equal(isExact(roughCoins), false);
  assert.equal(isExact({ ...roughCoins, continue: { coins: 569, exact: true } }), true);
  // Nothing left to decide (the board is cleared or lost) counts as exact.
  assert.equal(isExact({ objective: 'win', best: null }), true);
});

test('the latest answers are kept, the same request replacing its older answer', () => {
  const doc = new MemoryDocument();
  const answers = new ExactAnswers(doc);
  for (let level = 1; level <= ANSWERS_KEPT + 2; level += 1) answers.keep(args({ level }), exactWin, 1000 + level);
  assert.equal(doc.data.length, ANSWERS_KEPT);
  assert.equal(answers.find(args({ level: 1 })), null);
  assert.equal(answers.find(args({ level: 3 })).ms, 1003);
  answers.keep(args({ level: 3 }), exactWin, 7000);
  assert.equal(doc.data.length, ANSWERS_KEPT);
  assert.equal(answers.find(args({ level: 3 })).ms, 7000);
  assert.equal(doc.data.at(-1).key, answerKey(args({ level: 3 })));
});

test('damaged or foreign entries are passed over', () => {
  const doc = new MemoryDocument();
  doc.data = [null, 7, { key: 3 }, { key: answerKey(args()), full: roughWin, ms: 1 }];
  const answers = new ExactAnswers(doc);
  assert.equal(answers.find(args()), null);
  answers.keep(args(), exactWin, 800);
  assert.deepEqual(answers.find(args()), { full: exactWin, ms: 800 });
  assert.equal(doc.data.length, 1);
});
