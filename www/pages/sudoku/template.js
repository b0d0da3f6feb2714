// The Sudoku page's markup: status line, board, digit pad, tools, and the side panels (help,
// new game, solver, import/export). Behaviour is wired up in index.js.
import { taskMarkup } from '../../ui/task.js';

export const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme'];
const LIMITS = [['2', '2'], ['1000', '1,000'], ['1000000', '1,000,000'], ['1000000000', '1,000,000,000']];
const html = String.raw;

/** The page's HTML for the saved `settings` (level, symmetry, count limit, rating range). */
/** Techniques a generated puzzle can be built around (its hardest step), easiest first. */
const TECHNIQUES = ['Pointing pair', 'Box/line reduction', 'Naked pair', 'X-Wing', 'Hidden pair', 'Naked triple',
  'Swordfish', 'Hidden triple', '2-String Kite', 'XY-Wing', 'Empty Rectangle', 'XYZ-Wing',
  'Unique Rectangle', 'Naked quad', 'WXYZ-Wing', 'BUG+1', 'VWXYZ-Wing', 'XY-Chain', 'X-Chain', 'AIC', 'Nishio forcing chain'];

export function template(settings) {
  return html`
  <h1 class="page-title">Sudoku</h1>
  <div class="tool-layout sudoku">
    <section class="sudoku-main" aria-label="Board">
      <div class="sudoku-status">
        <span class="sudoku-badge" data-role="badge"></span>
        <span class="sudoku-mode" data-role="mode"></span>
        <button class="sudoku-timer" type="button" data-action="pause" data-role="timer" title="Pause">0:00</button>
      </div>
      <div class="sudoku-edit-bar" data-role="edit-bar" hidden>
        <span>New puzzle: type the givens or paste them (Ctrl+V).</span>
        <button class="btn btn-primary" type="button" data-action="start">Start playing</button>
        <p class="sudoku-entry-status" data-role="entry-status" aria-live="polite"></p>
      </div>
      <div class="sudoku-board-wrap">
        <canvas class="sudoku-board" tabindex="0" role="application" aria-roledescription="Sudoku board"
          aria-label="Sudoku board. Arrows move, digits fill, Shift+digit pencil marks, Backspace erases, Ctrl+V pastes a puzzle."
          aria-describedby="sudoku-live"></canvas>
      </div>
      <p class="visually-hidden" id="sudoku-live" aria-live="polite" data-role="live"></p>
      <div class="sudoku-pad" data-role="pad" aria-label="Digits">
        ${[1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => html`<button class="btn sudoku-digit" type="button" data-digit="${d}"><span>${d}</span><small data-count aria-hidden="true"></small></button>`).join('')}
      </div>
      <div class="sudoku-tools">
        <button class="btn" type="button" data-action="undo" title="Undo (Ctrl+Z)">${icon('undo')}<span>Undo</span></button>
        <button class="btn" type="button" data-action="redo" title="Redo (Ctrl+Y)">${icon('redo')}<span>Redo</span></button>
        <button class="btn" type="button" data-action="erase" title="Erase (Backspace)">${icon('erase')}<span>Erase</span></button>
        <button class="btn" type="button" data-action="pencil" aria-pressed="false" title="Pencil marks (P, or Shift+digit)">${icon('pencil')}<span>Pencil</span></button>
        <button class="btn" type="button" data-action="hint-quick" title="Hint">${icon('bulb')}<span>Hint</span></button>
      </div>
      <!-- Under the pad and tools: a message appearing never moves the keys in use. -->
      <div class="message" data-role="board-message" role="status"></div>
      <div class="sudoku-hint" data-role="hint-box" hidden>
        <p class="sudoku-hint-tech"><span data-role="hint-tech"></span> <span class="sudoku-hint-stage" data-role="hint-stage"></span></p>
        <div class="sudoku-chain-walk" data-role="chain-walk" hidden>
          <button class="btn" type="button" data-action="chain-back" aria-label="One step back along the chain">◀</button>
          <span data-role="chain-position" aria-live="polite"></span>
          <button class="btn" type="button" data-action="chain-forward" aria-label="One step on along the chain">▶</button>
          <button class="btn" type="button" data-action="chain-all" aria-label="Show the whole chain">All</button>
        </div>
        <p class="sudoku-hint-text" data-role="hint-text"></p>
        <p class="sudoku-hint-note" data-role="hint-note" hidden></p>
        <details class="sudoku-hint-about" data-role="hint-about" hidden>
          <summary data-role="hint-about-title">What is this?</summary>
          <p data-role="hint-about-text"></p>
        </details>
        <div class="row">
          <button class="btn btn-primary" type="button" data-action="hint-next">More help</button>
          <button class="btn" type="button" data-action="hint-show">Show step</button>
          <button class="btn btn-primary" type="button" data-action="hint-apply">Apply</button>
          <button class="btn" type="button" data-action="hint-close">Close</button>
        </div>
      </div>
      <div class="message" data-role="hint-message"></div>
      <div role="grid" class="visually-hidden" aria-label="Board cells" data-role="cells">
        ${Array.from({ length: 9 }, (_, r) => html`<div role="row">${Array.from({ length: 9 }, (_, c) => html`<span role="gridcell" data-cell="${r * 9 + c}"></span>`).join('')}</div>`).join('')}
      </div>
    </section>

    <aside class="stack sudoku-side">
      <section class="panel stack" data-section="help" aria-labelledby="sd-help">
        <h2 id="sd-help">Help</h2>
        <div class="row">
          <button class="btn btn-primary" type="button" data-action="hint">Hint</button>
          <button class="btn" type="button" data-action="rate">Rate puzzle</button>
        </div>
        ${progress('help')}
        <div class="message" data-role="help-message"></div>
        <label class="sudoku-switch"><input type="checkbox" data-role="auto"> Auto candidates</label>
        <label class="sudoku-switch"><input type="checkbox" data-role="mistakes" ${settings.checkMistakes ? 'checked' : ''}> Show mistakes</label>
        <details class="sudoku-keys">
          <summary>Keyboard and touch</summary>
          <dl>
            <dt>1–9</dt><dd>digit (again to clear)</dd>
            <dt>Shift/Alt + 1–9</dt><dd>pencil mark</dd>
            <dt>P</dt><dd>pencil mode on/off</dd>
            <dt>Arrows</dt><dd>move</dd>
            <dt>Backspace, Delete, 0</dt><dd>erase</dd>
            <dt>0, ., Space</dt><dd>entering a puzzle: leave the cell empty, move on</dd>
            <dt>Ctrl+Z, Ctrl+Y</dt><dd>undo, redo</dd>
            <dt>Ctrl+V</dt><dd>paste a puzzle</dd>
            <dt>H</dt><dd>hint; again: more help, step by step, then apply it</dd>
            <dt>Esc</dt><dd>close the hint</dd>
          </dl>
          <p>On a phone: tap a cell, then the digit pad; Pencil switches the pad to marks.</p>
        </details>
      </section>

      <section class="panel stack" data-section="game" aria-labelledby="sd-new">
        <h2 id="sd-new">New game</h2>
        <div class="sudoku-levels" role="group" aria-label="Level">
          ${[...LEVELS, 'custom'].map((l) => html`<button class="btn" type="button" data-level="${l}" aria-pressed="${l === settings.level}">${l[0].toUpperCase() + l.slice(1)}</button>`).join('')}
        </div>
        <div class="row sudoku-range" data-role="range" ${settings.level === 'custom' ? '' : 'hidden'}>
          <label class="sudoku-inline">SE rating from
            <input type="number" data-role="min" min="1" max="12" step="0.1" value="${settings.min}" inputmode="decimal">
          </label>
          <label class="sudoku-inline">to
            <input type="number" data-role="max" min="1" max="12" step="0.1" value="${settings.max}" inputmode="decimal">
          </label>
          <label class="sudoku-inline">or hardest step
            <select data-role="technique">
              <option value="">any, by rating</option>
              ${TECHNIQUES.map((t) => html`<option value="${t}" ${t === settings.technique ? 'selected' : ''}>${t}</option>`).join('')}
            </select>
          </label>
        </div>
        <div class="row">
          <button class="btn btn-primary" type="button" data-action="generate">New game</button>
          <button class="btn" type="button" data-action="restart" title="Clear your digits and marks (undoable)">Restart</button>
          <label class="sudoku-inline">Symmetry
            <select data-role="symmetry">
              ${['central', 'diagonal', 'mirror', 'none'].map((s) => html`<option value="${s}" ${s === settings.symmetry ? 'selected' : ''}>${s}</option>`).join('')}
            </select>
          </label>
        </div>
        ${progress('game')}
        <div class="message" data-role="game-message"></div>
      </section>

      <section class="panel stack" data-section="solver" aria-labelledby="sd-solver">
        <h2 id="sd-solver">Solver</h2>
        <div class="row">
          <button class="btn btn-primary" type="button" data-action="solve">Solve</button>
          <button class="btn" type="button" data-action="count">Count solutions</button>
          <label class="sudoku-inline">up to
            <select data-role="limit">
              ${LIMITS.map(([v, t]) => html`<option value="${v}" ${v === settings.limit ? 'selected' : ''}>${t}</option>`).join('')}
            </select>
          </label>
        </div>
        ${progress('solver')}
        <div class="message" data-role="solver-message"></div>
      </section>

      <section class="panel stack" data-section="io" aria-labelledby="sd-io">
        <h2 id="sd-io">Import / export</h2>
        <label for="sd-import">Puzzle: 81 characters, 1–9 and . or 0 for empty (grid decoration is fine)</label>
        <textarea id="sd-import" rows="3" spellcheck="false" autocomplete="off" data-role="import"
          placeholder="53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"></textarea>
        <div class="message" data-role="io-message"></div>
        <div class="row">
          <button class="btn btn-primary" type="button" data-action="import">Load</button>
          <button class="btn" type="button" data-action="export">Copy puzzle</button>
          <button class="btn" type="button" data-action="share">Copy link</button>
          <button class="btn" type="button" data-action="blank">Enter a puzzle</button>
        </div>
        ${progress('io')}
      </section>

      <section class="panel stack" data-section="print" aria-labelledby="sd-print">
        <h2 id="sd-print">Print</h2>
        <div class="row">
          <label class="sudoku-inline">Page
            <select data-role="print-layout">
              <option value="1" ${settings.printLayout !== '4' ? 'selected' : ''}>this puzzle, large</option>
              <option value="4" ${settings.printLayout === '4' ? 'selected' : ''}>four new puzzles of the New game level</option>
            </select>
          </label>
          <button class="btn" type="button" data-action="print">Print</button>
        </div>
        <label class="sudoku-switch"><input type="checkbox" data-role="print-answers" ${settings.printAnswers ? 'checked' : ''}> Answers on a second page</label>
        ${progress('print')}
        <div class="message" data-role="print-message"></div>
      </section>
    </aside>
  </div>`;
}

/** A section's task box (progress, Cancel): see ui/task.js. */
function progress(section) {
  return taskMarkup(section);
}

function icon(name) {
  const paths = {
    undo: 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
    redo: 'm15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
    erase: 'M20 20H9L4 15a2 2 0 0 1 0-2.8L13.2 3a2 2 0 0 1 2.8 0l4 4a2 2 0 0 1 0 2.8L12 18M7 11l6 6',
    pencil: 'M17 3a2.8 2.8 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5Z',
    bulb: 'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2Z',
  };
  return `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${paths[name]}"/></svg>`;
}

