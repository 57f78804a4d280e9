// End-to-end tests of `latrunculi gui`: a real headless Chromium clicks the page as a person
// would. Each test saves a screenshot under target/gui-screenshots and checks it is not
// blank. Run with `npm test` in this directory after `cargo build --release` (see README).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { startGui, launch, openPage, screenshot, view, click, waitForTurn } from "./harness.mjs";
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

/** Sets the new-game form and starts the game. */
async function newGame(page, { variant, white = "human", black = "engine", depth = null, pieces = null }) {
  await page.selectOption("#variant", variant);
  await page.waitForFunction(() => !document.body.dataset.busy);
  await page.waitForTimeout(200);
  if (pieces) await page.fill("#pieces", String(pieces));
  await page.selectOption("#player-0", white);
  await page.selectOption("#player-1", black);
  if (depth) {
    await page.selectOption("#level-kind", "depth");
    await page.fill("#level-value", String(depth));
  }
  await page.click("#new-game-start");
  await page.waitForFunction((v) => window.latrunculi.state.game?.variant === v && window.latrunculi.state.view?.d.variant === v, variant);
}

/** Plays `token` by clicking: the origin then each landing, or the square placed on. */
async function clickMove(page, token) {
  const t = parseToken(token);
  if (t.kind === "place") await click(page, t.to);
  else if (t.kind === "remove") await click(page, t.at);
  else for (const sq of t.squares) await click(page, sq);
}

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
  await page.close();
});
