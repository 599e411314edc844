/* tilebook review: the review page (templates/review.html). The exercises
   the learner missed (a wrong answer) or revealed (answer shown) — quiz.js
   notes them in localStorage "tilebook:review" by language-independent
   exercise id — come back on a spaced schedule computed by FSRS (the
   vendored ts-fsrs, js/vendor/ts-fsrs/, window.FSRS; the scheduler is
   theirs, not ours): a miss counts as a first review rated "Again"; a review
   answered right on the first try is rated "Good", after wrong tries
   "Hard", with the answer shown "Again". Each review is a fresh variant of
   the exercise from its own pool in its lesson's pool.txt (one not seen in that
   place yet), checked by quiz.js like any exercise. The page says how many
   are due today and when the next one is due; the learner can pause and
   reset the review, and print today's due exercises with their answer key
   on a page of its own. Words from <lang>/exercises.json (progress.review.*);
   the time from window.tilebookNow when a test injects it. */
(function () {
  "use strict";

  var KEY = "tilebook:review";
  var SEEN_KEY = "tilebook:seen";
  /* the exercise number in a pool's HTML (src/site/pools.rs, POOL_NUMBER) */
  var POOL_NUMBER = "999999";
  var root = document.getElementById("review");
  var F = window.FSRS;
  if (!root || !F || !window.fetch || !window.tilebookQuiz || !window.tilebookStore) return;
  var scheduler = F.fsrs({ enable_short_term: false });
  var quiz = window.tilebookQuiz;

  function now() {
    return typeof window.tilebookNow === "function" ? new Date(window.tilebookNow()) : new Date();
  }

  /* has, fill (UI messages, plural forms by Intl.PluralRules) and
     readObject: js/store.js, loaded first */
  var has = window.tilebookStore.has;
  var fill = window.tilebookStore.fill;
  var readObject = window.tilebookStore.readObject;

  function read() {
    var state = readObject(KEY);
    if (!state.cards || typeof state.cards !== "object" || Array.isArray(state.cards)) state.cards = {};
    return state;
  }

  function write(state) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(state));
    } catch (e) {
      /* storage disabled: the review lasts for this visit */
    }
  }

  /* An entry's FSRS card: its last schedule, or the miss as a first review. */
  function cardOf(entry) {
    if (entry.card) {
      var c = {};
      Object.keys(entry.card).forEach(function (k) { c[k] = entry.card[k]; });
      c.due = new Date(c.due);
      if (c.last_review) c.last_review = new Date(c.last_review);
      return c;
    }
    var at = new Date(entry.missed);
    if (isNaN(at.getTime())) at = now();
    return scheduler.next(F.createEmptyCard(at), at, F.Rating.Again).card;
  }

  function endOfToday(t) {
    var end = new Date(t.getTime());
    end.setHours(23, 59, 59, 999);
    return end;
  }

  var data = null;
  var summary = root.querySelector(".review__summary");
  var start = root.querySelector(".review__start");
  var pause = root.querySelector(".review__pause");
  var reset = root.querySelector(".review__reset");
  var confirm = root.querySelector(".review__confirm");
  var box = root.querySelector(".review__exercise");
  var current = null; /* { id, graded } */

  function label(key) {
    return data && has(data.labels, key) ? data.labels[key] : key;
  }

  /* id → { url, kind } of its lesson in this language (its pool is there) */
  function place(id) {
    for (var i = 0; i < data.lessons.length; i++) {
      var lesson = data.lessons[i];
      var at = lesson.ids.indexOf(id);
      if (at !== -1) return { url: lesson.url, kind: (lesson.kinds || [])[at] };
    }
    return null;
  }

  /* The entries this course knows, with their cards, soonest due first. */
  function queue(state) {
    return Object.keys(state.cards)
      .filter(function (id) { return place(id); })
      .map(function (id) { return { id: id, card: cardOf(state.cards[id]) }; })
      .sort(function (a, b) { return a.card.due - b.card.due || (a.id < b.id ? -1 : 1); });
  }

  function due(state, t) {
    var end = endOfToday(t);
    return queue(state).filter(function (q) { return q.card.due <= end; });
  }

  /* The summary line, the buttons' state, and data-due / data-next for tests. */
  function show(extra) {
    var state = read();
    var t = now();
    var all = queue(state);
    var today = due(state, t);
    var later = all.filter(function (q) { return today.indexOf(q) === -1; });
    var parts = [];
    root.setAttribute("data-due", state.paused ? "0" : String(today.length));
    root.setAttribute("data-next", later.length ? later[0].card.due.toISOString() : "");
    if (state.paused) {
      parts.push(label("review.paused"));
    } else if (!all.length) {
      parts.push(label("review.empty"));
    } else {
      parts.push(today.length ? fill(label("review.due"), { count: today.length }) : label("review.none"));
      if (later.length) {
        var date = later[0].card.due;
        var text;
        try {
          text = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "long" }).format(date);
        } catch (e) {
          text = date.toDateString();
        }
        parts.push(fill(label("review.next"), { date: text }));
      }
    }
    if (extra) parts.unshift(extra);
    summary.textContent = parts.join(" ");
    pause.textContent = label(state.paused ? "review.resume" : "review.pause");
    start.textContent = label(current ? "review.next_exercise" : "review.start");
    start.hidden = state.paused || !today.length || (current && !current.graded);
    if (printButton) printButton.hidden = state.paused || !today.length;
    reset.hidden = !all.length;
  }

  /* Shows a fresh variant of exercise `id` (not one seen in its place). */
  function open(id) {
    var where = place(id);
    return quiz.loadPool(where.url).then(function (p) {
      var list = quiz.variantsOf(p, id);
      if (!list.length) throw new Error("no variants");
      quiz.learnRules(p);
      var seen = readObject(SEEN_KEY);
      var mine = Array.isArray(seen[id]) ? seen[id] : [];
      var k = -1;
      for (var i = 0; i < list.length && k === -1; i++) if (mine.indexOf(i) === -1) k = i;
      if (k === -1) {
        mine = [];
        k = 0;
      }
      mine.push(k);
      seen[id] = mine;
      try { window.localStorage.setItem(SEEN_KEY, JSON.stringify(seen)); } catch (e) { /* disabled */ }
      var holder = document.createElement("div");
      holder.innerHTML = list[k].split(POOL_NUMBER).join("1");
      var section = holder.querySelector("section.exercise");
      section.setAttribute("data-exercise-id", id);
      section.setAttribute("data-variant", String(k));
      var h3 = section.querySelector(".exercise__title");
      if (h3 && h3.tagName !== "H2") {
        var h2 = document.createElement("h2");
        h2.className = h3.className;
        h2.id = h3.id;
        while (h3.firstChild) h2.appendChild(h3.firstChild);
        h3.parentNode.replaceChild(h2, h3);
        h3 = h2;
      }
      box.textContent = "";
      box.appendChild(section);
      quiz.adopt(section);
      current = { id: id, graded: false };
      show();
      if (h3) {
        h3.setAttribute("tabindex", "-1");
        h3.focus();
      }
    });
  }

  /* Schedules the current exercise by the learner's answer. */
  function grade(rating) {
    if (!current || current.graded) return;
    current.graded = true;
    var state = read();
    var entry = state.cards[current.id];
    if (!entry) return;
    var t = now();
    entry.card = scheduler.next(cardOf(entry), t, rating).card;
    write(state);
    var left = due(state, t).length;
    show(left || state.paused ? "" : label("review.done"));
  }

  /* ---------- a personal review sheet: today's due exercises on paper ---------- */

  var sheet = document.querySelector(".review__sheet");
  var printButton = root.querySelector(".review__print");

  function dateText(date) {
    try {
      return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "long" }).format(date);
    } catch (e) {
      return date.toDateString();
    }
  }

  /* A fresh variant (not one seen in the exercise's place; not marked seen:
     paper is not a review) of each exercise due today, numbered, their
     answers on a page of their own after them; then the print dialog. */
  function printSheet() {
    var t = now();
    var list = due(read(), t);
    if (!list.length) return Promise.resolve();
    var seen = readObject(SEEN_KEY);
    return Promise.all(list.map(function (q) {
      var where = place(q.id);
      return quiz.loadPool(where.url).then(function (p) {
        var variants = quiz.variantsOf(p, q.id);
        var mine = Array.isArray(seen[q.id]) ? seen[q.id] : [];
        var k = 0;
        while (k < variants.length - 1 && mine.indexOf(k) !== -1) k++;
        return { html: variants[k], rules: p.rules || {} };
      });
    })).then(function (found) {
      sheet.textContent = "";
      var title = document.createElement("h2");
      title.textContent = fill(label("review.print_title"), { date: dateText(t) });
      sheet.appendChild(title);
      var key = document.createElement("section");
      key.className = "review__key";
      var keyTitle = document.createElement("h2");
      keyTitle.textContent = label("review.key");
      key.appendChild(keyTitle);
      var answers = document.createElement("ol");
      key.appendChild(answers);
      found.forEach(function (f, i) {
        if (!f.html) return;
        var n = String(i + 1);
        var holder = document.createElement("div");
        holder.innerHTML = f.html.split(POOL_NUMBER).join("print-" + n);
        var section = holder.querySelector("section.exercise");
        section.classList.add("review__printed");
        var heading = section.querySelector(".exercise__title");
        if (heading) heading.textContent = heading.textContent.replace("print-" + n, n);
        var answer = section.querySelector("details.exercise__answer .exercise__explanation");
        var item = document.createElement("li");
        if (answer) item.appendChild(answer);
        answers.appendChild(item);
        Array.prototype.slice.call(section.querySelectorAll("details.exercise__answer, script, .exercise__feedback, .exercise__actions")).forEach(function (node) {
          node.parentNode.removeChild(node);
        });
        sheet.appendChild(section);
      });
      sheet.appendChild(key);
      root.parentNode.classList.add("review--printing");
      window.print();
    });
  }

  if (printButton && sheet) {
    printButton.addEventListener("click", function () {
      printSheet().catch(function () { show(label("review.offline")); });
    });
    window.addEventListener("afterprint", function () {
      root.parentNode.classList.remove("review--printing");
    });
  }

  document.addEventListener("tilebook:checked", function (event) {
    var d = event.detail || {};
    if (!current || d.id !== current.id) return;
    if (d.ok) grade(d.tries ? F.Rating.Hard : F.Rating.Good);
  });
  box.addEventListener("click", function (event) {
    var t = event.target;
    var shown = t.closest && (t.closest(".exercise__show") || t.closest("details.exercise__answer > summary"));
    if (shown) grade(F.Rating.Again);
  });

  start.addEventListener("click", function () {
    var list = due(read(), now());
    if (!list.length) return;
    open(list[0].id).catch(function () { show(label("review.offline")); });
  });
  pause.addEventListener("click", function () {
    var state = read();
    state.paused = !state.paused;
    write(state);
    show();
  });
  reset.addEventListener("click", function () {
    confirm.hidden = false;
    confirm.querySelector(".review__confirm-no").focus();
  });
  confirm.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button") : null;
    if (!button) return;
    confirm.hidden = true;
    if (button.classList.contains("review__confirm-yes")) {
      var state = read();
      state.cards = {};
      write(state);
      box.textContent = "";
      current = null;
      show(label("review.reset_done"));
      pause.focus();
    } else {
      reset.focus();
    }
  });
  confirm.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      confirm.hidden = true;
      reset.focus();
    }
  });

  window.fetch(root.getAttribute("data-lessons"), { credentials: "same-origin" })
    .then(function (r) { return r.ok ? r.json() : null; })
    .then(function (json) {
      if (!json || !Array.isArray(json.lessons)) return;
      data = json;
      var note = document.querySelector(".review__nojs");
      if (note) note.hidden = true;
      root.hidden = false;
      show();
      root.setAttribute("data-ready", "");
    }, function () { /* no lesson list: the page stays as it is without JavaScript */ });
})();
