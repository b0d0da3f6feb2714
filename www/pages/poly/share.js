// Share links for the Tiling page: the board, the pieces, the options and (optionally) one
// solution, packed into the address (#/poly?t=…) so a link reproduces what its sender saw.
import { drawnBoard } from './storage.js';

const VERSION = 1;
/** Links stay short enough for chat apps and address bars. */
const MAX_LINK_TEXT = 30000;

const toBase64Url = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)))
  .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The link for a setup: {puzzleId, draw, pieces, unused, distinct, limit} and optionally the
 * solution shown ({labels, number}).
 */
export function shareLink(setup, solution = null) {
  const data = {
    v: VERSION,
    puzzle: setup.puzzleId,
    pieces: setup.pieces,
    unused: setup.unused || undefined,
    distinct: setup.distinct || undefined,
    limit: setup.limit || undefined,
  };
  if (setup.puzzleId === 'draw') {
    const { kind, width, height, cells } = setup.draw;
    data.draw = { kind, width, height, cells: cells.map((on) => (on ? '.' : '#')).join('') };
  }
  if (solution) data.solution = { labels: solution.labels, number: solution.number };
  const url = new URL(location.href);
  url.hash = `#/poly?t=${toBase64Url(JSON.stringify(data))}`;
  return url.toString();
}

/**
 * The setup in the address, if any: {setup, solution} or {error} for a damaged link (named
 * so the user knows the link, not their work, is at fault); null when there is none.
 */
export function sharedSetup(hash = location.hash) {
  const q = hash.indexOf('?');
  if (q < 0) return null;
  const t = new URLSearchParams(hash.slice(q + 1)).get('t');
  if (!t) return null;
  let data;
  try {
    if (t.length > MAX_LINK_TEXT) throw new Error('too long');
    data = JSON.parse(fromBase64Url(t));
  } catch {
    return { error: 'This share link is damaged (it may have been cut short), so nothing was loaded.' };
  }
  if (!data || typeof data !== 'object' || data.v !== VERSION || typeof data.puzzle !== 'string') {
    return { error: 'This share link is not one this version of the page can read, so nothing was loaded.' };
  }
  const draw = data.puzzle === 'draw' ? drawnBoard(data.draw) : null;
  if (data.puzzle === 'draw' && !draw) return { error: 'The board in this share link is damaged, so nothing was loaded.' };
  const setup = {
    puzzleId: data.puzzle,
    draw,
    pieces: typeof data.pieces === 'string' ? data.pieces.slice(0, 20000) : null,
    unused: data.unused === true,
    distinct: data.distinct === true,
    limit: typeof data.limit === 'string' && /^\d{0,12}$/.test(data.limit) ? data.limit : '',
  };
  const s = data.solution;
  const solution = s && Array.isArray(s.labels) && s.labels.every(Number.isInteger)
    ? { labels: s.labels, number: Number.isInteger(s.number) && s.number > 0 ? s.number : 1 }
    : null;
  return { setup, solution };
}

/** Drops the ?t= part from the address bar without reloading or re-routing. */
export function clearSharedSetup() {
  if (location.hash.includes('?')) history.replaceState(history.state, '', '#/poly');
}
