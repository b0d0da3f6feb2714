// Flood fill page helpers without a browser: recent colours keep their places, and Save is
// named after the opened file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rememberColour, RECENT_LIMIT } from '../../www/pages/fill/settings.js';
import { DEFAULT_SWATCHES } from '../../www/pages/fill/template.js';
import { savedName } from '../../www/pages/fill/io.js';

test('a used colour never moves a swatch; new ones fill free places, then replace the oldest added', () => {
  const settings = { recent: [...DEFAULT_SWATCHES], recentTurn: 0 };
  rememberColour(settings, '#FFD43B'); // a default, in another case
  assert.deepEqual(settings.recent, DEFAULT_SWATCHES);
  const added = ['#111111', '#222222', '#333333', '#444444'];
  for (const c of added) rememberColour(settings, c);
  assert.deepEqual(settings.recent, [...DEFAULT_SWATCHES, ...added]);
  assert.equal(settings.recent.length, RECENT_LIMIT);
  rememberColour(settings, '#333333');
  assert.deepEqual(settings.recent, [...DEFAULT_SWATCHES, ...added], 'reusing one changes nothing');
  rememberColour(settings, '#555555');
  assert.deepEqual(settings.recent, [...DEFAULT_SWATCHES, '#555555', '#222222', '#333333', '#444444']);
  rememberColour(settings, '#666666');
  assert.deepEqual(settings.recent.slice(8), ['#555555', '#666666', '#333333', '#444444']);
  assert.deepEqual(settings.recent.slice(0, 8), DEFAULT_SWATCHES, 'the defaults stay');
});

test('Save is named after the opened file', () => {
  assert.equal(savedName('photo.jpg'), 'photo-filled.png');
  assert.equal(savedName('scan.final.PNG'), 'scan.final-filled.png');
  assert.equal(savedName('photo-filled.png'), 'photo-filled.png', 'saving again does not stack suffixes');
  assert.equal(savedName(null), 'fill.png');
  assert.equal(savedName(''), 'fill.png');
  assert.equal(savedName('a:b?.png'), 'a_b_-filled.png');
});
