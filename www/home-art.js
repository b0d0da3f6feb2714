// The pictures on the home page's tool cards: each shows its tool at work, drawn as SVG so
// that it is sharp at any size and takes the theme's colours (app.css styles the classes).

const svg = (body) => `<svg viewBox="0 0 240 100" preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">${body}</svg>`;

/** A corner of a game: givens, a played digit, pencil marks, the selected cell. */
function sudoku() {
  const size = 22;
  const x0 = 21;
  const y0 = 6;
  const givens = { '0,0': 5, '1,1': 9, '2,4': 7, '0,5': 1, '3,3': 8, '1,7': 6, '3,8': 2, '2,9': 4 };
  const played = { '0,3': 3, '2,1': 4 };
  const marks = { '1,2': [1, 2, 7], '2,6': [3, 8], '3,5': [5, 6, 9] };
  let cells = '';
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 9; c++) {
      const key = `${r},${c}`;
      const x = x0 + c * size;
      const y = y0 + r * size;
      const cls = key === '1,4' ? 'a-selected' : r === 1 || c === 4 ? 'a-peer' : 'a-cell';
      cells += `<rect class="${cls}" x="${x}" y="${y}" width="${size}" height="${size}"/>`;
      if (givens[key]) cells += `<text class="a-given" x="${x + size / 2}" y="${y + size / 2 + 5}">${givens[key]}</text>`;
      if (played[key]) cells += `<text class="a-played" x="${x + size / 2}" y="${y + size / 2 + 5}">${played[key]}</text>`;
      for (const d of marks[key] || []) {
        const mx = x + 4 + ((d - 1) % 3) * 7;
        const my = y + 7 + Math.floor((d - 1) / 3) * 7;
        cells += `<text class="a-mark" x="${mx}" y="${my}">${d}</text>`;
      }
    }
  }
  let lines = '';
  for (let c = 0; c <= 9; c++) {
    lines += `<line class="${c % 3 === 0 ? 'a-thick' : 'a-thin'}" x1="${x0 + c * size}" y1="${y0}" x2="${x0 + c * size}" y2="${y0 + 4 * size}"/>`;
  }
  for (let r = 0; r <= 4; r++) {
    lines += `<line class="${r === 0 ? 'a-thick' : 'a-thin'}" x1="${x0}" y1="${y0 + r * size}" x2="${x0 + 9 * size}" y2="${y0 + r * size}"/>`;
  }
  return svg(`<rect class="a-bg" width="240" height="100"/>${cells}${lines}<rect class="a-cursor" x="${x0 + 4 * size + 1}" y="${y0 + size + 1}" width="${size - 2}" height="${size - 2}" rx="2"/>`);
}

/** Line art with two of its regions filled, and the bucket. */
function fill() {
  // Two circles 56 apart, radius 34: they cross at (101, 50 ± 19.3).
  return svg(`<rect class="a-paper" width="240" height="100"/>
    <path class="a-fill-1" d="M101 30.7A34 34 0 1 0 101 69.3A34 34 0 0 1 101 30.7z"/>
    <path class="a-fill-2" d="M101 30.7A34 34 0 0 0 101 69.3A34 34 0 0 0 101 30.7z"/>
    <circle class="a-ink" cx="73" cy="50" r="34"/><circle class="a-ink" cx="129" cy="50" r="34"/>
    <g transform="translate(177 34) rotate(-18)">
      <path class="a-bucket" d="M0 8h26l-4 28h-18z"/><path class="a-ink" d="M0 8q13-14 26 0"/>
    </g>
    <path class="a-fill-1" d="M181 74q5 9 0 13q-5-4 0-13z"/>`);
}

/** A row of the board: face-down cards, a 2, a 3, a Voltorb, and the row's clue. */
function voltorb() {
  const card = (x, inner, cls = 'a-card-down') => `<g transform="translate(${x} 32)"><rect class="${cls}" width="32" height="32" rx="5"/>${inner}</g>`;
  const digit = (d) => `<text class="a-card-digit" x="16" y="23">${d}</text>`;
  const voltorbIcon = '<circle class="a-volt-top" cx="16" cy="16" r="10"/><path class="a-volt-bottom" d="M6 16a10 10 0 0 0 20 0z"/><circle class="a-volt-eye" cx="12.5" cy="13" r="1.8"/><circle class="a-volt-eye" cx="19.5" cy="13" r="1.8"/>';
  return svg(`<rect class="a-board" width="240" height="100"/>
    ${card(16, '')}${card(53, digit(2), 'a-card-up')}${card(90, '')}${card(127, digit(3), 'a-card-up')}${card(164, voltorbIcon, 'a-card-up')}
    <g transform="translate(201 32)"><rect class="a-clue" width="26" height="32" rx="5"/><text class="a-clue-text" x="13" y="14">6</text><text class="a-clue-text" x="13" y="28">1</text></g>`);
}

// A real tiling of the 5×12 box by the twelve pentominoes (from `gridwise poly solve`).
const PENTOMINO_ROWS = ['LLLLFIIIIINN', 'LXFFFZZWNNNT', 'XXXFPVZWWTTT', 'UXUPPVZZWWYT', 'UUUPPVVVYYYY'];

/** The twelve pentominoes in a box, each its own colour, outlined where pieces meet. */
function poly() {
  const size = 20;
  const letters = [...new Set(PENTOMINO_ROWS.join(''))];
  let body = '';
  PENTOMINO_ROWS.forEach((row, r) => [...row].forEach((letter, c) => {
    body += `<rect class="a-piece a-piece-${letters.indexOf(letter) % 6}" x="${c * size}" y="${r * size}" width="${size}" height="${size}"/>`;
  }));
  // Edges between different pieces, and the outside.
  const at = (r, c) => PENTOMINO_ROWS[r]?.[c];
  PENTOMINO_ROWS.forEach((row, r) => [...row].forEach((letter, c) => {
    const x = c * size;
    const y = r * size;
    if (at(r, c + 1) !== letter) body += `<line class="a-edge" x1="${x + size}" y1="${y}" x2="${x + size}" y2="${y + size}"/>`;
    if (at(r + 1, c) !== letter) body += `<line class="a-edge" x1="${x}" y1="${y + size}" x2="${x + size}" y2="${y + size}"/>`;
    if (c === 0) body += `<line class="a-edge" x1="0" y1="${y}" x2="0" y2="${y + size}"/>`;
    if (r === 0) body += `<line class="a-edge" x1="${x}" y1="0" x2="${x + size}" y2="0"/>`;
  }));
  return svg(body);
}

/** The SVG picture for tool `id`. */
export const toolArt = (id) => ({ sudoku, fill, voltorb, poly }[id]?.() ?? '');
