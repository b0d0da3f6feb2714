// Draws the board on a canvas (crisp at any devicePixelRatio, colours from the theme) and maps
// pointer positions to cells. It draws what it is given and holds no game state.
import { themeColors } from '../../ui/theme.js';
import { bit, digitsOf, unitCells, rowOf, colOf } from './model.js';

const COLOR_NAMES = ['bg', 'surface', 'surface-2', 'border', 'text', 'text-muted', 'accent', 'accent-strong',
  'accent-soft', 'danger', 'danger-soft', 'success', 'success-soft', 'warning', 'warning-soft'];

/** Colours for the roles a candidate can play in a logic step. */
function roleColors(c, dark) {
  // Pattern candidates are solid discs (they carry the argument); removals stay light and struck.
  const ink = c.surface;
  return {
    pattern: { fill: c.accent, text: ink },
    on: { fill: c.success, text: ink },
    off: { fill: c.warning, text: ink },
    fin: { fill: dark ? '#e599f7' : '#9c36b5', text: ink },
    elim: { fill: c['danger-soft'], text: c.danger },
  };
}

export class Board {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.size = 0;
    this.view = null;
    this.refreshColors();
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
  }

  destroy() {
    this.resizeObserver.disconnect();
  }

  refreshColors() {
    this.colors = themeColors(COLOR_NAMES);
    const bg = this.colors.surface || '#fff';
    this.dark = luminance(bg) < 0.4;
    this.roles = roleColors(this.colors, this.dark);
  }

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const size = Math.max(1, Math.round(rect.width * dpr));
    if (size !== this.canvas.width) {
      this.canvas.width = size;
      this.canvas.height = size;
    }
    this.size = size;
    this.canvas.style.borderRadius = `${Math.round(size * 0.02) / dpr}px`;
    this.draw(this.view);
  }

  /** The cell (0–80) under a pointer position, or -1. */
  cellAt(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    if (!rect.width || !this.geom) return -1;
    const scale = this.canvas.width / rect.width;
    const x = (clientX - rect.left) * scale;
    const y = (clientY - rect.top) * scale;
    if (x < 0 || y < 0 || x >= this.canvas.width || y >= this.canvas.height) return -1;
    const { inset, cs } = this.geom;
    const clamp = (v) => Math.min(8, Math.max(0, Math.floor((v - inset) / cs)));
    return clamp(y) * 9 + clamp(x);
  }

  /**
   * view: {values, kinds[], marks[], selected, selection:Set, conflicts:Set, mistakes:Set, flagged:Set,
   *        highlightDigit, pencil, hint: {stage:'look'|'name'|'cells'|'show', step, region, missing} | null,
   *        changed:Set, solvedGlow}
   */
  draw(view) {
    this.view = view;
    if (!view || this.size < 40) return;
    const { ctx, colors: c } = this;
    const S = this.size;
    const outer = Math.max(2, Math.round(S / 150));
    const inset = outer;
    const radius = Math.round(S * 0.02);
    const cs = (S - 2 * inset) / 9;
    this.geom = { inset, cs, outer, radius };
    const x0 = (cell) => inset + colOf(cell) * cs;
    const y0 = (cell) => inset + rowOf(cell) * cs;
    const fillCell = (cell, color) => { ctx.fillStyle = color; ctx.fillRect(x0(cell), y0(cell), cs, cs); };

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, S, S);
    ctx.save();
    roundRect(ctx, 0, 0, S, S, radius);
    ctx.clip();
    ctx.fillStyle = c.surface;
    ctx.fillRect(0, 0, S, S);

    if (view.paused) {
      // A paused game hides the board (no peeking while the clock stands still).
      this.drawGridLines(inset, cs);
      ctx.restore();
      ctx.fillStyle = c['text-muted'];
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = c.surface;
      ctx.fillRect(S * 0.2, S * 0.42, S * 0.6, S * 0.16);
      ctx.fillStyle = c.text;
      ctx.font = `600 ${Math.round(cs * 0.45)}px ${getComputedStyle(this.canvas).fontFamily || 'sans-serif'}`;
      ctx.fillText('Paused — tap to continue', S / 2, S / 2);
      return;
    }

    const { values, selected, highlightDigit } = view;
    const hint = view.hint;

    // Backgrounds, weakest first.
    if (selected >= 0 && !hint) {
      const peers = new Set([...unitCells({ kind: 'row', index: rowOf(selected) }),
        ...unitCells({ kind: 'column', index: colOf(selected) }),
        ...unitCells({ kind: 'box', index: Math.floor(selected / 27) * 3 + Math.floor((selected % 9) / 3) })]);
      for (const p of peers) fillCell(p, c['surface-2']);
    }
    if (highlightDigit && !hint) {
      for (let i = 0; i < 81; i++) if (values[i] === highlightDigit) fillCell(i, c['accent-soft']);
    }
    const showing = hint && hint.stage === 'show';
    if (hint && !showing) {
      // Stages one to three: the region to look at, nothing more.
      for (const cell of hint.region || []) fillCell(cell, c['warning-soft']);
    }
    if (showing) {
      for (const u of hint.step.units || []) for (const cell of unitCells(u)) fillCell(cell, c['warning-soft']);
      for (const { cell } of hint.step.placements || []) fillCell(cell, c['success-soft']);
    }
    for (const cell of view.conflicts) fillCell(cell, c['danger-soft']);
    for (const cell of view.mistakes) fillCell(cell, c['danger-soft']);
    for (const cell of view.selection || []) {
      ctx.fillStyle = c['accent-soft'];
      ctx.fillRect(x0(cell), y0(cell), cs, cs);
    }

    this.drawGridLines(inset, cs);
    ctx.restore();

    // Digits.
    const fontFamily = getComputedStyle(this.canvas).fontFamily || 'system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < 81; i++) {
      const v = values[i];
      if (!v) continue;
      const kind = view.kinds[i];
      let color = kind === 'given' ? c.text : kind === 'solved' ? c.success : c['accent-strong'];
      if (view.conflicts.has(i) || view.mistakes.has(i)) color = c.danger;
      const weight = kind === 'given' ? 650 : 500;
      ctx.font = `${weight} ${Math.round(cs * 0.6)}px ${fontFamily}`;
      ctx.fillStyle = color;
      ctx.fillText(String(v), x0(i) + cs / 2, y0(i) + cs * 0.54);
      if (kind === 'solved') {
        // A small underline tells solver digits from the player's even without colour.
        ctx.globalAlpha = 0.55;
        ctx.fillRect(x0(i) + cs * 0.4, y0(i) + cs * 0.86, cs * 0.2, Math.max(1, cs * 0.025));
        ctx.globalAlpha = 1;
      }
    }

    // Pencil marks (and, for a hint, the candidates the step talks about).
    const roleOf = new Map();
    const missing = (showing && hint.missing) || [];
    if (showing) {
      for (const { cell, digit, role } of hint.step.candidates || []) roleOf.set(cell * 10 + digit, role);
      for (const { cell, digit } of hint.step.eliminations || []) roleOf.set(cell * 10 + digit, 'elim');
    }
    const markFont = `600 ${Math.max(7, Math.round(cs * 0.25))}px ${fontFamily}`;
    ctx.font = markFont;
    const placing = new Set(showing ? (hint.step.placements || []).map((p) => p.cell) : []);
    for (let i = 0; i < 81; i++) {
      if (values[i] || placing.has(i)) continue;
      let mask = view.marks[i] | (missing[i] || 0);
      if (showing) {
        for (const [key] of roleOf) if (Math.floor(key / 10) === i) mask |= bit(key % 10);
      }
      for (const d of digitsOf(mask)) {
        const [mx, my] = this.markCenter(i, d);
        const role = roleOf.get(i * 10 + d);
        const r = cs * 0.155;
        // A candidate the step needs but the player has not written: a dashed ring, never a mark.
        const unwritten = showing && !(view.marks[i] & bit(d));
        if (unwritten) {
          ctx.save();
          ctx.strokeStyle = c['text-muted'];
          ctx.lineWidth = Math.max(1, cs * 0.018);
          ctx.setLineDash([cs * 0.035, cs * 0.03]);
          ctx.beginPath(); ctx.arc(mx, my, r, 0, Math.PI * 2); ctx.stroke();
          ctx.restore();
        }
        if (role) {
          const rc = this.roles[role] || this.roles.pattern;
          ctx.fillStyle = rc.fill;
          if (unwritten) ctx.globalAlpha = 0.6;
          ctx.beginPath(); ctx.arc(mx, my, unwritten ? r * 0.8 : r, 0, Math.PI * 2); ctx.fill();
          ctx.globalAlpha = 1;
          ctx.fillStyle = rc.text;
        } else if (unwritten) {
          ctx.fillStyle = c['text-muted'];
        } else if (highlightDigit === d && !hint) {
          ctx.fillStyle = c['accent-soft'];
          ctx.beginPath(); ctx.arc(mx, my, r, 0, Math.PI * 2); ctx.fill();
          ctx.fillStyle = c['accent-strong'];
        } else {
          ctx.fillStyle = c['text-muted'];
        }
        ctx.font = markFont;
        ctx.fillText(String(d), mx, my + cs * 0.01);
        if (role === 'elim') {
          ctx.strokeStyle = c.danger;
          ctx.lineWidth = Math.max(1.5, cs * 0.035);
          ctx.beginPath();
          ctx.moveTo(mx - r * 0.9, my + r * 0.9);
          ctx.lineTo(mx + r * 0.9, my - r * 0.9);
          ctx.stroke();
        }
      }
    }

    // Hint placements: the digit to place, drawn as a ghost in the success colour.
    if (showing) {
      this.drawBlockers(hint.step.blockers || [], hint.step.placements || []);
      for (const { cell, digit } of hint.step.placements || []) {
        ctx.font = `600 ${Math.round(cs * 0.6)}px ${fontFamily}`;
        ctx.fillStyle = c.success;
        ctx.globalAlpha = 0.85;
        ctx.fillText(String(digit), x0(cell) + cs / 2, y0(cell) + cs * 0.54);
        ctx.globalAlpha = 1;
      }
      this.drawLinks(hint.step.links || [], hint.chain);
    }

    // Outlines on top: hint cells, flagged cells, the selection.
    const outline = (cell, color, width, dash = []) => {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.setLineDash(dash);
      const w = width / 2 + 1;
      ctx.strokeRect(x0(cell) + w, y0(cell) + w, cs - 2 * w, cs - 2 * w);
      ctx.setLineDash([]);
    };
    // The cells are outlined from the third stage on; before that only the region shows.
    if (hint && (hint.stage === 'cells' || showing)) {
      for (const cell of hint.step.cells || []) outline(cell, c.warning, Math.max(2, cs * (showing ? 0.035 : 0.06)));
    }
    // What an applied step changed, until the player moves on.
    for (const cell of view.changed || []) outline(cell, c.success, Math.max(2, cs * 0.05));
    for (const cell of view.flagged) outline(cell, c.danger, Math.max(2, cs * 0.07));
    if (view.selection && view.selection.size > 1) {
      for (const cell of view.selection) if (cell !== selected) outline(cell, c.accent, Math.max(1.5, cs * 0.03));
    }
    if (selected >= 0) outline(selected, view.pencil ? c.warning : c.accent, Math.max(2, cs * 0.06), view.pencil ? [cs * 0.12, cs * 0.08] : []);
  }

  /** A single's reasons: each placed digit that rules the digit out of another cell of the unit
   *  (or another digit out of the cell) is circled, with a line to the cell it blocks, and a
   *  blocked empty cell gets a cross. */
  drawBlockers(blockers, placements) {
    if (!blockers.length) return;
    const { ctx, colors: c } = this;
    const { inset, cs } = this.geom;
    const centre = (cell) => [inset + (cell % 9 + 0.5) * cs, inset + (Math.floor(cell / 9) + 0.5) * cs];
    const target = new Set(placements.map((p) => p.cell));
    ctx.save();
    ctx.strokeStyle = c.danger;
    ctx.lineWidth = Math.max(1.5, cs * 0.035);
    ctx.lineCap = 'round';
    const circled = new Set();
    for (const { from, blocks } of blockers) {
      const [ax, ay] = centre(from);
      const [bx, by] = centre(blocks);
      const len = Math.hypot(bx - ax, by - ay) || 1;
      const [ux, uy] = [(bx - ax) / len, (by - ay) / len];
      // From the edge of the circle to just short of the blocked cell's centre.
      ctx.globalAlpha = 0.45;
      ctx.setLineDash([cs * 0.08, cs * 0.07]);
      ctx.beginPath();
      ctx.moveTo(ax + ux * cs * 0.38, ay + uy * cs * 0.38);
      ctx.lineTo(bx - ux * cs * 0.3, by - uy * cs * 0.3);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
      if (!circled.has(from)) {
        circled.add(from);
        ctx.beginPath(); ctx.arc(ax, ay, cs * 0.38, 0, Math.PI * 2); ctx.stroke();
      }
      if (!target.has(blocks)) {
        const k = cs * 0.16;
        ctx.globalAlpha = 0.7;
        ctx.beginPath();
        ctx.moveTo(bx - k, by - k); ctx.lineTo(bx + k, by + k);
        ctx.moveTo(bx + k, by - k); ctx.lineTo(bx - k, by + k);
        ctx.stroke();
        ctx.globalAlpha = 1;
      }
    }
    ctx.restore();
  }

  markCenter(cell, d) {
    const { inset, cs } = this.geom;
    const sub = (d - 1);
    return [inset + colOf(cell) * cs + cs * (0.2 + 0.3 * (sub % 3)),
      inset + rowOf(cell) * cs + cs * (0.2 + 0.3 * Math.floor(sub / 3))];
  }

  drawGridLines(inset, cs) {
    const { ctx, colors: c, size: S } = this;
    const { outer, radius } = this.geom;
    const thin = Math.max(1, Math.round(S / 500));
    const thick = Math.max(2, Math.round(S / 220));
    ctx.fillStyle = c.border;
    for (let k = 1; k < 9; k++) {
      if (k % 3 === 0) continue;
      const p = Math.round(inset + k * cs - thin / 2);
      ctx.fillRect(inset, p, 9 * cs, thin);
      ctx.fillRect(p, inset, thin, 9 * cs);
    }
    const strong = this.dark ? c['text-muted'] : c.text;
    ctx.fillStyle = strong;
    for (const k of [3, 6]) {
      const p = Math.round(inset + k * cs - thick / 2);
      ctx.fillRect(inset, p, 9 * cs, thick);
      ctx.fillRect(p, inset, thick, 9 * cs);
    }
    ctx.strokeStyle = strong;
    ctx.lineWidth = outer;
    roundRect(ctx, outer / 2, outer / 2, S - outer, S - outer, Math.max(0, radius - outer / 2));
    ctx.stroke();
  }

  /**
   * Draws a chain's links as arrows. While the chain is walked (`walk`: its layers and the
   * deepest one shown), links beyond it are left out and those before the newest layer faded.
   */
  drawLinks(links, walk = null) {
    const { ctx, colors: c } = this;
    const { cs } = this.geom;
    ctx.save();
    ctx.lineWidth = Math.max(1.5, cs * (links.length > 24 ? 0.03 : 0.04));
    ctx.lineCap = 'round';
    const walking = walk && walk.upTo < walk.count;
    for (const [i, { from, to, strong }] of links.entries()) {
      if (walking && walk.layers[i] > walk.upTo) continue;
      ctx.globalAlpha = walking && walk.layers[i] < walk.upTo ? 0.3 : 1;
      const [ax, ay] = this.markCenter(from.cell, from.digit);
      const [bx, by] = this.markCenter(to.cell, to.digit);
      const dx = bx - ax;
      const dy = by - ay;
      const len = Math.hypot(dx, dy) || 1;
      const r = cs * 0.17;
      // Start and end just outside the candidate discs, bent a little so lines do not hide digits.
      const sx = ax + (dx / len) * r;
      const sy = ay + (dy / len) * r;
      const ex = bx - (dx / len) * r;
      const ey = by - (dy / len) * r;
      const bend = Math.min(cs * 0.6, len * 0.18);
      const mx = (sx + ex) / 2 - (dy / len) * bend;
      const my = (sy + ey) / 2 + (dx / len) * bend;
      const color = strong ? c['accent-strong'] : c.warning;
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.setLineDash(strong ? [] : [cs * 0.1, cs * 0.08]);
      ctx.beginPath();
      ctx.moveTo(sx, sy);
      ctx.quadraticCurveTo(mx, my, ex, ey);
      ctx.stroke();
      ctx.setLineDash([]);
      const angle = Math.atan2(ey - my, ex - mx);
      const head = cs * 0.14;
      ctx.beginPath();
      ctx.moveTo(ex, ey);
      ctx.lineTo(ex - head * Math.cos(angle - 0.45), ey - head * Math.sin(angle - 0.45));
      ctx.lineTo(ex - head * Math.cos(angle + 0.45), ey - head * Math.sin(angle + 0.45));
      ctx.closePath();
      ctx.fill();
    }
    ctx.restore();
  }
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Relative luminance (0–1) of a #rrggbb colour; 1 for anything else. */
function luminance(hex) {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return 1;
  const n = parseInt(m[1], 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
}
