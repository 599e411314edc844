/* tilebook store: the helpers the theme's scripts share, loaded first
   (before quiz.js, progress.js, review.js and trainer.js, all `defer`) and
   exposed as window.tilebookStore:
   - has(o, k): an own property;
   - fill(template, values): a UI message (src/i18n/template.rs;
     docs/translating.md) with {name} placeholders, or {select, forms} with
     one text per CLDR plural category of the page's language (and exact
     forms such as "=0"), chosen with Intl.PluralRules; unknown placeholders
     are left as they are;
   - migrate(key): lists saved per page by older versions (key + ":" + a
     page's path) merged into the course's list under `key` once, removed;
   - readObject(key): a stored JSON object, {} when missing or unreadable;
   - trainer: the Charleston trainer's record ("tilebook:trainer", one per
     browser, in every language): read(), write(record), valid(o),
     merge(a, b) and reset().
   Everything survives storage being disabled (then nothing is kept, but
   the trainer's record for the visit of the page). */
(function () {
  "use strict";

  function has(o, k) {
    return o != null && Object.prototype.hasOwnProperty.call(o, k);
  }

  function fill(template, values) {
    values = values || {};
    var text = template;
    if (template && typeof template === "object") {
      var forms = template.forms || {};
      var n = Number(has(values, template.select) ? values[template.select] : NaN);
      text = forms["=" + n];
      if (text === undefined) {
        var cat = "other";
        try { cat = new Intl.PluralRules(document.documentElement.lang || "en").select(n); } catch (e) { /* "other" */ }
        text = has(forms, cat) ? forms[cat] : forms.other;
      }
    }
    return String(text == null ? "" : text).replace(/\{(\w+)\}/g, function (m, name) {
      return has(values, name) ? String(values[name]) : m;
    });
  }

  function migrate(key) {
    try {
      var store = window.localStorage;
      var merged = JSON.parse(store.getItem(key) || "[]");
      if (!Array.isArray(merged)) merged = [];
      var old = [];
      for (var i = 0; i < store.length; i++) {
        var k = store.key(i);
        if (k && k.indexOf(key + ":") === 0) old.push(k);
      }
      if (!old.length) return;
      old.forEach(function (k) {
        var list = [];
        try { list = JSON.parse(store.getItem(k) || "[]"); } catch (e) { /* unreadable: dropped */ }
        if (Array.isArray(list)) {
          list.forEach(function (id) {
            if (typeof id === "string" && merged.indexOf(id) === -1) merged.push(id);
          });
        }
      });
      store.setItem(key, JSON.stringify(merged));
      old.forEach(function (k) { store.removeItem(k); });
    } catch (e) {
      /* storage disabled: nothing to migrate */
    }
  }

  function readObject(key) {
    try {
      var o = JSON.parse(window.localStorage.getItem(key) || "{}");
      return o && typeof o === "object" && !Array.isArray(o) ? o : {};
    } catch (e) {
      return {};
    }
  }

  /* ---------- the trainer's record ---------- */

  var TRAINER_KEY = "tilebook:trainer";
  /* games: played to the end; clean: of them, with no move refused;
     moves: moves the table accepted; first: of them, accepted at the first
     try (no refusal since the move before); run: the current run of such
     moves; best: the longest run; last: when a move was last played (ISO) */
  var COUNTS = ["games", "clean", "moves", "first", "run", "best"];

  function isCount(n) {
    return typeof n === "number" && n >= 0 && n % 1 === 0 && n <= Number.MAX_SAFE_INTEGER;
  }

  /* Whether `o` is a trainer record: its counts whole numbers (missing
     ones are 0), `last` a date or missing, parts no larger than wholes. */
  function validTrainer(o) {
    if (!o || typeof o !== "object" || Array.isArray(o)) return false;
    var ok = COUNTS.every(function (k) { return !has(o, k) || isCount(o[k]); });
    if (!ok) return false;
    if (has(o, "last") && o.last !== null && (typeof o.last !== "string" || isNaN(Date.parse(o.last)))) return false;
    var n = function (k) { return o[k] || 0; };
    return n("clean") <= n("games") && n("first") <= n("moves") && n("run") <= n("best");
  }

  function cleanTrainer(o) {
    var r = {};
    COUNTS.forEach(function (k) { r[k] = validTrainer(o) && o[k] ? o[k] : 0; });
    r.last = validTrainer(o) && typeof o.last === "string" ? o.last : null;
    return r;
  }

  /* The record while storage is disabled or full: it lasts for this visit
     of the page only. */
  var memory = null;

  function readTrainer() {
    return cleanTrainer(memory || readObject(TRAINER_KEY));
  }

  function writeTrainer(record) {
    var clean = cleanTrainer(record);
    try {
      window.localStorage.setItem(TRAINER_KEY, JSON.stringify(clean));
      memory = null;
    } catch (e) {
      memory = clean;
    }
  }

  /* Two records of one learner as one: each count the larger (a file
     loaded twice counts once), the current run from the later one. */
  function mergeTrainer(a, b) {
    a = cleanTrainer(a);
    b = cleanTrainer(b);
    var later = (Date.parse(b.last) || 0) > (Date.parse(a.last) || 0) ? b : a;
    var r = {};
    COUNTS.forEach(function (k) { r[k] = Math.max(a[k], b[k]); });
    r.run = later.run;
    r.last = later.last;
    return r;
  }

  function resetTrainer() {
    memory = null;
    try { window.localStorage.removeItem(TRAINER_KEY); } catch (e) { /* disabled: nothing kept */ }
  }

  window.tilebookStore = {
    has: has,
    fill: fill,
    migrate: migrate,
    readObject: readObject,
    trainer: {
      key: TRAINER_KEY,
      read: readTrainer,
      write: writeTrainer,
      valid: validTrainer,
      merge: mergeTrainer,
      reset: resetTrainer
    }
  };
})();
