/// The installable app: the manifest, and the service worker that keeps the page's shell and the
/// last copy of each view, so the page opens without the server and says it is offline. It
/// never keeps or replays a change: a POST goes to the server or fails where the person sees it.
extension Assets {
    static let manifest = #"""
{
  "name": "Carousel",
  "short_name": "Carousel",
  "description": "Today, the carousel and every view of your plain-text planner.",
  "start_url": "/",
  "scope": "/",
  "display": "standalone",
  "background_color": "#fbfaf7",
  "theme_color": "#fbfaf7",
  "icons": [
    { "src": "/assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any" },
    { "src": "/assets/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable" },
    { "src": "/assets/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable" }
  ]
}
"""#

    /// The views kept for offline use, each the last copy the page was shown.
    static let worker = #"""
"use strict";
const SHELL = "carousel-shell-1", VIEWS = "carousel-views-1";
const shell = ["/assets/app.css", "/assets/app.js", "/assets/icon.svg", "/offline"];
const views = ["/", "/calendar", "/board", "/bubbles", "/habits", "/countdown", "/timeline", "/checkin", "/more"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(shell)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== VIEWS).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

function kept(url) { return views.includes(url.pathname) || url.pathname.startsWith("/cards/"); }

self.addEventListener("fetch", (event) => {
  const request = event.request;
  // Changes and the version poll always go to the server: nothing is queued or answered for it.
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(fetch(request).then((response) => {
      if (response.ok) { const copy = response.clone(); caches.open(SHELL).then((cache) => cache.put(request, copy)); }
      return response;
    }).catch(() => caches.match(request, { cacheName: SHELL }).then((hit) => hit || Response.error())));
    return;
  }
  if (request.mode !== "navigate") return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok && kept(url)) { const copy = response.clone(); caches.open(VIEWS).then((cache) => cache.put(url.pathname + url.search, copy)); }
    return response;
  }).catch(async () => {
    const hit = await caches.match(url.pathname + url.search, { cacheName: VIEWS });
    if (hit) {
      // Marked, so the page's script says this is the copy kept on this device.
      const text = (await hit.text()).replace("<body ", '<body data-offline="1" ');
      return new Response(text, { headers: hit.headers });
    }
    return (await caches.match("/offline", { cacheName: SHELL })) || Response.error();
  }));
});
"""#
}
