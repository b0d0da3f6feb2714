// Groups of toggle buttons (aria-pressed) of which exactly one is on: connectivity, modes,
// kinds of grid. Markup: buttons with `data-value` inside `container`.

/**
 * Wires the group; `onChange(value)` runs when the user picks another button. Returns
 * `{value, set(value)}`; `set` changes the pressed button without calling `onChange`.
 */
export function toggleGroup(container, { scope, onChange, attribute = 'value' } = {}) {
  const buttons = () => [...container.querySelectorAll(`button[data-${attribute}]`)];
  const group = {
    get value() {
      const on = buttons().find((b) => b.getAttribute('aria-pressed') === 'true');
      return on ? on.dataset[attribute] : undefined;
    },
    set(value) {
      for (const b of buttons()) b.setAttribute('aria-pressed', String(b.dataset[attribute] === String(value)));
    },
  };
  const onClick = (event) => {
    const button = event.target.closest(`button[data-${attribute}]`);
    if (!button || !container.contains(button) || button.disabled) return;
    const value = button.dataset[attribute];
    if (value === group.value) return;
    group.set(value);
    if (onChange) onChange(value);
  };
  if (scope) scope.on(container, 'click', onClick);
  else container.addEventListener('click', onClick);
  return group;
}
