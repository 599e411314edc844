/* tilebook SCORM 1.2 adapter: added only to the pages of a package made by
   `tilebook export scorm` (src/export/scorm.rs), as a plain script in the
   page's head, so it runs before quiz.js. It looks for the LMS's SCORM 1.2
   API (window.API) in this window's parents, then in its opener's; without
   one, and on a page that is not a lesson (a SCO of the package:
   data-sco), the page behaves as the static site does. With one:
   - at start, the LMS's cmi.suspend_data ("s=<ids>;r=<ids>": the ids of
     the lesson's exercises solved, and revealed) becomes what quiz.js
     reads from localStorage for this page, so the learner resumes where
     they left off (the LMS, not this browser, is the record);
   - on every answer (quiz.js's tilebook:solved and tilebook:revealed
     events) it sets cmi.core.score.raw/min/max (percent of the exercises
     solved without revealing), cmi.core.lesson_status (incomplete until
     every exercise is solved or revealed, then passed or failed against
     the mastery score: the LMS's cmi.student_data.mastery_score, else the
     package's) and cmi.suspend_data, then commits once;
   - on leaving the page (pagehide, unload) it commits and finishes.
   Nothing is committed on other clicks. It also makes the search index's
   folder absolute (search.js imports from it, relative to its own file). */
(function () {
  "use strict";

  var script = document.currentScript;
  var mastery = Number(script && script.getAttribute("data-mastery")) || 80;

  function absoluteIndex() {
    var box = document.querySelector("[data-index]");
    if (box) box.setAttribute("data-index", new URL(box.getAttribute("data-index"), window.location.href).href);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", absoluteIndex);
  else absoluteIndex();

  /* window.API in `win` or one of its parents (at most 10 up) */
  function search(win) {
    for (var hops = 0; win && hops < 10; hops += 1) {
      try {
        if (win.API && typeof win.API.LMSInitialize === "function") return win.API;
      } catch (e) {
        return null; /* another origin: not ours to use */
      }
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  function findApi() {
    var api = search(window);
    try {
      if (!api && window.opener) api = search(window.opener);
      if (!api && window.top && window.top.opener) api = search(window.top.opener);
    } catch (e) {
      /* an opener of another origin */
    }
    return api;
  }

  /* Only a lesson's page reports, and only into its own SCO: a page the
     learner follows a link to inside the SCO's frame is the static page. */
  var sco = script && script.getAttribute("data-sco");
  if (!sco) return;
  var api = findApi();
  if (!api || String(api.LMSInitialize("")) !== "true") return;
  var location = String(api.LMSGetValue("cmi.core.lesson_location") || "");
  if (location && location !== sco) {
    api.LMSFinish("");
    return;
  }
  if (!location) api.LMSSetValue("cmi.core.lesson_location", sco);

  var SOLVED = "tilebook:solved:" + window.location.pathname;
  var REVEALED = "tilebook:revealed:" + window.location.pathname;
  var started = Date.now();
  var finished = false;

  function get(name) {
    var v = api.LMSGetValue(name);
    return v == null ? "" : String(v);
  }

  function set(name, value) {
    api.LMSSetValue(name, String(value));
  }

  /* "s=a,b;r=c" → { s: [a, b], r: [c] } */
  function parse(text) {
    var state = { s: [], r: [] };
    String(text || "").split(";").forEach(function (part) {
      var eq = part.indexOf("=");
      var key = part.slice(0, eq);
      if (eq < 0 || (key !== "s" && key !== "r")) return;
      state[key] = part.slice(eq + 1).split(",").filter(function (id) { return /^[0-9a-f]+$/.test(id); });
    });
    return state;
  }

  function serialize(state) {
    return "s=" + state.s.join(",") + ";r=" + state.r.join(",");
  }

  function store(key, ids) {
    try {
      window.localStorage.setItem(key, JSON.stringify(ids));
    } catch (e) {
      /* storage disabled: this visit starts afresh, the LMS keeps the record */
    }
  }

  var state = parse(get("cmi.suspend_data"));
  store(SOLVED, state.s);
  store(REVEALED, state.r);
  var fromLms = parseFloat(get("cmi.student_data.mastery_score"));
  if (!isNaN(fromLms)) mastery = fromLms;
  var status = get("cmi.core.lesson_status");
  if (status === "" || status === "not attempted") set("cmi.core.lesson_status", "incomplete");

  function ids() {
    var out = [];
    Array.prototype.forEach.call(document.querySelectorAll("section.exercise[data-exercise-id]"), function (s) {
      var id = s.getAttribute("data-exercise-id");
      if (out.indexOf(id) === -1) out.push(id);
    });
    return out;
  }

  /* score, status and suspend data, as the page stands */
  function report() {
    var all = ids();
    if (!all.length) {
      set("cmi.core.lesson_status", "completed");
      return;
    }
    var solved = 0;
    var done = 0;
    all.forEach(function (id) {
      var revealed = state.r.indexOf(id) !== -1;
      if (!revealed && state.s.indexOf(id) !== -1) solved += 1;
      if (revealed || state.s.indexOf(id) !== -1) done += 1;
    });
    var raw = Math.round((100 * solved) / all.length);
    set("cmi.core.score.min", 0);
    set("cmi.core.score.max", 100);
    set("cmi.core.score.raw", raw);
    set("cmi.core.lesson_status", done < all.length ? "incomplete" : raw >= mastery ? "passed" : "failed");
    set("cmi.suspend_data", serialize(state));
  }

  function answered(list, event) {
    var id = event.detail && event.detail.id;
    if (finished || !id) return;
    if (list.indexOf(id) === -1) list.push(id);
    report();
    api.LMSCommit("");
  }

  document.addEventListener("tilebook:solved", function (e) { answered(state.s, e); });
  document.addEventListener("tilebook:revealed", function (e) { answered(state.r, e); });

  /* HHHH:MM:SS, as SCORM 1.2's CMITimespan */
  function timespan(ms) {
    var s = Math.floor(ms / 1000);
    var pad = function (n, w) { n = String(n); while (n.length < w) n = "0" + n; return n; };
    return pad(Math.floor(s / 3600), 4) + ":" + pad(Math.floor(s / 60) % 60, 2) + ":" + pad(s % 60, 2);
  }

  function finish() {
    if (finished) return;
    finished = true;
    report();
    var status = get("cmi.core.lesson_status");
    set("cmi.core.exit", status === "incomplete" ? "suspend" : "");
    set("cmi.core.session_time", timespan(Date.now() - started));
    api.LMSCommit("");
    api.LMSFinish("");
  }

  window.addEventListener("pagehide", finish);
  window.addEventListener("unload", finish);
})();
