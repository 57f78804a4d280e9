// Shared set-up of the browser tests: a `latrunculi gui` server, headless Chromium, and
// screenshots that are checked not to be blank.

import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { parseToken } from "../../src/gui/web/notation.js";

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, "..", "..");
export const shots = join(root, "target", "gui-screenshots");

/** Starts `latrunculi gui --port 0` and resolves with its address once it listens. */
export function startGui(extraArgs = []) {
  const bin = process.env.LATRUNCULI_BIN || join(root, "target", "release", "latrunculi");
  const proc = spawn(bin, ["gui", "--port", "0", ...extraArgs], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolvePromise, reject) => {
    let out = "";
    proc.stdout.on("data", (chunk) => {
      out += chunk;
      const m = /GUI at (http:\/\/\S+)/.exec(out);
      if (m) resolvePromise({ url: m[1], proc, stop: () => proc.kill() });
    });
    proc.on("exit", (code) => reject(new Error(`latrunculi gui exited (${code}): ${out}`)));
  });
}

/** `url` (the address the server printed, with its token) with more query parameters. */
export function withParams(url, params) {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Headless Chromium, started the way this machine's closed network needs. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Opens the page on `variant` and waits until the engine has set up the first game. */
export async function openPage(browser, url, variant, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(withParams(url, { variant }));
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  return page;
}

/** Saves a screenshot under target/gui-screenshots and checks it is not blank. */
export async function screenshot(page, name) {
  mkdirSync(shots, { recursive: true });
  const path = join(shots, `${name}.png`);
  const png = await page.screenshot({ path, fullPage: true });
  const colours = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  }, `data:image/png;base64,${png.toString("base64")}`);
  if (colours < 16) throw new Error(`screenshot ${name} looks blank (${colours} colours)`);
  return path;
}

/** The page's state (what the engine last told it), read through its debugging handle. */
export function view(page) {
  return page.evaluate(() => {
    const s = window.latrunculi.state;
    return {
      moves: s.game.moves.slice(),
      cursor: s.cursor,
      legal: s.view.legal.slice(),
      side: s.view.sideIndex,
      result: s.view.result || s.game.result,
      fen: s.view.d.fen,
    };
  });
}

/** Clicks a square of the board. */
export async function click(page, square) {
  await page.click(`#board [data-square="${square}"]`);
}

/** Waits until a human (colour `side`) is to move or the game is over. */
export async function waitForTurn(page, side, timeout = 30000) {
  await page.waitForFunction(
    (side) => {
      const s = window.latrunculi.state;
      return !s.busy && s.view && ((s.view.result || s.game.result) || (s.view.sideIndex === side && s.searches.queue.length === 0));
    },
    side,
    { timeout },
  );
}

/** Sets the new-game form and starts the game. */
export async function newGame(page, { variant, white = "human", black = "engine", depth = null, movetime = null, pieces = null }) {
  const games = await page.evaluate(() => window.latrunculi.state.gamesStarted);
  await page.selectOption("#variant", variant);
  await page.waitForFunction(() => !window.latrunculi.state.busy);
  if (pieces) await page.fill("#pieces", String(pieces));
  await page.selectOption("#player-0", white);
  await page.selectOption("#player-1", black);
  if (depth) {
    await page.selectOption("#level-kind", "depth");
    await page.fill("#level-value", String(depth));
  }
  if (movetime) {
    await page.selectOption("#level-kind", "movetime");
    await page.fill("#level-value", String(movetime));
  }
  await page.click("#new-game-start");
  await page.waitForFunction(
    ([v, n]) => {
      const s = window.latrunculi.state;
      return s.gamesStarted > n && s.game.variant === v && s.busy === 0;
    },
    [variant, games],
  );
}

/** Plays `token` by clicking: the origin then each landing, or the square placed on. */
export async function clickMove(page, token) {
  const t = parseToken(token);
  if (t.kind === "place") await click(page, t.to);
  else if (t.kind === "remove") await click(page, t.at);
  else for (const sq of t.squares) await click(page, sq);
}
