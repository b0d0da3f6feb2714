// Light and dark themes. The choice is saved, the system's preference applies until the user
// picks one, and canvas drawing reads its colours from the CSS custom properties so boards
// follow the theme (pages redraw on the `gridwise:theme` event).

const KEY = 'gridwise.theme';
const darkQuery = () => matchMedia('(prefers-color-scheme: dark)');

/** 'light' or 'dark': what the page shows now. */
export function currentTheme() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return darkQuery().matches ? 'dark' : 'light';
}

/** Shows `theme` and remembers it. */
export function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  try { localStorage.setItem(KEY, theme); } catch (_) { /* the choice lasts for this visit */ }
  window.dispatchEvent(new CustomEvent('gridwise:theme'));
}

/** The current value of each named CSS variable (without the leading --), as an object. */
export function themeColors(names, element = document.documentElement) {
  const style = getComputedStyle(element);
  const colors = {};
  for (const name of names) colors[name] = style.getPropertyValue(`--${name}`).trim();
  return colors;
}

/** Calls `redraw` whenever the theme changes; returns a function that stops listening. */
export function onThemeChange(redraw) {
  window.addEventListener('gridwise:theme', redraw);
  return () => window.removeEventListener('gridwise:theme', redraw);
}

const ICONS = {
  // A sun for the light theme, a moon for the dark one: the button shows what is on now.
  light: '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><circle cx="12" cy="12" r="4.5" fill="currentColor"/><g stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"/></g></svg>',
  dark: '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9z"/></svg>',
};

/** Makes `button` switch themes, showing the current theme's icon and naming the other. */
export function bindThemeButton(button) {
  const show = () => {
    const theme = currentTheme();
    const other = theme === 'dark' ? 'light' : 'dark';
    button.innerHTML = ICONS[theme];
    button.dataset.theme = theme;
    button.setAttribute('aria-label', `${theme === 'dark' ? 'Dark' : 'Light'} theme; switch to ${other}`);
    button.title = `Switch to the ${other} theme`;
  };
  button.addEventListener('click', () => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'));
  darkQuery().addEventListener('change', () => window.dispatchEvent(new CustomEvent('gridwise:theme')));
  window.addEventListener('gridwise:theme', show);
  show();
}
