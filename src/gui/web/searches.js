// The engine's searches as the page sees them. Every `go` is answered by exactly one
// `bestmove`, in order, so the searches sent form a queue; a search the page no longer
// wants is marked stale (its `bestmove` is then ignored) and stopped. At most one search is
// wanted at a time: the engine's move in a game, or the analysis of the position shown.

export class Searches {
  /** @param {(line: string) => void} send sends one line to the engine */
  constructor(send) {
    this.send = send;
    this.queue = []; // {purpose, game, cursor, multipv, stale, lastInfo}, oldest first
    this.multipv = 1; // the engine's MultiPV option as last set
  }

  /** The search running now and still wanted, or null. */
  get current() {
    const last = this.queue[this.queue.length - 1];
    return last && !last.stale ? last : null;
  }

  /** The search whose output arrives now (the oldest not yet ended), or null. */
  get head() {
    return this.queue[0] || null;
  }

  /** Whether `wanted` ({purpose, game, cursor, multipv}) is the search running now. */
  runs(wanted) {
    const now = this.current;
    if (!wanted || !now) return !wanted && !now;
    return ["purpose", "game", "cursor", "multipv"].every((k) => now[k] === wanted[k]);
  }

  /** Stops every search still wanted; their `bestmove`s will be ignored. */
  stopAll() {
    if (this.queue.some((s) => !s.stale)) {
      for (const s of this.queue) s.stale = true;
      this.send("stop");
    }
  }

  /**
   * Starts `wanted` from `position` with `go` (stopping any other): the number of lines is
   * set first whenever it changes, so a game's moves are never searched with several.
   */
  start(wanted, position, go) {
    this.stopAll();
    if (wanted.multipv !== this.multipv) {
      this.send(`setoption name MultiPV value ${wanted.multipv}`);
      this.multipv = wanted.multipv;
    }
    this.send(position);
    const search = { ...wanted, stale: false, lastInfo: null };
    this.queue.push(search);
    this.send(go);
    return search;
  }

  /** A `bestmove` came: the search it ends (null if none was sent). */
  ended() {
    return this.queue.shift() || null;
  }

  /** Forgets every search (a new engine process knows none, and MultiPV is back at 1). */
  reset() {
    this.queue = [];
    this.multipv = 1;
  }
}
