// End-to-end tests of `latrunculi gui`: a real headless Chromium clicks the page as a person
// would. Each test saves a screenshot under target/gui-screenshots and checks it is not
// blank. Run with `npm test` in this directory after `cargo build --release` (see README).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { startGui, launch, openPage, screenshot, view, click, waitForTurn, root, withParams, newGame, clickMove } from "./harness.mjs";
import { parseToken } from "../../src/gui/web/notation.js";

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

test("a whole little-soldiers game against depth 1, to its result and the tally", async () => {
  const page = await openPage(browser, gui.url, "little-soldiers");
  await newGame(page, { variant: "little-soldiers", depth: 1 });
  const tallyBefore = await page.textContent("#tally");
  assert.match(tallyBefore, /little-soldiers: you won \d+, drew \d+, lost \d+/);
  for (let ply = 0; ply < 400; ply++) {
    await waitForTurn(page, 0);
    const v = await view(page);
    if (v.result) break;
    // A plain step or slide (the first the engine lists), clicked from and to.
    const token = v.legal.find((t) => parseToken(t).kind === "go") || v.legal[0];
    const before = v.moves.length;
    await clickMove(page, token);
    await page.waitForFunction((n) => window.latrunculi.state.game.moves.length > n || window.latrunculi.state.game.result, before);
    const after = await view(page);
    assert.equal(after.moves[before], token, "the clicked move was played");
  }
  const v = await view(page);
  assert.ok(v.result, "the game ended by the rules");
  const result = await page.textContent("#result");
  assert.match(result, /(wins|Draw): \w+/);
  const tally = await page.textContent("#tally");
  assert.notEqual(tally, tallyBefore, "the tally counted the game");
  await screenshot(page, "little-soldiers-finished");
  assert.match(await replayDownload(page), /: ok .*\n1 game, 0 wrong/);
  await page.close();
});

/** Downloads the game's record and returns what `latrunculi replay` says of it. */
async function replayDownload(page) {
  await page.click("#records-panel summary");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  await page.click("#records-panel summary");
  const out = execFileSync(process.env.LATRUNCULI_BIN || join(root, "target", "release", "latrunculi"), ["replay", await download.path()]);
  return out.toString();
}

/** Pastes `text` into the records box and loads it. */
async function loadText(page, text) {
  const games = await page.evaluate(() => window.latrunculi.state.gamesStarted);
  await page.click("#records-panel summary");
  await page.fill("#load-text", text);
  await page.click("#load");
  await page.waitForFunction((n) => window.latrunculi.state.gamesStarted > n && !window.latrunculi.state.busy, games);
  await page.click("#records-panel summary");
}

const SCHADLER_MIDGAME = "1MMMMmmM/m2M1TmM/1M1M1m2/2mt1m2/mm1M4/m7/1MtM4/M1mmmMmM w - 4 36";

test("schadler-2001: place by clicking, hop a chain landing by landing, remove a trapped man", async () => {
  const page = await openPage(browser, gui.url, "schadler-2001");
  await newGame(page, { variant: "schadler-2001", black: "human" });
  await click(page, "d4");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 1 && !window.latrunculi.state.busy);
  let v = await view(page);
  assert.deepEqual(v.moves, ["@d4"]);
  assert.equal(await page.getAttribute('#board [data-square="d4"] circle.piece', "data-colour"), "white");

  // A chain: each landing is a click; where it could go on, clicking the landing again ends it.
  await loadText(page, SCHADLER_MIDGAME);
  for (const sq of ["c8", "a8", "a6", "c6"]) await click(page, sq);
  const targets = await page.$$eval("#board circle.target", (cs) => cs.map((c) => c.parentNode.dataset.square).sort());
  assert.deepEqual(targets, ["c4", "e6"], "the chain's next landings are lit");
  assert.match(await page.textContent("#choices"), /End the move on c6/);
  await screenshot(page, "schadler-chain");
  await click(page, "c6");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 1 && !window.latrunculi.state.busy);
  v = await view(page);
  assert.deepEqual(v.moves, ["c8a8a6c6"]);
  assert.equal(await page.getAttribute('#board [data-square="c6"] circle.piece', "data-colour"), "white");
  assert.equal(await page.$('#board [data-square="c8"] circle.piece'), null);

  // A removal: the trapped black man on c2 is marked; one click takes it off.
  await loadText(page, SCHADLER_MIDGAME);
  assert.equal(await page.getAttribute('#board [data-square="c2"] circle.piece', "data-kind"), "trapped");
  assert.ok(await page.$('#board [data-square="c2"] circle.removable'), "the trapped man is marked removable");
  await click(page, "c2");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 1 && !window.latrunculi.state.busy);
  v = await view(page);
  assert.deepEqual(v.moves, ["xc2"]);
  assert.equal(await page.$('#board [data-square="c2"] circle.piece'), null);
  assert.ok(await page.$('#board [data-square="c2"] path.removed'), "the removed square is marked");
  await screenshot(page, "schadler-removal");
  await page.close();
});

test("bell-8x8: two placements a turn by the same side, and a forced pass played with a message", async () => {
  const page = await openPage(browser, gui.url, "bell-8x8");
  await newGame(page, { variant: "bell-8x8", white: "human", black: "human" });
  await click(page, "a1");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 1 && !window.latrunculi.state.busy);
  assert.equal((await view(page)).side, 0, "white places again");
  assert.match(await page.textContent("#status"), /^White to play/);
  await click(page, "b1");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 2 && !window.latrunculi.state.busy);
  assert.equal((await view(page)).side, 1, "then black");
  // White's only man is walled in: the page passes for the player and says so.
  await loadText(page, "8/8/8/8/8/8/m7/Mm6 w - 0 40");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 1 && !window.latrunculi.state.busy);
  assert.deepEqual((await view(page)).moves, ["0000"]);
  assert.equal(await page.textContent("#message"), "White has no legal move and passes.");
  assert.equal((await view(page)).side, 1);
  await screenshot(page, "bell-pass");
  await page.close();
});

test("luductus: the praetorian placed first, chosen among the pieces the square allows", async () => {
  const page = await openPage(browser, gui.url, "luductus");
  await newGame(page, { variant: "luductus", white: "human", black: "human" });
  const v = await view(page);
  assert.equal(v.side, 1, "red places first");
  const token = v.legal.find((t) => t.startsWith("K@"));
  const square = token.slice(2);
  await click(page, square);
  await page.waitForSelector("#choices button");
  const labels = await page.$$eval("#choices button", (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(labels.sort(), ["a leader", "a man"]);
  await page.click('#choices button[data-token^="K@"]');
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 1 && !window.latrunculi.state.busy);
  assert.deepEqual((await view(page)).moves, [token]);
  assert.equal(await page.getAttribute(`#board [data-square="${square}"] circle.piece`, "data-kind"), "leader");
  assert.equal(await page.getAttribute(`#board [data-square="${square}"] circle.piece`, "data-colour"), "red");
  await screenshot(page, "luductus-praetorian");
  await page.close();
});

test("take back a move against the engine, and an illegal attempt explained in the engine's words", async () => {
  const page = await openPage(browser, gui.url, "little-soldiers");
  await newGame(page, { variant: "little-soldiers", depth: 1 });
  await click(page, "a1");
  await click(page, "b2");
  await page.waitForFunction(() => !window.latrunculi.state.busy);
  assert.match(await page.textContent("#message"), /illegal move a1b2/, "the engine says why");
  await click(page, "c2");
  await click(page, "c3");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 2);
  await waitForTurn(page, 0);
  assert.equal((await view(page)).moves[0], "c2c3");
  await page.click("#take-back");
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 0 && !window.latrunculi.state.busy);
  const v = await view(page);
  assert.equal(v.side, 0, "white to move again");
  assert.ok(await page.$('#board [data-square="c2"] circle.piece'), "the man is back on c2");
  await screenshot(page, "take-back");
  // A move typed in the box: refused in the engine's words, or played.
  await page.fill("#token-input", "a1b2");
  await page.click("#token-play");
  await page.waitForFunction(() => /illegal move a1b2/.test(document.getElementById("message").textContent));
  await page.fill("#token-input", "c2c4");
  await page.click("#token-play");
  await page.waitForFunction(() => window.latrunculi.state.game.moves[0] === "c2c4");
  await page.close();
});

test("a record downloaded, then loaded again, goes on from where it was", async () => {
  const page = await openPage(browser, gui.url, "little-soldiers");
  await newGame(page, { variant: "little-soldiers", depth: 1 });
  for (const [from, to] of [["c2", "c3"], ["d2", "d3"]]) {
    await waitForTurn(page, 0);
    await click(page, from);
    await click(page, to);
    await page.waitForFunction((n) => window.latrunculi.state.game.moves.length >= n, 1);
  }
  await waitForTurn(page, 0);
  const played = (await view(page)).moves;
  assert.equal(played.length, 4);
  await page.click("#records-panel summary");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const text = readFileSync(await download.path(), "utf8");
  assert.match(text, /\[Variant "little-soldiers"\]/);
  assert.match(text, /\[Result "\*"\]/);
  for (const m of played) assert.ok(text.includes(m), `the record holds ${m}`);
  await page.click("#records-panel summary");
  await newGame(page, { variant: "little-soldiers", depth: 1 });
  assert.equal((await view(page)).moves.length, 0);
  await loadText(page, text);
  const v = await view(page);
  assert.deepEqual(v.moves, played);
  // Back two moves and on from there with another move: the rest of the game is dropped.
  await page.click("#nav-prev");
  await page.click("#nav-prev");
  await page.waitForFunction(() => window.latrunculi.state.cursor === 2 && !window.latrunculi.state.busy);
  await page.click('#moves li[data-index="1"]');
  await page.waitForFunction(() => window.latrunculi.state.cursor === 1 && !window.latrunculi.state.busy);
  await page.click("#nav-next");
  await page.waitForFunction(() => window.latrunculi.state.cursor === 2 && !window.latrunculi.state.busy);
  const other = (await view(page)).legal.find((t) => t !== played[2]);
  await clickMove(page, other);
  await page.waitForFunction(() => window.latrunculi.state.game.moves.length === 3 && !window.latrunculi.state.busy);
  assert.deepEqual((await view(page)).moves, [...played.slice(0, 2), other]);
  await screenshot(page, "record-loaded");
  await page.close();
});

test("analysis with three lines: depth lines arrive, best line shown on the board", async () => {
  const page = await openPage(browser, gui.url, "kowalski-8x12");
  await newGame(page, { variant: "kowalski-8x12", black: "human" });
  await page.selectOption("#multipv", "3");
  await page.click("#analyse-start");
  await page.waitForFunction(
    () => {
      const rows = [...document.querySelectorAll("#analysis-lines tbody tr")];
      return rows.length === 3 && rows.every((r) => Number(r.children[2].textContent.split("/")[0]) >= 4);
    },
    null,
    { timeout: 30000 },
  );
  const rows = await page.$$eval("#analysis-lines tbody tr", (rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
  for (const r of rows) {
    assert.match(r[1], /^[+-]?\d+\.\d\d$|^(win|loss) in \d+$/, "a score in pieces or a win/loss");
    assert.ok(r[5].split(" ").length >= 2, "a principal variation");
  }
  assert.ok(await page.$("#board line.arrow.pv-0"), "the best move is drawn on the board");
  assert.ok(await page.$("#board line.arrow.pv-1"), "and the reply after it");
  assert.equal(await page.isHidden("#eval-bar"), false, "the evaluation bar shows");
  await screenshot(page, "analysis-multipv");
  await page.click("#analyse-stop");
  await page.close();
});

test("a clock that runs out loses the game, and the board flips", async () => {
  const page = await openPage(browser, gui.url, "murray");
  await page.fill("#tc-minutes", "0.05");
  await newGame(page, { variant: "murray", white: "human", black: "engine" });
  await page.waitForSelector("#clocks", { state: "visible" });
  // Black (the engine) moves first, on its clock; White, the human, lets three seconds pass.
  await page.waitForFunction(() => window.latrunculi.state.game.result, null, { timeout: 20000 });
  const v = await view(page);
  assert.equal(v.moves.length, 1, "the engine moved, the human did not");
  assert.match(await page.textContent("#result"), /Black wins: white ran out of time \(time forfeit\)/);
  assert.match(await replayDownload(page), /ok 0-1 white ran out of time \(time forfeit\) \(decided outside the rules\)/);
  assert.match(await page.textContent("#status"), /^Black wins: white ran out of time/, "the status tells the result");
  assert.equal(await page.$$eval(".side-panel.to-move", (els) => els.length), 0, "nobody is to move any more");
  await page.fill("#tc-minutes", "0");
  // In murray White's men start on rank 8: the human (White) plays from the bottom, so the
  // board is drawn with rank 8 below; Flip turns it round.
  const a1 = await page.$eval('#board [data-square="a1"] rect', (r) => Number(r.getAttribute("y")));
  const a8 = await page.$eval('#board [data-square="a8"] rect', (r) => Number(r.getAttribute("y")));
  assert.ok(a8 > a1, "rank 8, White's home, is at the bottom");
  await page.click("#flip");
  const flipped = await page.$eval('#board [data-square="a1"] rect', (r) => Number(r.getAttribute("y")));
  assert.ok(flipped > a1, "a1 moved from the top to the bottom");
  await screenshot(page, "clock-and-flip");
  await page.close();
});

test("an engine that does not answer is reported", async () => {
  const silent = await startGui(["--engine", "sleep 600"]);
  try {
    const page = await browser.newPage();
    await page.goto(withParams(silent.url, { answerTimeout: 1500 }));
    await page.waitForSelector("#engine-trouble", { state: "visible", timeout: 20000 });
    assert.match(await page.textContent("#engine-trouble-text"), /stopped answering/);
    assert.ok(await page.isVisible("#restart-engine"));
    await screenshot(page, "engine-silent");
    await page.close();
  } finally {
    silent.stop();
  }
});

test("a killed engine is reported, restarted, and the game goes on", async () => {
  const page = await openPage(browser, gui.url, "little-soldiers");
  await newGame(page, { variant: "little-soldiers", depth: 1 });
  await click(page, "c2");
  await click(page, "c3");
  await waitForTurn(page, 0);
  const before = (await view(page)).moves;
  const pid = await page.evaluate(() => window.latrunculi.state.engine.pid);
  process.kill(pid, "SIGKILL");
  await page.waitForSelector("#engine-trouble", { state: "visible" });
  assert.match(await page.textContent("#engine-trouble-text"), /The engine stopped/);
  await screenshot(page, "engine-killed");
  await page.click("#restart-engine");
  await page.waitForSelector("#engine-trouble", { state: "hidden" });
  await page.waitForFunction((p) => window.latrunculi.state.engine.pid !== p && !window.latrunculi.state.busy, pid);
  assert.deepEqual((await view(page)).moves, before, "the game is kept");
  await click(page, "d2");
  await click(page, "d3");
  await page.waitForFunction((n) => window.latrunculi.state.game.moves.length === n + 2, before.length);
  await page.close();
});
