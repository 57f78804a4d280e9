// Game records in the match runner's format (PGN's tag pairs and movetext, see `latrunculi
// replay`), and what the Records box accepts: a record, a position string or move tokens.

const RESULTS = ["1-0", "0-1", "1/2-1/2", "*"];

/** The result code of `result` ({winner, reason} or null) in a game of these colours. */
export function resultCode(result, colours) {
  if (!result) return "*";
  if (result.winner === "draw") return "1/2-1/2";
  return result.winner === colours[0] ? "1-0" : "0-1";
}

/**
 * The record of `game` ({variant, pieces, piecesRange, start, moves, notes, colours}).
 * `names` are the two players' names, `result` the game's result or null, `date` a Date.
 */
export function recordText(game, { names, result, date }) {
  const code = resultCode(result, game.colours);
  // PGN's seven tag roster first, then ours (as the match runner writes them).
  const tags = [
    ["Event", `latrunculi gui, ${game.variant}`],
    ["Site", "?"],
    ["Date", date.toISOString().slice(0, 10).replaceAll("-", ".")],
    ["Round", "-"],
    ["White", names[0]],
    ["Black", names[1]],
    ["Result", code],
    ["Variant", game.variant],
  ];
  if (game.pieces && game.piecesRange) tags.push(["Pieces", String(game.pieces)]);
  if (game.start !== "startpos") tags.push(["FEN", game.start]);
  if (result) tags.push(["Termination", result.reason]);
  tags.push(["PlyCount", String(game.moves.length)]);
  const words = [];
  game.moves.forEach((m, i) => {
    words.push(m);
    if (game.notes[i]) words.push(`{${game.notes[i]}}`);
  });
  words.push(code);
  const head = tags.map(([k, v]) => `[${k} "${v.replaceAll('"', "'")}"]`).join("\n");
  return `${head}\n\n${wrap(words, 79).join("\n")}\n`;
}

/** `words` joined by spaces into lines of at most `width` characters (longer words alone). */
export function wrap(words, width) {
  const lines = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + w.length + 1 > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return lines;
}

/**
 * What a pasted text asks for: {variant?, pieces?, start, moves, isRecord}. A record (it
 * has tag pairs) brings its ruleset, start and moves; a position string (it has `/`) is a
 * start; anything else is move tokens from the start position.
 */
export function parseLoad(text) {
  text = text.trim();
  if (text.includes("[")) {
    const tags = Object.fromEntries([...text.matchAll(/\[(\w+)\s+"([^"]*)"\]/g)].map((m) => [m[1], m[2]]));
    const body = text.replace(/\[[^\]]*\]/g, " ").replace(/\{[^}]*\}/g, " ");
    const moves = body.split(/\s+/).filter((t) => t && !RESULTS.includes(t));
    return {
      variant: tags.Variant || null,
      pieces: tags.Pieces ? Number(tags.Pieces) : null,
      start: tags.FEN || "startpos",
      moves,
      isRecord: true,
    };
  }
  if (text.includes("/")) return { variant: null, pieces: null, start: text, moves: [], isRecord: false };
  return { variant: null, pieces: null, start: "startpos", moves: text.split(/\s+/).filter(Boolean), isRecord: false };
}
