// The tool settings of the Flood fill page (tool, colour, brush, bucket options, recent
// colours), kept in localStorage so a returning user finds their brush as they left it.
import { LocalDocument } from '../../ui/storage.js';
import { DEFAULT_SWATCHES } from './template.js';

const saved = new LocalDocument('gridwise.fill.settings', { format: 1, what: 'brush and bucket settings' });

export const DRAWING_TOOLS = ['pen', 'eraser', 'line', 'rect', 'ellipse'];

/** The settings as the user left them, or the defaults; `notice` when old ones were dropped. */
export function loadSettings() {
  const { data, notice } = saved.load();
  const settings = {
    tool: 'pen',
    colour: '#e03131',
    alpha: 255,
    size: 6,
    tolerance: 32,
    metric: 'max',
    connectivity: 4,
    global: false,
    soft: true,
    gap: 0,
    recent: [...DEFAULT_SWATCHES],
  };
  if (data && typeof data === 'object') {
    for (const key of Object.keys(settings)) {
      if (typeof data[key] === typeof settings[key]) settings[key] = data[key];
    }
    if (!['max', 'oklab'].includes(settings.metric)) settings.metric = 'max';
  }
  return { settings, notice };
}

export function saveSettings(settings) {
  saved.save(settings);
}

/** The colour as [r, g, b, a] bytes. */
export function rgba(settings) {
  const n = parseInt(settings.colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, settings.alpha];
}

/** The colour as a CSS colour for canvas drawing. */
export function cssColour(settings) {
  const [r, g, b, a] = rgba(settings);
  return `rgba(${r}, ${g}, ${b}, ${a / 255})`;
}

/** Puts `colour` first among the recent colours (used colours rise, nothing else moves). */
export function rememberColour(settings, colour) {
  const c = colour.toLowerCase();
  settings.recent = [c, ...settings.recent.filter((x) => x !== c)].slice(0, 12);
}
