// Messages shown next to what they are about, with a level (info, success, warning, error).
//
//   const messages = new Messages();
//   const boardMsg = messages.slot(el, { about: 'document' });   // cleared when the puzzle changes
//   const storageMsg = messages.slot(el2, { about: 'session' }); // stays until replaced
//   boardMsg.show('Two 5s in row 1', 'error');   …   messages.documentChanged();
//
// Tying a message to the document it describes is what keeps a new puzzle, image or board
// free of the last one's complaints.

export const LEVELS = ['info', 'success', 'warning', 'error'];

/**
 * The text as a sentence: core messages start in lower case to read well after "error: ".
 * A leading name that is lower case on purpose (a cell such as r1c1) stays as it is.
 */
export function sentence(text) {
  const t = String(text ?? '').trim();
  if (!t || /^[a-z]\d/.test(t)) return t;
  return t[0].toUpperCase() + t.slice(1);
}

class MessageSlot {
  constructor(element, about) {
    this.element = element;
    this.about = about;
    element.classList.add('message');
    element.setAttribute('role', 'status');
    this.clear();
  }

  /** Shows `text` (as a sentence) at `level`; `extra` nodes (a button, a link) follow it. */
  show(text, level = 'info', ...extra) {
    if (!LEVELS.includes(level)) throw new Error(`unknown message level ${level}`);
    const el = this.element;
    el.classList.remove(...LEVELS);
    el.classList.add('message', level);
    el.dataset.level = level;
    el.setAttribute('aria-live', level === 'error' ? 'assertive' : 'polite');
    el.textContent = sentence(text);
    for (const node of extra) if (node) el.append(' ', node);
    el.hidden = false;
  }

  clear() {
    const el = this.element;
    el.textContent = '';
    delete el.dataset.level;
    el.classList.remove(...LEVELS);
  }

  get level() { return this.element.dataset.level || null; }
  get text() { return this.element.textContent; }
}

/** A button offering what to do next, to show inside a message ("Go to the step before it"). */
export function messageAction(label, onClick) {
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.className = 'btn message-action';
  btn.textContent = label;
  btn.addEventListener('click', onClick);
  return btn;
}

/** The message slots of one page. */
export class Messages {
  constructor() {
    this.slots = [];
  }

  /** Makes `element` a message slot; `about` is 'document' or 'session'. */
  slot(element, { about = 'document' } = {}) {
    const slot = new MessageSlot(element, about);
    this.slots.push(slot);
    return slot;
  }

  /** The document was replaced (new puzzle, image, board): its messages no longer apply. */
  documentChanged() {
    for (const slot of this.slots) if (slot.about === 'document') slot.clear();
  }
}
