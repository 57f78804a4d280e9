// Memory of the GUI server over many engine-vs-engine games played through the page:
// `node memory.mjs [GAMES] [VARIANT] [MS]` (defaults 200, little-soldiers, 10 ms a move).
// Prints the server's resident memory every 10 games; not a test (it takes minutes), but the
// figure the README quotes. Build first with `cargo build --release`.

import { readFileSync } from "node:fs";
import { startGui, launch, openPage } from "./harness.mjs";

const games = Number(process.argv[2] || 200);
const variant = process.argv[3] || "little-soldiers";
const ms = Number(process.argv[4] || 10);

function rssKb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : NaN;
}

const gui = await startGui();
const browser = await launch();
const page = await openPage(browser, gui.url, variant);
await page.selectOption("#player-0", "engine");
await page.selectOption("#player-1", "engine");
await page.selectOption("#level-kind", "movetime");
await page.fill("#level-value", String(ms));
const started = Date.now();
let plies = 0;
console.log(`game  plies  server RSS (kB)  elapsed (s)`);
for (let g = 1; g <= games; g++) {
  const n = await page.evaluate(() => window.latrunculi.state.gamesStarted);
  await page.click("#new-game-start");
  await page.waitForFunction((n) => window.latrunculi.state.gamesStarted > n, n);
  await page.waitForFunction(() => window.latrunculi.state.game.result, null, { timeout: 600000, polling: 200 });
  plies += await page.evaluate(() => window.latrunculi.state.game.moves.length);
  if (g === 1 || g % 10 === 0 || g === games) {
    console.log(`${String(g).padStart(4)}  ${String(plies).padStart(6)}  ${String(rssKb(gui.proc.pid)).padStart(15)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(11)}`);
  }
}
await browser.close();
gui.stop();
