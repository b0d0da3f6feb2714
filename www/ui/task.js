// Long work with progress, a delayed spinner, Cancel, and "the latest request wins".
//
//   const counting = new TaskRunner(taskBox, { scope, home: () => board });
//   const result = await counting.run((signal, update) =>
//     engine.sudoku.count({ puzzle }, { signal, onProgress: (p) => update(`${p.count} found`) }),
//     { label: 'Counting…', busy: [countButton] });
//   if (result === CANCELLED) return;
//
// Starting a run cancels the one before. The box (see `taskMarkup`) appears only when the work
// takes longer than `delay`, so instant answers do not flash a spinner. While it runs, the
// `busy` controls are disabled; afterwards focus returns to where it was, or to `home()`.
import { isAbort } from '../engine.js';
import { escapeHtml } from './dom.js';
import { focusQuietly, focusLost } from './focus.js';

/** What `run` resolves to when the work was cancelled or replaced by a newer run. */
export const CANCELLED = Symbol('cancelled');

/** The markup of a task box: spinner, label, optional progress bar and Cancel. */
export function taskMarkup(name, { cancelLabel = 'Cancel' } = {}) {
  return `<div class="task" data-task="${escapeHtml(name)}" role="status" aria-live="polite" hidden>`
    + '<span class="spinner" aria-hidden="true"></span><span class="task-label"></span>'
    + '<progress class="task-bar" max="1" hidden></progress>'
    + `<button type="button" class="btn task-cancel">${escapeHtml(cancelLabel)}</button></div>`;
}

export class TaskRunner {
  /** `box`: an element made by `taskMarkup`; `home()`: where focus goes if it is lost. */
  constructor(box, { scope, home = null, delay = 150 } = {}) {
    this.box = box;
    this.label = box.querySelector('.task-label');
    this.bar = box.querySelector('.task-bar');
    this.home = home;
    this.delay = delay;
    this.current = null;
    const cancel = box.querySelector('.task-cancel');
    const onCancel = () => this.cancel();
    if (scope) {
      scope.on(cancel, 'click', onCancel);
      scope.add(() => this.cancel());
    } else {
      cancel.addEventListener('click', onCancel);
    }
  }

  /** True while a run is under way. */
  get running() { return this.current !== null; }

  /**
   * Runs `start(signal, update)`; `update(text | {label, fraction})` changes the box. Resolves
   * to what `start` resolves to, or CANCELLED; rejects with the work's own error.
   */
  async run(start, { label = 'Working…', busy = [] } = {}) {
    this.cancel();
    const run = { controller: new AbortController(), focus: document.activeElement };
    this.current = run;
    this.show(label, null);
    this.box.hidden = true;
    const reveal = setTimeout(() => { if (this.current === run) this.box.hidden = false; }, this.delay);
    const disabled = busy.filter((el) => el && !el.disabled);
    for (const el of disabled) el.disabled = true;
    const update = (what) => {
      if (this.current !== run) return;
      if (typeof what === 'string') this.show(what, null);
      else this.show(what.label ?? this.label.textContent, what.fraction ?? null);
    };
    try {
      return await start(run.controller.signal, update);
    } catch (err) {
      if (isAbort(err)) return CANCELLED;
      throw err;
    } finally {
      clearTimeout(reveal);
      for (const el of disabled) el.disabled = false;
      if (this.current === run) {
        this.current = null;
        this.box.hidden = true;
        if (focusLost()) focusQuietly(run.focus?.isConnected && !run.focus.disabled ? run.focus : this.home?.());
      }
    }
  }

  /** Cancels the running work, if any (its `run` resolves to CANCELLED). */
  cancel() {
    const run = this.current;
    if (!run) return;
    this.current = null;
    this.box.hidden = true;
    run.controller.abort();
    if (focusLost()) focusQuietly(this.home?.());
  }

  show(label, fraction) {
    this.label.textContent = label;
    if (this.bar) {
      this.bar.hidden = fraction === null;
      if (fraction !== null) this.bar.value = Math.max(0, Math.min(1, fraction));
    }
  }
}
