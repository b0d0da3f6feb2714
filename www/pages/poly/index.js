// The tiling page: pick a puzzle or draw a board, pick or draw pieces, watch solutions stream in.
import { themeColors, onThemeChange } from '../../ui/theme.js';
import { layout, cellAt, drawBoard, drawPiece, pieceColour } from './draw.js';

const KEEP = 1000; // solutions kept for browsing
const PIECE_SETS = [
  ['pentominoes', 'The 12 pentominoes'],
  ['tetrominoes', 'The 5 tetrominoes'],
  ['tetrominoes*2', 'Two sets of tetrominoes'],
  ['hexominoes', 'The 35 hexominoes'],
  ['bricks', 'Bricks 1×2 … 3×3'],
  ['meteor', 'Meteor (hex)'],
  ['1x2*32', 'Dominoes ×32'],
];

export function mount(root, { engine }) {
  root.innerHTML = `
    <h1 class="page-title">Tiling</h1>
    <div class="tool-layout poly">
      <section class="poly-board-area panel">
        <div class="poly-canvas-wrap"><canvas class="poly-canvas" tabindex="0" aria-label="Board"></canvas></div>
        <p class="poly-hint" data-hint></p>
        <div class="row poly-browse" data-browse hidden>
          <button class="btn" data-prev aria-label="Previous solution">◀</button>
          <span class="poly-index" data-index aria-live="polite"></span>
          <button class="btn" data-next aria-label="Next solution">▶</button>
          <label class="poly-follow"><input type="checkbox" data-follow checked> follow new</label>
        </div>
        <div class="poly-legend" data-legend></div>
      </section>
      <aside class="panel stack poly-side">
        <div class="stack poly-group">
          <label for="poly-puzzle">Puzzle</label>
          <select id="poly-puzzle" data-puzzle></select>
          <p class="poly-about" data-about></p>
        </div>
        <div class="stack poly-group" data-drawing hidden>
          <div class="row">
            <span class="poly-label">Grid</span>
            <button class="btn" data-kind="square" aria-pressed="true">Square</button>
            <button class="btn" data-kind="hex" aria-pressed="false">Hex</button>
          </div>
          <div class="row">
            <label for="poly-w">Size</label>
            <input id="poly-w" type="number" min="1" max="16" value="8" data-w aria-label="Width">
            <span>×</span>
            <input id="poly-h" type="number" min="1" max="16" value="8" data-h aria-label="Height">
            <button class="btn" data-fill>Fill</button>
            <button class="btn" data-clear>Clear</button>
          </div>
          <p class="poly-small">Click or drag on the board to add or remove cells.</p>
          <div class="message" data-board-msg></div>
        </div>
        <div class="stack poly-group">
          <label for="poly-pieces">Pieces</label>
          <select id="poly-set" data-set aria-label="Piece set"></select>
          <textarea id="poly-pieces" rows="2" spellcheck="false" data-pieces
            placeholder="pentominoes, 2x3*4, … or draw pieces with letters"></textarea>
          <details class="poly-editor" data-editor>
            <summary>Draw a piece</summary>
            <div class="poly-editor-body">
              <canvas class="poly-editor-canvas" tabindex="0" aria-label="Piece drawing grid" data-editor-canvas></canvas>
              <div class="stack">
                <button class="btn" data-editor-add>Add piece</button>
                <button class="btn" data-editor-clear>Clear</button>
              </div>
            </div>
          </details>
          <label class="poly-check"><input type="checkbox" data-unused> allow unused pieces</label>
          <div class="message" data-pieces-msg></div>
        </div>
        <div class="stack poly-group">
          <div class="row">
            <label class="poly-check"><input type="checkbox" data-distinct> list distinct only</label>
            <label for="poly-limit">stop after</label>
            <input id="poly-limit" type="number" min="1" placeholder="all" data-limit>
          </div>
          <div class="row">
            <button class="btn btn-primary" data-solve>Solve</button>
            <button class="btn btn-danger" data-stop disabled>Stop</button>
          </div>
          <div class="poly-meter" data-meter><div class="poly-meter-bar" data-bar></div></div>
          <dl class="poly-counts">
            <div><dt>solutions</dt><dd data-total>–</dd></div>
            <div><dt>distinct</dt><dd data-distinct-count>–</dd></div>
            <div><dt>nodes</dt><dd data-nodes>–</dd></div>
            <div><dt>time</dt><dd data-time>–</dd></div>
          </dl>
          <div class="progress" data-progress hidden><span class="spinner"></span><span data-progress-text>Searching…</span></div>
          <div class="message" data-msg></div>
        </div>
      </aside>
    </div>`;

  const $ = (sel) => root.querySelector(sel);
  const canvas = $('.poly-canvas');
  const wrap = $('.poly-canvas-wrap');
  const ui = {
    puzzle: $('[data-puzzle]'), about: $('[data-about]'), drawing: $('[data-drawing]'),
    w: $('[data-w]'), h: $('[data-h]'), set: $('[data-set]'), pieces: $('[data-pieces]'),
    unused: $('[data-unused]'), distinct: $('[data-distinct]'), limit: $('[data-limit]'),
    solve: $('[data-solve]'), stop: $('[data-stop]'), bar: $('[data-bar]'),
    total: $('[data-total]'), distinctCount: $('[data-distinct-count]'), nodes: $('[data-nodes]'),
    time: $('[data-time]'), progress: $('[data-progress]'), progressText: $('[data-progress-text]'),
    msg: $('[data-msg]'), boardMsg: $('[data-board-msg]'), piecesMsg: $('[data-pieces-msg]'),
    browse: $('[data-browse]'), index: $('[data-index]'), follow: $('[data-follow]'),
    legend: $('[data-legend]'), hint: $('[data-hint]'),
  };

  const state = {
    library: [],
    puzzleId: 'meteor',
    draw: { kind: 'square', width: 8, height: 8, cells: new Array(64).fill(true) },
    view: null,         // {kind, width, height, cells} being shown
    described: null,    // poly.describe result for the current inputs
    solutions: [],
    shown: -1,
    running: null,      // AbortController while solving
    started: 0,
    painting: null,
    hover: null,
  };
  let disposed = false;

  for (const [spec, title] of PIECE_SETS) ui.set.add(new Option(title, spec));
  ui.set.add(new Option('Custom (type or draw below)', 'custom'));

  function colors() { return themeColors(['surface-2', 'border', 'text', 'accent', 'bg']); }
  function isDark() {
    const bg = colors().bg || '#fff';
    const m = bg.match(/^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
    return m ? (parseInt(m[1], 16) + parseInt(m[2], 16) + parseInt(m[3], 16)) / 3 < 128 : false;
  }

  function boardText() {
    if (state.puzzleId !== 'draw') return state.library.find((p) => p.id === state.puzzleId)?.board ?? 'meteor';
    const { kind, width, height, cells } = state.draw;
    const rows = [];
    for (let r = 0; r < height; r++) {
      let s = '';
      for (let c = 0; c < width; c++) s += cells[r * width + c] ? '.' : '#';
      rows.push(s);
    }
    return `${kind}\n${rows.join('\n')}\n`;
  }

  function currentView() {
    if (state.puzzleId === 'draw') return { ...state.draw };
    const d = state.described;
    return d ? { kind: d.board.kind, width: d.board.width, height: d.board.height, cells: d.board.cells } : null;
  }

  let syncEditorKind = () => {}; // set once the piece editor exists, below
  function redraw() {
    if (disposed) return;
    const view = state.view;
    if (!view) return;
    syncEditorKind();
    const maxWidth = Math.max(200, wrap.clientWidth || 600);
    const lay = layout(view.kind, view.width, view.height, maxWidth, 48);
    state.lay = lay;
    const labels = state.shown >= 0 ? state.solutions[state.shown] : null;
    drawBoard(canvas, lay, {
      cells: view.cells, labels, colors: colors(), dark: isDark(),
      hover: state.puzzleId === 'draw' && !state.running ? state.hover : null,
    });
    updateBrowse();
  }

  function updateBrowse() {
    const n = state.solutions.length;
    ui.browse.hidden = n === 0;
    ui.index.textContent = n ? `solution ${state.shown + 1} of ${n}${n >= KEEP ? '+' : ''}` : '';
    $('[data-prev]').disabled = state.shown <= 0;
    $('[data-next]').disabled = state.shown >= n - 1;
  }

  function renderLegend() {
    const d = state.described;
    ui.legend.replaceChildren();
    if (!d) return;
    const dark = isDark();
    const outline = colors().text;
    let copy = 0;
    d.pieces.forEach((p) => {
      for (let k = 0; k < p.count && copy < 80; k++, copy++) {
        const item = document.createElement('span');
        item.className = 'poly-piece';
        const cv = document.createElement('canvas');
        drawPiece(cv, p.kind, p.cells, pieceColour(copy, dark), outline);
        const name = document.createElement('span');
        name.textContent = p.name;
        item.append(cv, name);
        ui.legend.append(item);
      }
    });
    const unused = d.allow_unused ? ` · ${d.piece_area - d.area} piece cells left over` : '';
    ui.hint.textContent = `${d.area} cells · ${d.copy_types.length} pieces · ${d.symmetries} board symmetr${d.symmetries === 1 ? 'y' : 'ies'}${unused}`;
  }

  function clearMessages() {
    ui.msg.textContent = ''; ui.msg.className = 'message';
    ui.boardMsg.textContent = ''; ui.boardMsg.className = 'message';
    ui.piecesMsg.textContent = ''; ui.piecesMsg.className = 'message';
  }

  function showError(err) {
    const text = err && err.message ? err.message : String(err);
    const target = text.startsWith('board:') || text.includes('board has no cells') || text.includes('spans')
      ? (state.puzzleId === 'draw' ? ui.boardMsg : ui.msg)
      : (text.startsWith('pieces:') || text.includes('pieces') ? ui.piecesMsg : ui.msg);
    target.textContent = text.replace(/^(board|pieces): /, '');
    target.className = 'message error';
  }

  function args() {
    const limit = parseInt(ui.limit.value, 10);
    return {
      board: boardText(),
      pieces: ui.pieces.value.trim() || 'pentominoes',
      options: {
        limit: Number.isFinite(limit) && limit > 0 ? limit : undefined,
        distinct: ui.distinct.checked,
        allowUnused: ui.unused.checked,
        keep: KEEP,
      },
    };
  }

  // A reply is used when it still describes what the inputs say now, even if another request
  // for the same inputs went out meanwhile (Solve describes first, and a debounced edit may
  // ask too): only a reply about inputs that have since changed is dropped.
  async function describe() {
    const request = args();
    const key = JSON.stringify(request);
    const current = () => !disposed && key === JSON.stringify(args());
    clearMessages();
    try {
      const d = await engine.run('poly.describe', request);
      if (!current()) return null;
      state.described = d;
      if (state.puzzleId !== 'draw') state.view = currentView();
      renderLegend();
      redraw();
      return d;
    } catch (err) {
      if (!current() || err.name === 'AbortError') return null;
      state.described = null;
      renderLegend();
      ui.hint.textContent = '';
      showError(err);
      return null;
    }
  }

  function resetSolutions() {
    state.solutions = [];
    state.shown = -1;
    ui.total.textContent = '–'; ui.distinctCount.textContent = '–';
    ui.nodes.textContent = '–'; ui.time.textContent = '–';
    ui.bar.style.width = '0%';
  }

  function selectPuzzle(id) {
    stopSearch();
    state.puzzleId = id;
    resetSolutions();
    const p = state.library.find((q) => q.id === id);
    ui.drawing.hidden = id !== 'draw';
    ui.about.textContent = p ? p.about : 'Draw any board, square or hex, then choose pieces that cover it.';
    if (p) {
      ui.pieces.value = p.pieces;
      ui.set.value = PIECE_SETS.some(([s]) => s === p.pieces) ? p.pieces : 'custom';
      ui.unused.checked = false;
    } else {
      state.view = { ...state.draw };
      redraw();
    }
    describe();
  }

  function fmt(n) { return Number(n).toLocaleString('en-US'); }

  function showCounts(c) {
    ui.total.textContent = fmt(c.total);
    ui.distinctCount.textContent = fmt(c.distinct);
    ui.nodes.textContent = fmt(c.nodes);
    ui.time.textContent = `${Math.round(performance.now() - state.started)} ms`;
    ui.bar.style.width = `${Math.round(Math.min(1, c.fraction) * 100)}%`;
  }

  function addSolutions(list) {
    if (!list || list.length === 0) return;
    for (const s of list) if (state.solutions.length < KEEP) state.solutions.push(s);
    if (ui.follow.checked || state.shown < 0) state.shown = state.solutions.length - 1;
  }

  async function solve() {
    if (state.running) return;
    // A pieces edit still waiting for its description is covered by this one.
    clearTimeout(piecesTimer);
    const d = await describe();
    if (!d) return;
    resetSolutions();
    state.view = currentView();
    const controller = new AbortController();
    state.running = controller;
    state.started = performance.now();
    setRunning(true);
    try {
      const reply = await engine.run('poly.solve', args(), {
        signal: controller.signal,
        onProgress: (batch) => {
          if (controller !== state.running) return;
          addSolutions(batch.solutions);
          showCounts(batch);
          redraw();
        },
      });
      if (controller !== state.running) return;
      addSolutions(reply.end.solutions);
      const s = reply.end.summary;
      showCounts({ ...s.counts, fraction: 1 });
      const total = s.counts.total;
      ui.msg.className = total ? 'message success' : 'message info';
      ui.msg.textContent = !s.complete
        ? `Stopped at the limit: ${fmt(total)} solutions so far (${fmt(s.counts.distinct)} distinct).`
        : total
          ? `Done: ${fmt(total)} solutions, ${fmt(s.counts.distinct)} distinct up to the board's ${s.symmetries} symmetr${s.symmetries === 1 ? 'y' : 'ies'}.`
          : 'No tiling exists for this board and these pieces.';
    } catch (err) {
      if (err.name === 'AbortError') {
        ui.msg.className = 'message info';
        ui.msg.textContent = `Stopped: ${ui.total.textContent} solutions found so far.`;
      } else if (!disposed) {
        showError(err);
      }
    } finally {
      if (controller === state.running) {
        state.running = null;
        setRunning(false);
        redraw();
      }
    }
  }

  function stopSearch() {
    if (state.running) {
      const c = state.running;
      c.abort();
    }
  }

  function setRunning(on) {
    ui.solve.disabled = on;
    ui.stop.disabled = !on;
    ui.progress.hidden = !on;
    root.querySelector('.poly').classList.toggle('is-running', on);
    if (on) {
      ui.msg.textContent = '';
      ui.msg.className = 'message';
    }
  }

  // Drawing the board.
  function paintAt(ev) {
    if (state.puzzleId !== 'draw' || state.running || !state.lay) return null;
    const rect = canvas.getBoundingClientRect();
    return cellAt(state.lay, ev.clientX - rect.left, ev.clientY - rect.top);
  }
  function setCell(cell, value) {
    const { width } = state.draw;
    const i = cell[1] * width + cell[0];
    if (state.draw.cells[i] === value) return false;
    state.draw.cells[i] = value;
    return true;
  }
  let drawTimer = 0;
  function boardEdited() {
    resetSolutions();
    state.view = { ...state.draw };
    redraw();
    clearTimeout(drawTimer);
    drawTimer = setTimeout(describe, 250);
  }
  canvas.addEventListener('pointerdown', (ev) => {
    const cell = paintAt(ev);
    if (!cell) return;
    ev.preventDefault();
    canvas.setPointerCapture(ev.pointerId);
    const value = !state.draw.cells[cell[1] * state.draw.width + cell[0]];
    state.painting = value;
    if (setCell(cell, value)) boardEdited();
  });
  canvas.addEventListener('pointermove', (ev) => {
    const cell = paintAt(ev);
    if (state.painting !== null && cell) {
      if (setCell(cell, state.painting)) boardEdited();
    }
    const key = cell ? cell.join(',') : '';
    if (key !== (state.hover ? state.hover.join(',') : '')) { state.hover = cell; redraw(); }
  });
  const endPaint = () => { state.painting = null; };
  canvas.addEventListener('pointerup', endPaint);
  canvas.addEventListener('pointercancel', endPaint);
  canvas.addEventListener('pointerleave', () => { if (state.hover) { state.hover = null; redraw(); } });

  // Keyboard: arrows browse solutions; in drawing mode arrows move a cursor, Space toggles.
  canvas.addEventListener('keydown', (ev) => {
    if (state.puzzleId === 'draw' && !state.running && state.solutions.length === 0) {
      const cur = state.hover || [0, 0];
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (moves[ev.key]) {
        const [dx, dy] = moves[ev.key];
        state.hover = [Math.max(0, Math.min(state.draw.width - 1, cur[0] + dx)),
          Math.max(0, Math.min(state.draw.height - 1, cur[1] + dy))];
        redraw(); ev.preventDefault();
      } else if (ev.key === ' ' || ev.key === 'Enter') {
        const i = cur[1] * state.draw.width + cur[0];
        setCell(cur, !state.draw.cells[i]); state.hover = cur; boardEdited(); ev.preventDefault();
      }
      return;
    }
    if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') { browse(-1); ev.preventDefault(); }
    if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') { browse(1); ev.preventDefault(); }
  });

  function browse(step) {
    const n = state.solutions.length;
    if (!n) return;
    state.shown = Math.max(0, Math.min(n - 1, state.shown + step));
    ui.follow.checked = state.shown === n - 1 && ui.follow.checked;
    if (step < 0) ui.follow.checked = false;
    redraw();
  }

  function resizeDraw() {
    const w = Math.max(1, Math.min(16, parseInt(ui.w.value, 10) || 1));
    const h = Math.max(1, Math.min(16, parseInt(ui.h.value, 10) || 1));
    const old = state.draw;
    const cells = new Array(w * h).fill(true);
    for (let r = 0; r < Math.min(h, old.height); r++) {
      for (let c = 0; c < Math.min(w, old.width); c++) cells[r * w + c] = old.cells[r * old.width + c];
    }
    state.draw = { ...old, width: w, height: h, cells };
    boardEdited();
  }

  // The piece editor: a small grid of the board's kind; "Add piece" appends the drawing to the
  // pieces text as a block of letters.
  const ED = 5;
  const editor = { cells: new Array(ED * ED).fill(false), painting: null };
  const edCanvas = $('[data-editor-canvas]');
  function editorKind() { return state.view ? state.view.kind : 'square'; }
  function drawEditor() {
    const lay = layout(editorKind(), ED, ED, 170, 30);
    editor.lay = lay;
    const labels = editor.cells.map((on) => (on ? 0 : -1));
    drawBoard(edCanvas, lay, { cells: new Array(ED * ED).fill(true), labels, colors: colors(), dark: isDark() });
  }
  function editorCell(ev) {
    const rect = edCanvas.getBoundingClientRect();
    return editor.lay ? cellAt(editor.lay, ev.clientX - rect.left, ev.clientY - rect.top) : null;
  }
  edCanvas.addEventListener('pointerdown', (ev) => {
    const cell = editorCell(ev);
    if (!cell) return;
    ev.preventDefault();
    edCanvas.setPointerCapture(ev.pointerId);
    const i = cell[1] * ED + cell[0];
    editor.painting = !editor.cells[i];
    editor.cells[i] = editor.painting;
    drawEditor();
  });
  edCanvas.addEventListener('pointermove', (ev) => {
    if (editor.painting === null) return;
    const cell = editorCell(ev);
    if (cell) { editor.cells[cell[1] * ED + cell[0]] = editor.painting; drawEditor(); }
  });
  edCanvas.addEventListener('pointerup', () => { editor.painting = null; });
  $('[data-editor-clear]').addEventListener('click', () => { editor.cells.fill(false); drawEditor(); });
  $('[data-editor-add]').addEventListener('click', () => {
    const on = [];
    editor.cells.forEach((v, i) => { if (v) on.push([i % ED, Math.floor(i / ED)]); });
    if (!on.length) {
      ui.piecesMsg.className = 'message error';
      ui.piecesMsg.textContent = 'Click cells in the small grid to draw a piece first.';
      return;
    }
    let text = ui.pieces.value.trim();
    const isDrawing = text.includes('\n') || text.includes('.');
    // A header line marks the text as a drawing (a lone "AA" would read as a set name).
    if (!isDrawing) text = editorKind();
    const used = new Set(text.replace(/^(hex|square)\s*/i, ''));
    const letter = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'].find((c) => !used.has(c));
    if (!letter) return;
    const top = Math.min(...on.map((p) => p[1]));
    const minR = editorKind() === 'hex' ? top & ~1 : top; // hex blocks start on an even row
    const maxR = Math.max(...on.map((p) => p[1]));
    const minC = Math.min(...on.map((p) => p[0]));
    const maxC = Math.max(...on.map((p) => p[0]));
    const rows = [];
    for (let r = minR; r <= maxR; r++) {
      let row = '';
      for (let c = minC; c <= maxC; c++) row += editor.cells[r * ED + c] ? letter : '.';
      rows.push(row);
    }
    ui.pieces.value = [text, rows.join('\n')].filter(Boolean).join('\n\n');
    ui.set.value = 'custom';
    editor.cells.fill(false);
    drawEditor();
    resetSolutions();
    describe();
  });
  $('[data-editor]').addEventListener('toggle', drawEditor);
  // Sized now, so the grid is in place (and clickable) the moment the section opens, not one
  // task later when the toggle event arrives.
  drawEditor();
  syncEditorKind = () => { if (editor.lay.kind !== editorKind()) drawEditor(); };

  // Wiring.
  const on = (el, ev, fn) => el.addEventListener(ev, fn);
  on(ui.puzzle, 'change', () => selectPuzzle(ui.puzzle.value));
  on(ui.set, 'change', () => {
    if (ui.set.value !== 'custom') ui.pieces.value = ui.set.value;
    else ui.pieces.focus();
    resetSolutions(); describe();
  });
  let piecesTimer = 0;
  on(ui.pieces, 'input', () => {
    ui.set.value = PIECE_SETS.some(([s]) => s === ui.pieces.value.trim()) ? ui.pieces.value.trim() : 'custom';
    clearTimeout(piecesTimer);
    piecesTimer = setTimeout(() => { resetSolutions(); describe(); }, 300);
  });
  on(ui.unused, 'change', () => describe());
  on(ui.w, 'change', resizeDraw);
  on(ui.h, 'change', resizeDraw);
  for (const b of root.querySelectorAll('[data-kind]')) {
    on(b, 'click', () => {
      state.draw.kind = b.dataset.kind;
      for (const o of root.querySelectorAll('[data-kind]')) o.setAttribute('aria-pressed', String(o === b));
      boardEdited();
    });
  }
  on($('[data-fill]'), 'click', () => { state.draw.cells.fill(true); boardEdited(); });
  on($('[data-clear]'), 'click', () => { state.draw.cells.fill(false); boardEdited(); });
  on(ui.solve, 'click', solve);
  on(ui.stop, 'click', stopSearch);
  on($('[data-prev]'), 'click', () => browse(-1));
  on($('[data-next]'), 'click', () => browse(1));
  const ro = new ResizeObserver(() => redraw());
  ro.observe(wrap);
  const offTheme = onThemeChange(() => { renderLegend(); redraw(); drawEditor(); });

  (async () => {
    try {
      const lib = await engine.run('poly.library', {});
      if (disposed) return;
      state.library = lib.puzzles;
      for (const p of lib.puzzles) ui.puzzle.add(new Option(p.title, p.id));
      ui.puzzle.add(new Option('Draw your own board…', 'draw'));
      ui.puzzle.value = 'meteor';
      selectPuzzle('meteor');
    } catch (err) {
      if (!disposed) showError(err);
    }
  })();

  return () => {
    disposed = true;
    stopSearch();
    ro.disconnect();
    offTheme();
    clearTimeout(drawTimer);
    clearTimeout(piecesTimer);
  };
}
