// The page: a game, its board, the controls, analysis and records. It knows no rules: the
// legal moves, the position after each move, the result and the ruleset's description all
// come from the engine, asked over the protocol (`legal`, `d`, `result`, `rules`).

import { Engine } from "./engine.js";
import { Board, sideFill } from "./board.js";
import * as N from "./notation.js";

const $ = (id) => document.getElementById(id);

const state = {
  engines: [],
  engine: null,
  engineIndex: 0,
  engineName: "",
  variants: [],
  game: null,
  cursor: 0,
  view: null,
  selected: null, // {prefix: [squares], tokens: [...]} while a piece is chosen
  pendingSearches: [], // one entry per `go` sent, in order: {purpose, stale, lastInfo}
  analysing: false,
  analysis: [],
  flipped: false,
  clock: null, // {left: [ms, ms], inc, running: colour index | null, since}
  gamesStarted: 0,
  busy: 0, // actions under way (each click or engine answer is one)
};

// Clicks on the board are handled one after the other: a quick second click (the
// destination) waits until the first (the piece) has its legal moves from the engine.
let clicks = Promise.resolve();
const board = new Board($("board"), (sq) => {
  state.busy++;
  clicks = clicks.then(() => guard(() => onSquare(sq))).finally(() => state.busy--);
});

// ---------------------------------------------------------------- engine ----------------

async function startEngine() {
  const engine = new Engine(state.engineIndex, {
    onSearchLine: (line) => onSearchLine(engine, line),
    onExit: (message) => onEngineExit(engine, message),
  });
  state.engine = engine;
  state.pendingSearches = [];
  state.analysing = false;
  $("engine-trouble").hidden = true;
  const lines = await engine.start();
  const id = lines.find((l) => l.startsWith("id name "));
  state.engineName = id ? id.slice(8) : "engine";
  const command = state.engines[state.engineIndex]?.command || "";
  $("engine-name").textContent = `engine: ${state.engineName} (${shortCommand(command)})`;
  $("engine-name").title = command;
  const v = (await engine.query("variants")).find((l) => l.startsWith("variants"));
  state.variants = v ? v.split(/\s+/).slice(1) : [];
  fillVariants();
}

function onEngineExit(engine, message) {
  if (engine !== state.engine) return;
  stopClock();
  state.pendingSearches = [];
  state.analysing = false;
  $("engine-trouble-text").textContent = `The engine stopped: ${message}. The game is kept.`;
  $("engine-trouble").hidden = false;
}

async function restartEngine() {
  if (state.engine) state.engine.close();
  await startEngine();
  if (state.game) {
    await configureEngine(state.game);
    await refresh();
    afterMove();
  }
}

/** Tells the engine the game's ruleset; returns the start position string. */
async function configureEngine(game) {
  const e = state.engine;
  const answer = await e.query(`setoption name UCI_Variant value ${game.variant}`);
  failOnError(answer);
  const announce = answer.find((l) => l.startsWith("info string variant "));
  if (announce) {
    const m = / pieces (\d+)-(\d+) /.exec(announce);
    game.piecesRange = m ? [Number(m[1]), Number(m[2])] : null;
  }
  if (game.pieces && game.piecesRange) {
    failOnError(await e.query(`setoption name Pieces value ${game.pieces}`));
  }
  await e.query("ucinewgame");
  const rules = await e.query("rules");
  game.rules = rules.filter((l) => l.startsWith("info string ")).map((l) => l.slice(12));
  const d = N.parseDisplay(await e.query("d"));
  game.colours = d.colours || ["white", "black"];
  game.startFen = d.fen;
  return d.fen;
}

function failOnError(lines) {
  const err = lines.find((l) => l.startsWith("info string error"));
  if (err) throw new Error(err.replace(/^info string error:\s*/, ""));
}

/** The `position` command for the game after `n` of its moves, and then `extra`. */
function positionCommand(n, extra = []) {
  const g = state.game;
  const moves = g.moves.slice(0, n).concat(extra);
  const start = g.start === "startpos" ? "startpos" : `fen ${g.start}`;
  return `position ${start}` + (moves.length ? ` moves ${moves.join(" ")}` : "");
}

/** Asks the engine for everything about the position shown. */
async function refresh() {
  const e = state.engine;
  const setAnswer = await e.query(positionCommand(state.cursor));
  failOnError(setAnswer);
  const d = N.parseDisplay(await e.query("d"));
  const legalLine = (await e.query("legal")).find((l) => l.startsWith("legal")) || "legal";
  const resultLine = (await e.query("result")).find((l) => l.startsWith("result"));
  const pos = N.parseFen(d.fen);
  state.view = {
    d,
    pos,
    legal: legalLine.split(/\s+/).slice(1),
    result: N.parseResult(resultLine),
    sideIndex: state.game.colours.indexOf(d.side),
  };
  render();
}

// ---------------------------------------------------------------- moves ----------------

function humanToMove() {
  const v = state.view;
  return v && !v.result && !state.game.result && state.game.players[v.sideIndex] === "human";
}

async function onSquare(name) {
  const v = state.view;
  if (!v || !state.game) return;
  if (v.result || state.game.result) return say("The game is over.");
  if (!humanToMove()) return say(`It is the engine's turn (${v.d.side}).`);
  const sel = state.selected;
  if (sel) {
    const prefix = [...sel.prefix, name];
    const cont = sel.tokens.filter((t) => startsWith(t, prefix));
    if (cont.length) {
      const exact = cont.find((t) => N.parseToken(t).squares.length === prefix.length);
      const longer = cont.some((t) => N.parseToken(t).squares.length > prefix.length);
      if (exact && !longer) return play(exact);
      state.selected = { prefix, tokens: sel.tokens };
      render();
      offerChoices(exact ? [{ label: `End the move on ${name}`, token: exact }] : []);
      return say(exact ? "Hop on, or end the move here (click the square again)." : "Hop on.");
    }
    const lastLanding = sel.prefix[sel.prefix.length - 1];
    if (name === lastLanding) {
      const exact = sel.tokens.find(
        (t) => startsWith(t, sel.prefix) && N.parseToken(t).squares.length === sel.prefix.length,
      );
      if (exact && sel.prefix.length > 1) return play(exact);
      state.selected = null;
      offerChoices([]);
      render();
      return say("");
    }
    state.selected = null;
    offerChoices([]);
    if (sel.prefix.length > 1) {
      render();
      return explain(sel.prefix.concat(name).join(""));
    }
    const piece = N.pieceAt(v.pos, name);
    if (!piece || piece.colour !== v.sideIndex) {
      render();
      return explain(sel.prefix[0] + name);
    }
  }
  const answer = await state.engine.query(`legal ${name}`);
  const line = answer.find((l) => l.startsWith("legal")) || "legal";
  const tokens = line.split(/\s+/).slice(1);
  if (tokens.includes(`x${name}`)) return play(`x${name}`);
  const places = tokens.filter((t) => t.includes("@"));
  if (places.length === 1) return play(places[0]);
  if (places.length > 1) {
    offerChoices(
      places.map((t) => ({ label: t.startsWith("K@") ? "a leader" : "a man", token: t })),
    );
    return say(`Place which piece on ${name}?`);
  }
  const moves = tokens.filter((t) => N.parseToken(t).kind === "go");
  if (moves.length) {
    state.selected = { prefix: [name], tokens: moves };
    offerChoices([]);
    render();
    return say("");
  }
  const piece = N.pieceAt(v.pos, name);
  if (piece && piece.colour === v.sideIndex) return say(`The piece on ${name} has no legal move.`);
  if (v.legal.some((t) => t.includes("@"))) return explain(`@${name}`);
  if (v.legal.some((t) => t.startsWith("x"))) return explain(`x${name}`);
  return say(piece ? `That is a piece of ${state.game.colours[piece.colour]}.` : `Nothing to play on ${name}.`);
}

/** Whether a move token starts with these squares. */
function startsWith(token, squares) {
  const s = N.parseToken(token).squares || [];
  return squares.every((q, i) => s[i] === q);
}

/** Asks the engine why `token` is not legal here, and shows its words. */
async function explain(token) {
  const answer = await state.engine.query(positionCommand(state.cursor, [token]));
  const err = answer.find((l) => l.startsWith("info string error"));
  if (err) {
    say(err.replace(/^info string error:\s*(position unchanged:\s*)?/, "").replace(/^move \d+ of the list: /, ""));
    return;
  }
  // The engine took it: it was legal after all.
  return play(token);
}

function offerChoices(choices) {
  const box = $("choices");
  box.replaceChildren();
  box.hidden = choices.length === 0;
  for (const c of choices) {
    const b = document.createElement("button");
    b.textContent = c.label;
    b.dataset.token = c.token;
    b.addEventListener("click", () => guard(() => play(c.token)));
    box.appendChild(b);
  }
}

/** Plays `token` from the position shown (dropping any later moves). */
async function play(token, note = null, message = "") {
  const g = state.game;
  const answer = await state.engine.query(positionCommand(state.cursor, [token]));
  const err = answer.find((l) => l.startsWith("info string error"));
  if (err) {
    say(err.replace(/^info string error:\s*/, ""));
    return;
  }
  const mover = state.view ? state.view.sideIndex : 0;
  g.moves = g.moves.slice(0, state.cursor);
  g.notes = g.notes.slice(0, state.cursor);
  g.movers = g.movers.slice(0, state.cursor);
  g.result = null;
  g.moves.push(token);
  g.notes.push(note);
  g.movers.push(mover);
  state.cursor = g.moves.length;
  state.selected = null;
  offerChoices([]);
  say(message);
  chargeClock(mover);
  await refresh();
  afterMove();
}

/** What happens after the position changed at the end of the game. */
function afterMove() {
  const v = state.view;
  const g = state.game;
  if (!v || !g || state.cursor !== g.moves.length) return;
  if (v.result) return finish(v.result);
  if (g.result) return;
  startClock(v.sideIndex);
  if (state.analysing) startAnalysis();
  if (g.players[v.sideIndex] === "engine") return engineMove();
  if (v.legal.length === 1 && v.legal[0] === "0000") {
    const message = `${capital(v.d.side)} has no legal move and passes.`;
    say(message);
    setTimeout(() => guard(() => play("0000", null, message)), 700);
  }
}

function goCommand() {
  const g = state.game;
  let go = g.level.kind === "depth" ? `go depth ${g.level.value}` : `go movetime ${g.level.value}`;
  if (state.clock) {
    const [w, b] = state.clock.left.map((ms) => Math.max(1, Math.round(ms)));
    const inc = state.clock.inc;
    go = `go wtime ${w} btime ${b} winc ${inc} binc ${inc}`;
    if (g.level.kind === "depth") go += ` depth ${g.level.value}`;
  }
  return go;
}

function engineMove() {
  stopSearches();
  const e = state.engine;
  e.send(positionCommand(state.cursor));
  state.pendingSearches.push({ purpose: "play", cursor: state.cursor, game: state.game });
  e.send(goCommand());
  say(`${capital(state.view.d.side)} is thinking...`);
}

/** Marks every running search as stale (its bestmove will be ignored) and stops it. */
function stopSearches() {
  if (state.pendingSearches.some((s) => !s.stale)) {
    for (const s of state.pendingSearches) s.stale = true;
    state.engine.send("stop");
  }
}

function onSearchLine(engine, line) {
  if (engine !== state.engine) return;
  const search = state.pendingSearches[0];
  if (line.startsWith("bestmove")) {
    state.pendingSearches.shift();
    if (!search || search.stale || search.purpose !== "play") return;
    if (search.game !== state.game || search.cursor !== state.cursor) return;
    const token = line.split(/\s+/)[1];
    if (!token || token === "(none)") return say("The engine found no move.");
    const info = search.lastInfo;
    const note = info ? `${noteScore(info.score)} ${info.time ?? 0}ms`.trim() : null;
    guard(() => play(token, note));
    return;
  }
  const info = N.parseInfo(line);
  if (!info || !search || search.stale) return;
  if (search.purpose === "play" && info.multipv === 1) search.lastInfo = info;
  if (search.purpose === "analyse") {
    state.analysis[info.multipv - 1] = info;
    state.analysis.length = Math.min(state.analysis.length, Number($("multipv").value));
    renderAnalysis();
  }
}

function noteScore(score) {
  if (!score) return "";
  if (score.mate !== undefined) return `#${score.mate}`;
  return (score.cp >= 0 ? "+" : "") + score.cp;
}

// ---------------------------------------------------------------- analysis ----------------

function startAnalysis() {
  if (!state.view) return;
  stopSearches();
  const e = state.engine;
  state.analysing = true;
  state.analysis = [];
  e.send(`setoption name MultiPV value ${$("multipv").value}`);
  e.send(positionCommand(state.cursor));
  state.pendingSearches.push({ purpose: "analyse" });
  e.send("go infinite");
  renderAnalysis();
}

function stopAnalysis() {
  state.analysing = false;
  if (state.pendingSearches.some((s) => s.purpose === "analyse" && !s.stale)) {
    for (const s of state.pendingSearches) if (s.purpose === "analyse") s.stale = true;
    state.engine.send("stop");
  }
  renderAnalysis();
  render();
}

function renderAnalysis() {
  const body = $("analysis-lines").querySelector("tbody");
  body.replaceChildren();
  state.analysis.forEach((info, i) => {
    if (!info) return;
    const tr = document.createElement("tr");
    tr.className = "pv-line";
    const cells = [
      String(i + 1),
      N.scoreText(info.score),
      `${info.depth ?? ""}/${info.seldepth ?? ""}`,
      String(info.nodes ?? ""),
      info.nps ? `${Math.round(info.nps / 1000)} kn/s` : "",
      info.pv.join(" "),
    ];
    cells.forEach((c, k) => {
      const td = document.createElement("td");
      td.textContent = c;
      if (k === 5) td.className = "line";
      tr.appendChild(td);
    });
    body.appendChild(tr);
  });
  const bar = $("eval-bar");
  const best = state.analysis[0];
  bar.hidden = !state.analysing && !best;
  if (best && state.view) {
    // The bar shows White's share: a man ahead is about 62%.
    let s = best.score.mate !== undefined ? Math.sign(best.score.mate) * 2000 : best.score.cp;
    if (state.view.sideIndex === 1) s = -s;
    const share = 1 / (1 + Math.exp(-s / 200));
    $("eval-fill").style.height = `${(share * 100).toFixed(1)}%`;
  }
  if (state.analysing) render();
}

// ---------------------------------------------------------------- clocks ----------------

function startClock(side) {
  const c = state.clock;
  if (!c) return;
  c.running = side;
  c.since = performance.now();
}

function stopClock() {
  const c = state.clock;
  if (c && c.running !== null) {
    c.left[c.running] -= performance.now() - c.since;
    c.running = null;
  }
}

/** After a move by `mover`: its time is spent, its increment added. */
function chargeClock(mover) {
  const c = state.clock;
  if (!c || c.running === null) return;
  stopClock();
  c.left[mover] += c.inc;
}

function tickClock() {
  const c = state.clock;
  $("clocks").hidden = !c;
  if (!c || !state.game) return;
  for (const side of [0, 1]) {
    let left = c.left[side];
    if (c.running === side) left -= performance.now() - c.since;
    const el = $(`clock-${side}`);
    const s = Math.max(0, left) / 1000;
    el.textContent = `${state.game.colours[side]} ${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
    el.className = c.running === side ? "running" : "";
    if (left <= 0 && c.running === side && !state.game.result) {
      stopClock();
      stopSearches();
      const other = state.game.colours[1 - side];
      finish({ winner: other, reason: `${state.game.colours[side]} ran out of time (time forfeit)` });
    }
  }
}

// ---------------------------------------------------------------- the game ----------------

async function newGame(settings) {
  if (state.engine) stopSearches();
  state.analysing = false;
  state.analysis = [];
  const game = {
    variant: settings.variant,
    pieces: settings.pieces || null,
    start: settings.start || "startpos",
    moves: settings.moves || [],
    notes: (settings.moves || []).map(() => null),
    movers: [],
    result: null,
    players: settings.players,
    level: settings.level,
    tallied: false,
  };
  await configureEngine(game);
  if (game.start !== "startpos") {
    failOnError(await state.engine.query(`position fen ${game.start}`));
  }
  if (game.moves.length) {
    failOnError(await state.engine.query(`position ${game.start === "startpos" ? "startpos" : `fen ${game.start}`} moves ${game.moves.join(" ")}`));
  }
  state.game = game;
  // Who made each move of a loaded game: the side to act before it, as the engine says.
  for (let i = 0; i < game.moves.length; i++) {
    await state.engine.query(positionCommand(i));
    const d = N.parseDisplay(await state.engine.query("d"));
    game.movers.push(game.colours.indexOf(d.side));
  }
  state.cursor = game.moves.length;
  state.selected = null;
  state.clock = settings.clock
    ? { left: [settings.clock.base, settings.clock.base], inc: settings.clock.inc, running: null, since: 0 }
    : null;
  $("result").textContent = "";
  renderRules();
  renderTally();
  await refresh();
  state.gamesStarted++;
  document.body.dataset.games = state.gamesStarted;
  afterMove();
}

function finish(result) {
  const g = state.game;
  stopClock();
  g.result = result;
  const text = result.winner === "draw" ? `Draw: ${result.reason}` : `${capital(result.winner)} wins: ${result.reason}`;
  $("result").textContent = text;
  say("");
  if (!g.tallied) {
    g.tallied = true;
    const humans = [0, 1].filter((c) => g.players[c] === "human");
    if (humans.length === 1) {
      const me = g.colours[humans[0]];
      const t = loadTally(g.variant);
      if (result.winner === "draw") t.draws++;
      else if (result.winner === me) t.wins++;
      else t.losses++;
      localStorage.setItem(`latrunculi.tally.${g.variant}`, JSON.stringify(t));
    }
  }
  renderTally();
  render();
}

function loadTally(variant) {
  try {
    return { wins: 0, draws: 0, losses: 0, ...JSON.parse(localStorage.getItem(`latrunculi.tally.${variant}`) || "{}") };
  } catch {
    return { wins: 0, draws: 0, losses: 0 };
  }
}

async function takeBack() {
  const g = state.game;
  if (!g || g.moves.length === 0) return;
  stopSearches();
  g.result = null;
  $("result").textContent = "";
  g.moves = g.moves.slice(0, state.cursor);
  g.notes = g.notes.slice(0, state.cursor);
  g.movers = g.movers.slice(0, state.cursor);
  const hasHuman = g.players.includes("human");
  do {
    g.moves.pop();
    g.notes.pop();
    g.movers.pop();
    state.cursor = g.moves.length;
    await refresh();
  } while (hasHuman && g.moves.length > 0 && g.players[state.view.sideIndex] !== "human");
  startClock(state.view.sideIndex);
  say("Move taken back.");
  if (!hasHuman) afterMove();
}

async function goTo(n) {
  const g = state.game;
  if (!g) return;
  n = Math.max(0, Math.min(g.moves.length, n));
  if (n !== g.moves.length) stopSearches();
  state.cursor = n;
  state.selected = null;
  offerChoices([]);
  await refresh();
  if (state.analysing) startAnalysis();
  if (n === g.moves.length) afterMove();
}

// ---------------------------------------------------------------- records ----------------

function resultCode(result) {
  if (!result) return "*";
  if (result.winner === "draw") return "1/2-1/2";
  return result.winner === state.game.colours[0] ? "1-0" : "0-1";
}

/** The game in the match runner's record format (see `latrunculi replay`). */
function recordText() {
  const g = state.game;
  const name = (c) => (g.players[c] === "human" ? "Human" : state.engineName);
  const result = g.result || (state.cursor === g.moves.length && state.view.result) || null;
  // PGN's seven tag roster first, then ours (as the match runner writes them).
  const tags = [
    ["Event", `latrunculi gui, ${g.variant}`],
    ["Site", "?"],
    ["Date", new Date().toISOString().slice(0, 10).replaceAll("-", ".")],
    ["Round", "-"],
    ["White", name(0)],
    ["Black", name(1)],
    ["Result", resultCode(result)],
    ["Variant", g.variant],
  ];
  if (g.pieces && g.piecesRange) tags.push(["Pieces", String(g.pieces)]);
  if (g.start !== "startpos") tags.push(["FEN", g.start]);
  if (result) tags.push(["Termination", result.reason]);
  tags.push(["PlyCount", String(g.moves.length)]);
  const words = [];
  g.moves.forEach((m, i) => {
    words.push(m);
    if (g.notes[i]) words.push(`{${g.notes[i]}}`);
  });
  words.push(resultCode(result));
  const lines = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + w.length + 1 > 79) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return tags.map(([k, v]) => `[${k} "${v.replaceAll('"', "'")}"]`).join("\n") + "\n\n" + lines.join("\n") + "\n";
}

function download() {
  if (!state.game) return;
  const blob = new Blob([recordText()], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${state.game.variant}-${new Date().toISOString().slice(0, 19).replaceAll(":", "")}.pgn`;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Loads a record, a position string, or move tokens from the start, then shows its end. */
async function load(text) {
  text = text.trim();
  if (!text) return say("Paste a record, a position string or move tokens first.");
  const settings = readSettings();
  if (text.includes("[")) {
    const tags = Object.fromEntries([...text.matchAll(/\[(\w+)\s+"([^"]*)"\]/g)].map((m) => [m[1], m[2]]));
    const body = text.replace(/\[[^\]]*\]/g, " ").replace(/\{[^}]*\}/g, " ");
    const tokens = body.split(/\s+/).filter((t) => t && !["1-0", "0-1", "1/2-1/2", "*"].includes(t));
    if (tags.Variant) settings.variant = tags.Variant;
    settings.pieces = tags.Pieces ? Number(tags.Pieces) : null;
    settings.start = tags.FEN || "startpos";
    settings.moves = tokens;
    settings.players = ["human", "human"];
  } else if (text.includes("/")) {
    settings.start = text;
    settings.moves = [];
  } else {
    settings.moves = text.split(/\s+/);
  }
  settings.clock = null;
  await newGame(settings);
  $("variant").value = state.game.variant;
  say(`Loaded: ${state.game.moves.length} moves.`);
}

// ---------------------------------------------------------------- drawing ----------------

function render() {
  const v = state.view;
  const g = state.game;
  if (!v || !g) return;
  board.flipped = state.flipped;
  const marks = { colours: g.colours, removed: v.d.removed };
  if (v.d.lastMove && state.cursor > 0) {
    const t = N.parseToken(v.d.lastMove);
    marks.lastMove = t.kind === "go" ? t.squares : t.kind === "place" ? [t.to] : [];
  }
  if (state.selected) {
    marks.selected = state.selected.prefix[state.selected.prefix.length - 1];
    const n = state.selected.prefix.length;
    marks.targets = state.selected.tokens
      .filter((t) => startsWith(t, state.selected.prefix))
      .map((t) => N.parseToken(t).squares[n])
      .filter(Boolean);
    marks.lastMove = state.selected.prefix;
  }
  if (humanToMove()) {
    marks.removable = v.legal.filter((t) => t.startsWith("x")).map((t) => t.slice(1));
  }
  // The best line previewed: its first three plies as arrows (fainter as they go on), and
  // the squares of its first placement or removal.
  const best = state.analysing && state.analysis[0];
  if (best && best.pv.length) {
    marks.arrows = [];
    best.pv.slice(0, 3).forEach((token, ply) => {
      const t = N.parseToken(token);
      if (t.kind === "go") {
        for (let i = 1; i < t.squares.length; i++) marks.arrows.push([t.squares[i - 1], t.squares[i], ply]);
      } else if (ply === 0 && (t.kind === "place" || t.kind === "remove")) {
        marks.targets = [...(marks.targets || []), t.to || t.at];
      }
    });
  }
  board.draw(v.pos, marks);
  renderSides();
  renderStatus();
  renderMoves();
}

function renderSides() {
  const v = state.view;
  const g = state.game;
  const start = N.parseFen(g.startFen);
  const startOnBoard = N.countOnBoard(start);
  const onBoard = N.countOnBoard(v.pos);
  for (const c of [0, 1]) {
    const el = $(`side-${c}`);
    const initial = startOnBoard[c] + start.hands[c].men + start.hands[c].leaders;
    const inHand = v.pos.hands[c].men + v.pos.hands[c].leaders;
    const left = onBoard[c] + inHand;
    const who = g.players[c] === "human" ? "you" : "the engine";
    let text = `${capital(g.colours[c])} (${who}): ${left}/${initial} pieces`;
    if (inHand) {
      const parts = [];
      if (v.pos.hands[c].men) parts.push(`${v.pos.hands[c].men} men`);
      if (v.pos.hands[c].leaders) parts.push(`${v.pos.hands[c].leaders} leader`);
      text += `, in hand: ${parts.join(", ")}`;
    }
    if (initial - left) text += `, lost ${initial - left}`;
    el.replaceChildren();
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.style.background = sideFill(g.colours[c]);
    el.appendChild(dot);
    el.appendChild(document.createTextNode(text));
    el.classList.toggle("to-move", v.sideIndex === c && !v.result);
  }
  // The side at the bottom of the board is drawn below it.
  const bottom = state.flipped ? 1 : 0;
  const area = $("play-area");
  area.insertBefore($(`side-${1 - bottom}`), $("board-wrap"));
  $("board-wrap").after($(`side-${bottom}`));
}

function renderStatus() {
  const v = state.view;
  const d = v.d;
  let text;
  if (v.result) {
    text = v.result.winner === "draw" ? `Draw: ${v.result.reason}` : `${capital(v.result.winner)} wins: ${v.result.reason}`;
  } else {
    text = `${capital(d.side)} to play (${d.phase})`;
    if (d.turnGoesOn) text += `. Turn goes on: ${d.turnGoesOn}`;
  }
  if (d.quietLimit) text += ` · quiet plies ${d.quiet}/${d.quietLimit}`;
  else text += ` · ply ${d.ply}`;
  $("status").textContent = text;
}

function renderMoves() {
  const g = state.game;
  const list = $("moves");
  list.replaceChildren();
  g.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.dataset.index = i + 1;
    const dot = document.createElement("span");
    dot.className = "dot";
    if (g.movers[i] !== undefined) dot.style.background = sideFill(g.colours[g.movers[i]]);
    li.appendChild(dot);
    li.appendChild(document.createTextNode(m + (g.notes[i] ? ` (${g.notes[i]})` : "")));
    if (i + 1 === state.cursor) li.classList.add("current");
    li.addEventListener("click", () => guard(() => goTo(i + 1)));
    list.appendChild(li);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function renderRules() {
  const ul = $("rules-text");
  ul.replaceChildren();
  for (const line of state.game.rules) {
    const li = document.createElement("li");
    li.textContent = line;
    ul.appendChild(li);
  }
}

function renderTally() {
  const g = state.game;
  const t = loadTally(g.variant);
  $("tally").textContent = `${g.variant}: you won ${t.wins}, drew ${t.draws}, lost ${t.losses}`;
}

/** A command with its program's directory left out (the full command is in the tooltip). */
function shortCommand(command) {
  const [program, ...args] = command.split(" ");
  return [program.split(/[\\/]/).pop(), ...args].join(" ");
}

function say(text) {
  $("message").textContent = text;
}

function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Runs an action and shows its failure instead of losing it. */
async function guard(action) {
  state.busy++;
  document.body.dataset.busy = "true";
  try {
    await action();
  } catch (e) {
    say(e.message || String(e));
  } finally {
    state.busy--;
    if (state.busy === 0) delete document.body.dataset.busy;
  }
}

// ---------------------------------------------------------------- controls ----------------

function fillVariants() {
  const select = $("variant");
  const keep = select.value || "little-soldiers";
  select.replaceChildren();
  for (const v of state.variants) {
    const o = document.createElement("option");
    o.value = o.textContent = v;
    select.appendChild(o);
  }
  select.value = state.variants.includes(keep) ? keep : state.variants[0];
}

function readSettings() {
  const minutes = Number($("tc-minutes").value) || 0;
  const piecesInput = $("pieces");
  return {
    variant: $("variant").value,
    pieces: !$("pieces-row").hidden && piecesInput.value ? Number(piecesInput.value) : null,
    players: [$("player-0").value, $("player-1").value],
    level: { kind: $("level-kind").value, value: Math.max(1, Number($("level-value").value) || 1) },
    clock: minutes > 0 ? { base: minutes * 60000, inc: (Number($("tc-increment").value) || 0) * 1000 } : null,
  };
}

/** Shows the pieces choice (and the side names) for the ruleset picked in the form. */
async function onVariantPicked() {
  const e = state.engine;
  const answer = await e.query(`setoption name UCI_Variant value ${$("variant").value}`);
  const announce = answer.find((l) => l.startsWith("info string variant ")) || "";
  const m = / pieces (\d+)-(\d+) /.exec(announce);
  $("pieces-row").hidden = !m;
  if (m) {
    $("pieces").min = m[1];
    $("pieces").max = m[2];
    if (!$("pieces").value) $("pieces").value = m[1];
  }
  const d = N.parseDisplay(await e.query("d"));
  const colours = d.colours || ["white", "black"];
  $("name-0").textContent = capital(colours[0]);
  $("name-1").textContent = capital(colours[1]);
  // Put the engine back on the game shown.
  if (state.game) {
    await configureEngine(state.game);
    await refresh();
  }
}

function wire() {
  $("new-game").addEventListener("submit", (ev) => {
    ev.preventDefault();
    guard(() => newGame(readSettings()));
  });
  $("variant").addEventListener("change", () => guard(onVariantPicked));
  $("token-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const token = $("token-input").value.trim();
    if (!token) return;
    $("token-input").value = "";
    guard(async () => {
      if (!humanToMove()) return say("It is not your move.");
      await play(token);
    });
  });
  $("nav-first").addEventListener("click", () => guard(() => goTo(0)));
  $("nav-prev").addEventListener("click", () => guard(() => goTo(state.cursor - 1)));
  $("nav-next").addEventListener("click", () => guard(() => goTo(state.cursor + 1)));
  $("nav-last").addEventListener("click", () => guard(() => goTo(state.game.moves.length)));
  $("take-back").addEventListener("click", () => guard(takeBack));
  $("flip").addEventListener("click", () => {
    state.flipped = !state.flipped;
    render();
  });
  $("analyse-start").addEventListener("click", () => guard(async () => startAnalysis()));
  $("analyse-stop").addEventListener("click", () => guard(async () => stopAnalysis()));
  $("multipv").addEventListener("change", () => {
    if (state.analysing) startAnalysis();
  });
  $("download").addEventListener("click", download);
  $("load").addEventListener("click", () => guard(() => load($("load-text").value)));
  $("restart-engine").addEventListener("click", () => guard(restartEngine));
  $("engine-choice").addEventListener("change", () => {
    state.engineIndex = Number($("engine-choice").value);
    guard(restartEngine);
  });
  setInterval(tickClock, 200);
}

async function main() {
  wire();
  const res = await fetch("/api/engines");
  state.engines = await res.json();
  for (const e of state.engines) {
    const o = document.createElement("option");
    o.value = e.index;
    o.textContent = shortCommand(e.command);
    o.title = e.command;
    $("engine-choice").appendChild(o);
  }
  await startEngine();
  const params = new URLSearchParams(location.search);
  const variant = params.get("variant") || "little-soldiers";
  if (state.variants.includes(variant)) $("variant").value = variant;
  await onVariantPicked();
  await newGame(readSettings());
  document.body.dataset.ready = "true";
}

// For the browser tests and the curious: the page's state, read-only by convention.
window.latrunculi = { state, recordText };

guard(main);
