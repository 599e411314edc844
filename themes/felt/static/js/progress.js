/* tilebook progress: the learner's progress across lessons, from what
   quiz.js saves in localStorage ("tilebook:solved:" + a lesson's path → the
   ids of its solved exercises) and the list of lessons and exercise ids the
   build writes to <lang>/exercises.json (this script's data-lessons). Shows
   solved / total per lesson on the home page (#course-progress, hidden until
   filled: without JavaScript nothing shows), offers a reset, and marks
   finished lessons in the navigation. No account, no server: every word
   comes from the JSON file (the strings files' progress.* keys). */
(function () {
  "use strict";

  var STORE_PREFIX = "tilebook:solved:";
  var script = document.currentScript;
  var source = script && script.getAttribute("data-lessons");
  if (!source || !window.fetch) return;

  /* A UI message (src/i18n/template.rs; docs/translating.md): a text with
     {name} placeholders, or {select, forms} with one text per CLDR plural
     category of the page's language (and exact forms such as "=0"), chosen
     with Intl.PluralRules. The same function is in quiz.js, trainer.js and
     search.js. */
  function fill(template, values) {
    var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
    var text = template;
    if (template && typeof template === "object") {
      var forms = template.forms || {};
      var n = Number(values[template.select]);
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

  function path(url) {
    try {
      return new URL(url, window.location.href).pathname;
    } catch (e) {
      return url;
    }
  }

  function solvedIds(lesson) {
    try {
      var list = JSON.parse(window.localStorage.getItem(STORE_PREFIX + path(lesson.url)) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function solvedCount(lesson) {
    var ids = solvedIds(lesson);
    return lesson.ids.filter(function (id) { return ids.indexOf(id) !== -1; }).length;
  }

  /* Marks the navigation's finished lessons: each link's path is computed
     once, and a link whose state has not changed is not touched (on most
     loads nothing is written, so nothing is restyled). */
  function markNavigation(data) {
    var finished = Object.create(null);
    data.lessons.forEach(function (lesson) {
      if (lesson.ids.length && solvedCount(lesson) === lesson.ids.length) finished[path(lesson.url)] = true;
    });
    var links = Array.prototype.slice.call(document.querySelectorAll(".site-nav a[href]"));
    var items = [];
    var finishedItems = [];
    links.forEach(function (a) {
      var done = finished[path(a.getAttribute("href"))] === true;
      var li = a.closest("li");
      if (li) items.push(li);
      if (li && done) finishedItems.push(li);
      var old = a.querySelector(".progress-finished");
      if (old && !done) old.parentNode.removeChild(old);
      if (done && !old) {
        var note = document.createElement("span");
        note.className = "vh progress-finished";
        note.textContent = " (" + data.labels.finished + ")";
        a.appendChild(note);
      }
    });
    items.forEach(function (li) {
      var done = finishedItems.indexOf(li) !== -1;
      if (li.classList.contains("is-finished") !== done) li.classList.toggle("is-finished", done);
    });
  }

  function showOverview(data, box) {
    var list = box.querySelector(".course-progress__list");
    if (!list) return;
    list.textContent = "";
    data.lessons.forEach(function (lesson) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = lesson.url;
      a.textContent = lesson.title;
      var count = document.createElement("span");
      count.className = "course-progress__count";
      var solved = solvedCount(lesson);
      count.textContent = lesson.ids.length
        ? fill(data.labels.lesson, { solved: solved, total: lesson.ids.length })
        : data.labels.none;
      if (lesson.ids.length && solved === lesson.ids.length) li.classList.add("is-finished");
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(count);
      list.appendChild(li);
    });
    box.hidden = false;
  }

  function reset(data, box) {
    data.lessons.forEach(function (lesson) {
      try {
        window.localStorage.removeItem(STORE_PREFIX + path(lesson.url));
      } catch (e) {
        /* storage disabled: nothing was saved */
      }
    });
    showOverview(data, box);
    markNavigation(data);
    var status = box.querySelector(".course-progress__status");
    if (status) status.textContent = data.labels.reset_done;
  }

  function start(data) {
    if (!data || !Array.isArray(data.lessons) || !data.labels) return;
    markNavigation(data);
    var box = data.lessons.length ? document.getElementById("course-progress") : null;
    if (box) {
      showOverview(data, box);
      var button = box.querySelector(".course-progress__reset");
      if (button) button.addEventListener("click", function () { reset(data, box); });
    }
    /* nav.js tells when it has put a long listing back in full */
    document.addEventListener("tilebook:nav", function () { markNavigation(data); });
    /* quiz.js tells when an exercise on this page is solved */
    document.addEventListener("tilebook:solved", function () {
      markNavigation(data);
      if (box) showOverview(data, box);
    });
  }

  /* After the page's own work: when the main thread is idle (at the
     latest after a second), never inside the load's long tasks. */
  function idle(fn) {
    return function (value) {
      if (window.requestIdleCallback) window.requestIdleCallback(function () { fn(value); }, { timeout: 1000 });
      else window.setTimeout(function () { fn(value); }, 0);
    };
  }

  window.fetch(source, { credentials: "same-origin" })
    .then(function (response) { return response.ok ? response.json() : null; })
    .then(idle(start), function () { /* offline file:// or no list: show nothing */ });
})();
