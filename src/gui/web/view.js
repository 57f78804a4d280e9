// Drawing the page from its state: the board and its marks, the two sides, the status, the
// move list, the analysis lines and the evaluation bar. Nothing here changes the state.

import { sideFill } from "./board.js";
import * as N from "./notation.js";

const $ = (id) => document.getElementById(id);

export function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** The game's result, from the game (a forfeit, a resignation) or from the engine. */
export function resultOf(state) {
  const v = state.view;
  const g = state.game;
  return g.result || (state.cursor === g.moves.length && v.result) || null;
}

export function resultText(result) {
  return result.winner === "draw" ? `Draw: ${result.reason}` : `${capital(result.winner)} wins: ${result.reason}`;
}

/** Draws everything that depends on the position shown. */
export function render(state, board) {
  const v = state.view;
  const g = state.game;
  if (!v || !g) return;
  board.flipped = state.flipped;
  board.draw(v.pos, boardMarks(state));
  renderSides(state);
  renderStatus(state);
  renderMoves(state);
}

/** The marks on the board: last move, selection, removals, and the best line's arrows. */
function boardMarks(state) {
  const v = state.view;
  const marks = { colours: state.game.colours, removed: v.d.removed };
  if (v.d.lastMove && state.cursor > 0) {
    const t = N.parseToken(v.d.lastMove);
    marks.lastMove = t.kind === "go" ? t.squares : t.kind === "place" ? [t.to] : [];
  }
  const sel = state.selected;
  if (sel) {
    marks.selected = sel.prefix[sel.prefix.length - 1];
    const n = sel.prefix.length;
    marks.targets = sel.tokens
      .filter((t) => startsWith(t, sel.prefix))
      .map((t) => N.parseToken(t).squares[n])
      .filter(Boolean);
    marks.lastMove = sel.prefix;
  }
  if (state.humanToMove()) {
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
  return marks;
}

/** Whether a move token starts with these squares. */
export function startsWith(token, squares) {
  const s = N.parseToken(token).squares || [];
  return squares.every((q, i) => s[i] === q);
}

/** Pieces each side has, on the board and in hand, in a parsed position. */
function pieces(pos) {
  const onBoard = N.countOnBoard(pos);
  return [0, 1].map((c) => onBoard[c] + pos.hands[c].men + pos.hands[c].leaders);
}

/** The two sides' panels, each on the side of the board where that side sits. */
function renderSides(state) {
  const v = state.view;
  const g = state.game;
  const full = pieces(N.parseFen(g.startFen));
  const atStart = pieces(N.parseFen(g.start === "startpos" ? g.startFen : g.start));
  const now = pieces(v.pos);
  const over = resultOf(state);
  for (const c of [0, 1]) {
    const el = $(`side-${c}`);
    const who = g.players[c] === "human" ? "you" : "the engine";
    let text = `${capital(g.colours[c])} (${who}): ${now[c]}/${full[c]} pieces`;
    const hand = v.pos.hands[c];
    if (hand.men || hand.leaders) {
      const parts = [];
      if (hand.men) parts.push(`${hand.men} men`);
      if (hand.leaders) parts.push(`${hand.leaders} leader`);
      text += `, in hand: ${parts.join(", ")}`;
    }
    // Lost in this game: a loaded position's missing pieces were not lost here.
    if (atStart[c] > now[c]) text += `, lost ${atStart[c] - now[c]}`;
    el.replaceChildren();
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.style.background = sideFill(g.colours[c]);
    el.appendChild(dot);
    el.appendChild(document.createTextNode(text));
    el.classList.toggle("to-move", v.sideIndex === c && !over);
  }
  const below = drawnBelow(state);
  $("board-wrap").before($(`side-${1 - below}`));
  $("board-wrap").after($(`side-${below}`));
}

/** The colour index drawn at the bottom of the board. */
export function drawnBelow(state) {
  const home = state.game.bottom;
  return state.flipped ? 1 - home : home;
}

function renderStatus(state) {
  const v = state.view;
  const d = v.d;
  const over = resultOf(state);
  let text;
  if (over) text = resultText(over);
  else {
    text = `${capital(d.side)} to play (${d.phase})`;
    if (d.turnGoesOn) text += `. Turn goes on: ${d.turnGoesOn}`;
    if (state.analysing && state.game.players[v.sideIndex] === "engine") {
      text += ". The engine waits until the analysis stops";
    }
  }
  if (d.quietLimit) text += ` · quiet plies ${d.quiet}/${d.quietLimit}`;
  else text += ` · ply ${d.ply}`;
  $("status").textContent = text;
  $("status").title = text;
}

/**
 * The move list, changed only where the game changed: a long game (or one watched for
 * thousands of plies) costs one new item a move, not a rebuilt list. The items sit in
 * chunks of `CHUNK` plies that the browser skips drawing while they are out of sight, so a
 * move costs as little at ply 1,000 as at ply 10.
 */
function renderMoves(state) {
  const g = state.game;
  const list = $("moves");
  const shown = listed.get(list) || { keys: [], items: [] };
  listed.set(list, shown);
  let same = 0;
  while (same < shown.keys.length && same < g.moves.length && shown.keys[same] === itemKey(g, same)) same++;
  for (const li of shown.items.splice(same)) li.remove();
  shown.keys.length = same;
  for (const chunk of [...list.children]) if (!chunk.firstChild) chunk.remove();
  for (let i = same; i < g.moves.length; i++) {
    let chunk = list.lastElementChild;
    if (!chunk || chunk.childElementCount >= CHUNK) {
      chunk = document.createElement("ol");
      chunk.className = "chunk";
      list.appendChild(chunk);
    }
    const li = moveItem(state, i);
    chunk.appendChild(li);
    shown.items.push(li);
    shown.keys.push(itemKey(g, i));
  }
  const current = shown.items[state.cursor - 1] || null;
  if (shown.current === current) return;
  shown.current?.classList.remove("current");
  shown.current = current;
  if (current) {
    current.classList.add("current");
    current.scrollIntoView({ block: "nearest" });
  } else list.scrollTop = 0;
}

const CHUNK = 64;

/** What each move list shows, item by item (reading it back from the page costs more). */
const listed = new WeakMap();

const itemKey = (g, i) => `${g.moves[i]} ${g.notes[i] || ""} ${g.movers[i]}`;

function moveItem(state, i) {
  const g = state.game;
  const li = document.createElement("li");
  li.dataset.index = i + 1;
  const number = document.createElement("span");
  number.className = "ply";
  number.textContent = `${i + 1}.`;
  const dot = document.createElement("span");
  dot.className = "dot";
  if (g.movers[i] !== undefined) dot.style.background = sideFill(g.colours[g.movers[i]]);
  li.append(number, dot, g.moves[i]);
  if (g.notes[i]) {
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = ` ${N.noteText(g.notes[i])}`;
    li.appendChild(note);
  }
  return li;
}

/** The analysis lines and the evaluation bar (hidden when there is neither). */
export function renderAnalysis(state) {
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
  const best = state.analysis[0];
  $("eval-bar").hidden = !state.analysing && !best;
  if (best && state.view) {
    // The bar shows the first colour's share: a man ahead is about 62%.
    let s = best.score.mate !== undefined ? Math.sign(best.score.mate) * 2000 : best.score.cp;
    if (state.view.sideIndex === 1) s = -s;
    const share = 1 / (1 + Math.exp(-s / 200));
    $("eval-fill").style.height = `${(share * 100).toFixed(1)}%`;
  }
}

export function renderRules(state) {
  const ul = $("rules-text");
  ul.replaceChildren();
  for (const line of state.game.rules) {
    const li = document.createElement("li");
    li.textContent = line;
    ul.appendChild(li);
  }
}

export function loadTally(variant) {
  try {
    return { wins: 0, draws: 0, losses: 0, ...JSON.parse(localStorage.getItem(`latrunculi.tally.${variant}`) || "{}") };
  } catch {
    return { wins: 0, draws: 0, losses: 0 };
  }
}

export function renderTally(state) {
  const g = state.game;
  const t = loadTally(g.variant);
  $("tally").textContent = `${g.variant}: you won ${t.wins}, drew ${t.draws}, lost ${t.losses}`;
}

/** The clocks, shown only in a game that has them. */
export function renderClocks(state) {
  const c = state.clock;
  $("clocks").hidden = !c;
  if (!c || !state.game) return;
  for (const side of [0, 1]) {
    const el = $(`clock-${side}`);
    el.textContent = `${state.game.colours[side]} ${c.text(side)}`;
    el.className = c.running === side ? "running" : "";
  }
}

/** A command with its program's directory left out (the full command is in the tooltip). */
export function shortCommand(command) {
  const [program, ...args] = command.split(" ");
  return [program.split(/[\\/]/).pop(), ...args].join(" ");
}

export function say(text) {
  $("message").textContent = text;
}
