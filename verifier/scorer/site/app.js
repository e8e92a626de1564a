// The scorer's page: it draws and takes taps; it never scores. Every tap
// becomes a line as `ftn record` reads it, sent to the engine (worker.js:
// the project's recorder run by Pyodide), whose answer is stored on the
// phone (IndexedDB, an append-only journal of lines) before it is shown.
// window.ftnScorer is the scripting surface: ready, type(line), undo(),
// record().

const $ = (id) => document.getElementById(id);
const state = {
  site: null, game: null, position: null, asks: null, busy: false,
  setup: { players: 2, preset: "pagat", first: null }, log: [], resyncing: false,
};

// -- the engine -------------------------------------------------------------

const worker = new Worker("./worker.js", { type: "module" });
const waiting = new Map();
let calls = 0;
let readyResolve, readyReject;
const ready = new Promise((ok, no) => { readyResolve = ok; readyReject = no; });
ready.then(() => { document.body.dataset.engineAt = String(Math.round(performance.now())); }, () => {});

worker.onmessage = (event) => {
  const m = event.data;
  if ("ready" in m) {
    document.body.dataset.engine = m.ready ? "ready" : "failed";
    if (m.ready) { status(`engine ready in ${(m.ms / 1000).toFixed(1)} s`); readyResolve({ ms: m.ms }); }
    else { problem(`The engine could not start: ${m.error}. Reload the page; if it goes on, the site's files are damaged: build it again (ftn scorer build).`); readyReject(new Error(m.error)); }
    return;
  }
  const call = waiting.get(m.id);
  waiting.delete(m.id);
  if (call) (m.ok ? call.ok(m.value) : call.no(new Error(m.error)));
};
worker.onerror = (e) => {
  document.body.dataset.engine = "failed";
  problem(`The engine could not start: ${e.message || "its script did not load"}.`);
  readyReject(new Error(e.message));
};

function engine(op, ...args) {
  return ready.then(() => new Promise((ok, no) => {
    const id = ++calls;
    waiting.set(id, { ok, no });
    worker.postMessage({ id, op, args });
  }));
}

// -- storage: games and their journals ---------------------------------------

let dbPromise = null;
function db() {
  dbPromise ??= new Promise((ok, no) => {
    const open = indexedDB.open("ftn-scorer", 1);
    open.onupgradeneeded = () => {
      const d = open.result;
      d.createObjectStore("games", { keyPath: "id" });
      d.createObjectStore("journal", { autoIncrement: true }).createIndex("game", "game");
    };
    open.onsuccess = () => ok(open.result);
    open.onerror = () => no(open.error);
  });
  return dbPromise;
}

async function tx(stores, fn) {
  const d = await db();
  return new Promise((ok, no) => {
    const t = d.transaction(stores, "readwrite");
    let out;
    try { out = fn(t); } catch (e) { t.abort(); no(e); return; }  // all of it or nothing
    t.oncomplete = () => ok(out);
    t.onerror = () => no(t.error);
    t.onabort = () => no(t.error || new Error("the write was abandoned"));
  });
}

async function allGames() {
  const d = await db();
  return new Promise((ok, no) => {
    const r = d.transaction("games").objectStore("games").getAll();
    r.onsuccess = () => ok(r.result.sort((a, b) => b.updated - a.updated));
    r.onerror = () => no(r.error);
  });
}

async function journalLines(id) {
  const d = await db();
  const ops = await new Promise((ok, no) => {
    const r = d.transaction("journal").objectStore("journal").index("game").getAll(id);
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  });
  let lines = [];
  for (const op of ops) lines = op.op === "keep" ? lines.slice(0, op.n) : lines.concat(op.lines);
  return lines;
}

function store(game, ops, extra = {}) {
  Object.assign(game, extra, { updated: Date.now() });
  const record = { id: game.id, name: game.name, title: game.title, known: game.known,
    created: game.created, updated: game.updated, finished: game.finished, summary: game.summary };
  return tx(["games", "journal"], (t) => {
    t.objectStore("games").put(record);
    for (const op of ops) t.objectStore("journal").add({ game: game.id, ...op });
  });
}

function storageError(e) {
  const full = e && (e.name === "QuotaExceededError" || /quota/i.test(String(e.message)));
  return full
    ? "The phone's storage is full: this move is not saved. Free some space (or delete old games), then tap again."
    : `This move could not be saved on the phone (${e && e.message || e}). Tap again; export the record to keep it safe.`;
}

// -- the answers -------------------------------------------------------------

async function open(game) {
  const lines = await journalLines(game.id);
  const { lines: _, ...kept } = game;
  state.game = { ...kept, lines };
  localStorage.setItem("ftn-scorer-current", game.id);
  const reply = await engine("open", lines, game.name);
  await take(reply);
  return reply;
}

async function type(line, deal = true) {
  if (!state.game) throw new Error("no game: set one up first");
  const reply = await engine("type", line);
  await take(reply, deal);
  return reply.answer;
}

// The answer stored, then shown; a hand not entered is typed as unknown
// (Enter) unless ``deal`` is false.
async function take(reply, deal = true) {
  const a = reply.answer, game = state.game;
  const ops = [];
  if (a.kept !== null) ops.push({ op: "keep", n: a.kept });
  for (const s of a.steps) if (s.lines.length) ops.push({ op: "append", lines: s.lines });
  const over = a.asks.kind === "done";
  try {
    if (ops.length || over !== !!game.finished) {
      await store(game, ops, { finished: over, summary: summary(reply.position) });
    }
  } catch (e) {
    const said = storageError(e);
    if (!state.resyncing) {  // the engine back to what is stored
      state.resyncing = true;
      try { await open(game); } catch { /* said below */ } finally { state.resyncing = false; }
    }
    problem(said);
    throw e;
  }
  game.lines = reply.lines;
  problem(null);
  show(reply, a.said);
  if (deal && a.asks.kind === "deal" && !game.known && !a.refused) await type("");
}

function summary(p) {
  return p && p.sides ? p.sides.map((s, i) => `${s} ${p.totals[i]}`).join(", ") : "";
}

// -- drawing -----------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "on") e.addEventListener("click", v);
    else if (k.startsWith("data-")) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) e.append(c);
  return e;
}

function screen(name) {
  document.body.dataset.screen = name;
  for (const id of ["setup", "deal", "opener", "play", "over"]) $(id).hidden = id !== name;
  $("said-box").hidden = name === "setup";
  $("news").hidden = name === "setup";
  const playing = !["setup", "loading"].includes(name);
  $("actions").hidden = !playing;
  $("knock").disabled = name !== "play";
  $("undo").disabled = !playing;
  $("menu").disabled = !playing;
}

function show(reply, said) {
  const a = reply.answer, p = reply.position;
  state.position = p;
  state.asks = a.asks;
  drawBar(p, a.asks);
  const refusal = a.refused ? a.said[a.said.length - 1] : null;
  const words = refusal ? a.said.slice(0, -1) : said;
  $("refused").hidden = !refusal;
  // The heading says "Refused": the recorder's own word before its reason is not said twice.
  const reason = refusal ? refusal.replace(/^refused: /, "") : null;
  $("refused").replaceChildren(...(refusal ? [el("strong", {}, "Refused"), reason] : []));
  if (words.length) {
    state.log.push(...words);
    $("said").replaceChildren(...words.map((w) => el("div", { class: "line" }, w)));
    $("log").replaceChildren(...state.log.slice(-60).reverse().map((w) => el("li", {}, w)));
  }
  const kind = a.asks.kind;
  if (kind === "play") drawPlay(p);
  else if (kind === "deal") drawDeal(a.asks, p);
  else if (kind === "opener") drawOpener(a.asks, p);
  else drawOver(p);
  screen(kind === "done" ? "over" : kind);
}

function drawBar(p, asks) {
  const sides = p && p.sides ? p.sides : [];
  const turnSide = p && p.turn ? sideOf(p, p.turn) : -1;
  const people = (p && p.people) || {};
  const who = (side) => {
    const named = side.split("+").map((seat) => people[seat]).filter(Boolean);
    return named.length ? `${side} ${named.join(" & ")}` : side;
  };
  $("totals").replaceChildren(...sides.map((s, i) => el("div", { class: "side" + (i === turnSide ? " turn" : "") },
    el("span", { class: "name" }, who(s)), el("span", { class: "total", "data-side": s }, String(p.totals[i])))));
  let turn = "";
  if (asks.kind === "play") turn = `${asks.seat} to play`;
  else if (asks.kind === "deal") turn = `Round ${asks.round}: hand of ${asks.seat}`;
  else if (asks.kind === "opener") turn = `Round ${asks.round}: who opens?`;
  else if (asks.kind === "done") turn = "Game over";
  $("turn").replaceChildren(turn, p && p.target && asks.kind !== "done" ? el("span", { class: "of" }, `  · to ${p.target}`) : "");
}

function sideOf(p, seat) {
  const i = p.seats.indexOf(seat);
  return p.sides.length === p.seats.length ? i : i % p.sides.length;
}

function tileButton(t, cls, on) {
  const [a, b] = t.split("-");
  return el("button", { class: "tile " + cls, "data-tile": t, on, "aria-label": t },
    el("span", { class: "half" }, a), el("span", { class: "bar" }), el("span", { class: "half" }, b));
}

function drawPlay(p) {
  $("pick").hidden = true;
  const ends = p.lead ? "The lead: any tile" : `Ends <b>${esc(p.ends_text)}</b> · end total <b>${p.end_total}</b>`;
  const hand = p.unknown ? (p.held > p.unknown ? ` · ${p.turn} holds ${p.held - p.unknown} known, ${p.unknown} unknown` : ` · ${p.turn}'s hand unknown (${p.held})`) : ` · ${p.turn}'s hand`;
  $("ends").innerHTML = `Round ${p.round}, event ${p.event} · ${ends}${esc(hand)}`;
  $("tiles").replaceChildren(...p.tiles.map((t) => tileButton(t.tile, t.fits ? "fits" : "nofit", () => tap(t))));
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

function tap(t) {
  if (t.ends.length < 2) return act(t.tile);
  const p = state.position;
  const [l, r] = p.ends_text.split(" | ");
  $("pick-title").textContent = `${t.tile}: at which end?`;
  $("pick-L").textContent = `Left (${l})`;
  $("pick-R").textContent = `Right (${r})`;
  $("pick-L").onclick = () => act(`${t.tile} L`);
  $("pick-R").onclick = () => act(`${t.tile} R`);
  $("pick").hidden = false;
  $("pick").scrollIntoView({ block: "nearest" });
}

const chosen = new Set();
function drawDeal(asks, p) {
  chosen.clear();
  $("deal-title").textContent = `Round ${asks.round}: the hand of ${asks.seat}`;
  const top = p.max_pip ?? 6, all = [];
  for (let a = 0; a <= top; a++) for (let b = a; b <= top; b++) all.push(`${a}-${b}`);
  const count = () => {
    $("deal-count").textContent = `Tap the tiles of the hand (${chosen.size} of ${p.hand_size}); the rest stay unknown.`;
    $("deal-send").textContent = chosen.size ? `Deal: ${chosen.size} known, ${p.hand_size - chosen.size} unknown` : "Unknown hand";
  };
  $("deal-tiles").replaceChildren(...all.map((t) => {
    const b = tileButton(t, "fits", () => {
      if (chosen.has(t)) chosen.delete(t); else chosen.add(t);
      b.classList.toggle("sel", chosen.has(t));
      count();
    });
    return b;
  }));
  $("deal-send").onclick = () => {
    const tiles = [...chosen];
    while (tiles.length && tiles.length < p.hand_size) tiles.push("?");
    act(tiles.join(" "));
  };
  count();
}

function drawOpener(asks, p) {
  $("opener-title").textContent = `Round ${asks.round}: who opens (the holder of the highest double, V5)?`;
  $("opener-seats").replaceChildren(...asks.choices.map((s) => el("button", { class: "big", "data-seat": s, on: () => act(s) }, s)));
}

function drawOver(p) {
  $("over-title").textContent = `Game over: ${summary(p)}`;
  $("shown").hidden = true;
}

async function act(line) {
  if (state.busy) return;
  state.busy = true;
  document.body.dataset.busy = "1";
  try {
    if (line === "undo") await undo();
    else await type(line);
  } catch (e) {
    if ($("problem").hidden) problem(`Not done: ${e.message}`);
  } finally {
    state.busy = false;
    delete document.body.dataset.busy;
  }
}

// An undo; with hands not entered, the hands typed as unknown for the
// scorer are taken back with the move before them. The last answer.
async function undo() {
  if (!state.game) throw new Error("no game: set one up first");
  if (state.game.known) return type("undo");
  let a = await type("undo", false);
  for (let i = 0; i < 12 && a.asks.kind === "deal" && a.said.some((s) => s.startsWith("undone: deal")); i++) {
    a = await type("undo", false);
  }
  if (a.asks.kind === "deal") await type("");
  return a;
}

// -- set-up ------------------------------------------------------------------

function drawSetup() {
  const s = state.setup, site = state.site;
  $("players").replaceChildren(...[2, 3, 4].map((n) => el("button", { class: n === s.players ? "on" : "", "data-n": n, on: () => { s.players = n; s.first = null; drawSetup(); } }, String(n))));
  const names = site.seats[String(s.players)];
  const seats = $("seats");
  if (seats.querySelectorAll(".seat").length !== names.length) {
    seats.replaceChildren(el("span", { class: "label" }, "Seats clockwise, and who sits there"), ...names.map((n, i) => el("div", { class: "seat" },
      el("input", { id: `seat-${i}`, value: n, autocapitalize: "characters", spellcheck: false, "aria-label": `Seat ${i + 1}` }),
      el("input", { id: `person-${i}`, value: "", placeholder: "player (optional)", "aria-label": `Player at seat ${i + 1}` }))));
  }
  $("presets").replaceChildren(...Object.keys(site.presets).map((p) => el("button", { class: p === s.preset ? "on" : "", "data-preset": p, on: () => { s.preset = p; drawSetup(); } }, p)));
  const preset = site.presets[s.preset];
  $("preset-text").textContent = preset.text;
  $("target").placeholder = preset.target || "";
  $("hand").placeholder = "default (R2.1)";
  $("first-field").hidden = !preset.lot;
  const seatNames = names.map((n, i) => ($(`seat-${i}`) ? $(`seat-${i}`).value.trim() : n) || n);
  $("first").replaceChildren(...seatNames.map((n) => el("button", { class: n === s.first ? "on" : "", "data-seat": n, on: () => { s.first = n; drawSetup(); } }, n)));
}

async function start() {
  const s = state.setup, n = s.players;
  const seats = [...Array(n).keys()].map((i) => $(`seat-${i}`).value.trim());
  const people = [...Array(n).keys()].map((i) => $(`person-${i}`).value.trim());
  const options = [["target", $("target").value.trim()], ["hand", $("hand").value.trim()]]
    .filter(([, v]) => v).map(([k, v]) => `${k}=${v}`).concat([$("options").value.trim()]).join(" ");
  const lot = state.site.presets[s.preset].lot;
  if (lot && !s.first) { problem("Who opens round 1? Tap a seat (it is drawn by lot, R3.1)."); return; }
  const got = await engine("header", { seats, people, preset: s.preset, options, first: s.first || null });
  if (got.error) { problem(got.error); return; }
  const now = new Date();
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, (c) => (c === "T" ? "-" : c === ":" ? "" : "-"));
  const game = { id: `g${now.getTime()}`, name: `game-${stamp}.ftn`, created: now.getTime(),
    title: seats.map((x, i) => (people[i] ? `${x} ${people[i]}` : x)).join(", "),
    known: $("known").checked, finished: false, summary: "" };
  try {
    await store(game, [{ op: "append", lines: got.lines }]);
  } catch (e) { problem(storageError(e)); return; }
  state.log = [];
  localStorage.setItem("ftn-scorer-last-setup", JSON.stringify({ ...s, target: $("target").value, hand: $("hand").value, options: $("options").value, known: $("known").checked }));
  await open(game);
}

async function drawSaved() {
  const games = await allGames().catch(() => []);
  $("saved").replaceChildren(...(games.length ? [el("h2", {}, "Games on this phone")] : []),
    ...games.map((g) => el("button", { "data-game": g.id, on: () => resume(g) },
      `${g.finished ? "Finished" : "Resume"}: ${g.title} — ${g.summary || "not started"} (${new Date(g.updated).toLocaleString()})`)));
}

async function resume(g) {
  state.log = [];
  try { await open(g); } catch (e) { problem(`That game could not be opened: ${e.message}`); }
}

function newGame() {
  state.game = null;
  localStorage.removeItem("ftn-scorer-current");
  $("said").replaceChildren();
  $("log").replaceChildren();
  $("refused").hidden = true;
  $("totals").replaceChildren();
  $("turn").replaceChildren();
  drawSetup();
  drawSaved();
  screen("setup");
}

// -- out of the phone ---------------------------------------------------------

async function recordText() {
  const g = state.game;
  if (!g) throw new Error("no game open");
  const text = g.lines.join("\n") + "\n";
  return (await engine("fmt", text, g.name)).text;
}

async function download() {
  const text = await recordText();
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: state.game.name });
  document.body.append(a);
  a.click();
  a.remove();
}

async function share() {
  const text = await recordText();
  const file = new File([text], state.game.name, { type: "text/plain" });
  if (navigator.canShare && navigator.canShare({ files: [file] })) await navigator.share({ files: [file], title: state.game.name });
  else if (navigator.share) await navigator.share({ title: state.game.name, text });
  else problem("This browser has no share sheet: use Download or Copy.");
}

async function copy() {
  const text = await recordText();
  try { await navigator.clipboard.writeText(text); status("the record is copied"); }
  catch (e) { problem(`Could not copy (${e.message}): use Download.`); }
}

async function view() {
  const g = state.game;
  const html = await engine("page", g.lines.join("\n") + "\n", g.name);
  const frame = $("shown");
  if (frame.src.startsWith("blob:")) URL.revokeObjectURL(frame.src);
  frame.src = URL.createObjectURL(new Blob([html], { type: "text/html" }));  // its own address: the page keeps its place in it
  frame.hidden = false;
}

// -- messages ----------------------------------------------------------------

function problem(text) {
  $("problem").textContent = text || "";
  $("problem").hidden = !text;
}

let statusTimer = 0;
function status(text) {
  $("status").textContent = text;
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => { $("status").textContent = ""; }, 5000);
}

function guard(fn) {
  return () => Promise.resolve().then(fn).catch((e) => problem(`Not done: ${e.message}`));
}

// -- start -------------------------------------------------------------------

function wire() {
  $("start").onclick = guard(start);
  $("knock").onclick = () => act("knock");
  $("undo").onclick = () => act("undo");
  $("pick-cancel").onclick = () => { $("pick").hidden = true; };
  const more = (on) => { $("more").hidden = !on; $("menu").setAttribute("aria-expanded", String(on)); };
  $("menu").onclick = () => more($("more").hidden);
  $("more-cancel").onclick = () => more(false);
  $("close").onclick = () => { more(false); if (confirm("End the game here, unfinished (winner none)?")) act("close"); };
  $("export").onclick = guard(() => { more(false); return download(); });
  $("games").onclick = () => { more(false); newGame(); };
  $("download").onclick = guard(download);
  $("share").onclick = guard(share);
  $("copy").onclick = guard(copy);
  $("view").onclick = guard(view);
  $("new").onclick = newGame;
  $("seats").addEventListener("input", () => drawSetup());  // the opener's buttons follow the seats' names
}

async function boot() {
  wire();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("./sw.js").catch((e) => status(`offline copy not made: ${e.message}`));
  }
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  try {
    const inline = document.getElementById("site-data");  // written in by the build
    state.site = inline ? JSON.parse(inline.textContent) : await (await fetch("./site.json")).json();
  } catch (e) {
    problem(`The app's files did not load (${e.message}): reload with the network on once.`);
    return;
  }
  const last = JSON.parse(localStorage.getItem("ftn-scorer-last-setup") || "null");
  if (last) {
    Object.assign(state.setup, { players: last.players, preset: last.preset, first: null });
    $("target").value = last.target || ""; $("hand").value = last.hand || ""; $("options").value = last.options || "";
    $("known").checked = !!last.known;
  }
  const current = localStorage.getItem("ftn-scorer-current");
  if (!current) {  // no game to resume: the set-up at once
    newGame();
    document.body.dataset.firstScreen = String(Math.round(performance.now()));
    return;
  }
  const games = await allGames().catch((e) => { problem(`The games on this phone cannot be read (${e.message}).`); return []; });
  const game = games.find((g) => g.id === current && !g.finished);
  if (game) {
    screen("loading");
    status("starting the engine…");
    await resume(game);
    return;
  }
  newGame();
  document.body.dataset.firstScreen = String(Math.round(performance.now()));
}

window.ftnScorer = {
  ready,
  type: (line) => type(line),
  undo: () => undo(),
  record: () => recordText(),
};

boot();
