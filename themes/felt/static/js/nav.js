/* tilebook navigation: a listing too long to repeat on every page (a section
   of thousands of pages) is shown in the page as the entries around it and a
   last item linking to its index page (li.nav-item--more[data-listing]),
   which lists every page without JavaScript. This script loads the
   language's listings once (<lang>/nav.json, this script's data-nav; the
   browser caches it) and puts each windowed listing back in full, keeping
   the entries the page already has (the current page, the expanded section
   on the way to it), so the navigation has the same links as if the page
   listed everything. Then it sends "tilebook:nav" (progress.js marks
   finished lessons again). */
(function () {
  "use strict";

  var script = document.currentScript;
  var source = script && script.getAttribute("data-nav");
  if (!source || !window.fetch) return;

  /* The markup of partials/components.html (felt_nav_items) for one entry. */
  function item(entry, data) {
    var li = document.createElement("li");
    li.className = "nav-item" + (entry.section ? " nav-item--section" : "");
    var a = document.createElement("a");
    a.setAttribute("href", entry.url);
    a.textContent = entry.title;
    if (entry.untranslated) {
      a.setAttribute("hreflang", data.default_language);
      a.setAttribute("lang", data.default_language);
      var marker = document.createElement("span");
      marker.className = "untranslated-marker";
      marker.setAttribute("lang", data.lang);
      ["(", data.marker, ")"].forEach(function (text, i) {
        if (i === 1) {
          marker.appendChild(document.createTextNode(text));
          return;
        }
        var vh = document.createElement("span");
        vh.className = "vh";
        vh.textContent = text;
        marker.appendChild(vh);
      });
      a.appendChild(document.createTextNode(" "));
      a.appendChild(marker);
    }
    li.appendChild(a);
    return li;
  }

  function fill(data) {
    var mores = document.querySelectorAll(".site-nav li.nav-item--more[data-listing]");
    Array.prototype.forEach.call(mores, function (more) {
      var entries = data.listings[more.getAttribute("data-listing")];
      var list = more.parentNode;
      if (!Array.isArray(entries) || !list) return;
      var shown = {};
      Array.prototype.forEach.call(list.children, function (li) {
        var a = li !== more && li.querySelector("a");
        if (a) shown[a.getAttribute("href")] = li;
      });
      var all = document.createDocumentFragment();
      entries.forEach(function (entry) {
        all.appendChild(shown[entry.url] || item(entry, data));
      });
      list.textContent = "";
      list.appendChild(all);
    });
    document.dispatchEvent(new CustomEvent("tilebook:nav"));
  }

  window.fetch(source, { credentials: "same-origin" })
    .then(function (response) { return response.ok ? response.json() : null; })
    .then(function (data) {
      if (data && data.listings) fill(data);
    }, function () { /* offline file:// or no index: the window and its link stay */ });
})();
