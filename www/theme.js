// Canvas drawing reads colours from the CSS custom properties, so boards follow the theme.

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
