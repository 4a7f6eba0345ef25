// The table page's state: the last state frame, the cards chosen for a multi-card action, and acting.

import { tokenFor } from "./api.js";
import { byId } from "./render.js";

/** @typedef {import("./types.js").StateFrame} StateFrame */

export const CARD = /^[2-9TJQKA][SHDC]$/;
export const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
export const token = tokenFor(tableId);

/** The page's element `id` (an Error where it has none): render.js's byId. */
export const $ = byId;

/** What every part of the page reads; `render` is set by table.js. */
export const page = {
  /** @type {StateFrame|null} */
  frame: null,
  /** @type {Set<string>} */
  selected: new Set(),
  selectedVersion: -1,
  showLast: false,
  /** @type {import("./socket.js").TableSocket|null} */
  socket: null,
  /** @type {(focusSelector?: string) => void} */
  render: () => {},
};

/** The cards an action names ("discard TS KS AS" -> [TS, KS, AS]). @param {string} action */
export const cardsOf = (action) => action.split(" ").slice(1).filter((w) => CARD.test(w));
export const legal = () => (page.frame && page.frame.legal_actions) || [];
export const isSeated = () => !!page.frame && page.frame.seat !== null && page.frame.seat !== undefined;
/**
 * The state frame shown: the parts of the page draw only once one came (table.js's render waits for it).
 * @returns {StateFrame}
 */
export function shownFrame() {
  if (!page.frame) throw new Error("no state frame yet");
  return page.frame;
}
/** Multi-card selection: any legal action names two or more cards. */
export const selectMode = () => legal().some((a) => cardsOf(a).length >= 2);
/** The legal action whose cards are exactly the selection. */
export function selectedAction() {
  if (!page.selected.size) return null;
  const wanted = [...page.selected].sort().join(" ");
  return (
    legal().find((a) => cardsOf(a).length === page.selected.size && [...cardsOf(a)].sort().join(" ") === wanted) ||
    null
  );
}

/** @param {string} action */
export function act(action) {
  if (!page.frame || !page.socket || !legal().includes(action)) return;
  page.socket.act(action, page.frame.version);
  page.selected = new Set();
  $("table").classList.add("waiting");
}

/** Sends what was typed, for the server to read as this seat's table shows it. @param {string} text */
export function answer(text) {
  if (!page.frame || !page.socket || !legal().length) return;
  page.socket.answer(text, page.frame.version);
  $("table").classList.add("waiting");
}

// ------------------------------------------------------------------ the numbered choices (keyboard)
