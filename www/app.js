// The app shell: a hash router that mounts one tool page at a time into <main>.
//
// A page is an ES module pages/<tool>/index.js exporting `mount(root, { engine })`; it returns a
// function that unmounts it (saves the user's work, stops timers, cancels requests). Its styles
// live in pages/<tool>.css. The toolkit every page builds on is in ui/.
import { engine } from './engine.js';
import { bindThemeButton } from './ui/theme.js';
import { onStorageProblem } from './ui/storage.js';
import { watchOtherTabs } from './ui/tabs.js';
import { toolArt } from './home-art.js';

export const TOOLS = [
  { id: 'sudoku', title: 'Sudoku', blurb: 'Play with pencil marks, solve instantly, get hints that teach, rate and generate puzzles.' },
  { id: 'fill', title: 'Flood fill', short: 'Fill', blurb: 'A paint bucket with tolerance, gap closing and soft edges, instant on 4096×4096 images.' },
  { id: 'voltorb', title: 'Voltorb Flip', short: 'Voltorb', blurb: 'Exact odds and the best move for your HeartGold/SoulSilver board, or play the real game.' },
  { id: 'poly', title: 'Tiling', blurb: 'The Meteor puzzle, pentominoes, bricks and boards you draw, solved as you watch.' },
];

const root = document.getElementById('app');
const nav = document.querySelector('.tool-nav');
let unmount = null;
let routeToken = 0;

// On a phone the short names let all four links fit beside the icon, with no scrolling; the
// accessible name stays the full title (which contains the short one).
nav.innerHTML = TOOLS.map((t) => {
  const text = t.short
    ? `<span class="nav-long">${t.title}</span><span class="nav-short">${t.short}</span>`
    : t.title;
  return `<a href="#/${t.id}" data-tool="${t.id}" aria-label="${t.title}">${text}</a>`;
}).join('');

function ensureStylesheet(id) {
  const href = `pages/${id}.css`;
  if (!document.querySelector(`link[data-page="${id}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.page = id;
    document.head.append(link);
  }
}

function renderHome(unknown = '') {
  root.innerHTML = `
    <section class="home">
      ${unknown ? '<p class="notice warning" data-unknown-route></p>' : ''}
      <h1>Grid puzzles, solved and explained</h1>
      <p class="lead">Every solver runs in your browser — Rust compiled to WebAssembly, in a background
      worker, so the page never freezes. Nothing is sent anywhere; it works offline once loaded.</p>
      <div class="tool-cards">
        ${TOOLS.map((t) => `
          <a class="tool-card" href="#/${t.id}">
            <span class="tool-card-art art-${t.id}" aria-hidden="true">${toolArt(t.id)}</span>
            <h2>${t.title}</h2>
            <p>${t.blurb}</p>
          </a>`).join('')}
      </div>
      <ul class="home-points">
        <li><strong>Private.</strong> Puzzles, pictures and boards stay on your device; your work is kept between visits.</li>
        <li><strong>Offline.</strong> Once loaded, every tool works without a network.</li>
        <li><strong>Also on the command line.</strong> <code>gridwise</code> runs the same solvers on files, for batches and benchmarks.</li>
      </ul>
    </section>`;
  // A link to a page that is not here (a typo, an old bookmark): said, not silently ignored.
  const note = root.querySelector('[data-unknown-route]');
  if (note) note.textContent = `There is no page "${unknown}" here: pick one of the tools below.`;
}

/**
 * After a move to another page, keyboard and screen-reader users start at its heading instead
 * of on the old page's link; a page that already put focus somewhere of its own keeps it.
 */
function focusNewPage() {
  if (root.contains(document.activeElement) && document.activeElement !== root) return;
  const heading = root.querySelector('h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

// The skip link's own target is a hash, which is the router's: it moves focus instead.
document.querySelector('.skip-link').addEventListener('click', (event) => {
  event.preventDefault();
  const heading = root.querySelector('h1');
  const target = heading || root;
  if (heading) heading.tabIndex = -1;
  target.focus();
});

let routedOnce = false;

async function route() {
  const token = ++routeToken;
  const navigated = routedOnce;
  routedOnce = true;
  const id = (location.hash.match(/^#\/([a-z]+)/) || [])[1] || '';
  const tool = TOOLS.find((t) => t.id === id);
  const asked = location.hash.replace(/^#\/?/, '').split('?')[0];
  if (unmount) {
    try { unmount(); } catch (err) { console.error(err); }
    unmount = null;
  }
  for (const a of nav.querySelectorAll('a')) {
    a.toggleAttribute('aria-current', a.dataset.tool === id);
    if (a.dataset.tool === id) {
      a.setAttribute('aria-current', 'page');
      a.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }
  updateNavCue();
  document.title = tool ? `${tool.title} — Gridwise` : 'Gridwise — grid puzzles solved, explained and played';
  if (!tool) {
    delete root.dataset.page;
    showTool('');
    renderHome(asked && !TOOLS.some((t) => t.id === asked.toLowerCase()) ? asked : '');
    if (navigated) focusNewPage();
    if (asked && TOOLS.some((t) => t.id === asked.toLowerCase())) location.replace(`#/${asked.toLowerCase()}`);
    return;
  }
  ensureStylesheet(tool.id);
  root.innerHTML = '<p class="loading">Loading…</p>';
  try {
    const page = await import(`./pages/${tool.id}/index.js`);
    if (token !== routeToken) return;
    root.innerHTML = '';
    root.dataset.page = tool.id;
    showTool(tool.id);
    const cleanup = await page.mount(root, { engine });
    if (token !== routeToken) {
      if (typeof cleanup === 'function') cleanup();
      return;
    }
    unmount = typeof cleanup === 'function' ? cleanup : null;
    if (navigated) focusNewPage();
  } catch (err) {
    console.error(err);
    root.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'notice error';
    // Most often the network: offline before the app was ever stored for offline use.
    p.textContent = navigator.onLine === false
      ? 'This tool could not load: you are offline, and it was not stored for offline use yet. Try again once you are back online.'
      : `This tool could not load: ${err.message}`;
    const retry = document.createElement('button');
    retry.className = 'btn';
    retry.type = 'button';
    retry.textContent = 'Try again';
    retry.addEventListener('click', () => route());
    p.append(' ', retry);
    root.append(p);
  }
}

bindThemeButton(document.querySelector('.theme-toggle'));

// On a narrow screen the tool links scroll sideways: fade the edge that has more, and bring
// the current tool into view.
function updateNavCue() {
  const more = [];
  // A few pixels cut (the focus ring's room, where scroll snapping leaves the list) hide no
  // link: fading the edge for them would only wash out the first link.
  if (nav.scrollLeft > 8) more.push('start');
  if (nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 8) more.push('end');
  nav.dataset.more = more.join(' ');
}
nav.addEventListener('scroll', updateNavCue, { passive: true });
new ResizeObserver(updateNavCue).observe(nav);

/** Takes a notice away, and its band above the page when it was the last one there. */
function removeNotice(notice) {
  const box = notice.parentElement;
  notice.remove();
  if (box && !box.children.length) box.remove();
}

/** A warning above the page, with a Dismiss button (`onDismiss` hears it); returns its element. */
function appNotice(message, onDismiss = () => {}) {
  let box = document.querySelector('.app-notice');
  if (!box) {
    box = document.createElement('div');
    box.className = 'app-notice';
    document.querySelector('.app-header').after(box);
  }
  const p = document.createElement('p');
  p.className = 'message warning';
  p.setAttribute('role', 'status');
  p.textContent = message;
  const close = document.createElement('button');
  close.className = 'btn';
  close.type = 'button';
  close.textContent = 'Dismiss';
  close.addEventListener('click', () => {
    removeNotice(p);
    // Focus goes on into the page, not to its top.
    focusNewPage();
    onDismiss();
  });
  p.append(close);
  box.append(p);
  return p;
}

// Storage that refuses (full, private mode) is said once, above the page, never thrown.
onStorageProblem((message) => appNotice(message));

// Two tabs of one tool save over each other's work: said in both while it is so, until the
// player dismisses it for that tool.
let otherTabNotice = null;
const dismissedTools = new Set();
const showTool = watchOtherTabs((count) => {
  if (otherTabNotice) removeNotice(otherTabNotice);
  otherTabNotice = null;
  const tool = TOOLS.find((t) => t.id === root.dataset.page);
  if (!count || !tool || dismissedTools.has(tool.id)) return;
  otherTabNotice = appNotice(`${tool.title} is open in another tab too. Each tab saves over the other's work: carry on in one of them.`,
    () => dismissedTools.add(tool.id));
  otherTabNotice.dataset.otherTab = '';
});

engine.warm();

window.addEventListener('hashchange', route);
route();

// Offline support (see sw.js). Registration failing (e.g. a file:// page) is not an error.
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
