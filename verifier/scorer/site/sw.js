// The scorer's service worker: every file of the site cached under a name
// tied to the build (Pyodide's version and a hash of the files, written in
// by ftn scorer build), served from the cache first so that the app starts
// and records with no network; the caches of other builds removed.
const CACHE = "@CACHE@";
const FILES = ["@FILES@"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((n) => n.startsWith("ftn-scorer-") && n !== CACHE)
        .map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const found = await cache.match(request, { ignoreSearch: true })
        || (request.mode === "navigate" ? await cache.match("./") : undefined);
      return found || fetch(request);
    }),
  );
});
