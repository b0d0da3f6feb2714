// Keeping the game across reloads (localStorage, versioned) and carrying a puzzle in a share
// link (#/sudoku?p=<81 characters>).
import { LocalDocument } from '../../ui/storage.js';

const DEFAULTS = { checkMistakes: false, level: 'medium', limit: '1000', symmetry: 'central', min: '3.0', max: '4.5', technique: '', printLayout: '1', printAnswers: false };

// Format 0 is the game as builds before versioned storage wrote it: the same fields, bare.
const asIs = (data, format) => (format === 0 && data && typeof data === 'object' ? data : null);
const gameDoc = new LocalDocument('gridwise.sudoku.game', { format: 1, what: 'game', upgrade: asIs });
const settingsDoc = new LocalDocument('gridwise.sudoku.settings', { format: 1, what: 'Sudoku settings', upgrade: asIs });

/** {data, notice}: the saved game's data (or null), and a notice when an old one was dropped. */
export function loadGame() {
  return gameDoc.load();
}

/** Saves the game; when storage is full, the position is kept with fewer undo steps. */
export function saveGame(game) {
  const data = typeof game.toJSON === 'function' ? game.toJSON() : game;
  return gameDoc.save(data, { smaller: () => ({ ...data, history: data.history.slice(-50), future: [] }) });
}

export function loadSettings() {
  const { data } = settingsDoc.load();
  return { ...DEFAULTS, ...(data && typeof data === 'object' ? data : {}) };
}

export function saveSettings(settings) {
  settingsDoc.save(settings);
}

/** The puzzle text in the current URL's `p` parameter (#/sudoku?p=…), or null. */
export function sharedPuzzle(hash = location.hash) {
  const q = hash.indexOf('?');
  if (q < 0) return null;
  const p = new URLSearchParams(hash.slice(q + 1)).get('p');
  return p && p.trim() ? p.trim() : null;
}

/**
 * The puzzle in pasted text that is one of this page's share links (…#/sudoku?p=…), or null:
 * the link the page copies can be pasted back.
 */
export function puzzleInLink(text) {
  const link = text.trim();
  const hash = link.indexOf('#/sudoku?');
  return hash >= 0 && !/\s/.test(link) ? sharedPuzzle(link.slice(hash)) : null;
}

/** A link that opens this page with the puzzle. */
export function shareLink(puzzleText) {
  const url = new URL(location.href);
  url.hash = `#/sudoku?p=${puzzleText}`;
  return url.toString();
}

/** Drops the ?p= part from the address bar without reloading or re-routing. */
export function clearSharedPuzzle() {
  if (location.hash.includes('?')) history.replaceState(history.state, '', '#/sudoku');
}
