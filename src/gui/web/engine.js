// One engine process, reached through the server's WebSocket, spoken to in the protocol.
//
// `query(cmd)` sends a command followed by `isready` and resolves with every line that
// came before `readyok` (search output excepted): the protocol answers `isready` at once,
// even while a search runs, so this is how a command's answer is known to be complete.

const SEARCH_LINE = /^(bestmove\b|info (?!string\b))/;

/** How long an engine may take to answer before it counts as hung (the page's address may
 * set it: `?answerTimeout=2000`). */
const ANSWER_TIMEOUT_MS = Number(new URLSearchParams(location.search).get("answerTimeout")) || 15000;

export class Engine {
  /**
   * @param {number} index which of the server's engines
   * @param {object} hooks {onSearchLine(line), onExit(message), onStart({text, pid})}
   */
  constructor(index, hooks) {
    this.index = index;
    this.hooks = hooks;
    this.queue = Promise.resolve();
    this.pending = null; // {lines, resolve, reject, timer}
    this.alive = false;
    this.pid = null;
    this.log = [];
  }

  /** Opens the connection (a new engine process); resolves once the engine said `uciok`. */
  async start() {
    const url = new URL(`/api/engine/${this.index}`, location.href);
    url.protocol = url.protocol.replace("http", "ws");
    this.ws = new WebSocket(url);
    this.ready = new Promise((resolve, reject) => {
      this.rejectReady = reject;
      this.ws.onmessage = (ev) => this.receive(JSON.parse(ev.data), resolve);
      this.ws.onerror = () => reject(new Error("cannot reach the GUI server"));
      this.ws.onclose = () => this.died("the connection to the GUI server closed");
    });
    await this.ready;
    this.id = await this.query("uci", "uciok");
    return this.id;
  }

  receive(msg, resolveReady) {
    if (msg.kind === "started") {
      this.alive = true;
      this.pid = msg.pid;
      this.hooks.onStart && this.hooks.onStart(msg);
      resolveReady();
    } else if (msg.kind === "exit") {
      this.died(msg.text);
    } else if (msg.kind === "refused") {
      // The server started no engine (too many run already): say so, not "it stopped".
      this.refused = true;
      this.died(msg.text);
    } else if (msg.kind === "error") {
      this.log.push("! " + msg.text);
    } else if (msg.kind === "line") {
      this.line(msg.text);
    }
  }

  line(text) {
    this.log.push("< " + text);
    if (this.log.length > 500) this.log.splice(0, 100);
    const p = this.pending;
    if (p && text === p.until) {
      clearTimeout(p.timer);
      this.pending = null;
      p.resolve(p.lines);
      return;
    }
    if (SEARCH_LINE.test(text)) {
      this.hooks.onSearchLine && this.hooks.onSearchLine(text);
    } else if (p) {
      p.lines.push(text);
    }
  }

  died(message) {
    if (!this.alive && this.dead) return;
    this.alive = false;
    this.dead = true;
    this.rejectReady && this.rejectReady(new Error(message));
    if (this.pending) {
      clearTimeout(this.pending.timer);
      this.pending.reject(new Error(message));
      this.pending = null;
    }
    this.hooks.onExit && this.hooks.onExit(message);
  }

  /** Sends one line without waiting for an answer (`go`, `stop`, `setoption`...). */
  send(line) {
    if (!this.alive) return;
    this.log.push("> " + line);
    this.ws.send(line);
  }

  /**
   * Sends `cmd` (and `isready`, unless `until` names the answer's last line) and resolves
   * with the answer's lines. Queries run one at a time, in order.
   */
  query(cmd, until = "readyok") {
    const run = () =>
      new Promise((resolve, reject) => {
        if (!this.alive) return reject(new Error("the engine is not running"));
        const timer = setTimeout(() => {
          this.pending = null;
          reject(new Error(`the engine did not answer \`${cmd}\``));
          this.hooks.onExit && this.hooks.onExit(`the engine stopped answering (\`${cmd}\`)`);
        }, ANSWER_TIMEOUT_MS);
        this.pending = { lines: [], resolve, reject, timer, until };
        this.send(cmd);
        if (until === "readyok") this.send("isready");
      });
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  /** Ends the process (the server kills it with the connection). */
  close() {
    this.dead = true;
    this.alive = false;
    if (this.ws) this.ws.close();
  }
}
