/* felt: optional redirect from the root language chooser.
 *
 * Without JavaScript the chooser simply lists every language. With it:
 * - clicking a language remembers the choice (localStorage "tilebook.lang");
 * - a visitor who has never chosen is sent once to the best match among
 *   navigator.languages (exact tag first, then primary subtag, e.g. "de-AT"
 *   -> "de"). Nothing happens when there is no match;
 * - a visitor who has chosen before is never redirected: they came back to
 *   the chooser on purpose. Their last choice is marked with aria-current.
 * Languages and URLs are read from the links (a[data-lang]) in the page.
 */
(function () {
  "use strict";
  var KEY = "tilebook.lang";

  function load() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function save(code) {
    try { window.localStorage.setItem(KEY, code); } catch (e) { /* private mode */ }
  }

  function init() {
    var links = document.querySelectorAll("a[data-lang]");
    if (!links.length) return;

    var byCode = {};
    for (var i = 0; i < links.length; i++) {
      var a = links[i];
      var code = a.getAttribute("data-lang");
      byCode[code.toLowerCase()] = a;
      a.addEventListener("click", function (ev) {
        save(ev.currentTarget.getAttribute("data-lang"));
      });
    }

    var chosen = load();
    if (chosen !== null) {
      var prev = byCode[chosen.toLowerCase()];
      if (prev) prev.setAttribute("aria-current", "true");
      return;
    }

    var wanted = navigator.languages && navigator.languages.length
      ? navigator.languages
      : [navigator.language || ""];
    for (var j = 0; j < wanted.length; j++) {
      var tag = String(wanted[j] || "").toLowerCase();
      if (!tag) continue;
      var hit = byCode[tag] || byCode[tag.split("-")[0]];
      if (hit) {
        window.location.replace(hit.href);
        return;
      }
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
