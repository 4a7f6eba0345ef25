// The seats around the felt: names, the dealer, cards held, whose turn, who is away.

import { cardElement } from "./cards.js";
import { t } from "./i18n.js";
import { h } from "./render.js";
import { $, shownFrame } from "./state.js";

/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */

/**
 * The seats, clockwise from the viewer (model's when dealt, else from the table info).
 * @returns {Seat[]}
 */
export function seatList() {
  const frame = shownFrame();
  const model = frame.model && frame.model.table;
  if (model) return model.seats;
  const info = frame.table;
  const n = info.players;
  const first = frame.seat ?? 0; // a spectator sees seat 0 at the bottom
  /** @type {Seat[]} */
  const seats = [];
  for (let i = 0; i < n; i++) {
    const s = (first + i) % n;
    seats.push({ seat: s, label: infoLabel(info.seats[s], s), you: s === frame.seat, dealer: false, in_play: true, to_act: false, cards: 0 });
  }
  return seats;
}

/**
 * A seat's name from the table info (before a round's model exists).
 * @param {SeatInfo|undefined} seat @param {number} s
 */
function infoLabel(seat, s) {
  if (!seat) return t("seat {n}", { n: s });
  if (seat.kind === "bot") return t("bot {n} ({level})", { n: s, level: t(seat.bot || "") });
  if (seat.kind === "open" || !seat.name) return t("open seat {n}", { n: s });
  return s === shownFrame().seat ? t("{name} (you)", { name: seat.name }) : seat.name;
}

/**
 * Where seat i of n sits on the felt, in percent (viewer at the bottom, then clockwise).
 * @param {number} i @param {number} n @param {number} rx @param {number} ry
 */
export function place(i, n, rx, ry) {
  const angle = (2 * Math.PI * i) / n;
  return { x: 50 - rx * Math.sin(angle), y: 50 + ry * Math.cos(angle) };
}

export function renderSeats() {
  const seats = seatList();
  const n = seats.length;
  const infos = shownFrame().table.seats;
  const box = $("seats");
  box.replaceChildren();
  $("table").style.setProperty("--players", String(n));
  seats.forEach((seat, i) => {
    const at = place(i, n, 43, 41);
    /** @type {Partial<SeatInfo>} */
    const info = infos[seat.seat] || {};
    const away = info.kind === "human" && !info.connected && !seat.you;
    const el = h(
      "div",
      {
        class: `seat${seat.to_act ? " turn" : ""}${seat.you ? " you" : ""}${seat.in_play ? "" : " out"}${away ? " away" : ""}${info.kind === "open" ? " open" : ""}`,
        "data-seat-number": seat.seat,
        role: "group",
        "aria-label": seatSpoken(seat, away),
      },
      h("span", { class: "name", text: seat.label }),
    );
    const badges = h("span", { class: "badges" });
    if (seat.dealer) badges.append(h("span", { class: "dealer-chip", title: t("dealer"), "aria-hidden": "true", text: "D" }));
    if (!seat.you && seat.cards) {
      const count = h("span", { class: "count", "aria-hidden": "true" });
      count.append(cardElement({ code: "??", name: "" }, { className: "mini" }), document.createTextNode(`${seat.cards}`));
      badges.append(count);
    }
    for (const badge of seat.badges || []) badges.append(h("span", { class: "tag", text: badge }));
    if (seat.total !== null && seat.total !== undefined)
      badges.append(h("span", { class: "total", title: t("match total"), text: `Σ ${seat.total}` }));
    if (away) badges.append(h("span", { class: "tag", text: t("away") }));
    if (info.stand_in) badges.append(h("span", { class: "tag", text: t("bot stands in") }));
    if (badges.childNodes.length) el.append(badges);
    el.style.left = `${at.x}%`;
    el.style.top = `${at.y}%`;
    el.dataset.side = i === 0 ? "bottom" : Math.abs(at.x - 50) < 10 ? "top" : at.x < 50 ? "left" : "right";
    box.append(el);
  });
}

/** @param {Seat} seat @param {boolean} away */
function seatSpoken(seat, away) {
  const bits = [seat.label];
  if (seat.dealer) bits.push(t("dealer"));
  if (!seat.you && seat.cards) bits.push(t("{n} cards", { n: seat.cards }));
  bits.push(...(seat.badges || []));
  if (seat.total !== null && seat.total !== undefined) bits.push(t("match total {n}", { n: seat.total }));
  if (seat.to_act) bits.push(t("to play"));
  if (away) bits.push(t("away"));
  return bits.join(", ");
}

// ------------------------------------------------------------------ the middle of the table
