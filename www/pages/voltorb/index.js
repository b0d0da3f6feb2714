// The Voltorb Flip page: an assistant for the board in front of you (exact odds, safe and
// useless cards, the best move) and a faithful game to play, both driven by the wasm core.
import { parseClue, splitClueList } from './clues.js';

const N = 5;
const LINE_NAMES = ['row 1', 'row 2', 'row 3', 'row 4', 'row 5', 'column 1', 'column 2', 'column 3', 'column 4', 'column 5'];

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

const fmtMs = (ms) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);
const pct = (p) => (p <= 0 ? '0%' : p >= 0.9995 ? '100%' : p > 0 && p < 0.0005 ? '<0.1%' : `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`);

export function mount(root, { engine }) {
  const state = {
    mode: 'assist',
    // Assistant
    clueText: Array(10).fill(''),
    revealed: new Map(), // cell -> value
    level: '',
    weighting: 'game',
    undo: [],
    analysis: null,
    // Play
    game: null,
    history: [],
    coins: 0,
    hints: false,
    memoMode: false,
  };
  let controller = null;
  let picker = null;

  root.innerHTML = '';
  const modeBar = el('div', { class: 'row vf-modes', role: 'group', 'aria-label': 'Mode' });
  const assistBtn = el('button', { class: 'btn', type: 'button', 'aria-pressed': 'true', text: 'Assistant' });
  const playBtn = el('button', { class: 'btn', type: 'button', 'aria-pressed': 'false', text: 'Play' });
  modeBar.append(assistBtn, playBtn);
  root.append(el('h1', { class: 'page-title', text: 'Voltorb Flip' }), modeBar);

  const layout = el('div', { class: 'tool-layout' });
  const boardWrap = el('div', { class: 'vf-board-wrap' });
  const board = el('div', { class: 'vf-board', role: 'grid', 'aria-label': 'Voltorb Flip board' });
  const clueMsg = el('div', { class: 'message error vf-clue-msg', role: 'alert' });
  boardWrap.append(board, clueMsg);
  const side = el('div', { class: 'stack vf-side' });
  layout.append(boardWrap, side);
  root.append(layout);

  // ----- board cells -----
  const cards = [];
  const clueInputs = [];
  const clueViews = [];
  for (let r = 0; r <= N; r++) {
    for (let c = 0; c <= N; c++) {
      if (r < N && c < N) {
        const i = r * N + c;
        const b = el('button', { class: 'vf-card', type: 'button', 'data-cell': i, 'aria-label': `row ${r + 1}, column ${c + 1}` });
        cards.push(b);
        board.append(b);
      } else if (r === N && c === N) {
        board.append(el('div', { class: 'vf-corner' }));
      } else {
        const line = r === N ? N + c : r;
        const tile = el('div', { class: `vf-clue vf-line-${line % N}`, 'data-line': line });
        const input = el('input', {
          class: 'vf-clue-input', type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false',
          'aria-label': `${LINE_NAMES[line]} clue: sum and Voltorbs`, placeholder: 'Σ V', maxlength: '6', 'data-line': line,
        });
        const view = el('div', { class: 'vf-clue-view' });
        tile.append(input, view);
        clueInputs[line] = input;
        clueViews[line] = view;
        board.append(tile);
      }
    }
  }

  // ----- side panels -----
  const assistPanel = el('div', { class: 'panel stack' });
  const pasteInput = el('input', { class: 'vf-paste', type: 'text', placeholder: 'or paste all ten: 5 1, 4 2, …', 'aria-label': 'All ten clues at once' });
  const levelSel = el('select', { 'aria-label': 'Level' });
  levelSel.append(el('option', { value: '', text: 'Level unknown' }));
  for (let l = 1; l <= 8; l++) levelSel.append(el('option', { value: String(l), text: `Level ${l}` }));
  // Short labels so the select fits beside the level at any width; the title says the rest.
  const weightSel = el('select', {
    'aria-label': 'Weighting',
    title: 'Game odds weigh each board by how likely the game is to deal it; uniform weighs every consistent board equally',
  });
  weightSel.append(el('option', { value: 'game', text: 'Game odds' }), el('option', { value: 'uniform', text: 'Uniform odds' }));
  const undoBtn = el('button', { class: 'btn', type: 'button', text: 'Undo' });
  const clearBtn = el('button', { class: 'btn', type: 'button', text: 'Clear board' });
  const status = el('div', { class: 'vf-status', 'aria-live': 'polite' });
  const best = el('div', { class: 'message info vf-advice' });
  assistPanel.append(
    el('h2', { text: 'Your board' }),
    el('p', { class: 'vf-help', text: 'Type each clue as "sum Voltorbs" (e.g. 5 1) and press Tab or Enter: rows top to bottom, then columns left to right. Then click a card (or focus it and press 0–3) to record what it showed.' }),
    pasteInput,
    el('div', { class: 'row' }, levelSel, weightSel),
    el('div', { class: 'row' }, undoBtn, clearBtn),
    status, best,
    el('p', { class: 'vf-legend' }, el('span', { class: 'vf-key vf-key-safe', text: '✓' }), ' no Voltorb possible  ',
      el('span', { class: 'vf-key vf-key-useless', text: '–' }), ' only 0 or 1  ', el('span', { class: 'vf-key vf-key-best', text: '★' }), ' best move'),
  );

  const playPanel = el('div', { class: 'panel stack', hidden: true });
  const playInfo = el('div', { class: 'vf-play-info' });
  const playMsg = el('div', { class: 'message info vf-play-msg' });
  const newBtn = el('button', { class: 'btn btn-primary', type: 'button', text: 'Next round' });
  const quitBtn = el('button', { class: 'btn', type: 'button', text: 'Quit round' });
  const memoBtn = el('button', { class: 'btn', type: 'button', 'aria-pressed': 'false', text: 'Memo' });
  const hintBtn = el('button', { class: 'btn', type: 'button', 'aria-pressed': 'false', text: 'Hints' });
  const memoBar = el('div', { class: 'row vf-memo-bar', hidden: true });
  const memoFlags = [0, 1, 2, 3].map((v) => {
    const b = el('button', { class: 'btn vf-memo-flag', type: 'button', 'aria-pressed': v === 0 ? 'true' : 'false', 'data-flag': v, text: v === 0 ? '◎ Voltorb' : `${v}` });
    memoBar.append(b);
    return b;
  });
  let memoFlag = 0;
  playPanel.append(el('h2', { text: 'Play' }), playInfo, el('div', { class: 'row' }, newBtn, quitBtn),
    el('div', { class: 'row' }, memoBtn, hintBtn), memoBar, playMsg,
    el('p', { class: 'vf-help', text: 'Flip every 2 and 3 without hitting a Voltorb. The first card sets your coins, each later card multiplies them. Memo marks the cards you suspect, as in the game.' }));
  side.append(assistPanel, playPanel);

  // ----- assistant logic -----
  function snapshot() {
    return { clueText: [...state.clueText], revealed: new Map(state.revealed) };
  }
  function pushUndo() {
    state.undo.push(snapshot());
    if (state.undo.length > 200) state.undo.shift();
  }
  function restore(s) {
    state.clueText = s.clueText;
    state.revealed = s.revealed;
    clueInputs.forEach((inp, i) => { inp.value = state.clueText[i]; });
    analyse();
  }

  function parsedClues() {
    const rows = [];
    const cols = [];
    const errors = [];
    let empty = 0;
    state.clueText.forEach((t, i) => {
      const p = parseClue(t);
      clueInputs[i].classList.toggle('invalid', !!p.error);
      if (p.empty) empty++;
      else if (p.error) errors.push({ line: i, text: `${LINE_NAMES[i]}: ${p.error}` });
      else (i < N ? rows : cols)[i % N] = p.value;
    });
    return { rows, cols, errors, empty };
  }

  function markLineFromMessage(msg) {
    const m = msg.match(/^(row|column) (\d)/);
    clueInputs.forEach((inp) => inp.classList.remove('invalid-line'));
    if (m) {
      const line = (m[1] === 'row' ? 0 : N) + Number(m[2]) - 1;
      clueInputs[line]?.classList.add('invalid-line');
    }
  }

  async function analyse() {
    renderAssist();
    if (controller) controller.abort();
    controller = null;
    const { rows, cols, errors, empty } = parsedClues();
    clueMsg.textContent = errors.map((e) => e.text).join(' · ');
    markLineFromMessage('');
    state.analysis = null;
    if (errors.length || empty) {
      status.textContent = empty ? `Enter the ${empty === 10 ? 'ten' : empty} missing clue${empty === 1 ? '' : 's'}.` : '';
      best.textContent = '';
      renderAssist();
      return;
    }
    const revealed = [...state.revealed].map(([cell, v]) => [Math.floor(cell / N), cell % N, v]);
    const args = { rows, cols, revealed, weighting: state.weighting };
    if (state.level) args.level = Number(state.level);
    controller = new AbortController();
    const mine = controller;
    status.textContent = 'Working…';
    status.classList.add('vf-working');
    try {
      const t0 = performance.now();
      // Odds first (milliseconds), then the best-move search, which can take a moment.
      const odds = await engine.run('voltorb.analyze', { ...args, best: false }, { signal: mine.signal });
      if (mine !== controller) return;
      state.analysis = odds;
      const oddsMs = performance.now() - t0;
      const lv = odds.levels.length === 0 ? 'any board' : odds.levels.length === 1 ? `level ${odds.levels[0]}` : `levels ${odds.levels.join(', ')}`;
      const boardsText = `${odds.boards.toLocaleString()} possible board${odds.boards === 1 ? '' : 's'} (${lv})`;
      status.textContent = `${boardsText} · odds ${fmtMs(oddsMs)} · searching for the best move…`;
      best.textContent = '';
      renderAssist();
      const t1 = performance.now();
      const a = await engine.run('voltorb.analyze', args, { signal: mine.signal });
      if (mine !== controller) return;
      state.analysis = a;
      status.textContent = `${boardsText} · odds ${fmtMs(oddsMs)} · best move ${fmtMs(performance.now() - t1)}`;
      if (a.best) {
        best.textContent = `Best move: row ${a.best.row + 1}, column ${a.best.col + 1} — ${pct(a.best.win)} to clear the board${a.best.exact ? '' : ' (approximate: search budget reached, a lower bound)'}`;
      } else if (a.win !== null && a.win !== undefined) {
        best.textContent = a.win >= 0.9999 ? 'Board cleared: nothing left to find.' : `Win probability ${pct(a.win)}`;
      } else best.textContent = '';
    } catch (err) {
      if (err.name === 'AbortError') return;
      clueMsg.textContent = err.message;
      markLineFromMessage(err.message);
      status.textContent = '';
      best.textContent = '';
    } finally {
      if (mine === controller) status.classList.remove('vf-working');
    }
    renderAssist();
  }

  function renderAssist() {
    const a = state.analysis;
    const safe = new Set((a?.safe || []).map(([r, c]) => r * N + c));
    const useless = new Set((a?.useless || []).map(([r, c]) => r * N + c));
    const bestCell = a?.best ? a.best.row * N + a.best.col : -1;
    cards.forEach((b, i) => {
      const v = state.revealed.get(i);
      b.className = 'vf-card';
      b.textContent = '';
      b.removeAttribute('style');
      const label = `row ${Math.floor(i / N) + 1}, column ${(i % N) + 1}`;
      if (v !== undefined) {
        b.classList.add('vf-up', `vf-v${v}`);
        b.append(el('span', { class: 'vf-face', text: v === 0 ? '' : String(v) }));
        b.setAttribute('aria-label', `${label}: ${v === 0 ? 'Voltorb' : v}`);
        return;
      }
      if (!a) { b.setAttribute('aria-label', `${label}: hidden`); return; }
      const p = a.p[Math.floor(i / N)][i % N];
      const p0 = p[0];
      b.style.setProperty('--risk', p0.toFixed(3));
      b.classList.add('vf-odds');
      if (safe.has(i)) b.classList.add('vf-safe');
      if (useless.has(i)) b.classList.add('vf-useless');
      if (i === bestCell) b.classList.add('vf-best');
      b.append(
        el('span', { class: 'vf-p0', text: pct(p0) }),
        el('span', { class: 'vf-pm', text: `×2/3 ${pct(p[2] + p[3])}` }),
      );
      if (p0 >= 0.9995) b.classList.add('vf-sure-voltorb');
      b.setAttribute('aria-label', `${label}: Voltorb ${pct(p0)}, 2 or 3 ${pct(p[2] + p[3])}${safe.has(i) ? ', safe' : ''}${useless.has(i) ? ', only 0 or 1' : ''}${i === bestCell ? ', best move' : ''}`);
    });
    clueInputs.forEach((inp) => { inp.hidden = false; });
    clueViews.forEach((v) => { v.hidden = true; });
  }

  function setCard(cell, value) {
    const cur = state.revealed.get(cell);
    if (cur === value) return;
    pushUndo();
    if (value === null) state.revealed.delete(cell); else state.revealed.set(cell, value);
    analyse();
  }

  function closePicker() {
    if (picker) { picker.remove(); picker = null; }
  }
  function openPicker(cell) {
    closePicker();
    const card = cards[cell];
    picker = el('div', { class: 'vf-picker', role: 'menu', 'aria-label': 'What did the card show?' });
    const opts = [[0, 'Voltorb'], [1, '1'], [2, '2'], [3, '3'], [null, 'Hidden']];
    for (const [v, t] of opts) {
      const b = el('button', { class: 'btn', type: 'button', role: 'menuitem', 'data-value': v === null ? 'hide' : v, text: t });
      b.addEventListener('click', (e) => { e.stopPropagation(); closePicker(); setCard(cell, v); cards[cell].focus(); });
      picker.append(b);
    }
    boardWrap.append(picker);
    const br = board.getBoundingClientRect();
    const cr = card.getBoundingClientRect();
    picker.style.left = `${Math.max(0, Math.min(cr.left - br.left, br.width - picker.offsetWidth))}px`;
    picker.style.top = `${cr.bottom - br.top + 4}px`;
    picker.querySelector('button')?.focus();
  }

  // ----- play logic -----
  function randomSeed() {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    return a[0] * 2 ** 21 + (a[1] >>> 11);
  }

  async function newRound() {
    try {
      const g = await engine.run('voltorb.generate', { history: state.history.slice(-5), seed: randomSeed() });
      state.game = {
        ...g,
        cells: g.board.flat(),
        flipped: new Set(),
        memo: Array.from({ length: 25 }, () => new Set()),
        payout: 0,
        over: null,
        flippedCount: 0,
        multipliers: g.board.flat().filter((v) => v >= 2).length,
        found: 0,
      };
      playMsg.className = 'message info vf-play-msg';
      playMsg.textContent = `Level ${g.level}. Find the ${state.game.multipliers} multiplier cards.`;
      renderPlay();
      if (state.hints) hint();
    } catch (err) {
      playMsg.className = 'message error vf-play-msg';
      playMsg.textContent = err.message;
    }
  }

  function endRound(outcome) {
    const g = state.game;
    if (!g || g.over) return;
    g.over = outcome;
    if (outcome !== 'lost') state.coins = Math.min(50000, state.coins + g.payout);
    state.history.push({ level: g.level, outcome, flipped: g.flippedCount });
    g.played = new Set(g.flipped);
    for (let i = 0; i < 25; i++) g.flipped.add(i);
    playMsg.className = `message ${outcome === 'lost' ? 'error' : 'success'} vf-play-msg`;
    playMsg.textContent = outcome === 'won' ? `Cleared! +${g.payout} coins.` : outcome === 'lost' ? 'Voltorb! The round pays nothing.' : `You quit with ${g.payout} coins.`;
    renderPlay();
  }

  function flip(cell) {
    const g = state.game;
    if (!g || g.over || g.flipped.has(cell)) return;
    if (state.memoMode) {
      const m = g.memo[cell];
      if (m.has(memoFlag)) m.delete(memoFlag); else m.add(memoFlag);
      renderPlay();
      return;
    }
    g.flipped.add(cell);
    g.memo[cell].clear();
    const v = g.cells[cell];
    if (v === 0) { endRound('lost'); return; }
    g.flippedCount++;
    g.payout = g.payout === 0 ? v : Math.min(50000, g.payout * v);
    if (v >= 2) g.found++;
    if (g.found === g.multipliers) { endRound('won'); return; }
    renderPlay();
    if (state.hints) hint();
  }

  async function hint() {
    const g = state.game;
    if (!g || g.over || !state.hints) return;
    if (controller) controller.abort();
    controller = new AbortController();
    const mine = controller;
    const revealed = [...g.flipped].map((c) => [Math.floor(c / N), c % N, g.cells[c]]);
    try {
      const a = await engine.run('voltorb.analyze', { rows: g.rows, cols: g.cols, revealed, level: g.level, weighting: 'game' }, { signal: mine.signal });
      if (mine !== controller || state.game !== g) return;
      g.analysis = a;
      renderPlay();
    } catch (err) {
      if (err.name !== 'AbortError') { playMsg.className = 'message error vf-play-msg'; playMsg.textContent = err.message; }
    }
  }

  function renderPlay() {
    const g = state.game;
    clueInputs.forEach((inp) => { inp.hidden = true; });
    clueViews.forEach((v, line) => {
      v.hidden = false;
      v.textContent = '';
      if (!g) return;
      const [s, n] = line < N ? g.rows[line] : g.cols[line - N];
      v.append(el('span', { class: 'vf-clue-sum', text: String(s).padStart(2, '0') }), el('span', { class: 'vf-clue-v' }, el('span', { class: 'vf-voltorb-icon', 'aria-hidden': 'true' }), document.createTextNode(String(n))));
      v.setAttribute('aria-label', `${LINE_NAMES[line]}: sum ${s}, ${n} Voltorb${n === 1 ? '' : 's'}`);
    });
    const a = state.hints && g && !g.over ? g.analysis : null;
    const bestCell = a?.best ? a.best.row * N + a.best.col : -1;
    cards.forEach((b, i) => {
      b.className = 'vf-card';
      b.textContent = '';
      b.removeAttribute('style');
      const label = `row ${Math.floor(i / N) + 1}, column ${(i % N) + 1}`;
      if (!g) { b.setAttribute('aria-label', label); return; }
      if (g.flipped.has(i)) {
        const v = g.cells[i];
        b.classList.add('vf-up', `vf-v${v}`);
        if (g.over && !g.played.has(i)) b.classList.add('vf-after');
        if (g.over === 'lost' && v === 0 && g.played.has(i)) b.classList.add('vf-hit');
        b.append(el('span', { class: 'vf-face', text: v === 0 ? '' : String(v) }));
        b.setAttribute('aria-label', `${label}: ${v === 0 ? 'Voltorb' : v}`);
        return;
      }
      for (const f of g.memo[i]) b.append(el('span', { class: `vf-memo vf-memo-${f}`, text: f === 0 ? '' : String(f) }));
      if (a) {
        const p = a.p[Math.floor(i / N)][i % N];
        b.classList.add('vf-hint');
        b.style.setProperty('--risk', p[0].toFixed(3));
        b.append(el('span', { class: 'vf-p0', text: pct(p[0]) }));
        if (i === bestCell) b.classList.add('vf-best');
      }
      b.setAttribute('aria-label', `${label}: face down${g.memo[i].size ? `, memo ${[...g.memo[i]].join(' ')}` : ''}`);
    });
    const lvl = g ? g.level : '–';
    playInfo.textContent = '';
    playInfo.append(
      el('div', {}, el('span', { class: 'vf-k', text: 'Level ' }), el('strong', { class: 'vf-level', text: String(lvl) })),
      el('div', {}, el('span', { class: 'vf-k', text: 'This round ' }), el('strong', { class: 'vf-payout', text: String(g ? g.payout : 0) })),
      el('div', {}, el('span', { class: 'vf-k', text: 'Coins ' }), el('strong', { class: 'vf-coins', text: String(state.coins) })),
    );
    if (a && a.best) playInfo.append(el('div', { class: 'vf-k', text: `Hint: row ${a.best.row + 1}, column ${a.best.col + 1} (${pct(a.best.win)} to clear)` }));
    quitBtn.disabled = !g || !!g.over;
    newBtn.textContent = !g ? 'Deal a board' : 'Next round';
    newBtn.disabled = !!g && !g.over;
  }

  function setMode(mode) {
    state.mode = mode;
    closePicker();
    if (controller) controller.abort();
    controller = null;
    assistBtn.setAttribute('aria-pressed', String(mode === 'assist'));
    playBtn.setAttribute('aria-pressed', String(mode === 'play'));
    assistPanel.hidden = mode !== 'assist';
    playPanel.hidden = mode !== 'play';
    clueMsg.textContent = '';
    board.classList.toggle('vf-playing', mode === 'play');
    if (mode === 'assist') analyse();
    else { renderPlay(); if (!state.game) newRound(); }
  }

  // ----- events -----
  const listeners = [];
  const on = (t, type, fn) => { t.addEventListener(type, fn); listeners.push([t, type, fn]); };

  on(assistBtn, 'click', () => setMode('assist'));
  on(playBtn, 'click', () => setMode('play'));
  clueInputs.forEach((inp, line) => {
    on(inp, 'focus', () => { inp.dataset.before = inp.value; });
    on(inp, 'input', () => {
      const list = splitClueList(inp.value);
      if (list && line === 0) { fillAll(list); return; }
      state.clueText[line] = inp.value;
      analyse();
    });
    on(inp, 'change', () => {
      if (inp.dataset.before !== inp.value) {
        const snap = snapshot();
        snap.clueText[line] = inp.dataset.before || '';
        state.undo.push(snap);
        inp.dataset.before = inp.value;
      }
    });
    on(inp, 'keydown', (e) => {
      if (e.key === 'Tab' || e.key === 'Enter') {
        const next = line + (e.shiftKey ? -1 : 1);
        if (next >= 0 && next < 10) {
          e.preventDefault();
          clueInputs[next].focus();
          clueInputs[next].select();
        } else if (e.key === 'Enter') {
          e.preventDefault();
          cards[0].focus();
        }
      }
    });
  });
  function fillAll(list) {
    pushUndo();
    state.clueText = list;
    clueInputs.forEach((inp, i) => { inp.value = list[i]; inp.dataset.before = list[i]; });
    analyse();
  }
  on(pasteInput, 'change', () => {
    const list = splitClueList(pasteInput.value);
    if (!list) { clueMsg.textContent = 'Paste twenty numbers: sum and Voltorbs for rows 1–5, then columns 1–5.'; return; }
    pasteInput.value = '';
    fillAll(list);
  });
  on(levelSel, 'change', () => { state.level = levelSel.value; analyse(); });
  on(weightSel, 'change', () => { state.weighting = weightSel.value; analyse(); });
  on(undoBtn, 'click', () => { const s = state.undo.pop(); if (s) restore(s); });
  on(clearBtn, 'click', () => { pushUndo(); state.revealed = new Map(); analyse(); });

  on(board, 'click', (e) => {
    const card = e.target.closest('.vf-card');
    if (!card) return;
    const cell = Number(card.dataset.cell);
    if (state.mode === 'assist') openPicker(cell); else flip(cell);
  });
  on(board, 'keydown', (e) => {
    const card = e.target.closest('.vf-card');
    if (!card) return;
    const cell = Number(card.dataset.cell);
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -N, ArrowDown: N };
    if (moves[e.key] !== undefined) {
      const next = cell + moves[e.key];
      if (next >= 0 && next < 25 && !(Math.abs(moves[e.key]) === 1 && Math.floor(next / N) !== Math.floor(cell / N))) cards[next].focus();
      e.preventDefault();
    } else if (state.mode === 'assist' && /^[0-3]$/.test(e.key)) {
      setCard(cell, Number(e.key));
      e.preventDefault();
    } else if (state.mode === 'assist' && (e.key === 'Backspace' || e.key === 'Delete')) {
      setCard(cell, null);
      e.preventDefault();
    }
  });
  on(document, 'keydown', (e) => {
    if (e.key === 'Escape') closePicker();
    if ((e.ctrlKey || e.metaKey) && e.key === 'z' && state.mode === 'assist' && !(e.target instanceof HTMLInputElement)) {
      const s = state.undo.pop();
      if (s) { e.preventDefault(); restore(s); }
    }
  });
  on(document, 'pointerdown', (e) => { if (picker && !picker.contains(e.target) && !e.target.closest('.vf-card')) closePicker(); });
  on(newBtn, 'click', () => newRound());
  on(quitBtn, 'click', () => endRound('quit'));
  on(memoBtn, 'click', () => {
    state.memoMode = !state.memoMode;
    memoBtn.setAttribute('aria-pressed', String(state.memoMode));
    memoBar.hidden = !state.memoMode;
  });
  memoFlags.forEach((b, f) => on(b, 'click', () => {
    memoFlag = f;
    memoFlags.forEach((x, j) => x.setAttribute('aria-pressed', String(j === f)));
  }));
  on(hintBtn, 'click', () => {
    state.hints = !state.hints;
    hintBtn.setAttribute('aria-pressed', String(state.hints));
    if (state.hints) hint(); else renderPlay();
  });

  setMode('assist');
  clueInputs[0].focus();

  return () => {
    if (controller) controller.abort();
    closePicker();
    for (const [t, type, fn] of listeners) t.removeEventListener(type, fn);
  };
}
