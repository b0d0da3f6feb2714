// Canvas geometry and drawing for square, hex and triangle boards (odd rows of hexes shifted
// half a cell right, as on the Meteor board; triangle (col, row) points up when col + row is
// even, and neighbours in a row share a slanted edge).

const SQRT3 = Math.sqrt(3);

/** Whether triangle cell (c, row) points up. */
export const pointsUp = (c, row) => ((c + row) & 1) === 0;

/** How far a box's first column and row may move without changing its cells' look. */
export const gridStep = (kind) => (kind === 'tri' ? [2, 2] : kind === 'hex' ? [1, 2] : [1, 1]);

/**
 * Layout of a `width`×`height` board of `kind` fitted into `maxWidth` CSS pixels (and
 * `maxHeight`, when given, down to the smallest cells it allows).
 */
export function layout(kind, width, height, maxWidth, maxCell = 44, maxHeight = Infinity) {
  const pad = 6;
  const room = maxHeight - 2 * pad;
  if (kind === 'hex') {
    // Pointy-top hexes: cell width w = √3·r, row pitch 1.5·r.
    const r = Math.max(6, Math.min(maxCell / SQRT3, (maxWidth - 2 * pad) / (SQRT3 * (width + 0.5)), room / (1.5 * height + 0.5)));
    const w = SQRT3 * r;
    return {
      kind, width, height, r, pad,
      cssWidth: Math.ceil(2 * pad + w * (width + 0.5)),
      cssHeight: Math.ceil(2 * pad + r * (1.5 * height + 0.5)),
      centre(c, row) { return [pad + w * (c + 0.5 + (row & 1) * 0.5), pad + r + 1.5 * r * row]; },
    };
  }
  if (kind === 'tri') {
    // Triangles of side s, rows h = s·√3/2 apart; cell c starts s/2·c from the left.
    const s = Math.max(10, Math.min(maxCell * 1.3, (maxWidth - 2 * pad) / ((width + 1) / 2), room / ((SQRT3 / 2) * height)));
    const h = (s * SQRT3) / 2;
    return {
      kind, width, height, s, h, pad,
      cssWidth: Math.ceil(2 * pad + (s * (width + 1)) / 2),
      cssHeight: Math.ceil(2 * pad + h * height),
      centre(c, row) { return [pad + (s * c) / 2 + s / 2, pad + h * row + (pointsUp(c, row) ? (2 * h) / 3 : h / 3)]; },
    };
  }
  const s = Math.max(8, Math.min(maxCell, (maxWidth - 2 * pad) / width, room / height));
  return {
    kind, width, height, s, pad,
    cssWidth: Math.ceil(2 * pad + s * width),
    cssHeight: Math.ceil(2 * pad + s * height),
    centre(c, row) { return [pad + s * (c + 0.5), pad + s * (row + 0.5)]; },
  };
}

/** Whether the point is inside the polygon (a convex cell outline). */
function inside(pts, x, y) {
  let sign = 0;
  for (let i = 0; i < pts.length; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[(i + 1) % pts.length];
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** The cell `[col, row]` under the point `(x, y)` (CSS pixels), or null. */
export function cellAt(lay, x, y) {
  if (lay.kind === 'tri') {
    const row = Math.floor((y - lay.pad) / lay.h);
    if (row < 0 || row >= lay.height) return null;
    const c0 = Math.floor(((x - lay.pad) * 2) / lay.s) - 1;
    for (let c = Math.max(0, c0); c <= Math.min(lay.width - 1, c0 + 2); c++) {
      if (inside(corners(lay, c, row), x, y)) return [c, row];
    }
    return null;
  }
  let best = null;
  let bestD = Infinity;
  const row0 = Math.floor((y - lay.pad) / (lay.kind === 'hex' ? 1.5 * lay.r : lay.s));
  for (let row = Math.max(0, row0 - 1); row <= Math.min(lay.height - 1, row0 + 1); row++) {
    for (let c = 0; c < lay.width; c++) {
      const [cx, cy] = lay.centre(c, row);
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (d < bestD) { bestD = d; best = [c, row]; }
    }
  }
  const limit = lay.kind === 'hex' ? lay.r : lay.s * 0.72;
  return best && bestD <= limit * limit ? best : null;
}

/** The outline of a cell as a list of corner points. */
function corners(lay, c, row, inset = 0) {
  const [cx, cy] = lay.centre(c, row);
  if (lay.kind === 'tri') {
    const x0 = lay.pad + (lay.s * c) / 2;
    const y0 = lay.pad + lay.h * row;
    const { s, h } = lay;
    // Up: apex, lower right, lower left. Down: upper left, upper right, bottom apex.
    const pts = pointsUp(c, row)
      ? [[x0 + s / 2, y0], [x0 + s, y0 + h], [x0, y0 + h]]
      : [[x0, y0], [x0 + s, y0], [x0 + s / 2, y0 + h]];
    // Moving every edge `inset` inwards shrinks the triangle about its centre.
    const k = Math.max(0, 1 - (3 * inset) / h);
    return pts.map(([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k]);
  }
  if (lay.kind === 'hex') {
    const r = lay.r - inset;
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 180 * (60 * i - 90);
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
    return pts;
  }
  const h = lay.s / 2 - inset;
  return [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]];
}

function pathOf(ctx, pts) {
  ctx.beginPath();
  pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.closePath();
}

/** The neighbour across each edge of a cell's outline (same order as `corners` edges). */
function edgeNeighbours(kind, c, row) {
  if (kind === 'tri') {
    return pointsUp(c, row)
      ? [[c + 1, row], [c, row + 1], [c - 1, row]]
      : [[c, row - 1], [c + 1, row], [c - 1, row]];
  }
  if (kind === 'hex') {
    // Edges from the top corner clockwise: NE, E, SE, SW, W, NW.
    const odd = row & 1;
    return [
      [c + odd, row - 1], [c + 1, row], [c + odd, row + 1],
      [c - 1 + odd, row + 1], [c - 1, row], [c - 1 + odd, row - 1],
    ];
  }
  return [[c, row - 1], [c + 1, row], [c, row + 1], [c - 1, row]];
}

// Twelve colours far apart, hand-picked (hues a golden angle apart put two reds, two
// magentas and three greens among the first twelve): enough for Meteor's ten pieces and the
// twelve pentominoes. Lighter on the dark theme.
const PIECE_COLOURS_LIGHT = ['#f08c00', '#1971c2', '#2f9e44', '#e64980', '#7048e8', '#0ca678',
  '#e03131', '#fcc419', '#66a80f', '#15aabf', '#9c36b5', '#a0522d'];
const PIECE_COLOURS_DARK = ['#ffa94d', '#4dabf7', '#51cf66', '#f783ac', '#9775fa', '#38d9a9',
  '#ff6b6b', '#ffe066', '#a9e34b', '#3bc9db', '#da77f2', '#d08c60'];

/** A colour per piece copy, readable in light and dark themes. */
export function pieceColour(i, dark) {
  const named = dark ? PIECE_COLOURS_DARK : PIECE_COLOURS_LIGHT;
  if (i < named.length) return named[i];
  const hue = (i * 137.508 + 20) % 360;
  const light = dark ? 58 + (i % 3) * 6 : 56 + (i % 3) * 7;
  const sat = dark ? 55 : 68;
  return `hsl(${hue.toFixed(1)} ${sat}% ${light}%)`;
}

const outlineWidth = (lay) => (lay.kind === 'hex' ? Math.max(1.5, lay.r / 9) : Math.max(1.5, lay.s / (lay.kind === 'tri' ? 20 : 16)));

/** The edges drawn thick: between different pieces, and around the board. */
function outlineSegments(lay, cells, labels) {
  const { width, height, kind } = lay;
  const labelAt = (c, row) => {
    if (c < 0 || row < 0 || c >= width || row >= height) return -2;
    if (!cells[row * width + c]) return -2;
    return labels ? labels[row * width + c] : -1;
  };
  const segments = [];
  for (let row = 0; row < height; row++) {
    for (let c = 0; c < width; c++) {
      const me = labelAt(c, row);
      if (me === -2) continue;
      const pts = corners(lay, c, row);
      const nbs = edgeNeighbours(kind, c, row);
      for (let e = 0; e < nbs.length; e++) {
        const other = labelAt(nbs[e][0], nbs[e][1]);
        if (other === me && (me >= 0 || other !== -2)) continue;
        if (other !== -2 && me < 0) continue;
        segments.push([pts[e], pts[(e + 1) % pts.length]]);
      }
    }
  }
  return segments;
}

/**
 * The board with its pieces as a standalone SVG document (light colours, for sharing and
 * printing): the same cells, colours and outlines as the canvas.
 */
export function boardSvg(lay, { cells, labels }) {
  const f = (n) => Number(n.toFixed(2));
  const points = (pts) => pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
  const parts = [];
  for (let row = 0; row < lay.height; row++) {
    for (let c = 0; c < lay.width; c++) {
      if (!cells[row * lay.width + c]) continue;
      const l = labels ? labels[row * lay.width + c] : -1;
      const fill = l >= 0 ? pieceColour(l, false) : '#eef0f4';
      parts.push(`<polygon points="${points(corners(lay, c, row, 0.5))}" fill="${fill}" stroke="rgba(0,0,0,0.12)"/>`);
    }
  }
  const path = outlineSegments(lay, cells, labels)
    .map(([a, b]) => `M${f(a[0])} ${f(a[1])}L${f(b[0])} ${f(b[1])}`)
    .join('');
  parts.push(`<path d="${path}" fill="none" stroke="#1d2330" stroke-width="${f(outlineWidth(lay))}" stroke-linecap="round"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lay.cssWidth}" height="${lay.cssHeight}" viewBox="0 0 ${lay.cssWidth} ${lay.cssHeight}">\n<rect width="100%" height="100%" fill="#ffffff"/>\n${parts.join('\n')}\n</svg>\n`;
}

/**
 * Draws the board: `cells` (row-major booleans), optional `labels` (piece copy per cell, -1
 * for none), theme `colors` ({surface-2, border, text, bg}).
 */
export function drawBoard(canvas, lay, { cells, labels = null, colors, dark, hover = null, scale = null }) {
  const dpr = scale ?? (window.devicePixelRatio || 1);
  canvas.width = Math.round(lay.cssWidth * dpr);
  canvas.height = Math.round(lay.cssHeight * dpr);
  canvas.style.width = `${lay.cssWidth}px`;
  canvas.style.height = `${lay.cssHeight}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, lay.cssWidth, lay.cssHeight);
  const { width, height } = lay;
  // Cells.
  for (let row = 0; row < height; row++) {
    for (let c = 0; c < width; c++) {
      const on = cells[row * width + c];
      const pts = corners(lay, c, row, 0.5);
      pathOf(ctx, pts);
      if (on) {
        const l = labels ? labels[row * width + c] : -1;
        ctx.fillStyle = l >= 0 ? pieceColour(l, dark) : colors['surface-2'];
        ctx.fill();
        ctx.strokeStyle = l >= 0 ? 'rgba(0,0,0,0.12)' : colors.border;
        ctx.lineWidth = 1;
        ctx.stroke();
      } else if (!labels) {
        // Drawing mode: show where a cell could go.
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = colors.border;
        ctx.lineWidth = 1;
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
  }
  // Piece outlines: thick edges between different pieces and around the board.
  ctx.strokeStyle = colors.text;
  ctx.lineCap = 'round';
  ctx.lineWidth = outlineWidth(lay);
  ctx.beginPath();
  for (const [a, b] of outlineSegments(lay, cells, labels)) {
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
  }
  ctx.stroke();
  if (hover) {
    pathOf(ctx, corners(lay, hover[0], hover[1], 2));
    ctx.strokeStyle = colors.accent;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
}

/** Draws a small picture of a piece (cells as drawn `[col, row]`) into a canvas. */
export function drawPiece(canvas, kind, cells, colour, outline) {
  const [colStep, rowStep] = gridStep(kind);
  let minC = Math.min(...cells.map((p) => p[0]));
  let minR = Math.min(...cells.map((p) => p[1]));
  minC -= ((minC % colStep) + colStep) % colStep;
  minR -= ((minR % rowStep) + rowStep) % rowStep;
  const w = Math.max(...cells.map((p) => p[0])) - minC + 1;
  const h = Math.max(...cells.map((p) => p[1])) - minR + 1;
  const lay = layout(kind, w, h, 64, 12);
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(lay.cssWidth * dpr);
  canvas.height = Math.round(lay.cssHeight * dpr);
  canvas.style.width = `${lay.cssWidth}px`;
  canvas.style.height = `${lay.cssHeight}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  for (const [c, r] of cells) {
    pathOf(ctx, corners(lay, c - minC, r - minR, 0.5));
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = outline;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}
