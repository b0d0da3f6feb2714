// Keeping the game across reloads (localStorage) and carrying a puzzle in a share link
// (#/sudoku?p=<81 characters>).

const KEY = 'gridwise.sudoku.game';
const SETTINGS_KEY = 'gridwise.sudoku.settings';
const DEFAULTS = { checkMistakes: false, level: 'medium', limit: '1000', symmetry: 'central', min: '3.0', max: '4.5' };

/** The saved game's data, or null. */
export function loadGame() {
  try {
    const text = localStorage.getItem(KEY);
    return text ? JSON.parse(text) : null;
  } catch (_) {
    return null;
  }
}

/** Saves the game; returns false when storage is unavailable or full. */
export function saveGame(game) {
  try {
    localStorage.setItem(KEY, JSON.stringify(game));
    return true;
  } catch (_) {
    try {
      // Storage full: keep the position and drop the oldest undo steps rather than lose it all.
      const data = typeof game.toJSON === 'function' ? game.toJSON() : game;
      localStorage.setItem(KEY, JSON.stringify({ ...data, history: data.history.slice(-50), future: [] }));
      return true;
    } catch (_) { return false; }
  }
}

export function loadSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}') };
  } catch (_) {
    return { ...DEFAULTS };
  }
}

export function saveSettings(settings) {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch (_) { /* not fatal */ }
}

/** The puzzle text in the current URL's `p` parameter (#/sudoku?p=…), or null. */
export function sharedPuzzle(hash = location.hash) {
  const q = hash.indexOf('?');
  if (q < 0) return null;
  const p = new URLSearchParams(hash.slice(q + 1)).get('p');
  return p && p.trim() ? p.trim() : null;
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
