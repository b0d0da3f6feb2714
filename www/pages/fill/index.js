// The Flood fill page: a small paint program whose bucket runs the Rust fill in a worker.
//
// The picture (document.js) is an RGBA buffer mirrored on a <canvas>, with an undo history of
// patches; it is saved to IndexedDB after every change and restored on mount. The page's own
// fill worker holds a copy of the picture in its wasm memory, so the bucket sends only the
// click and gets back only what changed (the step's undo patches), which is written here and
// repainted. Pen, eraser and shapes (strokes.js) draw on the canvas, copy the touched rectangle
// back and send it to the worker as a patch; undo and redo do the same. The panel is
// controls.js, pointer and keys input.js.
import { Scope, finder } from '../../ui/dom.js';
import { Messages } from '../../ui/messages.js';
import { TaskRunner, CANCELLED } from '../../ui/task.js';
import { keepFocusHome } from '../../ui/focus.js';
import { themeColors, onThemeChange } from '../../ui/theme.js';
import { sizeCanvas } from '../../ui/canvas.js';
import { template } from './template.js';
import { loadSettings, saveSettings, rgba, rememberColour, DRAWING_TOOLS } from './settings.js';
import { FillDocument, blankPixels, BLANK } from './document.js';
import { Strokes } from './strokes.js';
import { Controls } from './controls.js';
import { attachInput } from './input.js';
import { View } from './view.js';
import { decodeImage, imageFrom, savePng, savedName } from './io.js';
import { GapPreview } from './gap-preview.js';

/** How long after the last change the picture is saved (a 4096² save clones 64 MB)… */
const SAVE_DELAY_MS = 600;
/** …and a picture of up to a megapixel (4 MB, a few milliseconds to clone): a save made as the
 * page unloads may not land, so the usual small drawing is saved right after each edit. */
const SMALL_SAVE_DELAY_MS = 100;
const SMALL_PICTURE_PIXELS = 1 << 20;
/** Tells this page's workers apart from those of earlier visits, whose steps the saved
 * history may still name. */
const MOUNT = Math.random().toString(36).slice(2);
/** Pictures given to fill workers since the module loaded (over every visit to the page). */
let loads = 0;
/** Pictures from this size on get their fill code warmed up (see `warmUp`), on a scratch
 * picture as wide as theirs and this many pixels in all. */
const WARM_UP_FROM_PIXELS = 1024 * 1024;
const WARM_UP_PIXELS = 4 * 1024 * 1024;

export function mount(root, { engine }) {
  root.innerHTML = template();
  const scope = new Scope();
  const { $ } = finder(root);
  const viewport = $('.fill-viewport');
  const canvas = $('.fill-canvas');
  const overlay = $('.fill-overlay');
  const resultOut = $('.fill-result');
  const messages = new Messages();
  const canvasMsg = messages.slot($('[data-msg="canvas"]'));
  const fileMsg = messages.slot($('[data-msg="file"]'));
  const { settings, notice: settingsNotice } = loadSettings();
  const task = new TaskRunner($('[data-task="fill"]'), { scope, home: () => viewport });
  keepFocusHome(root, () => viewport, scope);

  // The fill runs on a worker of the page's own, which holds the picture; a cancel replaces
  // the worker, and the new one is given the picture again.
  const filler = engine.dedicated({ onRestart: () => loadHeld() });
  scope.add(() => filler.close());

  let busy = true; // until the saved picture is restored
  // Which copy of the picture the worker holds: steps it made are named by it (see onEdit).
  let holder = null;
  let strokeTimes = [];
  let hovered = null;

  const view = new View(viewport, canvas, overlay, () => { controls.showZoom(view.zoom); drawOverlay(); });
  const doc = new FillDocument(canvas, {
    onResize: (width, height) => {
      $('.fill-size').textContent = `${width} × ${height}`;
      view.fit();
    },
    // Edits made here reach the worker's copy in order, before any fill asked for later; one
    // that cannot (the worker was replaced) leaves it behind, and the next fill reloads it.
    onEdit: (edit) => {
      if (edit.whole) { loadHeld(edit.colour); return; }
      const revisions = { revision: doc.revision - 1, next: doc.revision };
      const send = () => filler.fill.patch({ patch: edit.patch, ...revisions }).catch(() => {});
      // The undo or redo of a fill the worker holding the picture now made: named, not sent
      // (it may be a whole photo's pixels); sent after all when the worker no longer keeps it.
      if (edit.made?.holder === holder) {
        filler.fill.patch({ step: edit.made.step, which: edit.which, ...revisions })
          .catch((err) => { if (err?.field === 'step') send(); });
      } else {
        send();
      }
    },
  });
  const gapPreview = new GapPreview({
    filler, doc, options: () => bucketOptions(), element: viewport, onChange: () => drawOverlay(),
    wanted: () => settings.tool === 'bucket' && settings.gap > 0 && !settings.global && !busy,
  });
  const strokes = new Strokes(doc, settings, {
    onPreview: () => drawOverlay(),
    onCommit: (tool) => { if (tool !== 'eraser') useColour(); edited(); },
  });
  const controls = new Controls(root, settings, scope, {
    tool: setTool,
    changed: () => { saveSettings(settings); drawOverlay(); refillLive(); gapPreview.update(); },
    undo, redo, save, regions: colourAllRegions,
    zoom: (kind) => {
      const { w, h } = view.size();
      if (kind === 'zoom-in') view.zoomAt(1.25, w / 2, h / 2);
      else if (kind === 'zoom-out') view.zoomAt(0.8, w / 2, h / 2);
      else if (kind === 'fit') view.fit();
      else view.actualSize();
    },
    newCanvas,
    open: openImage,
  });

  // ---- the picture, saved ----------------------------------------------------------------
  let saveTimer = 0;
  let savedRevision = -1;
  let restored = false;
  function edited() {
    controls.showHistory(doc.history, busy);
    gapPreview.update();
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveSoon, doc.width * doc.height <= SMALL_PICTURE_PIXELS ? SMALL_SAVE_DELAY_MS : SAVE_DELAY_MS);
  }
  /** Saves unless a stroke is being drawn: cloning a big picture would stall the pen for a
   * moment, so the save waits until the stroke is done (it is one edit more then anyway). */
  function saveSoon() {
    if (strokes.active) saveTimer = setTimeout(saveSoon, SAVE_DELAY_MS);
    else saveNow();
  }
  async function saveNow() {
    clearTimeout(saveTimer);
    if (!restored || doc.revision === savedRevision) return;
    const revision = doc.revision;
    const started = performance.now();
    if (await doc.save()) {
      savedRevision = revision;
      viewport.dataset.savedRevision = String(revision);
      viewport.dataset.lastSaveMs = (performance.now() - started).toFixed(1);
    }
  }
  // On the way out the save starts as early as it can (beforeunload comes before pagehide; a
  // reload fetches the page meanwhile), with its transaction committed at once (ui/storage.js).
  scope.on(window, 'beforeunload', saveNow);
  scope.on(window, 'pagehide', saveNow);
  scope.on(document, 'visibilitychange', () => { if (document.visibilityState === 'hidden') saveNow(); });

  /** Gives the fill worker a copy of the picture as it is now (its memory grows to the size
   * then, not on the first fill); `colour`: the picture is all that colour. Resolves once the
   * worker holds it; never rejects. */
  function loadHeld(colour = null) {
    holder = `${MOUNT}:${++loads}`;
    const started = performance.now();
    const { width, height, revision } = doc;
    // A blank picture is made there; any other is copied (256 MB at 8192², most of a second).
    const pixels = colour === null ? doc.pixels.slice() : null;
    const loaded = filler.fill.load(pixels ? { pixels, width, height, revision } : { colour, width, height, revision },
      { transfer: pixels ? [pixels.buffer] : [] }).then(() => {
      // For whoever waits for the page to be ready for a fill (a benchmark), and how long the
      // copy into the worker took.
      viewport.dataset.loadsHeld = String(Number(viewport.dataset.loadsHeld || 0) + 1);
      viewport.dataset.lastLoadMs = (performance.now() - started).toFixed(1);
      return true;
    }, () => false);
    if (doc.width * doc.height >= WARM_UP_FROM_PIXELS) warmUp();
    return loaded;
  }

  /** Two throwaway fills on a scratch picture with the bucket's options: the browser compiles
   * the fill's hot code fully only once it has run a while, which would otherwise slow the
   * user's first fill of a big picture. */
  function warmUp() {
    // Rows as long as the picture's, so the fill runs as it will on the picture itself.
    const width = doc.width;
    const height = Math.max(1, Math.min(doc.height, Math.floor(WARM_UP_PIXELS / width)));
    for (const color of [[1, 2, 3, 255], [255, 255, 255, 255], [1, 2, 3, 255]]) {
      const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
      filler.fill.apply({ pixels, width, height, x: 0, y: 0, color, options: { ...bucketOptions(), blend: true } },
        { transfer: [pixels.buffer] }).catch(() => {});
    }
  }

  /** Runs a change on the worker's copy of the picture at the page's revision; when the
   * worker's copy is out of date (it missed an edit), reloads it and asks once more. */
  async function changeHeld(run) {
    const revisions = () => ({ width: doc.width, height: doc.height, revision: doc.revision, next: doc.revision + 1 });
    try {
      return await run(revisions());
    } catch (err) {
      if (err?.field !== 'revision') throw err;
      await loadHeld();
      return run(revisions());
    }
  }

  // ---- tools and colours -------------------------------------------------------------------
  function setTool(id) {
    settings.tool = id;
    viewport.dataset.tool = id;
    controls.show();
    saveSettings(settings);
    drawOverlay();
    gapPreview.update();
  }
  /** The colour picker: the picture's colour at `p` becomes the colour in use. */
  function pick(p) {
    const x = Math.floor(p.x);
    const y = Math.floor(p.y);
    if (x < 0 || y < 0 || x >= doc.width || y >= doc.height) return;
    const at = (y * doc.width + x) * 4;
    const [r, g, b, a] = doc.pixels.subarray(at, at + 4);
    if (a === 0) {
      canvasMsg.show('That pixel is transparent: there is no colour to pick there.', 'info');
      return;
    }
    const hex = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    controls.setColour(hex);
    useColour();
    canvasMsg.show(`Picked ${hex}${a < 255 ? ` (the pixel is ${Math.round((a / 255) * 100)}% opaque; the opacity setting is unchanged)` : ''}.`, 'success');
  }
  function useColour() {
    rememberColour(settings, settings.colour);
    controls.renderSwatches();
    saveSettings(settings);
  }
  function undo() {
    if (busy || !doc.undo()) return;
    resultOut.textContent = '';
    edited();
  }
  function redo() {
    if (busy || !doc.redo()) return;
    edited();
  }

  // ---- the bucket --------------------------------------------------------------------------
  /** The bucket options a fill is made with (what live refilling watches). */
  const bucketOptions = () => ({
    tolerance: settings.tolerance, metric: settings.metric, connectivity: settings.connectivity, global: settings.global,
    soft: settings.soft, gap: settings.gap, grow: settings.grow,
  });
  // The last fill while it is still the last change to the picture: changing a bucket option
  // then fills again from the same seed on the pixels it started from, as the same undo step.
  let lastFill = null; // {x, y, colour, options (JSON), revision}
  let refillWaiting = false;

  function refillLive() {
    if (!lastFill || settings.tool !== 'bucket' || doc.revision !== lastFill.revision) return;
    if (JSON.stringify(bucketOptions()) === lastFill.options) return;
    // Tolerance, metric, soft edges, gaps and under lines tune the fill just made; contiguous or
    // global, and 4- or 8-connected, choose another kind of fill: they are for the next click
    // (switching back to Contiguous after a global fill quietly undid most of it).
    const made = JSON.parse(lastFill.options);
    if (made.global !== settings.global || made.connectivity !== settings.connectivity) {
      lastFill = null;
      return;
    }
    if (busy) { refillWaiting = true; return; }
    const { x, y, colour } = lastFill;
    if (!doc.undo()) return;
    bucket({ x: x + 0.5, y: y + 0.5 }, { colour, again: true });
  }

  /** Fills from `p`; `again` when it replaces the fill just undone (live options); `at`: the
   * pointer event's time stamp, from which the fill is timed (click to painted). */
  async function bucket(p, { colour = rgba(settings), again = false, at = performance.now() } = {}) {
    const x = Math.floor(p.x), y = Math.floor(p.y);
    if (x < 0 || y < 0 || x >= doc.width || y >= doc.height) {
      canvasMsg.show('Click inside the image to fill.', 'info');
      return;
    }
    if (colour[3] === 0) {
      // A fully transparent colour blended over the picture changes nothing.
      canvasMsg.show('Opacity is 0%: a fill would change nothing. Raise the opacity first.', 'info');
      return;
    }
    const started = at;
    busy = true;
    controls.showHistory(doc.history, busy);
    canvasMsg.clear();
    // Opacity below 100% paints over what is there, as in paint programs (blend).
    const options = { ...bucketOptions(), blend: true };
    const optionsKey = JSON.stringify(bucketOptions());
    lastFill = null;
    try {
      const reply = await task.run((signal) => changeHeld(
        (held) => filler.fill.apply({ ...held, x, y, color: colour, options }, { signal }),
      ), { label: 'Filling…' });
      if (reply === CANCELLED) {
        resultOut.textContent = again
          ? 'Fill cancelled: the picture is as before the fill; Redo brings the fill back.'
          : 'Fill cancelled; the image is unchanged.';
        return;
      }
      const b = reply.bounds;
      if (b) {
        doc.applyChange(b, reply.before, reply.after, 'fill', { holder, step: reply.step });
        useColour();
        lastFill = { x, y, colour, options: optionsKey, revision: doc.revision };
      }
      await new Promise((r) => requestAnimationFrame(() => r()));
      const ms = performance.now() - started;
      viewport.dataset.lastFillMs = ms.toFixed(1);
      resultOut.textContent = b
        ? `Filled ${reply.filled.toLocaleString('en')} px${reply.blended ? ` (+${reply.blended.toLocaleString('en')} soft)` : ''} in ${Math.round(ms)} ms`
        : 'Already that colour: nothing to fill';
    } catch (err) {
      canvasMsg.show(`The fill failed: ${err.message}`, 'error');
    } finally {
      busy = false;
      fillDone();
      edited();
      // Options moved while this fill ran: fill again with where they are now.
      if (refillWaiting) { refillWaiting = false; refillLive(); }
    }
  }
  /** Flats: every region of the paper enclosed by lines in a colour of its own, one undo step. */
  let regionsRevision = null; // the picture as "Colour all regions" left it
  async function colourAllRegions() {
    if (busy) return;
    if (regionsRevision === doc.revision) {
      // Once every region has its colour the paper is gone: a second press would take one
      // region's colour, or with small regions the lines', for paper and recolour that.
      canvasMsg.show('Every region is coloured already. Undo takes the colours back.', 'info');
      return;
    }
    const started = performance.now();
    busy = true;
    lastFill = null;
    controls.showHistory(doc.history, busy);
    canvasMsg.clear();
    try {
      const reply = await task.run((signal) => changeHeld(
        (held) => filler.fill.regions({ ...held, options: bucketOptions() }, { signal }),
      ), { label: 'Colouring every region…' });
      if (reply === CANCELLED) {
        resultOut.textContent = 'Cancelled; the image is unchanged.';
        return;
      }
      const b = reply.bounds;
      if (b) {
        doc.applyChange(b, reply.before, reply.after, 'regions', { holder, step: reply.step });
        regionsRevision = doc.revision;
      }
      await new Promise((r) => requestAnimationFrame(() => r()));
      const ms = Math.round(performance.now() - started);
      const n = reply.regions;
      resultOut.textContent = b
        ? `Coloured ${n.toLocaleString('en')} region${n === 1 ? '' : 's'} (${reply.filled.toLocaleString('en')} px) in ${ms} ms`
        : 'No region of paper to colour';
    } catch (err) {
      canvasMsg.show(`Colouring the regions failed: ${err.message}`, 'error');
    } finally {
      busy = false;
      fillDone();
      edited();
    }
  }

  // Fills finished (however they ended), on the viewport: the result line can read the same
  // for two fills, so whoever waits for one (a test, a benchmark) counts them instead.
  let fillsDone = 0;
  function fillDone() {
    viewport.dataset.fillsDone = String(++fillsDone);
  }

  // ---- overlay: shape preview, brush outline, gap-closing preview ---------------------------
  const octx = overlay.getContext('2d');
  function drawOverlay() {
    const dpr = window.devicePixelRatio || 1;
    const { w, h } = view.size();
    sizeCanvas(overlay, w, h);
    octx.setTransform(1, 0, 0, 1, 0, 0);
    octx.clearRect(0, 0, overlay.width, overlay.height);
    octx.setTransform(view.zoom * dpr, 0, 0, view.zoom * dpr, view.tx * dpr, view.ty * dpr);
    strokes.preview(octx);
    if (settings.tool === 'bucket') gapPreview.draw(octx, view.zoom);
    if (hovered && DRAWING_TOOLS.includes(settings.tool) && !strokes.active) {
      const { accent } = themeColors(['accent']);
      octx.lineWidth = 1.5 / view.zoom;
      octx.strokeStyle = accent;
      octx.beginPath();
      octx.arc(hovered.x, hovered.y, Math.max(settings.size / 2, 1 / view.zoom), 0, Math.PI * 2);
      octx.stroke();
    }
  }

  attachInput(viewport, scope, {
    settings, strokes, view, bucket, pick, drawOverlay, setTool, undo, redo, save,
    busy: () => busy,
    previewsGaps: () => settings.gap > 0 && !settings.global,
    // Pointer to painted for each move of the stroke under way (`data-stroke-ms`, a list, for
    // benchmarks): from the event to the frame that shows the new segment. null: a new stroke.
    stroked: (at) => {
      if (at === null) { strokeTimes = []; return; }
      requestAnimationFrame(() => {
        strokeTimes.push((performance.now() - at).toFixed(1));
        viewport.dataset.strokeMs = strokeTimes.join(',');
      });
    },
    hover: (p) => {
      hovered = p;
      gapPreview.hover(p);
      const inside = p && p.x >= 0 && p.y >= 0 && p.x < doc.width && p.y < doc.height;
      $('.fill-coords').textContent = inside ? `${Math.floor(p.x)}, ${Math.floor(p.y)}` : '';
      if (!p) drawOverlay();
    },
    setSize: (n) => { controls.setSize(n); },
    open: () => $('[data-act="open"]').click(),
    cancel: () => task.cancel(),
  });

  // ---- files -------------------------------------------------------------------------------
  /** Says why a file action waits: a fill or the region colouring is still running. */
  function sayBusy(slot, what) {
    slot.show(`${what} waits for the work under way: let it finish, or Cancel it (Esc), then try again.`, 'info');
  }
  /**
   * Opens an image from the file picker (answered beside it, in `slot`) or dropped or pasted on
   * the canvas (answered under the canvas, where the user is looking).
   */
  async function openImage(blob, slot = fileMsg) {
    if (busy) { sayBusy(slot, 'Opening an image'); return; }
    fileMsg.clear();
    canvasMsg.clear();
    try {
      const img = await decodeImage(blob, blob.name ? `“${blob.name}”` : 'The image');
      doc.replace(img.width, img.height, img.pixels, 'open');
      doc.name = blob.name || null;
      resultOut.textContent = '';
      edited();
      slot.show(`Opened ${blob.name || 'the image'} (${img.width} × ${img.height}).`, 'success');
    } catch (err) {
      slot.show(err.message, 'error');
      slot.element.scrollIntoView({ block: 'nearest' });
    }
  }
  async function save() {
    if (busy) { sayBusy(fileMsg, 'Saving'); return; }
    try {
      const name = savedName(doc.name);
      await savePng(canvas, name);
      fileMsg.show(`Saved ${name}.`, 'success');
    } catch (err) {
      fileMsg.show(err.message, 'error');
    }
  }
  function fitSize() {
    const { w, h } = view.size();
    return { width: Math.max(64, Math.floor(w - 16)), height: Math.max(64, Math.floor(h - 16)) };
  }
  function newCanvas(choice) {
    if (busy) { sayBusy(fileMsg, 'A new canvas'); return; }
    const { width, height } = choice === 'fit' ? fitSize() : (([w, h]) => ({ width: w, height: h }))(choice.split('x').map(Number));
    doc.replace(width, height, blankPixels(width, height), 'new', { colour: BLANK });
    doc.name = null;
    // The last fill's figures were about the picture that went.
    resultOut.textContent = '';
    canvasMsg.clear();
    edited();
    fileMsg.show(`New ${width} × ${height} canvas. Undo brings the previous one back.`, 'info');
  }
  let dragDepth = 0;
  scope.on(viewport, 'dragenter', (e) => { e.preventDefault(); dragDepth++; viewport.classList.add('dragging'); });
  scope.on(viewport, 'dragover', (e) => { e.preventDefault(); });
  scope.on(viewport, 'dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; viewport.classList.remove('dragging'); } });
  scope.on(viewport, 'drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    viewport.classList.remove('dragging');
    const file = imageFrom(e.dataTransfer);
    if (file) openImage(file, canvasMsg);
    else canvasMsg.show('Nothing to open: drop an image file.', 'error');
  });
  scope.on(window, 'paste', (e) => {
    const file = imageFrom(e.clipboardData);
    if (file) { e.preventDefault(); openImage(file, canvasMsg); }
  });

  // ---- start -------------------------------------------------------------------------------
  scope.onResize(viewport, () => drawOverlay());
  scope.add(onThemeChange(drawOverlay));
  viewport.dataset.tool = settings.tool;
  controls.show();
  const start = fitSize();
  doc.set(start.width, start.height, blankPixels(start.width, start.height), { colour: BLANK });
  controls.showHistory(doc.history, busy);
  if (settingsNotice) fileMsg.show(settingsNotice, 'warning');
  canvasMsg.show('Restoring your drawing…', 'info');
  doc.restore().then(({ restored: found, notice }) => {
    if (scope.disposed) return;
    canvasMsg.clear();
    if (notice) canvasMsg.show(notice, 'warning');
    if (found) savedRevision = doc.revision;
    restored = true;
    busy = false;
    viewport.dataset.restored = found ? 'saved' : 'blank';
    controls.showHistory(doc.history, busy);
  });

  // Test and automation hook: read the document without going through the canvas.
  viewport.fillDocument = () => ({ width: doc.width, height: doc.height, pixels: doc.pixels, undoSteps: doc.history.undoSteps.length, revision: doc.revision });

  return () => {
    saveNow();
    scope.dispose();
  };
}
