// The panel and toolbar of the Flood fill page: tools, colour and recent colours, brush and
// bucket settings. It shows the settings and changes them; what a change means for the
// picture is the page's business (`actions`).
import { html, escapeHtml } from '../../ui/dom.js';
import { toggleGroup } from '../../ui/toggle.js';
import { DRAWING_TOOLS } from './settings.js';

export class Controls {
  /**
   * `actions`: {tool(id), changed(), undo(), redo(), zoom(kind), save(), newCanvas(),
   * open(file), regions(), cancel()} — called when the user acts.
   */
  constructor(root, settings, scope, actions) {
    this.root = root;
    this.settings = settings;
    this.actions = actions;
    const $ = (sel) => root.querySelector(sel);
    this.el = {
      colour: $('.fill-color'), swatches: $('.fill-swatches'), zoom: $('[data-role="zoom"]'),
      size: $('[data-opt="size"]'), alpha: $('[data-opt="alpha"]'), tolerance: $('[data-opt="tolerance"]'),
      gap: $('[data-opt="gap"]'), grow: $('[data-opt="grow"]'), soft: $('[data-opt="soft"]'), undo: $('[data-act="undo"]'), redo: $('[data-act="redo"]'),
      brush: $('[data-for="brush"]'), bucket: $('[data-for="bucket"]'),
    };
    this.tools = toggleGroup($('.fill-toolbar [aria-label="Tool"]'), { scope, attribute: 'tool', onChange: (id) => actions.tool(id) });
    this.connectivity = toggleGroup($('[aria-label="Connectivity"]'), {
      scope, attribute: 'conn', onChange: (v) => { settings.connectivity = Number(v); actions.changed(); },
    });
    this.metric = toggleGroup($('[aria-label="Tolerance measured by"]'), {
      scope, attribute: 'metric', onChange: (v) => { settings.metric = v; actions.changed(); },
    });
    this.mode = toggleGroup($('[aria-label="Fill mode"]'), {
      scope, attribute: 'mode', onChange: (v) => { settings.global = v === 'global'; this.show(); actions.changed(); },
    });

    scope.on(root, 'click', (e) => {
      const button = e.target.closest('button');
      if (!button || !root.contains(button)) return;
      if (button.dataset.colour) { this.setColour(button.dataset.colour); return; }
      const act = button.dataset.act;
      if (act === 'undo') actions.undo();
      else if (act === 'redo') actions.redo();
      else if (['zoom-in', 'zoom-out', 'fit', 'actual'].includes(act)) actions.zoom(act);
      else if (act === 'save') actions.save();
      else if (act === 'regions') actions.regions();
      else if (act === 'new') actions.newCanvas($('.fill-new-size').value);
    });
    scope.on(root, 'input', (e) => {
      const t = e.target;
      if (t === this.el.colour) { settings.colour = t.value; this.renderSwatches(); actions.changed(); return; }
      const key = t.dataset.opt;
      if (!key) return;
      if (key === 'soft') settings.soft = t.checked;
      else settings[key] = Number(t.value);
      this.showOutputs();
      actions.changed();
    });
    scope.on(root, 'change', (e) => {
      if (e.target.dataset.act !== 'open') return;
      const file = e.target.files && e.target.files[0];
      e.target.value = '';
      if (file) actions.open(file);
    });
  }

  setColour(colour) {
    this.settings.colour = colour;
    this.el.colour.value = colour;
    this.renderSwatches();
    this.actions.changed();
  }

  setSize(size) {
    this.settings.size = Math.max(1, Math.min(64, size));
    this.showOutputs();
    this.actions.changed();
  }

  /** Puts every control in line with the settings. */
  show() {
    const s = this.settings;
    this.tools.set(s.tool);
    this.connectivity.set(String(s.connectivity));
    this.metric.set(s.metric);
    this.mode.set(s.global ? 'global' : 'contiguous');
    this.el.colour.value = s.colour;
    this.el.soft.checked = s.soft;
    this.el.gap.disabled = s.global;
    // The section that the current tool uses is marked; the other stays fully readable.
    this.el.brush.classList.toggle('fill-current', DRAWING_TOOLS.includes(s.tool));
    this.el.bucket.classList.toggle('fill-current', s.tool === 'bucket');
    this.showOutputs();
    this.renderSwatches();
  }

  showOutputs() {
    const s = this.settings;
    const put = (input, value, text) => { input.value = value; input.nextElementSibling.textContent = text; };
    put(this.el.size, s.size, `${s.size} px`);
    put(this.el.alpha, s.alpha, `${Math.round(s.alpha / 2.55)}%`);
    put(this.el.tolerance, s.tolerance, String(s.tolerance));
    put(this.el.gap, s.gap, s.gap ? `${s.gap} px` : 'off');
    put(this.el.grow, s.grow, s.grow ? `${s.grow} px` : 'off');
  }

  renderSwatches() {
    const current = this.settings.colour.toLowerCase();
    this.el.swatches.innerHTML = this.settings.recent.map((c) => html`<button class="fill-swatch" data-colour="${escapeHtml(c)}"
      style="--swatch:${escapeHtml(c)}" aria-label="Colour ${escapeHtml(c)}" aria-pressed="${c === current}" title="${escapeHtml(c)}"></button>`).join('');
  }

  showZoom(zoom) {
    this.el.zoom.textContent = `${Math.round(zoom * 100)}%`;
  }

  /** Undo and redo say what they would do, and are off while a fill runs. */
  showHistory(history, busy) {
    this.el.undo.disabled = !history.canUndo || busy;
    this.el.redo.disabled = !history.canRedo || busy;
    const mb = history.bytes / (1024 * 1024);
    const n = history.undoSteps.length;
    this.el.undo.title = `Undo (Ctrl+Z): ${n} step${n === 1 ? '' : 's'} kept, ${mb < 0.1 ? '<0.1' : mb.toFixed(1)} MB`;
  }
}
