// Unit tests of the page's modules that need no browser: the search queue, the clocks,
// records and the reading of the engine's lines. (Run by `npm test` with the rest.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { Searches } from "../../src/gui/web/searches.js";
import { Clock } from "../../src/gui/web/clock.js";
import { recordText, parseLoad, wrap, resultCode } from "../../src/gui/web/record.js";
import * as N from "../../src/gui/web/notation.js";

test("searches: one wanted at a time, stale ones stopped, MultiPV set only when it changes", () => {
  const sent = [];
  const s = new Searches((line) => sent.push(line));
  const game = {};
  const play = { purpose: "play", game, cursor: 4, multipv: 1 };
  assert.ok(s.runs(null), "nothing wanted, nothing runs");
  s.start(play, "position startpos moves a b c d", "go movetime 100");
  assert.deepEqual(sent, ["position startpos moves a b c d", "go movetime 100"], "MultiPV is already 1");
  assert.ok(s.runs({ ...play }));
  assert.ok(!s.runs({ ...play, cursor: 5 }));
  const analyse = { purpose: "analyse", game, cursor: 4, multipv: 3 };
  s.start(analyse, "position startpos moves a b c d", "go infinite");
  assert.deepEqual(sent.slice(2), ["stop", "setoption name MultiPV value 3", "position startpos moves a b c d", "go infinite"]);
  // The first bestmove ends the stopped play search; the analysis is then the head.
  assert.equal(s.ended().purpose, "play");
  assert.equal(s.head.purpose, "analyse");
  s.start(play, "position startpos moves a b c d", "go movetime 100");
  assert.equal(sent.at(-3), "setoption name MultiPV value 1", "the engine's move is searched with one line");
  s.stopAll();
  assert.equal(s.current, null);
  assert.equal(sent.at(-1), "stop");
  const before = sent.length;
  s.stopAll();
  assert.equal(sent.length, before, "nothing to stop: no second stop");
  s.reset();
  assert.equal(s.head, null);
  assert.equal(s.multipv, 1);
});

test("clock: time runs for one side, the mover gets the increment, a flag falls at zero", () => {
  let now = 0;
  const c = new Clock({ base: 60000, inc: 2000 }, () => now);
  c.start(0);
  now = 10000;
  assert.equal(c.remaining(0), 50000);
  assert.equal(c.text(0), "0:50");
  c.moved(0);
  assert.equal(c.left[0], 52000, "spent 10 s, got 2 s");
  c.start(1);
  now = 71000;
  assert.equal(c.flagged(), 1);
  assert.equal(c.text(1), "0:00", "never below zero");
  c.stop();
  assert.equal(c.flagged(), null, "a stopped clock does not fall");
});

test("records: tags, notes and wrapped movetext; pasted text read as record, position or moves", () => {
  const game = {
    variant: "murray",
    pieces: null,
    piecesRange: null,
    start: "startpos",
    moves: ["a1a2", "b8b7"],
    notes: [null, "+35 198ms"],
    colours: ["white", "black"],
  };
  const text = recordText(game, {
    names: ["Human", "Latrunculi"],
    result: { winner: "black", reason: "white resigned" },
    date: new Date("2026-12-05T10:00:00Z"),
  });
  assert.match(text, /^\[Event "latrunculi gui, murray"\]\n/);
  assert.match(text, /\[Date "2026\.12\.05"\]/);
  assert.match(text, /\[Result "0-1"\]\n\[Variant "murray"\]\n\[Termination "white resigned"\]\n\[PlyCount "2"\]/);
  assert.match(text, /\n\na1a2 b8b7 \{\+35 198ms\} 0-1\n$/);
  assert.deepEqual(parseLoad(text), { variant: "murray", pieces: null, start: "startpos", moves: ["a1a2", "b8b7"], isRecord: true });
  assert.equal(parseLoad("8/8/8 w - 0 0").start, "8/8/8 w - 0 0");
  assert.deepEqual(parseLoad(" a1a2  b8b7 ").moves, ["a1a2", "b8b7"]);
  assert.deepEqual(wrap(["aaaa", "bb", "cc"], 7), ["aaaa bb", "cc"]);
  assert.equal(resultCode(null, ["white", "red"]), "*");
  assert.equal(resultCode({ winner: "red" }, ["white", "red"]), "0-1");
  assert.equal(resultCode({ winner: "draw" }, ["white", "red"]), "1/2-1/2");
});

test("notation: errors read by their code, notes in men, option defaults, d's sides", () => {
  const line = "info string error illegal-move: position unchanged: move 1 of the list: illegal move a1b1: b1 is occupied";
  assert.deepEqual(N.errorOf(["readyok", line]), {
    code: "illegal-move",
    message: "position unchanged: move 1 of the list: illegal move a1b1: b1 is occupied",
  });
  assert.equal(N.errorIn([line]), "position unchanged: move 1 of the list: illegal move a1b1: b1 is occupied");
  assert.equal(N.errorIn([line], 1), "illegal move a1b1: b1 is occupied");
  assert.equal(N.errorIn([line], 2), "position unchanged: move 1 of the list: illegal move a1b1: b1 is occupied");
  assert.deepEqual(N.errorOf(["info string error: no such file"]), { code: "", message: "no such file" });
  assert.equal(N.errorIn(["info string errors are words"]), null);
  assert.equal(N.errorIn(["readyok"]), null);
  assert.equal(N.noteText("+2671 500ms"), "+26.71 500ms");
  assert.equal(N.noteText("-5 3ms"), "-0.05 3ms");
  assert.equal(N.noteText("#3 20ms"), "win in 3 20ms");
  assert.equal(N.noteOf({ score: { cp: 35 }, time: 198 }), "+35 198ms");
  assert.equal(N.noteOf({ score: { mate: -2 }, time: 5 }), "#-2 5ms");
  assert.equal(N.noteOf(null), null);
  const uci = ["id name Latrunculi", "option name UCI_Variant type combo default kowalski-8x12 var murray"];
  assert.equal(N.optionDefault(uci, "UCI_Variant"), "kowalski-8x12");
  assert.equal(N.optionDefault(uci, "Hash"), null);
  const d = N.parseDisplay(["Colours: white red", "Bottom side: red", "Side to move: red"]);
  assert.deepEqual(d.colours, ["white", "red"]);
  assert.equal(d.bottom, "red");
});
