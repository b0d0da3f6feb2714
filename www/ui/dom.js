// DOM helpers whose listeners, timers and observers end with the page that made them.
//
//   const scope = new Scope();
//   scope.on(button, 'click', save);  scope.timeout(tick, 500);  scope.add(() => worker.close());
//   …  scope.dispose();   // on unmount: everything above is undone, once
//
// A page creates one Scope in `mount` and returns `() => scope.dispose()`; nothing it set up
// outlives it, so a page mounted twice never hears events twice.

/** Tagged template for HTML literals (editors highlight it); interpolate escaped text only. */
export const html = String.raw;

/** Escapes text for use inside HTML markup or a quoted attribute. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** `$(sel)` and `$$(sel)` looking inside `root` only. */
export function finder(root) {
  return {
    $: (selector) => root.querySelector(selector),
    $$: (selector) => [...root.querySelectorAll(selector)],
  };
}

/** Whether `element` lies wholly inside the viewport, below the sticky header (the root's
 *  scroll-padding-top, which keeps what is scrolled to clear of it). */
export function onScreen(element) {
  const box = element.getBoundingClientRect();
  const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return box.top >= header && box.bottom <= window.innerHeight;
}

/** A bag of things to undo when a page (or part of one) goes away. */
export class Scope {
  constructor() {
    this.disposers = [];
    this.disposed = false;
  }

  /** Registers `fn` to run at dispose (last registered, first run); returns `fn`. */
  add(fn) {
    if (this.disposed) fn();
    else this.disposers.push(fn);
    return fn;
  }

  /** addEventListener that is removed at dispose. */
  on(target, type, listener, options) {
    target.addEventListener(type, listener, options);
    this.add(() => target.removeEventListener(type, listener, options));
    return listener;
  }

  /** setTimeout that is cleared at dispose; returns the id (clearTimeout works as usual). */
  timeout(fn, ms) {
    const id = setTimeout(fn, ms);
    this.add(() => clearTimeout(id));
    return id;
  }

  /** setInterval that is cleared at dispose. */
  interval(fn, ms) {
    const id = setInterval(fn, ms);
    this.add(() => clearInterval(id));
    return id;
  }

  /** Calls `fn(entry)` when `element` changes size (ResizeObserver), until dispose. */
  onResize(element, fn) {
    const observer = new ResizeObserver((entries) => fn(entries[entries.length - 1]));
    observer.observe(element);
    this.add(() => observer.disconnect());
    return observer;
  }

  /** An AbortController aborted at dispose (for fetches and engine requests). */
  controller() {
    const controller = new AbortController();
    this.add(() => controller.abort());
    return controller;
  }

  /** A child scope, disposed with this one or earlier on its own. */
  child() {
    const child = new Scope();
    const remove = this.add(() => child.dispose());
    child.add(() => { this.disposers = this.disposers.filter((d) => d !== remove); });
    return child;
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    while (this.disposers.length) {
      const fn = this.disposers.pop();
      try { fn(); } catch (err) { console.error(err); }
    }
  }
}
