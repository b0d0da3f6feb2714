// `./build.sh bench`, browser half: runs every benches/browser/<tool>.mjs against the served
// app in headless Chromium (wasm in the worker) and prints each figure next to the native one
// (from target/bench-native.jsonl, written by the native half) with the wasm/native ratio.
//
//   node benches/browser.mjs [tool] [--quick]
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApp, projectRoot, dataDir } from '../tests/e2e/helpers.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => !a.startsWith('--'));

async function nativeRows() {
  const path = join(projectRoot, 'target', 'bench-native.jsonl');
  const text = await readFile(path, 'utf8').catch(() => '');
  const rows = new Map();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const row = JSON.parse(line);
      rows.set(`${row.tool}/${row.name}`, row);
    } catch { /* a non-JSON line is not a row */ }
  }
  return rows;
}

function fmt(value) {
  if (value === undefined || value === null || Number.isNaN(value)) return '—';
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2);
}

const files = (await readdir(join(projectRoot, 'benches', 'browser')))
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => !only || f.startsWith(only))
  .sort();

const app = await openApp('#/');
const browserRows = [];
let failed = false;
try {
  for (const file of files) {
    const mod = await import(join(projectRoot, 'benches', 'browser', file));
    process.stderr.write(`  running browser bench ${file}…\n`);
    try {
      browserRows.push(...await mod.bench({ page: app.page, dataDir, quick }));
    } catch (err) {
      failed = true;
      console.error(`error: browser bench ${file}: ${err.message}`);
    }
  }
} finally {
  await app.close();
}

const native = await nativeRows();
const seen = new Set();
const table = [['tool', 'measure', 'unit', 'native', 'browser', 'browser/native', 'target']];
for (const row of browserRows) {
  const key = `${row.tool}/${row.name}`;
  seen.add(key);
  const n = native.get(key);
  const ratio = n && n.value ? `${((row.value / n.value) * 100).toFixed(0)}%` : '—';
  table.push([row.tool, row.name, row.unit, fmt(n?.value), fmt(row.value), ratio, row.target || n?.target || '']);
}
for (const [key, n] of native) {
  if (seen.has(key) || (only && n.tool !== only)) continue;
  table.push([n.tool, n.name, n.unit, fmt(n.value), '—', '—', n.target || '']);
}
const widths = table[0].map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
console.log();
for (const [i, r] of table.entries()) {
  console.log(r.map((c, j) => (j >= 3 && j <= 5 ? String(c).padStart(widths[j]) : String(c).padEnd(widths[j]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
process.exit(failed ? 1 : 0);
