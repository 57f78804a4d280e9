// The page: a game, its board, the controls, analysis and records. It knows no rules: the
// legal moves, the position after each move, the result and the ruleset's description all
// come from the engine, asked over the protocol (`legal`, `d`, `result`, `rules`).
//
// One rule keeps a game from ever being stuck: after anything changes, `syncSearch` works
// out the one search the page wants (the engine's move, the analysis, or none) and makes
// the engine run exactly that one.

import { Engine } from "./engine.js";
import { Board } from "./board.js";
import { Clock } from "./clock.js";
import { Searches } from "./searches.js";
import { recordText, parseLoad } from "./record.js";
import * as N from "./notation.js";
import * as V from "./view.js";
import { boardClicks } from "./clicks.js";

const $ = (id) => document.getElementById(id);
const say = V.say;

const state = {
  engines: [],
  engine: null,
  engineIndex: 0,
  engineName: "",
  defaultVariant: null, // the engine's own default ruleset
  variants: [],
  searches: new Searches(() => {}),
  game: null,
  cursor: 0,
  view: null,
  sideAtEnd: 0, // the side to act in the game's last position
  selected: null, // {prefix: [squares], tokens: [...]} while a piece is chosen
  analysing: false,
  analysis: [],
  flipped: false,
  clock: null,
  gamesStarted: 0,
  busy: 0, // actions under way (each click or engine answer is one)
  humanToMove() {
    const v = this.view;
    return Boolean(v && !V.resultOf(this) && this.game.players[v.sideIndex] === "human");
  },
};

// Clicks on the board are handled one after the other: a quick second click (the
// destination) waits until the first (the piece) has its legal moves from the engine.
let clicks = Promise.resolve();
const board = new Board($("board"), (sq) => {
  state.busy++;
  clicks = clicks.then(() => guard(() => onSquare(sq))).finally(() => state.busy--);
});

const render = () => V.render(state, board);

const { onSquare, offerChoices } = boardClicks({
  state,
  query: (cmd) => state.engine.query(cmd),
  positionCommand: (n, extra) => positionCommand(n, extra),
  play: (token) => play(token),
  render,
  act: (action) => guard(action),
});

// ---------------------------------------------------------------- engine ----------------

async function startEngine() {
  const engine = new Engine(state.engineIndex, {
    onSearchLine: (line) => onSearchLine(engine, line),
    onExit: (message) => onEngineExit(engine, message),
  });
  state.engine = engine;
  state.searches = new Searches((line) => engine.send(line));
  state.analysing = false;
  $("engine-trouble").hidden = true;
  const lines = await engine.start();
  const id = lines.find((l) => l.startsWith("id name "));
  state.engineName = id ? id.slice(8) : "engine";
  state.defaultVariant = N.optionDefault(lines, "UCI_Variant");
  const command = state.engines[state.engineIndex]?.command || "";
  $("engine-name").textContent = `engine: ${state.engineName} (${V.shortCommand(command)})`;
  $("engine-name").title = command;
  const v = (await engine.query("variants")).find((l) => l.startsWith("variants"));
  state.variants = v ? v.split(/\s+/).slice(1) : [];
  fillVariants();
}

function onEngineExit(engine, message) {
  if (engine !== state.engine) return;
  state.clock?.stop();
  state.searches.reset();
  state.analysing = false;
  $("engine-trouble-text").textContent = engine.refused
    ? `No engine was started: ${message.replace(/^refused: /, "")}.`
    : `${V.capital(message)}. The game is kept.`;
  $("engine-trouble").hidden = false;
}

async function restartEngine() {
  if (state.engine) state.engine.close();
  await startEngine();
  if (!state.game) return firstGame(); // the first engine never started
  await configureEngine(state.game);
  await refresh();
  afterMove();
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
  game.bottom = Math.max(0, game.colours.indexOf(d.bottom));
  game.startFen = d.fen;
  return d.fen;
}

function failOnError(lines) {
  const err = N.errorIn(lines);
  if (err) throw new Error(err);
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
  failOnError(await e.query(positionCommand(state.cursor)));
  const d = N.parseDisplay(await e.query("d"));
  const legalLine = (await e.query("legal")).find((l) => l.startsWith("legal")) || "legal";
  const resultLine = (await e.query("result")).find((l) => l.startsWith("result"));
  state.view = {
    game: state.game,
    cursor: state.cursor,
    d,
    pos: N.parseFen(d.fen),
    legal: legalLine.split(/\s+/).slice(1),
    result: N.parseResult(resultLine),
    sideIndex: state.game.colours.indexOf(d.side),
  };
  if (state.cursor === state.game.moves.length) state.sideAtEnd = state.view.sideIndex;
  render();
}

// ---------------------------------------------------------------- moves ----------------

/** Plays `token` from the position shown (dropping any later moves). */
async function play(token, note = null, message = "") {
  const g = state.game;
  const at = state.cursor;
  const mover = state.view ? state.view.sideIndex : 0;
  const err = N.errorIn(await state.engine.query(positionCommand(at, [token])), at + 1);
  // Meanwhile the player may have gone to another move or game: the move was for `at`.
  if (state.game !== g || state.cursor !== at) return;
  if (err) return say(err);
  g.moves = g.moves.slice(0, at);
  g.notes = g.notes.slice(0, at);
  g.movers = g.movers.slice(0, at);
  g.result = null;
  g.moves.push(token);
  g.notes.push(note);
  g.movers.push(mover);
  state.cursor = g.moves.length;
  state.selected = null;
  offerChoices([]);
  say(message);
  state.clock?.moved(mover);
  await refresh();
  afterMove();
}

/** What happens after the position changed: the game ends, a pass, the engine's move. */
function afterMove() {
  const v = state.view;
  const g = state.game;
  if (!v || !g) return;
  if (state.cursor === g.moves.length) {
    if (v.result && !g.result) return finish(v.result);
    if (!g.result && !state.analysing) state.clock?.start(v.sideIndex);
    if (state.humanToMove() && v.legal.length === 1 && v.legal[0] === "0000") {
      const message = `${V.capital(v.d.side)} has no legal move and passes.`;
      say(message);
      setTimeout(() => guard(() => play("0000", null, message)), 700);
    }
  }
  syncSearch();
}

// ---------------------------------------------------------------- searches ----------------

/** The one search the page wants now: analysis, the engine's move, or none. */
function wantedSearch() {
  const v = state.view;
  const g = state.game;
  if (!v || !g || !state.engine?.alive) return null;
  if (v.game !== g || v.cursor !== state.cursor) return null; // not yet refreshed
  const at = { game: g, cursor: state.cursor };
  if (state.analysing) return { purpose: "analyse", ...at, multipv: Number($("multipv").value) };
  if (state.cursor !== g.moves.length || V.resultOf(state)) return null;
  if (g.players[v.sideIndex] !== "engine") return null;
  return { purpose: "play", ...at, multipv: 1 };
}

/** Makes the engine run the search wanted now, and only that one. */
function syncSearch() {
  const wanted = wantedSearch();
  if (state.searches.runs(wanted)) return;
  if (!wanted) return state.searches.stopAll();
  if (wanted.purpose === "analyse") {
    state.analysis = [];
    V.renderAnalysis(state);
  }
  const go = wanted.purpose === "play" ? goCommand() : "go infinite";
  state.searches.start(wanted, positionCommand(wanted.cursor), go);
  if (wanted.purpose === "play") say(`${V.capital(state.view.d.side)} is thinking...`);
}

function goCommand() {
  const g = state.game;
  let go = g.level.kind === "depth" ? `go depth ${g.level.value}` : `go movetime ${g.level.value}`;
  const c = state.clock;
  if (c) {
    const [w, b] = [0, 1].map((side) => Math.max(1, Math.round(c.remaining(side))));
    go = `go wtime ${w} btime ${b} winc ${c.inc} binc ${c.inc}`;
    if (g.level.kind === "depth") go += ` depth ${g.level.value}`;
  }
  return go;
}

function onSearchLine(engine, line) {
  if (engine !== state.engine) return;
  if (line.startsWith("bestmove")) {
    const search = state.searches.ended();
    if (!search || search.stale || search.purpose !== "play") return;
    if (search.game !== state.game || search.cursor !== state.cursor) return;
    const token = line.split(/\s+/)[1];
    if (!token || token === "(none)") return say("The engine found no move.");
    guard(() => play(token, N.noteOf(search.lastInfo)));
    return;
  }
  const search = state.searches.head;
  const info = N.parseInfo(line);
  if (!info || !search || search.stale) return;
  if (search.purpose === "play" && info.multipv === 1) search.lastInfo = info;
  if (search.purpose === "analyse") {
    state.analysis[info.multipv - 1] = info;
    state.analysis.length = Math.min(state.analysis.length, search.multipv);
    V.renderAnalysis(state);
    render();
  }
}

/** Analysis pauses the game: the clock stops and the engine plays on when it ends. */
function startAnalysis() {
  if (!state.view) return;
  state.analysing = true;
  state.clock?.stop();
  syncSearch();
  render();
}

function stopAnalysis() {
  state.analysing = false;
  if (state.game && !V.resultOf(state) && state.cursor === state.game.moves.length) {
    state.clock?.start(state.sideAtEnd);
  }
  syncSearch();
  V.renderAnalysis(state);
  render();
}

function tickClock() {
  const c = state.clock;
  V.renderClocks(state);
  const side = c ? c.flagged() : null;
  if (side === null || !state.game || state.game.result) return;
  const g = state.game;
  finish({ winner: g.colours[1 - side], reason: `${g.colours[side]} ran out of time (time forfeit)` });
}

// ---------------------------------------------------------------- the game ----------------

async function newGame(settings) {
  state.searches.stopAll();
  state.analysing = false;
  state.analysis = [];
  V.renderAnalysis(state);
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
  const start = game.start === "startpos" ? "startpos" : `fen ${game.start}`;
  failOnError(await state.engine.query(`position ${start}`));
  if (game.moves.length) {
    failOnError(await state.engine.query(`position ${start} moves ${game.moves.join(" ")}`));
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
  // A lone human plays from the bottom of the board.
  const humans = [0, 1].filter((c) => game.players[c] === "human");
  state.flipped = humans.length === 1 && humans[0] !== game.bottom;
  state.clock = settings.clock ? new Clock(settings.clock) : null;
  $("result").textContent = "";
  say("");
  V.renderRules(state);
  V.renderTally(state);
  await refresh();
  state.gamesStarted++;
  document.body.dataset.games = state.gamesStarted;
  afterMove();
}

function finish(result) {
  const g = state.game;
  state.clock?.stop();
  g.result = result;
  $("result").textContent = V.resultText(result);
  say("");
  if (!g.tallied) {
    g.tallied = true;
    const humans = [0, 1].filter((c) => g.players[c] === "human");
    if (humans.length === 1) {
      const me = g.colours[humans[0]];
      const t = V.loadTally(g.variant);
      if (result.winner === "draw") t.draws++;
      else if (result.winner === me) t.wins++;
      else t.losses++;
      localStorage.setItem(`latrunculi.tally.${g.variant}`, JSON.stringify(t));
    }
  }
  V.renderTally(state);
  syncSearch();
  render();
}

/** The player gives up: the lone human, or with two humans the side to act. */
function resign() {
  const g = state.game;
  if (!g || !state.view) return;
  if (V.resultOf(state)) return say("The game is over.");
  const humans = [0, 1].filter((c) => g.players[c] === "human");
  if (!humans.length) return say("The engine plays both sides: there is no player to resign.");
  const loser = humans.length === 1 ? humans[0] : state.sideAtEnd;
  finish({ winner: g.colours[1 - loser], reason: `${g.colours[loser]} resigned` });
}

async function takeBack() {
  const g = state.game;
  if (!g || g.moves.length === 0) return;
  state.searches.stopAll();
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
  say("Move taken back.");
  afterMove();
}

async function goTo(n) {
  const g = state.game;
  if (!g) return;
  state.cursor = Math.max(0, Math.min(g.moves.length, n));
  state.selected = null;
  offerChoices([]);
  syncSearch();
  await refresh();
  afterMove();
}

// ---------------------------------------------------------------- records ----------------

/** The game in the match runner's record format (see `latrunculi replay`). */
function currentRecord() {
  const g = state.game;
  const names = [0, 1].map((c) => (g.players[c] === "human" ? "Human" : state.engineName));
  return recordText(g, { names, result: V.resultOf(state), date: new Date() });
}

function download() {
  if (!state.game) return;
  const blob = new Blob([currentRecord()], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${state.game.variant}-${new Date().toISOString().slice(0, 19).replaceAll(":", "")}.pgn`;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Loads a record, a position string, or move tokens from the start, then shows its end. */
async function load(text) {
  if (!text.trim()) return say("Paste a record, a position string or move tokens first.");
  const settings = readSettings();
  const loaded = parseLoad(text);
  if (loaded.variant) settings.variant = loaded.variant;
  if (loaded.isRecord) {
    settings.pieces = loaded.pieces;
    settings.players = ["human", "human"];
  }
  settings.start = loaded.start;
  settings.moves = loaded.moves;
  settings.clock = null;
  await newGame(settings);
  $("variant").value = state.game.variant;
  say(`Loaded: ${state.game.moves.length} moves.`);
}

// ---------------------------------------------------------------- controls ----------------

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

function fillVariants() {
  const select = $("variant");
  const keep = select.value || state.defaultVariant;
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

/**
 * Shows the pieces choice (and the side names) for the ruleset picked in the form. The
 * engine is asked on the side, so the game shown is set up again afterwards and its
 * search (stopped meanwhile) runs again.
 */
async function onVariantPicked() {
  const e = state.engine;
  state.searches.stopAll();
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
  $("name-0").textContent = V.capital(colours[0]);
  $("name-1").textContent = V.capital(colours[1]);
  if (state.game) {
    await configureEngine(state.game);
    await refresh();
    syncSearch();
  }
}

function wire() {
  const on = (id, event, action) => $(id).addEventListener(event, action);
  on("new-game", "submit", (ev) => {
    ev.preventDefault();
    guard(() => newGame(readSettings()));
  });
  on("variant", "change", () => guard(onVariantPicked));
  on("token-form", "submit", (ev) => {
    ev.preventDefault();
    const token = $("token-input").value.trim();
    if (!token) return;
    $("token-input").value = "";
    guard(async () => {
      if (!state.humanToMove()) return say("It is not your move.");
      await play(token);
    });
  });
  on("nav-first", "click", () => guard(() => goTo(0)));
  on("nav-prev", "click", () => guard(() => goTo(state.cursor - 1)));
  on("nav-next", "click", () => guard(() => goTo(state.cursor + 1)));
  on("nav-last", "click", () => guard(() => goTo(state.game.moves.length)));
  on("moves", "click", (ev) => {
    const li = ev.target.closest("li");
    if (li) guard(() => goTo(Number(li.dataset.index)));
  });
  on("take-back", "click", () => guard(takeBack));
  on("resign", "click", () => guard(async () => resign()));
  on("flip", "click", () => {
    state.flipped = !state.flipped;
    render();
  });
  on("analyse-start", "click", () => guard(async () => startAnalysis()));
  on("analyse-stop", "click", () => guard(async () => stopAnalysis()));
  on("multipv", "change", () => syncSearch());
  on("download", "click", download);
  on("load", "click", () => guard(() => load($("load-text").value)));
  on("restart-engine", "click", () => guard(restartEngine));
  on("engine-choice", "change", () => {
    state.engineIndex = Number($("engine-choice").value);
    guard(restartEngine);
  });
  setInterval(tickClock, 200);
}

async function main() {
  // The server handed the token over as a cookie: take it out of the address bar, so that
  // it is not shown, bookmarked or shared with the rest of the address.
  const address = new URL(location.href);
  if (address.searchParams.has("token")) {
    address.searchParams.delete("token");
    history.replaceState(null, "", address);
  }
  wire();
  const res = await fetch("/api/engines");
  state.engines = await res.json();
  for (const e of state.engines) {
    const o = document.createElement("option");
    o.value = e.index;
    o.textContent = V.shortCommand(e.command);
    o.title = e.command;
    $("engine-choice").appendChild(o);
  }
  await startEngine();
  await firstGame();
}

/** The game the page opens with: the ruleset in the address, or the engine's default. */
async function firstGame() {
  const variant = new URLSearchParams(location.search).get("variant");
  if (state.variants.includes(variant)) $("variant").value = variant;
  await onVariantPicked();
  await newGame(readSettings());
  document.body.dataset.ready = "true";
}

// For the browser tests and the curious: the page's state, read-only by convention.
window.latrunculi = { state, recordText: currentRecord };

guard(main);
