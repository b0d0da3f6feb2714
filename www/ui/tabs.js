// Other tabs of the app. Each tool saves its work under one key, so two tabs of one tool save
// over each other; the tabs tell each other which tool they show, so that both can say so
// while it happens. (Tabs of different tools do not meet: their saves are apart.)

const CHANNEL = 'gridwise-tabs';

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
  const others = new Map(); // tab id → the tool it shows
  let told = ''; // the tool and count last told

  const tell = () => {
    const count = [...others.values()].filter((t) => tool && t === tool).length;
    if (`${tool}:${count}` !== told) {
      told = `${tool}:${count}`;
      onChange(count);
    }
  };
  const post = (type) => channel.postMessage({ type, id, tool });

  channel.addEventListener('message', ({ data }) => {
    if (!data || data.id === id) return;
    if (data.type === 'gone') others.delete(data.id);
    else others.set(data.id, data.tool);
    // A tab that just arrived hears from every tab already open.
    if (data.type === 'here') post('also');
    tell();
  });
  window.addEventListener('pagehide', () => post('gone'));
  // Back from the page cache: the others may have changed meanwhile.
  window.addEventListener('pageshow', (event) => { if (event.persisted) { others.clear(); post('here'); tell(); } });

  return (shown) => {
    tool = shown;
    post('here');
    tell();
  };
}
