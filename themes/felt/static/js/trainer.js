// felt: the Charleston trainer. Turns a ```trainer``` block (its JSON data,
// written at build time by the rules module: deals, each seat's lines and
// passing preference, which passes may be blind, the policy's numbers, and
// the page's words, tiles and rule texts) into a table the learner plays.
//
// The table below (Engine) follows that data and decides nothing the rules
// module does not: tests/trainer.rs plays 1,000+ seeded games through it and
// through rules::trainer::Game and compares every state and verdict.
//
// Over 600 lines on purpose: the table and the page that shows it are one
// script, so the trainer page loads a single file and the tests replay the
// very table the page plays.
(function () {
  'use strict';

  var DIRS = { right: 1, across: 2, left: 3 };
  var REVERSE = { right: 'left', across: 'across', left: 'right' };

  function toward(seat, dir) { return (seat + DIRS[dir]) % 4; }

  function count(tiles, id) {
    var n = 0;
    for (var i = 0; i < tiles.length; i++) if (tiles[i] === id) n++;
    return n;
  }

  function isSubset(part, whole) {
    for (var i = 0; i < part.length; i++) {
      if (count(part, part[i]) > count(whole, part[i])) return false;
    }
    return true;
  }

  // `whole` without one copy of each tile of `part` (order of `whole` kept).
  function removeTiles(whole, part) {
    var left = {};
    part.forEach(function (t) { left[t] = (left[t] || 0) + 1; });
    return whole.filter(function (t) {
      if (left[t]) { left[t]--; return false; }
      return true;
    });
  }

  function split(text) { return text ? text.split(' ') : []; }

  function verdict(ok, rule) { return { ok: ok, rule: rule }; }

  // One seat's plan, from the data: lines and passing preference.
  function Plan(data) {
    this.pref = split(data.pref);
    this.spare = data.spare;
    this.lines = data.lines.map(function (l) {
      return { fixed: split(l.fixed), fill: split(l.fill), groups: (l.groups || []).map(split) };
    });
  }
  Plan.prototype.rank = function (id) { return this.pref.indexOf(id); };
  Plan.prototype.ranked = function (rack) {
    var self = this;
    return rack
      .filter(function (t) { return self.rank(t) >= 0; })
      .map(function (t, i) { return { t: t, r: self.rank(t), i: i }; })
      .sort(function (a, b) { return a.r - b.r || a.i - b.i; })
      .map(function (x) { return x.t; });
  };
  Plan.prototype.spareCount = function (rack) {
    var self = this;
    return rack.filter(function (t) { var r = self.rank(t); return r >= 0 && r < self.spare; }).length;
  };

  // The line `rack` is closest to: [index, tiles short] (rules: tiles_short).
  function closestLine(lines, rack, kinds) {
    var best = null;
    lines.forEach(function (line, i) {
      var short = 0, jokerSlots = 0;
      kinds.forEach(function (k) {
        if (k === 'J') return;
        var have = count(rack, k), fixed = count(line.fixed, k), fill = count(line.fill, k);
        short += Math.max(0, fixed - have);
        jokerSlots += Math.max(0, fill - Math.max(0, have - fixed));
      });
      short += Math.max(0, jokerSlots - count(rack, 'J'));
      if (!best || short < best[1]) best = [i, short];
    });
    return best;
  }

  // The table of one game, seen from the learner's seat.
  function Engine(data, dealNumber, learner) {
    var deal = data.deals[dealNumber - 1];
    this.data = data;
    this.passes = data.passes;
    this.policy = data.policy;
    this.plans = deal.plans.map(function (p) { return new Plan(p); });
    this.racks = deal.racks.map(split);
    this.learner = learner;
    this.phase = this.passes[0].id;
    this.voted = false;
    this.stoppedBy = null;
    this.steps = [];
    this.refused = [];
  }

  Engine.prototype.passIndex = function (id) {
    for (var i = 0; i < this.passes.length; i++) if (this.passes[i].id === id) return i;
    return -1;
  };

  // The pass a round played now would be (null in the courtesy pass and after).
  Engine.prototype.nextPass = function () {
    if (this.phase === 'awaiting-second') return this.passes[3];
    var i = this.passIndex(this.phase);
    return i >= 0 ? this.passes[i] : null;
  };

  Engine.prototype.after = function (pass) {
    var i = this.passIndex(pass.id);
    if (i === 2) return 'awaiting-second';
    if (i === 5) return 'courtesy';
    return this.passes[i + 1].id;
  };

  Engine.prototype.charleston = function () {
    var i = this.passIndex(this.phase);
    if (i >= 0 && i < 3) return 1;
    return this.phase === 'awaiting-second' ? 0 : 2;
  };

  // rules: check_round_choice.
  Engine.prototype.checkChoice = function (seat, choice) {
    var pass = this.nextPass();
    if (!pass) return verdict(false, 'courtesy-after-charleston');
    var size = this.policy.pass_size;
    if (!isSubset(choice.tiles, this.racks[seat])) return verdict(false, 'pass-from-own-rack');
    if (choice.blind > size) return verdict(false, 'blind-from-received-only');
    if (choice.tiles.indexOf('J') >= 0) return verdict(false, 'joker-never-passed');
    if (choice.blind > 0 && !pass.blind) return verdict(false, 'blind-only-on-last-pass');
    if (choice.tiles.length + choice.blind !== size) return verdict(false, 'pass-exactly-three');
    if (choice.blind > 0) return verdict(true, 'blind-only-on-last-pass');
    if (choice.tiles.indexOf('F') >= 0) return verdict(true, 'flower-is-not-joker');
    if (choice.tiles.indexOf('WD') >= 0) return verdict(true, 'soap-is-not-joker');
    return verdict(true, 'pass-exactly-three');
  };

  // A computer player's choice (rules: SeatPlan::pass_choice).
  Engine.prototype.botChoice = function (seat, pass) {
    var plan = this.plans[seat], rack = this.racks[seat], size = this.policy.pass_size;
    var ranked = plan.ranked(rack), spare = plan.spareCount(rack);
    var blind = pass.blind && spare < size ? Math.min(size - spare, this.policy.max_bot_blind) : 0;
    return { tiles: ranked.slice(0, Math.min(size - blind, ranked.length)), blind: blind };
  };

  Engine.prototype.botOffer = function (seat) {
    var plan = this.plans[seat], rack = this.racks[seat];
    return plan.ranked(rack).slice(0, Math.min(plan.spareCount(rack), this.policy.max_courtesy));
  };

  // Each seat's outgoing bundle: its rack tiles, then the first `blind`
  // tiles of its giver's bundle (rules: Table::bundles); null when stuck.
  Engine.prototype.bundles = function (choices, pass) {
    var self = this, size = this.policy.pass_size;
    function trace(seat, position) {
      for (var hop = 0; hop < 4; hop++) {
        var own = choices[seat].tiles;
        if (position < own.length) return own[position];
        position -= own.length;
        seat = toward(seat, REVERSE[pass.dir]);
      }
      return null;
    }
    var out = [];
    for (var s = 0; s < 4; s++) {
      var bundle = [];
      for (var p = 0; p < size; p++) {
        var t = trace(s, p);
        if (t === null) return null;
        bundle.push(t);
      }
      out.push(bundle);
    }
    return out;
  };

  Engine.prototype.pass = function (choice) {
    if (this.phase === 'awaiting-second' && !this.voted) return verdict(false, 'second-charleston-optional');
    var v = this.checkChoice(this.learner, choice);
    if (!v.ok) return v;
    var pass = this.nextPass(), self = this;
    var choices = [0, 1, 2, 3].map(function (s) {
      return s === self.learner ? choice : self.botChoice(s, pass);
    });
    var bundles = this.bundles(choices, pass);
    if (!bundles) return verdict(false, 'blind-from-received-only');
    for (var s = 0; s < 4; s++) {
      var incoming = bundles[toward(s, REVERSE[pass.dir])];
      if (incoming.slice(0, choices[s].blind).indexOf('J') >= 0) {
        return verdict(false, 'received-joker-goes-back');
      }
    }
    var from = toward(this.learner, REVERSE[pass.dir]);
    this.racks = this.racks.map(function (rack, s) {
      var incoming = bundles[toward(s, REVERSE[pass.dir])];
      return removeTiles(rack, choices[s].tiles).concat(incoming.slice(choices[s].blind));
    });
    this.steps.push({
      kind: 'pass', pass: pass, gave: bundles[this.learner], blind: choice.blind,
      received: bundles[from].slice(choice.blind), to: toward(this.learner, pass.dir), from: from
    });
    this.phase = this.after(pass);
    return v;
  };

  // rules: can_stop_second.
  Engine.prototype.canStop = function () {
    if (this.charleston() === 1) return verdict(false, 'first-charleston-compulsory');
    if (this.phase === 'awaiting-second') return verdict(true, 'second-charleston-optional');
    return verdict(false, 'second-charleston-stop-before-first-pass');
  };

  Engine.prototype.stop = function () {
    var v = this.canStop();
    if (!v.ok) return v;
    this.voted = true;
    this.stoppedBy = this.learner;
    this.phase = 'courtesy';
    this.steps.push({ kind: 'vote', stoppedBy: this.learner });
    return v;
  };

  Engine.prototype.goOn = function () {
    var v = this.canStop();
    if (!v.ok) return v;
    if (this.voted) return verdict(false, 'second-charleston-optional');
    this.voted = true;
    var stopper = null;
    for (var s = 0; s < 4; s++) {
      if (s !== this.learner && this.plans[s].spareCount(this.racks[s]) < this.policy.stop_below) {
        stopper = s;
        break;
      }
    }
    if (stopper !== null) {
      this.stoppedBy = stopper;
      this.phase = 'courtesy';
    }
    this.steps.push({ kind: 'vote', stoppedBy: stopper });
    return verdict(true, 'second-charleston-optional');
  };

  // rules: can_courtesy, check_courtesy_offer, Table::courtesy.
  Engine.prototype.offer = function (tiles) {
    if (this.phase !== 'courtesy') return verdict(false, 'courtesy-after-charleston');
    if (tiles.length > this.policy.max_courtesy) return verdict(false, 'courtesy-zero-to-three');
    if (!isSubset(tiles, this.racks[this.learner])) return verdict(false, 'pass-from-own-rack');
    if (tiles.indexOf('J') >= 0) return verdict(false, 'joker-never-passed');
    var self = this;
    var offers = [0, 1, 2, 3].map(function (s) { return s === self.learner ? tiles : self.botOffer(s); });
    var partner = toward(this.learner, 'across');
    var n = Math.min(tiles.length, offers[partner].length);
    [0, 1].forEach(function (a) {
      var b = a + 2, k = Math.min(offers[a].length, offers[b].length);
      var outA = offers[a].slice(0, k), outB = offers[b].slice(0, k);
      self.racks[a] = removeTiles(self.racks[a], outA).concat(outB);
      self.racks[b] = removeTiles(self.racks[b], outB).concat(outA);
    });
    this.steps.push({
      kind: 'courtesy', offered: tiles.slice(), partnerOffered: offers[partner].length,
      exchanged: n, received: offers[partner].slice(0, n)
    });
    this.phase = 'done';
    return verdict(true, 'courtesy-zero-to-three');
  };

  // One learner move: {kind: 'pass', tiles, blind} | 'stop' | 'continue' | {kind: 'offer', tiles}.
  Engine.prototype.play = function (move) {
    var v;
    if (move.kind === 'pass') v = this.pass({ tiles: move.tiles.slice(), blind: move.blind || 0 });
    else if (move.kind === 'stop') v = this.stop();
    else if (move.kind === 'continue') v = this.goOn();
    else v = this.offer(move.tiles.slice());
    if (!v.ok) this.refused.push(v.rule);
    return v;
  };

  Engine.prototype.state = function () {
    return {
      phase: this.phase, voted: this.voted, stopped_by: this.stoppedBy,
      racks: this.racks.map(function (r) { return r.slice().sort().join(' '); })
    };
  };

  Engine.prototype.closest = function () {
    return closestLine(this.plans[this.learner].lines, this.racks[this.learner], this.data.kinds);
  };

  // ---- the page ----------------------------------------------------------

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A UI message (src/i18n/template.rs; docs/translating.md): a text with
  // {name} placeholders, or {select, forms} with one text per CLDR plural
  // category of the page's language, chosen with Intl.PluralRules; and the
  // learner's record ("tilebook:trainer"): js/store.js, loaded first.
  var store = window.tilebookStore;
  function fill(t, args) { return store.fill(t, args); }

  // Items joined as the page's language joins a list (data.list: the
  // messages list-and-two, -middle and -end, as Strings::list_and does).
  function joinList(list, items) {
    if (items.length < 2 || !list) return items.join(', ');
    if (items.length === 2) return fill(list.two, { first: items[0], second: items[1] });
    var acc = fill(list.end, { first: items[items.length - 2], second: items[items.length - 1] });
    for (var i = items.length - 3; i >= 0; i--) acc = fill(list.middle, { first: items[i], second: acc });
    return acc;
  }

  function Trainer(root, data) {
    this.root = root;
    this.data = data;
    this.L = data.labels;
    this.rules = data.rules;
    var params = new URLSearchParams(location.search);
    var n = parseInt(params.get('deal'), 10);
    this.deal = n >= 1 && n <= data.deals.length ? n : data.walkthrough;
    var seat = data.seats.map(function (s) { return s.id; }).indexOf(params.get('seat'));
    this.seat = seat >= 0 ? seat : data.deals[this.deal - 1].seat;
    this.selected = [];
    this.fresh = [];
    this.build();
    this.start();
  }

  /* the last `unseen` tiles (forwarded blind, never looked at) are named only as unseen */
  Trainer.prototype.names = function (tiles, unseen) {
    var names = this.data.names, L = this.L;
    var seen = tiles.length - (unseen || 0);
    return tiles.length ? joinList(this.data.list, tiles.map(function (t, i) {
      return i < seen ? names[t] : (L.unseen || names[t]);
    })) : L.none;
  };

  Trainer.prototype.seatName = function (s) { return this.data.seats[s].name; };

  Trainer.prototype.build = function () {
    var L = this.L, self = this;
    var app = el('div', 'trainer__app');
    app.setAttribute('role', 'region');
    app.setAttribute('aria-label', L.app_label);

    var controls = el('div', 'trainer__controls exercise__actions');
    var dealLabel = el('label', 'trainer__field');
    dealLabel.appendChild(el('span', '', L.deal));
    this.dealInput = el('input');
    this.dealInput.type = 'number';
    this.dealInput.min = '1';
    this.dealInput.max = String(this.data.deals.length);
    this.dealInput.addEventListener('change', function () {
      var n = parseInt(self.dealInput.value, 10);
      if (n >= 1 && n <= self.data.deals.length) { self.deal = n; self.start(); }
    });
    dealLabel.appendChild(this.dealInput);
    var seatLabel = el('label', 'trainer__field');
    seatLabel.appendChild(el('span', '', L.seat));
    this.seatSelect = el('select');
    this.data.seats.forEach(function (s, i) {
      var o = el('option', '', s.name);
      o.value = String(i);
      self.seatSelect.appendChild(o);
    });
    this.seatSelect.addEventListener('change', function () {
      self.seat = parseInt(self.seatSelect.value, 10);
      self.start();
    });
    seatLabel.appendChild(this.seatSelect);
    var newDeal = el('button', '', L.new_deal);
    newDeal.type = 'button';
    newDeal.dataset.action = 'new-deal';
    newDeal.addEventListener('click', function () {
      self.deal = self.deal % self.data.deals.length + 1;
      self.seat = self.data.deals[self.deal - 1].seat;
      self.start();
    });
    controls.append(dealLabel, seatLabel, newDeal);

    this.tableView = el('div', 'trainer__table');
    this.tableView.setAttribute('aria-label', L.table);
    this.tableView.setAttribute('role', 'group');
    // The learner's teaching lines, drawn as tiles, in view all through the game.
    this.linesView = el('section', 'trainer__lines');
    this.linesView.setAttribute('aria-labelledby', 'trainer-lines-heading');
    var linesHeading = el('h2', 'trainer__heading', L['teach.lines_heading']);
    linesHeading.id = 'trainer-lines-heading';
    this.linesList = el('ol', 'trainer__lines-list');
    this.linesView.append(linesHeading, el('p', 'trainer__lines-intro', L['teach.lines_intro']), this.linesList);
    this.now = el('p', 'trainer__now');
    this.rackView = el('div', 'trainer__rack tile-row');
    this.rackView.setAttribute('role', 'group');
    this.rackView.setAttribute('aria-label', L.rack);
    this.count = el('p', 'trainer__count');

    var actions = el('div', 'trainer__actions exercise__actions');
    this.blindLabel = el('label', 'trainer__field');
    this.blindLabel.appendChild(el('span', '', L.blind));
    this.blindSelect = el('select');
    [0, 1, 2, 3].forEach(function (n) {
      var o = el('option', '', String(n));
      o.value = String(n);
      self.blindSelect.appendChild(o);
    });
    this.blindLabel.appendChild(this.blindSelect);
    this.buttons = {};
    [['pass', L.pass], ['continue', L['continue']], ['stop', L.stop], ['offer', L.offer]].forEach(function (b) {
      var button = el('button', b[0] === 'stop' ? '' : 'exercise__check', b[1]);
      button.type = 'button';
      button.dataset.action = b[0];
      button.addEventListener('click', function () { self.act(b[0]); });
      self.buttons[b[0]] = button;
    });
    actions.append(this.blindLabel, this.buttons.pass, this.buttons['continue'], this.buttons.stop, this.buttons.offer);

    this.refusal = el('div', 'trainer__refusal');
    this.refusal.setAttribute('role', 'alert');
    this.live = el('p', 'trainer__live vh');
    this.live.setAttribute('aria-live', 'polite');
    var logHeading = el('h2', 'trainer__heading', L.log);
    this.log = el('ol', 'trainer__log');
    this.summary = el('section', 'trainer__summary');
    this.summary.hidden = true;

    app.append(controls, this.tableView, this.linesView, this.now, this.rackView, this.count, actions,
      this.refusal, this.live, logHeading, this.log, this.summary, this.buildRecord());
    var walkthrough = this.root.querySelector('.trainer__walkthrough');
    if (walkthrough) walkthrough.hidden = true;
    this.root.appendChild(app);
    this.app = app;
  };

  Trainer.prototype.start = function () {
    this.engine = new Engine(this.data, this.deal, this.seat);
    this.missed = false;
    this.selected = [];
    this.fresh = [];
    this.dealInput.value = String(this.deal);
    this.seatSelect.value = String(this.seat);
    this.log.textContent = '';
    this.refusal.textContent = '';
    this.summary.hidden = true;
    this.summary.textContent = '';
    var url = new URL(location.href);
    url.searchParams.set('deal', String(this.deal));
    url.searchParams.set('seat', this.data.seats[this.seat].id);
    history.replaceState(null, '', url);
    this.keepDealInLanguageLinks();
    this.renderLines();
    this.render();
  };

  // The language switcher's links carry the deal and the seat, so the same
  // game opens in another language.
  Trainer.prototype.keepDealInLanguageLinks = function () {
    var deal = String(this.deal), seat = this.data.seats[this.seat].id;
    var links = document.querySelectorAll('.lang-switcher a[hreflang]:not(.is-untranslated)');
    for (var i = 0; i < links.length; i++) {
      var url = new URL(links[i].getAttribute('href'), location.href);
      url.searchParams.set('deal', deal);
      url.searchParams.set('seat', seat);
      links[i].setAttribute('href', url.origin === location.origin ? url.pathname + url.search + url.hash : url.href);
    }
  };

  // One line as tiles, group by group, in a group named "Line n".
  Trainer.prototype.lineRow = function (line, i) {
    var name = fill(this.L['teach.line'], { n: i + 1 }), tiles = this.data.tiles;
    var row = el('div', 'tile-row');
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', name);
    line.groups.forEach(function (group) {
      var g = el('span', 'tile-group');
      g.innerHTML = group.map(function (id) { return tiles[id]; }).join('');
      row.appendChild(g);
    });
    return { name: name, row: row };
  };

  Trainer.prototype.renderLines = function () {
    var self = this, list = this.linesList;
    list.textContent = '';
    this.engine.plans[this.seat].lines.forEach(function (line, i) {
      var li = el('li', 'trainer__line');
      var drawn = self.lineRow(line, i);
      li.append(el('p', 'trainer__line-name', drawn.name), drawn.row, el('p', 'trainer__line-short'));
      list.appendChild(li);
    });
  };

  // Under each line, how many tiles it still lacks with the rack as it is.
  Trainer.prototype.renderShort = function () {
    var e = this.engine, kinds = this.data.kinds, L = this.L;
    var items = this.linesList.children;
    e.plans[e.learner].lines.forEach(function (line, i) {
      var short = closestLine([line], e.racks[e.learner], kinds)[1];
      var p = items[i] && items[i].querySelector('.trainer__line-short');
      if (p) {
        p.textContent = fill(L['teach.line_short'], { short: short });
        p.dataset.short = String(short);
      }
    });
  };

  Trainer.prototype.stepText = function (step) {
    var L = this.L;
    if (step.kind === 'pass') {
      return fill(step.blind > 0 ? L.step_blind : L.step_pass, {
        pass: step.pass.name, tiles: this.names(step.gave, step.blind), to: L['to.' + step.pass.dir],
        received: this.names(step.received), from: L['from.' + REVERSE[step.pass.dir]], blind: step.blind
      });
    }
    if (step.kind === 'vote') {
      if (step.stoppedBy === null) return L.vote_played;
      if (step.stoppedBy === this.seat) return L.vote_you;
      return fill(L.vote_seat, { seat: this.seatName(step.stoppedBy) });
    }
    return fill(L.courtesy_step, {
      offered: this.names(step.offered), partner_offer: fill(L.offer_count, { count: step.partnerOffered }),
      n: step.exchanged, received: this.names(step.received)
    });
  };

  Trainer.prototype.renderTable = function (moving) {
    var view = this.tableView, self = this;
    view.textContent = '';
    // Seats placed around the table as the learner sees them: you at the
    // bottom, right, across and left in turn order.
    ['you', 'right', 'across', 'left'].forEach(function (place, k) {
      var s = (self.seat + k) % 4;
      var seat = el('div', 'trainer__seat trainer__seat--' + place, self.seatName(s));
      if (moving && moving.to === s) seat.classList.add('is-receiving');
      if (moving && moving.from === s) seat.classList.add('is-giving');
      view.appendChild(seat);
    });
    if (moving) {
      var flight = el('div', 'trainer__flight trainer__flight--' + moving.dir);
      flight.setAttribute('aria-hidden', 'true');
      for (var i = 0; i < moving.count; i++) flight.appendChild(el('span', 'trainer__back'));
      view.appendChild(flight);
    }
  };

  Trainer.prototype.render = function (moving) {
    var e = this.engine, L = this.L, self = this;
    this.renderTable(moving);
    var pass = e.nextPass();
    var voting = e.phase === 'awaiting-second' && !e.voted;
    if (voting) this.now.textContent = L.now_vote;
    else if (pass) {
      this.now.textContent = fill(L.now_pass, { pass: pass.name, to: L['to.' + pass.dir] }) +
        (pass.blind ? ' ' + L.now_blind : '');
    } else if (e.phase === 'courtesy') this.now.textContent = L.now_courtesy;
    else this.now.textContent = '';
    var rack = e.racks[e.learner].slice();
    var kinds = this.data.kinds;
    rack.sort(function (a, b) { return kinds.indexOf(a) - kinds.indexOf(b); });
    this.rackView.textContent = '';
    var freshLeft = this.fresh.slice();
    rack.forEach(function (id, i) {
      var b = el('button', 'trainer__tile');
      b.type = 'button';
      b.dataset.tile = id;
      b.dataset.index = String(i);
      b.setAttribute('aria-pressed', self.selected.indexOf(i) >= 0 ? 'true' : 'false');
      b.innerHTML = self.data.tiles[id];
      var k = freshLeft.indexOf(id);
      if (k >= 0) {
        freshLeft.splice(k, 1);
        b.classList.add('is-new', 'is-new--' + (moving ? moving.dir : 'right'));
        b.appendChild(el('span', 'vh', ', ' + L.new_tile));
      }
      b.addEventListener('click', function () { self.toggle(i); });
      self.rackView.appendChild(b);
    });
    this.rack = rack;
    this.count.textContent = fill(L.selected, { n: this.selected.length });
    var done = e.phase === 'done';
    this.renderShort();
    // Only what this moment allows: blind tiles on a pass that may be blind,
    // the stop at the vote on the second Charleston.
    this.blindLabel.hidden = !pass || voting || !pass.blind;
    this.buttons.pass.hidden = !pass || voting;
    this.buttons['continue'].hidden = !voting;
    this.buttons.stop.hidden = !voting;
    this.buttons.offer.hidden = e.phase !== 'courtesy';
    this.rackView.hidden = done;
    this.count.hidden = done;
    if (done) this.renderSummary();
  };

  Trainer.prototype.toggle = function (i) {
    var k = this.selected.indexOf(i);
    if (k >= 0) this.selected.splice(k, 1); else this.selected.push(i);
    var b = this.rackView.children[i];
    b.setAttribute('aria-pressed', k >= 0 ? 'false' : 'true');
    this.count.textContent = fill(this.L.selected, { n: this.selected.length });
  };

  Trainer.prototype.chosen = function () {
    var rack = this.rack;
    return this.selected.slice().sort(function (a, b) { return a - b; }).map(function (i) { return rack[i]; });
  };

  Trainer.prototype.refuse = function (rule) {
    var r = this.rules[rule] || {};
    this.refusal.textContent = '';
    var p = el('p', 'trainer__rule', fill(this.L.refused, { rule: r.text || rule }));
    p.dataset.rule = rule;
    if (r.href) {
      var a = el('a', '', r.lesson || r.href);
      a.href = r.href;
      p.append(' ', a);
    }
    this.refusal.appendChild(p);
  };

  Trainer.prototype.act = function (action) {
    var e = this.engine, move;
    if (action === 'pass') move = { kind: 'pass', tiles: this.chosen(), blind: parseInt(this.blindSelect.value, 10) };
    else if (action === 'offer') move = { kind: 'offer', tiles: this.chosen() };
    else move = { kind: action };
    var pass = e.nextPass();
    var before = e.steps.length;
    var v = e.play(move);
    this.note(v.ok);
    if (!v.ok) {
      this.refuse(v.rule);
      this.live.textContent = '';
      return;
    }
    this.refusal.textContent = '';
    var self = this, moving = null, text = [];
    e.steps.slice(before).forEach(function (step) {
      var t = self.stepText(step);
      text.push(t);
      var li = el('li', '', t);
      li.dataset.kind = step.kind;
      self.log.appendChild(li);
      if (step.kind === 'pass') {
        self.fresh = step.received.slice();
        moving = { dir: pass.dir, to: step.to, from: step.from, count: step.gave.length };
      } else if (step.kind === 'courtesy') {
        self.fresh = step.received.slice();
      }
    });
    this.selected = [];
    this.blindSelect.value = '0';
    this.live.textContent = text.join(' ');
    var focused = document.activeElement;
    this.render(moving);
    // Keep the keyboard where it was; a button that went away hands focus
    // to the next step's first action, or to the summary at the end.
    if (!focused || focused.hidden || !this.app.contains(focused)) {
      var next = e.phase === 'done'
        ? this.summary.querySelector('h2')
        : this.app.querySelector('.trainer__actions button:not([hidden])');
      if (next) next.focus();
    }
  };

  Trainer.prototype.renderSummary = function () {
    var L = this.L, e = this.engine, self = this, s = this.summary;
    s.textContent = '';
    var heading = el('h2', 'trainer__heading', L.summary);
    heading.tabIndex = -1;
    s.appendChild(heading);
    var kinds = this.data.kinds;
    var row = function (tiles, cls) {
      var r = el('div', 'tile-row ' + cls);
      tiles.slice().sort(function (a, b) { return kinds.indexOf(a) - kinds.indexOf(b); })
        .forEach(function (id) {
          var span = el('span', 'trainer__final');
          span.innerHTML = self.data.tiles[id];
          r.appendChild(span);
        });
      return r;
    };
    var received = [];
    e.steps.forEach(function (step) { if (step.received) received = received.concat(step.received); });
    s.appendChild(el('h3', '', L.summary_received));
    s.appendChild(row(received, 'trainer__received'));
    s.appendChild(el('p', '', L.final_rack));
    s.appendChild(row(e.racks[e.learner], 'trainer__rack-final'));
    var c = e.closest();
    if (c) {
      var p = el('p', 'trainer__closest', fill(L['teach.closest_line'], { n: c[0] + 1, short: c[1] }));
      p.dataset.line = String(c[0]);
      p.dataset.short = String(c[1]);
      s.appendChild(p);
      var closest = this.lineRow(e.plans[e.learner].lines[c[0]], c[0]).row;
      closest.classList.add('trainer__closest-line');
      s.appendChild(closest);
    }
    // The moves are in the log above; the summary adds only the refused ones.
    if (e.refused.length) {
      s.appendChild(el('h3', '', L.summary_refused));
      var refused = el('ul', 'trainer__summary-refused');
      e.refused.forEach(function (rule) {
        var li = el('li', '', (self.rules[rule] || {}).text || rule);
        li.dataset.rule = rule;
        refused.appendChild(li);
      });
      s.appendChild(refused);
    }
    var again = el('button', 'exercise__check', L.again);
    again.type = 'button';
    again.dataset.action = 'again';
    again.addEventListener('click', function () { self.start(); });
    var buttons = el('div', 'exercise__actions');
    buttons.appendChild(again);
    s.appendChild(buttons);
    s.hidden = false;
  };

  // ---- the learner's record (kept in localStorage, one for every language)

  // A move played: accepted (`ok`) or refused. The record counts the moves
  // accepted, those accepted at the first try (no refusal since the move
  // before), the current and best run of such moves, the games played to
  // the end and, of them, those with no move refused.
  Trainer.prototype.note = function (ok) {
    var r = store.trainer.read(), e = this.engine;
    if (!ok) {
      this.missed = true;
      r.run = 0;
    } else {
      r.moves += 1;
      if (this.missed) r.run = 0;
      else {
        r.first += 1;
        r.run += 1;
        r.best = Math.max(r.best, r.run);
      }
      this.missed = false;
      if (e.phase === 'done') {
        r.games += 1;
        if (!e.refused.length) r.clean += 1;
      }
    }
    r.last = new Date().toISOString();
    store.trainer.write(r);
    this.renderRecord();
  };

  // "Your record": the counts, the last game's date and a reset, asked
  // first (focus on "Cancel"; Escape cancels).
  Trainer.prototype.buildRecord = function () {
    var L = this.L, self = this;
    var box = el('section', 'trainer__record');
    box.setAttribute('aria-labelledby', 'trainer-record-heading');
    var heading = el('h2', 'trainer__heading', L['record.heading']);
    heading.id = 'trainer-record-heading';
    this.recordList = el('ul', 'trainer__record-list');
    var reset = el('button', 'trainer__record-reset', L['record.reset']);
    reset.type = 'button';
    var panel = el('div', 'trainer__record-confirm');
    panel.setAttribute('role', 'group');
    panel.setAttribute('aria-labelledby', 'trainer-record-confirm');
    panel.hidden = true;
    var question = el('p', '', L['record.confirm']);
    question.id = 'trainer-record-confirm';
    var yes = el('button', 'trainer__record-yes', L['record.yes']);
    yes.type = 'button';
    var no = el('button', 'trainer__record-no', L['record.no']);
    no.type = 'button';
    panel.append(question, yes, ' ', no);
    this.recordStatus = el('p', 'trainer__record-status');
    this.recordStatus.setAttribute('role', 'status');
    var close = function () { panel.hidden = true; reset.focus(); };
    reset.addEventListener('click', function () {
      self.recordStatus.textContent = '';
      panel.hidden = false;
      no.focus();
    });
    no.addEventListener('click', close);
    panel.addEventListener('keydown', function (event) { if (event.key === 'Escape') close(); });
    yes.addEventListener('click', function () {
      store.trainer.reset();
      self.renderRecord();
      close();
      self.recordStatus.textContent = L['record.reset_done'];
    });
    this.recordReset = reset;
    var buttons = el('p', 'exercise__actions');
    buttons.appendChild(reset);
    box.append(heading, el('p', 'trainer__record-intro', L['record.intro']), this.recordList, buttons, panel,
      this.recordStatus);
    // Another tab (another language) playing: its moves show here too.
    window.addEventListener('storage', function (event) {
      if (event.key === store.trainer.key || event.key === null) self.renderRecord();
    });
    this.renderRecord();
    return box;
  };

  Trainer.prototype.renderRecord = function () {
    var L = this.L, r = store.trainer.read(), list = this.recordList;
    list.textContent = '';
    var item = function (stat, text, value) {
      var li = el('li', '', text);
      li.dataset.stat = stat;
      li.dataset.value = String(value);
      list.appendChild(li);
    };
    this.recordReset.hidden = !r.moves && !r.last;
    if (!r.moves && !r.last) {
      item('empty', L['record.empty'], 0);
      return;
    }
    item('games', fill(L['record.games'], { games: r.games }), r.games);
    if (r.games) item('clean', fill(L['record.clean'], { clean: r.clean, games: r.games }), r.clean);
    item('first', fill(L['record.moves'], { right: r.first, moves: r.moves }), r.first + '/' + r.moves);
    if (r.best) item('best', fill(L['record.best'], { best: r.best }), r.best);
    if (r.last) {
      var date = r.last;
      try {
        date = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium' })
          .format(new Date(r.last));
      } catch (e) { /* the ISO date */ }
      item('last', fill(L['record.last'], { date: date }), r.last);
    }
  };

  function init() {
    if (!store) return;
    var roots = document.querySelectorAll('[data-trainer]');
    for (var i = 0; i < roots.length; i++) {
      var script = roots[i].querySelector('script.trainer__data');
      if (!script) continue;
      var data = JSON.parse(script.textContent);
      roots[i].trainer = new Trainer(roots[i], data);
    }
  }

  // For tests/trainer.rs: replays games through the table.
  window.TilebookTrainer = {
    Engine: Engine,
    data: function () {
      var script = document.querySelector('[data-trainer] script.trainer__data');
      return script ? JSON.parse(script.textContent) : null;
    },
    replay: function (data, games) {
      return games.map(function (g) {
        var engine = new Engine(data, g.deal, g.seat);
        var trace = g.moves.map(function (m) {
          var v = engine.play(m);
          return { ok: v.ok, rule: v.rule, state: engine.state() };
        });
        var c = engine.phase === 'done' ? engine.closest() : null;
        return { trace: trace, closest: c };
      });
    }
  };

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
