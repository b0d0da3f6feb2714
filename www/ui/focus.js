// Keyboard focus stays where the user works. When the focused control is removed or disabled
// (a panel button during a long task), browsers drop focus to <body> and the keys the user was
// using (arrows on a board, Ctrl+Z) stop working; these helpers put it back.

/** True when no element of the page has focus (it fell to <body>). */
export function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement
    || active.disabled === true || !active.isConnected;
}

/** Focuses `element` without scrolling it into view (the user's place on the page stays). */
export function focusQuietly(element) {
  if (element && element.isConnected && typeof element.focus === 'function') element.focus({ preventScroll: true });
}

/**
 * While `scope` lives, focus that leaves an element inside `root` and lands nowhere goes to
 * `home()` (the board or canvas the user was working on).
 */
export function keepFocusHome(root, home, scope) {
  scope.on(document, 'focusout', (event) => {
    if (!root.contains(event.target)) return;
    scope.timeout(() => {
      if (focusLost() && root.isConnected) focusQuietly(home());
    }, 0);
  });
}

/** Focuses `element` when focus was lost, or when `force` is set. */
export function returnFocus(element, { force = false } = {}) {
  if (force || focusLost()) focusQuietly(element);
}
