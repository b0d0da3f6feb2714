// A Voltorb Flip round after the deal: coins as the game pays them, the end of a round, memo
// marks, the record the level rules read, and saved rounds read back defensively.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newRound, flip, toggleMemo, end, settle, revealedOf, roundFromSaved, MAX_COINS } from '../../www/pages/voltorb/round.js';

// Two multipliers (a 2 at cell 1 and a 3 at cell 7), one Voltorb at cell 24, the rest 1s.
const BOARD = [
  [1, 2, 1, 1, 1],
  [1, 1, 3, 1, 1],
  [1, 1, 1, 1, 1],
  [1, 1, 1, 1, 1],
  [1, 1, 1, 1, 0],
];
const deal = () => newRound({ level: 3, board: BOARD, rows: [[6, 0], [7, 0], [5, 0], [5, 0], [4, 1]], cols: [[5, 0], [6, 0], [7, 0], [5, 0], [4, 1]] });

test('the first card sets the coins, later ones multiply, the last multiplier wins', () => {
  const round = deal();
  assert.equal(round.multipliers, 2);
  assert.equal(flip(round, 0), null);
  assert.equal(round.payout, 1);
  assert.equal(flip(round, 1), null);
  assert.equal(round.payout, 2);
  assert.equal(flip(round, 1), null, 'a card already up does nothing');
  assert.equal(round.payout, 2);
  assert.equal(flip(round, 7), 'won');
  assert.equal(round.payout, 6);
  assert.equal(round.flipped.length, 25, 'every card is shown at the end');
  assert.deepEqual(round.played, [0, 1, 7]);
  assert.equal(flip(round, 24), 'won', 'nothing changes after the end');
  const session = settle({ coins: 10, history: [] }, round);
  assert.deepEqual(session, { coins: 16, history: [{ level: 3, outcome: 'won', flipped: 3 }] });
});

test('a Voltorb ends the round with nothing; quitting keeps the coins', () => {
  const lost = deal();
  flip(lost, 1);
  assert.equal(flip(lost, 24), 'lost');
  assert.equal(settle({ coins: 5, history: [] }, lost).coins, 5);
  assert.equal(settle({ coins: 5, history: [] }, lost).history[0].flipped, 1, 'the Voltorb is not counted as flipped');

  const quit = deal();
  flip(quit, 7);
  end(quit, 'quit');
  assert.equal(settle({ coins: MAX_COINS - 1, history: [] }, quit).coins, MAX_COINS, 'the counter stops at 50,000');
});

test('the level rules see the last five rounds only', () => {
  let session = { coins: 0, history: [] };
  for (let i = 0; i < 7; i++) {
    const round = deal();
    flip(round, 24);
    session = settle(session, round);
  }
  assert.equal(session.history.length, 5);
});

test('memo marks toggle on face-down cards and go when the card is turned', () => {
  const round = deal();
  toggleMemo(round, 3, 2);
  toggleMemo(round, 3, 0);
  assert.deepEqual(round.memo[3], [0, 2]);
  toggleMemo(round, 3, 2);
  assert.deepEqual(round.memo[3], [0]);
  flip(round, 3);
  assert.deepEqual(round.memo[3], []);
  toggleMemo(round, 3, 1);
  assert.deepEqual(round.memo[3], [], 'no marks on a card that is up');
  assert.deepEqual(revealedOf(round), [[0, 3, 1]]);
});

test('a saved round comes back as it was; a damaged one is refused', () => {
  const round = deal();
  flip(round, 1);
  toggleMemo(round, 4, 0);
  const copy = roundFromSaved(JSON.parse(JSON.stringify(round)));
  assert.deepEqual(copy, round);
  assert.equal(roundFromSaved({ ...round, cells: round.cells.slice(1) }), null);
  assert.equal(roundFromSaved({ ...round, flipped: [99] }), null);
  assert.equal(roundFromSaved({ ...round, over: 'maybe' }), null);
  assert.equal(roundFromSaved('round'), null);
});
