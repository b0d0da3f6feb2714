// Other tabs of the app. Each tool saves its work under one key, so two tabs of one tool save
// over each other; the tabs tell each other which tool they show, so that both can say so
// while it happens. (Tabs of different tools do not meet: their saves are apart.)

const CHANNEL = 'gridwise-tabs';
/** How often a tab says it is still there. */
const BEAT_MS = 5000;
/** A tab not heard from for this long is gone: longer than a background tab's timers may
 *  sleep (Chrome wakes them once a minute). */
const GONE_AFTER_MS = 75_000;

/**
 * Starts telling other tabs which tool this one shows, and hearing theirs. Returns
 * `show(tool)`, to call on every route change ('' for no tool). `onChange(count)` hears how
 * many other tabs show this tab's tool, whenever that changes.
 */
export function watchOtherTabs(onChange) {
  if (typeof BroadcastChannel !== 'function') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  const id = Math.random().toString(36).slice(2);
  let tool = '';
  const others = new Map(); // tab id → {tool, seen: when it last spoke}
  let told = ''; // the tool and count last told

  const tell = () => {
    const count = [...others.values()].filter((o) => tool && o.tool === tool).length;
    if (`${tool}:${count}` !== told) {
      told = `${tool}:${count}`;
      onChange(count);
    }
  };
  const post = (type) => channel.postMessage({ type, id, tool });

  channel.addEventListener('message', ({ data }) => {
    if (!data || data.id === id) return;
    if (data.type === 'gone') others.delete(data.id);
    else others.set(data.id, { tool: data.tool, seen: Date.now() });
    // A tab that just arrived hears from every tab already open.
    if (data.type === 'here') post('also');
    tell();
  });
  window.addEventListener('pagehide', () => post('gone'));
  // Back from the page cache: the others may have changed meanwhile.
  window.addEventListener('pageshow', (event) => { if (event.persisted) { others.clear(); post('here'); tell(); } });
  // A tab can end without a word (a crash, a phone closing a tab in the background): each tab
  // says it is there every little while, and one not heard from for long is taken as gone.
  setInterval(() => {
    post('beat');
    const now = Date.now();
    for (const [other, { seen }] of others) if (now - seen > GONE_AFTER_MS) others.delete(other);
    tell();
  }, BEAT_MS);

  return (shown) => {
    tool = shown;
    post('here');
    tell();
  };
}
