// Offline support: every file of the app is cached when the service worker installs (the list
// is written by `./build.sh build` into precache.json). Requests go to the network first, so a
// deployed update shows at once, and fall back to the cache when offline.
const CACHE = 'gridwise-v1';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const list = await fetch('precache.json', { cache: 'no-store' }).then((r) => r.json()).catch(() => []);
    await cache.addAll(['./', ...list]).catch(() => {});
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

// Few static hosts let a site set headers. These make the page cross-origin isolated, so that its
// workers can share memory (the Voltorb search team, the Sudoku rating's memo); they apply from
// the next page load this worker serves. Without them the page works the same, its workers
// sharing nothing.
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function isolated(response) {
  if (!response || !response.ok || response.type === 'opaque') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    try {
      const response = await fetch(request);
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => {});
      }
      return isolated(response);
    } catch (err) {
      const cached = await caches.match(request, { ignoreSearch: true });
      if (cached) return isolated(cached);
      throw err;
    }
  })());
});
