// The tool settings of the Flood fill page (tool, colour, brush, bucket options, recent
// colours), kept in localStorage so a returning user finds their brush as they left it.
import { LocalDocument } from '../../ui/storage.js';
import { DEFAULT_SWATCHES, TOOLS } from './template.js';

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
    grow: 0,
    recent: [...DEFAULT_SWATCHES],
    // Which of the user's own swatch places the next new colour takes once all are used.
    recentTurn: 0,
  };
  if (data && typeof data === 'object') {
    for (const key of Object.keys(settings)) {
      if (typeof data[key] === typeof settings[key]) settings[key] = data[key];
    }
    if (!['max', 'oklab'].includes(settings.metric)) settings.metric = 'max';
    // Saved by another version, or edited by hand: each value must be one the controls offer
    // (a negative size made every stroke throw).
    if (!TOOLS.some((t) => t.id === settings.tool)) settings.tool = 'pen';
    if (!/^#[0-9a-f]{6}$/.test(settings.colour)) settings.colour = '#e03131';
    const whole = (value, low, high, otherwise) => (Number.isInteger(value) && value >= low && value <= high ? value : otherwise);
    settings.alpha = whole(settings.alpha, 0, 255, 255);
    settings.size = whole(settings.size, 1, 64, 6);
    settings.tolerance = whole(settings.tolerance, 0, 255, 32);
    settings.gap = whole(settings.gap, 0, 32, 0);
    settings.grow = whole(settings.grow, 0, 16, 0);
    if (![4, 8].includes(settings.connectivity)) settings.connectivity = 4;
    if (!Array.isArray(settings.recent) || settings.recent.length > RECENT_LIMIT
      || !settings.recent.every((c) => typeof c === 'string' && /^#[0-9a-f]{6}$/.test(c))) {
      settings.recent = [...DEFAULT_SWATCHES];
    }
    if (!Number.isInteger(settings.recentTurn) || settings.recentTurn < 0) settings.recentTurn = 0;
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

/** How many recent colours are kept: the eight defaults, then the user's own. */
export const RECENT_LIMIT = 12;

/**
 * Keeps `colour` among the recent colours without moving any swatch: a colour already there
 * stays where it is; a new one takes the next free place, and once all are taken it replaces
 * the oldest colour the user added (the defaults stay), so a hand that learned where a swatch
 * sits finds it there.
 */
export function rememberColour(settings, colour) {
  const c = colour.toLowerCase();
  const recent = settings.recent;
  if (recent.includes(c)) return;
  if (recent.length < RECENT_LIMIT) {
    recent.push(c);
    return;
  }
  const own = RECENT_LIMIT - DEFAULT_SWATCHES.length;
  const slot = DEFAULT_SWATCHES.length + (settings.recentTurn % own);
  recent[slot] = c;
  settings.recentTurn = (settings.recentTurn + 1) % own;
}
