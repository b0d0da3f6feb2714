// The Voltorb Flip page: an assistant for the board in front of you (exact odds, safe and
// useless cards, the best move) and a faithful game to play, both driven by the wasm core.
//
// Everything the user entered or played — clues, revealed cards, level, weighting, undo steps,
// the round in play, coins and the rounds that set the next level — is saved after each change
// (storage.js) and comes back on return. Rounds are plain data (round.js); cards.js draws them.
import { Scope, finder } from '../../ui/dom.js';
import { Messages, messageAction } from '../../ui/messages.js';
import { TaskRunner, CANCELLED } from '../../ui/task.js';
import { keepFocusHome, focusQuietly } from '../../ui/focus.js';
import { placeOf, markInvalid, clearInvalid } from '../../ui/errors.js';
import { toggleGroup } from '../../ui/toggle.js';
import { randomSeed } from '../../ui/seed.js';
import { parseClue, splitClueList } from './clues.js';
import { template, LINE_NAMES, cardName } from './template.js';
import { drawAssistCards, drawPlayCards, drawClueViews, percent } from './cards.js';
import { loadState, saveState, UNDO_KEPT } from './storage.js';
import { ExactAnswers, isExact } from './answers.js';
import { analyzeBest } from './best-move.js';
import { teamPossible } from '../../search-team.js';
import { SIZE, CARDS, HISTORY_KEPT, newRound, flip, toggleMemo, end, settle, revealedOf, found, winnings } from './round.js';

const formatMs = (ms) => (ms < 10 ? `${ms.toFixed(1)} ms` : ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

export function mount(root, { engine }) {
  root.innerHTML = template();
  const scope = new Scope();
  const { $, $$ } = finder(root);
  const board = $('.vf-board');
  const cards = $$('.vf-card');
  const clueInputs = $$('.vf-clue-input');
  const clueViews = $$('.vf-clue-view');
  const el = {
    level: $('[data-role=level]'), weighting: $('[data-role=weighting]'), objective: $('[data-role=objective]'), paste: $('[data-role=paste]'),
    status: $('[data-role=status]'), playInfo: $('[data-role=play-info]'), memoBar: $('[data-role=memo-bar]'),
    next: $('[data-action=next-round]'), quit: $('[data-action=quit]'), memo: $('[data-action=memo]'), hints: $('[data-action=hints]'),
    coach: $('[data-action=coach]'), why: $('[data-role=why]'), whyBody: $('[data-role=why-body]'),
  };
  const messages = new Messages();
  const boardMsg = messages.slot($('[data-msg=board]'));
  const pasteMsg = messages.slot($('[data-msg=paste]'));
  const adviceMsg = messages.slot($('[data-msg=advice]'));
  const quitMsg = messages.slot($('[data-msg=quit]'));
  const playMsg = messages.slot($('[data-msg=play]'), { about: 'session' });
  const coachMsg = messages.slot($('[data-msg=coach]'), { about: 'session' });
  const coachSummaryMsg = messages.slot($('[data-msg=coach-summary]'), { about: 'session' });
  const search = new TaskRunner($('[data-task=best]'), { scope, home: () => lastCard() });
  const answers = new ExactAnswers();
  const hints = new TaskRunner($('[data-task=hint]'), { scope, home: () => lastCard() });

  /** Runs `work()` while `update` shows `label` and the seconds it has taken so far. */
  async function withElapsed(update, label, work) {
    const started = performance.now();
    const tick = setInterval(() => update(`${label}… ${Math.round((performance.now() - started) / 1000)} s`), 1000);
    try {
      return await work();
    } finally {
      clearInterval(tick);
    }
  }

  const { state, notice } = loadState();
  const assist = state.assist;
  const play = state.play;
  let revealed = new Map(assist.revealed.map(([cell, value]) => [cell, value]));
  let analysis = null;
  let faultyCard = -1;
  let hintAnalysis = null;
  let memoMode = false;
  let memoFlag = 0;
  let picker = null;
  let focusedCard = 0;

  const lastCard = () => cards[focusedCard];
  keepFocusHome(root, () => (state.mode === 'assist' && clueInputs.some((i) => i.value === '') ? clueInputs.find((i) => i.value === '') : lastCard()), scope);

  function save() {
    assist.revealed = [...revealed];
    saveState(state);
  }

  // ---- the assistant ------------------------------------------------------------------------

  function snapshot() {
    return { clueText: [...assist.clueText], revealed: [...revealed] };
  }

  function pushUndo(snap = snapshot()) {
    assist.undo.push(snap);
    if (assist.undo.length > UNDO_KEPT) assist.undo.shift();
  }

  function undo() {
    const snap = assist.undo.pop();
    if (!snap) return false;
    assist.clueText = snap.clueText;
    revealed = new Map(snap.revealed);
    clueInputs.forEach((input, line) => { input.value = assist.clueText[line]; });
    analyse();
    return true;
  }

  /** The clues as the core wants them, or the problems of the ones that are not clues. */
  function readClues() {
    const rows = [];
    const cols = [];
    const problems = [];
    let missing = 0;
    assist.clueText.forEach((text, line) => {
      const parsed = parseClue(text);
      const input = clueInputs[line];
      if (parsed.error) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (parsed.empty) missing++;
      else if (parsed.error) problems.push(`${LINE_NAMES[line]}: ${parsed.error}`);
      else (line < SIZE ? rows : cols)[line % SIZE] = parsed.value;
    });
    return { rows, cols, problems, missing };
  }

  /** Marks what an error from the core is about: a clue line, a card, the level or weighting. */
  function markError(err) {
    const { field, index, card } = placeOf(err);
    if ((field === 'rows' || field === 'cols') && Number.isInteger(index)) {
      clueInputs[(field === 'rows' ? 0 : SIZE) + index]?.setAttribute('aria-invalid', 'true');
    }
    faultyCard = field === 'revealed' && card ? card.row * SIZE + card.col : -1;
    markInvalid(err, { level: el.level, weighting: el.weighting });
  }

  function drawAssist() {
    drawAssistCards(cards, { revealed, analysis, faulty: faultyCard });
  }

  const coins = (n) => `${n >= 100 ? Math.round(n).toLocaleString('en-US') : (Math.round(n * 10) / 10).toLocaleString('en-US')} coin${n === 1 ? '' : 's'}`;
  const levelText = (l) => (l == null ? '' : `level ${l}`);

  /** Quit or play on: the coins each way and what it means for the next round's level. */
  function showQuitAdvice(full) {
    const quit = full.quit;
    const on = full.continue;
    if (!quit || !on || full.win >= 0.9999) return;
    const next = (l) => (l == null ? '' : ` (next round ${levelText(l)})`);
    const onLevels = on.level_next == null ? ''
      : ` (next round ${levelText(on.level_next)} if you clear it, ${levelText(on.level_next_if_voltorb)} on a Voltorb)`;
    const verdict = on.better ? 'Playing on pays more on average.' : 'Quitting pays more on average.';
    const about = on.exact ? '' : 'at least ';
    quitMsg.show(`Quit now: keep ${coins(quit.coins)}${next(quit.level_next)}. Play on for coins: ${about}${coins(on.coins)} expected, ${percent(on.win)} to clear${onLevels}. ${verdict}`,
      on.better ? 'info' : 'warning');
  }

  /** The reasons: what the best card tells, why each safe card is safe, the boards left. */
  function showWhy(full) {
    const e = full.explain;
    const body = [];
    const para = (text, className = 'vf-why-text') => {
      const p = document.createElement('p');
      p.className = className;
      p.textContent = text;
      return p;
    };
    if (e.best) body.push(para(e.best));
    if (e.safe.length) {
      // Cards with the same reason are listed together.
      const byReason = new Map();
      for (const s of e.safe) byReason.set(s.why, [...(byReason.get(s.why) || []), `row ${s.row + 1}, column ${s.col + 1}`]);
      const list = document.createElement('ul');
      list.className = 'vf-why-list';
      for (const [why, where] of byReason) {
        const li = document.createElement('li');
        li.textContent = `${where.join('; ')}: safe, because ${why}.`;
        list.append(li);
      }
      body.push(para('Cards that cannot be a Voltorb:', 'vf-why-head'), list);
    }
    if (e.configs.length) {
      const list = document.createElement('ul');
      list.className = 'vf-why-list';
      const plural = (n, one) => `${n} ${one}${n === 1 ? '' : 's'}`;
      for (const c of e.configs.slice(0, 8)) {
        const li = document.createElement('li');
        li.textContent = `${c.level ? `Level ${c.level}: ` : ''}${plural(c.voltorbs, 'Voltorb')} · 2s: ${c.twos} · 3s: ${c.threes} — ${percent(c.p)}`;
        list.append(li);
      }
      body.push(para('Boards this could be:', 'vf-why-head'), list);
    }
    el.whyBody.replaceChildren(...body);
    el.why.hidden = body.length === 0;
  }

  function analyse() {
    closePicker();
    save();
    analysis = null;
    faultyCard = -1;
    clearInvalid({ level: el.level, weighting: el.weighting });
    const { rows, cols, problems, missing } = readClues();
    search.cancel();
    adviceMsg.clear();
    quitMsg.clear();
    el.why.hidden = true;
    el.status.classList.remove('vf-working');
    if (problems.length) boardMsg.show(problems.join(' · '), 'error');
    else boardMsg.clear();
    if (problems.length || missing) {
      el.status.textContent = missing && !problems.length
        ? `Enter the ${missing === 10 ? 'ten' : missing} missing clue${missing === 1 ? '' : 's'}.` : '';
      drawAssist();
      return;
    }
    const args = {
      rows, cols, weighting: assist.weighting, objective: assist.objective,
      revealed: [...revealed].map(([cell, value]) => [Math.floor(cell / SIZE), cell % SIZE, value]),
      ...(assist.level ? { level: Number(assist.level) } : {}),
    };
    drawAssist();
    el.status.classList.add('vf-working');
    el.status.textContent = 'Working out the odds…';
    let summary = '';
    const shown = search.run(async (signal, update) => {
      // Odds first (milliseconds), then the best-move search, which can take a moment.
      const started = performance.now();
      const odds = await engine.voltorb.analyze({ ...args, best: false }, { signal });
      analysis = odds;
      const levels = odds.levels.length === 0 ? 'any board' : odds.levels.length === 1 ? `level ${odds.levels[0]}` : `levels ${odds.levels.join(', ')}`;
      summary = `${odds.boards.toLocaleString()} possible board${odds.boards === 1 ? '' : 's'} (${levels}) · odds ${formatMs(performance.now() - started)}`;
      el.status.textContent = `${summary} · searching for the best move…`;
      drawAssist();
      // A board met before whose answer took a while (or was searched to the end) is answered
      // from what was kept.
      const kept = answers.find(args);
      if (kept) return { ...kept, kept: true };
      update('Searching for the best move…');
      const searchStarted = performance.now();
      const full = await withElapsed(update, 'Searching for the best move', () => analyzeBest(engine, args, { signal }));
      const ms = performance.now() - searchStarted;
      answers.keep(args, full, ms);
      return { full, ms };
    }, { label: 'Working out the odds…' });
    showBest(shown, args, () => summary, null);
  }

  /**
   * Searches the best move again with a budget large enough for every board we have met (about
   * half a minute on the hardest). Shared by the pool's workers when the page can share memory
   * (the team's table is a fixed buffer); else on a worker of its own that is closed afterwards:
   * alone, such a search takes a few hundred MB, which a pool worker would keep.
   */
  function searchToTheEnd(args, summary, before) {
    adviceMsg.clear();
    el.status.classList.add('vf-working');
    el.status.textContent = `${summary} · searching to the end…`;
    const shown = search.run(async (signal, update) => {
      const worker = teamPossible(engine) ? null : engine.dedicated();
      try {
        const started = performance.now();
        const exhaustive = { ...args, exhaustive: true };
        const full = await withElapsed(update, 'Searching every line to the end',
          () => (worker ? worker.voltorb.analyze(exhaustive, { signal }) : analyzeBest(engine, exhaustive, { signal })));
        const ms = performance.now() - started;
        answers.keep(args, full, ms);
        return { full, ms };
      } finally {
        worker?.close();
      }
    }, { label: 'Searching every line to the end…' });
    showBest(shown, { ...args, exhaustive: true }, () => summary, { args, result: before });
  }

  /**
   * Shows the outcome of a best-move search (`shown`, from `search.run`) for `args`. `fallback`
   * (`{args, result}`): the answer to show again if this search is stopped.
   */
  function showBest(shown, args, summaryOf, fallback) {
    shown.then((result) => {
      const summary = summaryOf();
      if (result === CANCELLED) {
        // A newer analysis replaced this one (it owns the status line now), or the user
        // stopped the search.
        if (search.running) return;
        el.status.classList.remove('vf-working');
        if (fallback) {
          presentBest(fallback.result, fallback.args, summary);
          return;
        }
        if (analysis) {
          el.status.textContent = summary;
          adviceMsg.show('Best-move search stopped: the odds shown are exact; change a card or clue to search again.', 'info');
        } else {
          el.status.textContent = '';
          adviceMsg.show('Stopped before the odds were ready: change a card or clue (or choose a level) to start again.', 'info');
        }
        return;
      }
      el.status.classList.remove('vf-working');
      presentBest(result, args, summary);
    }, (err) => {
      el.status.classList.remove('vf-working');
      if (fallback) {
        // The longer search failed (out of memory, say): the first answer still holds.
        presentBest(fallback.result, fallback.args, summaryOf());
        boardMsg.show(`Search to the end failed: ${err.message}`, 'error');
        return;
      }
      el.status.textContent = '';
      analysis = null;
      markError(err);
      boardMsg.show(err.message, 'error');
      drawAssist();
    });
  }

  /**
   * Shows a best-move answer (`result`: `{full, ms, kept?}`) found for `args`; `kept`: it was
   * found on an earlier visit and kept (see answers.js).
   */
  function presentBest(result, args, summary) {
    const { full, ms } = result;
    analysis = full;
    el.status.textContent = result.kept
      ? `${summary} · best move as found earlier (that search took ${formatMs(ms)})`
      : `${summary} · best move ${formatMs(ms)}`;
    const playOn = full.continue;
    const exact = isExact(full);
    if (full.lost) {
      // The game ends a round on a Voltorb: there is no move to advise.
      const next = full.lost.level_next == null ? '' : ` The next round is ${levelText(full.lost.level_next)}.`;
      adviceMsg.show(`Voltorb: this round is lost and pays nothing.${next} Enter the next board's clues, or Undo if that card was recorded by mistake.`, 'error');
      quitMsg.clear();
      showWhy(full);
      drawAssist();
      return;
    }
    // An approximate answer can be searched again with the large budget, once.
    const further = !exact && !args.exhaustive
      ? messageAction('Search to the end (up to half a minute)', () => searchToTheEnd(args, summary, result)) : null;
    const approximate = args.exhaustive
      ? ' (approximate even after the longest search: a lower bound)'
      : ' (approximate, a lower bound: the search stopped at its budget)';
    // Every 2 and 3 is face up (for either goal): the round is won.
    const cleared = !full.best && full.win != null && full.win >= 0.9999;
    if (cleared) {
      const won = full.quit ? ` The round pays ${coins(full.quit.coins)}${playOn?.level_next == null ? '' : `; the next round is ${levelText(playOn.level_next)}`}.` : '';
      adviceMsg.show(`Board cleared: every 2 and 3 is face up.${won}`, 'success');
    } else if (full.best && full.objective === 'coins') {
      const about = exact ? '' : 'at least ';
      adviceMsg.show(`Best move for coins: row ${full.best.row + 1}, column ${full.best.col + 1} — ${about}${coins(playOn?.coins ?? 0)} expected, ${percent(full.best.win)} to clear`
        + `${exact ? '' : approximate}`, 'info', further);
    } else if (full.best) {
      adviceMsg.show(`Best move: row ${full.best.row + 1}, column ${full.best.col + 1} — ${percent(full.best.win)} to clear the board`
        + `${exact ? '' : approximate}`, 'info', further);
    } else if (full.quit && full.objective === 'coins') {
      // Past the budget the value of playing on is only a lower bound: a longer search may
      // find a card that pays more.
      adviceMsg.show(`Quit now: no card left pays more on average than the ${coins(full.quit.coins)} you have`
        + `${exact ? '.' : ' (as far as the search went: it stopped at its budget).'}`, exact ? 'success' : 'info', further);
    } else if (full.win != null) {
      adviceMsg.show(`Win probability ${percent(full.win)}`, 'info');
    }
    showQuitAdvice(full);
    showWhy(full);
    drawAssist();
  }

  function setCard(cell, value) {
    if (revealed.get(cell) === value || (value === null && !revealed.has(cell))) return;
    pushUndo();
    if (value === null) revealed.delete(cell);
    else revealed.set(cell, value);
    analyse();
  }

  /** Ten clues at once are a new board: the last board's cards go (one undo brings them back). */
  function setAllClues(list) {
    pushUndo();
    assist.clueText = list;
    revealed = new Map();
    clueInputs.forEach((input, line) => { input.value = list[line]; input.dataset.before = list[line]; });
    analyse();
  }

  function closePicker() {
    picker?.remove();
    picker = null;
  }

  function openPicker(cell) {
    closePicker();
    picker = document.createElement('div');
    picker.className = 'vf-picker';
    picker.setAttribute('role', 'menu');
    picker.setAttribute('aria-label', `What did ${cardName(cell)} show?`);
    for (const [value, text] of [[0, 'Voltorb'], [1, '1'], [2, '2'], [3, '3'], [null, 'Face down']]) {
      const button = document.createElement('button');
      button.className = 'btn';
      button.type = 'button';
      button.setAttribute('role', 'menuitem');
      button.dataset.value = value === null ? 'hide' : String(value);
      button.textContent = text;
      button.addEventListener('click', (event) => {
        event.stopPropagation();
        closePicker();
        setCard(cell, value);
        focusQuietly(cards[cell]);
      });
      picker.append(button);
    }
    $('.vf-board-wrap').append(picker);
    const boardBox = board.getBoundingClientRect();
    const cardBox = cards[cell].getBoundingClientRect();
    picker.style.left = `${Math.max(0, Math.min(cardBox.left - boardBox.left, boardBox.width - picker.offsetWidth))}px`;
    picker.style.top = `${cardBox.bottom - boardBox.top + 4}px`;
    picker.querySelector('button').focus();
  }

  // ---- the game -----------------------------------------------------------------------------

  async function dealRound() {
    el.next.disabled = true;
    try {
      const deal = await engine.voltorb.generate({ history: play.history.slice(-HISTORY_KEPT), seed: randomSeed() });
      // Dealt after the page was left: the page that replaced it has its own round to save.
      if (scope.disposed) return;
      play.round = newRound(deal);
      hintAnalysis = null;
      playMsg.show(`Level ${deal.level}. Find the ${play.round.multipliers} multiplier cards.`, 'info');
      save();
      drawPlay();
      requestHint();
    } catch (err) {
      if (scope.disposed) return;
      playMsg.show(`Could not deal a board: ${err.message}`, 'error');
      drawPlay();
    }
  }

  /** The end of a round, said (also after a reload shows a round that has ended). */
  function sayHowItEnded(round) {
    const text = round.over === 'won' ? `Cleared! +${round.payout} coins.`
      : round.over === 'lost' ? 'Voltorb! The round pays nothing.' : `You quit with ${round.payout} coin${round.payout === 1 ? '' : 's'}.`;
    playMsg.show(text, round.over === 'lost' ? 'error' : 'success');
  }

  /** Settles a round that `flip` has just ended, or quits the round in play. */
  function finish(outcome) {
    const round = play.round;
    if (!round) return;
    if (outcome === 'quit') {
      if (round.over) return;
      end(round, 'quit');
    }
    Object.assign(play, settle(play, round));
    if (coachRound === round && coachPending === 0) coachSummary();
    sayHowItEnded(round);
    save();
    drawPlay();
    focusQuietly(el.next);
  }

  function playCard(cell) {
    const round = play.round;
    if (!round || round.over) return;
    if (memoMode) {
      toggleMemo(round, cell, memoFlag);
      save();
      drawPlay();
      return;
    }
    const before = revealedOf(round);
    const outcome = flip(round, cell);
    coachFlip(round, cell, before);
    if (outcome) { finish(outcome); return; }
    save();
    hintAnalysis = null;
    drawPlay();
    requestHint();
  }

  // ---- coach --------------------------------------------------------------------------------

  // Grades of the round in play: each flip's clear chance against the best card's.
  let coachGrades = [];
  let coachRound = null;
  let coachPending = 0;

  /** Grades the flip of `cell` from the position `before` it, in the background. */
  function coachFlip(round, cell, before) {
    if (!play.coach) return;
    if (coachRound !== round) {
      coachRound = round;
      coachGrades = [];
      coachPending = 0;
      coachSummaryMsg.clear();
    }
    coachPending++;
    const args = {
      rows: round.rows, cols: round.cols, revealed: before, level: round.level, weighting: 'game',
      judge: [Math.floor(cell / SIZE), cell % SIZE],
    };
    engine.voltorb.analyze(args).then((reply) => {
      if (scope.disposed || coachRound !== round || !reply.judged) return;
      const grade = { cell, best: reply.win ?? 0, chosen: reply.judged.win, bestCell: reply.best ? reply.best.row * SIZE + reply.best.col : -1 };
      coachGrades.push(grade);
      showGrade(grade);
    }).catch(() => {}).finally(() => {
      if (scope.disposed || coachRound !== round) return;
      coachPending--;
      if (round.over && coachPending === 0) coachSummary();
    });
  }

  const place = (cell) => `row ${Math.floor(cell / SIZE) + 1}, column ${(cell % SIZE) + 1}`;
  const points = (p) => Math.round(p * 1000) / 10;

  function showGrade(g) {
    const lost = g.best - g.chosen;
    if (lost < 0.0005) {
      coachMsg.show(`Coach: ${place(g.cell)} was a best move (${percent(g.best)} to clear).`, 'success');
    } else {
      coachMsg.show(`Coach: ${place(g.cell)} left ${percent(g.chosen)} to clear; ${g.bestCell >= 0 ? place(g.bestCell) : 'the best card'} had ${percent(g.best)} (${points(lost)} points lost).`, 'warning');
    }
  }

  function coachSummary() {
    if (!coachGrades.length) return;
    const best = coachGrades.filter((g) => g.best - g.chosen < 0.0005).length;
    const lost = coachGrades.reduce((sum, g) => sum + Math.max(0, g.best - g.chosen), 0);
    const n = coachGrades.length;
    coachSummaryMsg.show(`Coach, this round: ${n} flip${n === 1 ? '' : 's'}, ${best} of them ${best === 1 ? 'a best move' : 'best moves'}; ${points(lost)} points of clear chance lost in all.`,
      lost < 0.0005 ? 'success' : 'info');
  }

  async function requestHint() {
    hints.cancel();
    const round = play.round;
    if (!round || round.over || !play.hints || state.mode !== 'play') return;
    try {
      const args = { rows: round.rows, cols: round.cols, revealed: revealedOf(round), level: round.level, weighting: 'game' };
      const reply = await hints.run((signal, update) => withElapsed(update, 'Finding the best card',
        () => analyzeBest(engine, args, { signal })), { label: 'Finding the best card…' });
      if (reply === CANCELLED) {
        if (!hints.running && play.hints && play.round === round && !round.over) playMsg.show('Hint stopped: flip a card or turn Hints off and on to ask again.', 'info');
        return;
      }
      if (play.round !== round) return;
      hintAnalysis = reply;
      drawPlay();
    } catch (err) {
      playMsg.show(`No hint: ${err.message}`, 'error');
    }
  }

  function drawPlay() {
    const round = play.round;
    drawClueViews(clueViews, round);
    const analysisShown = play.hints && round && !round.over ? hintAnalysis : null;
    drawPlayCards(cards, round, analysisShown);
    const stat = (label, value, className) => {
      const div = document.createElement('div');
      const key = document.createElement('span');
      key.className = 'vf-k';
      key.textContent = `${label} `;
      const strong = document.createElement('strong');
      strong.className = className;
      strong.textContent = value;
      div.append(key, strong);
      return div;
    };
    el.playInfo.replaceChildren(
      stat('Level', round ? String(round.level) : '–', 'vf-level'),
      // A lost round's multiplied coins are gone: it shows what the round pays.
      stat('This round', String(!round ? 0 : round.over ? winnings(round) : round.payout), 'vf-payout'),
      stat('Coins', play.coins.toLocaleString(), 'vf-coins'),
      stat('Found', round ? `${found(round)}/${round.multipliers}` : '–', 'vf-found'),
    );
    const hintLine = root.querySelector('[data-role=hint-line]');
    hintLine.hidden = !analysisShown?.best;
    hintLine.textContent = analysisShown?.best
      ? `Hint: row ${analysisShown.best.row + 1}, column ${analysisShown.best.col + 1} (${percent(analysisShown.best.win)} to clear)`
      : '';
    el.quit.disabled = !round || !!round.over;
    el.next.textContent = round ? 'Next round' : 'Deal a board';
    el.next.disabled = !!round && !round.over;
    el.hints.setAttribute('aria-pressed', String(play.hints));
    el.coach.setAttribute('aria-pressed', String(play.coach));
  }

  // ---- modes --------------------------------------------------------------------------------

  function showMode() {
    const assisting = state.mode === 'assist';
    closePicker();
    $('[data-role=assist-panel]').hidden = !assisting;
    $('[data-role=assist-under]').hidden = !assisting;
    $('[data-role=play-panel]').hidden = assisting;
    $('[data-role=play-under]').hidden = assisting;
    board.classList.toggle('vf-playing', !assisting);
    clueInputs.forEach((input) => { input.hidden = !assisting; });
    clueViews.forEach((view) => { view.hidden = assisting; });
    if (assisting) {
      hints.cancel();
      drawClueViews(clueViews, null);
      analyse();
    } else {
      search.cancel();
      boardMsg.clear();
      drawPlay();
      if (!play.round) dealRound();
      else requestHint();
    }
  }

  const modes = toggleGroup($('.vf-modes'), {
    scope,
    attribute: 'mode',
    onChange: (mode) => { state.mode = mode; save(); showMode(); },
  });

  // ---- input --------------------------------------------------------------------------------

  clueInputs.forEach((input, line) => {
    input.value = assist.clueText[line];
    scope.on(input, 'focus', () => { input.dataset.before = input.value; });
    scope.on(input, 'input', () => {
      // Ten clues pasted into the first box fill all ten, once each is a whole clue.
      const list = line === 0 ? splitClueList(input.value) : null;
      if (Array.isArray(list) && list.every((clue) => parseClue(clue).value)) { setAllClues(list); return; }
      assist.clueText[line] = input.value;
      analyse();
    });
    // One undo step per clue edited, taken when the user leaves the input.
    scope.on(input, 'change', () => {
      if ((input.dataset.before ?? '') === input.value) return;
      const snap = snapshot();
      snap.clueText[line] = input.dataset.before ?? '';
      pushUndo(snap);
      input.dataset.before = input.value;
      save();
    });
    scope.on(input, 'keydown', (event) => {
      if (event.key !== 'Tab' && event.key !== 'Enter') return;
      const next = line + (event.shiftKey ? -1 : 1);
      if (next >= 0 && next < 10) {
        event.preventDefault();
        clueInputs[next].focus();
        clueInputs[next].select();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        cards[0].focus();
      }
    });
  });

  scope.on(el.paste, 'change', () => {
    const list = splitClueList(el.paste.value);
    if (list.error) {
      el.paste.setAttribute('aria-invalid', 'true');
      pasteMsg.show(list.error, 'error');
      return;
    }
    // Each clue as its box would take it: the first wrong one is named here, by its line.
    const wrong = list.findIndex((clue) => parseClue(clue).error);
    if (wrong >= 0) {
      el.paste.setAttribute('aria-invalid', 'true');
      const line = LINE_NAMES[wrong];
      pasteMsg.show(`${line[0].toUpperCase()}${line.slice(1)}: ${parseClue(list[wrong]).error}.`, 'error');
      return;
    }
    el.paste.removeAttribute('aria-invalid');
    pasteMsg.clear();
    el.paste.value = '';
    setAllClues(list);
  });
  el.level.value = assist.level;
  el.weighting.value = assist.weighting;
  scope.on(el.level, 'change', () => { assist.level = el.level.value; analyse(); });
  scope.on(el.weighting, 'change', () => { assist.weighting = el.weighting.value; analyse(); });
  el.objective.value = assist.objective || 'win';
  scope.on(el.objective, 'change', () => { assist.objective = el.objective.value; analyse(); });
  scope.on($('[data-action=undo]'), 'click', () => undo());
  scope.on($('[data-action=clear-cards]'), 'click', () => {
    if (!revealed.size) return;
    pushUndo();
    revealed = new Map();
    analyse();
  });
  scope.on($('[data-action=new-board]'), 'click', () => {
    pushUndo();
    assist.clueText = Array(10).fill('');
    revealed = new Map();
    clueInputs.forEach((input) => { input.value = ''; });
    messages.documentChanged();
    analyse();
    clueInputs[0].focus();
  });

  scope.on(board, 'click', (event) => {
    const card = event.target.closest('.vf-card');
    if (!card) return;
    const cell = Number(card.dataset.cell);
    focusedCard = cell;
    if (state.mode === 'assist') openPicker(cell);
    else playCard(cell);
  });
  scope.on(board, 'focusin', (event) => {
    const card = event.target.closest('.vf-card');
    if (card) focusedCard = Number(card.dataset.cell);
  });
  scope.on(board, 'keydown', (event) => {
    const card = event.target.closest('.vf-card');
    if (!card) return;
    const cell = Number(card.dataset.cell);
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIZE, ArrowDown: SIZE };
    if (moves[event.key] !== undefined) {
      const next = cell + moves[event.key];
      const sameRow = Math.abs(moves[event.key]) !== 1 || Math.floor(next / SIZE) === Math.floor(cell / SIZE);
      if (next >= 0 && next < CARDS && sameRow) cards[next].focus();
      event.preventDefault();
    } else if (state.mode === 'assist' && /^[0-3]$/.test(event.key)) {
      setCard(cell, Number(event.key));
      event.preventDefault();
    } else if (state.mode === 'assist' && (event.key === 'Backspace' || event.key === 'Delete')) {
      setCard(cell, null);
      event.preventDefault();
    } else if (state.mode === 'play' && memoMode && /^[0-3]$/.test(event.key)) {
      toggleMemo(play.round, cell, Number(event.key));
      save();
      drawPlay();
      event.preventDefault();
    }
  });
  scope.on(document, 'keydown', (event) => {
    if (event.key === 'Escape' && picker) { const cell = focusedCard; closePicker(); focusQuietly(cards[cell]); }
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if ((event.ctrlKey || event.metaKey) && event.key === 'z' && state.mode === 'assist' && !typing) {
      if (undo()) event.preventDefault();
    }
    if (event.key === 'm' && state.mode === 'play' && !typing && !event.ctrlKey && !event.metaKey) el.memo.click();
  });
  scope.on(document, 'pointerdown', (event) => {
    if (picker && !picker.contains(event.target) && !event.target.closest('.vf-card')) closePicker();
  });
  scope.add(closePicker);

  scope.on(el.next, 'click', () => dealRound());
  scope.on(el.quit, 'click', () => finish('quit'));
  scope.on(el.memo, 'click', () => {
    memoMode = !memoMode;
    el.memo.setAttribute('aria-pressed', String(memoMode));
    el.memoBar.hidden = !memoMode;
  });
  toggleGroup(el.memoBar, { scope, attribute: 'flag', onChange: (flag) => { memoFlag = Number(flag); } });
  scope.on(el.hints, 'click', () => {
    play.hints = !play.hints;
    save();
    drawPlay();
    requestHint();
  });
  scope.on(el.coach, 'click', () => {
    play.coach = !play.coach;
    if (!play.coach) { coachMsg.clear(); coachSummaryMsg.clear(); }
    else coachMsg.show('Coach on: after each flip, how much of the chance to clear the board it kept against the best card.', 'info');
    save();
    drawPlay();
  });

  modes.set(state.mode);
  showMode();
  if (play.round?.over) sayHowItEnded(play.round);
  if (notice) boardMsg.show(notice, 'warning');
  // With a keyboard, typing can start at once; on a touch screen focusing a box would raise the
  // on-screen keyboard over the board before the player asked for it.
  if (state.mode === 'assist' && matchMedia('(pointer: fine)').matches) {
    clueInputs.find((input) => input.value === '')?.focus({ preventScroll: true });
  }

  return () => scope.dispose();
}
