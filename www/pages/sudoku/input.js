// Keyboard, pointer (mouse, pen, touch) and clipboard input on the board, turned into actions.
//
// Keys: 1–9 place a digit (Shift/Ctrl/Alt + digit: pencil mark), Backspace/Delete erase, 0, . and
// Space (on the board) empty the cell too and, while a puzzle is entered, move on as a digit does,
// arrows move (wrapping; Shift extends the selection), P toggles pencil mode, Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z) undo/redo,
// H asks for a hint (again: the next stage), Escape closes it. Ctrl+V pastes a puzzle.

/**
 * Wires `canvas` (focusable) to `actions`: {select(cell, 'replace'|'add'|'toggle'), digit(d, pencil),
 * erase(), blank(), move(dr, dc, extend),
 * undo(), redo(), togglePencil(), paste(text), escape(), cellAt(x, y)}. Keys are heard anywhere in
 * `keyScope` (the page) except in form fields. Returns a cleanup function.
 */
export function attachInput(canvas, actions, keyScope = canvas) {
  const onKey = (e) => {
    // Keys typed into a form field belong to it; everywhere else on the page they play.
    const t = e.target;
    if (t !== canvas && t.closest && t.closest('textarea, select, input:not([type=checkbox]):not([type=radio])')) return;
    if (e.defaultPrevented) return;
    const mod = e.ctrlKey || e.metaKey;
    const code = e.code || '';
    const digitMatch = /^(?:Digit|Numpad)([0-9])$/.exec(code);
    let digit = digitMatch ? +digitMatch[1] : (/^[0-9]$/.test(e.key) ? +e.key : null);
    if (mod && !e.shiftKey && (e.key === 'z' || e.key === 'Z')) { e.preventDefault(); actions.undo(); return; }
    if (mod && ((e.shiftKey && (e.key === 'z' || e.key === 'Z')) || e.key === 'y' || e.key === 'Y')) { e.preventDefault(); actions.redo(); return; }
    if (mod && (e.key === 'v' || e.key === 'V' || e.key === 'c' || e.key === 'C' || e.key === 'a')) return; // clipboard
    if (digit !== null && digit >= 1) {
      e.preventDefault();
      actions.digit(digit, e.shiftKey || e.ctrlKey || e.altKey || e.metaKey);
      return;
    }
    switch (e.key) {
      case 'Backspace': case 'Delete': e.preventDefault(); actions.erase(); return;
      case '0': case '.': e.preventDefault(); actions.blank(); return;
      case ' ':
        // Space on a button presses it; on the board it is the blank of a puzzle's text.
        if (t === canvas) { e.preventDefault(); actions.blank(); }
        return;
      case 'ArrowUp': e.preventDefault(); actions.move(-1, 0, e.shiftKey); return;
      case 'ArrowDown': e.preventDefault(); actions.move(1, 0, e.shiftKey); return;
      case 'ArrowLeft': e.preventDefault(); actions.move(0, -1, e.shiftKey); return;
      case 'ArrowRight': e.preventDefault(); actions.move(0, 1, e.shiftKey); return;
      case 'Escape': actions.escape(); return;
      case 'h': case 'H':
        if (!mod && actions.hint) { e.preventDefault(); actions.hint(); }
        return;
      case 'p': case 'P': case 'n': case 'N':
        if (!mod) { e.preventDefault(); actions.togglePencil(); }
        return;
      default:
    }
    if (digit === 0) { e.preventDefault(); actions.blank(); }
  };

  // Mouse and pen drags select several cells (for marks); touch drags scroll the page.
  let dragging = false;
  let last = -1;
  const onPointerDown = (e) => {
    if (e.button !== undefined && e.button > 0) return;
    const cell = actions.cellAt(e.clientX, e.clientY);
    if (cell < 0) return;
    e.preventDefault();
    canvas.focus({ preventScroll: true });
    const adding = e.shiftKey || e.ctrlKey || e.metaKey;
    actions.select(cell, adding ? 'toggle' : 'replace');
    last = cell;
    if (e.pointerType !== 'touch') {
      dragging = true;
      try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* not capturable */ }
    }
  };
  const onPointerMove = (e) => {
    if (!dragging) return;
    const cell = actions.cellAt(e.clientX, e.clientY);
    if (cell < 0 || cell === last) return;
    last = cell;
    actions.select(cell, 'add');
  };
  const onPointerUp = () => { dragging = false; };

  const onPaste = (e) => {
    const t = e.target;
    if (t && t.closest && t.closest('textarea, input, select, [contenteditable]')) return;
    const text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    if (!text) return;
    e.preventDefault();
    actions.paste(text);
  };

  keyScope.addEventListener('keydown', onKey);
  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerUp);
  canvas.addEventListener('pointercancel', onPointerUp);
  document.addEventListener('paste', onPaste);
  return () => {
    keyScope.removeEventListener('keydown', onKey);
    canvas.removeEventListener('pointerdown', onPointerDown);
    canvas.removeEventListener('pointermove', onPointerMove);
    canvas.removeEventListener('pointerup', onPointerUp);
    canvas.removeEventListener('pointercancel', onPointerUp);
    document.removeEventListener('paste', onPaste);
  };
}
