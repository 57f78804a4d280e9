// Reading what the engine writes: position strings, move tokens, `d`, `info` lines.
// Notation only: nothing here knows a rule of any game.

/** The name of a square: file letter and rank number (rank 1 is the bottom row). */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank);
}

/** A square's file and rank from its name, or null. */
export function parseSquare(name) {
  const m = /^([a-z])(\d+)$/.exec(name);
  return m ? { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) } : null;
}

/**
 * A position string: `<board> <side> <hands> <quiet> <ply> [p<passes>] [+<square> | x]`.
 * Returns rows from the top rank down, each cell null or {colour: 0|1, kind}, with
 * kind one of "man", "leader", "trapped".
 */
export function parseFen(fen) {
  const fields = fen.trim().split(/\s+/);
  const rows = fields[0].split("/").map((row) => {
    const cells = [];
    for (const m of row.matchAll(/(\d+)|([A-Za-z])/g)) {
      if (m[1]) {
        for (let i = 0; i < Number(m[1]); i++) cells.push(null);
      } else {
        const c = m[2];
        const colour = c === c.toUpperCase() ? 0 : 1;
        const kind = { m: "man", k: "leader", t: "trapped" }[c.toLowerCase()] || "man";
        cells.push({ colour, kind });
      }
    }
    return cells;
  });
  const hands = [
    { men: 0, leaders: 0 },
    { men: 0, leaders: 0 },
  ];
  if (fields[2] && fields[2] !== "-") {
    for (const m of fields[2].matchAll(/([KMkm])(\d+)/g)) {
      const colour = m[1] === m[1].toUpperCase() ? 0 : 1;
      hands[colour][m[1].toLowerCase() === "k" ? "leaders" : "men"] = Number(m[2]);
    }
  }
  let bonus = null;
  let removing = false;
  for (const f of fields.slice(5)) {
    if (f.startsWith("+")) bonus = f.slice(1);
    if (f === "x") removing = true;
  }
  return {
    rows,
    ranks: rows.length,
    files: rows[0] ? rows[0].length : 0,
    side: fields[1],
    hands,
    quiet: Number(fields[3] || 0),
    ply: Number(fields[4] || 0),
    bonus,
    removing,
  };
}

/** The piece on `name` in a parsed position, or null. */
export function pieceAt(pos, name) {
  const sq = parseSquare(name);
  if (!sq) return null;
  const row = pos.rows[pos.ranks - sq.rank];
  return row ? row[sq.file] || null : null;
}

/** Pieces of each colour on the board. */
export function countOnBoard(pos) {
  const n = [0, 0];
  for (const row of pos.rows) for (const c of row) if (c) n[c.colour]++;
  return n;
}

/**
 * A move token: {kind: "place", leader, to} | {kind: "remove", at} | {kind: "pass"} |
 * {kind: "go", squares: [from, landing, ...]}.
 */
export function parseToken(token) {
  if (token === "0000") return { kind: "pass" };
  if (token.startsWith("K@")) return { kind: "place", leader: true, to: token.slice(2) };
  if (token.startsWith("@")) return { kind: "place", leader: false, to: token.slice(1) };
  if (token.startsWith("x")) return { kind: "remove", at: token.slice(1) };
  const squares = [...token.matchAll(/[a-z]\d+/g)].map((m) => m[0]);
  return { kind: "go", squares };
}

/** The `d` answer's fields. */
export function parseDisplay(lines) {
  const d = { removed: [], lastMove: null, turnGoesOn: null };
  for (const line of lines) {
    let m;
    if ((m = /^Fen: (.*)$/.exec(line))) d.fen = m[1];
    else if ((m = /^Variant: (.*)$/.exec(line))) d.variant = m[1];
    else if ((m = /^Side to move: (\w+)/.exec(line))) d.side = m[1];
    else if ((m = /^Turn goes on: (.*)$/.exec(line))) d.turnGoesOn = m[1];
    else if ((m = /^Phase: (.*)$/.exec(line))) d.phase = m[1];
    else if ((m = /^Ply: (\d+) Quiet plies: (\d+)/.exec(line))) {
      d.ply = Number(m[1]);
      d.quiet = Number(m[2]);
    } else if ((m = /^Quiet-ply limit: (\d+)/.exec(line))) d.quietLimit = Number(m[1]);
    else if ((m = /^Colours: (\w+) (\w+)/.exec(line))) d.colours = [m[1], m[2]];
    else if ((m = /^Bottom side: (\w+)/.exec(line))) d.bottom = m[1];
    else if ((m = /^Last move: (\S+) removed: (.*)$/.exec(line))) {
      d.lastMove = m[1];
      d.removed = m[2] === "-" ? [] : m[2].trim().split(/\s+/);
    }
  }
  return d;
}

/** A `result` answer: null while the game goes on, else {winner, reason}. */
export function parseResult(line) {
  const m = /^result (\S+)\s*(.*)$/.exec(line || "");
  if (!m || m[1] === "ongoing") return null;
  return { winner: m[1], reason: m[2] };
}

/** A search `info` line with a score, or null for any other line. */
export function parseInfo(line) {
  if (!line.startsWith("info ") || !/ score /.test(line)) return null;
  const words = line.split(/\s+/);
  const info = { multipv: 1, pv: [] };
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === "pv") {
      info.pv = words.slice(i + 1);
      break;
    }
    if (w === "score") {
      const unit = words[i + 1];
      const value = Number(words[i + 2]);
      info.score = unit === "mate" ? { mate: value } : { cp: value };
      i += 2;
    } else if (w === "wdl") {
      i += 3;
    } else if (["depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull"].includes(w)) {
      info[w] = Number(words[i + 1]);
      i += 1;
    }
  }
  return info.score ? info : null;
}

/** A score for people: pieces with a sign (a man is about 1.00), or "win in N". */
export function scoreText(score) {
  if (!score) return "";
  if (score.mate !== undefined) {
    return score.mate > 0 ? `win in ${score.mate}` : `loss in ${-score.mate}`;
  }
  const p = score.cp / 100;
  return (p > 0 ? "+" : "") + p.toFixed(2);
}

/** A move's note in a record (`+35 198ms`: centipawns for the mover, time) for people. */
export function noteText(note) {
  const m = /^(#?)([+-]?\d+)(\s.*)?$/.exec(note || "");
  if (!m) return note || "";
  const score = m[1] ? { mate: Number(m[2]) } : { cp: Number(m[2]) };
  return scoreText(score) + (m[3] || "");
}

/** The note of an engine move: its score (centipawns, or `#N`) and time, as records have it. */
export function noteOf(info) {
  if (!info) return null;
  const s = info.score;
  const score = !s ? "" : s.mate !== undefined ? `#${s.mate}` : (s.cp >= 0 ? "+" : "") + s.cp;
  return `${score} ${info.time ?? 0}ms`.trim();
}

const ERROR = "info string error";

/**
 * The engine's first error among `lines`, `info string error <code>: <message>` (the codes
 * are protocol.md's), as `{ code, message }`, or null. An engine that writes no code
 * (`info string error: <message>`) gives the code "".
 */
export function errorOf(lines) {
  const line = lines.find((l) => l.startsWith(ERROR + " ") || l.startsWith(ERROR + ":"));
  if (!line) return null;
  const rest = line.slice(ERROR.length);
  const colon = rest.indexOf(":");
  return { code: rest.slice(0, colon).trim(), message: rest.slice(colon + 1).trim() };
}

/**
 * The words of the engine's first error among `lines`, for people, or null. For the
 * `illegal-move` of move `moveNumber` of the `position` command sent, only why the move is
 * not legal: protocol.md gives that message as `position unchanged: move <n> of the list:
 * <why>`.
 */
export function errorIn(lines, moveNumber = null) {
  const error = errorOf(lines);
  if (!error) return null;
  const context = `position unchanged: move ${moveNumber} of the list: `;
  if (error.code === "illegal-move" && moveNumber !== null && error.message.startsWith(context)) {
    return error.message.slice(context.length);
  }
  return error.message;
}

/** The default of option `name` in the engine's `uci` answer, or null. */
export function optionDefault(lines, name) {
  const line = lines.find((l) => l.startsWith(`option name ${name} `));
  const m = line && / default (\S+)/.exec(line);
  return m ? m[1] : null;
}
