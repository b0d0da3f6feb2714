// Pieces written out as text keep their shape: hex blocks start on an even row, triangle blocks
// on an even row and column, so every triangle points the way it did on the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { piecesText } from '../../www/pages/poly/editor.js';

test('a triangle piece keeps which way its triangles point', () => {
  // (3, 1) points up (3 + 1 is even), (4, 1) down: the block starts at column 2, row 0.
  const text = piecesText('tri', [{ name: 'A', cells: [[3, 1], [4, 1]], count: 1 }]);
  assert.equal(text, 'tri\n\n...\n.AA');
  // (1, 0) points down: a block starting at column 0 keeps it down.
  assert.equal(piecesText('tri', [{ name: 'B', cells: [[1, 0], [2, 0]], count: 2 }]), 'tri\n\n.BB\n\nB*2');
});

test('hex and square pieces', () => {
  assert.equal(piecesText('hex', [{ name: 'C', cells: [[1, 1], [2, 1]], count: 1 }]), 'hex\n\n..\nCC');
  assert.equal(piecesText('square', [{ name: 'D', cells: [[1, 1], [2, 1]], count: 1 }]), 'square\n\nDD');
});
