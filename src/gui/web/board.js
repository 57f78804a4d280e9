// The board as SVG: any size from 5x5 to 12x12 and 11x16, drawn from a parsed position
// string, with the marks the page asks for. Clicks are reported by square name.

import { squareName, parseSquare } from "./notation.js";

const NS = "http://www.w3.org/2000/svg";
const CELL = 48;
const MARGIN = 22;

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** Fill colours of the two sides, by the colour's name (the engine names them). */
export function sideFill(name) {
  return { white: "#f4efe3", black: "#2b2b2b", red: "#b33a2c" }[name] || "#777";
}

export class Board {
  constructor(svg, onClick) {
    this.svg = svg;
    this.onClick = onClick;
    this.flipped = false;
  }

  /** Where a square's centre is drawn. */
  centre(pos, name) {
    const sq = parseSquare(name);
    const col = this.flipped ? pos.files - 1 - sq.file : sq.file;
    const row = this.flipped ? sq.rank - 1 : pos.ranks - sq.rank;
    return { x: MARGIN + col * CELL + CELL / 2, y: MARGIN + row * CELL + CELL / 2 };
  }

  /**
   * Draws `pos` with `marks`: {selected, targets[], lastMove[], removed[], removable[],
   * arrows[[from, to]], colours: [name0, name1]}.
   */
  draw(pos, marks = {}) {
    const svg = this.svg;
    svg.replaceChildren();
    const w = pos.files * CELL + 2 * MARGIN;
    const h = pos.ranks * CELL + 2 * MARGIN;
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.dataset.files = pos.files;
    svg.dataset.ranks = pos.ranks;
    el("rect", { x: 0, y: 0, width: w, height: h, class: "frame" }, svg);
    const colours = marks.colours || ["white", "black"];
    const set = (xs) => new Set(xs || []);
    const targets = set(marks.targets);
    const last = set(marks.lastMove);
    const removed = set(marks.removed);
    const removable = set(marks.removable);
    for (let r = 0; r < pos.ranks; r++) {
      for (let f = 0; f < pos.files; f++) {
        const rank = pos.ranks - r;
        const name = squareName(f, rank);
        const { x, y } = this.centre(pos, name);
        const g = el("g", { class: "square", "data-square": name }, svg);
        let cls = "cell" + ((f + rank) % 2 ? " light" : " dark");
        if (last.has(name)) cls += " last";
        if (name === marks.selected) cls += " selected";
        el("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: cls }, g);
        const piece = pos.rows[r][f];
        if (piece) this.piece(g, x, y, piece, colours, removable.has(name));
        if (removed.has(name)) {
          const d = CELL * 0.28;
          el("path", { d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`, class: "removed" }, g);
        }
        if (targets.has(name)) el("circle", { cx: x, cy: y, r: CELL * 0.14, class: "target" }, g);
        g.addEventListener("click", () => this.onClick(name));
      }
    }
    for (const [from, to, ply] of marks.arrows || []) this.arrow(pos, from, to, ply || 0);
    this.labels(pos);
  }

  piece(g, x, y, piece, colours, removable) {
    const name = colours[piece.colour];
    const cls = `piece side-${piece.colour} ${piece.kind}` + (removable ? " removable" : "");
    const p = el("circle", { cx: x, cy: y, r: CELL * 0.38, class: cls, fill: sideFill(name) }, g);
    p.dataset.colour = name;
    p.dataset.kind = piece.kind;
    const ink = piece.colour === 0 || name === "red" ? "#2b2b2b" : "#f4efe3";
    if (piece.kind === "leader") {
      // A crown: three points over a band, so a leader is told at a glance.
      const s = CELL * 0.2;
      el("path", {
        d: `M${x - s} ${y + s * 0.6}L${x - s} ${y - s * 0.5}L${x - s / 2} ${y}L${x} ${y - s * 0.8}L${x + s / 2} ${y}L${x + s} ${y - s * 0.5}L${x + s} ${y + s * 0.6}Z`,
        fill: ink,
        class: "crown",
      }, g);
    } else if (piece.kind === "trapped") {
      // A trapped man: a ring of dashes and a bar, the piece held between two enemies.
      el("circle", { cx: x, cy: y, r: CELL * 0.25, class: "trap-ring", stroke: ink }, g);
      el("path", { d: `M${x - CELL * 0.18} ${y}L${x + CELL * 0.18} ${y}`, class: "trap-bar", stroke: ink }, g);
    }
  }

  /** An arrow of the previewed line; `ply` 0 is the move to play, later ones are fainter. */
  arrow(pos, from, to, ply) {
    const a = this.centre(pos, from);
    const b = this.centre(pos, to);
    el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `arrow pv-${ply}`, "marker-end": "url(#head)" }, this.svg);
    if (!this.svg.querySelector("#head")) {
      const defs = el("defs", {}, this.svg);
      const m = el("marker", { id: "head", markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: "auto" }, defs);
      el("path", { d: "M0 0L4 2L0 4Z", class: "arrowhead" }, m);
    }
  }

  /**
   * File letters and rank numbers, at least about 9 px on the screen however small the
   * board is drawn (an 11x16 board on a phone is drawn at less than half its size).
   */
  labels(pos) {
    const w = pos.files * CELL + 2 * MARGIN;
    const shown = this.svg.getBoundingClientRect().width || w;
    const size = Math.min(20, Math.max(12, Math.round((9 * w) / shown)));
    const style = `font-size: ${size}px`;
    for (let f = 0; f < pos.files; f++) {
      const { x } = this.centre(pos, squareName(f, 1));
      const y = MARGIN + pos.ranks * CELL + MARGIN / 2 + size * 0.35;
      el("text", { x, y, class: "label", style }, this.svg).textContent = String.fromCharCode(97 + f);
    }
    for (let rank = 1; rank <= pos.ranks; rank++) {
      const { y } = this.centre(pos, squareName(0, rank));
      el("text", { x: MARGIN / 2, y: y + size * 0.35, class: "label", style }, this.svg).textContent = String(rank);
    }
  }
}
