// Flood fill page helpers without a browser: recent colours keep their places, and Save is
// named after the opened file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSettings, rememberColour, RECENT_LIMIT } from '../../www/pages/fill/settings.js';
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

test('saved settings out of the controls\' range (another version, a hand edit) fall back to the defaults', () => {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
  };
  const data = { tool: 'nuke', size: -5, alpha: 999, tolerance: 3.5, gap: 40, grow: -1, connectivity: 6, colour: 'red' };
  localStorage.setItem('gridwise.fill.settings', JSON.stringify({ format: 1, saved: 0, data }));
  const { settings } = loadSettings();
  assert.deepEqual(
    { tool: settings.tool, size: settings.size, alpha: settings.alpha, tolerance: settings.tolerance, gap: settings.gap, grow: settings.grow, connectivity: settings.connectivity, colour: settings.colour },
    { tool: 'pen', size: 6, alpha: 255, tolerance: 32, gap: 0, grow: 0, connectivity: 4, colour: '#e03131' },
  );
  // Values in range are kept.
  localStorage.setItem('gridwise.fill.settings', JSON.stringify({ format: 1, saved: 0, data: { tool: 'bucket', size: 12, connectivity: 8 } }));
  const kept = loadSettings().settings;
  assert.deepEqual([kept.tool, kept.size, kept.connectivity], ['bucket', 12, 8]);
});
