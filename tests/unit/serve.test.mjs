// The static server of `./build.sh serve` and the browser tests (tools/serve.mjs): the files of
// its folder with their types and isolation headers, and a clear answer to paths it cannot serve.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { startServer } from '../../tools/serve.mjs';

let root;
let served;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'gridwise-serve-'));
  writeFileSync(join(root, 'index.html'), '<p>home</p>');
  mkdirSync(join(root, 'pkg'));
  writeFileSync(join(root, 'pkg', 'core.wasm'), Buffer.from([0, 97, 115, 109]));
  served = await startServer(root);
});

after(async () => {
  await new Promise((ok) => served.server.close(ok));
  rmSync(root, { recursive: true, force: true });
});

/** GETs `path` exactly as written (no client-side normalising): {status, headers, body}. */
function get(path, headers = {}) {
  const { port } = served.server.address();
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('files are served with their type and the cross-origin isolation headers', async () => {
  const wasm = await get('/pkg/core.wasm');
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers['content-type'], 'application/wasm');
  assert.equal(wasm.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(wasm.headers['cross-origin-embedder-policy'], 'require-corp');
  const home = await get('/?from=test');
  assert.equal(home.status, 200);
  assert.equal(home.body, '<p>home</p>');
});

test('a doubled slash is a path, not a host', async () => {
  const res = await get('//');
  assert.equal(res.status, 200);
  assert.equal(res.body, '<p>home</p>');
});

test('a path that cannot be decoded is refused with a message, and the server goes on', async () => {
  const bad = await get('/%E0%A4%A');
  assert.equal(bad.status, 400);
  assert.match(bad.body, /bad request/);
  assert.equal((await get('/index.html')).status, 200);
});

test('nothing outside the folder is served, and a missing file is a plain 404', async () => {
  assert.notEqual((await get('/../../etc/passwd')).status, 200);
  assert.notEqual((await get('/%2e%2e/%2e%2e/etc/passwd')).status, 200);
  const missing = await get('/nope.js');
  assert.equal(missing.status, 404);
  assert.equal(missing.body, 'not found');
});

test('a file unchanged since the last load is answered 304 by its ETag; a changed one anew', async () => {
  const first = await get('/pkg/core.wasm');
  assert.equal(first.status, 200);
  assert.match(first.headers.etag, /^"[0-9a-f]+-[0-9a-f]+"$/);
  assert.equal(first.headers['cache-control'], 'no-cache');
  const again = await get('/pkg/core.wasm', { 'if-none-match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body, '');
  assert.equal(again.headers['cross-origin-opener-policy'], 'same-origin');
  writeFileSync(join(root, 'pkg', 'core.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  const changed = await get('/pkg/core.wasm', { 'if-none-match': first.headers.etag });
  assert.equal(changed.status, 200);
  assert.notEqual(changed.headers.etag, first.headers.etag);
});
