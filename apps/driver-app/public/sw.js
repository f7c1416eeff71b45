// The driver app's service worker: it keeps the app shell (the page, its hashed
// assets, manifest and icons) so the app opens without a connection. API calls
// (/v1/…) are never cached: they go to the network, and the app queues what it
// could not send (src/features/outbox).
const CACHE = 'driver-shell-v1';
const SCOPE = new URL(self.registration.scope).pathname; // "/driver/"
const STATIC = [`${SCOPE}manifest.webmanifest`, `${SCOPE}icon.svg`];

/** The page, and the hashed assets it names (their names change with each build, so they are read from it). */
async function cacheShell() {
  const cache = await caches.open(CACHE);
  const page = await fetch(SCOPE, { cache: 'no-cache' });
  if (!page.ok) throw new Error(`the app's page answered ${page.status}`);
  const html = await page.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="([^"]*\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.put(SCOPE, page);
  await cache.addAll([...STATIC, ...assets]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  if (url.pathname.startsWith(`${SCOPE}assets/`)) {
    // Named by their content's hash: a cached one is never stale.
    event.respondWith(
      caches.match(event.request).then(
        (cached) =>
          cached ??
          fetch(event.request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(event.request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  // The page and the rest of the shell: the network first (a new release names new assets), the cache when offline.
  const key = event.request.mode === 'navigate' ? SCOPE : event.request;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(key).then((cached) => cached ?? Response.error())),
  );
});
