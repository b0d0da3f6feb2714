// One round of Voltorb Flip as the game plays it: a dealt board, the cards turned over, memo
// marks, the coins of the round, and how the round ended. The dealing (level rules, redraws)
// is the Rust core's; what happens after the deal is here, as plain data that saves as JSON.

export const SIZE = 5;
export const CARDS = SIZE * SIZE;
/** The game's coin counter stops at 50,000. */
export const MAX_COINS = 50000;
/** How many past rounds the level rules look at (the core reads the last five). */
export const HISTORY_KEPT = 5;

/** A new round from the core's deal `{level, board, rows, cols}`. */
export function newRound(deal) {
  const cells = deal.board.flat();
  return {
    level: deal.level,
    rows: deal.rows,
    cols: deal.cols,
    cells,
    flipped: [], // the cards turned over, in order
    memo: Array.from({ length: CARDS }, () => []),
    payout: 0,
    over: null, // null while playing; 'won', 'lost' or 'quit' after
    played: [], // the cards the player turned (the rest are shown when the round ends)
    multipliers: cells.filter((v) => v >= 2).length,
  };
}

export const isFlipped = (round, cell) => round.flipped.includes(cell);

/** Multipliers found so far. */
export function found(round) {
  return round.played.filter((cell) => round.cells[cell] >= 2).length;
}

/**
 * Turns `cell` over. Returns the outcome: null while the round goes on, 'won' when the last
 * multiplier is found, 'lost' on a Voltorb. Turning a card that is up, or after the end, does
 * nothing (returns the round's state as it was).
 */
export function flip(round, cell) {
  if (round.over || isFlipped(round, cell) || cell < 0 || cell >= CARDS) return round.over;
  round.flipped.push(cell);
  round.played.push(cell);
  round.memo[cell] = [];
  const value = round.cells[cell];
  if (value === 0) return end(round, 'lost');
  round.payout = round.payout === 0 ? value : Math.min(MAX_COINS, round.payout * value);
  if (found(round) === round.multipliers) return end(round, 'won');
  return null;
}

/** Toggles memo mark `flag` (0 for Voltorb, 1–3) on a face-down card. */
export function toggleMemo(round, cell, flag) {
  if (round.over || isFlipped(round, cell)) return;
  const marks = round.memo[cell];
  round.memo[cell] = marks.includes(flag) ? marks.filter((f) => f !== flag) : [...marks, flag].sort();
}

/** Ends the round (quitting keeps the coins of the round); every card is then shown. */
export function end(round, outcome) {
  if (round.over) return round.over;
  round.over = outcome;
  for (let cell = 0; cell < CARDS; cell++) if (!isFlipped(round, cell)) round.flipped.push(cell);
  return outcome;
}

/** What the round adds to the player's coins. */
export const winnings = (round) => (round.over === 'won' || round.over === 'quit' ? round.payout : 0);

/**
 * The session after a finished round: coins added (capped as in the game) and the round
 * recorded for the level rules, which look at the player's last rounds.
 */
export function settle(session, round) {
  return {
    coins: Math.min(MAX_COINS, session.coins + winnings(round)),
    history: [...session.history, { level: round.level, outcome: round.over, flipped: round.played.filter((c) => round.cells[c] > 0).length }]
      .slice(-HISTORY_KEPT),
  };
}

/** The revealed cards as the core wants them: [row, col, value]. */
export function revealedOf(round) {
  return round.flipped.map((cell) => [Math.floor(cell / SIZE), cell % SIZE, round.cells[cell]]);
}

/** A saved round read back, or null when it is not one (a damaged or foreign save). */
export function roundFromSaved(data) {
  if (!data || typeof data !== 'object') return null;
  const cellList = (list) => Array.isArray(list) && list.every((c) => Number.isInteger(c) && c >= 0 && c < CARDS);
  const { cells, flipped, played, memo } = data;
  if (!Array.isArray(cells) || cells.length !== CARDS || !cells.every((v) => [0, 1, 2, 3].includes(v))) return null;
  if (!cellList(flipped) || !cellList(played) || !Array.isArray(memo) || memo.length !== CARDS) return null;
  if (!Array.isArray(data.rows) || !Array.isArray(data.cols) || !Number.isInteger(data.level)) return null;
  if (![null, 'won', 'lost', 'quit'].includes(data.over ?? null)) return null;
  return {
    ...newRound({ level: data.level, board: [cells], rows: data.rows, cols: data.cols }),
    flipped: [...flipped],
    played: [...played],
    memo: memo.map((m) => (Array.isArray(m) ? m.filter((f) => [0, 1, 2, 3].includes(f)) : [])),
    payout: Number.isInteger(data.payout) ? Math.min(MAX_COINS, Math.max(0, data.payout)) : 0,
    over: data.over ?? null,
  };
}
