// The service worker: Chicago on the home screen keeps its shell (the versioned static files
// and the offline page) for when the network is gone, and nothing else. Every page is asked
// of the network (a table page holds a hand and the game's state: it is never stored); a
// page that cannot be fetched is answered with the offline page, in the reader's language.
// The API and the socket are never touched. The cache is named by the static files'
// version, so a deploy brings a new worker whose cache replaces the old one.
const SHELL = {};  // filled in by the server (chicago.web.shell): version, offline pages
const CACHE = `chicago-shell-${SHELL.version}`;
const READER = '/offline';  // the offline page in the language of the last page shown
const ASSET = /\/static\/[\w/.+-]+\?v=[\w-]+/g;

async function keepShell() {
  const cache = await caches.open(CACHE);
  const wanted = new Set();
  for (const url of Object.values(SHELL.offline)) {
    // Without cookies: the offline page names no account.
    const response = await fetch(url, { credentials: 'omit', cache: 'no-store' });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    for (const found of (await response.clone().text()).matchAll(ASSET)) wanted.add(found[0]);
    await cache.put(url, response);
  }
  await cache.addAll([...wanted]);
  const first = SHELL.offline[SHELL.language] || Object.values(SHELL.offline)[0];
  await cache.put(READER, await cache.match(first));
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('chicago-shell-') && name !== CACHE) await caches.delete(name);
    }
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

let shown = '';

/** The reader's language is the last page's: its offline page becomes the one shown. */
async function remember(language) {
  if (!language || language === shown || !(language in SHELL.offline)) return;
  shown = language;
  const cache = await caches.open(CACHE);
  const page = await cache.match(SHELL.offline[language]);
  if (page) await cache.put(READER, page);
}

async function navigate(event) {
  try {
    const response = (await event.preloadResponse) || await fetch(event.request);
    event.waitUntil(remember(response.headers.get('content-language')));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const page = await cache.match(READER);
    if (page) return page;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
  } else if (url.pathname.startsWith('/static/') && url.searchParams.has('v')) {
    // A versioned file never changes: once kept, it is read from the cache.
    event.respondWith(asset(request));
  }
  // Anything else (the API, the socket, a plain URL) goes to the network untouched.
});
