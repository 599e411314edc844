// tilebook serve: live reload. Injected into HTML pages by `tilebook serve`
// only; never part of a built site.
(function () {
  "use strict";
  var me = document.currentScript;
  var status = me ? me.getAttribute("data-tilebook-status") : "200";
  var SCROLL_KEY = "tilebook:scroll:" + location.pathname;
  var OVERLAY_ID = "tilebook-error-overlay";
  var WARNINGS_ID = "tilebook-warnings";

  function restoreScroll() {
    var saved;
    try { saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) || "null"); } catch (e) { saved = null; }
    if (!saved) return;
    var go = function () { window.scrollTo(saved[0], saved[1]); };
    go();
    window.addEventListener("load", function () {
      go();
      try { sessionStorage.removeItem(SCROLL_KEY); } catch (e) { /* ignore */ }
    });
  }

  function reload() {
    try { sessionStorage.setItem(SCROLL_KEY, JSON.stringify([window.scrollX, window.scrollY])); } catch (e) { /* ignore */ }
    location.reload();
  }

  function here(url) {
    var p = location.pathname.replace(/index\.html$/, "");
    return url === p || url === location.pathname;
  }

  function isPage(url) { return /\/$|\.html?$/.test(url); }
  function isCss(url) { return /\.css$/.test(url); }

  function swapCss(urls) {
    var links = document.querySelectorAll('link[rel~="stylesheet"]');
    Array.prototype.forEach.call(links, function (link) {
      var u = new URL(link.href, location.href);
      if (u.origin !== location.origin || urls.indexOf(u.pathname) < 0) return;
      u.searchParams.set("tilebook", String(Date.now()));
      var fresh = link.cloneNode(false);
      fresh.href = u.href;
      fresh.addEventListener("load", function () { link.remove(); });
      fresh.addEventListener("error", function () { link.remove(); });
      link.after(fresh);
    });
  }

  function onChange(d) {
    var urls = d.paths || [];
    if (d.all || status !== "200" || urls.some(here) ||
        urls.some(function (u) { return !isPage(u) && !isCss(u); })) {
      reload();
    } else if (urls.some(isCss)) {
      swapCss(urls.filter(isCss));
    }
  }

  // The look of each kind of box: errors (an alert; the page under it is
  // the last good version) and warnings (a status, above the error's place).
  var KINDS = {
    error: {
      id: OVERLAY_ID, role: "alert", live: "assertive", z: 2147483647, height: "60vh",
      background: "#fff4f4", border: "#b00020", shadow: ".25", at: "#b00020",
      title: function (n) {
        return "Build failed: " + n + " error" + (n === 1 ? "" : "s") + ". This page shows the last good version.";
      }
    },
    warning: {
      id: WARNINGS_ID, role: "status", live: "polite", z: 2147483646, height: "40vh",
      background: "#fffbe6", border: "#8a6100", shadow: ".2", at: "#6b4b00",
      title: function (n) { return n + " new warning" + (n === 1 ? "" : "s") + " from this change."; }
    }
  };

  // A dismissible box of `kind` listing `items` ({path, line, col,
  // message}) as path:line:col: kind: message, in place of the last one of
  // that kind (none when `items` is empty).
  function showBox(kind, items) {
    var k = KINDS[kind];
    var old = document.getElementById(k.id);
    if (old) old.remove();
    if (!items.length) return;
    var box = document.createElement("div");
    box.id = k.id;
    box.setAttribute("role", k.role);
    box.setAttribute("aria-live", k.live);
    box.style.cssText = "position:fixed;z-index:" + k.z + ";left:0;right:0;bottom:0;max-height:" + k.height + ";overflow:auto;" +
      "margin:0;padding:1rem 1.25rem;background:" + k.background + ";color:#1a1a1a;border-top:4px solid " + k.border + ";" +
      "box-shadow:0 -4px 16px rgba(0,0,0," + k.shadow + ");font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:left;direction:ltr";
    var title = document.createElement("strong");
    title.textContent = k.title(items.length);
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Dismiss";
    close.style.cssText = "float:right;font:inherit";
    close.addEventListener("click", function () { box.remove(); });
    box.appendChild(close);
    box.appendChild(title);
    var list = document.createElement("ul");
    list.style.cssText = "margin:.5rem 0 0;padding:0;list-style:none";
    items.forEach(function (e) {
      var item = document.createElement("li");
      item.style.cssText = "white-space:pre-wrap;margin:.25rem 0";
      var at = document.createElement("span");
      at.style.cssText = "color:" + k.at + ";font-weight:bold";
      at.textContent = e.path + (e.line ? ":" + e.line + ":" + e.col : "");
      item.appendChild(at);
      item.appendChild(document.createTextNode(": " + kind + ": " + e.message));
      list.appendChild(item);
    });
    box.appendChild(list);
    document.body.appendChild(box);
  }

  function clearErrors() {
    var box = document.getElementById(OVERLAY_ID);
    if (box) box.remove();
  }

  function on(source, name, f) {
    source.addEventListener(name, function (ev) {
      // A lost connection is also an `error` event, without data: not a build error.
      if (typeof ev.data !== "string") return;
      var d = {};
      try { d = JSON.parse(ev.data); } catch (e) { /* ignore */ }
      f(d);
    });
  }

  // A stale translation: link its notice to what changed in the source
  // since it was marked (`tilebook translations diff`, served by serve).
  function linkStaleDiff() {
    var notice = document.querySelector(".notice--stale");
    if (!notice || notice.querySelector(".tilebook-diff")) return;
    var p = document.createElement("p");
    p.className = "tilebook-diff";
    p.lang = "en";
    var a = document.createElement("a");
    a.href = "/__tilebook/diff?url=" + encodeURIComponent(window.location.pathname);
    a.textContent = "What changed in the source since this translation was marked";
    p.appendChild(a);
    notice.appendChild(p);
  }

  restoreScroll();
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", linkStaleDiff);
  } else {
    linkStaleDiff();
  }
  var source = new EventSource("/__tilebook/events");
  // For tests and curious authors: whether the reload stream is open.
  window.__tilebookLive = { connected: false };
  source.addEventListener("open", function () { window.__tilebookLive.connected = true; });
  source.addEventListener("error", function (ev) {
    if (typeof ev.data !== "string") window.__tilebookLive.connected = false;
  });
  on(source, "reload", onChange);
  on(source, "css", function (d) { swapCss(d.paths || []); });
  on(source, "error", function (d) { showBox("error", d.errors || []); });
  on(source, "ok", clearErrors);
  on(source, "warnings", function (d) { showBox("warning", d.warnings || []); });
})();
