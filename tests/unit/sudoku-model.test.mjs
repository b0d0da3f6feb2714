// The Sudoku page's pure modules (no browser needed): text to cells, conflicts, dead ends, the
// game state with undo/redo and auto-candidates, and the hint helpers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BOXES, PEERS, bit, candidates, cellsFromText, conflicts, deadEnd, digitsOf, formatTime, puzzleBeforeNote, textFromCells,
} from '../../www/pages/sudoku/model.js';
import { Game } from '../../www/pages/sudoku/game.js';
import {
  STAGES, chainLayers, effectSummary, hintCandidates, hintRegion, missingCandidates, nextStage, stageSentence, stepCandidates,
} from '../../www/pages/sudoku/hints.js';

const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

test('geometry and text', () => {
  assert.equal(PEERS[0].length, 20);
  assert.deepEqual(BOXES[4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
  const decorated = `${PUZZLE.slice(0, 9)} |\n--+--\n${PUZZLE.slice(9).replace(/\./g, '0')}`;
  assert.equal(textFromCells(cellsFromText(decorated)), PUZZLE);
  assert.equal(cellsFromText('123'), null);
  // Dashes for empty cells, as some sites write them, when they make up the 81.
  assert.equal(textFromCells(cellsFromText(PUZZLE.replaceAll('.', '-'))), PUZZLE);
  assert.equal(formatTime(61_000), '1:01');
  assert.equal(formatTime(3_723_000), '1:02:03');
});

test('conflicts and visible dead ends', () => {
  const cells = cellsFromText(PUZZLE);
  assert.equal(conflicts(cells).size, 0);
  cells[2] = 5;
  assert.deepEqual([...conflicts(cells)].sort((a, b) => a - b), [0, 2]);
  const dead = cellsFromText(`12345678.${'........9'}${'.'.repeat(63)}`);
  assert.match(deadEnd(dead).message, /r1c9 has no possible digit/);
  assert.equal(deadEnd(cellsFromText(PUZZLE)), null);
  assert.deepEqual(digitsOf(candidates(cellsFromText(PUZZLE))[2]), [1, 2, 4]);
});

test('game: digits, marks, undo and redo', () => {
  const game = new Game();
  game.reset('play', cellsFromText(PUZZLE));
  assert.equal(game.place(0, 9), false, 'givens are locked');
  game.toggleMark([2, 3], 4);
  assert.deepEqual([game.marks[2], game.marks[3]].map(digitsOf), [[4], [4]]);
  game.toggleMark([2, 3], 4); // all had it: removed from all
  assert.deepEqual([game.marks[2], game.marks[3]], [0, 0]);
  game.toggleMark(3, 4);
  game.place(2, 4);
  assert.equal(game.values()[2], 4);
  assert.equal(game.marks[3], 0, 'the placed digit left the peer\u2019s marks');
  game.undo();
  assert.equal(game.values()[2], 0);
  assert.deepEqual(digitsOf(game.marks[3]), [4]);
  game.redo();
  assert.equal(game.values()[2], 4);
  game.place(2, 4); // same digit again clears it
  assert.equal(game.values()[2], 0);
});

test('game: auto candidates follow placements and keep the player\u2019s removals', () => {
  const game = new Game();
  game.reset('play', cellsFromText(PUZZLE));
  game.setAuto(true);
  assert.deepEqual(digitsOf(game.shownMarks()[2]), [1, 2, 4]);
  game.toggleMark(2, 1);
  assert.deepEqual(digitsOf(game.shownMarks()[2]), [2, 4]);
  game.place(3, 2); // r1c4 = 2 removes 2 from r1c3
  assert.deepEqual(digitsOf(game.shownMarks()[2]), [4]);
  game.erase(3);
  assert.deepEqual(digitsOf(game.shownMarks()[2]), [2, 4]);
  game.setAuto(false);
  assert.deepEqual(digitsOf(game.marks[2]), [2, 4], 'turning auto off keeps what was shown');
});

test('game: a logic step applies as one undo step; save and load round-trip', () => {
  const game = new Game();
  game.reset('play', cellsFromText(PUZZLE));
  const step = { placements: [{ cell: 2, digit: 4 }], eliminations: [{ cell: 3, digit: 6 }] };
  game.applyStep(step, stepCandidates(game));
  assert.equal(game.values()[2], 4);
  assert.deepEqual(digitsOf(game.marks[3]), [2], 'r1c4 got its candidates, less the eliminated 6');
  const saved = JSON.parse(JSON.stringify(game.toJSON()));
  const again = new Game();
  assert.ok(again.load(saved));
  assert.equal(textFromCells(again.values()), textFromCells(game.values()));
  again.undo();
  assert.equal(again.values()[2], 0);
  assert.equal(again.marks[3], 0);
  assert.equal(new Game().load({ v: 1, g: 'x' }), false, 'garbage is refused');
});

test('hints start from real eliminations: auto-candidates and applied steps', () => {
  const game = new Game();
  game.reset('play', cellsFromText(PUZZLE));
  assert.equal(hintCandidates(game), null, 'nothing beyond the digits');
  const pointing = { placements: [], eliminations: [{ cell: 2, digit: 1 }] };
  // Hand-made pencil marks are notes, not eliminations; an applied step's removal is one.
  game.toggleMark(3, 2);
  assert.equal(hintCandidates(game), null);
  game.applyStep(pointing, stepCandidates(game));
  const sent = hintCandidates(game);
  assert.equal(sent.length, 81);
  assert.equal(sent[2], candidates(game.values())[2] & ~bit(1));
  assert.equal(sent[3], candidates(game.values())[3], 'the hand mark in r1c4 is not sent');
  assert.equal(sent[0], 0, 'filled cells send 0');
  const again = new Game();
  assert.ok(again.load(JSON.parse(JSON.stringify(game.toJSON()))));
  assert.deepEqual(hintCandidates(again), sent, 'a reload keeps them');
  game.toggleMark(2, 1); // the player puts the 1 back
  assert.equal(hintCandidates(game), null);
  game.undo();
  game.undo();
  assert.equal(hintCandidates(game), null, 'undo takes the step back');
  // With auto-candidates every removal counts, the player's own included.
  game.setAuto(true);
  assert.equal(hintCandidates(game), null);
  game.toggleMark(2, 4);
  assert.equal(hintCandidates(game)[2], candidates(game.values())[2] & ~bit(4));
  game.place(2, 4); // a digit in the cell: its marks no longer matter
  assert.equal(hintCandidates(game), null);
  // Turning auto off keeps the removals made with it as real ones.
  game.place(2, 4);
  game.setAuto(false);
  assert.equal(hintCandidates(game)[2], candidates(game.values())[2] & ~bit(4));
  // …and turning it on again keeps them: a hint must not teach a step already applied.
  game.setAuto(true);
  assert.equal(hintCandidates(game)[2], candidates(game.values())[2] & ~bit(4));
  assert.equal(stageSentence({ technique: 'Hidden Single', name: 'Hidden single', units: [{ kind: 'box', index: 0 }] }, 'name'),
    'A hidden single is available. Look at box 1.');
  assert.equal(stageSentence({ technique: 'Pointing', name: 'Pointing pair', units: [{ kind: 'box', index: 3 }, { kind: 'row', index: 4 }] }, 'name'),
    'A pointing pair is available. Look at box 4 and row 5.');
  assert.equal(stageSentence({ technique: 'X-Wing', units: [{ kind: 'row', index: 1 }, { kind: 'row', index: 6 }] }, 'name'),
    'An X-Wing is available. Look at row 2 and row 7.');
});

test('the hint ladder gives away a little more at each stage', () => {
  assert.deepEqual(STAGES, ['look', 'name', 'cells', 'show']);
  assert.equal(nextStage('look'), 'name');
  assert.equal(nextStage('show'), 'show');
  // A chain has no unit of its own: the first stages point at the boxes its cells lie in.
  const chain = {
    technique: 'XY-Chain', name: 'XY-Chain', units: [], cells: [0, 10, 40], text: 'If r1c1 is not 3…',
    eliminations: [{ cell: 80, digit: 3 }], placements: [],
  };
  assert.equal(stageSentence(chain, 'look'), 'Look at box 1, box 5 and box 9. The next hint names the technique.');
  assert.deepEqual(hintRegion(chain).length, 27);
  assert.equal(stageSentence(chain, 'name'), 'An XY-Chain is available. Look at box 1, box 5 and box 9.');
  assert.equal(stageSentence(chain, 'cells'), 'An XY-Chain: the cells that matter are r1c1, r2c2 and r5c5.');
  assert.equal(stageSentence({ ...chain, cells: [3] }, 'cells'), 'An XY-Chain: the cell that matters is r1c4.');
  assert.equal(stageSentence(chain, 'show'), 'If r1c1 is not 3… (removes 3 from r9c9.)');
});

test('a pattern spread over the board is pointed at by where it places or removes', () => {
  // Cells in five boxes: naming them all would say nothing.
  const long = {
    technique: 'Forcing Chain', name: 'Forcing chain', units: [], cells: [0, 4, 8, 40, 80],
    eliminations: [{ cell: 20, digit: 5 }, { cell: 2, digit: 5 }], placements: [], text: '…',
  };
  assert.equal(stageSentence(long, 'look'), 'Look at box 1: candidates can be removed there. The next hint names the technique.');
  assert.deepEqual(hintRegion(long), [0, 1, 2, 9, 10, 11, 18, 19, 20]);
  const inRow = { ...long, eliminations: [{ cell: 9, digit: 5 }, { cell: 17, digit: 5 }] };
  assert.equal(stageSentence(inRow, 'name'), 'A forcing chain is available. Look at row 2: candidates can be removed there.');
  const placing = { ...long, eliminations: [], placements: [{ cell: 60, digit: 1 }] };
  assert.equal(stageSentence(placing, 'look'), 'Look at box 9: a digit can be placed there. The next hint names the technique.');
  // Removals all over: the box with the most of them.
  const spread = { ...long, eliminations: [0, 8, 40, 41, 80, 30].map((cell) => ({ cell, digit: 2 })) };
  assert.equal(stageSentence(spread, 'look'), 'Look at box 5: candidates can be removed there. The next hint names the technique.');
});

test('a shown step marks the candidates it needs that the player has not written', () => {
  const step = { cells: [0, 1], eliminations: [{ cell: 2, digit: 5 }], placements: [], candidates: [{ cell: 3, digit: 5 }] };
  const shown = new Array(81).fill(0);
  shown[0] = bit(1) | bit(5); // the player wrote 1 and 5 in r1c1
  const basis = new Array(81).fill(bit(1) | bit(5) | bit(9));
  const missing = missingCandidates(step, shown, basis);
  assert.equal(missing[0], bit(9));
  assert.equal(missing[1], bit(1) | bit(5) | bit(9));
  assert.equal(missing[2], bit(1) | bit(5) | bit(9));
  assert.equal(missing[3], bit(1) | bit(5) | bit(9));
  assert.equal(missing[4], 0, 'cells outside the step are left alone');
});

test('removals are grouped by cell or by digit, whichever reads shorter', () => {
  const cellRemovals = { eliminations: [{ cell: 5, digit: 2 }, { cell: 5, digit: 7 }, { cell: 5, digit: 5 }] };
  assert.equal(effectSummary(cellRemovals), 'removes 2, 5 and 7 from r1c6');
  const digitRemovals = { eliminations: [{ cell: 9, digit: 4 }, { cell: 11, digit: 4 }, { cell: 15, digit: 4 }] };
  assert.equal(effectSummary(digitRemovals), 'removes 4 from r2c1, r2c3 and r2c7');
  assert.equal(effectSummary({ eliminations: [] }), '');
});

test('a chain is followed layer by layer from its assumption, however the links are listed', () => {
  const n = (cell, digit = 1) => ({ cell, digit });
  // From the conclusion back, as the core lists them: 0 → 1 → 2, 0 → 3, and 2 and 3 → 4.
  const links = [
    { from: n(2), to: n(4), strong: false }, { from: n(3), to: n(4), strong: false },
    { from: n(1), to: n(2), strong: true }, { from: n(0), to: n(3), strong: true },
    { from: n(0), to: n(1), strong: false },
  ];
  assert.deepEqual(chainLayers(links), { layers: [3, 3, 2, 1, 1], count: 3 });
  assert.deepEqual(chainLayers([]), { layers: [], count: 0 });
  // A loop (a candidate found both true and false is one node here) still ends.
  const loop = [{ from: n(0), to: n(1) }, { from: n(1), to: n(2) }, { from: n(2), to: n(1) }];
  const { layers, count } = chainLayers(loop);
  assert.equal(layers.length, 3);
  assert.ok(count <= loop.length);
});

test('a puzzle line with a note after it (as the CLI writes them) gives its cells; invisible characters are read past', () => {
  assert.equal(puzzleBeforeNote(`${PUZZLE} 7.1`), PUZZLE);
  assert.equal(puzzleBeforeNote(`  ${PUZZLE}\t# hard  `), PUZZLE);
  // A text that is a puzzle by itself, or several lines, is left alone.
  assert.equal(puzzleBeforeNote(PUZZLE), null);
  assert.equal(puzzleBeforeNote(`${PUZZLE.slice(0, 40)} ${PUZZLE.slice(40)}`), null);
  assert.equal(puzzleBeforeNote(`${PUZZLE} 7.1\n${PUZZLE} 2.0`), null);
  assert.equal(puzzleBeforeNote('hello world'), null);
  assert.equal(textFromCells(cellsFromText(`\uFEFF${PUZZLE.slice(0, 9)}\u200B${PUZZLE.slice(9)}`)), PUZZLE);
});
