// The timers the table runs for people (the next deal, a stand-in about to play for an away player), each
// an element [data-countdown] with data-seconds (the whole seconds left) while it runs, and the pause. The
// table info says when each timer runs out on the server's clock (`timers[].at`), the frame the server's
// time when it was sent (`now`): the page counts down on its own between frames.

import { t } from "./i18n.js";
import { h } from "./render.js";
import { $, shownFrame } from "./state.js";

/** The server's clock minus this browser's, in seconds (from the last frame that said `now`). */
let offset = 0;
/** @type {import("./types.js").StateFrame|null} */
let counted = null;
let ticking = 0;

/** Shows the timers and the pause of the frame shown (table.js's render calls it). */
export function renderTimers() {
  const frame = shownFrame();
  if (frame !== counted && typeof frame.now === "number") offset = frame.now - Date.now() / 1000;
  counted = frame;
  const info = frame.table;
  const box = $("timers");
  /** @type {Map<string, Element>} */
  const shown = new Map([...box.querySelectorAll("[data-countdown]")].map((el) => [el.getAttribute("data-key") || "", el]));
  const nodes = (info.timers || []).map((timer) => {
    const key = `${timer.timer}/${timer.seat}/${timer.at}`; // the same timer keeps its element
    return shown.get(key) || h("p", { class: "countdown", "data-countdown": timer.timer, "data-seat": timer.seat, "data-at": timer.at, "data-key": key });
  });
  const waited = info.paused || [];
  if (waited.length) {
    const names = waited.map((s) => seatName(s)).join(", ");
    nodes.push(h("p", { class: "paused", "data-paused": "", text: t("Paused: the table waits for {names}.", { names }) }));
  }
  box.replaceChildren(...nodes);
  tick(true);
  if (!ticking && box.querySelector("[data-countdown]")) ticking = window.setInterval(() => tick(), 250);
}

/** Counts every countdown down to the second (``words``: say them anew), and removes it when it runs out. */
function tick(words = false) {
  const now = Date.now() / 1000 + offset;
  const shown = $("timers").querySelectorAll("[data-countdown]");
  for (const el of shown) {
    if (!(el instanceof HTMLElement)) continue;
    const left = Math.min(Number(el.dataset.seconds) || Infinity, Math.ceil(Number(el.dataset.at) - now)); // never back up
    if (left <= 0) el.remove();
    else if (words || el.dataset.seconds !== String(left)) {
      el.dataset.seconds = String(left);
      el.textContent = said(el, left);
    }
  }
  if (ticking && !$("timers").querySelector("[data-countdown]")) {
    clearInterval(ticking);
    ticking = 0;
  }
}

/** A countdown in words. @param {HTMLElement} el @param {number} left */
function said(el, left) {
  if (el.dataset.countdown === "deal") return t("Next deal in {n} s", { n: left });
  return t("A stand-in bot plays for {name} in {n} s", { name: seatName(Number(el.dataset.seat)), n: left });
}

/** @param {number} seat */
function seatName(seat) {
  const info = shownFrame().table.seats[seat];
  return (info && info.name) || t("seat {n}", { n: seat });
}
