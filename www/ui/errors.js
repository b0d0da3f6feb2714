// Errors from the engine carry where they apply (see EngineError in engine.js), so pages mark
// the input at fault without reading the message's prose.

/** `{cells, line, card, field, index}` of an error; `cells` is always an array. */
export function placeOf(err) {
  return {
    cells: Array.isArray(err?.cells) ? err.cells : [],
    line: err?.line ?? null,
    card: err?.card ?? null,
    field: err?.field ?? null,
    index: err?.index ?? null,
  };
}

/** Marks the inputs of `fields` ({name: element}) named by the error with aria-invalid. */
export function markInvalid(err, fields) {
  const { field } = placeOf(err);
  for (const [name, element] of Object.entries(fields)) {
    if (!element) continue;
    if (name === field) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
  }
}

/** Clears the marks of `markInvalid`. */
export function clearInvalid(fields) {
  for (const element of Object.values(fields)) element?.removeAttribute('aria-invalid');
}
