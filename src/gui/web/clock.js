// A game's two clocks: base time and increment, the side whose time runs, and the time
// spent measured by `now()` (milliseconds), so tests can drive it.

export class Clock {
  /** @param {{base: number, inc: number}} control milliseconds */
  constructor(control, now = () => performance.now()) {
    this.left = [control.base, control.base];
    this.inc = control.inc;
    this.running = null; // the colour index whose time runs, or null
    this.since = 0;
    this.now = now;
  }

  /** Starts `side`'s time (stopping the other's). */
  start(side) {
    this.stop();
    this.running = side;
    this.since = this.now();
  }

  /** Stops the time that runs, charging what was spent. */
  stop() {
    if (this.running !== null) {
      this.left[this.running] -= this.now() - this.since;
      this.running = null;
    }
  }

  /** After a move by `mover`: its time is spent and its increment added. */
  moved(mover) {
    if (this.running === null) return;
    this.stop();
    this.left[mover] += this.inc;
  }

  /** The time `side` has left now, in milliseconds (negative once it ran out). */
  remaining(side) {
    const spent = this.running === side ? this.now() - this.since : 0;
    return this.left[side] - spent;
  }

  /** The side whose time ran out while it was running, or null. */
  flagged() {
    const side = this.running;
    return side !== null && this.remaining(side) <= 0 ? side : null;
  }

  /** `m:ss` for `side`, never below zero. */
  text(side) {
    const s = Math.max(0, this.remaining(side)) / 1000;
    return `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
  }
}
