// The app shell: a hash router that mounts one tool page at a time into <main>.
//
// A page is an ES module in pages/ exporting `mount(root, { engine })`; it may return a function
// that unmounts it (stops timers, cancels requests). Its styles live in pages/<name>.css.
import { engine } from './engine.js';

export const TOOLS = [
  { id: 'sudoku', title: 'Sudoku', blurb: 'Play with pencil marks, solve instantly, get hints that teach, rate and generate puzzles.' },
  { id: 'fill', title: 'Flood fill', blurb: 'A paint bucket with tolerance, gap closing and soft edges, instant on 4096×4096 images.' },
  { id: 'voltorb', title: 'Voltorb Flip', blurb: 'Exact odds and the best move for your HeartGold/SoulSilver board, or play the real game.' },
  { id: 'poly', title: 'Tiling', blurb: 'The Meteor puzzle, pentominoes, bricks and boards you draw, solved as you watch.' },
];

const root = document.getElementById('app');
const nav = document.querySelector('.tool-nav');
let unmount = null;
let routeToken = 0;

nav.innerHTML = TOOLS.map((t) => `<a href="#/${t.id}" data-tool="${t.id}">${t.title}</a>`).join('');

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

function renderHome() {
  root.innerHTML = `
    <section class="home">
      <h1>Grid puzzles, solved and explained</h1>
      <p class="lead">Every solver runs in your browser — Rust compiled to WebAssembly, in a background
      worker, so the page never freezes. Nothing is sent anywhere; it works offline once loaded.</p>
      <div class="tool-cards">
        ${TOOLS.map((t) => `
          <a class="tool-card" href="#/${t.id}">
            <span class="tool-card-art art-${t.id}" aria-hidden="true"></span>
            <h2>${t.title}</h2>
            <p>${t.blurb}</p>
          </a>`).join('')}
      </div>
    </section>`;
}

async function route() {
  const token = ++routeToken;
  const id = (location.hash.match(/^#\/([a-z]+)/) || [])[1] || '';
  const tool = TOOLS.find((t) => t.id === id);
  if (unmount) {
    try { unmount(); } catch (err) { console.error(err); }
    unmount = null;
  }
  for (const a of nav.querySelectorAll('a')) {
    a.toggleAttribute('aria-current', a.dataset.tool === id);
    if (a.dataset.tool === id) a.setAttribute('aria-current', 'page');
  }
  document.title = tool ? `${tool.title} — Gridwise` : 'Gridwise — grid puzzles solved, explained and played';
  if (!tool) {
    renderHome();
    return;
  }
  ensureStylesheet(tool.id);
  root.innerHTML = '<p class="loading">Loading…</p>';
  try {
    const page = await import(`./pages/${tool.id}.js`);
    if (token !== routeToken) return;
    root.innerHTML = '';
    root.dataset.page = tool.id;
    const cleanup = await page.mount(root, { engine });
    if (token !== routeToken) {
      if (typeof cleanup === 'function') cleanup();
      return;
    }
    unmount = typeof cleanup === 'function' ? cleanup : null;
  } catch (err) {
    console.error(err);
    root.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'notice error';
    p.textContent = `This tool could not load: ${err.message}`;
    root.append(p);
  }
}

document.querySelector('.theme-toggle').addEventListener('click', () => {
  const html = document.documentElement;
  const dark = html.dataset.theme ? html.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  html.dataset.theme = dark ? 'light' : 'dark';
  try { localStorage.setItem('gridwise.theme', html.dataset.theme); } catch (_) {}
  window.dispatchEvent(new CustomEvent('gridwise:theme'));
});
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => window.dispatchEvent(new CustomEvent('gridwise:theme')));

window.addEventListener('hashchange', route);
route();

// Offline support (see sw.js). Registration failing (e.g. a file:// page) is not an error.
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
