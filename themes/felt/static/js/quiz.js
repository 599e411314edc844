/* tilebook quiz: checks the exercises of a lesson page in the browser.
   Progressive enhancement of server-rendered HTML (see exercise-contract.md):
   without this script the answers are still there, inside <details>.
   No framework, no network, no inline scripts (CSP-friendly); loaded with
   `defer`. Every answer is judged from the declarative JSON spec that the
   build wrote next to the exercise, so every legal answer is accepted; a
   wrong answer is explained by its fault (what is wrong with *this* answer),
   mirrored in Rust by src/exercises/feedback.rs.
   Light: one pass at start-up only reveals the buttons (no layout work);
   an exercise's spec is read when it comes near the screen or is used. */
(function () {
  "use strict";

  /* localStorage: the ids of the solved exercises, of the whole course */
  var STORE_KEY = "tilebook:solved";
  /* exercises whose answer was shown before they were solved: revealed, not solved */
  var REVEALED_KEY = "tilebook:revealed";
  var HINT_AFTER = 2;

  /* ---------- small helpers ---------- */

  /* has, fill (a UI message with values: "{a} of {b}", or plural forms
     chosen with Intl.PluralRules) and migrate: js/store.js, loaded first */
  var store = window.tilebookStore;
  if (!store) return;
  var has = store.has;
  var fill = store.fill;

  /* Whether a template (a text, or plural forms) has the placeholder `name`. */
  function mentions(template, name) {
    if (!template) return false;
    if (typeof template === "string") return template.indexOf(name) !== -1;
    var forms = template.forms || {};
    return Object.keys(forms).some(function (k) { return String(forms[k]).indexOf(name) !== -1; });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  function toArray(list) {
    return Array.prototype.slice.call(list);
  }

  /* ---------- progress storage (must survive storage being disabled) ---------- */

  /* One list per state for the whole course, of language-independent
     exercise ids (data-exercise-id: the same exercise has the same id in
     every language), so switching language keeps the progress. Lists saved
     per page by older versions ("tilebook:solved:" + a page's path) are
     merged in once and removed (store.js). */
  var migrate = store.migrate;

  function readSolved(prefix) {
    try {
      var raw = window.localStorage.getItem(prefix || STORE_KEY);
      var list = raw ? JSON.parse(raw) : [];
      return Array.isArray(list) ? list.filter(function (x) { return typeof x === "string"; }) : [];
    } catch (e) {
      return [];
    }
  }

  function writeSolved(list, prefix) {
    try {
      window.localStorage.setItem(prefix || STORE_KEY, JSON.stringify(list));
    } catch (e) {
      /* storage disabled or full: progress lasts for this visit only */
    }
  }

  /* a's items, then b's that a lacks */
  function union(a, b) {
    var out = a.slice();
    b.forEach(function (v) { if (out.indexOf(v) === -1) out.push(v); });
    return out;
  }

  /* ---------- evaluation (contract: count → forbidden → limits → exact) ---------- */

  function sameSet(a, b) {
    if (a.length !== b.length) return false;
    var seen = {};
    a.forEach(function (v) { seen[v] = true; });
    return b.every(function (v) { return seen[String(v)] === true; });
  }

  function firstDifference(chosen, want) {
    for (var i = 0; i < chosen.length; i++) {
      if (chosen[i] !== want[i]) return i;
    }
    return 0;
  }

  /* Returns { ok, rule, fault }; fault = { name, value?, position?, ... } when wrong.
     `chosen` is in page order. Same algorithm as AnswerSpec::diagnose. */
  function diagnose(spec, chosen) {
    var type = spec.type;
    var wrong = function (rule, fault) {
      return { ok: false, rule: rule || spec.wrong_rule || null, fault: fault };
    };
    var right = { ok: true, rule: spec.correct_rule || null, fault: null };

    if (type === "select" || type === "multi") {
      if (!chosen.length && spec.count == null) return wrong(null, { name: "empty" });
      if (spec.count != null && chosen.length !== spec.count) {
        return wrong(spec.count_rule, { name: "count", chosen: chosen.length, count: spec.count });
      }
      for (var i = 0; i < chosen.length; i++) {
        if (has(spec.forbidden, chosen[i])) {
          return wrong(spec.forbidden[chosen[i]], { name: "forbidden", value: chosen[i] });
        }
      }
      var limits = spec.limits || [];
      for (var j = 0; j < limits.length; j++) {
        var limit = limits[j];
        var values = (limit.values || []).map(String);
        var n = chosen.filter(function (v) { return values.indexOf(v) !== -1; }).length;
        if (n > limit.max) return wrong(limit.rule, { name: "limit", chosen: n, max: limit.max });
      }
      if (spec.exact != null && !sameSet(chosen, spec.exact)) {
        var exact = spec.exact.map(String);
        var extra = chosen.filter(function (v) { return exact.indexOf(v) === -1; })[0];
        if (extra != null) return wrong(null, { name: "extra", value: extra });
        return wrong(null, { name: "missing", missing: Math.max(0, exact.length - chosen.length) });
      }
      /* legal, but a teaching line needs this tile: "Legal, but…" */
      var poor = chosen.filter(function (v) { return has(spec.poor, v); })[0];
      if (poor != null) {
        return wrong("clean-pass-helps-no-line",
          { name: "poor", value: poor, line: spec.poor[poor][0], group: spec.poor[poor][1] });
      }
      return right;
    }
    if (type === "choice") {
      var pick = chosen[0];
      if (pick != null && pick === String(spec.correct)) return right;
      if (pick == null) return wrong(null, { name: "empty" });
      return wrong(spec.option_rules ? spec.option_rules[pick] : null, { name: "option", value: pick });
    }
    if (type === "order") {
      var want = (spec.correct || []).map(String);
      var ok = want.length === chosen.length && want.every(function (v, k) { return chosen[k] === v; });
      if (ok) return right;
      var at = firstDifference(chosen, want);
      return wrong(null, { name: "position", position: at, value: chosen[at] });
    }
    return wrong(null, { name: "empty" });
  }

  /* Whether `value` is wrong (or poor) in every answer of a set spec. */
  function neverRight(spec, value) {
    return has(spec.forbidden, value) || has(spec.poor, value) ||
      (spec.exact != null && spec.exact.map(String).indexOf(value) === -1);
  }

  /* The hint, from the learner's own attempts (AnswerSpec::hint, the one
     state machine of hints): none before HINT_AFTER wrong tries; never a
     tile the learner did not choose, never an option already tried, never
     the answer; the next try may narrow further. `tried` holds every value
     chosen in a wrong try (this one too); `named` the value the fault names. */
  function hint(spec, values, chosen, tries, tried, named) {
    if (tries < HINT_AFTER) return null;
    var second = tries > HINT_AFTER;
    var type = spec.type;
    if (type === "select" || type === "multi") {
      var other = chosen.filter(function (v) { return neverRight(spec, v) && v !== named; })[0];
      if (other != null) return { name: "exclude", value: other };
      var n = spec.count != null ? spec.count : (spec.exact != null ? spec.exact.length : null);
      if (n != null && second && n !== chosen.length) return { name: "count", count: n };
      return { name: "rule", rule: spec.correct_rule };
    }
    if (type === "choice") {
      var untried = values.filter(function (v) {
        return v !== String(spec.correct) && tried.indexOf(v) === -1 && chosen.indexOf(v) === -1;
      });
      /* ruling one out must leave at least two options untried; a yes/no
         question's fault states the rule from the second try on: no hint
         repeats it */
      if (untried.length >= 2) return { name: "not_option", value: untried[0] };
      if (values.length > 2) return { name: "lesson" };
      return null;
    }
    /* an order's place hint hands over a position: not before the third try */
    if (!second) return { name: "lesson" };
    var want = (spec.correct || []).map(String);
    var at = firstDifference(chosen, want);
    return { name: "place", position: at, value: want[at] };
  }

  /* ---------- one exercise ---------- */

  function Exercise(section, spec, quiz) {
    var texts = quiz.texts;
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
    this.list = section.querySelector(".exercise__order");
    this.counter = section.querySelector(".exercise__count");
    /* elements, not values: identical items may share a data-value */
    this.initialOrder = this.list ? this.orderItems() : null;
    this.announceTimer = 0;
    this.tries = 0;
    this.tried = [];
    if (this.list) this.markOrderEnds();
    this.updateCounter();
  }

  Exercise.prototype.inputs = function () {
    return toArray(this.form.querySelectorAll("input[type=checkbox], input[type=radio]"));
  };

  Exercise.prototype.orderItems = function () {
    return toArray(this.list.children).filter(function (li) { return li.tagName === "LI"; });
  };

  Exercise.prototype.orderValues = function () {
    return this.orderItems().map(function (li) { return li.getAttribute("data-value"); });
  };

  Exercise.prototype.values = function () {
    if (this.list) return this.orderValues();
    return this.inputs().map(function (input) { return input.value; });
  };

  Exercise.prototype.chosen = function () {
    if (this.spec.type === "order") return this.list ? this.orderValues() : [];
    return this.inputs()
      .filter(function (input) { return input.checked; })
      .map(function (input) { return input.value; });
  };

  /* The element showing `value` (a tile or option label; for order lists the
     item at `position`), its label and its 1-based position in its row. */
  Exercise.prototype.find = function (value, position) {
    if (this.list) {
      var items = this.orderItems();
      var li = position != null ? items[position] : items.filter(function (x) {
        return x.getAttribute("data-value") === value;
      })[0];
      var text = li && li.querySelector(".order__label");
      return { node: li || null, label: text ? text.textContent.trim() : String(value), position: (position || 0) + 1 };
    }
    var input = this.inputs().filter(function (i) { return i.value === value; })[0];
    if (!input) return { node: null, label: String(value), position: 0 };
    var label = input.closest("label");
    var row = input.closest(".tile-row") || this.form;
    var inRow = toArray(row.querySelectorAll("input"));
    /* a tile's name is the input's aria-label (older pages: the picture's) */
    var text = input.getAttribute("aria-label") || (label ? label.textContent.trim() : "");
    var img = !text && label ? label.querySelector("[aria-label]") : null;
    return {
      node: label,
      label: text || (img ? img.getAttribute("aria-label") : String(value)),
      position: inRow.indexOf(input) + 1
    };
  };

  Exercise.prototype.faultTemplate = function (name, rule) {
    var own = this.spec.faults || {};
    var table = this.labels.faults || {};
    if (has(own, name)) return own[name];
    if (rule && has(table, name + "." + rule)) return table[name + "." + rule];
    return table[name] || "";
  };

  Exercise.prototype.ruleText = function (rule) {
    return rule && has(this.rules, rule) ? this.rules[rule].text || "" : "";
  };

  /* Fills a fault's or hint's template; marks the element it names. */
  /* `mark` outlines the element named: "is-fault" (it is wrong) or
     "is-hint" (only ever on a part of the answer), or null. */
  Exercise.prototype.describe = function (template, item, rule, mark, ownGuide) {
    var values = { rule: this.ruleText(rule) };
    var ruleGuide = rule && has(this.rules, rule) ? this.rules[rule].guide || "" : "";
    values.guide = ownGuide ? fill(ownGuide, {}) : ruleGuide;
    ["chosen", "count", "max", "missing", "line", "group"].forEach(function (k) {
      if (has(item, k)) values[k] = item[k];
    });
    if (has(item, "value")) {
      var order = this.spec.type === "order";
      /* an order hint names the item that belongs at the position: outline that item */
      var found = this.find(item.value, order && mark === "is-fault" ? item.position : null);
      if (order) {
        values.position = (item.position || 0) + 1;
        if (mark === "is-hint") found.label = this.labelOfOrderValue(item.value);
      } else {
        values.position = found.position;
      }
      values.label = found.label;
      if (this.spec.notes && has(this.spec.notes, item.value)) values.note = this.spec.notes[item.value];
      if (found.node && mark) found.node.classList.add(mark);
    }
    return fill(template, values).trim();
  };

  Exercise.prototype.labelOfOrderValue = function (value) {
    var li = this.orderItems().filter(function (x) { return x.getAttribute("data-value") === value; })[0];
    var text = li && li.querySelector(".order__label");
    return text ? text.textContent.trim() : String(value);
  };

  Exercise.prototype.clearMarks = function () {
    toArray(this.section.querySelectorAll(".is-fault, .is-hint")).forEach(function (n) {
      n.classList.remove("is-fault", "is-hint");
    });
  };

  Exercise.prototype.updateCounter = function () {
    if (!this.counter) return;
    var type = this.spec.type;
    if (type !== "select" && type !== "multi") return;
    if (this.spec.count == null && !this.labels.chosen_any) return;
    var n = this.chosen().length;
    var count = this.spec.count;
    this.counter.textContent = count != null
      ? fill(this.labels.chosen || "{chosen}/{count}", { chosen: n, count: count })
      : fill(this.labels.chosen_any || "{chosen}", { chosen: n });
  };

  Exercise.prototype.clearVerdict = function () {
    this.section.classList.remove("is-right", "is-wrong");
    this.clearMarks();
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
    var chosen = this.chosen();
    var result = diagnose(this.spec, chosen);
    var labels = this.labels;
    var rule = result.rule && has(this.rules, result.rule) ? this.rules[result.rule] : null;
    var reason;
    var hintText = "";
    this.clearMarks();
    if (result.ok) {
      reason = rule ? rule.text || "" : "";
    } else {
      this.tries += 1;
      chosen.forEach(function (v) { if (this.tried.indexOf(v) === -1) this.tried.push(v); }, this);
      var template = this.faultTemplate(result.fault.name, result.rule);
      /* first wrong try: a question that points at the deciding fact (the
         question's own guide, else the rule's) instead of the rule itself */
      var ownGuide = result.fault.name === "option" && this.spec.guide ? this.spec.guide : null;
      var guiding = this.tries < HINT_AFTER && labels.guide && (mentions(template, "{rule}") || ownGuide);
      if (guiding) template = labels.guide;
      /* a spec from before faults (no templates): the rule's explanation */
      reason = template ? this.describe(template, result.fault, result.rule, "is-fault", ownGuide) : this.ruleText(result.rule);
      var h = hint(this.spec, this.values(), chosen, this.tries, this.tried, result.fault.value);
      if (h) {
        var hints = labels.hints || {};
        var hintMark = h.name === "place" ? "is-hint" : (h.name === "exclude" ? "is-fault" : null);
        hintText = this.describe(hints[h.name] || "", h, h.rule, hintMark);
      }
    }
    var verdict = result.ok ? labels.right
      : (result.fault.name === "poor" && labels.legal_but ? labels.legal_but : labels.wrong);
    this.section.classList.remove(result.ok ? "is-wrong" : "is-right");
    this.section.classList.add(result.ok ? "is-right" : "is-wrong");
    this.announce(function (status) {
      status.appendChild(el("strong", "exercise__verdict", verdict));
      if (reason) {
        status.appendChild(document.createTextNode(" "));
        status.appendChild(el("span", "exercise__reason", reason));
      }
      if (hintText) {
        status.appendChild(document.createTextNode(" "));
        status.appendChild(el("span", "exercise__hint", hintText));
      }
      if (rule && rule.href) {
        status.appendChild(document.createTextNode(" "));
        var link = el("a", "exercise__lesson", rule.lesson || labels.lesson || rule.href);
        link.href = rule.href;
        status.appendChild(link);
      }
    });
    if (this.retry) this.retry.hidden = false;
    if (result.ok) {
      this.quiz.solved(this);
      this.quiz.offerAnother(this.section, true);
    } else {
      this.quiz.missed(this);
    }
    try {
      document.dispatchEvent(new CustomEvent("tilebook:checked", { detail: { id: this.id, ok: result.ok, tries: this.tries } }));
    } catch (e) {
      /* very old browsers */
    }
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
    this.quiz.revealed(this);
    this.quiz.missed(this);
    this.quiz.offerAnother(this.section, true);
    this.details.open = true;
    var summary = this.details.querySelector("summary");
    (summary || this.details).focus();
  };

  /* Order lists: move the item, keep focus on the same kind of button of the
     moved item, announce the position. */
  Exercise.prototype.move = function (button, delta) {
    var li = button.closest("li");
    if (!li) return;
    var items = this.orderItems();
    var from = items.indexOf(li);
    var to = from + delta;
    var moved = to >= 0 && to < items.length;
    if (moved) {
      if (delta < 0) this.list.insertBefore(li, items[to]);
      else this.list.insertBefore(li, items[to].nextSibling);
      this.markOrderEnds();
      button.focus();
    } else {
      to = from;
    }
    this.clearVerdict();
    var label = li.querySelector(".order__label");
    var template = moved ? this.labels.moved : (this.labels.moved_edge || this.labels.moved);
    var text = fill(template || "{label}: {position}/{total}", {
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

  function readSpec(section) {
    try {
      var script = section.querySelector("script.exercise__spec");
      return script ? JSON.parse(script.textContent) : null;
    } catch (e) {
      return null;
    }
  }

  /* Start-up: only what must be there before the first paint of an
     exercise (buttons revealed, the counter's line, the order keys named),
     so nothing shifts later. Specs are read on demand. */
  function prepare(section, texts) {
    var form = section.querySelector(".exercise__form");
    if (!form || !section.querySelector("script.exercise__spec")) return false;
    var actions = form.querySelector(".exercise__actions");
    if (actions) actions.hidden = false;
    section.classList.add("is-enhanced");
    /* "Try another like this" replaces the practice sheet link */
    var more = section.querySelector(".exercise__more");
    if (more && (texts.labels || {}).another && window.fetch) more.hidden = true;
    var type = form.getAttribute("data-answer-type");
    var labels = texts.labels || {};
    if (type === "select" || type === "multi") {
      var counter = el("p", "exercise__count");
      counter.id = (section.id || "ex") + "-count";
      form.insertBefore(counter, actions || null);
      var fieldset = form.querySelector(".exercise__choices");
      if (fieldset) {
        var described = fieldset.getAttribute("aria-describedby");
        fieldset.setAttribute("aria-describedby", described ? described + " " + counter.id : counter.id);
      }
    }
    if (type === "order" && labels.order_keys) {
      var legend = form.querySelector("legend");
      if (legend) legend.appendChild(document.createTextNode(" " + labels.order_keys));
    }
    return true;
  }

  function Quiz(sections) {
    var self = this;
    this.texts = readTexts();
    this.sections = sections.filter(function (s) { return prepare(s, self.texts); });
    this.exercises = [];
    migrate(STORE_KEY);
    migrate(REVEALED_KEY);
    this.solvedIds = readSolved();
    this.revealedIds = readSolved(REVEALED_KEY);
    this.progress = null;
    if (!this.sections.length) {
      /* the review page: exercises come later (adopt) */
      if (document.getElementById("quiz-texts")) this.listen();
      return;
    }
    this.sections.forEach(function (s) {
      var id = s.getAttribute("data-exercise-id");
      if (self.revealedIds.indexOf(id) !== -1) s.classList.add("is-revealed");
      else if (self.solvedIds.indexOf(id) !== -1) s.classList.add("is-solved");
      else return;
      self.offerAnother(s, false);
    });
    var shared = this.texts.labels || {};
    /* a page without the shared table: the first spec's own labels (read only then) */
    var own = shared.progress ? shared : (readSpec(this.sections[0]) || {}).labels || {};
    this.progressLabel = shared.progress || own.progress;
    this.revealedLabel = shared.progress_revealed || own.progress_revealed;
    this.progress = el("p", "exercise-progress");
    this.progress.setAttribute("aria-live", "polite");
    var first = this.sections[0];
    first.parentNode.insertBefore(this.progress, first);
    this.updateProgress();
    this.listen();
    this.observe();
  }

  /* The exercise of `section`, its spec read on first use. */
  Quiz.prototype.get = function (section) {
    if (!section) return null;
    if (section.__exercise !== undefined) return section.__exercise;
    var spec = readSpec(section);
    var ex = spec ? new Exercise(section, spec, this) : null;
    section.__exercise = ex;
    if (ex) this.exercises.push(ex);
    return ex;
  };

  Quiz.prototype.of = function (node) {
    var section = node && node.closest ? node.closest("section.exercise.is-enhanced") : null;
    return section ? this.get(section) : null;
  };

  /* One listener per event type for the whole page. */
  Quiz.prototype.listen = function () {
    var self = this;
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (!form.closest || !form.closest("section.exercise.is-enhanced")) return;
      event.preventDefault(); /* never a page load, even with a broken spec */
      var ex = self.of(form);
      if (ex && form === ex.form) ex.check();
    });
    document.addEventListener("change", function (event) {
      var ex = self.of(event.target);
      if (!ex) return;
      ex.clearMarks();
      ex.updateCounter();
    });
    document.addEventListener("click", function (event) {
      /* opening the answer by its summary reveals it too (Show answer opens it) */
      var summary = event.target.closest ? event.target.closest("details.exercise__answer > summary") : null;
      var shown = summary && self.of(summary);
      if (shown && !summary.parentNode.open) {
        self.revealed(shown);
        self.missed(shown);
        self.offerAnother(shown.section, true);
      }
      var button = event.target.closest ? event.target.closest("button") : null;
      var ex = button && self.of(button);
      if (!ex) return;
      if (button.classList.contains("exercise__retry")) ex.reset();
      else if (button.classList.contains("exercise__show")) ex.reveal();
      else if (button.classList.contains("exercise__another")) self.another(ex);
      else if (button.classList.contains("order__up")) ex.move(button, -1);
      else if (button.classList.contains("order__down")) ex.move(button, 1);
    });
    /* order lists: the arrow keys the instructions name move the focused item */
    document.addEventListener("keydown", function (event) {
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var button = event.target.closest ? event.target.closest(".exercise__order button") : null;
      var ex = button && self.of(button);
      if (!ex) return;
      event.preventDefault();
      ex.move(button, event.key === "ArrowUp" ? -1 : 1);
    });
  };

  /* Reads specs (for the chosen counts) shortly before an exercise is seen. */
  Quiz.prototype.observe = function () {
    var self = this;
    if (!("IntersectionObserver" in window)) {
      this.sections.forEach(function (s) { self.get(s); });
      return;
    }
    var io = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        io.unobserve(entry.target);
        self.get(entry.target);
      });
    }, { rootMargin: "400px 0px" });
    this.sections.forEach(function (s) { io.observe(s); });
  };

  /* Answered right. An exercise whose answer was shown first stays
     revealed: it is not counted as solved (until its lesson is reset). */
  Quiz.prototype.solved = function (exercise) {
    this.revealedIds = union(readSolved(REVEALED_KEY), this.revealedIds);
    if (this.revealedIds.indexOf(exercise.id) !== -1) return;
    exercise.section.classList.add("is-solved");
    /* re-read: another tab may have solved others meanwhile */
    var ids = readSolved();
    this.solvedIds.forEach(function (id) { if (ids.indexOf(id) === -1) ids.push(id); });
    if (ids.indexOf(exercise.id) === -1) ids.push(exercise.id);
    this.solvedIds = ids;
    writeSolved(ids);
    this.updateProgress();
    try {
      document.dispatchEvent(new CustomEvent("tilebook:solved", { detail: { id: exercise.id } }));
    } catch (e) {
      /* very old browsers: the navigation updates on the next page */
    }
  };

  /* The answer was shown (Show answer, or the answer's summary opened).
     An exercise already solved stays solved. */
  Quiz.prototype.revealed = function (exercise) {
    var solved = union(readSolved(), this.solvedIds);
    if (solved.indexOf(exercise.id) !== -1) return;
    var ids = union(readSolved(REVEALED_KEY), this.revealedIds);
    if (ids.indexOf(exercise.id) !== -1) return;
    ids.push(exercise.id);
    this.revealedIds = ids;
    writeSolved(ids, REVEALED_KEY);
    exercise.section.classList.add("is-revealed");
    this.updateProgress();
    try {
      document.dispatchEvent(new CustomEvent("tilebook:revealed", { detail: { id: exercise.id } }));
    } catch (e) {
      /* very old browsers: the overview updates on the next page */
    }
  };

  Quiz.prototype.updateProgress = function () {
    if (!this.progress) return;
    var solvedIds = this.solvedIds;
    var revealedIds = this.revealedIds;
    var solved = 0;
    var revealed = 0;
    this.sections.forEach(function (s) {
      var id = s.getAttribute("data-exercise-id");
      if (revealedIds.indexOf(id) !== -1) revealed += 1;
      else if (solvedIds.indexOf(id) !== -1) solved += 1;
    });
    var total = this.sections.length;
    var label = revealed && this.revealedLabel ? this.revealedLabel : this.progressLabel || "{solved}/{total}";
    this.progress.textContent = fill(label, { solved: solved, total: total, revealed: revealed });
    this.progress.classList.toggle("is-complete", solved === total);
  };

  /* ---------- "Try another like this": the lesson's variant pools ---------- */

  /* localStorage: exercise id → the variants (indices) already shown in
     its place, so the next one is one not seen yet */
  var SEEN_KEY = "tilebook:seen";
  /* the exercise number in a pool's HTML (src/site/pools.rs, POOL_NUMBER) */
  var POOL_NUMBER = "999999";

  function readSeen() {
    try {
      var seen = JSON.parse(window.localStorage.getItem(SEEN_KEY) || "{}");
      return seen && typeof seen === "object" && !Array.isArray(seen) ? seen : {};
    } catch (e) {
      return {};
    }
  }

  function writeSeen(seen) {
    try {
      window.localStorage.setItem(SEEN_KEY, JSON.stringify(seen));
    } catch (e) {
      /* storage disabled: variants repeat after a reload */
    }
  }

  /* A pool file's text (src/site/pools.rs): a line of JSON, {exercises:
     {id: [variant index, …]}, rules}, then each variant's HTML after a
     record separator (U+001E). → { exercises, rules, variants: [html, …] } */
  function parsePool(text) {
    var parts = text.split("\u001e");
    var head = JSON.parse(parts[0]);
    if (!head || typeof head.exercises !== "object") throw new Error("not a pool");
    return { exercises: head.exercises, rules: head.rules || {}, variants: parts.slice(1) };
  }

  /* The pool file of the lesson at `url` (pool.txt beside its page), fetched
     once, on demand; a failed fetch (offline before any visit) is tried
     again next time. */
  var pools = {};
  function loadPool(url) {
    var file = new URL("pool.txt", new URL(url, window.location.href)).href;
    if (!pools[file]) {
      pools[file] = window.fetch(file, { credentials: "same-origin" }).then(function (r) {
        if (!r.ok) throw new Error(file + ": " + r.status);
        return r.text();
      }).then(parsePool);
      pools[file].catch(function () { delete pools[file]; });
    }
    return pools[file];
  }

  /* The variants (HTML) of exercise `id` in `pool`, in pool order. */
  function variantsOf(pool, id) {
    var at = pool && Object.prototype.hasOwnProperty.call(pool.exercises, id) ? pool.exercises[id] : [];
    return (Array.isArray(at) ? at : []).map(function (i) { return pool.variants[i]; }).filter(Boolean);
  }

  /* Lets the texts know the rules a pool's variants cite. */
  Quiz.prototype.learnRules = function (pool) {
    var rules = {};
    [pool.rules || {}, this.texts.rules || {}].forEach(function (table) {
      Object.keys(table).forEach(function (k) { rules[k] = table[k]; });
    });
    this.texts.rules = rules;
  };

  Quiz.prototype.pool = function () {
    return loadPool(window.location.href);
  };

  /* For review.js: the pool of the lesson at `url`, and an exercise's variants in it. */
  Quiz.prototype.loadPool = loadPool;
  Quiz.prototype.variantsOf = variantsOf;

  /* Shows the "Try another like this" button of a section (solved or
     revealed); `load`: fetch the pool now, so the click is instant. */
  Quiz.prototype.offerAnother = function (section, load) {
    var label = (this.texts.labels || {}).another;
    if (!label || !window.fetch || !section.querySelector(".exercise__more")) return;
    var button = section.querySelector(".exercise__another");
    if (!button) {
      var p = el("p", "exercise__next");
      button = el("button", "exercise__another", label);
      button.type = "button";
      p.appendChild(button);
      var more = section.querySelector(".exercise__more");
      section.insertBefore(p, more);
    }
    button.parentNode.hidden = false;
    if (load) this.pool().catch(function () { /* said when asked */ });
  };

  /* Puts the next unseen variant of the exercise's kind in its place. */
  Quiz.prototype.another = function (ex) {
    var self = this;
    var section = ex.section;
    var id = section.getAttribute("data-exercise-id");
    var labels = this.texts.labels || {};
    this.pool().then(function (pool) {
      var list = variantsOf(pool, id);
      if (!list.length) throw new Error("no variants of " + id);
      self.learnRules(pool);
      var seen = readSeen();
      var mine = Array.isArray(seen[id]) ? seen[id] : [];
      var current = section.getAttribute("data-variant");
      var k = -1;
      for (var i = 0; i < list.length && k === -1; i++) {
        if (mine.indexOf(i) === -1 && String(i) !== current) k = i;
      }
      var wrapped = k === -1;
      if (wrapped) {
        mine = [];
        k = current === "0" && list.length > 1 ? 1 : 0;
      }
      mine.push(k);
      seen[id] = mine;
      writeSeen(seen);
      self.swap(section, list[k], k, wrapped);
    }).catch(function () {
      ex.announce(function (status) { status.textContent = labels.another_offline || ""; });
    });
  };

  /* Replaces `old` by variant `k` (its HTML from the pool): same number,
     same heading level, same exercise id (the place's progress), focus on
     its heading, its arrival announced. */
  Quiz.prototype.swap = function (old, html, k, wrapped) {
    var n = (old.id || "ex-0").replace(/^ex-/, "");
    var holder = document.createElement("div");
    holder.innerHTML = html.split(POOL_NUMBER).join(n);
    var fresh = holder.querySelector("section.exercise");
    if (!fresh) return;
    fresh.setAttribute("data-exercise-id", old.getAttribute("data-exercise-id"));
    fresh.setAttribute("data-variant", String(k));
    /* A variant is in the page's language, also in place of an exercise
       shown in the source's language (not yet translated). */
    var within = old.parentNode && old.parentNode.closest ? old.parentNode.closest("[lang]") : null;
    var lang = document.documentElement.lang;
    if (within && lang && within.getAttribute("lang") !== lang) fresh.setAttribute("lang", lang);
    var was = old.querySelector(".exercise__title");
    var heading = fresh.querySelector(".exercise__title");
    if (was && heading && was.tagName !== heading.tagName) {
      var h = document.createElement(was.tagName);
      h.className = heading.className;
      h.id = heading.id;
      while (heading.firstChild) h.appendChild(heading.firstChild);
      heading.parentNode.replaceChild(h, heading);
      heading = h;
    }
    var more = old.querySelector(".exercise__more");
    if (more) fresh.insertBefore(more, fresh.querySelector("script.exercise__spec"));
    old.parentNode.replaceChild(fresh, old);
    var at = this.sections.indexOf(old);
    if (at !== -1) this.sections[at] = fresh;
    prepare(fresh, this.texts);
    this.updateProgress();
    var ex = this.get(fresh);
    var labels = this.texts.labels || {};
    var text = heading ? fill(labels.another_new || "{title}", { title: heading.textContent.trim() }) : "";
    if (wrapped && labels.another_done) text = labels.another_done + " " + text;
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
    if (ex) ex.announce(function (status) { status.textContent = text; });
    try {
      document.dispatchEvent(new CustomEvent("tilebook:another", { detail: { id: fresh.getAttribute("data-exercise-id"), variant: k } }));
    } catch (e) {
      /* very old browsers */
    }
  };

  /* ---------- the review (review.js): what was missed, and later exercises ---------- */

  /* localStorage: { paused, cards: { exercise id: { missed: time, card? } } }
     (review.js schedules them with FSRS) */
  var REVIEW_KEY = "tilebook:review";

  /* The time: the page's own clock (tests inject window.tilebookNow). */
  function now() {
    return typeof window.tilebookNow === "function" ? new Date(window.tilebookNow()) : new Date();
  }

  /* A wrong answer or a shown answer: the exercise waits for review (once;
     not while the review is paused). */
  Quiz.prototype.missed = function (exercise) {
    try {
      var review = JSON.parse(window.localStorage.getItem(REVIEW_KEY) || "{}");
      if (!review || typeof review !== "object" || Array.isArray(review)) review = {};
      if (review.paused) return;
      if (!review.cards || typeof review.cards !== "object") review.cards = {};
      if (review.cards[exercise.id]) return;
      review.cards[exercise.id] = { missed: now().toISOString() };
      window.localStorage.setItem(REVIEW_KEY, JSON.stringify(review));
    } catch (e) {
      /* storage disabled: no review */
    }
  };

  /* A section put on the page later (a review's exercise): enhanced like the others. */
  Quiz.prototype.adopt = function (section) {
    if (!prepare(section, this.texts)) return null;
    this.sections.push(section);
    return this.get(section);
  };

  /* Printing: show every answer, then restore what was open. */
  function printing(quiz) {
    var opened = [];
    window.addEventListener("beforeprint", function () {
      quiz.sections.forEach(function (s) {
        var d = s.querySelector("details.exercise__answer");
        if (d && !d.open) {
          d.open = true;
          opened.push(d);
        }
      });
    });
    window.addEventListener("afterprint", function () {
      opened.forEach(function (d) { d.open = false; });
      opened = [];
    });
  }

  function init() {
    var sections = toArray(document.querySelectorAll("section.exercise"));
    if (!sections.length && !document.getElementById("quiz-texts")) return;
    var quiz = new Quiz(sections);
    window.tilebookQuiz = quiz;
    printing(quiz);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
