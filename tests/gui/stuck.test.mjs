// Ordinary clicks that once left a game stuck or showed it wrongly: each test clicks what a
// person clicked, and checks the game goes on and the page tells the truth.

import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { startGui, launch, openPage as openTab, screenshot, newGame } from "./harness.mjs";

let gui;
let browser;

before(async () => {
  gui = await startGui();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  gui?.stop();
});

// Each test's pages are closed after it, failed or not, so their engines end with them.
const opened = new Set();
afterEach(async () => {
  for (const page of opened) await page.close();
  opened.clear();
});

async function openPage(...args) {
  const page = await openTab(...args);
  opened.add(page);
  return page;
}

const moves = (page) => page.evaluate(() => window.latrunculi.state.game.moves.length);

/** Types the first legal move into the Move box and plays it; resolves when it was played. */
async function typeFirstMove(page) {
  const n = await moves(page);
  const token = await page.evaluate(() => window.latrunculi.state.view.legal[0]);
  await page.fill("#token-input", token);
  await page.click("#token-play");
  await page.waitForFunction((n) => window.latrunculi.state.game.moves.length > n, n);
}

/**
 * A kowalski-10x11 game (no opening book: the engine's replies are searched), the human
 * White against the engine thinking `ms` a move.
 */
async function againstSlowEngine(ms) {
  const page = await openPage(browser, gui.url, "kowalski-10x11");
  await newGame(page, { variant: "kowalski-10x11", movetime: ms });
  await typeFirstMove(page);
  await page.waitForFunction(() => /Black is thinking/.test(document.getElementById("message").textContent));
  return page;
}

test("Analyse while the engine thinks, then Stop: the engine plays its move", async () => {
  const page = await againstSlowEngine(1500);
  await page.click("#analyse-start");
  await page.waitForSelector("#analysis-lines tbody tr");
  const analysing = await page.textContent("#status");
  await page.click("#analyse-stop");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 2, null, { timeout: 15000 });
  assert.match(analysing, /The engine waits until the analysis stops/);
  // The move is in the game's state before the page has drawn the new side to move: the
  // check is that it does draw it (the wait fails otherwise).
  await page.waitForFunction(() => /^White to play/.test(document.getElementById("status").textContent), null, { timeout: 15000 });
});

test("another ruleset picked while the engine thinks: the game shown goes on", async () => {
  const page = await againstSlowEngine(1500);
  await page.selectOption("#variant", "murray");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 2, null, { timeout: 15000 });
  const message = await page.textContent("#message");
  assert.doesNotMatch(message, /illegal|unchanged/, message);
  assert.equal(await page.evaluate(() => window.latrunculi.state.game.variant), "kowalski-10x11");
});

test("after analysis with several lines, the engine's moves are searched with one", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  await page.selectOption("#multipv", "3");
  await page.click("#analyse-start");
  await page.waitForFunction(() => document.querySelectorAll("#analysis-lines tbody tr").length === 3);
  await page.click("#analyse-stop");
  await newGame(page, { variant: "kowalski-10x11", white: "engine", black: "human", movetime: 200 });
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 1);
  const log = await page.evaluate(() => window.latrunculi.state.engine.log);
  const go = log.findLastIndex((l) => l.startsWith("> go movetime"));
  const multipv = log.slice(0, go).findLast((l) => l.startsWith("> setoption name MultiPV"));
  assert.equal(multipv, "> setoption name MultiPV value 1", "the engine's search has one line");
  assert.ok(!log.slice(go).some((l) => / multipv 2 /.test(l)), "no second line was searched");
});

/** The vertical middle of an element, and of the board. */
const middle = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return (r.top + r.bottom) / 2;
});

/** Whether the panel of colour `c` is below the board. */
const panelBelow = async (page, c) => (await middle(page, `#side-${c}`)) > (await middle(page, "#board"));

/** Whether the pieces of colour `c` are in the lower half of the board. */
async function piecesBelow(page, c) {
  const ys = await page.$$eval(`#board circle.piece.side-${c}`, (els) => els.map((e) => e.getBoundingClientRect().top));
  return ys.reduce((a, b) => a + b, 0) / ys.length > (await middle(page, "#board"));
}

test("murray and luductus: each side's label is on its own side of the board, also flipped", async () => {
  const page = await openPage(browser, gui.url, "murray");
  await newGame(page, { variant: "murray", white: "human", black: "human" });
  // Murray: White's men start on rank 8, at the top.
  for (const flips of [0, 1]) {
    for (const c of [0, 1]) {
      assert.equal(await panelBelow(page, c), await piecesBelow(page, c), `murray, colour ${c}, flipped ${flips}`);
    }
    assert.equal(await panelBelow(page, 0), flips === 1, "White below only when flipped");
    await page.click("#flip");
  }
  // Luductus: Red places on rows 1-2, at the bottom, before any piece is on the board.
  await newGame(page, { variant: "luductus", white: "human", black: "human" });
  assert.match(await page.textContent("#side-1"), /^Red/);
  assert.equal(await panelBelow(page, 1), true, "Red's panel is below the board");
  await page.click("#flip");
  assert.equal(await panelBelow(page, 1), false, "and above it when flipped");
  await screenshot(page, "luductus-flipped");
});

test("a long game's moves scroll up and down in their box, added one at a time", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  await newGame(page, { variant: "kowalski-8x12", white: "engine", black: "engine", depth: 1 });
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length >= 5);
  const first = await page.$("#moves li");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length >= 93, null, { timeout: 60000 });
  // Watching kept the items already shown: each move adds one, the list is not rebuilt.
  assert.ok(await first.evaluate((e) => e.isConnected && e === document.querySelector("#moves li")));
  await page.click("#nav-first"); // back to the start: the watching pauses
  await page.waitForFunction(() => window.latrunculi.state.view.cursor === 0 && !window.latrunculi.state.busy);
  const box = await page.evaluate(() => {
    const l = document.getElementById("moves");
    return { sw: l.scrollWidth, cw: l.clientWidth, sh: l.scrollHeight, ch: l.clientHeight, top: l.scrollTop };
  });
  assert.ok(box.sw <= box.cw + 1, `no sideways overflow (${box.sw} in ${box.cw})`);
  assert.ok(box.sh > box.ch, "more moves than the box shows");
  assert.equal(box.top, 0, "the first moves are shown");
  await page.hover("#moves li");
  await page.mouse.wheel(0, 300);
  await page.waitForFunction(() => document.getElementById("moves").scrollTop > 0);
  await screenshot(page, "long-move-list");
});

test("a new game, even on another ruleset, starts without the old analysis", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  await page.click("#analyse-start");
  await page.waitForSelector("#analysis-lines tbody tr");
  await newGame(page, { variant: "bell-8x8", white: "human", black: "human" });
  assert.equal(await page.$$eval("#analysis-lines tbody tr", (rows) => rows.length), 0, "no old lines");
  assert.equal(await page.isHidden("#eval-bar"), true, "no old evaluation bar");
  assert.equal(await page.$$eval("#board line.arrow", (a) => a.length), 0, "no old arrows");
});

test("the side to move is highlighted beside the board", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  await newGame(page, { variant: "kowalski-8x12", white: "human", black: "human" });
  const weight = (c) => page.$eval(`#side-${c}`, (e) => getComputedStyle(e).fontWeight);
  assert.equal(await weight(0), "700", "White, to move, stands out");
  assert.equal(await weight(1), "400");
  await typeFirstMove(page);
  // The move is in the game's state before the page has drawn the new position.
  await page.waitForFunction(() => getComputedStyle(document.getElementById("side-1")).fontWeight === "700");
  assert.equal(await weight(0), "400", "then Black, not White");
  assert.equal(await weight(1), "700", "then Black");
});

test("the page opens on the engine's default ruleset", async () => {
  const page = await browser.newPage();
  opened.add(page);
  await page.goto(gui.url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  assert.equal(await page.inputValue("#variant"), "kowalski-8x12");
  assert.equal(await page.evaluate(() => window.latrunculi.state.game.variant), "kowalski-8x12");
});

test("a mistyped move is explained without the protocol's prefixes", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  await newGame(page, { variant: "kowalski-8x12", white: "human", black: "human" });
  await page.fill("#token-input", "a1b1");
  await page.click("#token-play");
  await page.waitForFunction(() => document.getElementById("message").textContent !== "");
  const message = await page.textContent("#message");
  assert.match(message, /^illegal move a1b1: /, message);
});

test("Resign ends the game for the player, and the record says so", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  await newGame(page, { variant: "kowalski-8x12", movetime: 50 });
  await page.click("#resign");
  await page.waitForFunction(() => window.latrunculi.state.game.result);
  assert.equal(await page.textContent("#result"), "Black wins: white resigned");
  assert.match(await page.textContent("#status"), /^Black wins: white resigned/);
  const record = await page.evaluate(() => window.latrunculi.recordText());
  assert.match(record, /\[Result "0-1"\]/);
  assert.match(record, /\[Termination "white resigned"\]/);
});

test("the engine's notes in the move list are in men, as the analysis is", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  await newGame(page, { variant: "kowalski-10x11", white: "engine", black: "engine", movetime: 100 });
  await page.waitForSelector("#moves li .note");
  const note = await page.textContent("#moves li .note");
  assert.match(note, /^ ([+-]?\d+\.\d\d|(win|loss) in \d+) \d+ms$/, note);
  const record = await page.evaluate(() => window.latrunculi.recordText());
  assert.match(record, /\{(\+|-)?\d+ \d+ms\}|\{#-?\d+ \d+ms\}/, "the record keeps the runner's centipawns");
});

test("a loaded position counts as lost only what is lost after it", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  // The start position without White's first rank of men.
  const fen = await page.evaluate(() => {
    const f = window.latrunculi.state.game.startFen.split(" ");
    const rows = f[0].split("/");
    rows[rows.length - 1] = String(window.latrunculi.state.view.pos.files);
    return [rows.join("/"), ...f.slice(1)].join(" ");
  });
  await page.click("#records-panel summary");
  await page.fill("#load-text", fen);
  await page.click("#load");
  await page.waitForFunction(() => /Loaded/.test(document.getElementById("message").textContent));
  const white = await page.textContent("#side-0");
  assert.doesNotMatch(white, /lost/, white);
  assert.match(white, /: \d+\/\d+ pieces/);
});

test("at 1280x800 a long status and message leave the Move box on the screen", async () => {
  const page = await openPage(browser, gui.url, "bell-8x7", { width: 1280, height: 800 });
  // A board as tall as the screen allows, and the longest words the engine may have for the status line
  // (several turns going on at once) and for a refused move.
  await page.evaluate(() => {
    document.getElementById("status").textContent = "White to play. Turn goes on: ".repeat(8);
    document.getElementById("message").textContent = "illegal move: ".repeat(30);
  });
  const bottom = await page.$eval("#token-play", (e) => e.getBoundingClientRect().bottom);
  assert.ok(bottom <= 800, `the Play button ends at ${bottom}px`);
  await screenshot(page, "long-status-1280x800");
});

test("on a phone the 11x16 board's file and rank labels stay readable", async () => {
  const page = await openPage(browser, gui.url, "kharebga-rules-11x16", { width: 390, height: 844 });
  const heights = await page.$$eval("#board text.label", (ls) => ls.map((l) => l.getBoundingClientRect().height));
  assert.ok(heights.length > 0);
  assert.ok(Math.min(...heights) >= 8, `labels ${Math.min(...heights).toFixed(1)} px high`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
  await screenshot(page, "phone-11x16");
});
