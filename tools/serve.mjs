// A tiny static file server for www/ (or dist/): correct MIME types (application/wasm for
// .wasm), every load revalidated (no-cache with an ETag: a rebuilt file shows at once, an unchanged
// one costs a 304, not the 1.2 MB wasm again), loopback only, and the headers that make the page
// cross-origin isolated
// (so that its workers can share memory: the Voltorb search team, the Sudoku rating's memo).
// Used by `./build.sh serve`, the e2e tests and the bench.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** A page served with these can share memory between its workers (`crossOriginIsolated`). */
export const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
};

/** Serves `root` on 127.0.0.1:`port` (0 picks a free port); resolves to {server, url}. */
export function startServer(root, port = 0, host = '127.0.0.1') {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      // Appended, not resolved against a base: a path such as '//' would be read as a host.
      let path;
      try {
        path = decodeURIComponent(new URL(`http://x${req.url}`).pathname);
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request: the path is not a valid URL path');
        return;
      }
      let file = normalize(join(base, path));
      if (!file.startsWith(base)) { res.writeHead(403).end('forbidden'); return; }
      let info = await stat(file).catch(() => null);
      if (info && info.isDirectory()) { file = join(file, 'index.html'); info = await stat(file).catch(() => null); }
      if (!info) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const headers = {
        'content-type': TYPES[extname(file)] || 'application/octet-stream',
        'cache-control': 'no-cache',
        etag,
        ...ISOLATION,
      };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, headers);
      res.end(body);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}/` }));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] || 'www';
  const port = Number(process.env.PORT || process.argv[3] || 8080);
  startServer(root, port).then(({ url }) => {
    console.log(`Gridwise is served at ${url}  (Ctrl+C stops it)`);
  }, (err) => {
    console.error(`error: cannot serve on port ${port}: ${err.message} (set PORT to use another)`);
    process.exit(1);
  });
}
