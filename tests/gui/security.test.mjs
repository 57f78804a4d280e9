// The GUI server is closed to every page but its own, as seen from a real browser: another
// web site the user visits cannot start an engine, the address without its token shows
// nothing, and past --max-engines the page says why no engine started.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import { startGui, launch, openPage, screenshot, withParams } from "./harness.mjs";

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

/** Engine processes the GUI server (process `pid`) runs now. */
function engines(pid) {
  return readdirSync(`/proc/${pid}/task`)
    .map((t) => readFileSync(`/proc/${pid}/task/${t}/children`, "utf8"))
    .join(" ")
    .split(/\s+/)
    .filter(Boolean).length;
}

/** The GUI opened in a fresh browser profile (whose cookies its later pages share). */
async function openInContext(url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(withParams(url, { variant: "kowalski-8x12" }));
  return page;
}

/** A web site of its own (another port is another origin) serving `html`. */
function foreignSite(html) {
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(html);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("another web site in the same browser cannot start an engine or read the GUI", async () => {
  const port = new URL(gui.url).port;
  // The user has the GUI open (so the browser holds its cookie) and visits another site.
  const own = await openInContext(gui.url);
  await own.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  const before = engines(gui.proc.pid);
  const site = await foreignSite(`<!doctype html><body><script>
    window.outcome = new Promise((resolve) => {
      const ws = new WebSocket("ws://127.0.0.1:${port}/api/engine/0");
      ws.onopen = () => resolve("opened");
      ws.onerror = () => resolve("refused");
    });
    window.read = fetch("http://127.0.0.1:${port}/api/engines").then((r) => r.status, () => "blocked");
  </script></body>`);
  const page = await own.context().newPage();
  await page.goto(`http://127.0.0.1:${site.address().port}/`);
  assert.equal(await page.evaluate(() => window.outcome), "refused", "the WebSocket is refused");
  assert.equal(await page.evaluate(() => window.read), "blocked", "the list of engines is not readable");
  assert.equal(engines(gui.proc.pid), before, "no engine was started");
  site.close();
  // The GUI's own page still plays.
  await own.fill("#token-input", (await own.evaluate(() => window.latrunculi.state.view.legal[0])));
  await own.click("#token-play");
  await own.waitForFunction(() => window.latrunculi.state.game.moves.length >= 1);
  await own.context().close();
});

test("the address without its token shows a refusal, not the GUI", async () => {
  const bare = new URL(gui.url);
  bare.search = "";
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.goto(bare.toString());
  assert.equal(res.status(), 403);
  assert.match(await page.textContent("body"), /open the address with the token that `latrunculi gui` printed/);
  // The printed address opens the GUI, and takes the token out of the address bar.
  const open = await openPage(browser, gui.url, "kowalski-8x12");
  assert.doesNotMatch(open.url(), /token=/);
  await context.close();
  await open.close();
});

test("past --max-engines the page says that no engine was started, and why", async () => {
  const small = await startGui(["--max-engines", "1"]);
  try {
    const first = await openInContext(small.url);
    await first.waitForSelector("body[data-ready=true]", { timeout: 30000 });
    const second = await first.context().newPage();
    await second.goto(small.url);
    await second.waitForSelector("#engine-trouble", { state: "visible", timeout: 20000 });
    const text = await second.textContent("#engine-trouble-text");
    assert.match(text, /^No engine was started: 1 engine already runs \(the most `latrunculi gui --max-engines` allows\)/);
    await screenshot(second, "engine-limit");
    // Closing the first game frees its engine: Restart then works in the second tab.
    await first.close();
    for (let i = 0; i < 100 && engines(small.proc.pid) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    await second.click("#restart-engine");
    await second.waitForSelector("#engine-trouble", { state: "hidden", timeout: 20000 });
    await second.waitForSelector("body[data-ready=true]", { timeout: 30000 });
    assert.equal(await second.evaluate(() => window.latrunculi.state.game.variant), "kowalski-8x12");
    await second.context().close();
  } finally {
    small.stop();
  }
});
