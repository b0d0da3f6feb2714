// The Voltorb page's work kept across navigation and reloads (localStorage, versioned): the
// assistant's clues, revealed cards, level and weighting with their undo steps, and the game
// being played with the player's coins and the rounds that set the next level.
import { LocalDocument } from '../../ui/storage.js';
import { roundFromSaved, CARDS, MAX_COINS, HISTORY_KEPT } from './round.js';

const doc = new LocalDocument('gridwise.voltorb', { format: 1, what: 'Voltorb Flip board' });
/** Undo steps saved with the assistant (each is ten short strings and a few cards). */
export const UNDO_KEPT = 100;

const LEVELS = ['', '1', '2', '3', '4', '5', '6', '7', '8'];
const OUTCOMES = ['won', 'lost', 'quit'];

/** The page's state when nothing was saved. */
export function freshState() {
  return {
    mode: 'assist',
    assist: { clueText: Array(10).fill(''), revealed: [], level: '', weighting: 'game', objective: 'win', undo: [] },
    play: { round: null, coins: 0, history: [], hints: false, coach: false },
  };
}

function clueTexts(list) {
  return Array.isArray(list) && list.length === 10 ? list.map((t) => String(t ?? '').slice(0, 12)) : null;
}

function revealedList(list) {
  if (!Array.isArray(list)) return [];
  return list.filter((pair) => Array.isArray(pair) && Number.isInteger(pair[0]) && pair[0] >= 0 && pair[0] < CARDS
    && [0, 1, 2, 3].includes(pair[1]));
}

/** The saved state, checked field by field so a damaged save loses only what is damaged. */
export function loadState() {
  const { data, notice } = doc.load();
  const state = freshState();
  if (!data || typeof data !== 'object') return { state, notice };
  if (data.mode === 'play') state.mode = 'play';
  const a = data.assist || {};
  state.assist.clueText = clueTexts(a.clueText) || state.assist.clueText;
  state.assist.revealed = revealedList(a.revealed);
  if (LEVELS.includes(a.level)) state.assist.level = a.level;
  if (a.weighting === 'uniform') state.assist.weighting = 'uniform';
  if (a.objective === 'coins') state.assist.objective = 'coins';
  if (Array.isArray(a.undo)) {
    state.assist.undo = a.undo
      .map((s) => ({ clueText: clueTexts(s?.clueText), revealed: revealedList(s?.revealed) }))
      .filter((s) => s.clueText)
      .slice(-UNDO_KEPT);
  }
  const p = data.play || {};
  state.play.round = roundFromSaved(p.round);
  if (Number.isInteger(p.coins)) state.play.coins = Math.max(0, Math.min(MAX_COINS, p.coins));
  if (Array.isArray(p.history)) {
    state.play.history = p.history
      .filter((r) => r && Number.isInteger(r.level) && r.level >= 1 && r.level <= 8
        && OUTCOMES.includes(r.outcome) && Number.isInteger(r.flipped))
      .slice(-HISTORY_KEPT);
  }
  state.play.hints = p.hints === true;
  state.play.coach = p.coach === true;
  return { state, notice };
}

/** Saves the state; when storage is full, it is tried again without the undo steps. */
export function saveState(state) {
  return doc.save(state, { smaller: () => ({ ...state, assist: { ...state.assist, undo: [] } }) });
}
