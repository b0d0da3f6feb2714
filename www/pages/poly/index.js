// The Tiling page: pick a puzzle or draw a board, pick or draw pieces, watch solutions stream in.
//
// What the user set up (puzzle, drawn board, pieces, options) and the last search's results
// are saved after each change (storage.js) and come back on return; saved results are shown
// only while the inputs are still the ones they were found for.
import { Scope, finder } from '../../ui/dom.js';
import { Messages, sentence } from '../../ui/messages.js';
import { keepFocusHome, focusQuietly, focusLost } from '../../ui/focus.js';
import { placeOf } from '../../ui/errors.js';
import { toggleGroup } from '../../ui/toggle.js';
import { themeColors, onThemeChange, currentTheme } from '../../ui/theme.js';
import { layout, cellAt, drawBoard, drawPiece, pieceColour, boardSvg } from './draw.js';
import { template, PIECE_SETS, KIND_DEFAULT_SET, setKind } from './template.js';
import { PieceEditor } from './editor.js';
import { loadState, saveState, MAX_SIDE, SOLUTIONS_SAVED } from './storage.js';
import { shareLink, sharedSetup, clearSharedSetup } from './share.js';
import { downloadBlob, canvasPng } from '../../ui/download.js';

// Solutions kept for browsing: the first KEEP found, and the latest KEEP (which move on as
// the search goes, so "follow new" never runs dry).
const KEEP = 1000;
const PIECES_DELAY_MS = 300;
const BOARD_DELAY_MS = 250;

const formatCount = (n) => Number(n).toLocaleString('en-US');

export function mount(root, { engine }) {
  root.innerHTML = template();
  const scope = new Scope();
  const { $ } = finder(root);
  const canvas = $('.poly-canvas');
  const wrap = $('.poly-canvas-wrap');
  const ui = {
    puzzle: $('[data-puzzle]'), about: $('[data-about]'), drawing: $('[data-drawing]'),
    w: $('[data-w]'), h: $('[data-h]'), set: $('[data-set]'), pieces: $('[data-pieces]'),
    unused: $('[data-unused]'), distinct: $('[data-distinct]'), limit: $('[data-limit]'),
    solve: $('[data-solve]'), stop: $('[data-stop]'), bar: $('[data-bar]'),
    total: $('[data-total]'), distinctCount: $('[data-distinct-count]'), nodes: $('[data-nodes]'),
    time: $('[data-time]'), progress: $('[data-progress]'), progressText: $('[data-progress-text]'),
    browse: $('[data-browse]'), index: $('[data-index]'), follow: $('[data-follow]'),
    legend: $('[data-legend]'), hint: $('[data-hint]'),
  };
  // On a narrow screen the side panel comes after the whole board card: the puzzle choice
  // moves above the board, and the drawn board's grid and size right under it, where a thumb
  // drawing the board can reach them. Placeholders keep their places in the panel.
  const narrow = matchMedia('(max-width: 820px)');
  const boardArea = $('.poly-board-area');
  const moved = [
    [$('[data-puzzle-group]'), (group) => boardArea.prepend(group)],
    [ui.drawing, (group) => $('.poly-canvas-wrap').after(group)],
  ].map(([element, moveIn]) => {
    const home = document.createComment('');
    element.before(home);
    return [element, moveIn, home];
  });
  const placeGroups = () => {
    // Moving an element drops the focus inside it (a phone turned sideways would close its
    // keyboard): it is put back.
    const focused = document.activeElement;
    for (const [element, moveIn, home] of moved) {
      if (narrow.matches) moveIn(element);
      else home.after(element);
    }
    if (focused && focused !== document.activeElement && focused.isConnected) focused.focus({ preventScroll: true });
  };
  placeGroups();
  scope.on(narrow, 'change', placeGroups);

  const messages = new Messages();
  const runMsg = messages.slot($('[data-msg]'));
  const boardMsg = messages.slot($('[data-board-msg]'));
  // About the drawn board's size and grid: what an edit there changed besides itself.
  const gridMsg = messages.slot($('[data-grid-msg]'));
  const piecesMsg = messages.slot($('[data-pieces-msg]'));
  const exportMsg = messages.slot($('[data-export-msg]'));

  const { state: saved, notice } = loadState();
  const state = {
    library: [],
    puzzleId: saved.puzzleId,
    draw: saved.draw,
    view: null, // {kind, width, height, cells} being shown
    described: null, // poly.describe's reply for the current inputs
    estimate: null, // poly.estimate's reply, with the inputs' key
    counted: null, // {key, total} once a search has counted every tiling of those inputs
    solutions: [], // the first KEEP solutions, then the latest KEEP
    numbers: [], // each one's number in finding order
    restored: false, // the solutions are the share saved for a reload (storage.js), not a run's
    shown: -1,
    counts: null, // {total, distinct, nodes, ms} of the last search
    finished: null, // {message, level} of the last search
    resultsKey: null, // the inputs the solutions belong to
    running: null, // AbortController while solving
    leftMidSearch: false, // the page was left while a search ran
    started: 0,
    painting: null,
    hover: null,
  };
  let disposed = false;
  scope.add(() => { disposed = true; });
  let setupShown = false; // the saved or shared setup is on the page
  keepFocusHome(root, () => canvas, scope);

  for (const [spec, title] of PIECE_SETS) ui.set.add(new Option(title, spec));
  ui.set.add(new Option('Custom (type or draw below)', 'custom'));
  ui.unused.checked = saved.unused;
  ui.distinct.checked = saved.distinct;
  ui.limit.value = saved.limit;

  const colors = () => themeColors(['surface-2', 'border', 'text', 'accent', 'bg']);
  const isDark = () => currentTheme() === 'dark';

  // ---- saving -------------------------------------------------------------------------------

  /** What a search cut short by leaving the page (a reload, another tool) says on return. */
  function leftMessage() {
    const c = state.counts || { total: 0, distinct: 0 };
    return `The search stopped when the page was left, at ${formatCount(c.total)} solution${c.total === 1 ? '' : 's'} (${formatCount(c.distinct)} distinct). Solve runs it again.`;
  }

  function save() {
    // A search still running now is cut short by leaving (the save's usual moment); one
    // whose page was closed under it never got to say how it ended.
    const cutShort = Boolean(state.running) || state.leftMidSearch;
    const finished = cutShort ? { message: leftMessage(), level: 'info' } : state.finished;
    const counts = state.counts || (cutShort ? { total: 0, distinct: 0, nodes: 0, ms: 0 } : null);
    const results = counts && state.resultsKey ? {
      key: state.resultsKey, counts, solutions: state.solutions, numbers: state.numbers, shown: state.shown,
      message: finished?.message || '', level: finished?.level || 'info',
      complete: state.counted?.key === state.resultsKey,
    } : null;
    saveState({
      puzzleId: state.puzzleId, draw: state.draw, pieces: ui.pieces.value,
      unused: ui.unused.checked, distinct: ui.distinct.checked, limit: ui.limit.value, results,
    });
  }

  // ---- inputs ------------------------------------------------------------------------------

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

  function args() {
    const limit = parseInt(ui.limit.value, 10);
    return {
      board: boardText(),
      pieces: ui.pieces.value.trim(),
      options: {
        limit: Number.isFinite(limit) && limit > 0 ? limit : undefined,
        distinct: ui.distinct.checked,
        allowUnused: ui.unused.checked,
        keep: KEEP,
      },
    };
  }
  const argsKey = () => JSON.stringify(args());

  function currentView() {
    if (state.puzzleId === 'draw') return { ...state.draw };
    const d = state.described;
    return d ? { kind: d.board.kind, width: d.board.width, height: d.board.height, cells: d.board.cells } : null;
  }

  // ---- drawing -----------------------------------------------------------------------------

  const editor = new PieceEditor($('[data-editor-canvas]'), scope, {
    kind: () => (state.view ? state.view.kind : 'square'),
    look: () => ({ colors: colors(), dark: isDark() }),
  });

  function redraw() {
    if (disposed) return;
    const view = state.view;
    if (!view) return;
    editor.sync();
    const maxWidth = Math.max(200, wrap.clientWidth || 600);
    // The board and the solution browser under it fit the screen's height once scrolled to
    // (a phone on its side), though never smaller than 240px.
    const maxHeight = Math.max(240, window.innerHeight - 110);
    const lay = layout(view.kind, view.width, view.height, maxWidth, 48, maxHeight);
    state.lay = lay;
    const labels = state.shown >= 0 ? state.solutions[state.shown] : null;
    const drawing = state.puzzleId === 'draw' && !state.running && !state.solutions.length;
    drawBoard(canvas, lay, { cells: view.cells, labels, colors: colors(), dark: isDark(), hover: drawing ? state.hover : null });
    updateBrowse();
  }

  function updateBrowse() {
    const n = state.solutions.length;
    ui.browse.hidden = n === 0;
    // Streamed solutions are the distinct ones when only those are asked for.
    const c = state.counts;
    const found = c ? (ui.distinct.checked ? c.distinct : c.total) : n;
    const k = state.numbers[state.shown] ?? state.shown + 1;
    // A run on the page keeps its first and latest solutions; one brought back after a reload or
    // navigation keeps only the first ones saved, and the one that was on screen.
    const keptNow = state.restored
      ? `first ${formatCount(Math.min(n, SOLUTIONS_SAVED))}${n > SOLUTIONS_SAVED ? ' and the one shown' : ''} kept`
      : `first and latest ${formatCount(KEEP)} kept`;
    const kept = found > n ? ` (${keptNow})` : '';
    if (!c && n === 1) ui.index.textContent = `solution ${formatCount(k)} (shared)`;
    else ui.index.textContent = n ? `solution ${formatCount(k)} of ${formatCount(Math.max(found, n))}${state.running ? ' so far' : ''}${kept}` : '';
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
        cv.setAttribute('aria-hidden', 'true');
        drawPiece(cv, p.kind, p.cells, pieceColour(copy, dark), outline);
        const name = document.createElement('span');
        name.textContent = p.name;
        item.append(cv, name);
        ui.legend.append(item);
      }
    });
    const unused = d.allow_unused ? ` · ${d.piece_area - d.area} piece cells left over` : '';
    const e = state.estimate && state.estimate.key === state.describedKey ? state.estimate : null;
    // Once a search has counted them all, the count replaces the estimate.
    const counted = state.counted && state.counted.key === state.describedKey ? state.counted.total : null;
    const guess = counted != null ? ` · ${formatCount(counted)} tiling${counted === 1 ? '' : 's'} (counted)`
      : e ? ` · ${estimateText(e)}` : '';
    ui.hint.classList.remove('is-blocked');
    ui.hint.textContent = `${d.area} cells · ${d.copy_types.length} pieces · ${d.symmetries} board symmetr${d.symmetries === 1 ? 'y' : 'ies'}${unused}${guess}`;
  }

  /**
   * The estimate as a range of two standard errors each side. One is too narrow a promise:
   * the probes' results are heavy-tailed, so their spread understates the error (Meteor's
   * 2,098 came out as 1,825 ± 112 from 4,000 probes).
   */
  function estimateText({ solutions, solutions_error: error }) {
    // The ends are rounded outwards, so the range shown holds the range computed.
    const [low, high] = [approx(Math.max(0, solutions - 2 * error), Math.floor), approx(solutions + 2 * error, Math.ceil)];
    const plural = (text) => `${text} ${text === '1' ? 'tiling' : 'tilings'}`;
    if (solutions === 0) return 'no tiling met by the random probes (there may be none)';
    if (2 * error >= solutions || low === '0') return `roughly ${plural(approx(solutions))} (a wide guess)`;
    return low === high ? `an estimated ${plural(low)}` : `an estimated ${low}–${plural(high)}`;
  }

  /** A count rounded to two significant digits: 12,964,441 → "13,000,000" (or down, or up). */
  const approx = (n, round = Math.round) => {
    if (n < 100) return String(round(n));
    const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
    return (round(n / unit) * unit).toLocaleString('en-US');
  };

  /** The estimate under way (cancelled by a new one, or by Solve). */
  let estimating = null;
  /** Solve was pressed and the inputs are being described: the search is about to start. */
  let starting = false;

  /** Asks for Knuth's estimate of the current inputs' tilings, shown beside the counts. */
  async function estimateTilings(request, key) {
    estimating?.abort();
    const controller = new AbortController();
    estimating = controller;
    try {
      const e = await engine.poly.estimate({ ...request, probes: 16000 }, { signal: controller.signal });
      if (disposed || key !== argsKey()) return;
      state.estimate = { ...e, key };
      renderLegend();
    } catch {
      // The estimate is a courtesy: what is wrong with the inputs, describe has said.
    } finally {
      if (estimating === controller) estimating = null;
    }
  }

  // ---- errors ------------------------------------------------------------------------------

  /** Shows a core error next to the input it names (the board or the pieces) and marks it. */
  function showError(err) {
    const { field, line } = placeOf(err);
    ui.pieces.removeAttribute('aria-invalid');
    if (field === 'pieces') {
      ui.pieces.setAttribute('aria-invalid', 'true');
      piecesMsg.show(line ? `${err.message} (in the pieces text)` : err.message, 'error');
    } else if (field === 'board' && state.puzzleId === 'draw') {
      // Under the board the hint line says it already (see describe).
      if (!narrow.matches) boardMsg.show(err.message, 'error');
    } else {
      runMsg.show(err.message, 'error');
    }
  }

  function clearErrors() {
    boardMsg.clear();
    piecesMsg.clear();
    ui.pieces.removeAttribute('aria-invalid');
  }

  // ---- describing and solving ---------------------------------------------------------------

  // A reply is used when it still describes what the inputs say now, even if another request
  // for the same inputs went out meanwhile (Solve describes first, and a delayed edit may ask
  // too): only a reply about inputs that have since changed is dropped.
  async function describe() {
    const request = args();
    const key = JSON.stringify(request);
    const current = () => !disposed && key === argsKey();
    try {
      const d = await engine.poly.describe(request);
      if (!current()) return null;
      clearErrors();
      state.described = d;
      state.describedKey = key;
      setSolvable(null);
      if (state.estimate?.key !== key) estimateTilings(request, key);
      if (state.puzzleId !== 'draw') state.view = currentView();
      renderLegend();
      redraw();
      return d;
    } catch (err) {
      if (!current() || err.name === 'AbortError') return null;
      clearErrors();
      state.described = null;
      renderLegend();
      // A board not drawn yet is the start of the work, not a mistake.
      if (state.puzzleId === 'draw' && !state.draw.cells.some(Boolean)) {
        ui.hint.textContent = 'Draw the board: add cells on the grid above, or Fill it, then choose the pieces.';
        ui.hint.classList.remove('is-blocked');
        setSolvable('the board has no cells yet');
        return null;
      }
      // Under the board too, beside the greyed Solve: on a phone the inputs are far below.
      const why = sentence(err.message);
      ui.hint.textContent = `Cannot solve. ${why}${/[.)]$/.test(why) ? '' : '.'}`;
      ui.hint.classList.add('is-blocked');
      showError(err);
      setSolvable(err.message);
      return null;
    }
  }

  /** The inputs changed: the results no longer apply. */
  function resetSolutions() {
    state.restored = false;
    state.solutions = [];
    state.numbers = [];
    state.shown = -1;
    state.counts = null;
    state.finished = null;
    state.resultsKey = null;
    showCounts(null);
    runMsg.clear();
  }

  function showCounts(c, fraction = 0) {
    ui.total.textContent = c ? formatCount(c.total) : '–';
    ui.distinctCount.textContent = c ? formatCount(c.distinct) : '–';
    ui.nodes.textContent = c ? formatCount(c.nodes) : '–';
    ui.time.textContent = c ? `${Math.round(c.ms)} ms` : '–';
    ui.bar.style.width = `${Math.round(Math.min(1, fraction) * 100)}%`;
  }

  /** Takes in streamed solutions with their numbers: the first KEEP stay, the latest KEEP
   * move on (the one on screen stays on screen while it is kept). */
  function addSolutions(list, numbers) {
    if (!list || list.length === 0) return;
    list.forEach((s, i) => {
      state.solutions.push(s);
      state.numbers.push(numbers?.[i] ?? state.solutions.length);
    });
    const drop = state.solutions.length - 2 * KEEP;
    if (drop > 0) {
      state.solutions.splice(KEEP, drop);
      state.numbers.splice(KEEP, drop);
      if (state.shown >= KEEP) state.shown = Math.max(KEEP, state.shown - drop);
    }
    if (ui.follow.checked || state.shown < 0) state.shown = state.solutions.length - 1;
  }

  function finishWith(message, level) {
    state.finished = { message, level };
    runMsg.show(message, level);
  }

  async function solve() {
    // A second press while the first is still describing the inputs would start a second
    // search that no Stop reaches (a double click did, and held every worker).
    if (state.running || starting) return;
    starting = true;
    ui.solve.disabled = true;
    // The estimate (seconds on a large board) gives its worker up to the search, which
    // reports real progress.
    estimating?.abort();
    // A pieces edit still waiting for its description is covered by this one.
    clearTimeout(piecesTimer);
    delete ui.pieces.dataset.pending;
    let d;
    try {
      d = await describe();
    } finally {
      starting = false;
      // Not started: Solve is as describe left it (off, with the reason in its title, when
      // the inputs cannot be solved).
      if (!disposed && !d) ui.solve.disabled = Boolean(ui.solve.title);
    }
    if (!d || disposed) return;
    resetSolutions();
    state.view = currentView();
    const controller = new AbortController();
    state.running = controller;
    state.started = performance.now();
    state.resultsKey = argsKey();
    setRunning(true);
    const countsOf = (c) => ({ total: c.total, distinct: c.distinct, nodes: c.nodes, ms: performance.now() - state.started });
    try {
      const reply = await searchInParts(controller, (batch) => {
        if (controller !== state.running) return;
        addSolutions(batch.solutions, batch.numbers);
        state.counts = countsOf(batch);
        showCounts(state.counts, batch.fraction);
        ui.progressText.textContent = `Searching… ${Math.floor(Math.min(1, batch.fraction) * 100)}% explored${batch.parts > 1 ? ` in ${batch.parts} workers` : ''}${timeLeft(batch.fraction)}`;
        redraw();
      });
      if (controller !== state.running) return;
      addSolutions(reply.end.solutions, reply.end.numbers);
      const s = reply.end.summary;
      state.counts = countsOf(s.counts);
      showCounts(state.counts, 1);
      const total = s.counts.total;
      if (s.complete) {
        state.counted = { key: state.resultsKey, total };
        renderLegend();
      }
      if (!s.complete) finishWith(`Stopped at the limit: ${formatCount(total)} solutions so far (${formatCount(s.counts.distinct)} distinct).`, 'info');
      else if (total) finishWith(`Done: ${formatCount(total)} solution${total === 1 ? '' : 's'}, ${formatCount(s.counts.distinct)} distinct up to the board's ${s.symmetries} symmetr${s.symmetries === 1 ? 'y' : 'ies'}.`, 'success');
      else finishWith('No tiling exists for this board and these pieces.', 'info');
    } catch (err) {
      if (disposed) return;
      if (err.name === 'AbortError') {
        finishWith(`Stopped: ${ui.total.textContent === '–' ? 0 : ui.total.textContent} solutions found so far.`, 'info');
      } else {
        state.resultsKey = null;
        showError(err);
      }
    } finally {
      if (controller === state.running) {
        state.running = null;
        state.leftMidSearch = disposed;
        // After the page was left only the save is due: its elements are gone.
        if (!disposed) {
          setRunning(false);
          redraw();
        }
        save();
      }
    }
  }

  /** Solve is off, saying why, while the inputs cannot be solved (`reason`), on otherwise. */
  function setSolvable(reason) {
    if (state.running) return;
    ui.solve.disabled = Boolean(reason);
    ui.solve.title = reason ? `Cannot solve: ${reason}` : '';
  }

  /** ", about 2 min left" from the share of the tree explored, once there is enough to go on. */
  function timeLeft(fraction) {
    const elapsed = (performance.now() - state.started) / 1000;
    if (fraction < 0.02 || elapsed < 2) return '';
    const left = (elapsed * (1 - fraction)) / fraction;
    if (left < 1) return '';
    return `, about ${left < 90 ? `${Math.round(left)} s` : left < 5400 ? `${Math.round(left / 60)} min` : `${Math.round(left / 3600)} h`} left`;
  }

  /**
   * Runs the search on every worker of the pool, one part each (the parts' counts add up
   * exactly), or on one worker when a limit is set (a limit is for the whole search).
   * `onBatch` hears merged progress: counts summed, the parts' new solutions numbered in the
   * order they arrive across all parts. Resolves to `{end}` as `poly.solve` does.
   */
  async function searchInParts(controller, onBatch) {
    const request = args();
    const parts = request.options.limit ? 1 : Math.max(1, engine.size);
    if (parts === 1) {
      return engine.poly.solve(request, { signal: controller.signal, onProgress: (b) => onBatch({ ...b, parts: 1 }) });
    }
    const listed = (c) => (request.options.distinct ? c.distinct : c.total);
    const seen = new Array(parts).fill(null).map(() => ({ total: 0, distinct: 0, nodes: 0, fraction: 0 }));
    const sum = (key) => seen.reduce((a, c) => a + c[key], 0);
    // A part's solution m (its own count) is numbered after everything the other parts had
    // listed when it arrived.
    const renumber = (i, numbers) => {
      const others = seen.reduce((a, c, j) => (j === i ? a : a + listed(c)), 0);
      return (numbers || []).map((m) => others + m);
    };
    const requests = Array.from({ length: parts }, (_, k) => ({
      ...request, options: { ...request.options, shard: [k, parts] },
    }));
    const replies = await engine.map('poly.solve', requests, {
      signal: controller.signal,
      onProgress: (i, b) => {
        const numbers = renumber(i, b.numbers);
        seen[i] = { total: b.total, distinct: b.distinct, nodes: b.nodes, fraction: b.fraction };
        onBatch({
          total: sum('total'), distinct: sum('distinct'), nodes: sum('nodes'), fraction: sum('fraction') / parts,
          solutions: b.solutions, numbers, parts,
        });
      },
    });
    const solutions = [];
    const numbers = [];
    replies.forEach((r, i) => {
      const c = r.end.summary.counts;
      numbers.push(...renumber(i, r.end.numbers));
      solutions.push(...r.end.solutions);
      seen[i] = { total: c.total, distinct: c.distinct, nodes: c.nodes, fraction: 1 };
    });
    const first = replies[0].end.summary;
    return {
      end: {
        solutions,
        numbers,
        summary: {
          ...first,
          counts: { total: sum('total'), distinct: sum('distinct'), nodes: sum('nodes'), fraction: 1 },
          complete: replies.every((r) => r.end.summary.complete),
        },
      },
    };
  }

  function stopSearch() {
    state.running?.abort();
  }
  scope.add(stopSearch);
  // Leaving saves at once: pieces typed a moment ago (their save waits for the typing to
  // pause), and what a search found so far. A reload or a closed tab gives no unmount, hence
  // pagehide too.
  // (Not before the saved setup is on the page: the half-built page would be saved over it.)
  const saveOnLeave = () => { if (setupShown) save(); };
  scope.add(saveOnLeave);
  scope.on(window, 'pagehide', saveOnLeave);
  scope.on(document, 'visibilitychange', () => { if (document.visibilityState === 'hidden') saveOnLeave(); });

  // The setup is held while a search runs: an edit would leave the search's solutions painted
  // on a board they do not fit. These are the controls it turned off, to turn back on.
  let heldControls = [];

  function holdSetup(on) {
    if (on) {
      const setup = [$('[data-puzzle-group]'), ui.drawing, $('.poly-side')];
      heldControls = setup.flatMap((part) => [...part.querySelectorAll('button, input, select, textarea')])
        .filter((control) => !control.disabled);
      for (const control of heldControls) control.disabled = true;
    } else {
      for (const control of heldControls) control.disabled = false;
      heldControls = [];
    }
  }

  function setRunning(on) {
    const stopHadFocus = document.activeElement === ui.stop;
    holdSetup(on);
    ui.solve.disabled = on;
    ui.stop.disabled = !on;
    ui.progress.hidden = !on;
    if (on) ui.progressText.textContent = 'Searching…';
    root.querySelector('.poly').classList.toggle('is-running', on);
    if (on) runMsg.clear();
    // The button pressed is disabled now: focus goes to the other one, not to <body>.
    if (on && focusLost()) focusQuietly(ui.stop);
    else if (!on && (stopHadFocus || focusLost())) focusQuietly(ui.solve);
  }

  // ---- choosing a puzzle --------------------------------------------------------------------

  function selectPuzzle(id, { keepPieces = false, fromUser = false } = {}) {
    stopSearch();
    // "Draw your own board" chosen from a puzzle starts from that puzzle's board, so the
    // pieces still fit and the drawing starts valid.
    if (fromUser && id === 'draw' && state.puzzleId !== 'draw' && state.described) {
      const b = state.described.board;
      if (b.width <= MAX_SIDE && b.height <= MAX_SIDE) {
        state.draw = { kind: b.kind, width: b.width, height: b.height, cells: b.cells.map(Boolean) };
        ui.w.value = b.width;
        ui.h.value = b.height;
        kinds.set(b.kind);
      }
    }
    state.puzzleId = id;
    resetSolutions();
    messages.documentChanged();
    ui.pieces.removeAttribute('aria-invalid');
    const p = state.library.find((q) => q.id === id);
    ui.drawing.hidden = id !== 'draw';
    ui.about.textContent = p ? p.about : 'Draw any board, square, hex or triangle, then choose pieces that cover it.';
    if (p && !keepPieces) {
      ui.pieces.value = p.pieces;
      ui.unused.checked = false;
    }
    ui.set.value = PIECE_SETS.some(([s]) => s === ui.pieces.value.trim()) ? ui.pieces.value.trim() : 'custom';
    if (!p) {
      state.view = { ...state.draw };
      redraw();
    }
    save();
    return describe();
  }

  // ---- the drawn board ----------------------------------------------------------------------

  function paintAt(event) {
    return cellAtPoint(event.clientX, event.clientY);
  }

  /** The board cell under viewport point (x, y) on a drawn board, or null. */
  function cellAtPoint(x, y) {
    if (state.puzzleId !== 'draw' || state.running || !state.lay) return null;
    const rect = canvas.getBoundingClientRect();
    return cellAt(state.lay, x - rect.left, y - rect.top);
  }

  function setCell(cell, value) {
    const i = cell[1] * state.draw.width + cell[0];
    if (state.draw.cells[i] === value) return false;
    state.draw.cells[i] = value;
    return true;
  }

  let drawTimer = 0;
  function boardEdited() {
    resetSolutions();
    state.view = { ...state.draw };
    redraw();
    save();
    clearTimeout(drawTimer);
    drawTimer = scope.timeout(describe, BOARD_DELAY_MS);
  }

  // A drag paints every cell it passes over: pointer moves come far apart on a fast drag, so
  // the way between two is walked in short steps. One that starts between cells (the corners
  // of a hex or triangle board) paints from the first cell it meets, which sets add or remove.
  let lastPoint = null;
  scope.on(canvas, 'pointerdown', (event) => {
    if (state.puzzleId !== 'draw' || state.running || !state.lay) return;
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    lastPoint = { x: event.clientX, y: event.clientY };
    const cell = paintAt(event);
    state.painting = cell ? !state.draw.cells[cell[1] * state.draw.width + cell[0]] : 'first';
    if (cell && setCell(cell, state.painting)) boardEdited();
  });
  scope.on(canvas, 'pointermove', (event) => {
    const cell = paintAt(event);
    if (state.painting !== null && lastPoint) {
      const [x0, y0, x1, y1] = [lastPoint.x, lastPoint.y, event.clientX, event.clientY];
      const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 4));
      let changed = false;
      for (let i = 1; i <= steps; i++) {
        const c = cellAtPoint(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps);
        if (!c) continue;
        if (state.painting === 'first') state.painting = !state.draw.cells[c[1] * state.draw.width + c[0]];
        changed = setCell(c, state.painting) || changed;
      }
      lastPoint = { x: x1, y: y1 };
      if (changed) boardEdited();
    }
    const key = cell ? cell.join(',') : '';
    if (key !== (state.hover ? state.hover.join(',') : '')) { state.hover = cell; redraw(); }
  });
  const endPaint = () => { state.painting = null; lastPoint = null; };
  scope.on(canvas, 'pointerup', endPaint);
  scope.on(canvas, 'pointercancel', endPaint);
  scope.on(canvas, 'pointerleave', () => { if (state.hover) { state.hover = null; redraw(); } });

  // Keyboard: arrows browse solutions; on a drawn board without results they move a cursor
  // and Space toggles the cell under it.
  scope.on(canvas, 'keydown', (event) => {
    if (state.puzzleId === 'draw' && !state.running && state.solutions.length === 0) {
      const cur = state.hover || [0, 0];
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (moves[event.key]) {
        const [dx, dy] = moves[event.key];
        state.hover = [Math.max(0, Math.min(state.draw.width - 1, cur[0] + dx)), Math.max(0, Math.min(state.draw.height - 1, cur[1] + dy))];
        redraw();
        event.preventDefault();
      } else if (event.key === ' ' || event.key === 'Enter') {
        setCell(cur, !state.draw.cells[cur[1] * state.draw.width + cur[0]]);
        state.hover = cur;
        boardEdited();
        event.preventDefault();
      }
      return;
    }
    if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') { browse(-1); event.preventDefault(); }
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') { browse(1); event.preventDefault(); }
  });

  function browse(step) {
    const n = state.solutions.length;
    if (!n) return;
    state.shown = Math.max(0, Math.min(n - 1, state.shown + step));
    if (step < 0 || state.shown !== n - 1) ui.follow.checked = false;
    redraw();
    if (!state.running) save();
  }

  function resizeDraw() {
    const side = (input) => Math.max(1, Math.min(MAX_SIDE, parseInt(input.value, 10) || 1));
    const w = side(ui.w);
    const h = side(ui.h);
    // A size out of range is brought into it, and the user told which it became.
    const changed = [[ui.w, w], [ui.h, h]].filter(([input, v]) => input.value.trim() !== String(v));
    gridMsg.clear();
    if (changed.length) {
      gridMsg.show(`Sides run from 1 to ${MAX_SIDE}: ${changed.map(([input, v]) => `${input.value.trim() || 'an empty size'} became ${v}`).join(', ')}.`, 'info');
    }
    ui.w.value = w;
    ui.h.value = h;
    if (w === state.draw.width && h === state.draw.height) return;
    // A new size is a new rectangle: holes drawn for the old one are not carried over.
    state.draw = { ...state.draw, width: w, height: h, cells: new Array(w * h).fill(true) };
    boardEdited();
  }

  // ---- wiring -------------------------------------------------------------------------------

  /** The pieces box is as tall as its text (within reason), so nothing added is hidden. */
  function fitPiecesBox() {
    const lines = ui.pieces.value.split('\n').length;
    ui.pieces.rows = Math.max(2, Math.min(16, lines));
  }

  let piecesTimer = 0;
  // While an edit waits for its description, the textarea says so (tests and styles read it).
  const piecesEdited = () => {
    fitPiecesBox();
    clearTimeout(piecesTimer);
    delete ui.pieces.dataset.pending;
    resetSolutions();
    save();
    describe();
  };
  scope.on(ui.puzzle, 'change', () => selectPuzzle(ui.puzzle.value, { keepPieces: ui.puzzle.value === 'draw', fromUser: true }));
  scope.on(ui.set, 'change', () => {
    if (ui.set.value !== 'custom') ui.pieces.value = ui.set.value;
    else ui.pieces.focus();
    piecesEdited();
  });
  scope.on(ui.pieces, 'input', () => {
    fitPiecesBox();
    ui.set.value = PIECE_SETS.some(([s]) => s === ui.pieces.value.trim()) ? ui.pieces.value.trim() : 'custom';
    clearTimeout(piecesTimer);
    ui.pieces.dataset.pending = 'true';
    piecesTimer = scope.timeout(piecesEdited, PIECES_DELAY_MS);
  });
  scope.on(ui.unused, 'change', piecesEdited);
  scope.on(ui.distinct, 'change', () => { resetSolutions(); save(); });
  scope.on(ui.limit, 'change', () => { resetSolutions(); save(); });
  scope.on(ui.w, 'change', resizeDraw);
  scope.on(ui.h, 'change', resizeDraw);
  const kinds = toggleGroup($('[data-drawing] [role=group]'), {
    scope, attribute: 'kind', onChange: (kind) => {
      state.draw.kind = kind;
      // A library set drawn on another grid cannot tile this one: the grid's own set is taken
      // (typed or drawn pieces are the user's, and are left for them to change).
      const spec = ui.set.value;
      if (spec !== 'custom' && setKind(spec) !== kind) {
        const next = KIND_DEFAULT_SET[kind];
        ui.set.value = next;
        ui.pieces.value = next;
        gridMsg.show(`The pieces are now ${ui.set.selectedOptions[0].textContent.replace(/^The /, 'the ')}, which fit the ${$(`[data-kind="${kind}"]`).textContent.toLowerCase()} grid.`, 'info');
        piecesEdited();
      }
      boardEdited();
    },
  });
  scope.on($('[data-fill]'), 'click', () => { state.draw.cells.fill(true); boardEdited(); });
  scope.on($('[data-clear]'), 'click', () => { state.draw.cells.fill(false); boardEdited(); });
  scope.on(ui.solve, 'click', solve);
  scope.on(ui.stop, 'click', stopSearch);
  scope.on($('[data-prev]'), 'click', () => browse(-1));
  scope.on($('[data-next]'), 'click', () => browse(1));
  scope.on(ui.follow, 'change', () => {
    if (ui.follow.checked && state.solutions.length) { state.shown = state.solutions.length - 1; redraw(); }
  });
  scope.on($('[data-editor-clear]'), 'click', () => editor.clear());
  scope.on($('[data-editor-add]'), 'click', () => {
    // A named set is joined when it is what the page last described and on the board's grid.
    const d = state.described;
    const setPieces = d && state.describedKey === argsKey() && d.board.kind === state.view?.kind ? d.pieces : null;
    const text = editor.appendTo(ui.pieces.value, setPieces);
    if (text === null) {
      piecesMsg.show('Click cells in the small grid to draw a piece first.', 'error');
      return;
    }
    ui.pieces.value = text;
    ui.set.value = 'custom';
    editor.clear();
    piecesEdited();
  });
  scope.on($('[data-editor]'), 'toggle', () => editor.draw());
  // Sized now, so the grid is in place (and clickable) the moment the section opens.
  editor.draw();
  scope.onResize(wrap, () => redraw());
  scope.add(onThemeChange(() => { renderLegend(); redraw(); editor.draw(); }));

  // ---- sharing and export ------------------------------------------------------------------

  const currentSetup = () => ({
    puzzleId: state.puzzleId, draw: state.draw, pieces: ui.pieces.value,
    unused: ui.unused.checked, distinct: ui.distinct.checked, limit: ui.limit.value,
  });
  const shownSolution = () => (state.shown >= 0
    ? { labels: state.solutions[state.shown], number: state.numbers[state.shown] ?? state.shown + 1 }
    : null);
  /** "meteor-solution-12" or "meteor-board": what the saved file shows. */
  function exportName() {
    const s = shownSolution();
    const base = state.puzzleId === 'draw' ? 'tiling' : state.puzzleId;
    return s ? `${base}-solution-${s.number}` : `${base}-board`;
  }

  async function share() {
    const solution = shownSolution();
    const link = shareLink(currentSetup(), solution);
    const field = document.createElement('input');
    field.className = 'poly-share-link';
    field.readOnly = true;
    field.value = link;
    field.setAttribute('aria-label', 'Share link');
    field.dataset.shareLink = '';
    const what = solution ? 'this board, these pieces and solution ' + formatCount(solution.number) : 'this board and these pieces';
    try {
      await navigator.clipboard.writeText(link);
      exportMsg.show(`Share link copied: it opens ${what}.`, 'success', field);
    } catch {
      exportMsg.show(`Copy this link: it opens ${what}.`, 'info', field);
      field.select();
    }
  }

  /** The board as shown, laid out for a file: cells of 40 px whatever the screen. */
  function exportLayout() {
    const view = state.view;
    if (!view) return null;
    return layout(view.kind, view.width, view.height, 40 * (view.width + 1), 40);
  }

  function saveSvg() {
    const lay = exportLayout();
    if (!lay) return;
    const labels = state.shown >= 0 ? state.solutions[state.shown] : null;
    const svg = boardSvg(lay, { cells: state.view.cells, labels });
    downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), `${exportName()}.svg`);
    exportMsg.show(`Saved ${exportName()}.svg.`, 'success');
  }

  async function savePicture() {
    const lay = exportLayout();
    if (!lay) return;
    const labels = state.shown >= 0 ? state.solutions[state.shown] : null;
    const picture = document.createElement('canvas');
    const light = { 'surface-2': '#eef0f4', border: '#c5cad3', text: '#1d2330', accent: '#2f6fde', bg: '#ffffff' };
    drawBoard(picture, lay, { cells: state.view.cells, labels, colors: light, dark: false, scale: 2 });
    // A white page behind the board, as in the SVG.
    const ctx = picture.getContext('2d');
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, lay.cssWidth, lay.cssHeight);
    try {
      downloadBlob(await canvasPng(picture), `${exportName()}.png`);
      exportMsg.show(`Saved ${exportName()}.png.`, 'success');
    } catch (err) {
      exportMsg.show(err.message, 'error');
    }
  }

  scope.on($('[data-share]'), 'click', share);
  scope.on($('[data-svg]'), 'click', saveSvg);
  scope.on($('[data-png]'), 'click', savePicture);

  /** Puts a setup ({puzzleId, draw, pieces, unused, distinct, limit}) on the page. */
  async function applySetup(setup) {
    if (setup.draw) state.draw = setup.draw;
    ui.w.value = state.draw.width;
    ui.h.value = state.draw.height;
    kinds.set(state.draw.kind);
    if (setup.pieces !== null) ui.pieces.value = setup.pieces;
    ui.unused.checked = setup.unused;
    ui.distinct.checked = setup.distinct;
    ui.limit.value = setup.limit;
    const known = setup.puzzleId === 'draw' || state.library.some((p) => p.id === setup.puzzleId);
    const id = known ? setup.puzzleId : 'meteor';
    ui.puzzle.value = id;
    await selectPuzzle(id, { keepPieces: setup.pieces !== null });
    return known;
  }

  /** Opens a shared link's setup (and solution), keeping a way back to the user's own. */
  async function openShared(shared, own) {
    const known = await applySetup(shared.setup);
    if (disposed) return;
    const view = currentView();
    const labels = shared.solution?.labels;
    if (labels && view && labels.length === view.cells.length) {
      state.view = view;
      state.solutions = [labels];
      state.numbers = [shared.solution.number];
      state.shown = 0;
      state.resultsKey = argsKey();
      ui.follow.checked = false;
      redraw();
    }
    const back = document.createElement('button');
    back.type = 'button';
    back.className = 'btn';
    back.textContent = 'Back to your board';
    back.addEventListener('click', async () => {
      resetSolutions();
      await applySetup(own);
      exportMsg.clear();
    });
    const note = known ? 'Opened a shared tiling.' : 'The shared puzzle is not in this version\'s library; showing Meteor instead.';
    exportMsg.show(note, known ? 'info' : 'warning', back);
  }

  // ---- start: the library, then what was saved ----------------------------------------------

  (async () => {
    try {
      const lib = await engine.poly.library({});
      if (disposed) return;
      state.library = lib.puzzles;
      for (const p of lib.puzzles) ui.puzzle.add(new Option(p.title, p.id));
      ui.puzzle.add(new Option('Draw your own board…', 'draw'));
      const shared = sharedSetup();
      if (shared) clearSharedSetup();
      if (shared?.setup) {
        await openShared(shared, saved);
        setupShown = !disposed;
        return;
      }
      await applySetup(saved);
      setupShown = !disposed;
      // After the setup is on the page (putting it there clears the messages).
      if (shared?.error) exportMsg.show(shared.error, 'error');
      const r = saved.results;
      if (r && !disposed && r.key === argsKey()) {
        state.restored = true;
        state.solutions = r.solutions;
        state.numbers = r.numbers;
        state.shown = r.shown;
        state.counts = r.counts;
        state.resultsKey = r.key;
        if (r.complete) {
          state.counted = { key: r.key, total: r.counts.total };
          renderLegend();
        }
        ui.follow.checked = false;
        state.view = currentView();
        // A stopped run's bar is not shown full: how far it got was not saved.
        showCounts(r.counts, r.complete ? 1 : 0);
        if (r.message) finishWith(r.message, r.level);
        redraw();
        save();
      }
      if (notice) runMsg.show(notice, 'warning');
    } catch (err) {
      if (!disposed) showError(err);
    }
  })();

  return () => scope.dispose();
}
