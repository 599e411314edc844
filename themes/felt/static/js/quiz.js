/* tilebook quiz: checks the exercises of a lesson page in the browser.
   Progressive enhancement of server-rendered HTML (see exercise-contract.md):
   without this script the answers are still there, inside <details>.
   No framework, no network, no inline scripts (CSP-friendly); loaded with
   `defer`. Every answer is judged from the declarative JSON spec that the
   build wrote next to the exercise, so every legal answer is accepted. */
(function () {
  "use strict";

  var STORE_PREFIX = "tilebook:solved:";

  /* ---------- small helpers ---------- */

  function has(obj, key) {
    return obj != null && Object.prototype.hasOwnProperty.call(obj, key);
  }

  /* "{a} of {b}" with values; unknown placeholders are left as they are. */
  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (m, name) {
      return has(values, name) ? String(values[name]) : m;
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  /* ---------- progress storage (must survive storage being disabled) ---------- */

  function storageKey() {
    return STORE_PREFIX + window.location.pathname;
  }

  function readSolved() {
    try {
      var raw = window.localStorage.getItem(storageKey());
      var list = raw ? JSON.parse(raw) : [];
      return Array.isArray(list) ? list.filter(function (x) { return typeof x === "string"; }) : [];
    } catch (e) {
      return [];
    }
  }

  function writeSolved(list) {
    try {
      window.localStorage.setItem(storageKey(), JSON.stringify(list));
    } catch (e) {
      /* storage disabled or full: progress lasts for this visit only */
    }
  }

  /* ---------- evaluation (contract: count → forbidden → limits → exact) ---------- */

  function sameSet(a, b) {
    if (a.length !== b.length) return false;
    var seen = {};
    a.forEach(function (v) { seen[v] = true; });
    return b.every(function (v) { return seen[String(v)] === true; });
  }

  /* Returns { ok: bool, rule: rule id or null }. `chosen` is in DOM order. */
  function evaluate(spec, chosen) {
    var type = spec.type;
    var wrong = function (rule) { return { ok: false, rule: rule || spec.wrong_rule || null }; };
    var right = { ok: true, rule: spec.correct_rule || null };

    if (type === "select" || type === "multi") {
      if (spec.count != null && chosen.length !== spec.count) {
        return wrong(spec.count_rule);
      }
      for (var i = 0; i < chosen.length; i++) {
        if (has(spec.forbidden, chosen[i])) return wrong(spec.forbidden[chosen[i]]);
      }
      var limits = spec.limits || [];
      for (var j = 0; j < limits.length; j++) {
        var limit = limits[j];
        var values = (limit.values || []).map(String);
        var n = chosen.filter(function (v) { return values.indexOf(v) !== -1; }).length;
        if (n > limit.max) return wrong(limit.rule);
      }
      if (spec.exact != null && !sameSet(chosen, spec.exact)) return wrong();
      return right;
    }
    if (type === "choice") {
      var pick = chosen[0];
      if (pick != null && pick === String(spec.correct)) return right;
      return wrong(pick != null && spec.option_rules ? spec.option_rules[pick] : null);
    }
    if (type === "order") {
      var want = (spec.correct || []).map(String);
      var ok = want.length === chosen.length && want.every(function (v, k) { return chosen[k] === v; });
      return ok ? right : wrong();
    }
    return wrong();
  }

  /* ---------- one exercise ---------- */

  function Exercise(section, spec, quiz, texts) {
    this.section = section;
    this.spec = spec;
    this.quiz = quiz;
    /* the page's table (#quiz-texts), unless the spec carries its own */
    this.labels = spec.labels || texts.labels || {};
    this.rules = spec.rules || texts.rules || {};
    this.id = section.getAttribute("data-exercise-id") || section.id;
    this.form = section.querySelector(".exercise__form");
    this.status = section.querySelector(".exercise__feedback");
    this.details = section.querySelector(".exercise__answer");
    this.retry = section.querySelector(".exercise__retry");
    this.show = section.querySelector(".exercise__show");
    this.list = section.querySelector(".exercise__order");
    /* elements, not values: identical items may share a data-value */
    this.initialOrder = this.list ? this.orderItems() : null;
    this.announceTimer = 0;
  }

  Exercise.prototype.inputs = function () {
    return Array.prototype.slice.call(this.form.querySelectorAll("input[type=checkbox], input[type=radio]"));
  };

  Exercise.prototype.orderItems = function () {
    return Array.prototype.slice.call(this.list.children).filter(function (li) {
      return li.tagName === "LI";
    });
  };

  Exercise.prototype.orderValues = function () {
    return this.orderItems().map(function (li) { return li.getAttribute("data-value"); });
  };

  Exercise.prototype.chosen = function () {
    if (this.spec.type === "order") return this.list ? this.orderValues() : [];
    return this.inputs()
      .filter(function (input) { return input.checked; })
      .map(function (input) { return input.value; });
  };

  Exercise.prototype.enhance = function () {
    var self = this;
    var actions = this.section.querySelector(".exercise__actions");
    if (actions) actions.hidden = false;
    this.section.classList.add("is-enhanced");

    this.form.addEventListener("submit", function (event) {
      event.preventDefault();
      self.check();
    });
    if (this.retry) this.retry.addEventListener("click", function () { self.reset(); });
    if (this.show) this.show.addEventListener("click", function () { self.reveal(); });

    if (this.spec.type === "select" || this.spec.type === "multi") {
      this.addCounter();
      this.form.addEventListener("change", function () { self.updateCounter(); });
    }
    if (this.list) {
      this.list.addEventListener("click", function (event) {
        var button = event.target.closest ? event.target.closest("button") : null;
        if (!button || !self.list.contains(button)) return;
        if (button.classList.contains("order__up")) self.move(button, -1);
        else if (button.classList.contains("order__down")) self.move(button, 1);
      });
      this.markOrderEnds();
    }
  };

  /* "2 of 3 chosen": shown while choosing, nothing is enforced (the check explains). */
  Exercise.prototype.addCounter = function () {
    /* "{chosen}/{count}" reads well without a label; a bare number does not */
    if (this.spec.count == null && !this.labels.chosen_any) return;
    var fieldset = this.form.querySelector(".exercise__choices");
    var counter = el("p", "exercise__count");
    counter.id = (this.section.id || "ex") + "-count";
    var actions = this.form.querySelector(".exercise__actions");
    this.form.insertBefore(counter, actions || null);
    if (fieldset) {
      var described = fieldset.getAttribute("aria-describedby");
      fieldset.setAttribute("aria-describedby", described ? described + " " + counter.id : counter.id);
    }
    this.counter = counter;
    this.updateCounter();
  };

  Exercise.prototype.updateCounter = function () {
    if (!this.counter) return;
    var n = this.chosen().length;
    var count = this.spec.count;
    var text = count != null
      ? fill(this.labels.chosen || "{chosen}/{count}", { chosen: n, count: count })
      : fill(this.labels.chosen_any || "{chosen}", { chosen: n });
    this.counter.textContent = text;
  };

  Exercise.prototype.clearVerdict = function () {
    this.section.classList.remove("is-right", "is-wrong");
  };

  /* Writes into the live region; emptied first so a repeated message is read again. */
  Exercise.prototype.announce = function (build) {
    var status = this.status;
    if (!status) return;
    window.clearTimeout(this.announceTimer);
    status.textContent = "";
    this.announceTimer = window.setTimeout(function () {
      status.textContent = "";
      build(status);
    }, 30);
  };

  Exercise.prototype.check = function () {
    var result = evaluate(this.spec, this.chosen());
    var labels = this.labels;
    var rule = result.rule && has(this.rules, result.rule) ? this.rules[result.rule] : null;

    this.section.classList.remove(result.ok ? "is-wrong" : "is-right");
    this.section.classList.add(result.ok ? "is-right" : "is-wrong");
    this.announce(function (status) {
      status.appendChild(el("strong", "exercise__verdict", result.ok ? labels.right : labels.wrong));
      if (rule && rule.text) {
        status.appendChild(document.createTextNode(" "));
        status.appendChild(el("span", "exercise__reason", rule.text));
      }
      if (rule && rule.href) {
        status.appendChild(document.createTextNode(" "));
        var link = el("a", "exercise__lesson", labels.lesson || rule.href);
        link.href = rule.href;
        status.appendChild(link);
      }
    });
    if (this.retry) this.retry.hidden = false;
    if (result.ok) this.quiz.solved(this);
  };

  Exercise.prototype.reset = function () {
    var self = this;
    this.inputs().forEach(function (input) { input.checked = false; });
    if (this.list && this.initialOrder) {
      this.initialOrder.forEach(function (li) { self.list.appendChild(li); });
      this.markOrderEnds();
    }
    window.clearTimeout(this.announceTimer);
    if (this.status) this.status.textContent = "";
    this.clearVerdict();
    this.updateCounter();
    if (this.retry) this.retry.hidden = true;
    /* the retry button just disappeared: keep keyboard users in the exercise */
    var first = this.form.querySelector("input, .exercise__order button");
    if (first) first.focus();
  };

  Exercise.prototype.reveal = function () {
    if (!this.details) return;
    this.details.open = true;
    var summary = this.details.querySelector("summary");
    (summary || this.details).focus();
  };

  /* Order lists: move the item, keep focus on the same button, announce the position. */
  Exercise.prototype.move = function (button, delta) {
    var li = button.closest("li");
    if (!li) return;
    var items = this.orderItems();
    var from = items.indexOf(li);
    var to = from + delta;
    if (to >= 0 && to < items.length) {
      if (delta < 0) this.list.insertBefore(li, items[to]);
      else this.list.insertBefore(li, items[to].nextSibling);
      this.markOrderEnds();
      button.focus();
    } else {
      to = from;
    }
    this.clearVerdict();
    var label = li.querySelector(".order__label");
    var text = fill(this.labels.moved || "{label}: {position}/{total}", {
      label: label ? label.textContent.trim() : li.getAttribute("data-value"),
      position: to + 1,
      total: items.length
    });
    this.announce(function (status) { status.textContent = text; });
  };

  /* The first "up" and last "down" do nothing; they stay focusable (focus must not jump). */
  Exercise.prototype.markOrderEnds = function () {
    var items = this.orderItems();
    items.forEach(function (li, i) {
      var up = li.querySelector(".order__up");
      var down = li.querySelector(".order__down");
      if (up) up.setAttribute("aria-disabled", String(i === 0));
      if (down) down.setAttribute("aria-disabled", String(i === items.length - 1));
    });
  };

  /* ---------- the page ---------- */

  /* The labels and rule texts every exercise on the page shares. */
  function readTexts() {
    var script = document.getElementById("quiz-texts");
    try {
      return (script && JSON.parse(script.textContent)) || {};
    } catch (e) {
      return {};
    }
  }

  function Quiz(sections) {
    this.exercises = [];
    this.solvedIds = readSolved();
    this.progress = null;
    this.progressLabel = null;
    var self = this;
    var texts = readTexts();
    sections.forEach(function (section) {
      var spec = null;
      try {
        var script = section.querySelector("script.exercise__spec");
        spec = script ? JSON.parse(script.textContent) : null;
      } catch (e) {
        spec = null;
      }
      if (!spec || !section.querySelector(".exercise__form")) return; /* leave the no-JS view */
      var exercise = new Exercise(section, spec, self, texts);
      exercise.enhance();
      self.exercises.push(exercise);
      if (!self.progressLabel && exercise.labels.progress) self.progressLabel = exercise.labels.progress;
    });
    if (!this.exercises.length) return;
    this.exercises.forEach(function (ex) {
      if (self.solvedIds.indexOf(ex.id) !== -1) ex.section.classList.add("is-solved");
    });
    this.progress = el("p", "exercise-progress");
    this.progress.setAttribute("aria-live", "polite");
    var first = this.exercises[0].section;
    first.parentNode.insertBefore(this.progress, first);
    this.updateProgress();
  }

  Quiz.prototype.solved = function (exercise) {
    exercise.section.classList.add("is-solved");
    /* re-read: another tab may have solved others meanwhile */
    var ids = readSolved();
    this.solvedIds.forEach(function (id) { if (ids.indexOf(id) === -1) ids.push(id); });
    if (ids.indexOf(exercise.id) === -1) ids.push(exercise.id);
    this.solvedIds = ids;
    writeSolved(ids);
    this.updateProgress();
  };

  Quiz.prototype.updateProgress = function () {
    if (!this.progress) return;
    var ids = this.solvedIds;
    var solved = this.exercises.filter(function (ex) { return ids.indexOf(ex.id) !== -1; }).length;
    var total = this.exercises.length;
    this.progress.textContent = fill(this.progressLabel || "{solved}/{total}", { solved: solved, total: total });
    this.progress.classList.toggle("is-complete", solved === total);
  };

  /* Printing: show every answer, then restore what was open. */
  function printing(quiz) {
    var opened = [];
    window.addEventListener("beforeprint", function () {
      quiz.exercises.forEach(function (ex) {
        if (ex.details && !ex.details.open) {
          ex.details.open = true;
          opened.push(ex.details);
        }
      });
    });
    window.addEventListener("afterprint", function () {
      opened.forEach(function (d) { d.open = false; });
      opened = [];
    });
  }

  function init() {
    var sections = Array.prototype.slice.call(document.querySelectorAll("section.exercise"));
    if (!sections.length) return;
    var quiz = new Quiz(sections);
    printing(quiz);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
