// The Voltorb page's markup: the mode switch, the 6×6 board (25 cards, five row clues at the
// right, five column clues below, as in the game) and the two side panels.
import { html } from '../../ui/dom.js';
import { taskMarkup } from '../../ui/task.js';
import { SIZE } from './round.js';

export const LINE_NAMES = ['row 1', 'row 2', 'row 3', 'row 4', 'row 5', 'column 1', 'column 2', 'column 3', 'column 4', 'column 5'];

export const cardName = (cell) => `row ${Math.floor(cell / SIZE) + 1}, column ${(cell % SIZE) + 1}`;

function clueTile(line) {
  return html`<div class="vf-clue vf-line-${line % SIZE}" data-line="${line}">
      <input class="vf-clue-input" type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
        aria-label="${LINE_NAMES[line]} clue: sum and Voltorbs" placeholder="Σ V" maxlength="6" data-line="${line}">
      <div class="vf-clue-view" hidden></div>
    </div>`;
}

function boardMarkup() {
  const parts = [];
  for (let r = 0; r <= SIZE; r++) {
    for (let c = 0; c <= SIZE; c++) {
      if (r < SIZE && c < SIZE) {
        const cell = r * SIZE + c;
        parts.push(html`<button class="vf-card" type="button" data-cell="${cell}" aria-label="${cardName(cell)}"></button>`);
      } else if (r === SIZE && c === SIZE) {
        parts.push('<div class="vf-corner" aria-hidden="true"></div>');
      } else {
        parts.push(clueTile(r === SIZE ? SIZE + c : r));
      }
    }
  }
  return parts.join('');
}

const levelOptions = () => ['<option value="">Level unknown</option>',
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((l) => html`<option value="${l}">Level ${l}</option>`)].join('');

export function template() {
  return html`
  <h1 class="page-title">Voltorb Flip</h1>
  <div class="row vf-modes" role="group" aria-label="Mode">
    <button class="btn" type="button" data-mode="assist" aria-pressed="true">Assistant</button>
    <button class="btn" type="button" data-mode="play" aria-pressed="false">Play</button>
  </div>
  <div class="tool-layout vf-layout">
    <div class="vf-board-wrap">
      <div class="vf-board" role="group" aria-label="Voltorb Flip board: 25 cards, row clues at the right, column clues below">
        ${boardMarkup()}
      </div>
      <div class="vf-clue-msg" data-msg="board"></div>
      <div class="vf-under-board" data-role="assist-under">
        <div class="row vf-board-actions">
          <button class="btn" type="button" data-action="undo" title="Undo (Ctrl+Z)">Undo</button>
          <button class="btn" type="button" data-action="clear-cards" title="Turn every card face down again">Clear cards</button>
          <button class="btn" type="button" data-action="new-board" title="Clear the clues and the cards for the next board">New board</button>
        </div>
        <div class="vf-advice" data-msg="advice"></div>
        <div class="vf-quit" data-msg="quit"></div>
        <details class="vf-why" data-role="why" hidden>
          <summary>Why?</summary>
          <div data-role="why-body"></div>
        </details>
        ${taskMarkup('best')}
      </div>
      <div class="vf-under-board" data-role="play-under" hidden>
        <div class="vf-play-info" data-role="play-info"></div>
        <div class="row">
          <button class="btn btn-primary" type="button" data-action="next-round">Next round</button>
          <button class="btn" type="button" data-action="quit">Quit round</button>
          <button class="btn" type="button" data-action="memo" aria-pressed="false" title="Memo marks (M)">Memo</button>
          <button class="btn" type="button" data-action="hints" aria-pressed="false">Hints</button>
          <button class="btn" type="button" data-action="coach" aria-pressed="false" title="After each flip, how much of the chance to clear it kept against the best card">Coach</button>
        </div>
        <!-- Under the buttons, so that turning Hints on moves none of them. -->
        <p class="vf-k vf-hint-line" data-role="hint-line" hidden></p>
        <div class="row vf-memo-bar" data-role="memo-bar" role="group" aria-label="Memo mark" hidden>
          <button class="btn vf-memo-flag" type="button" data-flag="0" aria-pressed="true">◎ Voltorb</button>
          <button class="btn vf-memo-flag" type="button" data-flag="1" aria-pressed="false">1</button>
          <button class="btn vf-memo-flag" type="button" data-flag="2" aria-pressed="false">2</button>
          <button class="btn vf-memo-flag" type="button" data-flag="3" aria-pressed="false">3</button>
        </div>
        ${taskMarkup('hint')}
        <div class="vf-play-msg" data-msg="play"></div>
        <div class="vf-coach" data-msg="coach" aria-live="polite"></div>
        <div class="vf-coach vf-coach-summary" data-msg="coach-summary" aria-live="polite"></div>
      </div>
    </div>
    <div class="stack vf-side">
      <section class="panel stack" data-role="assist-panel" aria-labelledby="vf-assist-title">
        <h2 id="vf-assist-title">Your board</h2>
        <p class="vf-help">Type each clue as “sum Voltorbs” (e.g. 5 1) and go on to the next box
          (<span class="vf-pointer-fine">Tab or Enter</span><span class="vf-pointer-touch">Next on the keyboard</span>):
          rows top to bottom, then columns left to right. Then
          <span class="vf-pointer-fine">click a card (or focus it and press 0–3)</span><span class="vf-pointer-touch">tap a card</span>
          to record what it showed.</p>
        <label class="vf-field">All ten clues at once
          <input class="vf-paste" type="text" data-role="paste" placeholder="5 1, 4 2, …" autocomplete="off" aria-describedby="vf-paste-msg">
        </label>
        <p class="message" id="vf-paste-msg" data-msg="paste"></p>
        <div class="row">
          <select data-role="level" aria-label="Level">${levelOptions()}</select>
          <select data-role="weighting" aria-label="Weighting"
            title="Game odds weigh each board by how likely the game is to deal it; uniform weighs every consistent board equally">
            <option value="game">Game odds</option>
            <option value="uniform">Uniform odds</option>
          </select>
        </div>
        <label class="vf-field">Goal
          <select data-role="objective" title="What the best move aims for">
            <option value="win">Clear the board (move up a level)</option>
            <option value="coins">Most coins this round (quitting allowed)</option>
          </select>
        </label>
        <div class="vf-status" data-role="status" aria-live="polite"></div>
        <ul class="vf-legend" aria-label="What the marks on a card mean">
          <li><span class="vf-key vf-key-odds"><span class="vf-voltorb-icon" aria-hidden="true"></span>12%</span> chance the card is a Voltorb</li>
          <li><span class="vf-key vf-key-odds"><b>2:</b>30% <b>3:</b>–</span> chance of a 2 and of a 3 <span class="vf-nowrap">(– impossible)</span></li>
          <li><span class="vf-key vf-key-safe">✓</span> cannot be a Voltorb</li>
          <li><span class="vf-key vf-key-useless">–</span> only 0 or 1: nothing to win</li>
          <li><span class="vf-key vf-key-best">★</span> best move</li>
        </ul>
      </section>
      <section class="panel stack" data-role="play-panel" aria-labelledby="vf-play-title" hidden>
        <h2 id="vf-play-title">Play</h2>
        <p class="vf-help">Flip every 2 and 3 without hitting a Voltorb. The first card sets your coins,
          each later card multiplies them. Quitting keeps the round's coins. Memo marks the cards you
          suspect, as in the game; Hints shows the odds and the best card.</p>
        <p class="vf-help">Levels follow the game's rules: a win moves you up, a Voltorb early in a
          round can move you down.</p>
      </section>
    </div>
  </div>`;
}
