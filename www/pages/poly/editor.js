// The piece editor: a small grid of the board's kind where the user draws a piece, which is
// then added to the pieces text as a block of letters (the format the core reads).
import { layout, cellAt, drawBoard, gridStep } from './draw.js';

const SIDE = 5;
/** Columns of the drawing grid: triangles are half as wide as they are long, so twice as many. */
const columnsFor = (kind) => (kind === 'tri' ? 2 * SIDE : SIDE);
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'];

/** The first row and column of a block holding `cells`: blocks start on an even row (and, on
 * a triangle grid, an even column), as the pieces format reads them, so shapes are kept. */
function blockOrigin(kind, cells) {
  const [colStep, rowStep] = gridStep(kind);
  const top = Math.min(...cells.map((p) => p[1]));
  const left = Math.min(...cells.map((p) => p[0]));
  return [left - (((left % colStep) + colStep) % colStep), top - (((top % rowStep) + rowStep) % rowStep)];
}

/** One piece as a block of text rows: `letter` on its cells, `.` elsewhere. */
function block(kind, cells, letter) {
  const rows = cells.map((p) => p[1]);
  const cols = cells.map((p) => p[0]);
  const [minCol, minRow] = blockOrigin(kind, cells);
  const maxRow = Math.max(...rows);
  const maxCol = Math.max(...cols);
  const on = new Set(cells.map(([c, r]) => `${c},${r}`));
  const out = [];
  for (let r = minRow; r <= maxRow; r++) {
    let row = '';
    for (let c = minCol; c <= maxCol; c++) row += on.has(`${c},${r}`) ? letter : '.';
    out.push(row);
  }
  return out.join('\n');
}

/**
 * A set of pieces (as `poly.describe` gives them: {name, kind, cells, count}) written out in
 * the pieces text format, so a drawn piece can be added to a named set such as `meteor`.
 * Single-character names are kept; others get a free letter. Null when letters run out.
 */
export function piecesText(kind, pieces) {
  const used = new Set();
  const blocks = [];
  const counts = [];
  for (const p of pieces) {
    const own = typeof p.name === 'string' && /^[A-Za-z0-9]$/.test(p.name) && !used.has(p.name) ? p.name : null;
    const letter = own || LETTERS.find((c) => !used.has(c));
    if (!letter) return null;
    used.add(letter);
    blocks.push(block(kind, p.cells, letter));
    if (p.count > 1) counts.push(`${letter}*${p.count}`);
  }
  return [kind, blocks.join('\n\n'), counts.join('\n')].filter(Boolean).join('\n\n');
}

export class PieceEditor {
  /** `kind()` is the grid kind of the board; `look()` gives {colors, dark} for drawing. */
  constructor(canvas, scope, { kind, look }) {
    Object.assign(this, { canvas, kind, look });
    this.cols = columnsFor(kind());
    this.cells = new Array(this.cols * SIDE).fill(false);
    this.painting = null;
    this.lay = null;
    scope.on(canvas, 'pointerdown', (event) => {
      const cell = this.cellAt(event);
      if (!cell) return;
      event.preventDefault();
      canvas.setPointerCapture(event.pointerId);
      const i = cell[1] * this.cols + cell[0];
      this.painting = !this.cells[i];
      this.cells[i] = this.painting;
      this.draw();
    });
    scope.on(canvas, 'pointermove', (event) => {
      if (this.painting === null) return;
      const cell = this.cellAt(event);
      if (cell) { this.cells[cell[1] * this.cols + cell[0]] = this.painting; this.draw(); }
    });
    const stop = () => { this.painting = null; };
    scope.on(canvas, 'pointerup', stop);
    scope.on(canvas, 'pointercancel', stop);
    // Keyboard: arrows move a cursor, Space or Enter toggles the cell under it.
    this.cursor = [0, 0];
    scope.on(canvas, 'keydown', (event) => {
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (moves[event.key]) {
        const [dx, dy] = moves[event.key];
        this.cursor = [Math.max(0, Math.min(this.cols - 1, this.cursor[0] + dx)), Math.max(0, Math.min(SIDE - 1, this.cursor[1] + dy))];
      } else if (event.key === ' ' || event.key === 'Enter') {
        const i = this.cursor[1] * this.cols + this.cursor[0];
        this.cells[i] = !this.cells[i];
      } else return;
      event.preventDefault();
      this.draw();
    });
  }

  cellAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    return this.lay ? cellAt(this.lay, event.clientX - rect.left, event.clientY - rect.top) : null;
  }

  draw() {
    const kind = this.kind();
    if (columnsFor(kind) !== this.cols) {
      // Another grid: a piece drawn on the old one does not carry over.
      this.cols = columnsFor(kind);
      this.cells = new Array(this.cols * SIDE).fill(false);
      this.cursor = [0, 0];
    }
    this.lay = layout(kind, this.cols, SIDE, 170, 30);
    const labels = this.cells.map((on) => (on ? 0 : -1));
    const { colors, dark } = this.look();
    const focused = document.activeElement === this.canvas;
    drawBoard(this.canvas, this.lay, { cells: new Array(this.cols * SIDE).fill(true), labels, colors, dark, hover: focused ? this.cursor : null });
  }

  /** Redraws when the board's kind changed since the last drawing. */
  sync() {
    if (!this.lay || this.lay.kind !== this.kind()) this.draw();
  }

  clear() {
    this.cells.fill(false);
    this.draw();
  }

  /**
   * The pieces text with the drawn piece added under a letter not yet used, or null when
   * nothing is drawn. A header line (square/hex/tri) marks the text as a drawing. `setPieces`:
   * the pieces a named set in `text` stands for (from `poly.describe`).
   */
  appendTo(text, setPieces = null) {
    const on = [];
    this.cells.forEach((v, i) => { if (v) on.push([i % this.cols, Math.floor(i / this.cols)]); });
    if (!on.length) return null;
    let base = text.trim();
    const isDrawing = base.includes('\n') || base.includes('.');
    // A named set (`meteor`, `pentominoes`) is written out first, so the piece joins it.
    if (!isDrawing) base = (setPieces && setPieces.length && piecesText(this.kind(), setPieces)) || this.kind();
    const used = new Set(base.replace(/^(hex|square|tri|triangle)\s*/i, ''));
    const letter = LETTERS.find((c) => !used.has(c));
    if (!letter) return null;
    return [base, block(this.kind(), on, letter)].filter(Boolean).join('\n\n');
  }
}
