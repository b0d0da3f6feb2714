// The Tiling page's markup. The board, the solution browser right under it, and the run
// controls (Solve, Stop, the counts) sit together, so on a phone they are all on screen with the
// board; the side panel holds what is set up once: the puzzle, the drawn board's size, the
// pieces. (On a narrow screen the page moves the puzzle choice above the board and the drawing
// controls under it: see index.js.)
import { html } from '../../ui/dom.js';

export const PIECE_SETS = [
  ['pentominoes', 'The 12 pentominoes'],
  ['tetrominoes', 'The 5 tetrominoes'],
  ['tetrominoes*2', 'Two sets of tetrominoes'],
  ['hexominoes', 'The 35 hexominoes'],
  ['bricks', 'Bricks 1×2 … 3×3'],
  ['meteor', 'Meteor (hex)'],
  ['hexiamonds', 'The 12 hexiamonds (triangles)'],
  ['tetriamonds', 'The 3 tetriamonds (triangles)'],
  ['1x2*32', 'Dominoes ×32'],
];

/** The grid a library set's pieces are drawn on. */
export const setKind = (spec) => (spec === 'meteor' ? 'hex' : /iamonds$/.test(spec) ? 'tri' : 'square');

/** The set offered when the drawn board moves to a grid its pieces do not fit. */
export const KIND_DEFAULT_SET = { square: 'pentominoes', hex: 'meteor', tri: 'hexiamonds' };

export function template() {
  return html`
    <h1 class="page-title">Tiling</h1>
    <div class="tool-layout poly">
      <section class="poly-board-area panel" aria-label="Board and solutions">
        <div class="poly-canvas-wrap"><canvas class="poly-canvas" tabindex="0"
          aria-label="Board: arrow keys browse the solutions; on a drawn board they move a cursor and Space adds or removes a cell"></canvas></div>
        <div class="row poly-browse" data-browse hidden>
          <span class="poly-step">
            <button class="btn" type="button" data-prev aria-label="Previous solution">◀</button>
            <span class="poly-index" data-index aria-live="polite"></span>
            <button class="btn" type="button" data-next aria-label="Next solution">▶</button>
          </span>
          <label class="poly-follow"><input type="checkbox" data-follow checked> follow new</label>
        </div>
        <p class="poly-hint" data-hint></p>
        <div class="row poly-run">
          <button class="btn btn-primary" type="button" data-solve>Solve</button>
          <button class="btn btn-danger" type="button" data-stop disabled>Stop</button>
          <div class="poly-meter" data-meter aria-hidden="true"><div class="poly-meter-bar" data-bar></div></div>
        </div>
        <dl class="poly-counts">
          <div><dt>solutions</dt><dd data-total>–</dd></div>
          <div><dt>distinct</dt><dd data-distinct-count>–</dd></div>
          <div><dt>nodes</dt><dd data-nodes>–</dd></div>
          <div><dt>time</dt><dd data-time>–</dd></div>
        </dl>
        <div class="progress" data-progress role="status" hidden><span class="spinner" aria-hidden="true"></span><span data-progress-text>Searching…</span></div>
        <div data-msg></div>
        <div class="row poly-export">
          <button class="btn" type="button" data-share title="A link that opens this board, these pieces and the solution shown">Share link</button>
          <button class="btn" type="button" data-svg title="Save the board as shown as an SVG drawing">SVG</button>
          <button class="btn" type="button" data-png title="Save the board as shown as a PNG picture">PNG</button>
        </div>
        <div data-export-msg></div>
        <div class="poly-legend" data-legend></div>
      </section>
      <aside class="panel stack poly-side" aria-label="Puzzle and pieces">
        <div class="stack poly-group" data-puzzle-group>
          <label for="poly-puzzle">Puzzle</label>
          <select id="poly-puzzle" data-puzzle></select>
          <p class="poly-about" data-about></p>
        </div>
        <div class="stack poly-group" data-drawing hidden>
          <div class="row" role="group" aria-label="Grid">
            <span class="poly-label">Grid</span>
            <button class="btn" type="button" data-kind="square" aria-pressed="true">Square</button>
            <button class="btn" type="button" data-kind="hex" aria-pressed="false">Hex</button>
            <button class="btn" type="button" data-kind="tri" aria-pressed="false">Triangle</button>
          </div>
          <div class="row">
            <label for="poly-w">Size</label>
            <input id="poly-w" type="number" min="1" max="24" value="8" data-w aria-label="Width">
            <span aria-hidden="true">×</span>
            <input id="poly-h" type="number" min="1" max="24" value="8" data-h aria-label="Height">
            <button class="btn" type="button" data-fill>Fill</button>
            <button class="btn" type="button" data-clear>Clear</button>
          </div>
          <div data-grid-msg></div>
          <p class="poly-small"><span class="poly-pointer-fine">Click or drag</span><span class="poly-pointer-touch">Tap or drag</span> on the board to add or remove cells.</p>
          <div data-board-msg></div>
        </div>
        <div class="stack poly-group">
          <label for="poly-pieces">Pieces</label>
          <select id="poly-set" data-set aria-label="Piece set"></select>
          <details class="poly-editor" data-editor>
            <summary>Draw a piece</summary>
            <div class="poly-editor-body">
              <canvas class="poly-editor-canvas" tabindex="0" aria-label="Piece drawing grid" data-editor-canvas></canvas>
              <div class="stack">
                <button class="btn" type="button" data-editor-add>Add piece</button>
                <button class="btn" type="button" data-editor-clear>Clear</button>
              </div>
            </div>
          </details>
          <textarea id="poly-pieces" rows="2" spellcheck="false" data-pieces
            placeholder="pentominoes, 2x3*4, … or draw pieces with letters"></textarea>
          <details class="poly-format">
            <summary>How to write pieces</summary>
            <p>Name sets and bricks, separated by commas: <code>pentominoes</code>, <code>tetrominoes*2</code>
            (each piece twice), <code>2x3*4</code> (four 2 × 3 bricks). Or draw pieces: each letter is one
            piece (give every piece its own letter), <code>.</code> is a gap, and a line <code>T*3</code>
            gives piece T three copies:</p>
            <pre>LL.  TTT
.LL  .T.
T*3</pre>
            <p>Pieces may be turned and flipped. On a hex or triangle board, draw them as the board is drawn.</p>
          </details>
          <label class="poly-check"><input type="checkbox" data-unused> allow unused pieces</label>
          <div data-pieces-msg></div>
        </div>
        <div class="stack poly-group">
          <div class="row">
            <label class="poly-check"><input type="checkbox" data-distinct> list distinct only</label>
            <label for="poly-limit">stop after</label>
            <input id="poly-limit" type="number" min="1" placeholder="all" data-limit>
          </div>
        </div>
      </aside>
    </div>`;
}
