// The Sudoku page: play (pencil marks, auto-candidates, undo/redo, mistakes, hints, timer),
// enter or import puzzles, solve and count solutions, generate new games by level, share links.
// Drawing, input, game state and storage live in pages/sudoku/.
import { onThemeChange } from '../../ui/theme.js';
import { Scope, onScreen } from '../../ui/dom.js';
import { Messages, messageAction, sentence } from '../../ui/messages.js';
import { TaskRunner, CANCELLED } from '../../ui/task.js';
import { keepFocusHome, focusQuietly } from '../../ui/focus.js';
import { randomSeed } from '../../ui/seed.js';
import { isAbort } from '../../engine.js';
import { Board } from './board.js';
import { Game } from './game.js';
import { attachInput } from './input.js';
import { template } from './template.js';
import { printPuzzles } from './print.js';
import { createRater } from './rating.js';
import {
  STAGES, aboutTitle, chainLayers, effectSummary, hintCandidates, hintRegion, missingCandidates, nameWithArticle, nextStage, playerName, stageSentence, stepCandidates,
} from './hints.js';
import {
  cellName, cellsFromText, conflicts, deadEnd, digitCounts, digitsOf, formatTime, puzzleBeforeNote, textFromCells,
} from './model.js';
import {
  clearSharedPuzzle, loadGame, loadSettings, puzzleInLink, saveGame, saveSettings, shareLink, sharedPuzzle,
} from './storage.js';

/** Chains this many links deep, or more, can be walked a link at a time. */
const CHAIN_WALK_FROM = 4;
// A first game for a new visitor, so the board is never empty on arrival.
const WELCOME = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

/** Mounts the page into `root`; returns the cleanup that saves the game and cancels requests. */
export function mount(root, { engine }) {
  const settings = loadSettings();
  root.innerHTML = template(settings);
  const $ = (sel) => root.querySelector(sel);
  const el = {
    canvas: $('.sudoku-board'), wrap: $('.sudoku-board-wrap'), status: $('.sudoku-status'), badge: $('[data-role=badge]'),
    mode: $('[data-role=mode]'), timer: $('[data-role=timer]'), editBar: $('[data-role=edit-bar]'), entryStatus: $('[data-role=entry-status]'),
    boardMsg: $('[data-role=board-message]'), live: $('[data-role=live]'), pad: $('[data-role=pad]'),
    cells: [...root.querySelectorAll('[data-role=cells] [data-cell]')],
    gameMsg: $('[data-role=game-message]'), helpMsg: $('[data-role=help-message]'), hintMsg: $('[data-role=hint-message]'),
    solverMsg: $('[data-role=solver-message]'), ioMsg: $('[data-role=io-message]'),
    chainWalk: $('[data-role=chain-walk]'),
    hintBox: $('[data-role=hint-box]'), hintTech: $('[data-role=hint-tech]'), hintText: $('[data-role=hint-text]'),
    auto: $('[data-role=auto]'), mistakes: $('[data-role=mistakes]'), limit: $('[data-role=limit]'),
    symmetry: $('[data-role=symmetry]'), importBox: $('[data-role=import]'),
    pencilBtn: $('[data-action=pencil]'), range: $('[data-role=range]'), min: $('[data-role=min]'),
    max: $('[data-role=max]'), technique: $('[data-role=technique]'),
    printLayout: $('[data-role=print-layout]'), printMsg: $('[data-role=print-message]'), printAnswers: $('[data-role=print-answers]'),
  };
  el.timer.setAttribute('aria-pressed', 'false');

  const game = new Game();
  const board = new Board(el.canvas);
  const ui = {
    selected: -1, extra: new Set(), changed: new Set(), focusDigit: 0, pencil: false, paused: false, flagged: new Set(), hint: null, level: settings.level,
    previous: null, // the game replaced by the last load, for "Back to previous game"
    lookingForHint: false, // a hint request is under way
  };
  let disposed = false;
  // Ratings share their nested searches among the engine's workers.
  const rater = createRater(engine);
  const rateShared = ({ puzzle }, opts) => rater.rate(puzzle, opts);

  // ---- messages -------------------------------------------------------------------------------

  // Every message speaks of the puzzle on the board: a new puzzle clears them all.
  const messages = new Messages();
  const msg = {
    board: messages.slot(el.boardMsg), game: messages.slot(el.gameMsg), help: messages.slot(el.helpMsg),
    hint: messages.slot(el.hintMsg), solver: messages.slot(el.solverMsg), io: messages.slot(el.ioMsg),
    print: messages.slot(el.printMsg),
  };
  const slotOf = new Map(Object.entries({ boardMsg: msg.board, gameMsg: msg.game, helpMsg: msg.help, hintMsg: msg.hint, solverMsg: msg.solver, ioMsg: msg.io, printMsg: msg.print }).map(([k, v]) => [el[k], v]));
  const say = (target, text, kind = 'info', extra = null) => (slotOf.get(target) || target).show(text, kind, extra);
  const clear = (target) => (slotOf.get(target) || target).clear();

  // ---- rendering ------------------------------------------------------------------------------

  function currentView() {
    const values = game.values();
    const hint = ui.hint && ui.hint.stage ? ui.hint : null;
    const marks = game.shownMarks(values);
    const selVal = ui.selected >= 0 ? values[ui.selected] : 0;
    return {
      values, marks, kinds: values.map((_, i) => game.kind(i)), selected: ui.selected, selection: new Set(targets()),
      conflicts: conflicts(values),
      mistakes: el.mistakes.checked && game.mode === 'play' ? game.mistakes() : new Set(),
      flagged: ui.flagged, changed: ui.changed, highlightDigit: selVal || (ui.selected < 0 ? ui.focusDigit : 0) || 0, pencil: ui.pencil, hint, paused: ui.paused,
    };
  }

  function render() {
    if (disposed) return;
    const view = currentView();
    board.draw(view);
    const { values, marks, kinds } = view;

    // The DOM mirror: what the canvas shows, for assistive technology and tests.
    el.wrap.dataset.grid = textFromCells(values);
    el.wrap.dataset.givens = textFromCells(game.givens);
    el.wrap.dataset.mode = game.mode;
    el.wrap.dataset.selected = String(ui.selected);
    el.wrap.dataset.complete = String(!!game.completedAt);
    // What a shown step points at, per cell, for assistive technology and tests.
    const hintRole = new Map();
    if (view.hint && view.hint.stage === 'show') {
      const blocked = new Map();
      for (const b of view.hint.step.blockers || []) blocked.set(b.from, [...(blocked.get(b.from) || []), b]);
      for (const [from, list] of blocked) {
        hintRole.set(from, `rules out ${list[0].digit} in ${list.map((b) => cellName(b.blocks)).join(', ')}`);
      }
      view.hint.missing?.forEach((m, i) => { if (m) hintRole.set(i, `needs unwritten candidates ${digitsOf(m).join('')}`); });
    }
    for (let i = 0; i < 81; i++) {
      const span = el.cells[i];
      const state = [view.conflicts.has(i) && 'conflict', view.mistakes.has(i) && 'mistake',
        ui.flagged.has(i) && 'flagged', view.selection.has(i) && 'selected'].filter(Boolean).join(' ');
      const markText = digitsOf(marks[i]).join('');
      span.dataset.value = String(values[i] || '');
      span.dataset.kind = kinds[i];
      span.dataset.marks = markText;
      span.dataset.state = state;
      if (hintRole.has(i)) span.dataset.hint = hintRole.get(i); else delete span.dataset.hint;
      span.textContent = `${cellName(i)}: ${values[i] ? `${values[i]} (${kinds[i]})` : markText ? `candidates ${markText}` : 'empty'}${state ? `, ${state}` : ''}${hintRole.has(i) ? `, ${hintRole.get(i)}` : ''}`;
      span.setAttribute('aria-selected', String(view.selection.has(i)));
    }

    // Pad: how many of each digit are still to place.
    const counts = digitCounts(values);
    for (const btn of el.pad.querySelectorAll('[data-digit]')) {
      const d = +btn.dataset.digit;
      const left = 9 - counts[d];
      btn.querySelector('[data-count]').textContent = left > 0 ? String(left) : '';
      btn.classList.toggle('done', left <= 0);
      btn.classList.toggle('active', view.highlightDigit === d);
    }
    el.pencilBtn.setAttribute('aria-pressed', String(ui.pencil));
    el.pad.classList.toggle('pencil', ui.pencil && game.mode === 'play');
    $('[data-action=hint-quick] span').textContent = !ui.hint ? 'Hint' : ui.hint.stage === 'show' ? 'Apply' : 'More';
    $('[data-action=hint]').textContent = !ui.hint ? 'Hint' : ui.hint.stage === 'show' ? 'Apply step' : 'More';
    el.pencilBtn.disabled = game.mode !== 'play';
    $('[data-action=undo]').disabled = !game.history.length;
    $('[data-action=redo]').disabled = !game.future.length;
    el.auto.checked = game.auto;
    el.auto.disabled = game.mode !== 'play';
    el.editBar.hidden = game.mode !== 'edit';

    const meta = game.meta || {};
    const level = meta.level ? meta.level[0].toUpperCase() + meta.level.slice(1) : '';
    const rating = typeof meta.rating === 'number' ? meta.rating.toFixed(1) : '';
    el.badge.textContent = [level, rating && `SE ${rating}`].filter(Boolean).join(' · ') || (game.mode === 'edit' ? 'New puzzle' : 'Unrated');
    el.mode.textContent = game.mode === 'edit' ? 'Editing' : game.completedAt ? 'Solved' : '';
    el.timer.hidden = game.mode !== 'play';
    updateTimer();
  }

  function updateTimer() {
    el.timer.textContent = `${ui.paused ? '▶ ' : ''}${formatTime(game.time())}`;
  }

  function announce() {
    const i = ui.selected;
    if (i < 0) return;
    const values = game.values();
    const marks = game.shownMarks(values);
    el.live.textContent = `${cellName(i)}, ${values[i] ? `${values[i]}, ${game.kind(i)} digit` : marks[i] ? `empty, candidates ${digitsOf(marks[i]).join(' ')}` : 'empty'}`;
  }

  // ---- saving ---------------------------------------------------------------------------------

  let saveTimer = 0;
  function scheduleSave() {
    // After unmount the page's last save is done; a late one would overwrite the next page's.
    if (disposed) return;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => saveGame(game.toJSON()), 150);
  }
  function saveNow() {
    clearTimeout(saveTimer);
    saveGame(game.toJSON());
  }

  // While a puzzle is entered, a line under the entry bar says whether it is proper yet.
  let entryCheck = null;
  let entryTimer = 0;
  async function checkEntry() {
    entryCheck?.abort();
    const line = el.entryStatus;
    if (game.mode !== 'edit') { line.textContent = ''; return; }
    const cells = game.givens;
    const clues = cells.filter(Boolean).length;
    if (clues === 0) { line.textContent = 'Type the givens: each digit moves on to the next cell, and 0, . or Space leaves one empty.'; line.dataset.state = 'empty'; return; }
    const request = new AbortController();
    entryCheck = request;
    const givens = `${clues} given${clues === 1 ? '' : 's'}`;
    try {
      const found = await engine.sudoku.check({ puzzle: textFromCells(cells) }, { signal: request.signal });
      if (entryCheck !== request) return;
      const count = found.solutions;
      const dead = count === 0 ? deadEnd(cells) : null;
      // A setter wants a minimal puzzle: say which givens could go, each on its own.
      const names = found.redundant_names || [];
      const spare = names.length
        ? ` · not minimal: ${names.length === 1 ? `${names[0]} could go` : `any one of ${names.slice(0, 6).join(', ')}${names.length > 6 ? ` and ${names.length - 6} more` : ''} could go`}`
        : ' · minimal';
      line.textContent = count === 1 ? `${givens}: unique solution ✓${spare}`
        : count === 0 ? `${givens}: no solution${dead ? `: ${dead.message}` : ''}`
          : `${givens}: more than one solution so far`;
      line.dataset.state = count === 1 ? 'unique' : count === 0 ? 'none' : 'many';
    } catch (err) {
      if (isAbort(err) || entryCheck !== request) return;
      line.textContent = `${givens}: ${sentence(err.message).replace(/^./, (c) => c.toLowerCase())}`;
      line.dataset.state = 'none';
    }
  }
  const scheduleEntryCheck = () => { clearTimeout(entryTimer); entryTimer = setTimeout(checkEntry, 120); };

  game.onChange = (reason) => {
    scheduleEntryCheck();
    ui.flagged = new Set();
    if (reason !== 'step') ui.changed = new Set();
    if (reason !== 'hint') closeHint(false);
    if (game.completedAt && reason !== 'solve') {
      say(el.boardMsg, `Solved in ${formatTime(game.time())}. Well played!`, 'success');
    } else if (msg.board.level === 'success' && !game.completedAt) {
      clear(el.boardMsg);
    }
    render();
    announce();
    scheduleSave();
  };

  // ---- engine tasks with progress and Cancel --------------------------------------------------

  // One task box per panel section; a task's buttons are off while it runs, and focus goes
  // back to the board afterwards, so the arrow keys keep working.
  const scope = new Scope();
  const runners = Object.fromEntries(['help', 'solver', 'game', 'io', 'print'].map((section) => [section,
    new TaskRunner(root.querySelector(`[data-task=${section}]`), { scope, home: () => el.canvas })]));
  keepFocusHome(root, () => el.canvas, scope);

  /** Runs `op` in the section's task box; rejects with an AbortError when cancelled. */
  /** Runs `op` (an engine operation, or a function called as `op(args, {signal, onProgress})`). */
  async function task(section, label, op, args, { onProgress } = {}) {
    stopBackgroundRating();
    const runner = runners[section];
    const panel = root.querySelector(`[data-section=${section}]`) || runner.box.parentElement;
    const busy = [...panel.querySelectorAll('button[data-action]')];
    const call = typeof op === 'function' ? op : (a, opts) => engine.run(op, a, opts);
    try {
      const value = await runner.run((signal, update) => call(args, {
        signal, onProgress: onProgress && ((p) => update(onProgress(p))),
      }), { label, busy });
      if (value === CANCELLED) throw new DOMException('The request was cancelled', 'AbortError');
      return value;
    } finally {
      if (!runner.running && !disposed) {
        render();
        // A rating interrupted by this task gets another go once things are quiet.
        clearTimeout(ui.rateRetry);
        ui.rateRetry = setTimeout(backgroundRating, 1500);
      }
    }
  }

  function cancelTask(section) {
    runners[section].cancel();
  }


  // ---- loading puzzles ------------------------------------------------------------------------

  /** Replaces the game with a puzzle (text checked by the core); keeps the old game for "Back". */
  function replaceGame(mode, cells, opts) {
    if (!game.isEmpty() && (game.history.length || game.entries.some(Boolean))) ui.previous = game.toJSON();
    game.pause();
    ui.paused = false;
    el.timer.setAttribute('aria-pressed', 'false');
    game.reset(mode, cells, opts);
    // Nothing of the last puzzle stays marked on the new one: the step just applied, the digit
    // picked on the pad.
    ui.selected = -1;
    ui.extra = new Set();
    ui.flagged = new Set();
    ui.changed = new Set();
    ui.focusDigit = 0;
    closeHint(false);
    messages.documentChanged();
    game.resume();
    scheduleEntryCheck();
    render();
    saveNow();
  }

  /** A small button that follows a message's text. */
  function backButton() {
    if (!ui.previous) return null;
    return messageAction('Back to previous game', () => {
      const prev = ui.previous;
      ui.previous = null;
      game.pause();
      if (game.load(prev)) game.resume();
      ui.changed = new Set();
      ui.focusDigit = 0;
      clear(el.boardMsg);
      render();
      saveNow();
    });
  }

  /** Loads puzzle text from the import box, a paste or a link. Messages go to `target`. */
  async function loadText(text, target, { source = 'import', meta = {} } = {}) {
    clear(target);
    // "Puzzle loaded." under the board was about the last load, not this one.
    if (target !== el.boardMsg && msg.board.level === 'success') clear(el.boardMsg);
    text = puzzleInLink(text) ?? puzzleBeforeNote(text) ?? text;
    let reply;
    try {
      reply = await task('io', 'Checking the puzzle…', 'sudoku.solve', { puzzle: text });
    } catch (err) {
      // The page was left meanwhile: the game on it, now saved, stays the player's game.
      if (disposed) return false;
      if (isAbort(err)) { say(target, 'Cancelled.', 'info'); return false; }
      const cells = cellsFromText(text);
      const bad = err.cells || [];
      if (cells && bad.length) {
        // Repeated givens: show the puzzle for editing with the two cells marked.
        replaceGame('edit', cells, { meta: { source } });
        ui.flagged = new Set(bad);
        render();
        say(target, `${err.message}. It is loaded for editing: fix the highlighted cells.`, 'error', backButton());
      } else {
        say(target, err.message, 'error');
      }
      return false;
    }
    if (disposed) return false;
    const cells = cellsFromText(text);
    if (!cells) { say(target, 'This text is not a puzzle.', 'error'); return false; }
    if (!reply.solution) {
      replaceGame('edit', cells, { meta: { source } });
      const dead = deadEnd(cells);
      if (dead) ui.flagged = new Set(dead.cells);
      render();
      say(target, `This puzzle has no solution${dead ? `: ${dead.message}` : '.'} It is loaded for editing.`, 'error', backButton());
      return false;
    }
    if (cells.every(Boolean)) {
      say(target, 'This grid is already complete (a valid solution): a puzzle to play needs empty cells.', 'warning');
      return false;
    }
    let unique = null;
    try {
      const { count } = await task('io', 'Checking uniqueness…', 'sudoku.count', { puzzle: text, limit: 2 });
      unique = count === 1;
    } catch (err) {
      if (!isAbort(err)) console.warn(err);
    }
    if (disposed) return false;
    replaceGame('play', cells, { solution: reply.solution, unique, meta: { source, ...meta } });
    const note = unique === false ? ' It has more than one solution, so mistakes are checked against one of them.' : '';
    const kind = unique === false ? 'warning' : 'success';
    backgroundRating();
    say(target, `Puzzle loaded.${note}`, kind, target === el.boardMsg ? backButton() : null);
    // On a phone the import box is far below the board: the player is taken to the puzzle, and
    // what was said beside the box is said under the board too.
    if (target !== el.boardMsg && !boardOnScreen()) {
      say(el.boardMsg, `Puzzle loaded.${note}`, kind, ui.previous ? backButton() : null);
      showBoard();
    } else if (target !== el.boardMsg && ui.previous) {
      say(el.boardMsg, 'New puzzle loaded.', 'info', backButton());
    }
    return true;
  }

  /** Finds the solution of the current givens in the background (for mistakes and hints). */
  async function ensureSolution() {
    if (game.mode !== 'play' || game.solution) return;
    const givens = textFromCells(game.givens);
    try {
      const { solution } = await engine.run('sudoku.solve', { puzzle: givens });
      if (!disposed && textFromCells(game.givens) === givens && solution) { game.solution = solution; render(); scheduleSave(); }
    } catch (_) { /* the Solve button reports problems */ }
  }

  // ---- board actions --------------------------------------------------------------------------

  /** The selected cells: the cursor first, then any others picked by drag, Shift or Ctrl. */
  function targets() {
    if (ui.selected < 0) return [];
    return [ui.selected, ...[...ui.extra].filter((c) => c !== ui.selected)];
  }

  function select(cell, how = 'replace') {
    if (ui.paused) { setPaused(false); return; }
    ui.changed = new Set();
    if (how === 'replace') ui.extra = new Set();
    else if (how === 'add' && ui.selected >= 0) ui.extra.add(ui.selected);
    else if (how === 'toggle' && ui.selected >= 0) {
      if (cell === ui.selected || ui.extra.has(cell)) {
        // Ctrl/Shift-click on a selected cell takes it out of the selection.
        ui.extra.delete(cell);
        if (cell === ui.selected) {
          const rest = [...ui.extra];
          ui.selected = rest.length ? rest.pop() : -1;
          ui.extra.delete(ui.selected);
        }
        render();
        announce();
        return;
      }
      ui.extra.add(ui.selected);
    }
    ui.selected = cell;
    if (msg.board.text.startsWith('Showing every')) clear(el.boardMsg);
    render();
    announce();
  }

  /** Pausing stops the clock and covers the board until the player comes back. */
  function setPaused(on) {
    if (on && (game.mode !== 'play' || game.completedAt)) return;
    ui.paused = on;
    if (on) game.pause(); else game.resume();
    el.timer.setAttribute('aria-pressed', String(on));
    el.timer.title = on ? 'Resume' : 'Pause';
    render();
    scheduleSave();
  }

  /**
   * A finished board keeps still: a digit typed over it would quietly undo the finish (or put
   * the player's digit over the solver's). Says so, with the way on.
   */
  function finished() {
    if (game.mode !== 'play' || !game.completedAt || ui.selected < 0) return false;
    say(el.boardMsg, game.solved.some(Boolean)
      ? 'The solver has filled the board: Undo hides its digits, so you can go on.'
      : `Solved in ${formatTime(game.time())}. Undo takes back your last step; New game starts another.`, 'info');
    return true;
  }

  function inputDigit(d, pencilKey) {
    if (ui.paused) { setPaused(false); return; }
    ui.focusDigit = d;
    if (finished()) { render(); return; }
    if (ui.selected < 0) {
      // No cell yet: show where this digit already is, and say how to place it.
      say(el.boardMsg, `Showing every ${d}. Pick a cell to place one (click or tap it, or use the arrow keys).`, 'info');
      render();
      return;
    }
    const pencil = game.mode === 'play' && (ui.pencil !== !!pencilKey);
    if (pencil) game.toggleMark(targets(), d);
    else game.place(targets(), d);
    // Entering a puzzle: a given typed moves on to the next cell, so 81 keys enter a puzzle.
    if (game.mode === 'edit' && !pencil && ui.extra.size === 0 && ui.selected < 80) ui.selected += 1;
    render();
  }

  function erase() {
    if (ui.selected < 0 || ui.paused || finished()) return;
    game.erase(targets());
  }

  /** 0, . or Space: erases, and while a puzzle is entered moves on, as its text has a blank. */
  function blank() {
    if (ui.selected < 0 || ui.paused || finished()) return;
    game.erase(targets());
    if (game.mode === 'edit' && ui.extra.size === 0 && ui.selected < 80) ui.selected += 1;
    render();
  }

  /** Up and down wrap within the column; left and right run on into the previous or next row. */
  function move(dr, dc, extend = false) {
    const cur = ui.selected < 0 ? 40 : ui.selected;
    const next = dc ? (cur + dc + 81) % 81 : ((Math.floor(cur / 9) + dr + 9) % 9) * 9 + (cur % 9);
    select(next, extend ? 'add' : 'replace');
  }

  function togglePencil() {
    if (game.mode !== 'play') return;
    ui.pencil = !ui.pencil;
    render();
  }

  function undo() { if (!game.undo()) render(); }
  function redo() { if (!game.redo()) render(); }

  // ---- solver ---------------------------------------------------------------------------------

  async function solve() {
    clear(el.solverMsg);
    const grid = textFromCells(game.playerGrid());
    let reply;
    try {
      reply = await task('solver', 'Solving…', 'sudoku.solve', { puzzle: grid });
    } catch (err) {
      if (isAbort(err)) { say(el.solverMsg, 'Cancelled.', 'info'); return; }
      ui.flagged = new Set(err.cells || []);
      render();
      say(el.solverMsg, err.message, 'error');
      return;
    }
    if (reply.solution) {
      if (game.values().every(Boolean) && !game.solved.some(Boolean)) {
        say(el.solverMsg, 'The board is already complete and correct.', 'success');
        return;
      }
      game.fillSolution(reply.solution);
      say(el.solverMsg, 'Solved: the solver\u2019s digits are shown in green. Undo hides them again.', 'success');
      return;
    }
    // No solution: say why, with the cells to look at.
    const wrong = game.mode === 'play' ? [...game.mistakes()] : [];
    if (wrong.length) {
      ui.flagged = new Set(wrong);
      say(el.solverMsg, `No solution with your digits: ${wrong.map(cellName).join(', ')} ${wrong.length === 1 ? 'does' : 'do'} not fit the puzzle (highlighted).`, 'error');
    } else {
      const dead = deadEnd(game.playerGrid());
      ui.flagged = new Set(dead ? dead.cells : []);
      say(el.solverMsg, dead ? `No solution: ${dead.message}` : 'No solution: these givens contradict each other a few steps in.', 'error');
    }
    render();
  }

  async function countSolutions() {
    clear(el.solverMsg);
    const limit = Number(el.limit.value);
    const grid = textFromCells(game.playerGrid());
    try {
      const { count } = await task('solver', `Counting solutions (up to ${limit.toLocaleString('en')})…`, 'sudoku.count', { puzzle: grid, limit }, {
        onProgress: (p) => `Counting solutions: ${Number(p.count).toLocaleString('en')} so far (up to ${limit.toLocaleString('en')})…`,
      });
      const n = Number(count);
      const text = n === 0 ? 'No solution.'
        : n === 1 ? 'Exactly one solution: a proper puzzle.'
          : n >= limit ? `At least ${n.toLocaleString('en')} solutions (counting stopped at the limit).`
            : `${n.toLocaleString('en')} solutions.`;
      say(el.solverMsg, text, n === 1 ? 'success' : n === 0 ? 'error' : 'info');
    } catch (err) {
      if (isAbort(err)) { say(el.solverMsg, 'Counting cancelled.', 'info'); return; }
      ui.flagged = new Set(err.cells || []);
      render();
      say(el.solverMsg, err.message, 'error');
    }
  }

  // ---- new games, rating ----------------------------------------------------------------------

  /** What the New game panel asks for: the engine's arguments and a phrase for messages; or an
   *  error sentence when the custom range is not a range. */
  function generateRequest() {
    const custom = ui.level === 'custom';
    const min = Number(el.min.value);
    const max = Number(el.max.value);
    const technique = custom ? el.technique.value : '';
    if (custom && !technique) {
      const given = el.min.value.trim() !== '' && el.max.value.trim() !== '' && Number.isFinite(min) && Number.isFinite(max);
      if (!given) return { error: 'Give both ends of the rating range, like 3.0 to 4.5.' };
      if (min < 1 || max > 12) return { error: `SE ratings run from 1.0 to 12.0: ${min.toFixed(1)} to ${max.toFixed(1)} goes outside them. Give a range like 3.0 to 4.5.` };
      if (min > max) return { error: `The range runs backwards (${min.toFixed(1)} to ${max.toFixed(1)}): give the lower rating first.` };
    }
    const level = custom ? `${min.toFixed(1)}–${max.toFixed(1)}` : ui.level;
    const what = technique ? `a puzzle whose hardest step is ${nameWithArticle(technique)}`
      : custom ? `a puzzle rated ${level}` : `a${/^[aeiou]/.test(level) ? 'n' : ''} ${level} puzzle`;
    const symmetry = el.symmetry.value;
    const seed = randomSeed();
    const args = technique ? { technique, symmetry, seed } : custom ? { min, max, symmetry, seed } : { level, symmetry, seed };
    return { args, level, what, technique };
  }

  async function generate() {
    clear(el.gameMsg);
    const { args, level, what, technique, error } = generateRequest();
    if (error) {
      say(el.gameMsg, error, 'error');
      return;
    }
    try {
      const reply = await task('game', `Generating ${what}…`, 'sudoku.generate', args, {
        onProgress: (p) => {
          const tries = p.attempts !== undefined ? ` ${Number(p.attempts).toLocaleString('en')} tries` : '';
          const best = typeof p.best === 'number' && p.best > 0 ? `, closest so far ${p.best.toFixed(1)}` : '';
          return `Generating ${what}…${tries}${best}`;
        },
      });
      const cells = cellsFromText(reply.puzzle);
      if (!cells) throw new Error('the generator returned a malformed puzzle');
      replaceGame('play', cells, { unique: true, meta: { source: 'generated', level: reply.level || level, rating: reply.rating, seed: reply.seed } });
      const built = technique && reply.hardest_name ? `, its hardest step ${nameWithArticle(reply.hardest_name)}` : '';
      say(el.gameMsg, `New ${reply.level || level} puzzle, rated ${Number(reply.rating).toFixed(1)}${built}. Good luck!`, 'success');
      if (ui.previous) say(el.boardMsg, 'New game started.', 'info', backButton());
      // On a phone the New game panel is below the board: the player is taken to the puzzle.
      if (!boardOnScreen()) showBoard();
      ensureSolution();
    } catch (err) {
      say(el.gameMsg, isAbort(err) ? 'Cancelled: your current game is unchanged.' : `Could not generate a puzzle: ${err.message}`, isAbort(err) ? 'info' : 'error');
    }
  }

  /** Print: the puzzle on the board alone (rated first if it has no rating yet), or four new
   *  puzzles of the level chosen under New game, generated side by side in the engine's workers. */
  async function printSheet() {
    clear(el.printMsg);
    const four = el.printLayout.value === '4';
    if (!four && (game.mode === 'edit' || !game.givens.some(Boolean))) {
      say(el.printMsg, 'Start the puzzle you entered (or load one) before printing it.', 'error');
      return;
    }
    const request = four ? generateRequest() : null;
    if (request?.error) {
      say(el.printMsg, request.error, 'error');
      return;
    }
    const busy = [...root.querySelectorAll('[data-section=print] button[data-action]')];
    let unrated = null;
    try {
      let puzzles;
      if (four) {
        let ready = 0;
        const label = `Generating four ${request.what.replace(/^an? /, '').replace(/^puzzle/, 'puzzles')} to print…`;
        const replies = await runners.print.run((signal, update) => Promise.all(
          [0, 1, 2, 3].map(() => engine.run('sudoku.generate', { ...request.args, seed: randomSeed() }, { signal })
            .then((r) => { update({ label: `${label} ${++ready} of 4 ready`, fraction: ready / 4 }); return r; })),
        ), { label, busy });
        if (replies === CANCELLED) throw new DOMException('The request was cancelled', 'AbortError');
        puzzles = replies.map((r) => ({ cells: cellsFromText(r.puzzle), level: r.level || request.level, rating: r.rating }));
      } else {
        let { rating, level } = game.meta;
        if (typeof rating !== 'number') {
          try {
            const r = await task('print', 'Rating the puzzle for its caption…', rateShared, { puzzle: textFromCells(game.givens) });
            ({ rating, level } = r);
          } catch (err) {
            if (isAbort(err)) throw err;
            // A puzzle without a rating (several solutions, say) still prints, uncaptioned.
            unrated = err.message;
            rating = level = null;
          }
        }
        puzzles = [{ cells: [...game.givens], level, rating }];
      }
      // The answer key: each puzzle's one solution (a puzzle with several has no answer to give).
      let answers = false;
      if (el.printAnswers.checked && !unrated) {
        // Milliseconds each: no progress to show.
        const solutions = await Promise.all(puzzles.map(async (p) => {
          const reply = await engine.run('sudoku.solve', { puzzle: textFromCells(p.cells) });
          return reply.solution ? cellsFromText(reply.solution) : null;
        }));
        if (solutions.every(Boolean)) {
          puzzles.forEach((p, i) => { p.solution = solutions[i]; });
          answers = true;
        }
      }
      printPuzzles(puzzles);
      const sent = four ? 'Four puzzles sent to the print dialog (A4, two by two)'
        : unrated ? `The puzzle was sent to the print dialog without a rating: ${unrated}` : 'The puzzle was sent to the print dialog';
      const key = answers ? ', with the answers on a second page'
        : el.printAnswers.checked ? '; no answers: a puzzle with more than one solution has no answer to give' : '';
      say(el.printMsg, `${sent}${key}.`, 'success');
    } catch (err) {
      say(el.printMsg, isAbort(err) ? 'Cancelled: nothing was printed.' : `Could not prepare the page: ${err.message}`, isAbort(err) ? 'info' : 'error');
    }
  }

  async function rate() {
    clear(el.helpMsg);
    const puzzle = textFromCells(game.givens);
    try {
      const r = await task('help', 'Rating the puzzle…', rateShared, { puzzle }, {
        onProgress: (p) => `Rating the puzzle… ${p.solved}/81 cells, hardest step so far ${p.hardest.toFixed(1)}`,
      });
      if (textFromCells(game.givens) === puzzle) {
        game.meta = { ...game.meta, rating: r.rating, level: r.level };
        render();
        scheduleSave();
      }
      // SE's three numbers: the hardest step (ER), up to the first placement (EP), and the
      // first step (ED); the bottleneck is where the path meets its hardest step.
      const n = (x) => Number(x).toFixed(1);
      if (!r.steps) { say(el.helpMsg, 'The givens fill the board: there is no step to rate.', 'info'); return; }
      const text = `Rating ${n(r.rating)} (${r.level}) · EP ${n(r.ep)} · ED ${n(r.ed)}. `
        + `Hardest step: ${r.hardest_name || r.hardest}, step ${r.bottleneck + 1} of ${r.steps}.`;
      // Why this rating: the player can go to the position just before that step and ask for it.
      const jump = r.before_bottleneck && game.mode === 'play' && r.bottleneck > 0
        ? messageAction('Go to the step before it', () => goToBottleneck(puzzle, r)) : null;
      say(el.helpMsg, text, 'info', jump);
    } catch (err) {
      say(el.helpMsg, isAbort(err) ? 'Cancelled.' : `Could not rate: ${err.message}`, isAbort(err) ? 'info' : 'error');
    }
  }

  /** Replays the path up to the step that set the rating, as one undo step, and asks for it. */
  function goToBottleneck(puzzle, r) {
    if (textFromCells(game.givens) !== puzzle || game.mode !== 'play') {
      say(el.helpMsg, 'The puzzle changed since it was rated: rate it again.', 'warning');
      return;
    }
    closeHint(false);
    game.goToPosition(r.before_bottleneck);
    say(el.helpMsg, `Moved to the position before step ${r.bottleneck + 1} (${r.hardest_name || r.hardest}). `
      + 'Undo takes you back to your game.', 'info');
    // The button sits in the panel; on a phone that is below the board, which now shows the step.
    showBoard();
    hint();
  }

  /** Whether the board is wholly in view, with its level and timer above it. */
  function boardOnScreen() {
    return onScreen(el.status) && onScreen(el.wrap);
  }

  /** Scrolls the board, with its level and timer, into view when any of it is hidden. */
  function showBoard() {
    if (boardOnScreen()) return;
    revealBoardFrom(el.status);
  }

  /**
   * Brings the board into view from the top of the page when it fits there (a title cut in
   * half under the header looks broken), else with `first` (what is above it that the player
   * needs) just under the header.
   */
  function revealBoardFrom(first) {
    const boardBottom = el.wrap.getBoundingClientRect().bottom + window.scrollY;
    if (boardBottom <= window.innerHeight) window.scrollTo({ top: 0 });
    else first.scrollIntoView({ block: 'start' });
  }

  // A puzzle without a rating gets one quietly in the background; any task the player starts
  // comes first (the worker runs one request at a time).
  async function backgroundRating() {
    if (disposed || game.mode !== 'play' || typeof game.meta.rating === 'number' || ui.rating) return;
    if (Object.values(runners).some((r) => r.running)) return;
    const puzzle = textFromCells(game.givens);
    if (ui.unratable === puzzle) return;
    const controller = new AbortController();
    ui.rating = controller;
    try {
      const r = await rater.rate(puzzle, { signal: controller.signal });
      if (!disposed && textFromCells(game.givens) === puzzle) {
        game.meta = { ...game.meta, rating: r.rating, level: r.level };
        render();
        scheduleSave();
      }
    } catch (err) {
      // Rating is optional (the Rate button reports errors); a puzzle that cannot be rated
      // (several solutions, or no engine yet) is not tried again.
      if (!isAbort(err)) ui.unratable = puzzle;
    } finally {
      if (ui.rating === controller) ui.rating = null;
    }
  }

  function stopBackgroundRating() {
    if (ui.rating) { ui.rating.abort(); ui.rating = null; }
  }

  // ---- hints ----------------------------------------------------------------------------------

  function closeHint(doRender = true) {
    ui.hint = null;
    el.hintBox.hidden = true;
    if (doRender) render();
  }

  /** Shows stage `stage` of the hint ladder for `step`: each stage gives away a little more. */
  function showHint(step, stage) {
    const named = stage !== 'look';
    ui.hint = { step, stage, region: hintRegion(step), missing: null };
    el.hintBox.hidden = false;
    el.hintTech.textContent = named ? `${playerName(step)}${typeof step.rating === 'number' ? ` · ${step.rating.toFixed(1)}` : ''}` : 'Where to look';
    root.querySelector('[data-role=hint-stage]').textContent = `hint ${STAGES.indexOf(stage) + 1} of ${STAGES.length}`;
    // The technique explained, one click away, once the hint has named it.
    const about = root.querySelector('[data-role=hint-about]');
    about.hidden = !step.about || !named;
    about.open = false;
    root.querySelector('[data-role=hint-about-title]').textContent = aboutTitle(step);
    root.querySelector('[data-role=hint-about-text]').textContent = step.about || '';
    el.hintText.textContent = stageSentence(step, stage);
    // The whole step may need candidates the player has not written: they are drawn apart from
    // the player's marks, and written only if the player applies the step.
    const notes = [];
    if (stage === 'show') {
      ui.hint.missing = missingCandidates(step, game.shownMarks(), stepCandidates(game));
      if (ui.hint.missing.some(Boolean)) notes.push('This step uses candidates you have not written: they are drawn in dashed circles. Your pencil marks change only if you apply it.');
      if ((step.blockers || []).length) {
        notes.push(step.technique === 'Naked Single' ? 'The circled digits are the ones that rule out its other digits.'
          : 'The circled digits are the ones that rule out the other places.');
      }
    }
    const note = root.querySelector('[data-role=hint-note]');
    note.textContent = notes.join(' ');
    note.hidden = !notes.length;
    // A long chain drawn at once is a tangle: it can be followed a link at a time, from the
    // assumption outwards.
    const chain = stage === 'show' ? chainLayers(step.links || []) : { layers: [], count: 0 };
    ui.hint.chain = chain.count >= CHAIN_WALK_FROM ? { ...chain, upTo: chain.count } : null;
    el.chainWalk.hidden = !ui.hint.chain;
    if (ui.hint.chain) showChainPosition();
    root.querySelector('[data-action=hint-next]').hidden = stage === 'show';
    root.querySelector('[data-action=hint-show]').hidden = stage === 'show' || stage === 'cells';
    root.querySelector('[data-action=hint-apply]').hidden = stage !== 'show';
    render();
  }

  /** Says how far along the chain the board shows, and which way the walk can go. */
  function showChainPosition() {
    const { upTo, count } = ui.hint.chain;
    root.querySelector('[data-role=chain-position]').textContent = upTo === count ? `All ${count} chain steps` : `Chain step ${upTo} of ${count}`;
    root.querySelector('[data-action=chain-back]').disabled = upTo <= 1;
    root.querySelector('[data-action=chain-forward]').disabled = upTo >= count;
    root.querySelector('[data-action=chain-all]').disabled = upTo === count;
  }

  /** Walks the chain on the board: `to(upTo)` gives the deepest layer to draw. */
  function walkChain(to) {
    const chain = ui.hint?.chain;
    if (!chain) return;
    const walk = el.chainWalk;
    const focused = walk.contains(document.activeElement) ? document.activeElement : null;
    chain.upTo = Math.max(1, Math.min(chain.count, to(chain.upTo)));
    showChainPosition();
    render();
    // The walk is walked from the keyboard too: a button that just turned off (an end of the
    // chain) hands focus to one that still works, not to the page.
    if (focused?.disabled) walk.querySelector('button:not(:disabled)')?.focus();
  }

  async function hint() {
    if (ui.hint && ui.hint.stage !== 'show') { showHint(ui.hint.step, nextStage(ui.hint.stage)); return; }
    // A second press while the step is being looked for waits for it (a hard step can take a
    // few seconds) instead of starting over.
    if (ui.lookingForHint) return;
    ui.lookingForHint = true;
    try {
      await lookForHint();
    } finally {
      ui.lookingForHint = false;
    }
  }

  async function lookForHint() {
    clear(el.hintMsg);
    closeHint(false);
    if (game.mode === 'play' && game.values().every(Boolean) && game.solved.some(Boolean)) {
      say(el.hintMsg, 'The solver has filled the board: Undo hides its digits, and then a hint shows your next step.', 'info');
      return;
    }
    const grid = textFromCells(game.playerGrid());
    // Real eliminations (auto-candidates, applied steps) go along, so the step starts from them.
    const candidatesNow = hintCandidates(game);
    const position = () => `${textFromCells(game.playerGrid())} ${hintCandidates(game)}`;
    const asked = position();
    try {
      // The givens let the engine tell a wrong digit from a merely unusual one.
      const args = { grid, puzzle: textFromCells(game.givens), ...(candidatesNow ? { candidates: candidatesNow } : {}) };
      const reply = await task('help', 'Looking for the next step…', 'sudoku.hint', args);
      if (position() !== asked) return; // the board changed meanwhile
      if (reply.kind === 'solved') { say(el.hintMsg, 'The puzzle is solved: nothing left to find.', 'success'); return; }
      if (reply.kind === 'mistake') {
        ui.flagged = new Set(reply.cells || []);
        render();
        say(el.hintMsg, reply.message || 'One of your digits is wrong.', 'error');
        return;
      }
      const step = reply.step;
      if (!step) { say(el.hintMsg, 'No step found.', 'info'); return; }
      showHint(step, 'look');
    } catch (err) {
      say(el.hintMsg, isAbort(err) ? 'Cancelled.' : `No hint: ${err.message}`, isAbort(err) ? 'info' : 'error');
    }
  }

  function hintOrApply() {
    return ui.hint && ui.hint.stage === 'show' ? applyHint() : hint();
  }

  /** Performs the hint's step as one undo step and outlines the cells it changed. */
  function applyHint() {
    if (!ui.hint) return;
    const step = ui.hint.step;
    closeHint(false);
    game.applyStep(step, game.auto ? null : stepCandidates(game));
    ui.changed = new Set([...(step.placements || []), ...(step.eliminations || [])].map((x) => x.cell));
    const placed = (step.placements || []).map((p) => `${p.digit} in ${cellName(p.cell)}`);
    const changes = [placed.length ? `places ${placed.join(', ')}` : '', effectSummary(step)].filter(Boolean).join('; ');
    say(el.hintMsg, `Applied the ${playerName(step).replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}: ${changes}. Undo takes it back.`, 'info');
    render();
  }

  // ---- wiring ---------------------------------------------------------------------------------

  const detachInput = attachInput(el.canvas, {
    select, digit: inputDigit, erase, blank, move, undo, redo, togglePencil,
    paste: (text) => loadText(text, el.boardMsg, { source: 'paste' }),
    hint: hintOrApply,
    escape: () => { if (ui.hint) closeHint(); else { ui.selected = -1; ui.extra = new Set(); render(); } },
    cellAt: (x, y) => board.cellAt(x, y),
  }, root);
  el.canvas.addEventListener('focus', () => { if (ui.selected < 0) select(0); });

  const actions = {
    start: async () => {
      const grid = textFromCells(game.givens);
      clear(el.boardMsg);
      try {
        const { solution } = await task('solver', 'Checking the puzzle…', 'sudoku.solve', { puzzle: grid });
        if (!solution) { say(el.boardMsg, 'This puzzle has no solution, so it cannot be played. Fix the givens first.', 'error'); return; }
        if (game.givens.every(Boolean)) { say(el.boardMsg, 'Every cell is a given: there is nothing left to play. Clear some cells first.', 'warning'); return; }
        const { count } = await task('solver', 'Checking uniqueness…', 'sudoku.count', { puzzle: grid, limit: 2 });
        if (textFromCells(game.givens) !== grid || game.mode !== 'edit') return; // edited meanwhile
        game.startPlaying({ solution, unique: count === 1, meta: { source: 'entered' } });
        if (count === 1) backgroundRating();
        game.resume();
        ui.selected = -1;
        render();
        saveNow();
        say(el.boardMsg, count === 1 ? 'Good luck!' : 'This puzzle has more than one solution; mistakes are checked against one of them.', count === 1 ? 'success' : 'info');
      } catch (err) {
        if (isAbort(err)) return;
        ui.flagged = new Set(err.cells || []);
        render();
        say(el.boardMsg, err.message, 'error');
      }
    },
    pause: () => setPaused(!ui.paused),
    undo, redo,
    restart: () => {
      if (game.mode !== 'play') return;
      if (game.change(() => { game.entries.fill(0); game.solved.fill(0); game.marks.fill(0); game.elim.fill(0); game.stepElim.fill(0); }, 'restart')) {
        say(el.gameMsg, 'Restarted: your digits and marks are cleared. Undo brings them back.', 'info');
      }
    },
    erase: () => erase(),
    pencil: togglePencil,
    // The toolbar's and the panel's Hint (and the H key) take the ladder one rung further and
    // apply the step at its last.
    'hint-quick': hintOrApply,
    hint: hintOrApply,
    'hint-show': () => { if (ui.hint) showHint(ui.hint.step, 'show'); },
    'hint-next': () => { if (ui.hint) showHint(ui.hint.step, nextStage(ui.hint.stage)); },
    'hint-apply': applyHint,
    'hint-close': () => closeHint(),
    'chain-back': () => walkChain((upTo) => upTo - 1),
    'chain-forward': () => walkChain((upTo) => upTo + 1),
    'chain-all': () => walkChain(() => Infinity),
    rate, generate, solve, count: countSolutions, print: printSheet,
    import: () => loadText(el.importBox.value, el.ioMsg, { source: 'import' }),
    export: async () => {
      const text = textFromCells(game.givens);
      el.importBox.value = text;
      await copy(text, 'Puzzle copied to the clipboard.');
    },
    share: async () => {
      const link = shareLink(textFromCells(game.givens));
      el.importBox.value = link;
      await copy(link, 'Share link copied: it opens this puzzle.');
    },
    blank: () => {
      replaceGame('edit', new Array(81).fill(0), { meta: { source: 'entered' } });
      ui.selected = 0;
      // The player types next: the entry bar with its Start button, and the board under it.
      render();
      revealBoardFrom(el.editBar);
      el.canvas.focus({ preventScroll: true });
      if (ui.previous) say(el.boardMsg, 'Your game is kept.', 'info', backButton());
    },
  };

  async function copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      say(el.ioMsg, done, 'success');
    } catch (_) {
      el.importBox.select();
      say(el.ioMsg, 'Copy the selected text above (the clipboard is not available here).', 'info');
    }
  }

  const onClick = (e) => {
    const btn = e.target.closest('button');
    if (!btn || !root.contains(btn)) return;
    if (btn.dataset.digit) {
      inputDigit(+btn.dataset.digit, false);
      el.canvas.focus({ preventScroll: true });
      return;
    }
    if (btn.dataset.level) {
      ui.level = btn.dataset.level;
      el.range.hidden = ui.level !== 'custom';
      // What was said about the previous choice (a custom range's error above all) is past.
      if (msg.game.level === 'error') clear(el.gameMsg);
      for (const b of root.querySelectorAll('[data-level]')) b.setAttribute('aria-pressed', String(b === btn));
      settings.level = ui.level;
      saveSettings(settings);
      return;
    }
    const action = actions[btn.dataset.action];
    if (action) {
      // The board keeps the keyboard: after a panel button the arrows and Ctrl+Z act on it
      // (the import box's own buttons leave focus where the text is, and the chain walk's
      // stay focused, to be pressed again).
      if (!['import', 'export', 'share', 'chain-back', 'chain-forward', 'chain-all'].includes(btn.dataset.action)) focusQuietly(el.canvas);
      action();
    }
  };
  root.addEventListener('click', onClick);

  // The browser's own Print (Ctrl+P) gets the same clean page of the puzzle on the board.
  const onBrowserPrint = () => {
    if (document.querySelector('.print-sheet') || !game.givens.some(Boolean)) return;
    printPuzzles([{ cells: [...game.givens], level: game.meta.level, rating: game.meta.rating }], { print: () => {} });
  };
  window.addEventListener('beforeprint', onBrowserPrint);

  const onSettings = () => {
    settings.checkMistakes = el.mistakes.checked;
    settings.limit = el.limit.value;
    settings.symmetry = el.symmetry.value;
    settings.min = el.min.value;
    settings.max = el.max.value;
    settings.technique = el.technique.value;
    settings.printLayout = el.printLayout.value;
    settings.printAnswers = el.printAnswers.checked;
    el.min.disabled = el.max.disabled = !!el.technique.value;
    saveSettings(settings);
    render();
  };
  el.mistakes.addEventListener('change', onSettings);
  el.limit.addEventListener('change', onSettings);
  el.symmetry.addEventListener('change', onSettings);
  el.printLayout.addEventListener('change', onSettings);
  el.printAnswers.addEventListener('change', onSettings);
  el.min.addEventListener('change', onSettings);
  el.max.addEventListener('change', onSettings);
  el.technique.addEventListener('change', onSettings);
  el.min.disabled = el.max.disabled = !!el.technique.value;
  el.auto.addEventListener('change', () => game.setAuto(el.auto.checked));
  el.importBox.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); actions.import(); }
  });

  // The hint sits in the Help panel beside the board on wide screens, under the board on phones
  // and beside the digit pad on a phone on its side (see sudoku.css).
  const narrow = matchMedia('(max-width: 820px), (orientation: landscape) and (max-height: 600px)');
  const placeHint = () => {
    const anchor = narrow.matches ? root.querySelector('.sudoku-tools') : root.querySelector('[data-section=help] .row');
    anchor.after(el.hintBox, root.querySelector('[data-task=help]'), el.hintMsg);
  };
  placeHint();
  narrow.addEventListener('change', placeHint);

  const stopTheme = onThemeChange(() => { board.refreshColors(); render(); });

  const onVisibility = () => {
    if (document.hidden) { game.pause(); saveNow(); } else if (!ui.paused) { game.resume(); }
  };
  document.addEventListener('visibilitychange', onVisibility);
  const onPageHide = () => { game.pause(); saveNow(); };
  window.addEventListener('pagehide', onPageHide);
  const ticker = setInterval(() => {
    if (game.runningSince !== null) updateTimer();
  }, 1000);
  const autosave = setInterval(() => { if (game.runningSince !== null) saveGame(game); }, 5000);

  // ---- start ----------------------------------------------------------------------------------

  const shared = sharedPuzzle();
  const { data: saved, notice: savedNotice } = loadGame();
  const restored = !!saved && game.load(saved);
  if (savedNotice) say(el.boardMsg, savedNotice, 'warning');
  // Saved data that reads as JSON but not as a game (damaged, or edited by hand) is said, as
  // unreadable data is, rather than replaced without a word.
  else if (saved && !restored) say(el.boardMsg, 'The saved game could not be read, so a new one was started.', 'warning');
  if (!restored || (game.isEmpty() && game.mode === 'play')) {
    game.reset('play', cellsFromText(WELCOME), { unique: true, meta: { source: 'welcome', level: 'easy' } });
  }
  game.resume();
  if (shared) {
    clearSharedPuzzle();
    const cells = cellsFromText(shared);
    if (cells && game.mode === 'play' && textFromCells(cells) === textFromCells(game.givens)) {
      say(el.boardMsg, 'Continuing your game of this shared puzzle.', 'info');
    } else {
      loadText(shared, el.boardMsg, { source: 'link' });
    }
  }
  render();
  checkEntry();
  if (!shared) saveNow();
  ensureSolution().then(() => { if (game.unique !== false) backgroundRating(); });

  return () => {
    disposed = true;
    clearTimeout(entryTimer);
    entryCheck?.abort();
    scope.dispose();
    stopBackgroundRating();
    rater.close();
    clearTimeout(ui.rateRetry);
    game.pause();
    saveNow();
    clearInterval(ticker);
    clearInterval(autosave);
    detachInput();
    board.destroy();
    stopTheme();
    root.removeEventListener('click', onClick);
    document.removeEventListener('visibilitychange', onVisibility);
    narrow.removeEventListener('change', placeHint);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('beforeprint', onBrowserPrint);
  };
}
