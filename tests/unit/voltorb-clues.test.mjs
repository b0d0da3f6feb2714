// Voltorb page: reading one clue, and the ten clues pasted at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseClue, splitClueList } from '../../www/pages/voltorb/clues.js';

test('a clue is "sum Voltorbs" in any of the short forms a box takes', () => {
  for (const text of ['5 1', '5,1', '5/1', '51', ' 5  1 ']) assert.deepEqual(parseClue(text), { value: [5, 1] });
  assert.deepEqual(parseClue('100'), { value: [10, 0] });
  assert.match(parseClue('105').error, /sum 10 is impossible with 5 Voltorbs/);
  assert.match(parseClue('5 6').error, /a line has only five cards/);
  assert.deepEqual(parseClue(''), { empty: true });
});

test('ten pasted clues: apart by commas in any short form, or twenty numbers', () => {
  const ten = ['5 1', '4 2', '6 1', '7 0', '3 2', '5 1', '4 2', '6 1', '7 0', '3 2'];
  assert.deepEqual(splitClueList(ten.join(', ')), ten);
  assert.deepEqual(splitClueList('51, 42, 61, 70, 32, 51, 42, 61, 70, 32'), ['51', '42', '61', '70', '32', '51', '42', '61', '70', '32']);
  assert.deepEqual(splitClueList(ten.join('\n')), ten);
  assert.deepEqual(splitClueList(ten.join(' ')), ten);
  // Not ten clues: the message says what to give and how many there were.
  assert.match(splitClueList('51, 42').error, /Give ten clues.*this has 2/);
  assert.match(splitClueList('5 1 4 2').error, /this has one/);
  // A minus sign is not dropped quietly.
  assert.match(splitClueList('-1 2 5 1 4 2 6 1 7 0 3 2 5 1 4 2 6 1 7 0').error, /no negative numbers/);
});
