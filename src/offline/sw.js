/* tilebook service worker: keeps one language of the course available
   offline. SETTINGS (lang, scope, version) and PRECACHE ([url, content
   hash] of every file of the language and of the shared files) are written
   above this code by the build (src/offline/mod.rs).

   Install: a new cache per version; a file whose hash is the same as in the
   previous cache is copied from it, any other is fetched, so a new build
   downloads exactly what changed. Activate: older caches of this scope go.
   Fetch: a listed file comes from the cache (query strings ignored, as
   Pagefind adds one), anything else from the network. */
"use strict";

var PREFIX = "tilebook:" + SETTINGS.scope + ":";
var CACHE = PREFIX + SETTINGS.version;
var HASHES = SETTINGS.scope + ".tilebook-hashes.json";
var AT_ONCE = 8;

function key(url) {
  var u = new URL(url, self.location.href);
  u.search = "";
  u.hash = "";
  if (/\/index\.html$/.test(u.pathname)) u.pathname = u.pathname.slice(0, -10);
  return u.href;
}

var LISTED = new Set(PRECACHE.map(function (entry) { return key(entry[0]); }));

async function previous() {
  var names = (await caches.keys()).filter(function (n) {
    return n.indexOf(PREFIX) === 0 && n !== CACHE;
  });
  for (var i = names.length - 1; i >= 0; i--) {
    var cache = await caches.open(names[i]);
    var hashes = await cache.match(HASHES);
    if (hashes) return { cache: cache, hashes: await hashes.json() };
  }
  return null;
}

async function fill(fresh, old, entry) {
  var url = entry[0];
  var hash = entry[1];
  if (old && old.hashes[url] === hash) {
    var kept = await old.cache.match(url);
    if (kept) return fresh.put(url, kept);
  }
  var response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
  if (!response.ok) throw new Error(url + ": " + response.status);
  return fresh.put(url, response);
}

async function install() {
  var fresh = await caches.open(CACHE);
  var old = await previous();
  for (var i = 0; i < PRECACHE.length; i += AT_ONCE) {
    await Promise.all(PRECACHE.slice(i, i + AT_ONCE).map(function (entry) {
      return fill(fresh, old, entry);
    }));
  }
  var hashes = {};
  PRECACHE.forEach(function (entry) { hashes[entry[0]] = entry[1]; });
  await fresh.put(HASHES, new Response(JSON.stringify(hashes), {
    headers: { "Content-Type": "application/json" },
  }));
}

self.addEventListener("install", function (event) {
  event.waitUntil(install().then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf(PREFIX) === 0 && n !== CACHE;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var k = key(request.url);
  if (!LISTED.has(k)) return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(k).then(function (hit) {
      return hit || fetch(request);
    });
  }));
});

self.addEventListener("message", function (event) {
  if (event.data !== "tilebook:status" || !event.source) return;
  caches.open(CACHE).then(function (cache) {
    return cache.match(HASHES);
  }).then(function (hit) {
    event.source.postMessage({ type: "tilebook:status", complete: Boolean(hit), lang: SETTINGS.lang });
  });
});
