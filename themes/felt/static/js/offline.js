/* tilebook offline: registers the language's service worker (the build
   writes it to <lang>/sw.js with the list of every file of the language,
   see src/offline/) and, once it has cached them all, says so in the
   footer (#felt-offline-note, its words from the strings files). Never
   registers under `tilebook serve` (its live-reload script is on the page):
   a worker would hide the edits; one left by an earlier visit is removed. */
(function () {
  "use strict";

  var script = document.currentScript;
  var worker = script && script.getAttribute("data-worker");
  var scope = script && script.getAttribute("data-scope");
  if (!worker || !("serviceWorker" in navigator)) return;
  var sw = navigator.serviceWorker;

  function live() {
    return document.querySelector("script[data-tilebook-status]") !== null;
  }

  function ready() {
    var note = document.getElementById("felt-offline-note");
    if (!note || note.textContent) return;
    note.textContent = note.getAttribute("data-ready");
    document.documentElement.setAttribute("data-offline-ready", "");
  }

  function start() {
    if (live()) {
      sw.getRegistrations().then(function (list) {
        list.forEach(function (r) { r.unregister(); });
      });
      return;
    }
    sw.addEventListener("message", function (event) {
      if (event.data && event.data.type === "tilebook:status" && event.data.complete) ready();
    });
    sw.register(worker, { scope: scope }).then(function () {
      return sw.ready;
    }).then(function (registration) {
      if (registration.active) registration.active.postMessage("tilebook:status");
    }).catch(function () {
      /* No worker (private mode, file://): the course still works online. */
    });
  }

  /* Once the page has loaded and the main thread is idle: the worker's
     install fetches every file of the language, which must not compete
     with the page's own loading. */
  function later() {
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 2000 });
    else window.setTimeout(start, 0);
  }

  if (document.readyState === "complete") {
    later();
  } else {
    window.addEventListener("load", later);
  }
})();
