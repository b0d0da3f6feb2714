// The Flood fill page's markup: toolbar, canvas viewport and status, and the panel (colour,
// brush, bucket, image). Controls carry data-* hooks that controls.js and the tests use.
import { html } from '../../ui/dom.js';
import { taskMarkup } from '../../ui/task.js';
import { ICONS } from './icons.js';

export const TOOLS = [
  { id: 'pen', label: 'Pen', key: 'p' },
  { id: 'eraser', label: 'Eraser', key: 'e' },
  { id: 'line', label: 'Line', key: 'l' },
  { id: 'rect', label: 'Rectangle', key: 'r' },
  { id: 'ellipse', label: 'Ellipse', key: 'o' },
  { id: 'bucket', label: 'Bucket fill', key: 'b' },
  { id: 'picker', label: 'Pick a colour from the picture', key: 'i' },
  { id: 'hand', label: 'Pan', key: 'h' },
];
export const DEFAULT_SWATCHES = ['#1c2233', '#ffffff', '#e03131', '#f08c00', '#ffd43b', '#2f9e44', '#1c7ed6', '#7048e8'];
export const SIZES = [
  { id: 'fit', label: 'Fit the window' },
  { id: '1280x800', label: '1280 × 800' },
  { id: '1920x1080', label: '1920 × 1080' },
  { id: '4096x4096', label: '4096 × 4096' },
  { id: '8192x8192', label: '8192 × 8192' },
];


/** The page's markup. */
export function template() {
  return html`
    <h1 class="page-title">Flood fill</h1>
    <div class="tool-layout fill-layout">
      <section class="fill-board">
        <div class="fill-toolbar" role="toolbar" aria-label="Drawing tools">
          <div class="fill-group" role="group" aria-label="Tool">
            ${TOOLS.map((t) => html`<button class="btn fill-icon" data-tool="${t.id}" aria-pressed="false"
              title="${t.label} (${t.key.toUpperCase()})" aria-label="${t.label}">${ICONS[t.id]}</button>`).join('')}
          </div>
          <div class="fill-group">
            <button class="btn fill-icon" data-act="undo" title="Undo (Ctrl+Z)" aria-label="Undo" disabled>${ICONS.undo}</button>
            <button class="btn fill-icon" data-act="redo" title="Redo (Ctrl+Shift+Z)" aria-label="Redo" disabled>${ICONS.redo}</button>
          </div>
          <div class="fill-group">
            <button class="btn fill-icon" data-act="zoom-out" title="Zoom out (−)" aria-label="Zoom out">${ICONS.zoomOut}</button>
            <button class="btn fill-zoom" data-act="actual" title="Zoom level; click for actual size (1)"><span class="visually-hidden">Zoom </span><span data-role="zoom">100%</span></button>
            <button class="btn fill-icon" data-act="zoom-in" title="Zoom in (+)" aria-label="Zoom in">${ICONS.zoomIn}</button>
            <button class="btn fill-icon" data-act="fit" title="Fit (0)" aria-label="Fit the image in view">${ICONS.fit}</button>
          </div>
        </div>
        <div class="fill-viewport" tabindex="0" role="application" aria-roledescription="drawing canvas" aria-label="Canvas: draw with the pointer, arrow keys pan, plus and minus zoom">
          <canvas class="fill-canvas"></canvas>
          <canvas class="fill-overlay" aria-hidden="true"></canvas>
          <div class="fill-drop" aria-hidden="true">Drop the image to open it</div>
        </div>
        <div class="fill-status">
          <span class="fill-size"></span>
          <span class="fill-coords" aria-hidden="true"></span>
          ${taskMarkup('fill')}
          <output class="fill-result" aria-live="polite"></output>
        </div>
        <p class="message" data-msg="canvas"></p>
      </section>
      <aside class="panel stack fill-panel">
        <section class="stack fill-section">
          <h2>Colour</h2>
          <div class="row">
            <input type="color" class="fill-color" value="#e03131" aria-label="Colour">
            <label class="fill-alpha">Opacity <input type="range" min="0" max="255" value="255" data-opt="alpha"><output>100%</output></label>
          </div>
          <div class="fill-swatches" role="group" aria-label="Recent colours"></div>
        </section>
        <section class="stack fill-section" data-for="brush">
          <h2>Brush</h2>
          <label class="fill-slider">Size <input type="range" min="1" max="64" value="6" data-opt="size"><output>6 px</output></label>
        </section>
        <section class="stack fill-section" data-for="bucket">
          <h2>Bucket</h2>
          <label class="fill-slider">Tolerance <input type="range" min="0" max="255" value="32" data-opt="tolerance"><output>32</output></label>
          <div class="fill-seg" role="group" aria-label="Tolerance measured by">
            <button class="btn" data-metric="max" aria-pressed="true" title="The largest difference of red, green, blue or opacity">Channels</button>
            <button class="btn" data-metric="oklab" aria-pressed="false" title="Distance in OKLab: the same tolerance looks alike on dark and light colours">Perceptual</button>
          </div>
          <div class="fill-seg" role="group" aria-label="Connectivity">
            <button class="btn" data-conn="4" aria-pressed="true" title="Edges only">4-connected</button>
            <button class="btn" data-conn="8" aria-pressed="false" title="Corners too">8-connected</button>
          </div>
          <div class="fill-seg" role="group" aria-label="Fill mode">
            <button class="btn" data-mode="contiguous" aria-pressed="true">Contiguous</button>
            <button class="btn" data-mode="global" aria-pressed="false">Global</button>
          </div>
          <label class="fill-check"><input type="checkbox" data-opt="soft" checked> Soft edges (no fringe)</label>
          <label class="fill-slider" title="Do not leak through gaps in outlines up to this wide; while the bucket hovers, magenta marks where the fill will stop">Close gaps <input type="range" min="0" max="32" value="0" data-opt="gap"><output>off</output></label>
          <label class="fill-slider" title="Grow the fill into the lines around it, up to their darkest pixels: no pale halo under antialiased lines">Under lines <input type="range" min="0" max="16" value="0" data-opt="grow"><output>off</output></label>
          <button class="btn" data-act="regions" title="Every region of the paper enclosed by lines gets a colour of its own (flats), with the options above">Colour all regions</button>
        </section>
        <section class="stack fill-section">
          <h2>Image</h2>
          <div class="row">
            <select class="fill-new-size" aria-label="New canvas size">
              ${SIZES.map((s) => html`<option value="${s.id}">${s.label}</option>`).join('')}
            </select>
            <button class="btn" data-act="new">New</button>
          </div>
          <div class="row">
            <label class="btn fill-open">Open…<input type="file" accept="image/*" class="visually-hidden" data-act="open"></label>
            <button class="btn btn-primary" data-act="save">Save PNG</button>
          </div>
          <p class="message" data-msg="file"></p>
          <p class="fill-hint">Or drop or paste an image (up to 8192 × 8192).</p>
        </section>
        <details class="fill-keys">
          <summary>Keyboard shortcuts</summary>
          <dl>
            <dt>P E L R O B I H</dt><dd>pen, eraser, line, rectangle, ellipse, bucket, colour picker, pan</dd>
            <dt>Alt + click</dt><dd>pick the colour under the pointer, with any tool</dd>
            <dt>[ ]</dt><dd>brush size</dd>
            <dt>Ctrl+Z, Ctrl+Shift+Z</dt><dd>undo, redo</dd>
            <dt>+ − 0 1</dt><dd>zoom in, out, fit, 100%</dd>
            <dt>Space + drag, arrows</dt><dd>pan</dd>
            <dt>Shift while drawing</dt><dd>straight angles, squares, circles</dd>
            <dt>Ctrl+S, Ctrl+O</dt><dd>save, open</dd>
            <dt>Esc</dt><dd>cancel a running fill</dd>
          </dl>
        </details>
      </aside>
    </div>`;
}
