// ftn show: step through one game of an FTN record. The data (the reference
// replay, the line and hands derived from it, the findings) is the JSON
// above; this script only draws it. Record text is only ever set as text
// (textContent), never parsed as HTML.
"use strict";
(function () {
  var ALL = JSON.parse(document.getElementById("ftn-data").textContent);
  var SEVERAL = ALL.games.length > 1;  // links then name the game: #g2r3e12
  var D = null;  // the game shown
  var SVG = "http://www.w3.org/2000/svg";
  var PALETTE = ["#1f5fbf", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490",
    "#a16207", "#be185d", "#4d7c0f", "#1e3a8a", "#78350f", "#475569"];
  var $ = function (id) { return document.getElementById(id); };

  // Every position of the game shown: [round index, event number]; event 0
  // is a round's start. INDEX: a position's number by its "r3e12".
  var POS = [], INDEX = {}, FIND_AT = {}, cur = -1;
  function positions() {
    POS = [];
    INDEX = {};
    FIND_AT = {};
    D.rounds.forEach(function (r, ri) {
      for (var e = 0; e <= r.events.length; e++) {
        INDEX["r" + r.round + "e" + e] = POS.length;
        POS.push([ri, e]);
      }
    });
    D.findings.forEach(function (f, k) {
      var key = "r" + f.at[0] + "e" + f.at[1];
      (FIND_AT[key] = FIND_AT[key] || []).push(k);
    });
  }

  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined && text !== null) n.textContent = String(text);
    return n;
  }
  function clear(n) { while (n.firstChild) n.removeChild(n.firstChild); return n; }
  function link(r, e) { return "#" + (SEVERAL ? "g" + D.game : "") + "r" + r + "e" + e; }
  function hash(ri, e) { return link(D.rounds[ri].round, e); }
  function tileText(t) { return t ? t[0] + "-" + t[1] : "?"; }
  function sideIndex(name) { var i = D.sides.indexOf(name); return i < 0 ? 0 : i; }
  function seatColour(seat) {  // the colour of the seat's side (N of N+S)
    for (var i = 0; i < D.sides.length; i++) {
      if (D.sides[i].split("+").indexOf(seat) >= 0) return PALETTE[i % PALETTE.length];
    }
    return "";
  }

  // One tile as an SVG element: across, or upright for a double; face down
  // when the tile is not known.
  function tile(a, b, down, cls) {
    var upright = !down && a === b;
    var w = upright ? 100 : 200, h = upright ? 200 : 100;
    var s = document.createElementNS(SVG, "svg");
    s.setAttribute("viewBox", "-2 -2 " + (w + 4) + " " + (h + 4));
    s.setAttribute("class", "tile " + (upright ? "v" : "h") + (cls ? " " + cls : ""));
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", down ? "a tile face down" : a + "-" + b);
    var title = document.createElementNS(SVG, "title");
    title.textContent = down ? "face down" : a + "-" + b;
    s.appendChild(title);
    var rect = document.createElementNS(SVG, "rect");
    [["x", 1], ["y", 1], ["width", w - 2], ["height", h - 2], ["rx", 12]].forEach(function (p) {
      rect.setAttribute(p[0], p[1]);
    });
    rect.setAttribute("class", down ? "back" : "face");
    s.appendChild(rect);
    if (down) {
      var m = document.createElementNS(SVG, "rect");
      [["x", 22], ["y", 22], ["width", w - 44], ["height", h - 44], ["rx", 8]].forEach(
        function (p) { m.setAttribute(p[0], p[1]); });
      m.setAttribute("class", "backmark");
      s.appendChild(m);
      return s;
    }
    var bar = document.createElementNS(SVG, "line");
    var ln = upright ? [12, 100, 88, 100] : [100, 12, 100, 88];
    ["x1", "y1", "x2", "y2"].forEach(function (k, i) { bar.setAttribute(k, ln[i]); });
    bar.setAttribute("class", "bar");
    s.appendChild(bar);
    [[a, 0, 0], [b, upright ? 0 : 100, upright ? 100 : 0]].forEach(function (f) {
      var u = document.createElementNS(SVG, "use");
      u.setAttribute("href", "#ftn-f" + f[0]);
      u.setAttribute("x", f[1]);
      u.setAttribute("y", f[2]);
      u.setAttribute("width", 100);
      u.setAttribute("height", 100);
      s.appendChild(u);
    });
    return s;
  }

  function eventAt(ri, e) { return e ? D.rounds[ri].events[e - 1] : null; }
  function totalsAt(ri, e) { var ev = eventAt(ri, e); return ev ? ev.totals : D.rounds[ri].start; }
  function lastPlace(ri, e) {
    var evs = D.rounds[ri].events;
    for (var k = e - 1; k >= 0; k--) if (evs[k].type === "place") return evs[k];
    return null;
  }

  function drawEvent(ri, e) {
    var r = D.rounds[ri], ev = eventAt(ri, e);
    var what = $("what"), pts = clear($("points")), note = $("note"), res = $("result");
    note.hidden = true;
    res.hidden = !(r.result && e === r.events.length && e > 0);
    if (!res.hidden) {
      res.textContent = (r.result.outcome === "target" ? "The game is won: " + D.winner +
        " reaches " + D.target : "Round " + r.round + " is over: " + (r.result.outcome ===
        "domino" ? "domino by " + r.result.seat : "blocked")) + " (" +
        r.result.totals.join(",") + ")";
    }
    if (!ev) {
      what.textContent = "Round " + r.round + ": " + r.opener + " leads" +
        (r.partial ? " (a partial record: tiles not known are face down)" : "");
      pts.textContent = "Totals at the start of the round: " + r.start.join(" · ");
      return;
    }
    if (ev.note) { note.hidden = false; note.textContent = "Record: " + ev.note; }
    if (ev.type === "knock") {
      what.textContent = ev.seat + " knocks";
      pts.textContent = "cannot place (R4.4): no points";
      return;
    }
    if (ev.type === "illegal") {
      what.textContent = ev.seat + " " + (ev.tile ? tileText(ev.tile) + (ev.end ? " " + ev.end
        : "") : "knocks") + ": illegal — the replay stopped here";
      pts.appendChild(el("span", "over", "not played: the position stays as it was"));
      return;
    }
    what.textContent = ev.seat + " " + (ev.end ? "places " : "leads ") + tileText(ev.tile) +
      (ev.end ? " at " + (ev.end === "L" ? "the left end" : "the right end") : "");
    pts.appendChild(document.createTextNode("End total " + ev.endTotal + " → "));
    pts.appendChild(el("span", "pts", ev.placementPoints + (ev.placementPoints === 1 ? " point" : " points")));
    if (ev.bonus) {
      pts.appendChild(document.createTextNode(" "));
      pts.appendChild(el("span", "bonus", "+ domino bonus " + ev.bonus + " = " + ev.eventPoints));
    }
    if (!ev.credited) {
      var was = ev.totals[sideIndex(ev.side)];
      pts.appendChild(document.createTextNode(" "));
      pts.appendChild(el("span", "over", "DISCARDED as an overshoot: " + was + " + " +
        ev.eventPoints + " = " + (was + ev.eventPoints) + " > " + D.target + " (R8.2); " +
        ev.side + " stays at " + was));
    } else if (ev.eventPoints) {
      pts.appendChild(document.createTextNode(" credited to " + ev.side));
    }
  }

  function drawScores(ri, e) {
    var box = clear($("scores")), t = totalsAt(ri, e), ev = eventAt(ri, e);
    var before = e > 1 ? eventAt(ri, e - 1).totals : D.rounds[ri].start;
    D.sides.forEach(function (side, i) {
      var c = el("div", "card");
      c.style.setProperty("--c", PALETTE[i % PALETTE.length]);
      if (ev && ev.side === side) c.classList.add("acting");
      var won = D.winner === side && cur === POS.length - 1 && D.complete;
      c.appendChild(el("div", "name", side + (won ? " — wins the game" : "")));
      var who = side.split("+").map(function (s) { return D.players[s] || s; }).join(", ");
      c.appendChild(el("div", "who", who));
      var tot = el("div", "total");
      tot.appendChild(el("span", "value", t[i]));
      if (ev && ev.side === side && ev.type === "place") {
        if (!ev.credited) tot.appendChild(el("span", "delta over", "over +" + ev.eventPoints));
        else if (t[i] !== before[i]) tot.appendChild(el("span", "delta", "+" + (t[i] - before[i])));
      }
      c.appendChild(tot);
      var bar = el("div", "bar"), fill = el("span");
      fill.style.width = Math.min(100, 100 * t[i] / D.target) + "%";
      bar.appendChild(fill);
      c.appendChild(bar);
      box.appendChild(c);
    });
  }

  function endText(end) {
    return end.double ? end.value + "|" + end.value + " (double, counts " + 2 * end.value + ")"
      : String(end.value);
  }

  function drawLine(ri, e) {
    var r = D.rounds[ri], box = clear($("line")), ends = clear($("ends")), p = lastPlace(ri, e);
    var ev = eventAt(ri, e);
    if (!p) {
      ends.textContent = "No tile on the table yet.";
    } else {
      ends.appendChild(document.createTextNode("Left end "));
      ends.appendChild(el("b", "end-left", endText(p.ends[0])));
      ends.appendChild(document.createTextNode(" · right end "));
      ends.appendChild(el("b", "end-right", endText(p.ends[1])));
      ends.appendChild(document.createTextNode(" · end total "));
      ends.appendChild(el("b", "end-total", p.endTotal));
    }
    var shown = r.line.filter(function (t) { return t[2] <= e; });
    if (shown.length) box.appendChild(el("span", "endmark", "L"));
    shown.forEach(function (t) {
      box.appendChild(tile(t[0], t[1], false, ev && ev.type === "place" && t[2] === e ? "new" : ""));
    });
    if (shown.length) box.appendChild(el("span", "endmark", "R"));
    if (ev && ev.type === "illegal" && ev.tile) {
      box.appendChild(el("span", "endmark", "  tried:"));
      box.appendChild(tile(ev.tile[0], ev.tile[1], false, "ghost"));
    }
    if (!shown.length && !(ev && ev.type === "illegal")) box.appendChild(el("span", "empty", "(empty)"));
  }

  function drawHands(ri, e) {
    var r = D.rounds[ri], box = clear($("hands")), ev = eventAt(ri, e);
    D.seats.forEach(function (seat) {
      var row = el("div", "hand");
      if (ev && ev.seat === seat) row.classList.add("acting");
      var who = el("div", "who", seat);
      who.style.color = seatColour(seat);
      if (D.players[seat]) who.appendChild(el("small", "", D.players[seat]));
      row.appendChild(who);
      var held = (r.hands[seat] || []).filter(function (h) { return h[1] === null || h[1] > e; });
      held.forEach(function (h) {
        row.appendChild(h[0] ? tile(h[0][0], h[0][1], false, "") : tile(0, 1, true, ""));
      });
      row.appendChild(el("span", "count", held.length ? held.length + (held.length === 1 ?
        " tile" : " tiles") : "no tiles left"));
      box.appendChild(row);
    });
  }

  function findingBox(f) {
    var b = el("div", "finding" + (f.severity === "warning" ? " warning" : ""));
    var head = el("p");
    head.appendChild(el("span", "code", f.code + " " + f.name));
    head.appendChild(document.createTextNode(f.stopped ? " — the replay stopped here" : ""));
    b.appendChild(head);
    b.appendChild(el("p", "msg", f.message));
    if (f.claimed !== null || f.computed !== null) {
      b.appendChild(el("p", "cmp", "claimed: " + f.claimed + " · computed: " + f.computed));
    }
    b.appendChild(el("p", "loc", (f.rule ? "rule " + f.rule + " · " : "") + f.where));
    return b;
  }

  function drawHere(ri, e) {
    var box = clear($("here"));
    (FIND_AT["r" + D.rounds[ri].round + "e" + e] || []).forEach(function (k) {
      box.appendChild(findingBox(D.findings[k]));
    });
  }

  var drawnRound = -1;
  function drawEvents(ri, e) {
    var r = D.rounds[ri], list = $("events");
    if (drawnRound !== ri) {
      drawnRound = ri;
      clear(list);
      $("events-title").textContent = "Round " + r.round + " (opener " + r.opener + ")";
      for (var k = 0; k <= r.events.length; k++) {
        var ev = k ? r.events[k - 1] : null;
        var li = el("li"), a = el("a", "", k ? ev.text || ev.seat + " " + ev.type : "round " +
          r.round + " opener " + r.opener);
        a.href = hash(ri, k);
        if (FIND_AT["r" + r.round + "e" + k]) li.className = "bad";
        li.appendChild(a);
        list.appendChild(li);
      }
      if (r.result) {
        list.appendChild(el("li", "result", "result " + r.result.outcome +
          (r.result.seat ? " " + r.result.seat : "") + " (" + r.result.totals.join(",") + ")"));
      }
    }
    var box = list.parentNode;
    Array.prototype.forEach.call(list.querySelectorAll("a"), function (a, k) {
      if (k === e) {
        a.setAttribute("aria-current", "step");
        // The box scrolls to the event, never the page (scrollIntoView would).
        var at = a.getBoundingClientRect(), view = box.getBoundingClientRect();
        if (at.top < view.top) box.scrollTop -= view.top - at.top + 4;
        else if (at.bottom > view.bottom) box.scrollTop += at.bottom - view.bottom + 4;
      } else a.removeAttribute("aria-current");
    });
  }

  // The part of the page the reader sees first, below the sticky bar, and
  // where it stands: stepping keeps it there (the board above it changes
  // height from event to event), so a step never moves the page under the
  // reader's eyes.
  var PARTS = document.querySelectorAll(".board > section, main > .side, main > section");
  function seen() {
    var bar = document.querySelector(".controls").getBoundingClientRect().bottom;
    for (var k = 0; k < PARTS.length; k++) {
      var r = PARTS[k].getBoundingClientRect();
      if (r.height && r.bottom > bar) return [PARTS[k], r.top];
    }
    return null;
  }

  function go(i, keepHash) {
    i = Math.max(0, Math.min(POS.length - 1, i));
    var held = cur >= 0 ? seen() : null;
    cur = i;
    var ri = POS[i][0], e = POS[i][1], r = D.rounds[ri];
    $("where").textContent = "Round " + r.round + " · event " + e + " of " + r.events.length;
    document.body.setAttribute("data-pos", "r" + r.round + "e" + e);
    drawEvent(ri, e);
    drawHere(ri, e);
    drawScores(ri, e);
    drawLine(ri, e);
    drawHands(ri, e);
    drawEvents(ri, e);
    $("scrub").value = i;
    $("scrub").setAttribute("aria-valuetext", $("where").textContent);
    $("prev").disabled = $("first").disabled = i === 0;
    $("next").disabled = $("last").disabled = i === POS.length - 1;
    Array.prototype.forEach.call(document.querySelectorAll(".race:not([hidden]) svg"),
      function (race) {
        var cursor = race.querySelector(".cursor");
        var x0 = +race.getAttribute("data-x0"), x1 = +race.getAttribute("data-x1");
        var x = x0 + (x1 - x0) * i / Math.max(1, POS.length - 1);
        cursor.setAttribute("x1", x);
        cursor.setAttribute("x2", x);
      });
    Array.prototype.forEach.call($("findings").children, function (li, k) {
      var f = D.findings[k];
      if (f) li.classList.toggle("current", f.at[0] === r.round && f.at[1] === e);
    });
    if (!keepHash && history.replaceState) history.replaceState(null, "", hash(ri, e));
    if (held) {
      var moved = held[0].getBoundingClientRect().top - held[1];
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }
  }

  function roundStart(ri) { return INDEX["r" + D.rounds[ri].round + "e0"]; }
  function nextRound() {
    var ri = POS[cur][0];
    go(ri + 1 < D.rounds.length ? roundStart(ri + 1) : POS.length - 1);
  }
  function prevRound() {
    var ri = POS[cur][0];
    go(POS[cur][1] > 0 || ri === 0 ? roundStart(ri) : roundStart(ri - 1));
  }
  function finding(step) {
    var idx = D.findings.map(function (f) { return INDEX["r" + f.at[0] + "e" + f.at[1]]; });
    var pick = step > 0 ? idx.filter(function (k) { return k > cur; })[0]
      : idx.filter(function (k) { return k < cur; }).pop();
    if (pick !== undefined) go(pick);
  }
  // "#r3e12" (in a page of several games: "#g2r3e12", or "#g2", its start):
  // [game index, round, event] (round null: the game's start), or null. A
  // bare "#r3e12" is of game index ``shown``.
  function fromHash(shown) {
    var m = /^#(?:g(\d+))?(?:r(\d+)e(\d+))?$/.exec(location.hash);
    if (!m || (m[1] === undefined && m[2] === undefined)) return null;
    var g = m[1] === undefined ? shown : gameIndex(+m[1]);
    if (g < 0) return null;
    if (m[2] === undefined) return [g, null];
    var game = ALL.games[g], ri = -1;
    game.rounds.forEach(function (r, k) { if (r.round === +m[2]) ri = k; });
    if (ri < 0 || +m[3] > game.rounds[ri].events.length) return null;
    return [g, +m[2], +m[3]];
  }
  function gameIndex(n) {
    for (var k = 0; k < ALL.games.length; k++) if (ALL.games[k].game === n) return k;
    return -1;
  }

  // Bring the event (and the findings under it) into view below the sticky
  // bar, if they are not: when the page opens, a link is followed or a game
  // picked; never for a key (the page stays where the reader put it).
  function reveal() {
    var bar = document.querySelector(".controls").offsetHeight;
    var evTop = $("event").getBoundingClientRect().top + scrollY;
    var here = $("here"), last = (here.firstChild ? here : $("event")).getBoundingClientRect();
    var lastBottom = last.bottom + scrollY;
    var barTop = document.querySelector(".controls").offsetTop;
    var lo = lastBottom + 8 - innerHeight;  // the least scroll that shows the findings
    var hi = evTop - bar - 8;  // the most that keeps the event below the bar
    var y = scrollY;
    if (y >= lo && (y <= hi || y < barTop)) return;  // already in view
    window.scrollTo(0, Math.max(0, lo <= hi ? Math.max(lo, Math.min(y, hi)) : hi));
  }

  // The parts of the page that stay while one game is shown.
  function drawGame() {
    positions();
    cur = -1;
    drawnRound = -1;
    document.body.setAttribute("data-game", D.game);
    $("title").textContent = D.title || D.file;
    document.title = (D.title || D.file) + " — FTN replay";
    var meta = [D.file + (D.games > 1 ? " · game " + D.game + " of " + D.games : "")];
    meta.push(D.seats.map(function (s) { return D.players[s] ? s + " " + D.players[s] : s; })
      .join(", "));
    Object.keys(D.tags).forEach(function (k) { meta.push(k + " " + D.tags[k]); });
    meta.push("target " + D.target);
    meta.push(D.winner ? "winner " + D.winner + " (" + D.totals.join(",") + ")" : "no winner");
    $("meta").textContent = meta.join(" · ");
    $("target").textContent = D.target;
    Array.prototype.forEach.call(document.querySelectorAll(".race"), function (r) {
      r.hidden = +r.getAttribute("data-game") !== D.game;
    });
    var stop = D.findings.filter(function (f) { return f.stopped; })[0], s = clear($("stopped"));
    s.hidden = !stop;
    if (stop) {
      s.appendChild(document.createTextNode("The replay stopped here: "));
      var a = el("a", "", stop.code + " " + stop.name + (stop.at[1] ? ", round " + stop.at[0] +
        " event " + stop.at[1] : ", at the start of round " + stop.at[0]));
      a.href = link(stop.at[0], stop.at[1]);
      s.appendChild(a);
    }
    $("findings-title").textContent = "Findings of ftn check (" + D.findings.length + ")";
    var fl = clear($("findings")), marks = clear($("marks"));
    D.findings.forEach(function (f) {
      var li = el("li"), a = el("a", "", "round " + f.at[0] + ", event " + f.at[1] + ": " +
        f.code + " " + f.name + " — " + f.message);
      a.href = link(f.at[0], f.at[1]);
      li.appendChild(a);
      fl.appendChild(li);
      var m = el("a", f.severity === "warning" ? "warning" : "");
      m.href = a.href;
      m.title = f.code + " " + f.name;
      m.tabIndex = -1;
      m.style.left = (100 * INDEX["r" + f.at[0] + "e" + f.at[1]] / Math.max(1, POS.length - 1)) + "%";
      marks.appendChild(m);
    });
    $("next-finding").disabled = !D.findings.length;
    if (!D.findings.length) fl.appendChild(el("li", "", "None: every move is legal and every claim right."));
    $("scrub").max = POS.length - 1;
    $("game-pick").value = String(D.game);
  }
  // Show game g (an index of ALL.games) at position [round, event], or at
  // its start position (its first finding, else its end).
  function show(g, at, keepHash) {
    if (ALL.games[g] !== D) {
      D = ALL.games[g];
      drawGame();
    }
    var start = at && at[0] !== null ? at : D.start;
    go(INDEX["r" + start[0] + "e" + start[1]] || 0, keepHash);
  }

  // The game picker: a file of several games.
  var pick = $("game-pick");
  ALL.games.forEach(function (g) {
    var who = g.seats.map(function (s) { return g.players[s] ? s + " " + g.players[s] : s; });
    var tags = Object.keys(g.tags).map(function (k) { return g.tags[k]; });
    pick.appendChild(el("option", "", "game " + g.game + " of " + g.games + ": " +
      [g.title || who.join(", ")].concat(g.title ? [who.join(", ")] : [], tags).join(" · ") +
      (g.findings.length ? " (" + g.findings.length + (g.findings.length === 1 ? " finding)"
        : " findings)") : "")));
    pick.lastChild.value = String(g.game);
  });
  $("picker").hidden = ALL.total < 2;
  if (ALL.games.length < ALL.total) {
    $("picker-note").textContent = "This page holds games " + ALL.games[0].game + " to " +
      ALL.games[ALL.games.length - 1].game + " of " + ALL.total + "; ftn show --game N " +
      "shows the others.";
  }
  pick.addEventListener("change", function () {
    show(gameIndex(+pick.value), null);
    reveal();
  });

  var scrub = $("scrub");
  scrub.addEventListener("input", function () { go(+scrub.value); });
  $("first").addEventListener("click", function () { go(0); });
  $("last").addEventListener("click", function () { go(POS.length - 1); });
  $("prev").addEventListener("click", function () { go(cur - 1); });
  $("next").addEventListener("click", function () { go(cur + 1); });
  $("prev-round").addEventListener("click", prevRound);
  $("next-round").addEventListener("click", nextRound);
  $("next-finding").addEventListener("click", function () { finding(1); });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.target === pick) return;  // the picker's own
    if (ev.target === scrub && /^(Arrow|Page|Home|End)/.test(ev.key)) return;  // the slider's own
    var act = {
      ArrowRight: function () { go(cur + 1); }, ArrowLeft: function () { go(cur - 1); },
      ArrowDown: nextRound, PageDown: nextRound, ArrowUp: prevRound, PageUp: prevRound,
      Home: function () { go(0); }, End: function () { go(POS.length - 1); },
      f: function () { finding(1); }, F: function () { finding(-1); }
    }[ev.key];
    if (act) { ev.preventDefault(); act(); }
  });
  window.addEventListener("hashchange", function () {
    var h = fromHash(ALL.games.indexOf(D));
    if (!h) return;
    if (ALL.games[h[0]] !== D || h[1] === null || INDEX["r" + h[1] + "e" + h[2]] !== cur) {
      show(h[0], h[1] === null ? null : [h[1], h[2]], true);
    }
    reveal();
  });
  var opened = gameIndex(ALL.open), h0 = fromHash(opened);
  if (h0) show(h0[0], h0[1] === null ? null : [h0[1], h0[2]], true);
  else show(opened, null);
  reveal();
})();
