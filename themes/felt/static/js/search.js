/* tilebook search: the search box of the header (partials/search.html) on
   the language's Pagefind index (<lang>/pagefind/, built by tilebook). A
   labelled search landmark: the field, a live result count and a list of
   result links, each to the section (heading anchor) that holds the words.
   Keyboard: type, Down arrow to the results, Up/Down between them, Enter to
   open, Escape back to the field (and, there, to close). Every word comes
   from the element's data-* attributes (the strings files' search.* keys).
   Without JavaScript the fallback links stay. */
(function () {
  "use strict";

  var root = document.querySelector(".site-search[data-index]");
  if (!root || !window.Promise) return;
  var form = root.querySelector(".site-search__form");
  var input = root.querySelector(".site-search__input");
  var panel = root.querySelector(".site-search__panel");
  var count = root.querySelector(".site-search__count");
  var list = root.querySelector(".site-search__results");
  var fallback = root.querySelector(".site-search__fallback");
  var MAX = 8;
  var loading = null;
  var latest = 0;
  var timer = 0;

  form.hidden = false;
  if (fallback) fallback.hidden = true;

  function word(name, values) {
    var text = root.getAttribute("data-" + name) || "";
    /* data-count is a message with plural forms (JSON, see fillMessage) */
    if (name === "count") {
      try { text = JSON.parse(text); } catch (e) { /* keep the text */ }
    }
    return fillMessage(text, values);
  }

  /* A UI message (src/i18n/template.rs; docs/translating.md): a text with
     {name} placeholders, or {select, forms} with one text per CLDR plural
     category of the page's language (and exact forms such as "=0"), chosen
     with Intl.PluralRules. The same function is store.js's fill, which
     the other scripts share; search also runs on pages without store.js
     (the practice sheets), so it keeps its own. */
  function fillMessage(t, values) {
    var text = t;
    if (t && typeof t === "object") {
      var forms = t.forms || {};
      var n = Number(values && values[t.select]);
      text = forms["=" + n];
      if (text === undefined) {
        var cat = "other";
        try { cat = new Intl.PluralRules(document.documentElement.lang || "en").select(n); } catch (e) { /* "other" */ }
        text = forms[cat] !== undefined ? forms[cat] : forms.other;
      }
    }
    return String(text || "").replace(/\{(\w+)\}/g, function (m, key) {
      return Object.prototype.hasOwnProperty.call(values || {}, key) ? String(values[key]) : m;
    });
  }

  function pagefind() {
    if (!loading) {
      var base = root.getAttribute("data-index");
      loading = import(base + "pagefind.js").then(function (pf) {
        return Promise.resolve(pf.options({ basePath: base, baseUrl: "/", excerptLength: 24 })).then(function () {
          return pf;
        });
      });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }

  /* The section of a result where its words weigh most (a heading anchor),
     or the page itself. */
  function bestSection(data) {
    var best = null;
    var bestScore = -1;
    (data.sub_results || []).forEach(function (sub) {
      if (!sub.url || sub.url.indexOf("#") === -1) return;
      var score = (sub.weighted_locations || []).reduce(function (sum, l) {
        return sum + (l.balanced_score || l.weight || 1);
      }, 0) || (sub.locations || []).length;
      if (score > bestScore) {
        best = sub;
        bestScore = score;
      }
    });
    return best;
  }

  function plain(html) {
    var box = document.createElement("div");
    box.innerHTML = html || "";
    return box.textContent || "";
  }

  function show(items, query) {
    list.textContent = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = item.url;
      a.className = "site-search__link";
      var title = document.createElement("span");
      title.className = "site-search__title";
      title.textContent = item.title;
      a.appendChild(title);
      if (item.section && item.section !== item.title) {
        var section = document.createElement("span");
        section.className = "site-search__section";
        section.textContent = item.section;
        a.appendChild(section);
      }
      if (item.excerpt) {
        var excerpt = document.createElement("span");
        excerpt.className = "site-search__excerpt";
        excerpt.textContent = item.excerpt;
        a.appendChild(excerpt);
      }
      li.appendChild(a);
      list.appendChild(li);
    });
    list.hidden = items.length === 0;
    count.textContent = items.length === 0
      ? word("none", { query: query })
      : word("count", { count: items.length });
    panel.hidden = false;
  }

  function search(query) {
    var ticket = ++latest;
    if (!query) {
      panel.hidden = true;
      count.textContent = "";
      list.textContent = "";
      return;
    }
    panel.hidden = false;
    if (!list.children.length) count.textContent = word("loading");
    pagefind().then(function (pf) {
      return pf.search(query);
    }).then(function (found) {
      if (ticket !== latest || !found) return null;
      return Promise.all(found.results.slice(0, MAX).map(function (r) { return r.data(); }));
    }).then(function (datas) {
      if (ticket !== latest || !datas) return;
      show(datas.map(function (d) {
        var sub = bestSection(d);
        var title = (d.meta && d.meta.title) || d.url;
        return {
          url: sub ? sub.url : d.url,
          title: title,
          section: sub ? sub.title : "",
          excerpt: plain(sub ? sub.excerpt : d.excerpt),
        };
      }), query);
    }).catch(function () {
      if (ticket !== latest) return;
      list.textContent = "";
      list.hidden = true;
      count.textContent = word("failed");
      panel.hidden = false;
    });
  }

  function links() {
    return Array.prototype.slice.call(list.querySelectorAll("a"));
  }

  function close() {
    panel.hidden = true;
  }

  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    var query = input.value.trim();
    timer = window.setTimeout(function () { search(query); }, 120);
  });
  input.addEventListener("focus", function () { pagefind().catch(function () {}); });
  input.addEventListener("keydown", function (event) {
    var all = links();
    if (event.key === "ArrowDown" && all.length && !panel.hidden) {
      event.preventDefault();
      all[0].focus();
    } else if (event.key === "Escape") {
      if (panel.hidden) input.value = "";
      close();
    }
  });
  list.addEventListener("keydown", function (event) {
    var all = links();
    var at = all.indexOf(document.activeElement);
    if (at === -1) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (at === 0) input.focus(); else all[at - 1].focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      input.focus();
    }
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var first = links()[0];
    if (first) first.click();
  });
  root.addEventListener("focusout", function (event) {
    if (!event.relatedTarget || !root.contains(event.relatedTarget)) close();
  });
  input.addEventListener("click", function () {
    if (input.value.trim() && list.children.length) panel.hidden = false;
  });
})();
