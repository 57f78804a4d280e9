// Moves by clicking on the board: a piece then its landings (a hop chain one landing at a
// time), a placement (with a choice of piece where two may go), a removal; anything else is
// explained in the engine's words. The legal moves come from the engine (`legal <square>`).

import * as N from "./notation.js";
import { startsWith, resultOf, say } from "./view.js";

/**
 * The click handler of a page: `page` gives the state and the page's actions {state,
 * query(cmd), positionCommand(n, extra), play(token), render(), act(action)}.
 */
export function boardClicks(page) {
  const { state } = page;

  async function onSquare(name) {
    const v = state.view;
    if (!v || !state.game) return;
    if (resultOf(state)) return say("The game is over.");
    if (!state.humanToMove()) return say(`It is the engine's turn (${v.d.side}).`);
    const sel = state.selected;
    if (sel) {
      const handled = await continueSelection(sel, name);
      if (handled) return;
    }
    const answer = await page.query(`legal ${name}`);
    const line = answer.find((l) => l.startsWith("legal")) || "legal";
    const tokens = line.split(/\s+/).slice(1);
    if (tokens.includes(`x${name}`)) return page.play(`x${name}`);
    const places = tokens.filter((t) => t.includes("@"));
    if (places.length === 1) return page.play(places[0]);
    if (places.length > 1) {
      offerChoices(places.map((t) => ({ label: t.startsWith("K@") ? "a leader" : "a man", token: t })));
      return say(`Place which piece on ${name}?`);
    }
    const moves = tokens.filter((t) => N.parseToken(t).kind === "go");
    if (moves.length) {
      state.selected = { prefix: [name], tokens: moves };
      offerChoices([]);
      page.render();
      return say("");
    }
    const piece = N.pieceAt(v.pos, name);
    if (piece && piece.colour === v.sideIndex) return say(`The piece on ${name} has no legal move.`);
    if (v.legal.some((t) => t.includes("@"))) return explain(`@${name}`);
    if (v.legal.some((t) => t.startsWith("x"))) return explain(`x${name}`);
    return say(piece ? `That is a piece of ${state.game.colours[piece.colour]}.` : `Nothing to play on ${name}.`);
  }

  /**
   * A click on `name` while a piece is chosen: a landing square (the move, or one hop of
   * it), the last landing again (end the move there), or elsewhere (explain, or choose anew).
   * Returns whether the click was dealt with.
   */
  async function continueSelection(sel, name) {
    const v = state.view;
    const prefix = [...sel.prefix, name];
    const cont = sel.tokens.filter((t) => startsWith(t, prefix));
    if (cont.length) {
      const exact = cont.find((t) => N.parseToken(t).squares.length === prefix.length);
      const longer = cont.some((t) => N.parseToken(t).squares.length > prefix.length);
      if (exact && !longer) return page.play(exact).then(() => true);
      state.selected = { prefix, tokens: sel.tokens };
      page.render();
      offerChoices(exact ? [{ label: `End the move on ${name}`, token: exact }] : []);
      say(exact ? "Hop on, or end the move here (click the square again)." : "Hop on.");
      return true;
    }
    const lastLanding = sel.prefix[sel.prefix.length - 1];
    state.selected = null;
    offerChoices([]);
    if (name === lastLanding) {
      const exact = sel.tokens.find(
        (t) => startsWith(t, sel.prefix) && N.parseToken(t).squares.length === sel.prefix.length,
      );
      if (exact && sel.prefix.length > 1) return page.play(exact).then(() => true);
      page.render();
      say("");
      return true;
    }
    const piece = N.pieceAt(v.pos, name);
    if (sel.prefix.length > 1 || !piece || piece.colour !== v.sideIndex) {
      page.render();
      await explain(sel.prefix.concat(name).join(""));
      return true;
    }
    return false; // another piece of the mover: choose it instead
  }

  /** Asks the engine why `token` is not legal here, and shows its words. */
  async function explain(token) {
    const err = N.errorIn(await page.query(page.positionCommand(state.cursor, [token])), state.cursor + 1);
    if (err) return say(err);
    return page.play(token); // the engine took it: it was legal after all
  }

  function offerChoices(choices) {
    const box = document.getElementById("choices");
    box.replaceChildren();
    box.hidden = choices.length === 0;
    for (const c of choices) {
      const b = document.createElement("button");
      b.textContent = c.label;
      b.dataset.token = c.token;
      b.addEventListener("click", () => page.act(() => page.play(c.token)));
      box.appendChild(b);
    }
  }

  return { onSquare, offerChoices };
}
