/* tilebook progress: the learner's progress across lessons, from what
   quiz.js saves in localStorage ("tilebook:solved" → the language-independent
   ids of the solved exercises of the whole course, so a learner who switches
   language keeps it) and the list of lessons and exercise ids the
   build writes to <lang>/exercises.json (this script's data-lessons). Shows
   solved / total per lesson on the home page (#course-progress, hidden until
   filled: without JavaScript nothing shows), and how many were revealed
   ("tilebook:revealed": the answer was shown before a right answer,
   so they are not counted as solved); offers a reset of one lesson or of
   all, each confirmed first; saves the progress to a JSON file and loads one
   (another device or browser: progress, variants seen and exercises
   waiting for review added to what is stored, a bad or foreign
   file refused with a message, nothing changed; the Charleston trainer's
   record, "tilebook:trainer", travels in the file too); and marks finished
   lessons in the navigation.
   No account, no server: every word comes from the JSON file (the strings
   files' progress.* keys). */
(function () {
  "use strict";

  var STORE_KEY = "tilebook:solved";
  var REVEALED_KEY = "tilebook:revealed";
  var script = document.currentScript;
  var source = script && script.getAttribute("data-lessons");
  if (!source || !window.fetch) return;

  /* fill (a UI message: {name} placeholders or plural forms chosen with
     Intl.PluralRules), migrate (lists saved per page by older versions
     merged into the course's list once), readObject and the trainer's
     record: js/store.js, loaded first */
  var store = window.tilebookStore;
  if (!store) return;
  var fill = store.fill;
  var migrate = store.migrate;
  var storedObject = store.readObject;

  function path(url) {
    try {
      return new URL(url, window.location.href).pathname;
    } catch (e) {
      return url;
    }
  }

  function storedIds(key) {
    try {
      var list = JSON.parse(window.localStorage.getItem(key) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  /* { solved, revealed } of the lesson's exercises: a revealed one is not solved */
  function counts(lesson) {
    var solved = storedIds(STORE_KEY);
    var revealed = storedIds(REVEALED_KEY);
    var c = { solved: 0, revealed: 0 };
    lesson.ids.forEach(function (id) {
      if (revealed.indexOf(id) !== -1) c.revealed += 1;
      else if (solved.indexOf(id) !== -1) c.solved += 1;
    });
    return c;
  }

  function solvedCount(lesson) {
    return counts(lesson).solved;
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

  function label(data, key) {
    return data.labels[key] || key;
  }

  function showOverview(data, box) {
    var list = box.querySelector(".course-progress__list");
    if (!list) return;
    list.textContent = "";
    data.lessons.forEach(function (lesson, i) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = lesson.url;
      a.textContent = lesson.title;
      var count = document.createElement("span");
      count.className = "course-progress__count";
      var c = counts(lesson);
      var values = { solved: c.solved, total: lesson.ids.length, revealed: c.revealed };
      count.textContent = !lesson.ids.length ? data.labels.none
        : c.revealed && data.labels["revealed.lesson"] ? fill(data.labels["revealed.lesson"], values)
          : fill(data.labels.lesson, values);
      if (lesson.ids.length && c.solved === lesson.ids.length) li.classList.add("is-finished");
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(count);
      if (c.solved || c.revealed) {
        var one = document.createElement("button");
        one.type = "button";
        one.className = "course-progress__reset-lesson";
        one.setAttribute("data-lesson", String(i));
        one.textContent = label(data, "one.reset");
        one.setAttribute("aria-label", fill(label(data, "one.reset_label"), { lesson: lesson.title }));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(one);
      }
      list.appendChild(li);
    });
    box.hidden = false;
  }

  /* Forgets the lesson's exercises (their ids), keeping every other lesson's. */
  function forget(lesson) {
    [STORE_KEY, REVEALED_KEY].forEach(function (key) {
      try {
        var kept = storedIds(key).filter(function (id) { return lesson.ids.indexOf(id) === -1; });
        if (kept.length) window.localStorage.setItem(key, JSON.stringify(kept));
        else window.localStorage.removeItem(key);
      } catch (e) {
        /* storage disabled: nothing was saved */
      }
    });
  }

  /* Resets `lesson`, or every lesson when it is null. */
  function reset(data, box, lesson) {
    (lesson ? [lesson] : data.lessons).forEach(forget);
    showOverview(data, box);
    markNavigation(data);
    var status = box.querySelector(".course-progress__status");
    if (status) {
      status.textContent = lesson ? fill(label(data, "one.done"), { lesson: lesson.title }) : data.labels.reset_done;
    }
  }

  /* The confirmation asked before a reset: a question and two buttons after
     the reset button, focus on "Cancel"; Escape cancels. */
  function confirmation(data, box) {
    var panel = document.createElement("div");
    panel.className = "course-progress__confirm";
    panel.setAttribute("role", "group");
    panel.hidden = true;
    var question = document.createElement("p");
    question.id = "course-progress-confirm";
    panel.setAttribute("aria-labelledby", question.id);
    var yes = document.createElement("button");
    yes.type = "button";
    yes.className = "course-progress__confirm-yes";
    yes.textContent = label(data, "confirm.yes");
    var no = document.createElement("button");
    no.type = "button";
    no.className = "course-progress__confirm-no";
    no.textContent = label(data, "confirm.no");
    panel.appendChild(question);
    panel.appendChild(yes);
    panel.appendChild(document.createTextNode(" "));
    panel.appendChild(no);
    var resetButton = box.querySelector(".course-progress__reset");
    var after = resetButton ? resetButton.parentNode : box.querySelector(".course-progress__list");
    after.parentNode.insertBefore(panel, after.nextSibling);
    var pending = { lesson: null, back: null };
    /* focus back where the learner was: the button, or (it is gone once its
       lesson has nothing to reset) the lesson's link */
    function close(focus) {
      panel.hidden = true;
      if (!focus) return;
      var back = pending.back;
      var at = pending.lesson ? data.lessons.indexOf(pending.lesson) : -1;
      var row = at >= 0 ? box.querySelectorAll(".course-progress__list > li")[at] : null;
      if (back && document.body.contains(back)) back.focus();
      else if (row && row.querySelector("a")) row.querySelector("a").focus();
      else if (resetButton) resetButton.focus();
    }
    yes.addEventListener("click", function () {
      reset(data, box, pending.lesson);
      close(true);
    });
    no.addEventListener("click", function () { close(true); });
    panel.addEventListener("keydown", function (event) {
      if (event.key === "Escape") close(true);
    });
    return function ask(lesson, back) {
      pending.lesson = lesson;
      pending.back = back;
      question.textContent = lesson ? fill(label(data, "confirm.lesson"), { lesson: lesson.title }) : label(data, "confirm.all");
      var status = box.querySelector(".course-progress__status");
      if (status) status.textContent = "";
      panel.hidden = false;
      no.focus();
    };
  }

  function start(data) {
    if (!data || !Array.isArray(data.lessons) || !data.labels) return;
    migrate(STORE_KEY);
    migrate(REVEALED_KEY);
    markNavigation(data);
    var box = data.lessons.length ? document.getElementById("course-progress") : null;
    if (box) {
      showOverview(data, box);
      var ask = confirmation(data, box);
      transfer(data, box, function () {
        showOverview(data, box);
        markNavigation(data);
      });
      box.addEventListener("click", function (event) {
        var button = event.target.closest ? event.target.closest("button") : null;
        if (!button) return;
        if (button.classList.contains("course-progress__reset")) ask(null, button);
        else if (button.classList.contains("course-progress__reset-lesson")) {
          var lesson = data.lessons[Number(button.getAttribute("data-lesson"))];
          if (lesson) ask(lesson, button);
        }
      });
    }
    /* nav.js tells when it has put a long listing back in full */
    document.addEventListener("tilebook:nav", function () { markNavigation(data); });
    /* quiz.js tells when an exercise on this page is solved */
    function update() {
      markNavigation(data);
      if (box) showOverview(data, box);
    }
    document.addEventListener("tilebook:solved", update);
    document.addEventListener("tilebook:revealed", update);
  }

  /* ---------- taking progress along: a JSON file (no account, no server) ---------- */

  var FORMAT = "tilebook-progress";
  var SEEN_KEY = "tilebook:seen";
  var REVIEW_KEY = "tilebook:review";

  /* The progress file: what this browser keeps, by exercise id. */
  function exported() {
    return JSON.stringify({
      format: FORMAT,
      version: 1,
      exported: new Date().toISOString(),
      solved: storedIds(STORE_KEY),
      revealed: storedIds(REVEALED_KEY),
      seen: storedObject(SEEN_KEY),
      review: storedObject(REVIEW_KEY),
      trainer: store.trainer.read()
    }, null, 1);
  }

  function isIds(list) {
    return Array.isArray(list) && list.every(function (x) { return typeof x === "string"; });
  }

  /* The file's progress, or the name of what is wrong with it ("bad": not
     a progress file; "foreign": none of its exercises is in this course). */
  function parseProgress(text, data) {
    var file;
    try { file = JSON.parse(text); } catch (e) { return "bad"; }
    if (!file || file.format !== FORMAT || file.version !== 1 || !isIds(file.solved) || !isIds(file.revealed)) return "bad";
    var seen = file.seen == null ? {} : file.seen;
    if (typeof seen !== "object" || Array.isArray(seen)) return "bad";
    var review = file.review == null ? {} : file.review;
    if (typeof review !== "object" || Array.isArray(review)) return "bad";
    var cards = review.cards == null ? {} : review.cards;
    if (typeof cards !== "object" || Array.isArray(cards)) return "bad";
    /* the trainer's record (files saved before it was kept have none) */
    var trainer = file.trainer == null ? {} : file.trainer;
    if (!store.trainer.valid(trainer)) return "bad";
    var known = Object.create(null);
    data.lessons.forEach(function (l) { l.ids.forEach(function (id) { known[id] = true; }); });
    var all = file.solved.concat(file.revealed);
    if (all.length && !all.some(function (id) { return known[id]; })) return "foreign";
    return { solved: file.solved, revealed: file.revealed, seen: seen, cards: cards, trainer: trainer };
  }

  /* Adds the file's progress to what is stored (nothing stored is lost);
     returns how many solved and revealed ids were new. */
  function merge(progress) {
    var added = { solved: 0, revealed: 0 };
    [[STORE_KEY, progress.solved, "solved"], [REVEALED_KEY, progress.revealed, "revealed"]].forEach(function (p) {
      var list = storedIds(p[0]);
      p[1].forEach(function (id) {
        if (list.indexOf(id) === -1) { list.push(id); added[p[2]] += 1; }
      });
      window.localStorage.setItem(p[0], JSON.stringify(list));
    });
    var seen = storedObject(SEEN_KEY);
    Object.keys(progress.seen).forEach(function (id) {
      var mine = Array.isArray(seen[id]) ? seen[id] : [];
      (Array.isArray(progress.seen[id]) ? progress.seen[id] : []).forEach(function (k) {
        if (typeof k === "number" && mine.indexOf(k) === -1) mine.push(k);
      });
      seen[id] = mine;
    });
    window.localStorage.setItem(SEEN_KEY, JSON.stringify(seen));
    /* exercises waiting for review: the file's join those of this browser */
    var review = storedObject(REVIEW_KEY);
    if (!review.cards || typeof review.cards !== "object") review.cards = {};
    Object.keys(progress.cards).forEach(function (id) {
      var card = progress.cards[id];
      if (!review.cards[id] && card && typeof card === "object") review.cards[id] = card;
    });
    window.localStorage.setItem(REVIEW_KEY, JSON.stringify(review));
    /* the trainer's record: each count the larger of the two */
    if (Object.keys(progress.trainer).length) {
      window.localStorage.setItem(store.trainer.key, JSON.stringify(store.trainer.merge(store.trainer.read(), progress.trainer)));
    }
    return added;
  }

  function transfer(data, box, refresh) {
    var status = box.querySelector(".course-progress__status");
    var say = function (text) { if (status) status.textContent = text; };
    var save = box.querySelector(".course-progress__export");
    var input = box.querySelector("#course-progress-import");
    if (save && window.Blob && window.URL && URL.createObjectURL) {
      save.addEventListener("click", function () {
        var name = "tilebook-progress-" + new Date().toISOString().slice(0, 10) + ".json";
        var url = URL.createObjectURL(new Blob([exported()], { type: "application/json" }));
        var a = document.createElement("a");
        a.href = url;
        a.download = name;
        a.hidden = true;
        document.body.appendChild(a);
        a.click();
        document.body.removeChild(a);
        window.setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
        say(fill(label(data, "export.done"), { file: name }));
      });
    }
    if (input && window.FileReader) {
      input.addEventListener("change", function () {
        var file = input.files && input.files[0];
        if (!file) return;
        var reader = new FileReader();
        reader.onload = function () {
          var progress = parseProgress(String(reader.result), data);
          input.value = "";
          if (typeof progress === "string") {
            say(label(data, "import." + progress));
            return;
          }
          var added;
          try {
            added = merge(progress);
          } catch (e) {
            say(label(data, "import.bad"));
            return;
          }
          refresh();
          say(fill(label(data, "import.done"), added));
        };
        reader.onerror = function () { say(label(data, "import.bad")); };
        reader.readAsText(file);
      });
    }
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
